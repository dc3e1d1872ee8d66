"""The expert bot: its max^n search against a plain one, its fixed work, legal and
reproducible play, and the weight it gives deals by what the trick showed."""

from __future__ import annotations

import random
from typing import Dict, List, Tuple

import pytest

from spar_tutor.engine.deal import deal
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.state import HandState, Move
from spar_tutor.solver import ExpertBot
from spar_tutor.solver._expert import UNLIKELY, _likelihood, maxn_values
from spar_tutor.solver._maxn import MaxnSearch, OutOfWork
from spar_tutor.solver._position import Position
from spar_tutor.solver.arena import play_arena
from spar_tutor.solver.bots import checked_move
from solver_helpers import CONFIGS, plain_maxn, random_position


@pytest.mark.parametrize("config", [c for c in CONFIGS if not c[1].get("offside")],
                         ids=lambda c: f"{c[0]}{c[1]}")
def test_maxn_matches_a_plain_search(config: Tuple[str, Dict[str, object]]) -> None:
    rng = random.Random(f"expert:{config}")
    for _ in range(12):
        players = rng.choice([2, 3, 4])
        state = random_position(rng, config, players, rng.choice([2, 3]), reneges=False)
        if state.is_over():
            continue
        pos = Position.of(state)
        got = MaxnSearch(pos.table, pos.players).card_outcomes(pos)
        assert sorted(got) == sorted(c.bit for c in state.legal_cards())
        for card in state.legal_cards():
            assert got[card.bit] == plain_maxn(state.apply(card)), (state, card)


def test_a_search_stops_at_its_node_limit() -> None:
    state = deal(Rules.preset("standard"), 4, 3, seed=1).start()
    pos = Position.of(state)
    full = MaxnSearch(pos.table, 4)
    full.card_outcomes(pos)
    assert full.nodes > 100
    with pytest.raises(OutOfWork):
        MaxnSearch(pos.table, 4, node_limit=100).card_outcomes(pos)
    # and a limit it does not reach changes nothing
    assert MaxnSearch(pos.table, 4, node_limit=full.nodes).card_outcomes(pos) == \
        MaxnSearch(pos.table, 4).card_outcomes(pos)


def test_fixed_work_bounds_the_deals() -> None:
    state = deal(Rules.preset("standard"), 3, 2, seed=3).start()
    view = state.view(state.to_move)
    values = maxn_values(view, random.Random(0), worlds=500, work=4000, min_worlds=2)
    assert values is not None and values.nodes <= 4000 and 2 <= values.worlds < 500
    assert set(values.own) == {c.bit for c in state.legal_cards()}
    # too little work for the fewest deals: no max^n answer (the bot asks the model)
    assert maxn_values(view, random.Random(0), worlds=500, work=20, min_worlds=8) is None


def _moves(preset: str, players: int, seed: int, **options: int) -> List[Move]:
    bots = [ExpertBot(f"{seed}:{s}", **options) for s in range(players)]
    state: HandState = deal(Rules.preset(preset), players, seed % players, seed=seed).start()
    moves = []
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        move = checked_move(bots[seat], state.view(seat))  # raises on an illegal move
        moves.append(move)
        state = state.apply(move, seat)
    return moves


@pytest.mark.parametrize("preset, players, options", [
    ("standard", 3, {}), ("standard", 4, {"worlds": 20}), ("ghana_table", 3, {"infer": 3}),
    ("ghana_table", 4, {"work": 300, "hint_worlds": 6, "prelead_worlds": 6}),
    ("sipa", 3, {"worlds": 12}), ("standard", 5, {"worlds": 10, "hint_worlds": 6})])
def test_the_expert_plays_legally_and_the_same_for_a_seed(preset: str, players: int,
                                                          options: Dict[str, int]) -> None:
    for seed in range(2):
        first = _moves(preset, players, seed, **options)
        assert _moves(preset, players, seed, **options) == first


def test_a_deal_that_explains_the_trick_counts_more() -> None:
    # a deal, the trick led, and the second seat's card: its best card in the deal
    # keeps the deal's weight, another card makes the deal count UNLIKELY as much
    rng = random.Random(4)
    for seed in range(40):
        state = deal(Rules.preset("standard"), 3, 2, seed=seed).start()
        state = state.apply(state.legal_cards()[0])
        pos = Position.of(state)
        search = MaxnSearch(pos.table, 3)
        seat = pos.to_move
        rated = {b: (p if w == seat else -p) for b, (w, p) in search.card_outcomes(pos).items()}
        if len(set(rated.values())) < 2:
            continue
        top = max(rated.values())
        good = [b for b, v in rated.items() if v == top]
        bad = [b for b, v in rated.items() if v < top]
        for bit, weight in ((rng.choice(good), 1.0), (rng.choice(bad), UNLIKELY)):
            child, _ = pos.play(bit)
            assert _likelihood(MaxnSearch(pos.table, 3), child, 1) == weight
        return
    pytest.fail("no deal with a card better than another")


def test_the_arena_expert_is_the_table_expert_with_fixed_work() -> None:
    # the arena's default expert plays the same match twice (no clock)
    first = play_arena(["expert", "beginner", "random"], 3, seed=8)
    assert play_arena(["expert", "beginner", "random"], 3, seed=8) == first
