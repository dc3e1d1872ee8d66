"""Property tests over random seeded games of every preset and player count."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spar_tutor import Card, Rules
from spar_tutor.engine.cards import mask_of
from spar_tutor.engine.deal import deal
from spar_tutor.engine.rules import PRESETS
from spar_tutor.engine.state import Action

CONFIGS = [(name, n) for name in PRESETS
           for n in range(Rules.preset(name).min_players, Rules.preset(name).max_players + 1)]
OFFSIDE_CONFIGS = [(name, n, {"offside": True}) for name, n in CONFIGS
                   if name in ("standard", "seven_card")] + [(name, n, {}) for name, n in CONFIGS]


def random_game(preset, players, options, seed, renege_rate=0.2):
    """Play a random hand, reneging sometimes when allowed; yield every state."""
    rng = random.Random(seed)
    rules = Rules.preset(preset, **options)
    state = deal(rules, players, rng.randrange(players), seed=rng.random()).start()
    yield state
    while not state.is_over():
        moves = state.legal_moves()
        assert moves, f"no legal move in {state!r}"
        hand = state.hand(state.to_move)
        reneges = [c for c in hand if state.can_renege(c)]
        if reneges and rng.random() < renege_rate:
            move = rng.choice(reneges)
        else:
            move = rng.choice(moves)
        state = state.apply(move)
        yield state


def hidden_from(state, seat):
    """Cards ``seat`` must not see: others' hands (but their dry and shown wet), the
    stock (but the shown under card), others' face-down wets."""
    hidden = 0
    for s in range(state.players):
        if s == seat:
            continue
        hidden |= state.hand_mask(s)
        for c in (state.dry[s], state.wet[s] if state.wet_shown[s] or state.is_over() else None):
            if c is not None:
                hidden &= ~c.bit
    hidden |= mask_of(state.stock)
    if state.under_card is not None:
        hidden &= ~state.under_card.bit
    return hidden


def cards_in_view(v):
    cards = set(v.hand) | set(v.played_cards()) | set(v.legal_moves)
    cards |= {c for c in v.dry + v.wet if c is not None}
    cards |= {c for _, cs in v.exchanged for c in cs}
    cards |= {m.card if isinstance(m, Action) else m for _, m in v.history} - {None}
    if v.under_card:
        cards.add(v.under_card)
    return {c for c in cards if isinstance(c, Card)}


@settings(max_examples=150, deadline=None)
@given(config=st.sampled_from(OFFSIDE_CONFIGS), seed=st.integers(0, 10**9))
def test_random_games_keep_every_invariant(config, seed):
    preset, players, options = config
    deck = mask_of(Rules.preset(preset, **options).deck)
    for state in random_game(preset, players, options, seed):
        # cards are conserved
        held = [state.hand_mask(s) for s in range(players)]
        played = [c for t in state.tricks for c in t.cards] + list(state.current_trick)
        if state.abandoned_trick:
            played += list(state.abandoned_trick.cards)
        out = [c for _, cs in state.exchanged for c in cs]
        everything = held + [mask_of(played), mask_of(out), mask_of(state.stock)]
        assert sum(bin(m).count("1") for m in everything) == bin(deck).count("1")
        total = 0
        for m in everything:
            assert total & m == 0
            total |= m
        assert total == deck
        # views leak nothing hidden
        for seat in range(players):
            v = state.view(seat)
            assert not mask_of(cards_in_view(v)) & hidden_from(state, seat)
            assert not mask_of(v.seen_cards()) & hidden_from(state, seat)
    r = state.result
    scorers = [p for p in r.points if p != 0]
    assert len(scorers) == 1
    if r.ended_by == "last_trick":
        assert scorers[0] > 0 and r.points[r.winner] == scorers[0]
        assert scorers[0] <= state.rules.max_hand_score()
    else:
        assert r.ended_by == "offside" and scorers[0] == -3 and r.points[r.offender] == -3


@settings(max_examples=60, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**9))
def test_without_reneges_every_hand_ends_by_the_last_trick(config, seed):
    preset, players = config
    for state in random_game(preset, players, {}, seed, renege_rate=0):
        pass
    assert state.result.ended_by == "last_trick"
    assert len(state.tricks) == state.rules.hand_size
