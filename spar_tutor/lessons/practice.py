"""Which puzzles practise a lesson ("Practise this" at a lesson's end).

Each lesson file says which puzzle themes practise it (``practice = ["give-up-the-lead"]``,
or ``practice = []`` for a lesson no puzzle practises, such as the pack's). When the
lessons of a course folder load, its puzzle files (``puzzles/`` beside the lessons) are
read for their ids and themes only (quick: the solver checks the puzzles when the Puzzles
page loads them), and a lesson that does not say, or names a theme no puzzle has, does
not load (:func:`check_practice`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Mapping, Sequence, Tuple

from ..engine.errors import FileError, shown
from ..engine.files import parse_toml, read_text
from .model import Lesson

#: A theme as puzzle files write it (the puzzles' own check is the same).
THEME = r"^[a-z0-9][a-z0-9-]{0,39}$"


def puzzle_themes(folder: Path) -> Dict[str, Tuple[str, ...]]:
    """Every puzzle of the ``*.toml`` files of ``folder``: its id and themes, in file order
    (files that cannot be read are left out: the puzzle loader reports them)."""
    found: Dict[str, Tuple[str, ...]] = {}
    try:
        paths = sorted(folder.glob("*.toml"))
    except OSError:
        return found
    for path in paths:
        try:
            data = parse_toml(read_text(path), path.name)
        except FileError:
            continue
        puzzles = data.get("puzzle")
        for raw in puzzles if isinstance(puzzles, list) else []:
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                themes = raw.get("themes", [])
                found.setdefault(raw["id"], tuple(t for t in themes if isinstance(t, str))
                                 if isinstance(themes, list) else ())
    return found


def practice_puzzles(themes: Sequence[str], puzzles: Mapping[str, Sequence[str]]) -> Tuple[str, ...]:
    """The ids of the puzzles that have at least one of ``themes``, in order."""
    wanted = set(themes)
    return tuple(p for p, own in puzzles.items() if wanted & set(own))


def check_practice(lesson: Lesson, puzzles: Mapping[str, Sequence[str]]) -> List[str]:
    """What is wrong with the lesson's ``practice`` against the course's puzzles."""
    if lesson.practice is None:
        return ["say which puzzle themes practise this lesson: practice = [\"a-theme\"], "
                "or practice = [] if no puzzle does"]
    known = {t for own in puzzles.values() for t in own}
    return [f"practice: no puzzle has the theme {shown(t)} (themes: {', '.join(sorted(known))})"
            for t in lesson.practice if t not in known]
