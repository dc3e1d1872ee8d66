"""Puzzle progress in the progress database: per learner (any case), SPAR_TUTOR_HOME, and a
page without a learner that writes nothing."""

from spar_tutor.puzzles.progress import MemoryProgress, PuzzleProgress


def test_progress_is_kept_per_learner(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    ama = PuzzleProgress("Ama")
    ama.attempt("p1")
    ama.attempt("p1")
    ama.solve("p1", clean=False)
    assert (tmp_path / "spar-tutor.sqlite").exists()
    again = PuzzleProgress("ama")
    assert again.attempts("p1") == 2 and again.solved("p1") and not again.clean("p1")
    assert again.last == "p1" and again.solved_count(["p1", "p2"]) == 1
    kofi = PuzzleProgress("Kofi")
    assert kofi.attempts("p1") == 0 and kofi.last is None
    again.attempt("p1")
    again.solve("p1", clean=True)
    assert PuzzleProgress("AMA").clean("p1") and PuzzleProgress("Ama").attempts("p1") == 3


def test_memory_progress_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    m = MemoryProgress()
    m.attempt("a")
    m.solve("a", clean=True)
    assert m.solved("a") and m.attempts("a") == 1 and not m.unsaved and m.learner == ""
    assert not any(tmp_path.iterdir())


def test_next_puzzle_reads_the_database_a_few_times_not_once_a_puzzle(tmp_path, monkeypatch):
    """The menu's marks, "Solved N of 72" and the next unsolved puzzle come from one read of
    the learner's records each: before, each of the 72 puzzles was a read of its own (about
    150 reads a click, each a query to the school's server)."""
    from spar_tutor.learning.progress import LearnerProgress
    from spar_tutor.puzzles.widget import PuzzlePlayer, default_collection

    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("SPAR_TUTOR_DATABASE_URL", raising=False)
    collection = default_collection()
    assert len(collection.puzzles) >= 50
    player = PuzzlePlayer("Ama", collection=collection)
    reads = []
    read = LearnerProgress._read
    monkeypatch.setattr(LearnerProgress, "_read",
                        lambda self, query: reads.append(1) or read(self, query))
    player.on_next()
    assert 0 < len(reads) <= 10, len(reads)
    first = player.game.puzzle
    player.progress.solve(first.id, clean=True)
    player.on_next()
    player.on_next()  # the solved puzzle is skipped, and the menu marks it
    assert player.game.puzzle != first
    # the mark first: a phone's closed menu cuts the end of a long title off
    assert [value for label, value in player.picker.options if label.startswith("✓ ")] == [
        first.id]
