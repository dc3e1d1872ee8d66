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
