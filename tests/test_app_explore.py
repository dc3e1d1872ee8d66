"""The Explore page: each question dealt and answered with a chart or a table."""

from spar_tutor.app.shell import App
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)


def test_each_panel_deals_and_answers():
    app = App(env={})
    app.go("explore")
    page = app.pages["explore"]
    page.players.value = "3"
    page.count_last_trick()
    assert 'aria-label="Last trick won, 3 players: 6:' in page.last_chart.value
    page.count_lead()
    assert "7 players:" in page.lead_chart.value and "fair share" in page.lead_chart.value
    page.count_sticky()
    assert page.sticky_table.value.count("<tr>") == 5  # a header and 2 x 2 rows


def test_the_same_question_gives_the_same_numbers():
    a, b = App(env={}), App(env={})
    for app in (a, b):
        app.go("explore")
        app.pages["explore"].count_last_trick()
    assert a.pages["explore"].last_chart.value == b.pages["explore"].last_chart.value
