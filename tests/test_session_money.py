"""The cut and the bets in a GameSession: the human decides, bots follow their rule,
the engine checks every amount, the ledger records it, and a saved match keeps it."""

import json

import pytest

from spar_tutor import Bet, IllegalMoveError, Match, Rules
from spar_tutor.engine.deal import cut_pack
from spar_tutor.session import GameSession
from spar_tutor.session.bets import ACCEPT_SHARE, OFFER_SHARE, RISK, BetRound
from tests.doubles import first_legal_factory

FOUR = ["human", "beginner", "beginner", "beginner"]
CUT = Rules.preset("standard", cut=True)
BETS = Rules.preset("standard", betting=True, buy_in=50)


def session(rules, dealer=None, seed=1, seats=FOUR):
    return GameSession(rules, seats, seed=seed, dealer=dealer, bot_factory=first_legal_factory)


def finish(s):
    while not s.state.is_over():
        assert s.play(s.legal_cards()[0]).ok


# -- the cut -------------------------------------------------------------------------

def test_a_human_cutter_is_asked_before_the_deal_and_nothing_moves():
    s = session(CUT, dealer=1)  # seat 0 sits before the dealer
    assert s.pending == "cut" and s.cut_by == 0 and s.viewer == 0
    assert not s.is_human_turn and s.state.plays_made == 0
    assert "cut" in s.play(s.state.hand(0)[0]).message.lower()
    uncut = s.deal.pack
    seen = []
    s.subscribe(lambda e: seen.append(e))
    assert s.cut(5).ok
    assert s.pending is None and s.deal.pack == cut_pack(uncut, 5) and s.cut_lift == 5
    assert ("news", "You cut 5 cards. Ama deals.") in seen


def test_no_cut_deals_the_pack_as_it_is():
    s = session(CUT, dealer=1)
    uncut = s.deal.pack
    assert s.cut(None).ok and s.deal.pack == uncut and s.deal.cut is None


@pytest.mark.parametrize("lift", [0, 35, -1, "3", 2.5, True])
def test_a_bad_cut_is_refused_and_still_pending(lift):
    s = session(CUT, dealer=1)
    outcome = s.cut(lift)
    assert not outcome.ok and outcome.message == "A cut lifts 1 to 34 cards."
    assert s.pending == "cut"


def test_a_stale_click_or_a_second_cut_changes_nothing():
    s = session(CUT, dealer=1)
    version = s.version
    assert s.cut(3, version=version).ok
    assert not s.cut(4, version=version).ok and s.cut_lift == 3
    assert s.cut(4).message == "There is no cut to make now."


def test_bot_cutters_cut_at_random_seeded():
    cuts = [session(CUT, dealer=2, seed=seed).deal.cut for seed in range(6)]
    assert all(1 <= c <= 34 for c in cuts) and len(set(cuts)) > 1
    assert session(CUT, dealer=2, seed=3).deal.cut == cuts[3]
    assert session(CUT, dealer=2).pending is None


def test_the_cutter_of_every_hand_is_the_seat_before_the_dealer():
    s = session(CUT, dealer=3)
    for _ in range(3):
        if s.pending == "cut":
            s.cut(None)
        assert s.cut_by == (s.deal.dealer - 1) % 4
        finish(s)
        s.next_hand()


# -- the bets: the bots' rule ----------------------------------------------------------

def round_of(chances, money=50, humans=(0,)):
    match = Match.new(Rules.preset("standard", betting=True, buy_in=money), 4, seed=0)
    return BetRound(match, list(humans), chances.__getitem__)


def test_bots_offer_on_a_strong_hand_and_match_by_the_rule():
    fair = 0.25
    need = ACCEPT_SHARE * fair + RISK * 3 / 50  # to match a bet of 3 out of 50
    chances = {0: 0.0, 1: OFFER_SHARE * fair + 0.1, 2: need - 0.01, 3: need + 0.06}
    r = round_of(chances)
    r.open([1, 2, 3])
    assert r.bets == [Bet(1, 6, (3,))]  # (0.5 - 0.25) / 2 of 50; seat 2 is short of the rule
    assert not r.closed and r.waiting_for() == [0] and r.answers_due(0) == [0]
    assert r.offer(0, 7, [1, 2, 3]) == (1, 3)  # seat 2 declines again
    r.answer(0, 0, True)
    assert r.closed and r.bets[0].accepted_by == (3, 0)


def test_a_human_with_no_money_is_not_asked():
    r = round_of({1: 0.9, 2: 0.0, 3: 0.0}, money=0)
    r.open([1, 2, 3])
    assert r.bets == [] and r.closed


@pytest.mark.parametrize("amount, words", [
    (-5, "positive whole amount"), (2.5, "positive whole amount"), ("10", "positive whole"),
    (True, "positive whole"), (51, "has 50 and cannot stake 51"),
])
def test_bad_amounts_are_refused_by_the_engine(amount, words):
    r = round_of({1: 0.0, 2: 0.0, 3: 0.0})
    r.open([1, 2, 3])
    with pytest.raises(IllegalMoveError, match=words):
        r.offer(0, amount, [1, 2, 3])
    assert r.bets == [] and not r.closed


def test_what_a_seat_puts_forward_is_capped_by_its_money():
    r = round_of({1: 0.9, 2: 0.0, 3: 0.0})
    r.open([1, 2, 3])  # seat 1 offers a quarter of its 50: 12
    r.offer(0, 48, [1, 2, 3])  # nobody matches, but 48 is on the table
    with pytest.raises(IllegalMoveError, match="cannot stake 60"):
        r.answer(0, 0, True)


# -- the bets in a session --------------------------------------------------------------

def test_the_session_stops_for_bets_before_the_first_trick():
    s = session(BETS)
    assert s.pending == "bets" and s.state.plays_made == 0 and not s.is_human_turn
    assert "bets" in s.card_problem(s.state.hand(0)[0])
    assert s.hint(3).text.startswith("In the deals the computer tried, you won the hand in "
                                     "about ")
    outcome = s.offer_bet(0)
    assert outcome.ok and s.pending is None and s.bets == []
    assert s.is_human_turn or s.state.plays_made > 0


@pytest.mark.parametrize("amount", [-1, 51, "5", 1.5])
def test_a_bad_bet_in_the_session_says_why_and_changes_nothing(amount):
    s = session(BETS)
    version = s.version
    outcome = s.offer_bet(amount)
    assert not outcome.ok and outcome.message and s.version == version
    assert s.pending == "bets"


def test_bets_are_settled_in_the_ledger(monkeypatch):
    monkeypatch.setattr("spar_tutor.session.money.bet_chance",
                        lambda solver, state, seat, seed: 0.9 if seat == 2 else 0.0)
    s = session(BETS)
    r = s.bet_round
    assert r.bets == [Bet(2, 12, ())] and r.answers_due(0) == [0]
    assert s.offer_bet(10).message == "Kofi matched the bet of 10 cedis."
    assert s.pending == "bets"
    assert s.answer_bet(0, True).ok and s.pending is None
    assert s.bets == [Bet(2, 12, (0,)), Bet(0, 10, (2,))]
    finish(s)
    winner = s.state.result.winner
    change = s.match.history[-1].money
    if winner == 0:
        assert change == (22, 0, -22, 0)
    elif winner == 2:
        assert change == (-22, 0, 22, 0)
    else:
        assert change == (0, 0, 0, 0)
    assert s.match.money == tuple(50 + c for c in change)


def test_betting_off_and_answers_out_of_place_are_refused():
    plain = session("standard")
    assert plain.offer_bet(5).message == "Betting is off in standard."
    s = session(BETS)
    assert not s.answer_bet(3, True).ok
    s.offer_bet(0)
    assert s.offer_bet(5).message == "Bets are made before the first trick."


def test_undo_never_takes_back_the_bets():
    s = session(BETS)
    s.offer_bet(0)
    s.play(s.legal_cards()[0])
    while s.can_undo:
        s.undo()
    assert s.pending is None and s.bets == [] and s.state.phase == "play"


# -- saved matches ------------------------------------------------------------------------

GHANA_CUT = Rules.preset("ghana_table")


def test_a_saved_match_keeps_cuts_and_bets():
    s = session(GHANA_CUT, dealer=1, seed=2)
    s.cut(9)
    while s.offers():
        s.move(s.offers()[-1])
    s.offer_bet(10)
    for i in list(s.bet_round.answers_due(0) if s.bet_round else []):
        s.answer_bet(i, False)
    finish(s)
    s.next_hand()
    data = json.loads(s.dumps())
    assert data["version"] == 2 and data["hands"][0]["cut"] == 9
    assert data["hands"][0]["bets"] == [{"seat": b.seat, "amount": b.amount,
                                         "accepted_by": list(b.accepted_by)} for b in s.finished_hands[0].bets]
    back = GameSession.loads(s.dumps(), bot_factory=first_legal_factory)
    assert back.match.money == s.match.money and back.dumps() == s.dumps()
    assert back.pending == s.pending and back.state.history == s.state.history


def test_a_match_saved_while_the_cut_or_bets_are_pending_asks_again():
    s = session(CUT, dealer=1)
    back = GameSession.loads(s.dumps(), bot_factory=first_legal_factory)
    assert back.pending == "cut" and back.dumps() == s.dumps()
    b = session(BETS)
    back = GameSession.loads(b.dumps(), bot_factory=first_legal_factory)
    assert back.pending == "bets" and back.bet_round.bets == b.bet_round.bets


@pytest.mark.parametrize("hand, words", [
    ({"cut": 0, "bets": [{"seat": 0, "amount": 99, "accepted_by": [1]}], "moves": []},
     "has 50 and cannot stake 99"),
    ({"cut": 0, "bets": [{"seat": 0, "amount": 5, "accepted_by": [0]}], "moves": []},
     "cannot accept"),
    ({"cut": 0, "bets": None, "moves": ["7H"]}, "played before the bets were settled"),
    ({"cut": 0, "bets": "lots", "moves": []}, "must be a list"),
])
def test_bad_bets_in_a_file_name_the_hand(hand, words):
    data = json.loads(session(BETS).dumps())
    data["hands"] = [hand]
    with pytest.raises(Exception, match=words):
        GameSession.loads(json.dumps(data), bot_factory=first_legal_factory)


def test_version_1_files_still_load():
    old = {"format": "spar-tutor-match", "version": 1, "rules": "standard",
           "seats": [{"name": "Ama", "player": "human"}, {"name": "Bot", "player": "beginner"},
                     {"name": "Bot 2", "player": "beginner"}],
           "seed": 5, "first_dealer": 2, "hands": [[]]}
    s = GameSession.loads(json.dumps(old), bot_factory=first_legal_factory)
    assert s.seats[0].name == "Ama" and s.hand_number == 1
    assert json.loads(s.dumps())["hands"] == [{"cut": 0, "bets": [], "moves": []}]
    s.play(s.legal_cards()[0])
    moves = [str(m) for m in s.moves()]
    old["hands"] = [moves]
    again = GameSession.loads(json.dumps(old), bot_factory=first_legal_factory)
    assert [str(m) for m in again.moves()] == moves


def test_undo_does_not_reopen_the_declarations_while_the_bets_are_open():
    s = session(GHANA_CUT, dealer=2, seed=0)
    declared = False
    while s.offers():
        s.move(s.offers()[-1])
        declared = True
    assert declared and s.pending == "bets" and not s.can_undo


@pytest.mark.parametrize("chance, words", [
    (0.3, "Good: from what you could see, you won the hand in about 30 deals out of 100, and "
          "matching a bet of 12 cedis pays only above about 42 deals out of 100."),
    (0.6, "Declining is allowed: nobody has to bet. But from what you could see, you won "
          "the hand in about 60 deals out of 100, and matching a bet of 12 cedis pays above about "
          "42 deals out of 100: you could have matched it.")])
def test_a_declined_bet_is_judged_by_the_rule_the_hint_uses(monkeypatch, chance, words):
    """Declining Kofi's bet of 12: right with 30 in 100 (the hint declines it too), a
    missed chance with 60 in 100 (the hint matches it); never called a mistake."""
    monkeypatch.setattr("spar_tutor.session.money.bet_chance",
                        lambda solver, state, seat, seed: 0.9 if seat == 2 else 0.0)
    s = session(BETS)
    assert s.bet_round.bets == [Bet(2, 12, ())]
    s.hints.view_chance = lambda view: chance
    match = 0 in s.hint(3).match
    assert match == (chance == 0.6)  # the hint's advice
    assert s.offer_bet(0).ok
    answered = s.answer_bet(0, False)
    # a sentence calls the bot by its first name, not "Kofi (beginner)'s bet"
    assert answered.ok and answered.message == "You declined Kofi's bet of 12 cedis."
    finish(s)
    line = next(l for l in s.review() if l.kind == "bet")
    assert line.text == "You declined Kofi's bet of 12 cedis. " + words
    assert not line.mistake
