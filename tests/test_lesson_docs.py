"""docs/lessons.md and the lesson notebooks say what the lesson files say: titles,
numbers of steps and questions, minutes."""

import contextlib
import importlib.util
import io
import json
import re
import tomllib
from pathlib import Path

import nbformat
import pytest

from spar_tutor.i18n import set_language
from spar_tutor.lessons import Lesson, load_all

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "lessons").glob("*.toml"))
NUMBERS = {10: "Ten", 16: "Sixteen", 17: "Seventeen"}


def facts(path):
    """(number, title, steps, minutes) as the lesson file writes them."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return data["number"], data["title"], len(data["step"]), data["minutes"]


FACTS = [facts(p) for p in FILES]


def table_rows(markdown, head):
    """The rows of the Markdown table whose header row starts with ``head``."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def notebook_markdown(name):
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_docs_table_matches_the_lesson_files():
    text = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    rows = table_rows(text, "| # | title | file | steps | questions | minutes |")
    questions = {lesson.number: lesson.questions for lesson in load_all()}
    assert [(int(r[0]), r[1], r[2], int(r[3]), int(r[4]), int(r[5])) for r in rows] == [
        (n, title, f"`{path.name}`", steps, questions[n], minutes)
        for (n, title, steps, minutes), path in zip(FACTS, FILES)]
    assert f"{NUMBERS.get(len(FILES), len(FILES))} guided lessons" in text


def test_the_menu_notebook_matches_the_lesson_files():
    text = notebook_markdown("lessons.ipynb")
    rows = table_rows(text, "| lesson | title | steps | minutes |")
    assert [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows] == FACTS
    first, last = FACTS[0][1], FACTS[-1][1]
    assert f"{len(FILES)} short lessons, from {first[:1].lower() + first[1:]} to {last}." in text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_lesson_notebook_matches_its_file(path):
    number, title, steps, minutes = facts(path)
    name = f"lesson_{number:02d}_{path.stem.split('_', 1)[1]}.ipynb"
    text = notebook_markdown(name)
    assert text.startswith(f"# Spar, lesson {number}: {title}\n")
    assert f"About {minutes} minutes, {steps} steps." in text
    assert len(re.findall(r"About \d+ minutes", text)) == 1


def french_generator():
    """scripts/make_lesson_notebooks.py as a module (it writes nothing when imported)."""
    spec = importlib.util.spec_from_file_location(
        "make_lesson_notebooks", ROOT / "scripts" / "make_lesson_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cells(nb):
    return [(c.cell_type, c.source, c.get("outputs")) for c in nb.cells]


def test_every_notebook_but_the_app_has_a_french_copy():
    english = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} - {"app.ipynb"}
    assert {p.name for p in (ROOT / "notebooks" / "fr").glob("*.ipynb")} == english


def test_the_french_notebooks_are_what_the_generator_writes():
    """notebooks/fr/ is written by the generator: lesson words from the French catalogue,
    the other notebooks' code and outputs copied from the English ones. A French notebook
    edited by hand, or left behind by a lesson or an English notebook that changed, fails:
    run ``python scripts/make_lesson_notebooks.py fr``."""
    written = french_generator().french_notebooks()
    assert sorted(written) == sorted(f"fr/{p.name}" for p in (ROOT / "notebooks" / "fr")
                                     .glob("*.ipynb"))
    stale = [name for name, nb in written.items()
             if cells(nbformat.read(ROOT / "notebooks" / name, as_version=4)) != cells(nb)]
    assert stale == []


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "notebooks" / "fr")
                                        .glob("*.ipynb")))
def test_a_french_notebook_is_the_english_one_in_french(name):
    """The same code cells as the English notebook, after the lines that set the language;
    Markdown in French."""
    english = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    french = nbformat.read(ROOT / "notebooks" / "fr" / name, as_version=4)
    setup = 'import spar_tutor\nspar_tutor.set_language("fr")\n\n'
    code = [c.source for c in french.cells if c.cell_type == "code"]
    assert code[0].startswith(setup)
    assert [code[0][len(setup):], *code[1:]] == [
        c.source for c in english.cells if c.cell_type == "code"]
    markdown = [c.source for c in french.cells if c.cell_type == "markdown"]
    assert len(markdown) == len([c for c in english.cells if c.cell_type == "markdown"])
    words = re.findall(r"[a-zà-ÿ']+", " ".join(markdown).lower())
    english_words = sum(w in {"the", "and", "you", "your", "of", "to", "is"} for w in words)
    assert english_words <= len(words) // 50, markdown


def test_the_french_lesson_notebooks_say_the_lessons_in_french():
    set_language("fr")
    try:
        lessons = [lesson for lesson in load_all() if isinstance(lesson, Lesson)]
    finally:
        set_language("en")
    rows = table_rows(notebook_markdown("fr/lessons.ipynb"),
                      "| leçon | titre | étapes | minutes |")
    assert [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows] == [
        (lesson.number, lesson.title, len(lesson.steps), lesson.minutes) for lesson in lessons]
    for lesson in lessons:
        text = notebook_markdown(f"fr/lesson_{lesson.number:02d}_{lesson.id.split('_', 1)[1]}"
                                 ".ipynb")
        assert text.startswith(f"# Spar, leçon {lesson.number}\u00a0: {lesson.title}\n")
        assert f"Environ {lesson.minutes} minutes, {len(lesson.steps)} étapes." in text
    english = {lesson.id: lesson.title for lesson in load_all() if isinstance(lesson, Lesson)}
    assert [lesson.id for lesson in lessons if lesson.title == english[lesson.id]] == []


#: The words of the explore notebooks' charts, in English (their code's _("...")).
CHART_WORDS = ["rank of the card that won the last trick", "hands (out of 100)",
               "Who wins the last trick (random play)", "the leader of the last trick",
               "a fair share (1 in n)", "players", "last tricks won (out of 100)",
               "Leading the last trick (random play)", "longest suit in a hand",
               "dealt cards of the under card's suit", "shuffled", "re-formed",
               "cards (average)", "share of the dealt cards"]


def chart_words(path, printed=None):
    """Every word on the charts a notebook draws, run quickly (few hands) and off screen
    (and what it prints, into the list ``printed``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from spar_tutor import i18n

    nb = nbformat.read(path, as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    code = code.replace("matplotlib.use('module://matplotlib_inline.backend_inline')", "")
    code = re.sub(r"HANDS = \d+", "HANDS = 30", code).replace("plt.show()", "")
    plt.close("all")
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(path), "exec"), {"__name__": "notebook"})
        if printed is not None:
            printed.append(out.getvalue())
        words = []
        for number in plt.get_fignums():
            for ax in plt.figure(number).axes:
                words += [ax.get_xlabel(), ax.get_ylabel(), ax.get_title()]
                words += [t.get_text() for t in ax.get_xticklabels()]
                legend = ax.get_legend()
                words += [t.get_text() for t in legend.get_texts()] if legend else []
    finally:
        plt.close("all")
        i18n.set_language("en")
    return [w for w in words if w]


@pytest.mark.parametrize("name", ["explore_last_trick.ipynb", "explore_lead_value.ipynb",
                                  "explore_sticky_cards.ipynb"])
def test_the_french_explore_charts_speak_french(name):
    """The words of the charts and of the printed tables go through the catalogue: the
    French notebook draws and prints them in French (its stored copy keeps no English
    output: see make_lesson_notebooks.french_copy)."""
    english_printed, french_printed = [], []
    english = chart_words(ROOT / "notebooks" / name, english_printed)
    french = chart_words(ROOT / "notebooks" / "fr" / name, french_printed)
    # the tables the notebook prints speak the language too (they said "players", "deals")
    assert "players" in english_printed[0] and "joueurs" in french_printed[0]
    assert not re.search(r"players|leader|deals|neighbours|shuffled|re-formed|\b[JQK]\b",
                         french_printed[0]), french_printed[0]
    assert len(french) == len(english) >= 4
    assert set(english) & set(CHART_WORDS)
    assert not set(french) & set(CHART_WORDS), french
    assert "joueurs" in " ".join(french)
    if name == "explore_last_trick.ipynb":
        assert {"V", "D", "R"} <= set(french) and {"J", "Q", "K"} <= set(english)
    stored = nbformat.read(ROOT / "notebooks" / "fr" / name, as_version=4)
    assert not any(c.get("outputs") for c in stored.cells)  # no English chart or table kept
