import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_imports_no_ui_or_heavy_library():
    code = ("import sys, spar_tutor, spar_tutor.dealfile, spar_tutor.match, spar_tutor.view\n"
            "bad = [m for m in ('ipywidgets', 'matplotlib', 'IPython', 'numpy', 'spar_tutor.render')"
            " if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
