"""No tracebacks in the page: errors are logged for the teacher, and the learner
sees one friendly sentence.

Kernel output printed with ``print`` would land in the page; the log handler
here writes to the kernel process's real standard error instead, which Voila
(and JupyterHub's single-user server) keep in the server log.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any, Callable, TypeVar

from ..i18n import N_
from ..widgets.common import guarded as widget_guarded

log = logging.getLogger("spar_tutor.app")

SORRY = N_("Sorry, something went wrong there. Try again, or choose another page above.")

F = TypeVar("F", bound=Callable[..., Any])


class _ServerLog(logging.StreamHandler):  # type: ignore[type-arg]
    """The kernel process's real standard error: Voila's (or JupyterHub's) log."""

    def __init__(self) -> None:
        super().__init__(sys.__stderr__)
        self.setFormatter(logging.Formatter("[spar-tutor %(levelname)s %(name)s] %(message)s"))


def setup_logging(level: int = logging.INFO) -> None:
    """Send ``spar_tutor`` log records to the server log (once per kernel).

    The play table would also write them to a file in the shared temp folder
    (``spar_tutor.widgets.common.log_to_file``), where every learner's errors
    would meet; in the app that file is ``os.devnull`` unless ``SPAR_TUTOR_LOG``
    names one."""
    os.environ.setdefault("SPAR_TUTOR_LOG", os.devnull)
    root = logging.getLogger("spar_tutor")
    if any(isinstance(h, _ServerLog) for h in root.handlers):
        return
    root.addHandler(_ServerLog())
    root.setLevel(level)
    root.propagate = False


def guarded(report: Callable[[str], None]) -> Callable[[F], F]:
    """Wrap a callback: an exception is logged with its traceback and ``report(SORRY)``
    tells the learner, so nothing escapes into the page (the widgets' guard, with the
    app's words and logger)."""
    return widget_guarded(report, sorry=SORRY, logger=log)
