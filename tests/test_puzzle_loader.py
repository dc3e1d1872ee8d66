"""Loading puzzle files: every problem named with its file, puzzle and line; a broken
file or puzzle never stops the others from loading."""

from pathlib import Path

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.puzzles import PuzzleError, load_collection, load_file, load_strict, loads_file

BROKEN = Path(__file__).parent / "puzzles_broken"

GOOD = """
title = "One puzzle"

[[puzzle]]
id = "ace-first"
title = "Ace first"
position = { hands = ["AD 6C", "6S TH"], leader = 0 }
seat = 0
goal = "Win the last trick with your 6: 3 points."
points = 3
band = "beginner"
rating = 770
open = true
winning = "AD"
hint = "Which card do you want at the end?"
explanation = "AD wins trick 4, then 6C."
"""


def problems_of(name):
    return [str(p) for p in load_file(BROKEN / name)[1]]


def test_a_good_puzzle_loads():
    puzzles, problems = loads_file(GOOD, "good.toml")
    assert problems == []
    (p,) = puzzles
    assert p.id == "ace-first" and p.points == 3 and p.winning == (Card.parse("AD"),)
    assert p.players == 2 and p.tricks == 2 and p.preset == "standard" and p.open
    assert p.line == 4


def test_the_broken_folder_still_loads_its_good_puzzle():
    collection = load_collection(BROKEN)
    assert [p.id for p in collection.puzzles] == ["good-ace-first"]
    files = {p.file for p in collection.problems}
    assert files == {"01_good.toml", "02_not_toml.toml", "03_wrong_winning.toml",
                     "04_bad_position.toml", "05_bad_fields.toml", "06_closed_unfair.toml",
                     "07_duplicate_id.toml", "08_no_puzzles.toml"}


def test_a_wrong_goal_names_the_solver_figure_and_the_line():
    assert problems_of("01_good.toml") == [
        "01_good.toml line 23, puzzle good-wrong-goal: the goal is 1 point but the solver says "
        "seat 0 can guarantee 3 points (with AD)"]


def test_not_toml():
    (problem,) = load_file(BROKEN / "02_not_toml.toml")[1]
    assert problem.line == 5 and "not valid TOML" in problem.what


def test_winning_cards_missing_extra_and_illegal():
    assert problems_of("03_wrong_winning.toml") == [
        "03_wrong_winning.toml line 13, puzzle missing-and-extra: KS also keeps the goal: "
        "list it in \"winning\"",
        "03_wrong_winning.toml line 13, puzzle missing-and-extra: 7C does not keep the goal: "
        "after it seat 0 is sure of only 1 point",
        "03_wrong_winning.toml line 27, puzzle not-a-legal-card: 9D cannot be played here: "
        "seat 0 does not hold 9D (9D is in seat 1's hand)"]


def test_impossible_positions():
    found = problems_of("04_bad_position.toml")
    assert found[0].startswith("04_bad_position.toml line 6, puzzle card-twice: position: 6C is "
                               "dealt twice")
    assert found[1].startswith("04_bad_position.toml line 20, puzzle not-a-card: position: hand "
                               "of seat 0: not a card: '6X'")
    assert found[2] == ("04_bad_position.toml line 35, puzzle wrong-seat: seat 0 is not to move: "
                        "seat 1 is")


def test_fields_every_problem_at_once():
    found = problems_of("05_bad_fields.toml")
    assert found[0] == "05_bad_fields.toml line 2: unknown key 'colour' (known: puzzle, summary, title)"
    text = "\n".join(found)
    assert "line 17, puzzle Bad Id!: unknown key 'difficulty'" in text
    assert "line 5, puzzle Bad Id!: id 'Bad Id!' must be lower-case" in text
    assert "line 9, puzzle Bad Id!: the goal's words must say how many: \"3 points\"" in text
    assert "line 12, puzzle Bad Id!: rating 1500 is not in the beginner band (400 to 999)" in text
    assert "line 25, puzzle missing-hint: 'points' must be a whole number" in text
    assert "line 19, puzzle missing-hint: 'hint' is missing" in text


def test_a_closed_puzzle_must_be_solvable_without_seeing_the_hands():
    assert problems_of("06_closed_unfair.toml") == [
        "06_closed_unfair.toml line 12, puzzle closed-needs-a-peek: closed, the goal cannot be "
        "made sure of without seeing the other hands: make the puzzle open"]


def test_duplicate_ids_across_files():
    collection = load_collection(BROKEN)
    dup = [p for p in collection.problems if p.file == "07_duplicate_id.toml"]
    assert [str(p) for p in dup] == [
        "07_duplicate_id.toml line 3, puzzle good-ace-first: the id 'good-ace-first' is already "
        "used in 01_good.toml"]


def test_no_puzzles_and_unreadable_files(tmp_path):
    assert problems_of("08_no_puzzles.toml") == [
        "08_no_puzzles.toml: no puzzles: write each one under a [[puzzle]] header"]
    (tmp_path / "bad.toml").write_bytes(b"\xff\xfe title")
    assert str(load_file(tmp_path / "bad.toml")[1][0]) == \
        "bad.toml: saved as UTF-16 text: save the file as UTF-8"
    (tmp_path / "folder.toml").mkdir()
    assert "cannot read the file" in str(load_file(tmp_path / "folder.toml")[1][0])
    assert load_collection(tmp_path / "missing").puzzles == []


def test_load_strict_raises_with_every_problem():
    with pytest.raises(PuzzleError) as err:
        load_strict(BROKEN / "03_wrong_winning.toml")
    assert len(err.value.problems) == 3
    assert err.value.file == "03_wrong_winning.toml" and err.value.line == 13


def test_a_checker_crash_is_a_problem_not_an_exception(monkeypatch):
    import spar_tutor.puzzles.loader as loader

    def boom(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr(loader, "check_puzzle", boom)
    puzzles, problems = loads_file(GOOD, "good.toml")
    assert puzzles == [] and "could not be checked: RuntimeError: bug" in str(problems[0])


def test_find_by_id_or_number():
    collection = load_collection(BROKEN)
    assert collection.find("good-ace-first") is collection.puzzles[0]
    assert collection.find("1") is collection.puzzles[0]
    assert collection.find("2") is None and collection.find("nope") is None
