"""The puzzle rating: Glicko-2 from Glickman's paper, the learner's rating after each
puzzle, and the old Elo ratings carried over by the database's migration."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import text

from spar_tutor.learning.glicko2 import Glicko, expected, update
from spar_tutor.learning.rating import (LEAST_DEVIATION, PUZZLE_DEVIATION, START, PuzzleRating,
                                        Result, replay)
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.store import Store, records
from spar_tutor.store.db import make_engine
from spar_tutor.store.migrate import config, current, differences

PAPER_OPPONENTS = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]


def test_the_papers_worked_example():
    after = update(Glicko(1500, 200, 0.06), PAPER_OPPONENTS, tau=0.5)
    # the paper: mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999, r' = 1464.06, RD' = 151.52
    assert after.mu == pytest.approx(-0.2069, abs=1e-4)
    assert after.phi == pytest.approx(0.8722, abs=1e-4)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)


def test_the_papers_intermediate_values():
    player = Glicko(1500, 200, 0.06)
    # step 3's E for each opponent, as the paper lists them
    assert [round(expected(player, o), 3) for o, _ in PAPER_OPPONENTS] == [0.639, 0.432, 0.303]


def test_only_differences_of_rating_matter():
    """The same results 300 points higher give the same change (the package on PyPI
    gets this wrong: its step 5 uses mu where the paper has phi)."""
    low = update(Glicko(1500, 200, 0.06), PAPER_OPPONENTS)
    high = update(Glicko(1800, 200, 0.06),
                  [(Glicko(o.rating + 300, o.deviation), s) for o, s in PAPER_OPPONENTS])
    assert high.rating - 300 == pytest.approx(low.rating)
    assert high.deviation == pytest.approx(low.deviation)
    assert high.volatility == pytest.approx(low.volatility)


def test_a_period_without_games_only_widens_the_deviation():
    after = update(Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.deviation == pytest.approx((200 ** 2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_an_upset_moves_the_volatility_up():
    strong = Glicko(1900, 60, 0.06)
    after = update(strong, [(Glicko(1200, 60), 0.0)] * 10)
    assert after.volatility > strong.volatility and after.rating < strong.rating


@pytest.mark.parametrize("puzzle, score, way", [(800, 1.0, 1), (900, 0.5, 1), (700, 0.5, -1),
                                                (800, 0.0, -1)])
def test_a_puzzle_moves_the_rating_the_right_way(puzzle, score, way):
    """From 800: solving an 800 puzzle raises the rating, giving it up lowers it; solved
    with help (1/2, a draw) raises it against a harder puzzle, lowers it against an easier."""
    before = PuzzleRating()
    after = before.after(Result("p", puzzle, score))
    assert (after.glicko.rating - before.glicko.rating) * way > 0
    assert after.glicko.deviation < before.glicko.deviation


def test_a_new_learner_settles_after_enough_puzzles_and_the_deviation_has_a_floor():
    rating = PuzzleRating()
    assert rating.rating == 800 and not rating.settled and rating.glicko == START
    for n in range(60):
        rating = rating.after(Result(f"p{n}", 900, 1.0 if n % 2 else 0.0))
    assert rating.settled and rating.glicko.deviation >= LEAST_DEVIATION
    assert 850 <= rating.rating <= 950  # half solved at 900: about 900


def test_replay_is_the_results_one_after_the_other():
    found = [Result("a", 700, 1.0), Result("b", 1200, 0.0)]
    assert replay(found) == PuzzleRating().after(found[0]).after(found[1])
    assert replay(found[1:], replay(found[:1])) == replay(found)
    assert PUZZLE_DEVIATION < START.deviation


def test_each_puzzle_is_rated_once_in_the_database():
    store = Store.memory()
    progress = PuzzleProgress("Kojo", store)
    assert progress.rating is None and progress.puzzle_rating is None
    progress.attempt("easy", 700)
    progress.solve("easy", clean=True, puzzle_rating=700)
    first = progress.puzzle_rating
    assert first == PuzzleRating().after(Result("easy", 700, 1.0))
    progress.attempt("hard", 1300)
    progress.solve("hard", clean=False, puzzle_rating=1300)  # with help: 1/2
    assert progress.puzzle_rating == first.after(Result("hard", 1300, 0.5))
    with store.read() as session:
        learner = store.learner_id("Kojo")
        assert records.rated_puzzles(session, learner, records.PUZZLE_RATING) == {"easy", "hard"}
        row = records.latest_rating(session, learner, records.PUZZLE_RATING)
        assert row is not None and row.puzzle == "hard" and row.deviation < 350


def test_old_elo_ratings_are_carried_over_with_a_large_deviation(database_url):
    store = Store(make_engine(database_url))
    with store.engine.begin() as conn:
        command.upgrade(config(conn), "0002")
        conn.execute(text("INSERT INTO learners (key, name, created_at) "
                          "VALUES ('yaw', 'Yaw', '2026-11-30 08:00:00')"))
        conn.execute(text(
            "INSERT INTO puzzle_attempts (learner_id, puzzle, puzzle_rating, started_at, "
            "solved_at, clean) VALUES (1, 'old', 900, '2026-11-30 09:00:00', "
            "'2026-11-30 09:01:00', true)"))
        conn.execute(text("INSERT INTO ratings (learner_id, kind, value, puzzle, rated_at) "
                          "VALUES (1, 'puzzles', 842, 'old', '2026-11-30 09:01:00')"))
    store.close()
    store = Store.open(database_url)  # migrated to the newest at start
    progress = PuzzleProgress("Yaw", store)
    assert progress.rating == 842
    assert progress.puzzle_rating == PuzzleRating(Glicko(842, 350, 0.06))
    progress.attempt("new", 1000)
    progress.solve("new", clean=True, puzzle_rating=1000)
    # on from the old rating; the old puzzle, rated by Elo, is not rated again
    assert progress.puzzle_rating == PuzzleRating(Glicko(842, 350, 0.06)).after(
        Result("new", 1000, 1.0))
    with store.engine.begin() as conn:
        assert differences(conn) == []
        command.downgrade(config(conn), "0002")
    with store.engine.connect() as conn:
        assert current(conn) == "0002"
        values = [r[0] for r in conn.execute(text("SELECT value FROM ratings ORDER BY id"))]
    assert values[0] == 842 and isinstance(values[1], int) and values[1] > 842
    store.close()
