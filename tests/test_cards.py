import pickle

import pytest

from spar_tutor.engine.cards import (
    CARD_BY_INDEX, Card, cards_of_mask, format_cards, mask_of, parse_card, parse_cards, sort_hand,
)
from spar_tutor.engine.errors import NotationError, SparError


@pytest.mark.parametrize("text,canonical", [
    ("6S", "6S"), ("6s", "6S"), ("10d", "TD"), ("TD", "TD"), ("ah", "AH"),
    ("K♠", "KS"), ("7♥", "7H"), ("Q♦", "QD"), ("9♣", "9C"), ("2♤", "2S"), (" 8c ", "8C"),
])
def test_parse_accepts_every_spelling(text, canonical):
    assert str(parse_card(text)) == canonical


def test_every_card_round_trips():
    for card in CARD_BY_INDEX:
        assert parse_card(str(card)) is card
        assert parse_card(card.symbol_text) is card
        assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize("bad", ["", "6", "1S", "6X", "11H", "KK", "S6", "6 S"])
def test_bad_cards_raise_notation_error_naming_the_text(bad):
    with pytest.raises(NotationError) as err:
        parse_card(bad)
    assert isinstance(err.value, SparError) and isinstance(err.value, ValueError)
    assert repr(bad) in str(err.value)


def test_cards_are_interned_and_immutable():
    assert Card(6, "S") is parse_card("6S")
    assert pickle.loads(pickle.dumps(parse_card("QH"))) is parse_card("QH")
    with pytest.raises(AttributeError):
        parse_card("6S").rank = 7


def test_lists_round_trip_and_masks():
    text = "6S 7H AH TD 9C"
    cards = parse_cards(text)
    assert format_cards(cards) == text
    assert parse_cards("6S, 7H") == parse_cards(["6S", "7H"])
    assert cards_of_mask(mask_of(cards)) == sorted(cards)
    assert format_cards(sort_hand(cards)) == "6S AH 7H TD 9C"


def test_names_and_symbols():
    assert parse_card("6S").name == "six of spades"
    assert parse_card("TD").symbol_text == "10♦"
    assert parse_card("AH") > parse_card("KH") > parse_card("6H")
