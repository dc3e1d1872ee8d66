"""The app package type-checks with mypy (ipywidgets has no type information, so not --strict)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_app_type_checks():
    out = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports",
                          "--follow-imports=silent", "--no-error-summary",
                          str(ROOT / "spar_tutor" / "app")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
