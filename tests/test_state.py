"""The hand state: turns, following suit, trick winners and the phases before play."""

import pytest

from spar_tutor import Action, Card, HandState, IllegalMoveError, Rules, SparError
from spar_tutor.engine.deal import deal
from spar_tutor.engine.state import EXCHANGE, PASS, UNDER_CARD, parse_move, trick_winner
from engine_helpers import play_out, position

C = Card.parse


def test_first_lead_is_after_the_dealer_or_the_dealer():
    hands = ["6S", "7S", "8S"]
    assert HandState.new(Rules.preset("standard"), hands, dealer=1).to_move == 2
    assert HandState.new(Rules.preset("standard", first_lead="dealer"), hands, dealer=1).to_move == 1
    assert HandState.new(Rules.preset("standard"), hands).to_move == 0   # default dealer: last seat


def test_must_follow_suit_but_need_not_beat():
    state = position(hands=["6H KH 9C", "AH 8S 8D"], leader=1, plays="AH")
    assert [str(c) for c in state.legal_moves()] == ["6H", "KH"]
    assert state.explain_illegal(C("6H")) is None
    why = state.explain_illegal(C("9C"))
    assert "hearts were led" in why and "must follow suit" in why


def test_any_card_when_void():
    state = position(hands=["9C 8C", "AH 8S"], leader=1, plays="AH")
    assert {str(c) for c in state.legal_moves()} == {"9C", "8C"}


def test_illegal_move_error_names_card_seat_play_and_rule():
    state = position(hands=["6H KH 9C", "AH 8S 8D"], leader=1, plays="AH")
    with pytest.raises(IllegalMoveError) as err:
        state.apply(C("9C"))
    e = err.value
    assert (e.card, e.seat, e.play, e.rule) == (C("9C"), 0, 2, "follow suit")
    assert "play 2" in str(e) and "seat 0" in str(e) and "9C" in str(e) and "follow suit" in str(e)
    assert isinstance(e, SparError) and isinstance(e, ValueError)


@pytest.mark.parametrize("move,words", [
    ("QH", "does not hold QH"),
    ("AS", "AS is not in the standard pack"),
])
def test_card_not_in_hand(move, words):
    state = position(hands=["6H KH", "AH 8S"])
    assert words in state.explain_illegal(C(move))
    with pytest.raises(IllegalMoveError, match=words):
        state.apply(C(move))


def test_played_card_is_named_as_played():
    state = position(hands=["6H KH", "AH 8S"], plays="KH AH")
    assert "KH has been played" in state.explain_illegal(C("KH"))


def test_out_of_turn():
    state = position(hands=["6H KH", "AH 8S"])
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn") as err:
        state.apply(C("AH"), seat=1)
    assert err.value.rule == "turn order"
    assert state.apply(C("6H"), seat=0).to_move == 1


def test_apply_never_changes_the_state_held():
    state = position(hands=["6H KH", "AH 8S"])
    before = (state.hands, state.to_move, state.current_trick, state.history)
    after = state.apply(C("6H"))
    assert (state.hands, state.to_move, state.current_trick, state.history) == before
    assert after.hands != state.hands
    with pytest.raises(AttributeError):
        state._to_move = 1  # type: ignore[misc]


@pytest.mark.parametrize("cards,leader,winner", [
    ("6H AH 9H", 0, 1),        # highest of the led suit
    ("6H AS 9C", 0, 0),        # nobody follows: the leader wins
    ("9D 6D KS", 2, 2),        # seats wrap round
])
def test_trick_winner(cards, leader, winner):
    assert trick_winner(Rules.preset("standard"), leader, [C(c) for c in cards.split()], 3) == winner


def test_unfollowed_trick_highest_option():
    rules = Rules.preset("standard", unfollowed_trick="highest")
    assert trick_winner(rules, 0, [C("6H"), C("AS"), C("9C")], 3) == 1
    assert trick_winner(rules, 0, [C("9H"), C("9S"), C("8C")], 3) == 0   # equal rank: earlier
    assert trick_winner(rules, 0, [C("6H"), C("AS"), C("9H")], 3) == 2   # someone followed


def test_the_winner_leads_the_next_trick():
    state = position(hands=["6H KC", "AH 8S", "7H 9S"], plays="6H AH 7H")
    assert state.leader == 1 and state.to_move == 1 and state.tricks[0].winner == 1


# -- under ten -----------------------------------------------------------------

def _ghana(hands, stock="", **kw):
    return HandState.new(Rules.preset("ghana_table"), hands, stock=stock, **kw)


def test_under_ten_offered_only_to_eligible_hands_and_exchanges_from_the_stock():
    stock = "AH KH QH JH TH 9S"
    state = _ghana(["6S 7S 8S 9H 9D", "AS KS QS JS 8D"] if False else
                   ["6S 7S 8S 9H 9D", "KS QS JS TS 8D"], stock=stock)
    assert state.phase == "under_ten" and state.to_move == 0
    assert state.legal_moves() == [EXCHANGE, PASS]
    state = state.apply(EXCHANGE)
    assert {str(c) for c in state.hand(0)} == {"AH", "KH", "QH", "JH", "TH"}
    assert state.exchanged[0][0] == 0 and [str(c) for c in state.stock] == ["9S"]
    # seat 1 is not under ten: play (or declarations) begin
    assert state.phase in ("declare", "play")


def test_under_ten_not_offered_with_too_small_a_stock_or_a_high_card():
    state = _ghana(["6S 7S 8S 9H 9D", "KS QS JS TS 8D"], stock="AH KH QH JH")
    assert state.phase != "under_ten"
    assert not state.under_ten_eligible(0)


def test_under_ten_counts_6677_8_as_under_ten():
    state = _ghana(["6S 6H 7S 7H 8D", "KS QS JS TS 8C"], stock="AH KH QH JH TH")
    assert state.phase == "under_ten"


def test_under_ten_when_the_option_is_off():
    state = HandState.new(Rules.preset("standard"), ["6S 7S 8S 9H 9D", "KS QS JS TS 8D"],
                          stock="AH KH QH JH TH")
    assert "off in standard" in state.explain_illegal(EXCHANGE)


# -- dry and wet ----------------------------------------------------------------

def test_declare_phase_offers_6s_and_7s_then_a_wet_of_another_suit():
    state = _ghana(["6S 7S 7H 9D AD", "KS QS JS TS 8D"])
    assert state.phase == "declare" and state.to_move == 0
    assert {str(m) for m in state.legal_moves()} == {"dry 6S", "dry 7S", "dry 7H", "pass"}
    assert "only a 6 or a 7" in state.explain_illegal(Action.dry(C("9D")))
    state = state.apply(Action.dry(C("6S")))
    assert state.to_move == 0
    assert {str(m) for m in state.legal_moves()} == {"wet 7H", "pass"}
    assert "same suit as the dry" in state.explain_illegal(Action.wet(C("7S")))
    state = state.apply(Action.wet(C("7H")))
    assert state.dry[0] == C("6S") and state.wet[0] == C("7H")
    # seat 1 has no 6 or 7, so play begins
    assert state.phase == "play" and state.to_move == 0


def test_wet_without_dry_and_declaring_when_off():
    state = _ghana(["6S 7S 7H 9D AD", "KS QS JS TS 8D"])
    assert "needs a dry" in state.explain_illegal(Action.wet(C("7H")))
    std = HandState.new(Rules.preset("standard"), ["6S 7S 7H 9D AD", "KS QS JS TS 8D"])
    assert "off in standard" in std.explain_illegal(Action.dry(C("6S")))


def test_declared_cards_must_still_follow_suit():
    state = _ghana(["6S 7H 9D AD KC", "KS QS JS TS 8D"], dealer=0)
    # seat 1 leads (dealer 0); seat 0 dries 6S then passes the wet
    state = state.apply(Action.dry(C("6S"))).apply(PASS)
    state = state.apply(C("KS"))
    assert [str(c) for c in state.legal_cards()] == ["6S"]


# -- under card -------------------------------------------------------------------

def test_under_card_only_in_the_second_to_last_trick_once():
    rules = {"preset": "standard", "under_card": True}
    state = position(rules, hands=["6S 7H 8D", "9S 8H TD"], stock="AC KC QC")
    assert "second-to-last" in state.explain_illegal(UNDER_CARD)
    state = play_out(state, "6S 9S")
    assert UNDER_CARD in state.legal_moves()
    state = state.apply(UNDER_CARD)
    assert state.under_card == C("QC") and state.under_card_seat == 1 and state.to_move == 1
    assert "already asked" in state.explain_illegal(UNDER_CARD)
    assert state.view(0).under_card == C("QC")


def test_under_card_needs_a_stock():
    state = position({"preset": "standard", "under_card": True}, hands=["6S 7H", "9S 8H"])
    assert "no stock" in state.explain_illegal(UNDER_CARD)


# -- offside ----------------------------------------------------------------------

OFFSIDE = {"preset": "standard", "offside": True}


def test_renege_is_allowed_then_proven_and_ends_the_hand():
    state = position(OFFSIDE, hands=["AH 6C 9D", "8H 7H 9S", "8S 9C KD"], leader=0)
    state = play_out(state, "AH")
    assert state.can_renege(C("9S")) and C("9S") not in state.legal_moves()
    state = play_out(state, "9S 8S")          # seat 1 reneges with 9S holding hearts
    assert not state.is_over() and state.reneges[0].seat == 1
    state = play_out(state, "6C 7H")          # seat 1 plays a heart: proven
    r = state.result
    assert state.is_over() and r.ended_by == "offside" and r.offender == 1
    assert r.points == (0, -3, 0) and r.winner is None
    assert [str(c) for c in state.abandoned_trick.cards] == ["6C", "7H"]


def test_renege_is_an_error_when_offside_is_off():
    state = position(hands=["AH 6C", "8H 9S"], plays="AH")
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        state.apply(C("9S"))


def test_the_first_proven_renege_pays():
    state = position(OFFSIDE, hands=["AH 6C 9D TS", "8H 7C 9S KD"])
    state = play_out(state, "AH 9S 6C 7C KD TS")   # seat 1 reneges on hearts, seat 0 on diamonds
    assert [r.seat for r in state.reneges] == [1, 0]
    state = play_out(state, "8H")                  # seat 1's renege is proven first
    assert state.result.offender == 1 and state.result.points == (0, -3)


# -- moves as text -------------------------------------------------------------------

@pytest.mark.parametrize("text,move", [
    ("6s", C("6S")), ("dry 6S", Action.dry(C("6S"))), ("WET 7h", Action.wet(C("7H"))),
    ("pass", PASS), ("under ten", EXCHANGE), ("uc", UNDER_CARD),
])
def test_parse_move(text, move):
    assert parse_move(text) == move
    assert parse_move(str(move)) == move


def test_full_hand_from_a_deal():
    state = deal(Rules.preset("seven_card"), players=5, dealer=4, seed=3).start()
    n = 0
    while not state.is_over():
        state = state.apply(state.legal_moves()[0])
        n += 1
    assert n == 35 and len(state.tricks) == 7 and sum(state.result.points) > 0
