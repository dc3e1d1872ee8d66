"""docs/lessons.md and the lesson notebooks say what the lesson files say: titles,
numbers of steps and questions, minutes."""

import json
import re
import tomllib
from pathlib import Path

import pytest

from spar_tutor.lessons import load_all

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "lessons").glob("*.toml"))
NUMBERS = {10: "Ten", 16: "Sixteen"}


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
