"""The Play match is kept for the learner after every move: a reload, a new tab or another
computer brings back the same hand at the same point; a second tab says so and saves nothing
until it takes the match over; New match starts afresh; Ghana table rules' cut, bets and
money come back too."""

from __future__ import annotations

from datetime import timedelta

import pytest

from spar_tutor.app.pages.play_keeper import OTHER_TAB, TAKEN
from spar_tutor.app.route import parse_query
from spar_tutor.app.shell import App
from spar_tutor.i18n import _
from spar_tutor.learning.saved_match import SavedMatch
from spar_tutor.store import shared_store
from spar_tutor.store.schema import SavedGame
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    return tmp_path


def open_play(tab, query="learner=Ama&page=play&game=ghana_table"):
    """A tab of the app on Play; the page says its tab id (as its script does in Voila)."""
    app = App(env={})
    app.follow(parse_query(query))
    if tab is not None:
        app.address._heard({"new": f"1|tab|{tab}"})
    return app, app.pages["play"]


def play(page, decisions):
    """The learner's next ``decisions`` at the table: a cut, no bets, a card, the next hand."""
    session = page.table.session
    for _ in range(decisions):
        if session.pending == "cut":
            session.cut(7)
        elif session.pending == "bets":
            session.offer_bet(0)
            for index in range(8):
                if session.pending != "bets":
                    break
                session.answer_bet(index, False)
        elif session.state.is_over():
            session.next_hand()
        elif session.is_human_turn:
            move = session.legal_cards()[0] if session.state.phase == "play" \
                else session.offers()[0]
            session.move(move)


def shown(page):
    return page.keeper.box.layout.display != "none", page.keeper.message.value


def test_a_reload_brings_back_the_same_match_at_the_same_point():
    first, page = open_play("tabA")
    play(page, 4)
    before = page.table.session.dumps()
    assert page.table.session.state.plays_made >= 2
    again, page2 = open_play("tabA")  # the same tab, reloaded: a new kernel
    assert page2.table.session.dumps() == before
    assert shown(page2) == (False, "")
    play(page2, 2)  # it goes on playing and saving
    assert SavedMatch("Ama").latest().tab == "tabA"
    third, page3 = open_play("tabA")
    assert page3.table.session.dumps() == page2.table.session.dumps()


def test_a_new_tab_says_so_and_takes_over_only_when_asked():
    first, a = open_play("tabA")
    play(a, 3)
    second, b = open_play("tabB")
    assert b.table.session.dumps() == a.table.session.dumps()  # the same hand, same point
    visible, words = shown(b)
    assert visible and _(OTHER_TAB) in words and b.keeper.take_over_button.description
    play(b, 2)  # played here without taking it over: nothing saved from this tab
    assert SavedMatch("Ama").latest().tab == "tabA"
    play(a, 1)  # the first tab goes on
    b.keeper.take_over_button.click()  # the latest match, from the first tab, comes here
    assert b.table.session.dumps() == a.table.session.dumps() and shown(b) == (False, "")
    assert SavedMatch("Ama").latest().tab == "tabB"
    play(a, 1)  # the first tab's next move finds the match taken
    visible, words = shown(a)
    assert visible and _(TAKEN) in words and SavedMatch("Ama").latest().tab == "tabB"
    a.keeper.take_over_button.click()
    assert SavedMatch("Ama").latest().tab == "tabA" and shown(a) == (False, "")


def test_another_computer_gets_the_match_and_an_old_one_is_just_played():
    first, a = open_play("tabA")
    play(a, 3)
    store = shared_store()
    with store.write() as session:  # the match was saved an hour ago
        row = session.query(SavedGame).one()
        row.saved_at = row.saved_at - timedelta(hours=1)
    other, b = open_play("tabOther")
    assert b.table.session.dumps() == a.table.session.dumps() and shown(b) == (False, "")


def test_new_match_starts_afresh_and_is_kept():
    first, a = open_play("tabA")
    play(a, 3)
    old = a.table.session.dumps()
    a.table.setup.start.click()
    assert a.table.session.dumps() != old
    again, b = open_play("tabA", query="learner=Ama&page=play")
    assert b.table.session.dumps() == a.table.session.dumps()


def test_one_row_a_learner_and_no_learner_no_row():
    first, a = open_play("tabA")
    play(a, 6)
    nobody, c = open_play("tabC", query="page=play")
    play(c, 2)
    with shared_store().read() as session:
        assert session.query(SavedGame).count() == 1
