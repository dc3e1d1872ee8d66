"""benchmarks/tables_load.py keeps running: two shared tables of two learners play a hand of
Ghana table rules at once (the cut, the bets and the declarations answered from the
pages), served as ``spar-tutor serve`` serves them, and every card each learner played
shows on the other's page. The times are the benchmark's to print, not this test's to
judge: on a busy machine the p95 may be OVER its target, but no card may go missing."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import tables_load  # noqa: E402

pytestmark = pytest.mark.slow


def test_two_small_tables_play_a_hand_and_every_card_shows_on_the_other_page(capsys):
    code = tables_load.main(["--tables", "2", "--seats", "2", "--hands", "1",
                             "--rules", "ghana_table", "--timeout", "240"])
    out = capsys.readouterr().out
    assert "2 tables made, 4 learners seated" in out, out
    assert "4 of 4 learners' pages worked" in out, out
    assert "MISSING" not in out and "REFUSED" not in out, out
    assert "the table service's log" not in out, out
    found = re.search(r"card to the other pages: p50 ([\d.]+) s, p95 ([\d.]+) s, slowest "
                      r"[\d.]+ s over (\d+) sightings of (\d+) cards played", out)
    assert found, out
    # two tables, one hand of five cards each for two learners; each card seen by the other
    assert (int(found.group(3)), int(found.group(4))) == (20, 20), out
    assert re.search(r"memory: table service \d+ MB RSS", out), out
    assert code == 0 or "OVER" in out, out
