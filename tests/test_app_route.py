"""Deep links: the query string of the app's address."""

import pytest

from spar_tutor.app.route import PAGES, Route, parse_query


@pytest.mark.parametrize("query, route", [
    ("", Route()),
    (None, Route()),
    ("page=lessons&lesson=7", Route(page="lessons", lesson="7")),
    ("?page=rules&preset=sipa", Route(page="rules", preset="sipa")),
    ("page=PLAY&preset=ghana_table", Route(page="play", preset="ghana_table")),
    ("lesson=3", Route(page="lessons", lesson="3")),
    ("puzzle=p12", Route(page="puzzles", puzzle="p12")),
    ("learner=Ama%20Mensah", Route(learner="Ama Mensah")),
    ("page=play&game=ghana_table", Route(page="play", preset="ghana_table")),
    ("page=lessons&lesson=3&step=4", Route(page="lessons", lesson="3", step=4)),
    ("page=rules&theme=DARK", Route(page="rules", theme="dark")),
])
def test_parse_query(query, route):
    assert parse_query(query) == route


@pytest.mark.parametrize("query", [
    "page=../../etc", "page=", "page=admin", "page=home%00", "x=1", "&&&", "page=lessons&page=rules",
])
def test_unknown_or_odd_pages_fall_back_safely(query):
    assert parse_query(query).page in PAGES


@pytest.mark.parametrize("value", ["../../x", "a/b", "7;rm", "<b>", "x" * 41, "%2e%2e"])
def test_ids_that_are_not_plain_names_are_dropped(value):
    route = parse_query(f"page=lessons&lesson={value}&puzzle={value}&preset={value}")
    assert route.page == "lessons"
    assert route.lesson is None and route.puzzle is None and route.preset is None


def test_a_huge_query_is_cut_not_an_error():
    route = parse_query("page=rules&learner=" + "a" * 10_000)
    assert route.page == "rules" and len(route.learner) <= 60


def test_query_round_trips():
    for route in [Route(), Route("lessons", lesson="7"), Route("rules", preset="sipa", learner="Kofi")]:
        assert parse_query(route.query()) == route


@pytest.mark.parametrize("step", ["0", "-1", "x", "1000", "²", "3.5", ""])
def test_odd_steps_are_dropped(step):
    assert parse_query(f"page=lessons&lesson=3&step={step}").step is None


def test_odd_themes_are_dropped():
    assert parse_query("theme=pink").theme is None


def test_every_field_round_trips_and_the_game_is_written_game():
    route = Route("lessons", lesson="3", step=4, learner="Kɔfi", theme="dark")
    assert parse_query(route.query()) == route
    play = Route("play", preset="ghana_table")
    assert play.query() == "page=play&game=ghana_table"
    assert parse_query(play.query()) == play
