"""The open-hand search against an independent brute force, on many small deals."""

import random

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.engine.deal import deal
from spar_tutor.engine.errors import SparError
from spar_tutor.engine.rules import Rules
from spar_tutor.solver import guaranteed, solve
from spar_tutor.solver._position import Position
from spar_tutor.solver._search import Searcher
from spar_tutor.engine.state import HandState

from solver_helpers import CONFIGS, brute_force, random_position


def cases(seed: int, count: int):
    rng = random.Random(seed)
    for i in range(count):
        config = CONFIGS[i % len(CONFIGS)]
        players = rng.choice([2, 3, 4])
        size = rng.choice([2, 3, 4]) if players < 4 else rng.choice([2, 3])
        state = random_position(rng, config, players, size)
        if not state.is_over():
            yield config, state


@pytest.mark.parametrize("seed", range(8))
def test_every_card_agrees_with_brute_force(seed):
    checked = 0
    for config, state in cases(seed, 120):
        player = state.to_move
        pos = Position.of(state)
        searcher = Searcher(pos.table, pos.players, player)
        values = searcher.move_values(pos)
        for card in state.legal_cards():
            expected = brute_force(state.apply(card), player)
            assert values[card.bit] == expected, (config, state, card)
            checked += 1
    assert checked > 180


def test_solve_and_guaranteed_agree_with_brute_force():
    rng = random.Random(99)
    for i in range(40):
        config = CONFIGS[i % len(CONFIGS)]
        state = random_position(rng, config, rng.choice([2, 3]), 3)
        if state.is_over():
            continue
        player = state.to_move
        solution = solve(state, graded=False)
        for mv in solution.moves:
            assert mv.guaranteed == brute_force(state.apply(mv.card), player)
        assert guaranteed(state) == max(mv.guaranteed for mv in solution.moves)
        assert solution.best.guaranteed == guaranteed(state)


def test_guaranteed_for_a_seat_not_to_move_agrees_with_brute_force():
    rng = random.Random(7)
    for i in range(36):
        config = CONFIGS[i % len(CONFIGS)]
        state = random_position(rng, config, rng.choice([2, 3, 4]), 2)
        if state.is_over():
            continue
        for seat in range(state.players):
            assert guaranteed(state, seat) == brute_force(state, seat), (config, state, seat)


def test_first_lead_of_full_deals_is_searched_exactly():
    # 3 players x 5 cards: brute force is still feasible for a few cards
    for seed in range(2):
        state = deal(Rules.preset("standard", two_trick_bonus=True), 3, 2, seed=seed).start()
        for _ in range(2):
            state = state.apply(state.legal_cards()[0])
        solution = solve(state, graded=False)
        for mv in solution.moves:
            assert mv.guaranteed == brute_force(state.apply(mv.card), state.to_move)


def test_the_line_keeps_the_guarantee():
    rng = random.Random(5)
    for i in range(30):
        state = random_position(rng, CONFIGS[i % 3], 3, 3, reneges=False)
        if state.is_over():
            continue
        player = state.to_move
        for mv in solve(state, graded=False).moves:
            end = state
            for card in mv.line:
                end = end.apply(card)
            assert end.is_over()
            assert end.result.points[player] == mv.guaranteed


def test_the_documented_example():
    state = HandState.new(Rules.preset("standard"), ["7D 6C", "6D 9S", "8S TS"], dealer=2)
    solution = solve(state)
    assert str(solution.best.card) == "7D" and solution.best.guaranteed == 3
    assert solution.explain("7D") == ("7♦ wins trick 4, and then you lead 6♣ to the last trick, "
                                     "which nobody can follow. 7♦ is the last diamond above 6♦. "
                                     "You are sure of 3 points.")
    assert solution.value("6C").guaranteed == 2


def test_solver_refuses_other_phases():
    state = deal(Rules.preset("ghana_table"), 4, 3, seed=1).start()
    assert state.phase != "play"
    with pytest.raises(SparError, match="phase"):
        solve(state)
    with pytest.raises(SparError):
        solve(state.apply(state.legal_moves()[-1])).value(Card.parse("AS"))
