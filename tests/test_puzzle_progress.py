"""Puzzle progress: one file per learner, safe names, SPAR_TUTOR_HOME, damaged files."""

import json

from spar_tutor.learning.progress import safe_name
from spar_tutor.puzzles.progress import MemoryProgress, PuzzleProgress


def test_progress_is_kept_per_learner(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    ama = PuzzleProgress("Ama")
    ama.attempt("p1")
    ama.attempt("p1")
    ama.solve("p1", clean=False)
    assert ama.path.parent == (tmp_path / "puzzles").resolve()
    again = PuzzleProgress("Ama")
    assert again.attempts("p1") == 2 and again.solved("p1") and not again.clean("p1")
    assert again.last == "p1" and again.solved_count(["p1", "p2"]) == 1
    kofi = PuzzleProgress("Kofi")
    assert kofi.attempts("p1") == 0 and kofi.path != ama.path
    again.solve("p1", clean=True)
    assert PuzzleProgress("Ama").clean("p1")


def test_names_cannot_escape_the_folder(tmp_path):
    for name in ("../../etc/passwd", "/abs/path", "..", "a/../../b", "C:\\x", "\u0000zero"):
        p = PuzzleProgress(name, root=tmp_path)
        assert p.path.parent == tmp_path.resolve()
        p.visit("x")
        assert p.path.exists()
    assert safe_name("Ama") != safe_name("ama")


def test_a_damaged_or_foreign_file_reads_as_no_progress(tmp_path):
    p = PuzzleProgress("Esi", root=tmp_path)
    p.path.parent.mkdir(parents=True, exist_ok=True)
    p.path.write_text("{not json", encoding="utf-8")
    assert PuzzleProgress("Esi", root=tmp_path).attempts("x") == 0
    p.path.write_text(json.dumps({"learner": "someone else", "puzzles": {"x": {"attempts": 5}}}))
    assert PuzzleProgress("Esi", root=tmp_path).attempts("x") == 0
    p.path.write_text(json.dumps({"learner": "Esi", "puzzles": {"x": "oops", "y": {"attempts": "2"}},
                                  "last": 5}))
    odd = PuzzleProgress("Esi", root=tmp_path)
    assert odd.attempts("x") == 0 and odd.attempts("y") == 0 and odd.last is None
    odd.attempt("y")
    assert odd.attempts("y") == 1
    fresh = PuzzleProgress("Esi", root=tmp_path)
    fresh.attempt("x")
    assert json.loads(p.path.read_text())["puzzles"]["x"]["attempts"] == 1
    assert not list(tmp_path.glob("**/.puzzles-*"))  # no temporary file left behind


def test_memory_progress_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    m = MemoryProgress()
    m.attempt("a")
    m.solve("a", clean=True)
    assert m.solved("a") and m.attempts("a") == 1
    assert not any(tmp_path.iterdir())
