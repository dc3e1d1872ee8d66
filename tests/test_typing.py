"""The engine, the card pictures, the lessons and the puzzles type-check under
``mypy --strict`` (the solver is checked in test_solver_docs.py)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STRICT = ["engine", "render", "session", "lessons", "puzzles"]


def test_engine_is_strictly_typed():
    paths = [str(ROOT / "spar_tutor" / p) for p in STRICT]
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *paths],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
