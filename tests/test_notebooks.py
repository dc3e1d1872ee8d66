"""The play notebook runs top to bottom (nbval), in a kernel that imports this checkout."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_play_notebook_runs_with_nbval(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SPAR_TUTOR_HOME=str(tmp_path),
               SPAR_TUTOR_LOG=str(tmp_path / "spar-tutor.log"))
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax",
         "--rootdir", str(ROOT), "-o", "addopts=", "notebooks/play.ipynb"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "1 passed" in out.stdout
