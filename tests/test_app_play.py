"""The Play page on top of spar_tutor.widgets.PlayTable."""

from spar_tutor.app.route import Route
from spar_tutor.app.shell import App
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


def test_play_page_is_a_table_with_a_fresh_deal_each_visit():
    first, second = App(env={}), App(env={})
    first.go("play")
    second.go("play")
    a, b = first.pages["play"].table.session, second.pages["play"].table.session
    assert a is not b
    assert a.seed != b.seed


def test_link_chooses_the_game():
    app = App(env={})
    app.follow(Route(page="play", preset="sipa"))
    assert app.pages["play"].table.session.rules.name == "sipa"


def test_a_card_can_be_played_and_a_hint_taken():
    app = App(env={})
    app.go("play")
    table = app.pages["play"].table
    session = table.session
    before = session.version
    playable = [b for b in table.hand.buttons if "spar-unplayable" not in b._dom_classes]
    assert session.is_human_turn and playable  # the bots before you have played
    table.hints.buttons[1].click()
    assert table.hints.last is not None and "Stuck?" not in table.hints.answer.value
    playable[0].click()
    assert session.version != before


def test_no_bot_has_the_learners_name(tmp_path, monkeypatch):
    """A learner called Kofi plays Ama, Esi and Yao; renamed when the learner changes."""
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    app = App(env={})
    app.set_learner("Kofi Mensah")
    app.go("play")
    session = app.pages["play"].table.session
    assert [s.name for s in session.seats] == [
        "You", "Ama (beginner)", "Esi (beginner)", "Yao (beginner)"]
    table = app.pages["play"].table.table.value
    assert ">Yao <" in table and ">Kofi <" not in table
    app.set_learner("Abena")
    assert ">Kofi <" in app.pages["play"].table.table.value  # drawn again at once
    assert [s.name for s in session.seats][1:] == [
        "Ama (beginner)", "Kofi (beginner)", "Esi (beginner)"]
    session.avoid(["Ama"])
    session.restart(seats=["human", "expert", "beginner"])  # New game keeps to it
    assert [s.name for s in session.seats][1:] == ["Kofi (expert)", "Esi (beginner)"]
