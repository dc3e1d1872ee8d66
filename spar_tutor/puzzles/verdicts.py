"""The solver's verdicts on the puzzles, kept between processes.

Checking a puzzle with the solver (:mod:`~spar_tutor.puzzles.check`) takes most of the
time of loading the collection: about 2.5 s of CPU for the 72 curated puzzles, in every
kernel, the first time a learner opens Puzzles. The verdict (the list of problems, empty
for a good puzzle) depends only on the puzzle's own table and on the code that judges it,
so it is kept in ``$SPAR_TUTOR_HOME/cache/puzzle-verdicts.json``, keyed by a hash of both
(:class:`spar_tutor.learning.verdicts.Verdicts`, which the lessons' whole hands use too):
``spar-tutor serve`` checks the puzzles once at start (:func:`warm`), and every kernel then
reads the verdicts instead of asking the solver. A changed puzzle, or changed engine,
solver or judging code, has another key: it is checked again (and kept). A cache that
cannot be read or written is only slower, never wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..learning.verdicts import Found, Verdicts

FILE = "puzzle-verdicts.json"
#: The code a verdict depends on: the rules and the solver, and the judging itself.
JUDGING_CODE = ("engine", "solver", "puzzles/judge.py", "puzzles/check.py")


def fresh() -> Verdicts:
    """The puzzles' verdicts as a new process finds them: only what the file holds."""
    return Verdicts(FILE, JUDGING_CODE)


#: The puzzles' verdicts of this process (:class:`~spar_tutor.learning.verdicts.Verdicts`).
CACHE = fresh()


def cache_file() -> Path:
    """Where the verdicts are kept: ``$SPAR_TUTOR_HOME/cache/puzzle-verdicts.json``."""
    return CACHE.cache_file()


def verdict(raw: Any, judge: Callable[[], Found]) -> Found:
    """The solver's verdict on the puzzle table ``raw``: kept, or ``judge()`` now."""
    return CACHE.verdict(raw, judge)


def save() -> None:
    """Write the verdicts found since the file was read."""
    CACHE.save()


def warm() -> int:
    """Check the curated puzzles now and keep the verdicts (``spar-tutor serve``, before
    the kernels start); how many puzzles loaded."""
    from .loader import load_collection

    collection = load_collection(translate=False)
    save()
    return len(collection.puzzles)
