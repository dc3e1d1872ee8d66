"""Run notebooks top to bottom under nbval, in a fresh pytest, as a learner would open them."""

import os
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

ROOT = Path(__file__).resolve().parents[1]


def run_nbval(notebooks: Sequence[str], home: Path, timeout: int,
              log: Optional[Path] = None) -> subprocess.CompletedProcess:
    """``pytest --nbval-lax`` over ``notebooks`` (paths from the repository root), with this
    checkout on the path, progress kept under ``home``, nobody signed in, and the widgets'
    log in ``log`` if given."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SPAR_TUTOR_HOME=str(home))
    if log is not None:
        env["SPAR_TUTOR_LOG"] = str(log)
    env.pop("JUPYTERHUB_USER", None)
    env.pop("SPAR_TUTOR_USER", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider",
         "--rootdir", str(ROOT), "-o", "addopts=", *notebooks],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
