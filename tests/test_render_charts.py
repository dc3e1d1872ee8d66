"""SVG charts (spar_tutor.render.charts): one bar per value, sized to scale, a score line per
player; named for screen readers."""

import math
import re
from types import SimpleNamespace

from spar_tutor.engine.cards import parse_card
from spar_tutor.engine.match import HandRecord
from spar_tutor.render.charts import bar_chart, score_chart, values_chart


def bars(svg):
    return [float(h) for h in re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="([\d.]+)" rx="3"', svg)]


def test_one_bar_per_value_in_proportion():
    svg = bar_chart([("a", [10.0, 20.0]), ("b", [40.0, 0.0])], ["x", "y"], "T", top=100)
    heights = bars(svg)
    assert len(heights) == 4
    assert heights[1] == 2 * heights[0] and heights[2] == 4 * heights[0] and heights[3] == 0


def test_values_and_labels_are_written_and_spoken():
    svg = bar_chart([("6", [5.0]), ("A", [16.4])], ["share"], "Last trick")
    assert ">5%</text>" in svg and ">16%</text>" in svg and ">A</text>" in svg
    assert 'role="img"' in svg and 'aria-label="Last trick: 6: 5%; A: 16%"' in svg


def test_two_series_get_a_legend_and_theme_colours():
    svg = bar_chart([("2 players", [88.0, 50.0])], ["leader", "fair share"], "Lead")
    assert ">leader</text>" in svg and ">fair share</text>" in svg
    assert "var(--spar-accent)" in svg and "var(--spar-gold)" in svg
    assert "88% leader, 50% fair share" in svg


def test_a_long_legend_name_gets_its_own_row_above_the_bars():
    """Side by side, the second name started 240 px in and a long one ran off the chart."""
    long = "a fair share (what a player would win by luck alone)"
    svg = bar_chart([("2 players", [88.0, 50.0])], ["the leader wins", long],
                    "Lead", top=100)
    rows = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="13"[^>]*>([^<]+)</text>', svg)
    legend = {name: (float(x), float(y)) for x, y, name in rows if name != "2 players"}
    assert legend[long][0] == legend["the leader wins"][0] < 40
    assert legend[long][1] > legend["the leader wins"][1]
    tops = [float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" '
                                         r'height="[\d.]+" rx="3"', svg)]
    assert min(tops) > legend[long][1]  # the bars start under the legend


def test_text_is_escaped():
    svg = bar_chart([("<b>", [1.0])], ["s"], 'say "hi" & <go>')
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "&lt;go&gt;" in svg


def _hands(*points):
    return [HandRecord(number=i + 1, dealer=0, points=p, money=(0,) * len(p), ended_by="",
                       reason="", shuffled=False) for i, p in enumerate(points)]


def test_score_chart_draws_a_line_per_player_with_the_totals_named():
    svg = score_chart(_hands((1, 0, 0), (0, 2, 0), (3, 0, -3)), ["You", "Ama", "Kofi"], 11)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<polyline") == 3
    assert svg.count("<circle") == 3 * 4  # the start and after each of the 3 hands
    assert 'aria-label="Chart of the score over the hands. Now: You: 4 points; Ama: 2 points; Kofi: -3 points"' in svg
    assert "target 11" in svg and "stroke-dasharray" in svg
    assert ">hands played<" in svg and ">points<" in svg


def test_score_chart_keeps_every_point_inside_the_picture():
    svg = score_chart(_hands((5, -3), (6, -3)), ["You", "Ama"], None)
    coordinates = re.findall(r'c([xy])="(-?[\d.]+)"', svg)
    assert coordinates
    for axis, value in coordinates:
        assert 0 <= float(value) <= (340 if axis == "x" else 280)
    assert "target" not in svg


def test_score_chart_gives_a_long_name_a_row_of_its_own():
    """French names with the bot's strength ("Kofi (robot débutant)") ran into the name
    beside them in the two-column key: long names get a row each, the plot keeps its size."""
    def keys(svg):
        return [(float(x), float(y), name) for x, y, name in re.findall(
            r'height="4" fill="[^"]+"/><text x="([\d.]+)" y="([\d.]+)" font-size="12"[^>]*>'
            r'([^<]+)</text>', svg)]

    short = score_chart(_hands((1, 0, 0, 0)), ["Toi", "Ama", "Kofi", "Esi"], 11)
    assert len({x for x, _, _ in keys(short)}) == 2  # two names a row
    names = ["Toi", "Ama (robot expert)", "Kofi (robot débutant)", "Esi (robot au hasard)"]
    svg = score_chart(_hands((1, 0, 0, 0)), names, 11)
    placed = keys(svg)
    assert [name for _, _, name in placed] == names
    assert len({x for x, _, _ in placed}) == 1 and len({y for _, y, _ in placed}) == 4
    height = float(re.search(r'viewBox="0 0 340 ([\d.]+)"', svg).group(1))
    assert all(y <= height for _, y, _ in placed)
    dots = [float(y) for y in re.findall(r'cy="(-?[\d.]+)"', svg)]
    assert max(dots) < min(y for _, y, _ in placed) - 18  # the lines stay above the key


def test_bar_charts_shrink_to_a_phone_and_write_percent_as_the_language_does():
    from spar_tutor import i18n

    svg = bar_chart([("6", [5.0])], ["share"], "Last trick")
    assert 'viewBox="0 0 420 ' in svg  # drawn 560 wide, its words were halved on a phone
    assert 'style="width:100%;max-width:560px;height:auto"' in svg
    try:
        i18n.set_language("fr")
        svg = bar_chart([("6", [5.0])], ["part"], "Dernier pli")
    finally:
        i18n.set_language("en")
    assert ">5\u00a0%</text>" in svg


def test_score_chart_escapes_names():
    svg = score_chart([], ["<b>", 'a "b"'], 11)
    assert "<b>" not in svg and "&lt;b&gt;" in svg


def _value(card, chance, expected):
    return SimpleNamespace(card=parse_card(card), label=card, win_chance=chance, expected=expected)


def test_values_chart_draws_a_bar_per_card_best_first_in_gold():
    """The bars are the points in 100 hands (the points on average, what the best card is
    chosen by), so the gold bar is the tallest even where another card wins the hand more
    often; every figure is a whole number out of 100 hands."""
    svg = values_chart([_value("AS", 0.3, 2.5), _value("7H", 0.4, 0.5), _value("2C", 0.1, -0.3)])
    assert svg.startswith("<svg") and svg.count("<rect") == 3
    fills = re.findall(r'<rect [^>]*fill="(#[0-9a-f]+)"', svg)
    assert fills[0] != fills[1] == fills[2]  # the best in gold, the others green
    heights = [float(h) for h in re.findall(r'<rect [^>]*height="([\d.]+)"', svg)]
    assert heights[0] == max(heights) and abs(heights[0] - 5 * heights[1]) < 0.2
    assert heights[2] == 0  # no bar below the line
    assert ">250</text>" in svg and ">50</text>" in svg and ">won 30</text>" in svg
    assert ">won 40</text>" in svg and " pts<" not in svg and "%<" not in svg
    assert "Under each card: the hands it won, out of 100." in svg
    assert "Each card you may play" in svg and "points in 100 hands" in svg
    assert "ace of spades: 250 points and 30 hands won, in 100 hands" in svg
    assert "two of clubs: 0 points and 10 hands won, in 100 hands" in svg


def test_values_chart_colours_gold_every_card_the_hint_calls_just_as_good():
    """"9♦ is just as good", says the hint: its bar is gold like the best one's; a card the
    hint does not name stays green, however close its bar."""
    values = [_value("8D", 0.07, 0.10), _value("9D", 0.07, 0.08), _value("KC", 0.02, 0.05)]
    fills = re.findall(r'<rect [^>]*fill="(#[0-9a-f]+)"', values_chart(values, gold=[values[1].card]))
    assert fills[0] == fills[1] != fills[2]
    fills = re.findall(r'<rect [^>]*fill="(#[0-9a-f]+)"', values_chart(values))
    assert fills[0] != fills[1] == fills[2]


def test_small_averages_are_whole_points_in_100_hands_so_that_unequal_bars_differ():
    svg = values_chart([_value("6S", 0.08, 0.08), _value("JC", 0.0, 0.02)])
    assert ">8</text>" in svg and ">2</text>" in svg
    assert "six of spades: 8 points and 8 hands won, in 100 hands" in svg


def test_values_chart_keeps_small_points_visible_and_skips_unknown_points():
    svg = values_chart([_value("AS", 0.05, 0.1), _value("7H", 0.0, math.nan)])
    heights = [float(h) for h in re.findall(r'<rect [^>]*height="([\d.]+)"', svg)]
    assert heights[0] > 100  # 10 points of a scale to 12.5, not to 300
    assert heights[1] == 0
    labels = re.findall(r'font-size="10" text-anchor="middle" style="[^"]*">(\d+)</text>', svg)
    assert labels == ["10"]  # none for unknown points


def test_players_level_on_the_score_chart_are_drawn_apart():
    """Three players still on 0 after a hand: three lines 2.5 px apart, not one on top of
    the others (the last one drawn hid two); a player alone at a total is drawn exactly."""
    svg = score_chart(_hands((0, 0, 0, 1)), ["You", "Ama", "Kofi", "Esi"], 10)
    after = [float(cy) for cx, cy in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
             if float(cx) > 300]  # the points after hand 1, at the right
    level, alone = sorted(after[:3]), after[3]
    assert [round(b - a, 1) for a, b in zip(level, level[1:])] == [2.5, 2.5]
    assert alone < min(level) - 10
