"""The puzzle player widget, driven by clicks without a browser."""

import re

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.puzzles import load_collection
from spar_tutor.puzzles.model import Collection
from spar_tutor.puzzles.widget import SORRY, PuzzlePlayer

COLLECTION = load_collection()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    return tmp_path


def buttons(player):
    return {b.description: b for b in player.hand_row.children}


def click(player, code):
    buttons(player)[Card.parse(code).name].click()


def text(html):
    """What the learner reads: the HTML without its styles and tags."""
    return re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", html, flags=re.DOTALL))


def status(player):
    return text(player.status.value)


def test_solve_a_puzzle_by_clicking():
    player = PuzzlePlayer(learner="Ama", start="ace-first-six-last")
    assert "Two players: a 6 to score" in player.header.value
    assert "Level 1 · Beginner" in player.header.value and "rating" not in player.header.value
    assert "3 points" in text(player.goal.value) and "Kofi" in player.table.value
    assert "Seat" not in player.table.value and "seat" not in player.hand_title.value
    assert set(buttons(player)) == {"ace of diamonds", "six of clubs"}
    click(player, "AD")
    assert "Good: A♦ keeps the goal" in status(player)
    # the goal's "you lead, two tricks to go" was the start: it says so now
    assert text(player.goal.value).startswith("Goal (set at the start of the puzzle): You lead")
    assert "2 tricks to go" in player.header.value and "you see every hand" in player.header.value
    click(player, "6C")
    assert "Solved! You won the last trick with 6♣: 3 points." in status(player)
    assert "Cleanly solved" in status(player)
    why = text(player.solution_box.children[0].value).strip()
    # one main sentence, then "Why not 6♣?", then the whole story behind a button too
    assert why.startswith("Why: A♦ wins trick 4, and then you lead 6♣ to the last trick, "
                          "which nobody can follow.Why not 6♣?6♣ loses the goal."), why
    assert "The whole story" in why and "Kofi has no diamond" in why
    assert 'class="spar-term"' in player.goal.value  # the glossary explains "lead", "trick"
    assert player.progress.solved("ace-first-six-last")
    assert "✓" in player.picker.label and "Solved 1 of" in player.score.value
    assert player.hint_btn.disabled


def test_fail_on_purpose_then_try_again():
    player = PuzzlePlayer(start="lose-the-six")
    click(player, "7C")
    assert "spar-pz-wrong" in player.status.value
    assert "7♣ loses the goal" in status(player) and "Try another card" in status(player)
    assert set(buttons(player)) == {"six of hearts", "seven of clubs"}  # nothing was played
    click(player, "6H")
    assert "Your turn again" in status(player) or "Solved" in status(player)
    while "Solved" not in status(player):
        click(player, player.game.good_cards()[0].__str__())
    assert "Cleanly" not in status(player)
    assert player.progress.attempts("lose-the-six") == 1


def test_unplayable_cards_are_dimmed_and_explained():
    player = PuzzlePlayer(start="ace-wins-trick-four")
    tips = {b.description: b.tooltip for b in player.hand_row.children}
    assert tips == {"ace of hearts": "Play ace of hearts", "ten of hearts": "Play ten of hearts"}
    player2 = PuzzlePlayer(start="throw-the-jack")
    assert all("spar-unplayable" not in b._dom_classes for b in player2.hand_row.children)


def test_hints_and_the_solution_replay():
    player = PuzzlePlayer(learner="Esi", start="king-for-a-king")
    assert player.hint_btn.description == "Hint"
    player.hint_btn.click()
    assert "Hint: Which of Kofi" in status(player)  # its own nudge: a question, no card
    assert "suits are good for you if he leads them?" in status(player)
    player.hint_btn.click()
    assert "Hint: Nobody else holds a spade" in status(player)
    # the next hint is the answer: the button says what it costs
    assert player.hint_btn.description == "Show the answer (counts as not solved)"
    player.hint_btn.click()
    assert "Hint: Play K♦." in status(player)
    # the first go counts as not solved: a first rating below where everyone starts
    assert player.progress.rating is not None and player.progress.rating < 800
    assert "counts as not solved for your rating" in status(player)
    assert text(player.goal.value).startswith("Goal: ")
    assert player.solution_btn.description == "Show solution (counts as not solved)"
    player.solution_btn.click()
    assert "Step 1 of" in text(player.caption.value) and "You play K♦" in text(player.caption.value)
    assert text(player.goal.value).startswith("Goal (set at the start of the puzzle): ")
    assert player.back_btn.disabled and not player.fwd_btn.disabled
    steps = len(player.steps)
    for _ in range(steps):
        player.fwd_btn.click()
    assert f"Step {steps} of {steps}" in text(player.caption.value)
    assert "3 points" in text(player.caption.value) and player.fwd_btn.disabled
    assert "Kofi" in player.table.value
    assert "Why:" in text(player.solution_box.children[-1].value)
    assert all("spar-unplayable" in b._dom_classes for b in player.hand_row.children)
    player.restart_btn.click()
    assert player.step_at == -1 and player.solution_box.children == ()
    assert "Back to the start" in status(player)


def test_closed_puzzle_hides_the_other_hands():
    player = PuzzlePlayer(start="closed-one-club-out")
    table = player.table.value
    assert "hidden card" in table and "Out of play" in table
    assert "7S" not in table.split("Out of play")[0].split("Trick")[0]
    assert "you see only your own hand" in player.header.value


def test_next_puzzle_band_filter_and_picker():
    player = PuzzlePlayer(start="1")
    first = player.game.puzzle
    player.next_btn.click()
    assert player.game.puzzle.id == COLLECTION.puzzles[1].id
    player.band.value = "expert"
    assert player.game.puzzle.band == "expert"
    assert all("Level 4 · Expert" in label for label, _ in player.picker.options)
    assert not any(str(p.rating) in label for p in COLLECTION.puzzles
                   for label, _ in player.picker.options if p.band == "expert")
    player.picker.value = player.picker.options[-1][1]
    assert player.game.puzzle.id == player.picker.options[-1][1]
    player.band.value = "all"
    assert player.open_puzzle(first.id) and player.game.puzzle.id == first.id
    assert not player.open_puzzle("no-such-puzzle")
    assert "There is no puzzle no-such-puzzle" in status(player)


def test_progress_survives_a_restart(home):
    player = PuzzlePlayer(learner="Kofi", start="draw-the-queen")
    click(player, "7S")  # wrong on purpose: counts an attempt
    click(player, "KS")
    click(player, "7S")
    assert "Solved" in status(player)
    again = PuzzlePlayer(learner="Kofi")
    assert again.game.puzzle.id == "draw-the-queen"  # where Kofi left off
    assert again.progress.solved("draw-the-queen") and again.progress.attempts("draw-the-queen") == 1
    assert "tries: 1" in again.header.value and "solved ✓" in again.header.value
    assert (home / "spar-tutor.sqlite").exists() and not again.progress.unsaved
    other = PuzzlePlayer(learner="Esi")
    assert not other.progress.solved("draw-the-queen")


def test_no_traceback_reaches_the_learner(monkeypatch):
    player = PuzzlePlayer(start="ace-first-six-last")

    def broken(card):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(player.game, "play", broken)
    click(player, "AD")
    assert SORRY.split(" (")[0] in status(player)
    assert "Traceback" not in status(player) and "exploded" not in status(player)


def test_an_empty_collection_says_so():
    player = PuzzlePlayer(collection=Collection())
    assert "could not be loaded" in status(player)
    assert player.game is None


def test_an_unwritable_progress_folder_is_not_an_error(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(blocker))
    player = PuzzlePlayer(learner="Yaw", start="draw-the-queen")
    click(player, "KS")
    click(player, "7S")
    assert "Solved" in status(player) and "not being saved" in status(player)
    assert "not being saved" in player.header.value
    assert player.progress.solved("draw-the-queen")


def test_a_failure_while_opening_is_reported_not_raised(monkeypatch):
    import spar_tutor.puzzles.widget as widget

    def broken(puzzle):
        raise RuntimeError("no solver today")

    monkeypatch.setattr(widget, "PuzzleGame", broken)
    player = PuzzlePlayer(start="ace-first-six-last")
    assert "Sorry, something went wrong" in status(player)


def test_next_skips_solved_puzzles():
    player = PuzzlePlayer(learner="Abena", start="1")
    player.progress.solve(COLLECTION.puzzles[1].id, clean=True)
    player.next_btn.click()
    assert player.game.puzzle.id == COLLECTION.puzzles[2].id


def test_show_solution_counts_the_puzzle_as_not_solved_for_the_rating():
    """The page says giving up makes the rating go down: after Show solution it does, at
    once, and a solve after it does not count again."""
    player = PuzzlePlayer(learner="Yaw", start="ace-first-six-last")
    click(player, "AD")
    click(player, "6C")  # solved cleanly: a first rating
    before = player.progress.rating
    assert before is not None
    player.open_puzzle("king-for-a-king")
    assert player.solution_btn.description == "Show solution (counts as not solved)"
    player.solution_btn.click()
    after = player.progress.rating
    assert after < before
    assert f"Your puzzle rating went down by {before - after}, to {after}." in status(player)
    assert "counts as not solved for your rating" in status(player)
    assert f"{after:,}" in player.rating_line.value or str(after) in player.rating_line.value
    player.restart_btn.click()  # solving it now moves the rating no more
    while not player.game.solved:
        click(player, str(player.game.good_cards()[0]))
    assert player.progress.rating == after
