"""benchmarks/decision_pairs.py: an idea for the expert measured one decision at a time."""

from __future__ import annotations

import copy
import math
import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import decision_pairs  # noqa: E402
import strength  # noqa: E402
from spar_tutor.engine.cards import Card  # noqa: E402
from spar_tutor.engine.deal import deal  # noqa: E402
from spar_tutor.engine.rules import Rules  # noqa: E402
from spar_tutor.engine.view import SeatView  # noqa: E402
from spar_tutor.solver.bots import ExpertBot, checked_move  # noqa: E402


class HighestCard(ExpertBot):
    """The expert, except that in play it always plays its highest legal card."""

    def choose(self, view: SeatView) -> Any:
        move = super().choose(view)  # keeps its random numbers in step with the expert's
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        return max(cards, key=lambda c: (c.rank, c.index)) if cards else move


@pytest.fixture(autouse=True)
def quick_baseline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(strength, "BASELINE_DEALS", 4)
    monkeypatch.setattr(strength.CachedBaseline, "folder", tmp_path)
    monkeypatch.setattr(strength.CachedBaseline, "_known", None)


@pytest.mark.parametrize("preset, index", [("standard", 9), ("ghana_table", 0)])
def test_the_shipped_expert_as_its_own_variant_never_differs(preset: str, index: int) -> None:
    """On these deals the expert has a forced move (one legal card, or only "pass" at
    the declarations) before a choice: the variant is asked there too, or its random
    numbers fall out of step and it picks another card."""
    rows = decision_pairs.play_deal(ExpertBot, preset, 3, index)
    assert [r["seat"] for r in rows] == [0, 1, 2]
    assert sum(r["decisions"] for r in rows) > 0
    assert all(r["pairs"] == [] for r in rows)


def test_a_different_card_is_played_out_from_the_true_deal() -> None:
    rows = decision_pairs.play_deal(HighestCard, "standard", 3, 5)
    pairs = [p for r in rows for p in r["pairs"]]
    assert pairs, "the highest card differs from the expert's somewhere"
    for row in rows:
        for pair in row["pairs"]:
            assert pair["shipped"] != pair["variant"]
            # the shipped card's play-out is the hand as it was played
            assert pair["points"][0] == row["points"]
            assert pair["points"][1] in (0, 1, 2, 3)
    text = decision_pairs.summary(rows)
    assert f"{len(pairs)} differ" in text and "points a hand" in text


def test_copied_bots_play_on_as_the_bots_themselves() -> None:
    """A variant's move is played out by copies of the bots; the shipped move is not played
    out again, because copies go on exactly as the hand was played."""
    rules = Rules.preset("standard")
    seed = "strength:standard:3:5"
    bots = [ExpertBot(f"{seed}:0")] + [strength.make_baseline(f"{seed}:{s}") for s in (1, 2)]
    state = deal(rules, 3, 2, seed=seed).start()
    copies = []
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state = state.apply(checked_move(bots[seat], state.view(seat)), seat)
        copies.append((state, copy.deepcopy(bots)))
    played = state.result.points  # type: ignore[union-attr]
    assert len(copies) == 15
    for after, copied in copies[::4]:
        assert list(decision_pairs.play_out(after, copied)) == list(played)


def test_summary_gives_each_trick_its_share_a_hand_with_an_interval() -> None:
    rows = [{"decisions": 3, "pairs": [{"trick": 1, "points": [0, 2]},
                                       {"trick": 2, "points": [1, 0]}]},
            {"decisions": 3, "pairs": [{"trick": 1, "points": [1, 0]},
                                       {"trick": 2, "points": [0, 1]}]},
            {"decisions": 2, "pairs": []}, {"decisions": 2, "pairs": []}]
    text = decision_pairs.summary(rows)
    # trick 1: +2 and -1 over 4 hands: +0.25 a hand, 1.96 x stdev(2, -1) x sqrt(2) / 4
    half = 1.96 * statistics.stdev([2, -1]) * math.sqrt(2) / 4
    assert f"  trick 1: 2 differ, +1 points (+0.2500 ± {half:.4f} a hand)" in text
    assert "  trick 2: 2 differ, +0 points (+0.0000 ± " in text
    assert text.startswith("4 hands, 10 expert decisions, 4 differ")
