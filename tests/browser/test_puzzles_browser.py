"""The puzzle player in Voila and Chromium: solve a puzzle by clicking, fail one, see the
solution, and open a closed puzzle. Screenshots in test-artifacts/screenshots/puzzles-*.png."""

from playwright.sync_api import expect


#: The puzzle menu's options whose words are wider than the menu (less its arrow).
MENU_CUTS_JS = """() => { const sel = document.querySelectorAll('.spar-pz-top select')[1];
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = getComputedStyle(sel).font;
  return [...sel.options].map(o => o.text)
    .filter(t => pen.measureText(t).width + 28 > sel.clientWidth); }"""


def play(vp, card_name):
    """Click one of the learner's card buttons (named like "six of clubs")."""
    vp.page.get_by_role("button", name=card_name, exact=True).click()


def test_solve_a_puzzle_in_the_browser(notebooks_server, voila_page):
    vp = voila_page.open(notebooks_server, "puzzles.ipynb", wait_for="Goal:")
    vp.expect_text("Puzzle 1: Two players: a 6 to score")
    vp.screenshot("puzzles-start")
    # on a wide screen every puzzle's name fits the menu (it was cut: "(Level 2 · Intermedia")
    assert vp.page.viewport_size["width"] >= 1280 and vp.page.evaluate(MENU_CUTS_JS) == []

    play(vp, "six of clubs")  # wrong on purpose
    vp.expect_text("6♣ loses the goal")
    vp.screenshot("puzzles-wrong-card")

    play(vp, "ace of diamonds")
    vp.expect_text("Good: A♦ keeps the goal")
    play(vp, "six of clubs")
    vp.expect_text("Solved, after 1 wrong card. You won the last trick with 6♣: 3 points.")
    vp.screenshot("puzzles-solved")

    vp.click("Show solution")
    vp.expect_text("Step 1 of 4")
    vp.click("Next step ▶")
    vp.expect_text("Step 2 of 4")
    vp.screenshot("puzzles-solution")
    assert "Traceback" not in vp.page.content()


def test_hint_next_and_a_closed_puzzle(notebooks_server, voila_page):
    vp = voila_page.open(notebooks_server, "puzzles.ipynb", wait_for="Goal:")
    vp.page.get_by_role("button", name="Hint", exact=True).click()  # ("hint" is in other words)
    vp.expect_text("Hint: Only the last trick scores")
    vp.click("Next puzzle")
    vp.expect_text("Puzzle 2: Kofi's spades")
    picker = vp.page.locator("select").nth(1)
    labels = [t.replace("\xa0", " ") for t in picker.locator("option").all_text_contents()]
    picker.select_option(index=next(i for i, t in enumerate(labels) if "Four players: clubs in your hand" in t))
    vp.expect_text("you see only your own hand")
    expect(vp.page.get_by_text("Out of play")).to_be_visible()
    vp.screenshot("puzzles-closed")
    play(vp, "king of clubs")
    vp.expect_text("Good: K♣ keeps the goal")
    vp.screenshot("puzzles-closed-after-a-card")


def test_seven_players_part_way_through_a_trick(notebooks_server, voila_page):
    vp = voila_page.open(notebooks_server, "puzzles.ipynb", wait_for="Goal:")
    picker = vp.page.locator("select").nth(1)
    labels = [t.replace("\xa0", " ") for t in picker.locator("option").all_text_contents()]
    picker.select_option(index=next(i for i, t in enumerate(labels) if "Seven players: no diamond" in t))
    vp.expect_text("Kwame led 10♦")
    vp.screenshot("puzzles-seven-players")
    play(vp, "ten of hearts")  # wrong on purpose
    vp.expect_text("loses the goal")
    play(vp, "queen of clubs")
    vp.expect_text("Good: Q♣ keeps the goal")
    vp.expect_text("won the trick with")  # six answers: who won, not "see the table"
    vp.screenshot("puzzles-seven-players-after")
