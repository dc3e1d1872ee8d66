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


def test_in_french_the_ranks_are_the_french_letters_and_no_legend_is_cut():
    """The ranks under the bars were J, Q, K in French too (the cards say V, D, R); the
    legend's long French name ran off the chart's right edge."""
    import html
    import re

    from spar_tutor import i18n

    try:
        i18n.set_language("fr")
        app = App(env={})
        app.go("explore")
        page = app.pages["explore"]
        page.count_last_trick()
        page.count_lead()
        last, lead = page.last_chart.value, page.lead_chart.value
    finally:
        i18n.set_language("en")
    labels = re.findall(r'font-size="13" text-anchor="middle" style="fill:var\(--spar-ink\)">'
                        r'([^<]+)</text>', last)
    assert labels == ["6", "7", "8", "9", "10", "V", "D", "R", "A"]
    width = int(re.search(r'viewBox="0 0 (\d+) ', lead).group(1))
    legend = re.findall(r'<text x="(\d+)" y="[\d.]+" font-size="13"[^>]*>([^<]+)</text>', lead)
    assert len(legend) >= 3  # two names, the long one on two rows
    for x, row in legend:
        assert int(x) + 7 * len(html.unescape(row)) <= width, row  # 6.7 px a letter, measured
