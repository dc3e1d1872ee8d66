"""A French notebook (notebooks/fr/) served by Voila speaks French: its Markdown and its
widgets, with no code on the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_french_lesson_notebook_shows_the_lesson_in_french(notebooks_server, voila_page):
    page = voila_page.page
    voila_page.open(notebooks_server, "fr/lesson_03_follow.ipynb")
    cells = page.locator("#rendered_cells")
    expect(cells).to_contain_text("Spar, leçon 3\u00a0: Fournir")
    expect(cells).to_contain_text("Environ 7 minutes, 7 étapes.")
    page.get_by_role("textbox", name="Élève").fill("Ama")
    page.get_by_role("button", name="Commencer", exact=True).click()
    expect(page.get_by_role("button", name=re.compile("^(Suivant|Vérifier)$")).first
           ).to_be_visible()
    for english in ("Start", "Hint", "Next", "Check", "Back"):
        expect(page.get_by_role("button", name=english, exact=True)).to_have_count(0)
    expect(cells).not_to_contain_text("set_language")  # Voila shows no code
    # nor the words for JupyterLab ("first run the cell"): the lesson runs by itself here
    note = page.locator(".spar-lab-only")
    expect(note).to_have_count(1)
    expect(note).to_be_hidden()
    voila_page.screenshot("french-notebook-lesson-3")
    assert "Traceback" not in notebooks_server.log()
