"""notebooks/puzzles.ipynb runs top to bottom under nbval (no learner: progress for the page)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_puzzles_notebook_runs(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SPAR_TUTOR_HOME=str(tmp_path))
    env.pop("JUPYTERHUB_USER", None)
    env.pop("SPAR_TUTOR_USER", None)
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider",
         "--rootdir", str(ROOT), "-o", "addopts=", "notebooks/puzzles.ipynb"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "failed" not in out.stdout and " passed" in out.stdout
    assert not any(tmp_path.iterdir())  # no learner, so nothing was written
