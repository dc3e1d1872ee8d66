"""Reading puzzle files (TOML collections, see docs/puzzles.md) and checking every puzzle.

``load_file(path)`` returns the puzzles that passed and the problems of those
that did not (file, puzzle, line, what); it never raises. ``load_collection()``
reads every ``*.toml`` in ``lessons/puzzles/``: a broken file or puzzle is
reported and the others still load. ``load_strict`` raises
:class:`~spar_tutor.puzzles.model.PuzzleError` on the first broken file.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

from ..engine.errors import FileError, shown
from ..engine.files import parse_toml, read_text
from ..learning.content import in_language
from ..learning.problem import Problem
from ..resources import lessons_dir
from .check import check_puzzle
from .model import Collection, Puzzle, PuzzleError
from .verdicts import save as save_verdicts

TOP_KEYS = {"title", "summary", "puzzle"}


def puzzles_dir() -> Path:
    """The folder of the curated puzzle files."""
    return lessons_dir() / "puzzles"


def load_file(path: Union[str, Path],
              translate: bool = True) -> Tuple[List[Puzzle], List[Problem]]:
    """Load and check one puzzle file; never raises."""
    p = Path(path)
    try:
        text = read_text(p)
    except FileError as e:
        return [], [Problem.of(e, p.name)]
    return loads_file(text, p.name, p.stem, translate)


def loads_file(text: str, source: str = "<puzzles>", collection: str = "puzzles",
               translate: bool = True) -> Tuple[List[Puzzle], List[Problem]]:
    """Load and check puzzles from the text of a TOML puzzle file; never raises.
    ``translate`` False: the words stay in English (:func:`collection_in_language` later)."""
    try:
        data = parse_toml(text, source)
    except FileError as e:
        return [], [Problem.of(e, source)]
    lines = _Lines(text)
    problems = [Problem(source, f"unknown key {shown(k)} (known: {', '.join(sorted(TOP_KEYS))})",
                        line=lines.find(None, k)) for k in data if k not in TOP_KEYS]
    raw = data.get("puzzle")
    if not isinstance(raw, list) or not raw:
        problems.append(Problem(source, "no puzzles: write each one under a [[puzzle]] header"))
        return [], problems
    puzzles: List[Puzzle] = []
    for i, item in enumerate(raw, start=1):
        name = item.get("id") if isinstance(item, dict) and isinstance(item.get("id"), str) \
            else f"#{i}"
        try:
            puzzle, found = check_puzzle(item, collection, source, lines.find(i, None))
        except Exception as e:  # a checker bug must not take the collection down
            puzzle, found = None, [(None, f"could not be checked: {type(e).__name__}: {e}")]
        problems += [Problem(source, what, line=lines.find(i, key), puzzle=name)
                     for key, what in found]
        if puzzle is not None:
            puzzles.append(puzzle_in_language(puzzle) if translate else puzzle)
    return puzzles, problems


def puzzle_in_language(puzzle: Puzzle) -> Puzzle:
    """A checked puzzle's words in the language in use (docs/translating.md); its
    position, goal points and winning cards stay as written."""
    return dataclasses.replace(puzzle, title=in_language(puzzle.title),
                               goal=in_language(puzzle.goal), hint=in_language(puzzle.hint),
                               nudge=in_language(puzzle.nudge),
                               explanation=in_language(puzzle.explanation))


def collection_in_language(english: Collection) -> Collection:
    """A collection loaded in English (``translate=False``), its words in the language in
    use: a change of language needs no new checks."""
    return Collection([puzzle_in_language(p) for p in english.puzzles], list(english.problems))


def load_collection(folder: Optional[Union[str, Path]] = None,
                    translate: bool = True) -> Collection:
    """Every puzzle file of ``folder`` (default: the curated puzzles), in file-name order.
    Never raises: the problems are listed in ``Collection.problems``. ``translate``
    False: the words stay in English (:func:`collection_in_language` later)."""
    root = Path(folder) if folder is not None else puzzles_dir()
    out = Collection()
    seen: Dict[str, str] = {}
    try:
        files = sorted(root.glob("*.toml"))
    except OSError as e:
        out.problems.append(Problem(str(root), f"cannot list the puzzle folder: {e}"))
        return out
    for path in files:
        puzzles, problems = load_file(path, translate)
        out.problems += problems
        for p in puzzles:
            if p.id in seen:
                out.problems.append(Problem(p.source, f"the id {shown(p.id)} is already used in "
                                                      f"{seen[p.id]}", line=p.line, puzzle=p.id))
                continue
            seen[p.id] = p.source
            out.puzzles.append(p)
    save_verdicts()  # the solver's verdicts, for the next kernel
    return out


def load_strict(path: Union[str, Path]) -> List[Puzzle]:
    """Load one file; raise :class:`PuzzleError` listing every problem if any."""
    puzzles, problems = load_file(path)
    if problems:
        raise PuzzleError(problems)
    return puzzles


class _Lines:
    """Line numbers of ``[[puzzle]]`` headers and keys in a puzzle file."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers = [n for n, line in enumerate(self.lines, start=1)
                        if re.match(r"^\s*\[\[\s*puzzle\s*\]\]", line)]

    def find(self, puzzle: Optional[int], key: Optional[str]) -> Optional[int]:
        """The line of ``key`` in puzzle number ``puzzle`` (1-based; None: the top)."""
        if puzzle is None:
            start, end = 1, (self.headers[0] - 1 if self.headers else len(self.lines))
        elif puzzle > len(self.headers):
            return None
        else:
            start = self.headers[puzzle - 1]
            end = self.headers[puzzle] - 1 if puzzle < len(self.headers) else len(self.lines)
        if key is None:
            return start if puzzle is not None else None
        pattern = re.compile(rf"^\s*(\[\s*puzzle\.{re.escape(key)}\s*\]|\"?{re.escape(key)}\"?\s*=)")
        for n in range(start, end + 1):
            if pattern.match(self.lines[n - 1]):
                return n
        return start if puzzle is not None else None

