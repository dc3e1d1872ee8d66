"""The solver's documented examples run, and it stays standard-library only."""

import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["solution", "closed", "review", "_search", "_bounds", "_exact", "_ordering", "_bits",
           "_position", "_model", "_maxn", "_expert", "hints", "_worlds", "prelead", "bots", "arena", "_explain", "cli"]


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name):
    module = importlib.import_module(f"spar_tutor.solver.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0


def test_docs_examples():
    result = doctest.testfile(str(ROOT / "docs" / "solver.md"), module_relative=False)
    assert result.failed == 0 and result.attempted >= 3


def test_solver_imports_no_ui_or_heavy_library():
    code = ("import sys, spar_tutor.solver, spar_tutor.solver.cli\n"
            "bad = [m for m in ('ipywidgets', 'matplotlib', 'IPython', 'numpy') if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


def test_solver_is_strictly_typed():
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          str(ROOT / "spar_tutor" / "solver")],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
