"""A notebook served by Voila works in Chromium: widgets render and react."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_button_click_changes_label(fixture_server, voila_page):
    voila_page.open(fixture_server, "smoke.ipynb", wait_for="Click me")
    voila_page.expect_text("Not clicked yet")
    voila_page.click("Click me")
    voila_page.expect_text("Clicked: TD")
    assert voila_page.page.get_by_text("Not clicked yet").count() == 0
    shot = voila_page.screenshot("smoke-after-click")
    assert shot.stat().st_size > 0


def test_kernel_imports_spar_tutor_from_the_checkout(fixture_server, voila_page):
    voila_page.open(fixture_server, "smoke.ipynb", wait_for="spar_tutor from")
    voila_page.expect_text(f"spar_tutor from {REPO / 'spar_tutor' / '__init__.py'}")


def test_page_has_no_notebook_source(fixture_server, voila_page):
    voila_page.open(fixture_server, "smoke.ipynb", wait_for="Click me")
    html = voila_page.page.content()
    assert "on_click" not in html and "import ipywidgets" not in html
