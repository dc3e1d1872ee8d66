"""Huge numbers in every loader: each whole number of a good deal file, saved game, lesson
file, puzzle file and old progress file, and each numeric option of the rules they name,
replaced by a huge one. The loader either takes it (a seed may be any number) or says why in
one line naming the file; never more than a few megabytes are allocated on the way (Python's
own count, tracemalloc: a hand of 300000000 cards took the kernel to 1.6 GB, and
``spar-tutor replay`` to 5.3 GB with 10**9), and the command line answers with one line and
exit status 2 in a process whose memory is limited."""

from __future__ import annotations

import copy
import json
import os
import resource
import subprocess
import sys
import tracemalloc
from typing import Any, Callable, Iterator, List, Tuple

import pytest

from fuzz_helpers import json_text, one_line, toml_text
from spar_tutor.engine.dealfile import DealFile
from spar_tutor.engine.errors import SparError
from spar_tutor.engine.rules import LIMITS
from spar_tutor.lessons.loader import loads_lesson
from spar_tutor.lessons.model import Lesson
from spar_tutor.puzzles.loader import loads_file
from spar_tutor.session import GameSession
from spar_tutor.store import Store
from spar_tutor.store.legacy import import_folder
from test_fuzz_loaders import (DEALS, LESSON_PROGRESS, LESSONS, PUZZLE_PROGRESS, PUZZLES, ROOT,
                               SAVES, lesson_problems_name, names_the_file,
                               puzzle_problems_name)
from tests.doubles import first_legal_factory

HUGE = (300_000_000, 10**9, 10**18, -10**18)
MOST_BYTES = 20_000_000
"""What one load may allocate at its peak (a whole lesson checked by the solver included)."""


def whole_numbers(value: Any, path: Tuple[Any, ...] = ()) -> Iterator[Tuple[Any, ...]]:
    """The paths of every whole number in a document (not true and false)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from whole_numbers(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from whole_numbers(item, path + (i,))


def rules_paths(value: Any, path: Tuple[Any, ...] = ()) -> Iterator[Tuple[Any, ...]]:
    """The paths of every "rules" value in a document."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "rules":
                yield path + (key,)
            else:
                yield from rules_paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from rules_paths(item, path + (i,))


def _set(doc: Any, path: Tuple[Any, ...], value: Any) -> Any:
    doc = copy.deepcopy(doc)
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return doc


def with_huge_numbers(doc: Any, huge: Tuple[int, ...] = HUGE) -> Iterator[Any]:
    """``doc`` with one whole number made huge, or one numeric option of its rules."""
    for path in whole_numbers(doc):
        for number in huge:
            yield _set(doc, path, number)
    for path in rules_paths(doc):
        parent = doc
        for step in path:
            parent = parent[step]
        preset = parent if isinstance(parent, str) else parent.get("preset", "standard")
        base = {} if isinstance(parent, str) else dict(parent)
        for option in LIMITS:
            for number in huge[:2] + huge[3:]:
                value = [number] if option == "packets" else number
                yield _set(doc, path, {**base, "preset": preset, option: value})


def small_allocation(load: Callable[[], Any]) -> None:
    """``load()`` allocates at most :data:`MOST_BYTES` at its peak."""
    tracemalloc.start()
    try:
        load()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < MOST_BYTES, f"{peak / 1e6:.0f} MB"


def test_deal_files_with_huge_numbers():
    for doc in DEALS:
        for damaged in with_huge_numbers(doc):
            def load() -> None:
                try:
                    DealFile.loads(json_text(damaged), "huge.json").states()
                except SparError as e:
                    names_the_file(e, "huge.json")
            small_allocation(load)


def test_saved_games_with_huge_numbers():
    for doc in SAVES:
        for damaged in with_huge_numbers(doc):
            session = GameSession("standard", ["human", "beginner"], seed=5,
                                  bot_factory=first_legal_factory)
            before = session.dumps()

            def load() -> None:
                try:
                    session.resume(json_text(damaged), "huge.json")
                except SparError as e:
                    names_the_file(e, "huge.json")
                    assert session.dumps() == before
            small_allocation(load)


#: A lesson with a played hand and rules of its own, and one with a deal: every kind of
#: number a lesson has, checked by the solver without minutes of it.
HUGE_LESSONS = [doc for doc in LESSONS if doc.get("number") in (2, 10)]


def test_lesson_files_with_huge_numbers():
    assert len(HUGE_LESSONS) == 2
    for doc in HUGE_LESSONS:
        for damaged in with_huge_numbers(doc, huge=(10**9, -10**18)):
            def load() -> None:
                try:
                    assert isinstance(loads_lesson(toml_text(damaged), "huge.toml"), Lesson)
                except SparError as e:
                    lesson_problems_name(e, "huge.toml")
            small_allocation(load)


def test_puzzle_files_with_huge_numbers():
    for doc in PUZZLES[:1]:
        for damaged in with_huge_numbers({**doc, "puzzle": doc["puzzle"][:1]},
                                         huge=(10**9, -10**18)):
            def load() -> None:
                puzzles, problems = loads_file(toml_text(damaged), "huge.toml")
                puzzle_problems_name(problems, "huge.toml")
            small_allocation(load)


@pytest.mark.parametrize("folder, data", [("progress", LESSON_PROGRESS),
                                          ("puzzles", PUZZLE_PROGRESS)])
def test_old_progress_files_with_huge_numbers(folder, data, tmp_path):
    for n, damaged in enumerate(with_huge_numbers(data)):
        home = tmp_path / str(n)
        path = home / folder / "Ama-08fad68214.json"
        path.parent.mkdir(parents=True)
        path.write_text(json_text(damaged))
        store = Store.memory()
        small_allocation(lambda: import_folder(store, home))
        assert path.read_text() == json_text(damaged)
        store.close()


def limited_memory() -> None:
    """In the child: at most 1.5 GB of address space (the command needs a few hundred MB)."""
    limit = 1536 * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("number", [300_000_000, 10**9, 10**18])
def test_replay_with_a_huge_hand_says_so_in_one_line(number, tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({**DEALS[0], "rules": {"preset": "standard", "hand_size": number}}))
    out = subprocess.run([sys.executable, "-m", "spar_tutor.cli", "replay", str(path)],
                         capture_output=True, text=True, timeout=120, preexec_fn=limited_memory,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (out.returncode, out.stdout) == (2, ""), out.stderr[-2000:]
    line = one_line(out.stderr.strip())
    assert line.startswith(f"spar-tutor: error: {path}") and "hand_size must be 2 to 26" in line
