"""Every curated puzzle, checked against the solver's public API (independently of the
loader's own checks), and the collection's coverage of players, rules and lengths."""

from collections import Counter

import pytest

from spar_tutor.puzzles import BANDS, load_collection, puzzles_dir
from spar_tutor.puzzles.loader import load_file
from spar_tutor.solver import guaranteed, solve

COLLECTION = load_collection()
FILES = sorted(puzzles_dir().glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_file_loads_without_problems(path):
    puzzles, problems = load_file(path)
    assert problems == []
    assert puzzles


@pytest.mark.parametrize("puzzle", COLLECTION.puzzles, ids=[p.id for p in COLLECTION.puzzles])
def test_goal_and_winning_cards_agree_with_the_solver(puzzle):
    state = puzzle.state
    assert state.to_move == puzzle.seat
    assert guaranteed(state) == puzzle.points
    solution = solve(state, graded=False)
    keeping = {mv.card for mv in solution.moves if mv.guaranteed == puzzle.points}
    assert keeping == set(puzzle.winning)
    assert max(mv.guaranteed for mv in solution.moves) == puzzle.points
    assert len(keeping) < len(solution.moves), "some legal card must lose the goal"


@pytest.mark.parametrize("puzzle", COLLECTION.puzzles, ids=[p.id for p in COLLECTION.puzzles])
def test_words_are_written(puzzle):
    unit = "point" if puzzle.points == 1 else "points"
    assert f"{puzzle.points} {unit}" in puzzle.goal
    assert len(puzzle.hint) > 20 and len(puzzle.explanation) > 80
    low, high = BANDS[puzzle.band]
    assert low <= puzzle.rating <= high


def test_the_collection_is_complete_and_varied():
    assert COLLECTION.problems == []
    puzzles = COLLECTION.puzzles
    assert len(puzzles) >= 60
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert set(Counter(p.players for p in puzzles)) == {2, 3, 4, 5, 6, 7}
    assert {p.band for p in puzzles} == set(BANDS)
    rules = [p.position.rules for p in puzzles]
    assert sum(r.hand_size == 7 for r in rules) >= 6
    assert sum(r.two_trick_bonus and not r.dry_wet for r in rules) >= 6
    assert sum(r.dry_wet for r in rules) >= 6
    tricks = {p.tricks for p in puzzles}
    assert 2 in tricks and 5 in tricks and 7 in tricks
    full = [p for p in puzzles if len(p.position.hands[0]) == p.position.rules.hand_size]
    assert len(full) >= 5
    assert sum(not p.open for p in puzzles) >= 6
    assert sum(bool(p.position.plays) for p in puzzles) >= 8
