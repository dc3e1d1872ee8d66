"""The review of a mistake names the rule of thumb the card broke (TEACHING.md: feedback
names the misconception), from what the player could see, and says nothing when no rule
fits rather than a wrong reason."""

from __future__ import annotations

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.engine.rules import SCORING_SYSTEMS, Rules
from spar_tutor.engine.state import HandState
from spar_tutor.session.coach import SCORING_RANKS, mistake_rule


def view(hands, plays="", preset="standard", dealer=None):
    """Seat 0's view, after ``plays`` (seat 0 to move)."""
    n = len(hands)
    state = HandState.new(Rules.preset(preset), hands, dealer=n - 1 if dealer is None else dealer)
    for text in plays.split():
        state = state.apply(Card.parse(text))
    assert state.to_move == 0
    return state.view(0)


def rule(v, played, better):
    return mistake_rule(v, Card.parse(played), Card.parse(better))


def test_a_six_or_seven_played_early_is_kept_for_the_last_trick():
    v = view(["6S KH 9D", "8S QH 7D"])
    assert rule(v, "6S", "9D") == ("Tip: keep 6♠ for the last trick, where it scores more "
                                   "than a higher card.")
    assert rule(v, "6S", "7D") == ""  # both score more at the end: this rule says nothing


@pytest.mark.parametrize("preset, hands, scores_more", [
    ("standard", ["6S 7H 9D", "8S QH 8D"], ["6S", "7H"]),
    ("jeu_de_carte", ["7H 9D 8S", "8H TD 9S"], ["7H"]),  # no 6s in this pack
    ("sipa", ["7H 9D 8S", "8H TD 9S"], ["7H"]),
    ("agram", ["6S 7H 9D", "8S TH 8D"], [])])  # only the last trick, whatever the card
def test_which_cards_score_more_follows_the_rules(preset, hands, scores_more):
    v = view(hands, preset=preset)
    for card in hands[0].split()[:2]:
        assert rule(v, card, "9D").startswith("Tip: keep") == (card in scores_more), card


def test_every_scoring_system_says_which_ranks_score_more():
    assert set(SCORING_RANKS) == set(SCORING_SYSTEMS)


THROW = ("Tip: when you cannot follow suit, throw away the card with no job: the one least "
         "likely to help you win the last trick.")


def test_a_card_thrown_on_another_suit():
    # Kofi leads a club; you have none. Lesson 9: throw the card with no job, even an ace,
    # so the tip never says "keep your high cards"
    v = view(["KD 9S 8H", "QC 7S 6H"], plays="QC", dealer=0)
    assert rule(v, "KD", "9S") == THROW
    assert rule(v, "9S", "KD") == THROW


def test_the_second_to_last_trick_taken_to_lead_the_last():
    v = view(["KH 8D", "QH 6S"], plays="QH", dealer=0)
    assert rule(v, "8D", "KH") == ("Tip: win the second-to-last trick if you hold a card that "
                                   "can win the last one: its winner leads the last trick.")


def test_early_tricks_follow_lesson_9_spend_high_cards_early_but_lose_a_loser_first():
    v = view(["AH 9D 8S", "QH 7D 7S"])
    assert rule(v, "AH", "8S") == ("Tip: high cards usually take the lead early, but first "
                                   "lose a card that can never win, if you have one.")
    assert rule(v, "8S", "AH") == ("Tip: spend high cards early, usually: they take the lead, "
                                   "and at the end they score only 1 point.")
    # following: a high card that would not take the trick is not "spent to take the lead"
    follow = view(["KH 9H 8S", "AH 7D 7S"], plays="AH", dealer=0)
    assert rule(follow, "9H", "KH") == ""
    takes = view(["KH 9H 8S", "QH 7D 7S"], plays="QH", dealer=0)
    assert rule(takes, "9H", "KH").startswith("Tip: spend high cards early")
    assert rule(v, "9D", "8S") == ""  # a 9 is no high card: no tip about high cards


def test_no_tip_when_no_rule_fits():
    assert rule(view(["KH 8D", "QH 6S"]), "8D", "KH") == ""  # a lead at the fourth trick
    assert rule(view(["KH", "QH"]), "KH", "KH") == ""  # the last trick: nothing to keep
