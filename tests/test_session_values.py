"""The session's closed sets are types: mypy --strict catches a misspelt event kind
or pending decision (spar_tutor/session/values.py)."""

import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

from spar_tutor.session import EventKind, PendingKind

ROOT = Path(__file__).resolve().parents[1]

SNIPPET = '''\
from spar_tutor.session import Event, GameSession


def on_event(event: Event) -> None:
    if event.kind == "hand_over":
        pass
    if event.kind == "hand-over":  # typo
        pass


def act(s: GameSession) -> None:
    if s.pending == "bets":
        pass
    if s.pending == "bet":  # typo
        pass
    s.emit("message", "hello")
    s.emit("mesage", "hello")  # typo
    Event("changed")
    Event("chnaged")  # typo
'''


def test_the_kinds_are_the_documented_ones():
    assert set(get_args(EventKind)) == {
        "changed", "moved", "hand_over", "match_over", "news", "message", "error"}
    assert set(get_args(PendingKind)) == {"cut", "bets"}


def test_mypy_reports_every_misspelt_kind_and_nothing_else(tmp_path):
    snippet = tmp_path / "kinds.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          str(snippet)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    typos = {n for n, line in enumerate(SNIPPET.splitlines(), start=1) if "# typo" in line}
    # mypy's cache may name the snippet by an earlier run's path: match its name only
    flagged = {int(n) for n in re.findall(r"kinds\.py:(\d+): error:", out.stdout)}
    assert len(typos) == 4
    assert out.returncode == 1 and flagged == typos, out.stdout + out.stderr
