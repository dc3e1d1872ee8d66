"""The engine, the pictures, the session, the progress database, the lessons, the puzzles
(and what they share), the explore simulations and the shared tables' service type-check under ``mypy --strict`` (the solver is checked in
test_solver_docs.py)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STRICT = ["engine", "render", "session", "store", "learning", "lessons", "puzzles", "explore"]


def test_engine_is_strictly_typed():
    paths = [str(ROOT / "spar_tutor" / p) for p in STRICT]
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *paths],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_table_service_is_strictly_typed():
    """spar_tutor/server/tables under --strict (the rest of server/ it imports is not
    strict: its errors are not this package's)."""
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                          "--no-error-summary", str(ROOT / "spar_tutor" / "server" / "tables")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_misspelt_phase_or_action_kind_is_a_type_error(tmp_path):
    """Phases and action kinds are Literal types, so --strict (strict equality) catches a typo."""
    snippet = tmp_path / "misspelt.py"
    snippet.write_text(
        "from spar_tutor.engine.state import PASS, PLAY, Action, ActionKind, HandState, Phase\n\n"
        "def misspelt(state: HandState, action: Action) -> bool:\n"
        "    return state.phase == \"paly\" or action.kind == \"drie\"\n\n"
        "def spelt_right(state: HandState, action: Action) -> bool:\n"
        "    phase: Phase = PLAY\n"
        "    kind: ActionKind = PASS.kind\n"
        "    return state.phase == phase or action.kind == kind or action.kind == \"dry\"\n")
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          str(snippet)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 2, out.stdout + out.stderr
    assert all("misspelt.py:4:" in e and "[comparison-overlap]" in e for e in errors)
    assert "Literal['paly']" in errors[0] and "Literal['drie']" in errors[1]
