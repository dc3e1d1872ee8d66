"""The search's quick tests and move ordering against brute force.

The other solver tests compare whole searches on small deals, where the search
hands most positions to its exact end-of-hand solvers before any quick test
runs. Here each test is checked on its own (whenever it claims a result, brute
force must agree), and the whole search is run with probes down to the last
trick (``_exact_from = 1``), so that every pruning rule and ordering runs on
positions small enough to check.
"""

import random

import pytest

from spar_tutor.engine.errors import SparError
from spar_tutor.solver._position import Position
from spar_tutor.solver._search import Searcher

from solver_helpers import CONFIGS, brute_force, brute_force_memo, random_deal, random_position


def loaded(state, player):
    """A searcher for ``player`` with ``state`` loaded, as a probe would have it."""
    pos = Position.of(state)
    searcher = Searcher(pos.table, pos.players, player)
    searcher._load(pos)
    return searcher


def test_memoized_brute_force_is_the_brute_force():
    rng = random.Random(3)
    for i in range(24):
        state = random_position(rng, CONFIGS[i % len(CONFIGS)], rng.choice([2, 3]), 3)
        if state.is_over():
            continue
        for player in range(state.players):
            assert brute_force_memo(state, player) == brute_force(state, player)


@pytest.mark.parametrize("seed", range(3))
def test_the_control_test_only_claims_won_hands(seed):
    # whenever P is said to keep control, P wins the last trick (scores 1 or more)
    rng = random.Random(seed)
    claimed = 0
    for i in range(150):
        config = CONFIGS[i % len(CONFIGS)]
        if config[1].get("unfollowed_trick") == "highest":
            continue  # the search never asks then
        players = rng.choice([2, 3, 4, 5])
        played = rng.choice([0, 1])  # a trick played: the scoring looks back at it
        size = {2: 5, 3: 4}.get(players, 3) - played  # up to five tricks left
        state = random_deal(rng, config, players, size, tricks_played=played)
        if state.is_over():
            continue
        for player in range(players):
            if loaded(state, player)._keeps_control():
                claimed += 1
                assert brute_force_memo(state, player) >= 1, (config, state, player)
    assert claimed >= 20


@pytest.mark.parametrize("seed", range(3))
def test_the_control_test_in_mid_trick_only_claims_won_hands(seed):
    # the same, once P has played to the trick in progress
    rng = random.Random(50 + seed)
    claimed = 0
    for i in range(150):
        config = CONFIGS[i % len(CONFIGS)]
        if config[1].get("unfollowed_trick") == "highest":
            continue
        players = rng.choice([3, 4, 5])
        state = random_deal(rng, config, players, 3, tricks_played=rng.choice([0, 1]))
        for _ in range(rng.randrange(1, players)):
            state = state.apply(rng.choice(state.legal_cards()))
        for j in range(len(state.current_trick)):
            player = (state.leader + j) % players
            if loaded(state, player)._control_after():
                claimed += 1
                assert brute_force_memo(state, player) >= 1, (config, state, player)
    assert claimed >= 20


@pytest.mark.parametrize("seed", range(2))
def test_guards_only_claim_what_they_should(seed):
    # guarded suits: P scores nothing; guarded 6s, 7s and declared cards: P
    # cannot score more than 1 (a plain card is all it can win the last trick with)
    rng = random.Random(300 + seed)
    claimed = [0, 0]
    for i in range(60):
        config = CONFIGS[i % len(CONFIGS)]
        players = rng.choice([3, 4, 5])
        state = random_deal(rng, config, players, 3, tricks_played=rng.choice([0, 1]))
        if state.is_over():
            continue
        for player in range(players):
            searcher = loaded(state, player)
            if searcher._guarded():
                claimed[0] += 1
                assert brute_force_memo(state, player) <= 0, (config, state, player)
            elif searcher._guarded(searcher.table.special_mask) and claimed[1] < 40:
                claimed[1] += 1
                assert brute_force_memo(state, player) <= 1, (config, state, player)
    assert min(claimed) >= 10


@pytest.mark.parametrize("seed", range(2))
def test_two_tricks_left_quick_values_agree_with_brute_force(seed):
    # the quick exact values (a sure win, P keeping the card the taker must
    # lead into, a sure loss) and the exact two-trick solver, 3 to 7 players
    rng = random.Random(200 + seed)
    quick = lost = 0
    for i in range(120):
        config = CONFIGS[i % len(CONFIGS)]
        players = rng.randint(3, 7)
        played = rng.choice([0, 1]) if players <= 5 else 0
        try:
            state = random_deal(rng, config, players, 2, tricks_played=played)
        except SparError:
            continue  # too many players for this pack
        for player in range(players):
            searcher = loaded(state, player)
            expected = brute_force_memo(state, player)
            assert searcher._two_left() == expected, (config, state, player)
            searcher._load(Position.of(state))
            if searcher._quick_exact():
                quick += 1
                assert searcher._quick_exact() == expected, (config, state, player)
            if searcher._lost():
                lost += 1
                assert expected <= 0, (config, state, player)
    assert quick >= 30 and lost >= 30


@pytest.mark.parametrize("seed", range(4))
def test_probing_to_the_last_trick_agrees_with_brute_force(seed):
    # every scoring option; probes (and so every quick test and the move
    # ordering) all the way down, not only above the exact end-of-hand solvers
    rng = random.Random(100 + seed)
    checked = 0
    for i in range(36):
        config = CONFIGS[i % len(CONFIGS)]
        players = rng.choice([3, 4, 5])
        size = 4 if players < 5 else 3
        state = random_position(rng, config, players, size)
        if state.is_over():
            continue
        player = state.to_move
        pos = Position.of(state)
        searcher = Searcher(pos.table, pos.players, player)
        searcher._exact_from = 1
        values = searcher.move_values(pos)
        memo: dict = {}
        for card in state.legal_cards():
            assert values[card.bit] == brute_force_memo(state.apply(card), player, memo), \
                (config, state, card)
            checked += 1
    assert checked > 40
