"""The one table picture (spar_tutor.render.table): what each seat may see, and the
options lessons and puzzles ask for. The play table's own tests are in test_widgets.py."""

import re

import pytest

from spar_tutor import Card
from spar_tutor.engine.view import sees_wet
from spar_tutor.engine.words import Players
from spar_tutor.render.table import table_html
from engine_helpers import position

C = Card.parse
DRY_WET = {"preset": "standard", "two_trick_bonus": True, "dry_wet": True}
NAMES = Players(("You", "Kofi"), you=0)


def declared():
    """Seat 0 has dried 6S and wetted 7H; seat 1 holds 8S 9H TD."""
    return position(DRY_WET, hands=["6S 7H AD", "8S 9H TD"],
                    declarations=[{"seat": 0, "dry": "6S", "wet": "7H"}])


@pytest.mark.parametrize("moves", ["", "6S", "6S 8S"])
@pytest.mark.parametrize("viewer", [0, 1])
def test_the_table_shows_a_wet_card_exactly_when_the_view_does(moves, viewer):
    state = declared()
    for code in moves.split():
        state = state.apply(C(code))
    html = table_html(state, NAMES, viewer)
    seen = state.view(viewer).wet[0] is not None
    assert seen == sees_wet(state, 0, viewer)
    assert ("seven of hearts" in html) == seen
    assert ("a wet card, face down" in html) == (not seen)


def test_an_own_hidden_wet_and_a_wet_turned_face_up_are_told_apart():
    state = declared()
    assert "wet (hidden)" in table_html(state, NAMES, 0)
    turned = state.apply(C("6S"))  # the dry went early: the wet is turned face up
    assert "wet (turned face up)" in table_html(turned, NAMES, 0)
    assert "wet (turned face up)" in table_html(turned, NAMES, 1)


def test_a_declared_card_beside_a_hidden_hand_is_not_also_a_back():
    """Seat 0 holds three cards: its dry (shown), its wet (apart) and one more, hidden."""
    html = table_html(declared(), NAMES, 1)
    assert 'aria-label="1 hidden card"' in html and "six of spades" in html
    assert "a wet card, face down" in html
    after = declared().apply(C("AD")).apply(C("TD"))  # a card each: the dry and wet are left
    assert "hidden card" not in table_html(after, NAMES, 1).split('data-seat="1"')[0]


def test_other_hands_are_hidden_cards_unless_open():
    state = position("standard", hands=["6S 7H KD", "8S 9H TD"])
    closed = table_html(state, NAMES, 0)
    assert 'aria-label="3 hidden cards"' in closed and "eight of spades" not in closed
    opened = table_html(state, NAMES, 0, open_hands=True)
    assert "hidden cards" not in opened and "eight of spades, nine of hearts" in opened


def test_out_of_play_lists_every_card_in_no_hand_and_not_played_by_suit():
    state = position("standard", hands=["6S 7H KD", "8S 9H TD"], plays="KD TD")
    assert "Out of play" not in table_html(state, NAMES, 0)
    html = table_html(state, NAMES, 0, out_of_play=True)
    part = html.split("Out of play")[1]
    rows = dict(re.findall(r"<div>. (\w+): ([^<]*)</div>", part))
    assert rows == {"spades": "K Q J 10 9 7",  # no ace of spades in the pack; 6 and 8 held
                    "hearts": "A K Q J 10 8 6",  # 7 and 9 held
                    "diamonds": "A Q J 9 8 7 6",  # K and 10 played
                    "clubs": "A K Q J 10 9 8 7 6"}


def test_a_stock_given_with_the_position_is_not_listed_out_of_play():
    """A closed puzzle as a real table plays it: the tricks are shown, the stock is hidden."""
    hands = ["TC 8S KH KS 7S", "7D 6H 7C 7H 9D"]
    held = {c for h in hands for c in h.split()}
    stock = " ".join(c for c in (r + s for s in "SHDC" for r in "6789TJQKA")
                     if c not in held and c != "AS")
    state = position("standard", hands=hands, stock=stock, dealer=1,
                     plays="8S 7H TC 7C KH 6H")
    html = table_html(state, NAMES, 0, out_of_play=True)
    assert "Out of play" not in html and "Stock: 25 cards" in html


def test_between_tricks_the_last_winner_is_told_in_symbols_not_card_codes():
    state = position("standard", hands=["6S 7H AD", "8S 9H TD"], plays="AD TD")
    html = table_html(state, NAMES, 0)
    assert ('You won trick 3 with <span class="sp-c sp-red" title="ace of diamonds">A♦</span>:'
            in html) and "AD" not in html
    assert "won by you" in html  # the pile, mid-sentence
    others = table_html(state, Players(("Ama", "Kofi"), you=1), 0)
    assert "Ama won trick 3 with" in others and "You won" not in others


def test_a_question_about_a_trick_shows_no_badge_that_gives_the_answer():
    """Lesson 4 asks who won the trick: after it, the winner leads and is to play, so
    neither badge may show; the same position otherwise shows both."""
    from spar_tutor.lessons import load_all
    from spar_tutor.lessons.kinds import make_run

    steps = [s for lesson in load_all() for s in lesson.steps if s.kind == "trick"]
    assert len(steps) >= 4
    for step in steps:
        picture = make_run(step).picture()
        assert "spar-chip-lead" not in picture and "spar-chip-turn" not in picture
        assert "spar-turn" not in picture
        plain = table_html(step.state(), step.names_of(step.state().players), step.seat)
        assert "spar-chip-lead" in plain and "spar-chip-turn" in plain


def test_seats_come_in_play_order_from_the_viewers_left_the_viewer_last():
    state = position("standard", hands=["6S 7H KD", "8S 9H TD", "KS JH QD"])
    html = table_html(state, ["Ama", "You", "Kofi"], viewer=1)
    seats = re.findall(r'class="spar-seat[^"]*"[^>]*data-seat="(\d)"', html)
    assert seats == ["2", "0", "1"]


def test_every_lesson_picture_speaks_to_the_learner_as_you():
    """The learner is "you" on every lesson table: "You lead", never "You leads" (the
    lesson's names say "You" for the learner, and the table must know that seat)."""
    from spar_tutor.lessons import load_all
    from spar_tutor.lessons.kinds import make_run

    wrong = re.compile(r"\bYou (leads|deals|wins|has|is|plays|holds|won by)\b")
    pictures = 0
    for lesson in load_all():
        for number, step in enumerate(lesson.steps, 1):
            if step.position is None and step.kind != "deal":
                continue
            picture = make_run(step).picture()
            pictures += 1
            assert not wrong.search(picture), (lesson.id, number, wrong.search(picture))
    assert pictures >= 40
    lesson_7 = next(lesson for lesson in load_all() if lesson.number == 7)
    assert "You lead" in make_run(lesson_7.steps[0]).picture()


def test_the_pile_names_who_played_each_card_and_the_winner():
    """Who could not follow is read from the pile: each card has its player's name under
    it, in play order from the leader, and the winner's name is the bold one."""
    names = Players(("You", "Kofi", "Esi (expert)"), you=0)
    state = position("standard", hands=["6S 7H AD KS", "8S 9H TD QS", "6C AH 9D 7C"],
                     plays="KS QS 7C")  # Kofi follows, Esi has no spade
    pile = re.search(r"Trick 2: (.*?) won by", table_html(state, names, 0)).group(1)
    cards = re.findall(r'class="spar-pile-card( spar-pile-won)?">.*?aria-label="([^"]+)"'
                       r'.*?<span>([^<]+)</span>', pile)
    later = table_html(state.apply(C("7H")).apply(C("9H")).apply(C("AH")), names, 0)
    assert "Trick 3: " in later and "won by Esi" in later  # as under its card
    assert re.search(r"Trick 3: .*?won by ([^<]*)", later).group(1).strip() == "Esi"
    assert [(card, who, bool(won)) for won, card, who in cards] == [
        ("king of spades", "You", True), ("queen of spades", "Kofi", False),
        ("seven of clubs", "Esi", False)]
