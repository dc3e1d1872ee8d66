"""The curated puzzles are spread over many ideas (issue 36): at least 100, none of the
themes on more than a third of them, at least a quarter aiming for a 7's or a 6's 2 or 3
points, twelve or more defence puzzles, and closed puzzles with the stock unknown."""

from types import SimpleNamespace

from spar_tutor.lessons import load_all
from spar_tutor.puzzles.loader import load_collection
from spar_tutor.puzzles.spread import spread

COLLECTION = load_collection(translate=False)
SPREAD = spread(COLLECTION.puzzles)


def test_the_collection_is_large_and_loads_without_problems():
    assert COLLECTION.problems == []
    assert SPREAD.total >= 100


def test_no_theme_is_on_more_than_a_third_of_the_puzzles():
    assert SPREAD.too_common() == [], SPREAD.lines()
    assert max(SPREAD.themes.values()) * 3 <= SPREAD.total


def test_a_quarter_aim_for_two_or_three_points():
    assert not SPREAD.too_few_sixes_and_sevens()
    assert SPREAD.two_or_three * 4 >= SPREAD.total


def test_twelve_defence_puzzles_practise_lesson_13():
    assert SPREAD.themes["defence"] >= 12
    [defence] = [lesson for lesson in load_all() if lesson.number == 13]
    assert defence.practice == ("defence",)
    assert len(defence.practice_puzzles) == SPREAD.themes["defence"]


def test_some_closed_puzzles_keep_the_stock_unknown():
    assert SPREAD.stock_unknown >= 4
    unknown = [p for p in COLLECTION.puzzles if not p.open and p.position.stock]
    for puzzle in unknown:  # only the tricks played are known, as at a real table
        assert puzzle.state.tricks and len(puzzle.state.stock) >= 5


def test_every_lesson_that_teaches_play_has_puzzles():
    """Lessons 1, 2 (the pack, the deal) teach no card play; every other one has puzzles."""
    lessons = [lesson for lesson in load_all() if lesson.number not in (1, 2)]
    assert [lesson.number for lesson in lessons if not lesson.practice_puzzles] == []


def test_the_spread_warns_past_a_third_and_under_a_quarter():
    one = SimpleNamespace(open=True, themes=("throw",), points=1, players=2,
                          rules_words="standard rules", position=SimpleNamespace(stock=()))
    other = SimpleNamespace(open=True, themes=("count",), points=3, players=3,
                            rules_words="standard rules", position=SimpleNamespace(stock=()))
    lines = spread([one, one, one, other, other]).lines()
    assert "warning: throw is on 3 (60%) of the puzzles, more than a third" in lines
    assert "warning: count is on 2 (40%) of the puzzles, more than a third" in lines
    assert not any("quarter" in line for line in lines)
    lines = spread([one, one, one, one, one]).lines()
    assert "warning: fewer than a quarter of the puzzles aim for 2 or 3 points" in lines
    assert "goals: 1 point 5 (100%); 2 or 3 points: 0 (0%)" in lines
