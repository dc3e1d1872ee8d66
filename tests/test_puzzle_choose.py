"""Choosing the next puzzle for a learner: near their rating, unsolved first; the Puzzles
page's rating line and "A puzzle at your level"; a lesson's practice set."""

from types import SimpleNamespace

import pytest

from spar_tutor.learning.rating import PuzzleRating, Result
from spar_tutor.lessons import load_all
from spar_tutor.puzzles.choose import nearest, next_for_you, with_themes
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.puzzles.widget import PuzzlePlayer
from spar_tutor.store import Store


def puzzle(id_, rating, themes=()):
    return SimpleNamespace(id=id_, rating=rating, themes=themes)


POOL = [puzzle("a", 660), puzzle("b", 900), puzzle("c", 1000), puzzle("d", 1100),
        puzzle("e", 1500)]


@pytest.mark.parametrize("rating, solved, expected", [
    (650, set(), "a"),
    (950, set(), "b"),  # b and c as near: the easier first
    (1040, set(), "c"),
    (1040, {"c"}, "d"),  # unsolved first, however near a solved one is
    (2000, set(), "e"),
    (1040, {"a", "b", "c", "d"}, "e"),
])
def test_the_unsolved_puzzle_nearest_the_rating(rating, solved, expected):
    chosen = next_for_you(POOL, rating, solved)
    assert chosen is not None and chosen.puzzle.id == expected and chosen.unsolved


def test_not_the_puzzle_on_show():
    chosen = next_for_you(POOL, 650, set(), current="a")
    assert chosen is not None and chosen.puzzle.id == "b"


def test_all_solved_the_nearest_other_comes_again():
    chosen = next_for_you(POOL, 1090, {p.id for p in POOL}, current="d")
    assert chosen is not None and chosen.puzzle.id == "c" and not chosen.unsolved


def test_no_other_puzzle_no_choice():
    assert next_for_you(POOL[:1], 800, set(), current="a") is None
    assert next_for_you([], 800, set()) is None


def test_nearest_keeps_every_puzzle():
    assert [p.id for p in nearest(POOL, 1000)] == ["c", "b", "d", "a", "e"]


def test_with_themes_is_any_of_them_in_order():
    pool = [puzzle("x", 1, ("throw",)), puzzle("y", 1, ("count", "throw")),
            puzzle("z", 1, ("bonus",))]
    assert [p.id for p in with_themes(pool, ["count", "throw"])] == ["x", "y"]
    assert with_themes(pool, []) == []


@pytest.fixture
def player():
    return PuzzlePlayer(progress=PuzzleProgress("Ama", Store.memory()))


def test_the_rating_in_words_on_the_puzzles_page(player):
    assert "Solve a puzzle to get your puzzle rating." in player.rating_line.value
    while not player.game.solved:  # a good card at every turn
        player.click_card(player.game.good_cards()[0])
    rated = player.progress.puzzle_rating
    assert rated is not None
    assert f"Your puzzle rating: {rated.rating:,}" in player.rating_line.value
    assert "not exact yet" in player.rating_line.value  # one puzzle: far from sure
    assert f"Your first puzzle rating: {rated.rating} (everyone starts at 800)." in \
        player.status.value
    player.on_next()
    while not player.game.solved:
        player.click_card(player.game.good_cards()[0])
    again = player.progress.puzzle_rating
    assert f"Your puzzle rating went up by {again.rating - rated.rating}, to {again.rating:,}." \
        in player.status.value


def solve_after_a_wrong_card(player):
    """Click a card that throws the goal away, then solve the puzzle: its game."""
    game = player.game
    player.click_card(next(c for c in game.legal_cards() if c not in game.good_cards()))
    while not game.solved:
        player.click_card(game.good_cards()[0])
    return game


def test_a_solve_with_a_wrong_card_that_lowers_the_rating_says_why(player):
    """Puzzle 1 is rated below a new learner's 800: solved after a wrong card (half a win),
    it lowers the rating, and the message says so and why."""
    game = solve_after_a_wrong_card(player)
    rated = player.progress.puzzle_rating
    assert game.puzzle.rating < 800 and rated.rating < 800
    assert (f"Your first puzzle rating: {rated.rating} (everyone starts at 800). You tried a "
            "card that loses the goal, so this solve counts as half a win.") in player.status.value
    assert "Cleanly" not in player.status.value
    # the next puzzle, solved after a wrong card again, lowers it from there: said with why
    player.on_next()
    game = solve_after_a_wrong_card(player)
    after = player.progress.puzzle_rating
    assert game.puzzle.rating < rated.rating and after.rating < rated.rating  # an easier one
    assert (f"Your puzzle rating went down by {rated.rating - after.rating}, to "
            f"{after.rating:,}. You tried a card that loses the goal, so this solve counts as "
            "half a win. Half a win against an easier puzzle lowers the rating.") in \
        player.status.value


def test_the_page_says_what_the_rating_is(player):
    about = player.rating_about.value
    assert "<summary>What is a puzzle rating?</summary>" in about
    assert "Everyone starts at 800." in about and "Only your first go" in about
    assert "down a little after an easy one" in about  # why a solve can lower it
    assert player.rating_about in player.for_you.children


def test_a_rating_over_a_thousand_has_its_comma(player):
    progress = player.progress
    for n, level in enumerate([1400, 1500, 1600, 1700]):
        progress.attempt(f"p{n}", level)
        progress.solve(f"p{n}", clean=True, puzzle_rating=level)
    player._refresh_picker()
    rating = progress.rating
    assert rating is not None and rating >= 1000
    assert f"Your puzzle rating: {rating // 1000},{rating % 1000:03d}" in player.rating_line.value


def test_next_puzzle_for_you_opens_one_near_the_rating_and_says_why(player):
    progress = player.progress
    for n in range(4):
        progress.attempt(f"x{n}", 1300)
        progress.solve(f"x{n}", clean=True, puzzle_rating=1300)
    rating = progress.rating
    assert rating is not None and rating > 1100
    before = player.game.puzzle
    player.for_you_btn.click()
    shown = player.game.puzzle
    others = [p for p in player.collection.puzzles if p.id != before.id]
    assert shown.id != before.id and not progress.solved(shown.id)
    assert abs(shown.rating - rating) == min(abs(p.rating - rating) for p in others)
    assert "not solved it yet" in player.for_you_why.value
    assert "close to your puzzle rating" in player.for_you_why.value


def test_a_new_learner_is_offered_an_easy_puzzle(player):
    player.for_you_btn.click()
    assert player.game.puzzle.band == "beginner"
    assert "an easy puzzle" in player.for_you_why.value


def test_a_lessons_practice_offers_only_its_puzzles(player):
    lesson = next(l for l in load_all() if l.id == "06_two_trick_bonus")
    assert player.practise("lesson 6, The two-trick bonus", list(lesson.practice_puzzles))
    assert "bonus" in player.game.puzzle.themes
    listed = player._listed()
    assert {p.id for p in listed} == set(lesson.practice_puzzles)
    count = len(lesson.practice_puzzles)
    assert len(player.picker.options) == count >= 8
    assert f"Practice for lesson 6, The two-trick bonus: {count} puzzles." in player.practice_line.value
    for _ in range(len(listed)):  # Next puzzle stays in the set
        player.next_btn.click()
        assert player.game.puzzle.id in lesson.practice_puzzles
    player.all_btn.click()
    assert player.practice is None and len(player.picker.options) == len(player.collection)


def test_no_loaded_puzzle_no_practice(player):
    assert not player.practise("lesson 1", ["no-such-puzzle"])
    assert player.practice is None


def test_the_rating_moves_after_each_puzzle():
    progress = PuzzleProgress("Yaw", Store.memory())
    progress.attempt("one", 900)
    progress.solve("one", clean=True, puzzle_rating=900)
    assert progress.puzzle_rating == PuzzleRating().after(Result("one", 900, 1.0))


def test_a_solve_with_hints_or_the_solution_says_which_help_made_it_half_a_win(player):
    game = player.game
    player.on_hint()
    player.on_hint()  # the second hint: the computer's card
    while not game.solved:
        player.click_card(game.good_cards()[0])
    assert not game.clean and "You asked for more than one hint, so this solve counts as " \
        "half a win." in player.status.value
    assert game.half_win_reason().startswith("You asked for more than one hint")
    game.saw_solution = True
    assert game.half_win_reason() == ("You looked at the solution, so this solve counts as "
                                     "half a win.")


def test_after_lesson_1_a_puzzle_at_your_level_keeps_to_what_the_lessons_taught(tmp_path,
                                                                                 monkeypatch):
    """The walkthrough's learner finished lesson 1 and was sent to a dry 6 with the
    two-trick bonus (lessons 6 and 7). Now: a puzzle of the next lessons with puzzles
    (lesson 4, taking the lead, has one; lesson 5, keeping a 6 or 7, four more)."""
    from lesson_helpers import finish_lesson, lesson_in_app

    app, lesson = lesson_in_app(tmp_path, monkeypatch, "1")
    finish_lesson(lesson)
    app.go("puzzles")
    player = app.pages["puzzles"].player
    lessons = {l.number: set(l.practice or ()) for l in load_all()}
    later = set().union(*(themes for number, themes in lessons.items() if number > 5))
    early = set().union(*(themes for number, themes in lessons.items() if number <= 5))
    offered = []
    for _ in range(3):
        player.for_you_btn.click()
        puzzle = player.game.puzzle
        offered.append(puzzle.id)
        assert not (set(puzzle.themes) & later - early), (puzzle.id, puzzle.themes)
    assert len(set(offered)) >= 2  # it moves on (each click: the nearest but the one shown)
