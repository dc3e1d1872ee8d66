"""The graded model: the fast endgame agrees with the plain recursion, sampling is unbiased."""

import random

from spar_tutor.solver._model import Model, rules_of_thumb
from spar_tutor.solver._position import Position
from spar_tutor.solver._search import Searcher

from solver_helpers import CONFIGS, random_position


def test_fast_endgame_matches_plain_max_n():
    rng = random.Random(3)
    checked = 0
    for i in range(200):
        state = random_position(rng, CONFIGS[i % len(CONFIGS)], rng.choice([2, 3, 4]), 2,
                                reneges=False)
        if state.is_over():
            continue
        pos = Position.of(state)
        model = Model(pos.to_move)
        legal = [c.bit for c in state.legal_cards()]
        if len(legal) < 2:
            continue
        fast = sorted(model._endgame_choices(pos, legal))
        plain = sorted(model._maxn_choices(pos, legal))
        assert fast == plain, state
        checked += 1
    assert checked > 50


def test_sampled_playouts_average_to_the_exact_value():
    rng = random.Random(8)
    state = random_position(rng, CONFIGS[0], 4, 4, reneges=False)
    pos = Position.of(state)
    learner = pos.to_move
    model = Model(learner, Searcher(pos.table, pos.players, learner))
    exact = model.outcome(pos)[0][learner]
    draws = [model.sample(pos, rng)[learner] for _ in range(3000)]
    mean = sum(draws) / len(draws)
    assert abs(mean - exact) < 0.12


def test_rules_of_thumb_keep_the_plan_and_lead_masters():
    from spar_tutor.engine.cards import Card, mask_of, parse_cards
    mine = mask_of(parse_cards("6S AH KH 9D"))
    others = mask_of(parse_cards("7S QH JH TD 8C"))
    legal = [c.bit for c in parse_cards("6S AH KH 9D")]
    # keeper 6S, winner AH: lead the other master, KH
    assert rules_of_thumb(legal, mine, (), others, 0) == [Card.parse("KH").bit]


def test_an_ending_scored_by_the_table_is_the_sample_it_shares_its_draws_with():
    """``ending`` plays out as ``sample`` does, on the same draws: the same winner and points
    (so one play-out can be scored by several tables: passing and each wet)."""
    rng = random.Random(11)
    checked = 0
    for i in range(60):
        state = random_position(rng, CONFIGS[i % len(CONFIGS)], rng.choice([2, 3, 4]),
                                rng.choice([2, 3, 4]), reneges=False)
        if state.is_over():
            continue
        pos = Position.of(state)
        points = Model(pos.to_move).sample(pos, random.Random(i))
        winner, wins = Model(pos.to_move).ending(pos, random.Random(i))
        assert points[winner] == pos.table.score(wins) > 0
        assert sum(points) == points[winner]
        checked += 1
    assert checked > 30
