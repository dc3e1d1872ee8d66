"""The strength benchmark's PIMC baseline (benchmarks/pimc_baseline.py): its open-hand
max^n search against a plain one on HandState.apply, and its deals against the view."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Dict, Tuple

import pytest

from spar_tutor.engine.deal import deal
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.state import HandState
from solver_helpers import CONFIGS, plain_maxn, random_position

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from pimc_baseline import DealSampler, MaxN, PimcBot  # noqa: E402

@pytest.mark.parametrize("config", [c for c in CONFIGS if not c[1].get("offside")],
                         ids=lambda c: f"{c[0]}{c[1]}")
def test_maxn_matches_a_plain_search(config: Tuple[str, Dict[str, object]]) -> None:
    rng = random.Random(str(config))
    for _ in range(12):
        players = rng.choice([2, 3, 4])
        state = random_position(rng, config, players, rng.choice([2, 3]), reneges=False)
        if state.is_over():
            continue
        n = state.players
        solver = MaxN(state.rules, n, [state.declared(s) for s in range(n)])
        wins = tuple((t.winner, t.winning_card(n).bit) for t in state.tricks[-2:])
        got = solver.root(tuple(state.hand_mask(s) for s in range(n)),
                          tuple(c.bit for c in state.current_trick), state.leader,
                          state.tricks_left, wins)
        assert sorted(got) == sorted(c.bit for c in state.legal_cards())
        for card in state.legal_cards():
            assert got[card.bit] == plain_maxn(state.apply(card)), (state, card)


def test_deals_fit_the_view() -> None:
    rng = random.Random(3)
    rules = Rules.preset("standard")
    for seed in range(20):
        state = deal(rules, 4, 3, seed=seed).start()
        for _ in range(rng.randrange(4, 14)):
            state = state.apply(rng.choice(state.legal_cards()))
        view = state.view(state.to_move)
        voids = view.voids()
        sampler = DealSampler(view)
        for _ in range(20):
            hands, _ = sampler.draw(rng)
            assert hands[view.seat] == state.hand_mask(view.seat)
            assigned = 0
            for s, h in enumerate(hands):
                assert bin(h).count("1") == view.hand_sizes[s]
                assert not assigned & h
                assigned |= h
                for suit in voids[s]:
                    assert not any(c.suit == suit for c in rules.deck if c.bit & h)


def test_the_baseline_plays_legal_moves_and_is_reproducible() -> None:
    rules = Rules.preset("ghana_table")
    for seed in range(2):
        finals = []
        for _ in range(2):
            bots = [PimcBot(f"{seed}:{s}", deals=8) for s in range(3)]
            state = deal(rules, 3, 2, seed=seed).start()
            while not state.is_over():
                seat = state.to_move
                move = bots[seat].choose(state.view(seat))
                assert move in state.legal_moves()
                state = state.apply(move, seat)
            finals.append(state.history)
        assert finals[0] == finals[1]
