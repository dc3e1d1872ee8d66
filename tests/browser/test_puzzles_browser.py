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
    vp.expect_text("Hint: Kofi cannot follow either of your suits. Which of your cards scores more")
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


def pick(vp, words):
    """Open the puzzle whose menu label holds ``words``."""
    picker = vp.page.locator("select").nth(1)
    labels = [t.replace("\xa0", " ") for t in picker.locator("option").all_text_contents()]
    picker.select_option(index=next(i for i, t in enumerate(labels) if words in t))


def test_a_real_table_puzzle_with_the_stock_unknown(notebooks_server, voila_page):
    """Closed, as a real table plays it: the tricks played and the under card are shown,
    the stock is not listed as out of play; solved in two cards. In French too, and on a
    phone's width."""
    vp = voila_page.open(notebooks_server, "puzzles.ipynb", wait_for="Goal:")
    pick(vp, "the under card is shown")
    vp.expect_text("You asked to see the under card")
    expect(vp.page.get_by_text("Stock: 25 cards")).to_be_visible()
    expect(vp.page.get_by_text("Out of play")).to_have_count(0)
    vp.screenshot("puzzles-under-card")
    play(vp, "seven of hearts")  # wrong on purpose: the queen would win the last trick
    vp.expect_text("loses the goal")
    play(vp, "queen of hearts")
    vp.expect_text("Good: Q♥ keeps the goal")
    play(vp, "seven of hearts")
    vp.expect_text("Solved, after 1 wrong card. You won the last trick with 7♥: 2 points.")
    vp.screenshot("puzzles-under-card-solved")
    vp.page.set_viewport_size({"width": 390, "height": 844})
    pick(vp, "Two players: Kofi threw a club")
    vp.expect_text("you see only your own cards and the tricks played")
    vp.screenshot("puzzles-stock-unknown-phone")
    fr = voila_page.open(notebooks_server, "fr/puzzles.ipynb", wait_for="Objectif")
    pick(fr, "la carte du dessous est montrée")
    fr.expect_text("Tu as demandé à voir la carte du dessous")
    fr.screenshot("puzzles-under-card-fr")
