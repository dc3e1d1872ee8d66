"""The solver's verdicts on the puzzles are kept between processes: a second load asks the
solver nothing, a changed puzzle (or changed judging code) is checked again, and a cache
that cannot be read is only slower."""

from __future__ import annotations

import pytest

from spar_tutor.puzzles import check, verdicts
from spar_tutor.puzzles.loader import load_collection, puzzles_dir


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr(verdicts, "CACHE", verdicts.fresh())
    return tmp_path


def asking_the_solver_fails(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("the solver was asked")
    monkeypatch.setattr(check, "_check_solver", fail)


def test_a_second_process_reads_the_verdicts(fresh_cache, monkeypatch):
    first = load_collection(translate=False)
    assert verdicts.cache_file().exists() and len(first.puzzles) > 50
    monkeypatch.setattr(verdicts, "CACHE", verdicts.fresh())  # another process: the file
    asking_the_solver_fails(monkeypatch)
    again = load_collection(translate=False)
    assert [p.id for p in again.puzzles] == [p.id for p in first.puzzles] and not again.problems


def test_a_changed_puzzle_or_judging_code_is_checked_again(fresh_cache, monkeypatch, tmp_path):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    source = sorted(puzzles_dir().glob("*.toml"))[0]
    (folder / source.name).write_text(source.read_text())
    load_collection(folder, translate=False)
    asked = []
    real = check._check_solver
    monkeypatch.setattr(check, "_check_solver", lambda *a: asked.append(1) or real(*a))
    text = source.read_text().replace("points = ", "points = 9", 1)  # another goal
    (folder / source.name).write_text(text)
    changed = load_collection(folder, translate=False)
    assert asked and any("the goal is 9" in p.what or "points" in p.what
                         for p in changed.problems)
    asked.clear()
    monkeypatch.setattr(verdicts.CACHE, "code_hash", lambda: "other code")
    load_collection(folder, translate=False)
    assert asked  # new code: new verdicts


def test_a_cache_that_cannot_be_read_is_only_slower(fresh_cache):
    verdicts.cache_file().parent.mkdir(parents=True)
    verdicts.cache_file().write_text("{not json")
    assert len(load_collection(translate=False).puzzles) > 50
    assert verdicts.cache_file().read_text().startswith('{"verdicts"')
