"""Every lesson can be clicked through in French, with the same answers as in English
(the positions and answers exist once; only the words are translated)."""

import pytest

from spar_tutor import i18n
from spar_tutor.i18n import _
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.store import Store

from lesson_helpers import finish_step

NUMBERS = list(range(1, 18))


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("number", NUMBERS)
def test_click_through_every_lesson_in_french(number, french, tmp_path):
    lesson = [l for l in load_all() if l.number == number][0]
    store = Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")
    player = LessonPlayer(lesson, ProgressStore("Afi", store))
    for i in range(len(lesson.steps)):
        assert f"Étape {i + 1} sur {len(lesson.steps)}" in player.label.value
        finish_step(player)
        if lesson.steps[i].is_question:
            assert "sp-feedback-right" in player.feedback.value, (i, player.feedback.value)
        player.next_btn.click()
    assert player.run.finished
    q = lesson.questions
    assert (f"Fin de la leçon {number}. Bonnes réponses du premier coup\u00a0: {q} sur {q}."
            if q > 1 else f"Fin de la leçon {number}.") in player.feedback.value
    assert player.next_btn.description != "Finish" and _("Finish") == "Terminer"


def test_the_dealer_badge_is_not_the_queens_letter_in_french(french):
    """A French queen's corner shows D (dame): the dealer's badge says "donneur", on
    the play table and on lesson 2's deal picture alike."""
    from spar_tutor.engine.cards import Card
    from spar_tutor.engine.deal import deal
    from spar_tutor.engine.rules import Rules
    from spar_tutor.engine.state import HandState
    from spar_tutor.render.deal import deal_html
    from spar_tutor.render.table import table_html

    assert Card.parse("QS").letter == "D"
    dealt = deal(Rules(), 3, 2, seed=11)
    state = HandState.new(Rules(), dealt.hands, 2, stock=dealt.stock)
    pictures = [table_html(state, ["Ama", "Kofi", "Toi"], 2),
                deal_html(dealt, 2, ["Ama", "Kofi", "Toi"], 2)]
    for html in pictures:
        assert 'title="donneur">donneur</span>' in html
        assert ">D</span>" not in html


def test_cards_written_with_french_letters_are_drawn_as_cards(french):
    """A French sentence names a king R♣, a jack V♥, a queen D♠: each is drawn like any
    card (bold, red for hearts, its name on hover), as K♣ is in English."""
    from spar_tutor.render.text import cardify

    html = cardify("mais R♣ est plus haut que V♥ et D♠ ; QH aussi.")
    assert '<span class="sp-c" title="le roi de trèfle">R♣</span>' in html
    assert '<span class="sp-c sp-red" title="le valet de cœur">V♥</span>' in html
    assert '<span class="sp-c" title="la dame de pique">D♠</span>' in html
    assert '<span class="sp-c sp-red" title="la dame de cœur">D♥</span>' in html


def test_the_lesson_menu_says_one_step_in_the_singular(french, tmp_path):
    """"1 étape sur 9", not "1 étapes": the form follows the steps done."""
    import ipywidgets as widgets

    from spar_tutor.lessons.widget import LessonMenu

    store = Store.open(f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}")
    first, second = load_all()[:2]
    player = LessonPlayer(first, ProgressStore("Afi", store))
    finish_step(player)
    player.next_btn.click()

    def texts(w):
        if isinstance(w, widgets.HTML):
            yield w.value
        for child in getattr(w, "children", ()):
            yield from texts(child)

    shown = list(texts(LessonMenu(load_all(), "Afi", store)))
    assert f"&nbsp;1 étape sur {len(first.steps)} &middot; environ {first.minutes} min" in shown
    assert f"&nbsp;0 étape sur {len(second.steps)} &middot; environ {second.minutes} min" in shown
    i18n.set_language("en")
    shown = list(texts(LessonMenu(load_all(), "Afi", store)))
    assert f"&nbsp;1 of {len(first.steps)} steps &middot; about {first.minutes} minutes" in shown
