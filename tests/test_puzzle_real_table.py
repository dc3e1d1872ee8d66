"""Closed puzzles as a real table plays them: the stock is unknown, only the tricks played
(and the under card, once someone asks) are known."""

from spar_tutor.engine.dealfile import DealFile
from spar_tutor.puzzles.judge import closed_cards
from spar_tutor.puzzles.loader import load_collection
from spar_tutor.solver import layouts

UNDER_CARD = next(p for p in load_collection(translate=False).puzzles
                  if p.id == "table-the-under-card")


def test_the_under_card_is_in_no_layout_of_the_hidden_hands():
    state = UNDER_CARD.state
    shown = state.view(0).under_card
    assert str(shown) == "KH"
    assert all(not (pos.hands[1] & shown.bit) for pos in layouts(state, 0))


def test_the_under_card_makes_the_puzzle_fair():
    """With KH shown out of play, QH is the best heart in every layout; without asking,
    Kofi might hold KH, and no card is sure of 2 points."""
    assert [str(c) for c in closed_cards(UNDER_CARD.state, 0, 2)] == ["QH"]
    table = UNDER_CARD.position.to_json()
    table["plays"] = table["plays"].replace(" UC", "").replace(" uc", "")
    before = DealFile.from_json(table).state()
    assert before.under_card is None and closed_cards(before, 0, 2) == []
