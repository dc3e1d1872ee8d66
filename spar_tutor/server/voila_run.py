"""Voila as ``spar-tutor serve`` runs it: in a process that stops when ``spar-tutor`` goes.

``spar-tutor`` can be killed with ``kill -9`` (or crash), when it has no chance to stop
Voila and the kernels: they used to go on serving the port, and their temporary folder
stayed. So ``serve()`` does not run ``python -m voila`` itself but this module::

    python -m spar_tutor.server.voila_run --parent PID --kernels DIR -- NOTEBOOK --Voila...

which runs Voila in its own process and

* asks Linux to send it SIGTERM when its parent dies (``prctl(PR_SET_PDEATHSIG)``), and,
  anywhere, watches its parent twice a second: when the parent is gone it sends itself
  SIGTERM, on which Voila shuts its kernels down and stops, as on ``kill``;
* if Voila is not done within :data:`~spar_tutor.server.serve.STOP_GRACE` seconds of
  that, or once it has stopped, kills any kernel still running (they are found by their
  connection files, in ``DIR``) and removes ``DIR``, the kernels' temporary folder.

Only the standard library and psutil (Voila's own dependency) are imported before Voila.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sys
import threading
import time
from typing import List, Optional, Sequence

WATCH_S = 0.5
"""How often the parent is looked for."""
PR_SET_PDEATHSIG = 1


def stop_with_parent() -> bool:
    """Linux: SIGTERM to this process when the process that started it dies; whether the
    system will send it."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False  # the watch below does it, a moment later


def _parent_gone(parent: int) -> bool:
    return os.getppid() != parent


def _watch(parent: int, kernels: str, grace: float, signalled: bool) -> None:
    """Once the parent is gone: SIGTERM to this process (Voila stops its kernels; unless
    the system ``signalled`` it already), then, after ``grace`` seconds, whatever is left
    is ended."""
    while not _parent_gone(parent):
        time.sleep(WATCH_S)
    if not signalled:
        os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(grace)
    clean_up(kernels)
    os._exit(1)


def clean_up(kernels: str) -> int:
    """Kill the kernels whose connection files are in ``kernels`` and remove the folder;
    how many kernels were still running."""
    from .serve import _kill, kernel_processes

    left = _kill([p for p in kernel_processes(kernels) if p != os.getpid()])
    shutil.rmtree(kernels, ignore_errors=True)
    return left


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run Voila with the arguments after ``--``; see the module's docstring."""
    parser = argparse.ArgumentParser(prog="spar_tutor.server.voila_run")
    parser.add_argument("--parent", type=int, required=True)
    parser.add_argument("--kernels", required=True)
    parser.add_argument("--grace", type=float, default=6.0)
    parser.add_argument("voila", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    voila_args: List[str] = args.voila[1:] if args.voila[:1] == ["--"] else args.voila
    signalled = stop_with_parent()
    if _parent_gone(args.parent):  # it died before the line above
        clean_up(args.kernels)
        return 1
    threading.Thread(target=_watch, args=(args.parent, args.kernels, args.grace, signalled),
                     daemon=True, name="parent watch").start()
    from voila.app import main as voila_main

    sys.argv = ["voila", *voila_args]
    try:
        code = voila_main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    finally:
        if _parent_gone(args.parent):  # nobody else will tidy up after Voila
            clean_up(args.kernels)
    return int(code or 0)


if __name__ == "__main__":
    sys.exit(main())
