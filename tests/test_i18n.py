"""The message catalogue: the template follows the code, compiled catalogues follow
their translations and ship in the wheel, and a catalogue switches the language of
the tutor's words (plural forms included) with no change to the code."""

import io
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from spar_tutor import i18n

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import catalogue  # noqa: E402  (scripts/catalogue.py)


@pytest.fixture
def language(tmp_path, monkeypatch):
    """A throwaway language "xx" (plural forms like Polish: three of them), compiled
    into a locale folder of its own; the tutor speaks it until the test ends."""
    catalog = Catalog(locale="pl", domain=i18n.DOMAIN, fuzzy=False)
    catalog.add("You won", "Wygrałeś")
    catalog.add(("{n} point", "{n} points"), ("{n} punkt", "{n} punkty", "{n} punktów"))
    catalog.add("Only the last trick scores. Which of your cards can still win it?",
                "Liczy się tylko ostatnia lewa. Którą kartą możesz ją jeszcze wygrać?")
    catalog.add("D", "R", context="dealer badge")
    folder = tmp_path / "locale" / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{i18n.DOMAIN}.mo").write_bytes(catalogue.mo_bytes(catalog))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(i18n, "_translations", {})
    i18n.set_language("xx")
    yield "xx"
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_a_compiled_catalogue_changes_the_language(language):
    assert i18n.available_languages() == ["en", "xx"]
    assert i18n._("You won") == "Wygrałeś"
    assert i18n._("Not translated yet") == "Not translated yet"  # English until it is
    assert i18n.pgettext("dealer badge", "D") == "R"
    assert [i18n.points(n) for n in (1, 3, 5, 22)] == ["1 punkt", "3 punkty", "5 punktów",
                                                       "22 punkty"]
    i18n.set_language("en")
    assert i18n._("You won") == "You won" and i18n.points(5) == "5 points"


def test_the_tutors_own_words_follow_the_language(language):
    from spar_tutor.engine.rules import Rules
    from spar_tutor.engine.state import HandState
    from spar_tutor.engine.cards import Card
    from spar_tutor.solver import voice
    from spar_tutor.solver.reasons import view_reason

    state = HandState.new(Rules.preset("standard"), ["6S", "9S"], dealer=1)
    reason = view_reason(state.view(0), Card.parse("6S"))
    assert voice.nudge(reason).startswith("Liczy się tylko ostatnia lewa")


def test_english_is_the_code_itself():
    i18n.set_language("en")
    assert i18n._("Any sentence at all") == "Any sentence at all"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert i18n.join_names(["Kofi"]) == "Kofi"
    assert i18n.join_names(["Kofi", "Ama"]) == "Kofi and Ama"


def test_an_average_is_said_in_whole_points_every_few_hands_in_both_languages():
    """No "0,4 point" or "score moyen de 0,4": an average is a point every few hands, or a
    number of points a hand (spar_tutor.solver.voice.every_hands), one wording each."""
    from spar_tutor.solver.voice import deals, every_hands, more_every_hands

    figures = (0.34, 0.5, 1.0, 2.4)
    assert [every_hands(x) for x in figures] == [
        "about 1 point every 3 hands", "about 1 point every 2 hands", "about 1 point a hand",
        "about 2 points a hand"]
    try:
        i18n.set_language("fr")
        assert [every_hands(x) for x in figures] == [
            "environ 1 point toutes les 3 donnes", "environ 1 point toutes les 2 donnes",
            "environ 1 point par donne", "environ 2 points par donne"]
        assert more_every_hands(0.2) == "environ 1 point de plus toutes les 5 donnes"
        assert deals(0.32) == "32 donnes sur 100"  # not "32 sur 100 donnes"
    finally:
        i18n.set_language("en")


def test_french_puts_no_noun_after_an_average_of_points():
    """An average may be 0,5 (French: "0,5 point") or 2,5 ("2,5 points"), and one French
    sentence cannot be right for both: the French sentences on averages say "score moyen"
    (the noun before the number) instead."""
    catalog = catalogue.read(catalogue.po_path("fr"), "fr")
    averages = [m for m in catalog if isinstance(m.id, str)
                and re.search(r"\{\w+\} points (on average|a hand|more on average)", m.id)]
    assert averages  # the few left say the figure after the noun (the rest say "every 3 hands")
    for m in averages:
        assert m.string and not re.search(r"\{\w+\} points?\b", m.string), m.string


def test_french_lessons_finished_agree_with_any_number_done():
    """English counts the lessons of the course ("1 of 16 lessons"); French would need the
    number done ("1 leçon", "3 leçons"), which the plural does not follow, so it says it
    as a count."""
    try:
        i18n.set_language("fr")
        said = [i18n.ngettext("You have finished {done} of {lessons} lesson.",
                              "You have finished {done} of {lessons} lessons.", 16).format(
                                  done=done, lessons=16) for done in (1, 3)]
    finally:
        i18n.set_language("en")
    assert said == ["Leçons finies\u00a0: 1 sur 16.", "Leçons finies\u00a0: 3 sur 16."]


# -- the files -------------------------------------------------------------------------

def test_the_template_and_every_catalogue_are_up_to_date():
    """scripts/catalogue.py check: the .pot matches the code, every .po has its
    messages and every committed .mo matches its .po (run extract, update, compile)."""
    assert catalogue.problems() == []


def test_check_notices_a_stale_template(tmp_path, monkeypatch):
    stale = read_po(io.BytesIO(catalogue.POT.read_bytes()))
    stale.add("A sentence the code no longer has")
    pot = tmp_path / "spar_tutor.pot"
    out = io.BytesIO()
    write_po(out, stale)
    pot.write_bytes(out.getvalue())
    monkeypatch.setattr(catalogue, "POT", pot)
    found = catalogue.problems()
    template = [p for p in found if "spar_tutor.pot" in p]
    assert len(template) == 1 and "out of date" in template[0], found
    assert "A sentence the code no longer has" in template[0]
    # and each language's catalogue lacks that message
    assert [p for p in found if p not in template] == [
        f"{catalogue.shown(catalogue.po_path(lang))} lacks 1 messages: run update"
        for lang in catalogue.languages()]


def test_a_new_language_is_a_catalogue_and_check_follows_it(tmp_path, monkeypatch):
    """init, translate, compile: the .mo must match its .po, or check says so."""
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path / "locale")
    po = catalogue.init("xx")
    assert [p for p in catalogue.problems() if "xx" in p] == [
        f"{po.with_suffix('.mo')} is missing: run compile"]
    catalogue.compile_all()
    assert catalogue.problems() == []
    catalog = read_po(io.BytesIO(po.read_bytes()))
    message = catalog["Next hand"]
    message.string = "Następne rozdanie"
    out = io.BytesIO()
    write_po(out, catalog)
    po.write_bytes(out.getvalue())
    assert catalogue.problems() == [f"{po.with_suffix('.mo')} does not match its .po: run compile"]
    catalogue.compile_all()
    assert catalogue.problems() == []
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(i18n, "_translations", {})
    try:
        i18n.set_language("xx")
        assert i18n._("Next hand") == "Następne rozdanie"
    finally:
        i18n.set_language("en")


def test_every_placeholder_is_named():
    """Translators reorder words: ``{name}``, never ``{}`` or ``{0}``; and a message is
    never only a placeholder or empty."""
    catalog = read_po(io.BytesIO(catalogue.POT.read_bytes()))
    ids = [i for m in catalog if m.id for i in ((m.id,) if isinstance(m.id, str) else m.id)]
    assert ids
    bad = [i for i in ids if re.search(r"\{\d*(:[^}]*)?\}", i) or not re.sub(r"\{\w+\}", "", i).strip(" .:;,")]
    allowed = {"{sentence}.", "{player}: {move}", "{what}: {points}", "{head}; {explanation}",
               "{news} {prompt}", "{hint} {solver}", "{player} {change}", "{title}: {text}",
               "{clauses}: {tail}", "{names} and {last}", "{player} {card},", ", ", "; ",
               ",",  # the thousands separator of a number (1,520)
               # two sentences in a row (each has its translators' comment)
               "{cut} {deals}", "{deals} {cuts}", "{explanation}. {guess}",
               # a number rank in a list of ranks, French "le {rank}" ("du 3 au 10")
               "{rank}",
               "{result} {match}"}
    assert [i for i in bad if i not in allowed] == []


def test_the_wheel_ships_the_template_and_compiled_catalogues(tmp_path):
    """``pip install .`` gets spar_tutor/i18n/locale/<lang>/LC_MESSAGES/spar_tutor.mo."""
    from hatchling.builders.wheel import WheelBuilder

    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    for name in ("spar_tutor", "lessons", "notebooks"):
        shutil.copytree(ROOT / name, project / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    mo = project / "spar_tutor" / "i18n" / "locale" / "xx" / "LC_MESSAGES" / "spar_tutor.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(catalogue.mo_bytes(Catalog(locale="fr", domain=i18n.DOMAIN)))
    wheel = next(iter(WheelBuilder(str(project)).build(directory=str(tmp_path / "dist"),
                                                      versions=["standard"])))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "spar_tutor/i18n/locale/xx/LC_MESSAGES/spar_tutor.mo" in names
    assert "spar_tutor/i18n/spar_tutor.pot" in names
    assert "spar_tutor/i18n/__init__.py" in names
    assert "spar_tutor/_data/notebooks/fr/lessons.ipynb" in names  # the French notebooks


def test_the_script_runs():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogue.py"), "check"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogue.py"), "nonsense"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 2 and "extract" in out.stdout


def test_every_marked_string_in_the_code_is_in_the_template():
    """Babel finds every ``_("...")`` the code has (it misses some, e.g. inside an
    f-string's braces, and such a sentence would never be translated)."""
    import ast

    markers = {"_": 0, "N_": 0, "ngettext": 0, "pgettext": 1}
    marked = set()
    for path in (ROOT / "spar_tutor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in markers and len(node.args) > markers[node.func.id]:
                arg = node.args[markers[node.func.id]]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    marked.add(arg.value)
    template = read_po(io.BytesIO(catalogue.POT.read_bytes()))
    extracted = {i for m in template if m.id for i in ((m.id,) if isinstance(m.id, str) else m.id)}
    assert len(marked) > 300
    assert sorted(marked - extracted) == []


def test_a_percentage_is_written_as_the_language_writes_it():
    """French puts a no-break space before the sign ("85 %"); English does not."""
    assert i18n.percent(0.853) == "85%"
    try:
        i18n.set_language("fr")
        assert i18n.percent(0.853) == "85\u00a0%"
        assert i18n.percent(1) == "100\u00a0%"
    finally:
        i18n.set_language("en")
