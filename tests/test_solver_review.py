"""analyse_play: the cost of every card of a finished hand, open-hand."""

import random

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.engine.deal import deal
from spar_tutor.engine.errors import SparError
from spar_tutor.engine.rules import Rules
from spar_tutor.solver import analyse_play, guaranteed
from spar_tutor.solver.bots import BeginnerBot
from spar_tutor.solver.arena import play_hand
from spar_tutor.engine.state import HandState


def test_the_documented_review():
    start = HandState.new(Rules.preset("standard"), ["7D 6C", "6D 9S", "8S TS"], dealer=2)
    end = start
    for text in ("6C", "9S", "8S", "7D", "6D", "TS"):
        end = end.apply(Card.parse(text))
    reviews = analyse_play(start, end)
    assert [r.play for r in reviews] == [1, 2, 3, 4, 5, 6]
    first = reviews[0]
    assert (str(first.card), str(first.best), first.value_played, first.value_best,
            first.cost) == ("6C", "7D", 2, 3, 1)
    assert first.explanation == (
        "With all cards seen: 6♣ cost you 1 point. With 7♦ you could be sure of 3 points. "
        "7♦ wins trick 4, and then you lead 6♣ to the last trick, which nobody can follow.")
    assert first.reason is not None and first.reason.card == Card.parse("7D")
    assert first.reason.idea == "lead_last" and first.reason.keeper == Card.parse("6C")
    assert [r.seat for r in analyse_play(start, end, seat=1)] == [1, 1]


def test_a_card_sure_of_as_much_but_worse_on_average_is_not_said_to_keep_it_all():
    """Kofi (seat 1) throws 7♣ on a spade lead: with all cards seen he is sure of 1 point
    with 7♣ and with 7♦, but 7♦ brings more when the others play as most players do. The
    review must not say only that 7♣ "kept the 1 point you could be sure of" (it read as a
    contradiction): it says both, in whole sentences, and each figure one way."""
    start = HandState.new(Rules.preset("standard"),
                          ["QS 9H TD JD 9C", "TH 7D 9D 7C TC", "6S JS KS QD 8C"], dealer=0)
    end = start
    for text in "9D QD TD JS QS 7C 9C TC 8C TH 6S 9H 7D KS JD".split():
        end = end.apply(Card.parse(text))
    sixth = analyse_play(start, end)[5]
    assert (str(sixth.card), sixth.cost, sixth.value_best) == ("7C", 0, 1)
    assert sixth.expected_cost >= 0.1
    assert sixth.explanation == (
        "With all cards seen: 7♣ kept the 1 point you could be sure of, and so did 7♦. But "
        "when the others play as most players do, 7♦ brings about 2 points a hand, and 7♣ "
        "about 1 point a hand.")


@pytest.mark.parametrize("seed", range(4))
def test_every_review_is_consistent(seed):
    rules = Rules.preset("standard", two_trick_bonus=True)
    players = 3 + seed % 2
    start = deal(rules, players, players - 1, seed=seed).start()
    final = play_hand([BeginnerBot(s) for s in range(players)], rules, players - 1, seed)
    # replay the same hand from its start to get states
    start = deal(rules, players, players - 1, seed=seed).start()
    reviews = analyse_play(start, final)
    assert len(reviews) == players * rules.hand_size
    state = start
    for r, (seat, move) in zip(reviews, [h for h in final.history if isinstance(h[1], Card)]):
        assert (r.seat, r.card) == (seat, move)
        assert r.value_best == guaranteed(state)
        assert r.cost == r.value_best - r.value_played >= 0
        assert (r.cost == 0) == ("cost you" not in r.explanation)
        assert r.explanation.startswith("With all cards seen: ") and ";" not in r.explanation
        state = state.apply(move)


def test_a_review_needs_the_same_hand():
    a = deal(Rules.preset("standard"), 3, 2, seed=1).start()
    b = deal(Rules.preset("standard"), 3, 2, seed=2).start()
    b = b.apply(b.legal_cards()[0])
    with pytest.raises(SparError, match="does not continue"):
        analyse_play(a, b)
    rng = random.Random(0)
    end = a
    while not end.is_over():
        end = end.apply(rng.choice(end.legal_cards()))
    assert len(analyse_play(a, end, seat=0)) == 5


def test_graded_review_tells_cards_apart_when_nothing_is_sure():
    import random

    from spar_tutor import Rules, deal
    from spar_tutor.solver import analyse_play, solve

    graded_named = 0
    for seed in range(6):
        start = deal(Rules.preset("standard"), 4, 3, seed=seed).start()
        state, rng = start, random.Random(seed)
        while not state.is_over():
            state = state.apply(rng.choice(state.legal_cards()))
        replay = start
        for r in analyse_play(start, state):
            while replay.plays_made + 1 < r.play:
                replay = replay.apply(state.history[replay.plays_made][1])
            values = {mv.card: mv for mv in solve(replay).moves}
            assert r.expected_played == values[r.card].expected
            assert r.expected_best == max(mv.expected for mv in values.values()
                                          if mv.guaranteed == r.value_best)
            assert r.expected_cost >= 0
            if r.cost == 0 and r.value_best == 0 and r.expected_cost >= 0.1:
                graded_named += 1
                assert r.best_graded.symbol_text in r.explanation and "better chances" in r.explanation
    assert graded_named > 0
