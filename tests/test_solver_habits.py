"""The expert's picture of how the others play: the habits of careful players.

* ``habit_odds`` reads what a card says of the hand it came from (a trick taken with
  more than it needed, a throw that was not the lowest card, a lead below a card of the
  same suit): deals that break a habit are drawn less often.
* ``MaxnSearch(habit_of=seat)``: in a deal, the other seats follow suit and throw by
  those habits instead of seeing every card.
"""

import random

from spar_tutor.engine.cards import Card, mask_of
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.state import HandState
from spar_tutor.solver._maxn import MaxnSearch
from spar_tutor.solver._position import Position
from spar_tutor.solver._worlds import (DISCARD_LOWEST, LEAD_TOP, WIN_LOWEST, WorldSampler,
                                       habit_odds)
from spar_tutor.solver.bots import ExpertBot


def cards(text):
    return mask_of([Card.parse(t) for t in text.split()])


def played(hands, plays, dealer=2):
    state = HandState.new(Rules.preset("standard"), hands, dealer=dealer)
    for text in plays.split():
        state = state.apply(Card.parse(text))
    return state


#: Seat 0 leads the 8 of hearts; seat 1 takes it with the king (it holds no card
#: between, but seat 0 cannot know that); seat 2 has no heart and throws the queen of
#: clubs; seat 1 leads the 9 of spades, though it holds the queen.
HANDS = ["8H 9C 8D TS 6S", "KH QS 9S 7D 6D", "QC JD AD KS 7C"]


def view_of_seat_0():
    return played(HANDS, "8H KH QC 9S", dealer=2).view(0)


def odds_of(view):
    out = {}
    for seat, mask, factor in habit_odds(view):
        out.setdefault(seat, []).append((mask, factor))
    return out


def test_each_habit_names_the_cards_a_hand_that_breaks_it_would_hold():
    view = view_of_seat_0()
    odds = odds_of(view)
    unseen = sum(c.bit for c in view.unseen_cards())
    # taking the 8 with the king: the 9, 10, jack and queen of hearts would have done
    assert (cards("9H TH JH QH") & unseen, WIN_LOWEST) in odds[1]
    # leading the 9 of spades: a higher spade would have been led first (the 10 is
    # seat 0's own, so the jack, queen and king are named)
    assert (cards("JS QS KS") & unseen, LEAD_TOP) in odds[1]
    # throwing the queen of clubs: a plain card of a lower rank in another suit
    # (8 to jack of spades, hearts and diamonds, minus the cards seen) would have gone
    thrown = [m for m, f in odds[2] if f == DISCARD_LOWEST]
    assert len(thrown) == 1
    lower = cards("8S 9S TS JS 8H 9H TH JH 8D 9D TD JD") & unseen
    assert thrown[0] == lower
    assert not thrown[0] & cards("6S 7S 6H 7H 6D 7D")  # sixes and sevens are kept on purpose
    assert 0 not in odds  # the viewer's own cards say nothing to it


def test_a_card_no_hand_could_have_bettered_names_nothing():
    # seat 1 takes the 8 with the 9 (no card between); seat 2 throws an 8 (no plain
    # card ranks lower)
    hands = ["8H 9C 8D TS 6S", "9H QS 9S 7D 6D", "8C QC AD KS 7C"]
    view = played(hands, "8H 9H 8C", dealer=2).view(0)
    assert habit_odds(view) == []


def test_deals_that_break_a_habit_come_less_often():
    view = view_of_seat_0()
    between = cards("9H TH JH QH")
    rng = random.Random(3)
    plain = WorldSampler(view)
    read = WorldSampler(view, habits=True)
    n = 3000
    base = sum(1 for _ in range(n) if plain.sample(rng)[0][1] & between) / n
    with_habits = sum(1 for _ in range(n) if read.sample(rng)[0][1] & between) / n
    assert base > 0.25
    assert with_habits < base * 0.6


def test_a_search_with_habits_plays_the_others_by_habit():
    # three seats, two tricks left, seat 0 leads the ace of hearts and then its 7 of
    # diamonds. Seat 1 has no heart and must throw the 8 of diamonds or the king of
    # spades. Seeing every card, it keeps the 8, which beats the 7 at the end. By habit
    # it throws its lowest card, the 8, and seat 0's 7 wins the last trick: 2 points.
    hands = ["AH 7D", "8D KS", "6C 7C"]
    state = HandState.new(Rules.preset("standard").replace(hand_size=2), hands, dealer=2)
    pos = Position.of(state)
    ace = Card.parse("AH").bit
    assert MaxnSearch(pos.table, 3).card_outcomes(pos)[ace] == (1, 1)
    assert MaxnSearch(pos.table, 3, habit_of=0).card_outcomes(pos)[ace] == (0, 2)
    # the seat the habits are for plays by max^n: from seat 1's side nothing changes
    pos1 = Position.of(state.apply(Card.parse("AH")))
    assert MaxnSearch(pos1.table, 3, habit_of=1).card_outcomes(pos1)[Card.parse("KS").bit] \
        == (1, 1)


def test_the_expert_plays_legal_reproducible_cards_with_its_habits():
    state = played(HANDS, "8H KH QC", dealer=2)
    view = state.view(state.to_move)
    a = ExpertBot(7).choose(view)
    assert a in view.legal_moves and a == ExpertBot(7).choose(view)
