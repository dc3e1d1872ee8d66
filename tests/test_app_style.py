"""Both palettes read well: every text colour has WCAG AA contrast on its background."""

import re

import pytest

from spar_tutor.app.style import CONTRAST_PAIRS, DARK, LIGHT, app_css
from spar_tutor.render import contrast_ratio

AA = 4.5


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("fg, bg", CONTRAST_PAIRS)
def test_contrast(palette, fg, bg):
    assert contrast_ratio(palette[fg], palette[bg]) >= AA, (fg, bg)


def test_palettes_have_the_same_colours():
    assert set(LIGHT) == set(DARK)


def test_css_defines_every_variable_it_uses():
    css = app_css()
    used = set(re.findall(r"var\(--spar-([a-z-]+)\)", css))
    assert used <= set(LIGHT), used - set(LIGHT)
    assert 'body[data-jp-theme-light="false"] .spar-shell' in css
