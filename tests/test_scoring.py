"""Every scoring figure of RULES.md, each from a hand-made deal."""

import pytest

from spar_tutor.engine.rules import Rules
from spar_tutor.engine.scoring import scoring_table
from engine_helpers import play_out, position

BONUS = {"preset": "standard", "two_trick_bonus": True}
DRYWET = {"preset": "standard", "two_trick_bonus": True, "dry_wet": True}


def points(rules, hands, plays, **keys):
    state = position(rules, hands=hands, plays=plays, **keys)
    assert state.is_over(), state
    return state.result.points


@pytest.mark.parametrize("winner_card,score", [("6S", 3), ("7S", 2), ("8S", 1), ("KS", 1)])
def test_last_trick_figures(winner_card, score):
    assert points("standard", [winner_card, "9H"], f"{winner_card} 9H") == (score, 0)


def test_only_the_last_trick_scores():
    # seat 0 wins trick 4 with AH (worth nothing) and the last with 6S
    assert points("standard", ["6S AH", "9H 8D"], "AH 9H 6S 8D") == (3, 0)


@pytest.mark.parametrize("hands,plays,expected", [
    (["6S 6H", "9D 8D"], "6S 9D 6H 8D", 6),     # two sixes
    (["6S 7H", "9D 8D"], "6S 9D 7H 8D", 5),     # six then seven
    (["7S 6H", "9D 8D"], "7S 9D 6H 8D", 5),     # seven then six
    (["7S 7H", "9D 8D"], "7S 9D 7H 8D", 4),     # two sevens
    (["7S 6S", "9D 8D"], "7S 9D 6S 8D", 3),     # same suit: only the last card counts
    (["8S 6H", "9D 8D"], "8S 9D 6H 8D", 3),     # an 8 first: no bonus
])
def test_two_trick_bonus(hands, plays, expected):
    assert points(BONUS, hands, plays) == (expected, 0)


def test_bonus_needs_the_same_player_to_win_both():
    # seat 1 wins trick 4 with 7D, then leads 6H and seat 0 wins the last with 7H
    assert points(BONUS, ["6D 7H", "7D 6H"], "6D 7D 6H 7H") == (2, 0)


def test_bonus_is_off_in_standard():
    assert points("standard", ["6S 6H", "9D 8D"], "6S 9D 6H 8D") == (3, 0)


@pytest.mark.parametrize("dry,wet,hands,plays,expected", [
    ("6S", "6H", ["6S 6H", "9D 8D"], "6S 9D 6H 8D", 12),
    ("6S", "7H", ["6S 7H", "9D 8D"], "6S 9D 7H 8D", 10),
    ("7H", "6S", ["6S 7H", "9D 8D"], "6S 9D 7H 8D", 10),
    ("7S", "7H", ["7S 7H", "9D 8D"], "7S 9D 7H 8D", 8),
])
def test_dry_and_wet_ladder(dry, wet, hands, plays, expected):
    decl = [{"seat": 0, "dry": dry, "wet": wet}]
    assert points(DRYWET, hands, plays, declarations=decl) == (expected, 0)


@pytest.mark.parametrize("decl,hands,plays,expected", [
    ({"dry": "6S"}, ["6S 9H", "9D 8D"], "9H 8D 6S 9D", 6),      # dry 6 wins the last trick
    ({"dry": "7S"}, ["7S 9H", "9D 8D"], "9H 8D 7S 9D", 4),      # dry 7
    ({"dry": "6S"}, ["6S 7H", "9D 8D"], "7H 9D 6S 8D", 6),      # bonus 5 < doubled 6
    ({"dry": "7S"}, ["7S 6H", "9D 8D"], "6H 9D 7S 8D", 5),      # bonus 5 > doubled 4
])
def test_live_declared_cards_double(decl, hands, plays, expected):
    state = position(DRYWET, hands=hands, plays=plays, declarations=[{"seat": 0, **decl}])
    assert state.result.points == (expected, 0)


def test_wet_alone_doubles_and_is_shown_when_the_dry_goes_early():
    state = position(DRYWET, hands=["7D AH 6S", "8C 9H 9C"],
                     declarations=[{"seat": 0, "dry": "7D", "wet": "6S"}])
    assert state.view(1).wet_hidden == (True, False)
    state = play_out(state, "7D 8C")          # the dry goes in trick 3: not live
    assert state.wet_shown == (True, False)
    assert state.view(1).wet == (state.wet[0], None)
    state = play_out(state, "AH 9H 6S 9C")    # the wet 6S wins the last trick alone
    assert state.result.points == (6, 0)


def test_declared_card_played_early_is_ordinary():
    # dry 6S played (and won) in trick 3 of 3 left: not live; the last trick won with 9H: 1
    state = position(DRYWET, hands=["6S 9H AH", "8D 8H 9D"], declarations=[{"seat": 0, "dry": "6S"}],
                     plays="6S 8D AH 8H 9H 9D")
    assert state.result.points == (1, 0)


def test_a_declared_card_that_loses_costs_nothing():
    state = position(DRYWET, hands=["6S 9H", "8D 7S"], declarations=[{"seat": 0, "dry": "6S"}],
                     plays="9H 8D 6S 7S")
    assert state.result.points == (0, 2)


@pytest.mark.parametrize("plays,expected", [
    ("7S 8D 7H 9D 7C TD", 6),     # last three with sevens
    ("KS 8D 7H 9D 7C TD", 4),     # last two
    ("KS 8D AH 9D 7C TD", 2),     # last one
    ("KS 8D 7H 9D AC TD", 1),     # other card
])
def test_sipa(plays, expected):
    hands = {"6": "7S 7H 7C", "4": "KS 7H 7C", "2": "KS AH 7C", "1": "KS 7H AC"}[str(expected)]
    assert points("sipa", [hands, "8D 9D TD"], plays) == (expected, 0)


@pytest.mark.parametrize("card,expected", [("7S", 2), ("8S", 1), ("AS", 1)])
def test_jeu_de_carte(card, expected):
    rules = "jeu_de_carte" if card != "AS" else {"preset": "jeu_de_carte", "ace_of_spades": True}
    assert points(rules, [card, "9H"], f"{card} 9H") == (expected, 0)


def test_agram_scores_one_for_the_hand():
    assert points("agram", ["3S", "AH"], "3S AH") == (1, 0)


def test_scoring_table_lists_every_figure():
    figures = {p for _, p in scoring_table(Rules.preset("ghana_table"))}
    assert figures == {12, 10, 8, 6, 5, 4, 3, 2, 1, -3}
    assert {p for _, p in scoring_table(Rules.preset("sipa"))} == {6, 4, 2, 1}
