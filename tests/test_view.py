import pytest

from spar_tutor import Card, Rules, ViewError
from spar_tutor.engine.deal import deal
from spar_tutor.engine.state import EXCHANGE, PASS, Action
from spar_tutor.engine.view import sees_wet, wet_face_up
from engine_helpers import position

C = Card.parse


def test_a_view_shows_own_hand_and_public_cards_only():
    state = position("standard", hands=["6S 7H KD", "8S 9H TD", "9S TH 6D"], plays="KD TD")
    v = state.view(0)
    assert v.hand == state.hand(0)
    assert v.hand_sizes == (2, 2, 3)
    assert v.current_trick == (C("KD"), C("TD"))
    assert v.legal_moves == () and state.view(2).legal_moves == tuple(state.legal_moves())
    assert set(v.unseen_cards()) == set(Rules.preset("standard").deck) - set(v.seen_cards())
    assert C("8S") in v.unseen_cards() and C("KD") not in v.unseen_cards()


def test_wet_cards_are_hidden_from_others_dry_cards_are_not():
    state = position({"preset": "standard", "two_trick_bonus": True, "dry_wet": True},
                     hands=["6S 7H AD", "8S 9H TD"], declarations=[{"seat": 0, "dry": "6S", "wet": "7H"}])
    mine, theirs = state.view(0), state.view(1)
    assert mine.wet[0] == C("7H") and theirs.wet[0] is None and theirs.wet_hidden == (True, False)
    assert theirs.dry[0] == C("6S") and C("6S") not in theirs.unseen_cards()
    assert C("7H") in theirs.unseen_cards()
    assert theirs.known_cards(0) == [C("6S")]
    assert "7H" not in str(theirs.to_json())


def test_who_sees_a_wet_card():
    state = position({"preset": "standard", "two_trick_bonus": True, "dry_wet": True},
                     hands=["6S 7H AD", "8S 9H TD"], declarations=[{"seat": 0, "dry": "6S", "wet": "7H"}])
    assert sees_wet(state, 0, 0) and not sees_wet(state, 0, 1) and not wet_face_up(state, 0)
    assert not sees_wet(state, 1, 1)  # seat 1 has no wet
    turned = state.apply(C("6S"))  # the dry went early: the wet is turned face up
    assert wet_face_up(turned, 0) and sees_wet(turned, 0, 1) and turned.view(1).wet[0] == C("7H")
    over = state
    while not over.is_over():
        over = over.apply(over.legal_moves()[-1])
    assert over.wet_shown == (False, False) and wet_face_up(over, 0) and sees_wet(over, 0, 1)


def test_wet_declaration_hidden_in_history():
    state = deal(Rules.preset("ghana_table"), players=3, dealer=2, seed=11).start()
    # drive the pre-lead phases: everybody dries and wets when they can
    while state.phase in ("under_ten", "declare"):
        moves = state.legal_moves()
        pick = next((m for m in moves if isinstance(m, Action) and m.kind in ("dry", "wet")), PASS)
        state = state.apply(pick if pick in moves else PASS)
    for seat in range(3):
        v = state.view(seat)
        for s, m in v.history:
            if isinstance(m, Action) and m.kind == "wet" and s != seat:
                assert m.card is None


def test_shown_under_ten_hand_is_public():
    state = position("ghana_table", hands=["6S 7S 8S 9H 9D", "KS QS JS TS 8D"],
                     stock="AH KH QH JH TH")
    state = state.apply(EXCHANGE)
    v = state.view(1)
    assert v.exchanged == ((0, tuple(sorted(Card.parse(c) for c in "6S 7S 8S 9H 9D".split()))),)
    assert C("6S") not in v.unseen_cards()


def test_voids_from_failing_to_follow():
    state = position("standard", hands=["AH 6C", "9S 8S", "8H 7D"], plays="AH 9S 8H")
    assert state.view(0).voids()[1] == frozenset({"H"})


def test_no_such_seat():
    state = position("standard", hands=["6S", "7S"])
    with pytest.raises(ViewError, match="no seat 5"):
        state.view(5)
