"""Property tests of the solver's values (hypothesis over seeded random positions)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spar_tutor.solver import solve

from solver_helpers import CONFIGS, random_position, rename_suits

positions = st.builds(
    lambda seed, config, players, size: (seed, CONFIGS[config], players, size),
    st.integers(0, 10**9), st.integers(0, len(CONFIGS) - 1), st.integers(2, 4),
    st.integers(2, 3),
)


def make(params, reneges=True):
    seed, config, players, size = params
    return random_position(random.Random(seed), config, players, size, reneges=reneges)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_expected_at_least_guaranteed_and_sure_wins_are_wins(params):
    state = make(params)
    if state.is_over():
        return
    for mv in solve(state).moves:
        assert mv.expected >= mv.guaranteed - 1e-9
        if mv.guaranteed > 0:
            assert mv.win_chance == 1.0
        assert 0.0 <= mv.win_chance <= 1.0


@settings(max_examples=100, deadline=None)
@given(positions, st.permutations("HDC"))
def test_values_do_not_change_when_suits_are_renamed(params, order):
    seed, config, players, size = params
    state = make(params, reneges=False)
    if state.is_over():
        return
    # spades stay put: the standard pack has no ace of spades to swap with
    perm = {"S": "S", **dict(zip("HDC", order))}
    renamed = rename_suits(state, perm)
    before = {(c.rank, perm[c.suit]): mv for mv in solve(state).moves for c in [mv.card]}
    after = {(mv.card.rank, mv.card.suit): mv for mv in solve(renamed).moves}
    assert before.keys() == after.keys()
    for key, mv in before.items():
        other = after[key]
        assert mv.guaranteed == other.guaranteed
        assert abs(mv.win_chance - other.win_chance) < 1e-9
        assert abs(mv.expected - other.expected) < 1e-9


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.permutations("SHDC"))
def test_full_suit_permutations_with_the_ace_of_spades(seed, order):
    state = random_position(random.Random(seed), ("ace_of_spades", {}), 3, 3, reneges=False)
    if state.is_over():
        return
    perm = dict(zip("SHDC", order))
    renamed = rename_suits(state, perm)
    before = sorted((c.rank, perm[c.suit], mv.guaranteed, round(mv.expected, 9))
                    for mv in solve(state).moves for c in [mv.card])
    after = sorted((mv.card.rank, mv.card.suit, mv.guaranteed, round(mv.expected, 9))
                   for mv in solve(renamed).moves)
    assert before == after
