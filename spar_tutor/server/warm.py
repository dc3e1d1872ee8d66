"""Work a preheated kernel does before anyone asks, so no click waits for it later.

A preheated kernel runs the app before its page is requested (see request.py);
time spent then is free for the learner. Importing the play table, the lesson
player and the simulations, and loading the lessons, takes about 1 s of CPU;
done on the first click instead, twenty learners clicking Play at once on a
two-core server would wait for each other's imports. Kernels that are not
preheated (JupyterHub, Binder) skip this and stay lazy.

What to do ahead is the app's to say (``spar_tutor.app.WARM_MODULES`` and its
lessons); this module only runs it, times it and never lets it fail.

The puzzle collection is loaded here too, now that it is cheap: checking its
puzzles with the solver takes about 2.5 s of CPU, and when every replacement
kernel did that (Voila refills a class's pool of ready kernels all at once about a
minute after the class arrived) the learners' clicks slowed to about 20 s
(benchmarks/classroom_load.py --stay 75), so it used to wait for the first visit
to Puzzles, which then took 2 s. The solver's verdicts are kept between processes
(spar_tutor.puzzles.verdicts; ``spar-tutor serve`` checks the puzzles once before
the kernels start), so a kernel only reads them: about 0.1 s.
"""

from __future__ import annotations

import importlib
import logging
import time
from typing import Callable, Iterable

log = logging.getLogger("spar_tutor.app")


def warm_up(modules: Iterable[str], installed: Callable[[str], bool],
            then: Callable[[], object]) -> None:
    """Import ``modules`` that are ``installed``, then call ``then``; never fails
    (problems are logged)."""
    start = time.monotonic()
    try:
        for module in modules:
            if installed(module):
                importlib.import_module(module)
        then()
    except Exception:
        log.exception("warming up failed; pages will load when opened")
    log.info("warmed up in %.1f s", time.monotonic() - start)
