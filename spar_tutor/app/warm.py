"""Work a preheated kernel does before anyone asks, so no click waits for it later.

A preheated kernel runs the app before its page is requested (see request.py);
time spent then is free for the learner. Importing the play table, the lesson
player and the simulations, and loading the lessons, takes about 1 s of CPU;
done on the first click instead, twenty learners clicking Play at once on a
two-core server would wait for each other's imports. Kernels that are not
preheated (JupyterHub, Binder) skip this and stay lazy.

The puzzle collection is not loaded here: checking its puzzles with the solver
takes about 2.5 s of CPU per kernel, and Voila refills a class's pool of ready
kernels all at once about a minute after the class arrived, while the learners
are busy; that much work in every replacement kernel slowed their clicks to
about 20 s (benchmarks/classroom_load.py --stay 75). It is loaded on the first
visit to Puzzles instead.
"""

from __future__ import annotations

import importlib
import logging
import time

from .pages.pending import missing

log = logging.getLogger("spar_tutor.app")

#: Imported ahead by a preheated kernel, if installed.
MODULES = ("spar_tutor.widgets", "spar_tutor.lessons.widget", "spar_tutor.explore",
           "spar_tutor.puzzles", "spar_tutor.puzzles.widget")


def warm_up() -> None:
    """Import the heavy parts and load the lessons now; never fails (problems are logged)."""
    start = time.monotonic()
    try:
        for module in MODULES:
            if not missing(module):
                importlib.import_module(module)
        if not missing("spar_tutor.lessons"):
            from .course import all_lessons

            all_lessons()
    except Exception:
        log.exception("warming up failed; pages will load when opened")
    log.info("warmed up in %.1f s", time.monotonic() - start)
