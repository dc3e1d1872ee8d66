"""The expert's reading of the cards thrown: a card that could not win says its player
holds no plain card of its suit below it (spar_tutor.solver._worlds.thrown_lows)."""

import random

from spar_tutor.engine.cards import Card, mask_of
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.state import HandState
from spar_tutor.solver._worlds import WorldSampler, thrown_lows


def bit(text):
    return Card.parse(text).bit


def played(rules, hands, cards, dealer=None):
    state = HandState.new(rules, hands, dealer=dealer)
    for text in cards.split():
        state = state.apply(Card.parse(text))
    return state


def three_seat_state():
    """Seat 0 leads the king of hearts; seat 1 follows with the 9 though it holds the 8
    (a person may; the bots would not); seat 2 is to move."""
    hands = ["KH 9C 8D TS JS", "QH 9H 8H 7S 6D", "AH TH 8C JD QD"]
    return played(Rules.preset("standard"), hands, "KH 9H", dealer=2)


def test_a_losing_follow_rules_out_the_lower_plain_cards_of_its_suit():
    view = three_seat_state().view(2)
    lows = thrown_lows(view)
    # the 8 is ruled out; the 7 and 6 are kept on purpose (they score), so not
    assert lows[1] == bit("8H")
    assert lows[0] == 0 and lows[2] == 0


def test_worlds_follow_the_reading_and_plain_worlds_do_not():
    view = three_seat_state().view(2)
    rng = random.Random(5)
    inferred = WorldSampler(view, infer=True)
    assert inferred.inferred
    assert all(not inferred.sample(rng)[0][1] & bit("8H") for _ in range(300))
    plain = WorldSampler(view)
    assert not plain.inferred
    assert any(plain.sample(rng)[0][1] & bit("8H") for _ in range(300))


def test_a_card_that_could_win_says_nothing():
    # seat 1 plays the queen over the jack led: it could win, so it may hold lower hearts
    hands = ["JH 9C 8D TS JS", "QH 9H 8H 7S 6D", "AH TH 8C JD QD"]
    view = played(Rules.preset("standard"), hands, "JH QH", dealer=2).view(2)
    assert thrown_lows(view) == [0, 0, 0]


SEVEN = ["KS AH AD 6S 7S", "9S 8S TS JS QS", "6H 7H 8H 9H TH", "JH QH KH 6D 7D",
         "8D 9D TD JD QD", "KD 6C 7C 8C 9C", "TC JC QC KC AC"]


def seven_seat_view():
    """Seven seats, no stock. Seat 0 leads the king of spades, seat 1 follows with the 9
    holding the 8, everyone else throws another suit; seat 0 leads again."""
    state = played(Rules.preset("standard"), SEVEN, "KS 9S 6H 6D 8D 6C TC", dealer=6)
    return state.view(0)


def test_throws_off_suit_rule_out_lower_plain_cards_of_the_thrown_suit():
    lows = thrown_lows(seven_seat_view())
    assert lows[6] == mask_of([Card.parse("8C"), Card.parse("9C")])  # threw the 10
    assert lows[2] == lows[3] == lows[5] == 0  # threw a 6: it scores, nothing to read
    assert lows[4] == 0  # the 8 of diamonds: only the 6 and 7 are below it


def test_the_reading_is_dropped_when_no_deal_fits_it():
    # everyone but seat 1 has shown no spades, so the 8 of spades must be seat 1's:
    # the reading (seat 1 has no spade below the 9) cannot hold, and deals ignore it
    view = seven_seat_view()
    assert thrown_lows(view)[1] & bit("8S")
    sampler = WorldSampler(view, infer=True)
    assert not sampler.inferred
    hands, _ = sampler.sample(random.Random(0))
    assert hands[1] & bit("8S")
