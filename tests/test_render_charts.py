"""SVG bar charts (spar_tutor.render.charts): one bar per value, sized to scale, named for
screen readers."""

import re

from spar_tutor.render.charts import bar_chart


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


def test_text_is_escaped():
    svg = bar_chart([("<b>", [1.0])], ["s"], 'say "hi" & <go>')
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "&lt;go&gt;" in svg
