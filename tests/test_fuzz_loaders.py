"""No input gives a traceback (issue 17): every loader fuzzed with damaged files.

Deal files, lesson files, puzzle files, saved games and old progress files get random
bytes, other encodings (UTF-16, Latin-1), files cut short, values of the wrong type,
huge numbers, very long texts, deep nesting, thousands of steps, empty files, folders
and files that cannot be read. A loader that raises raises a SparError whose one-line
message names the file; the puzzle loader raises nothing and lists what is wrong; an
old progress file the database cannot import is left as it is and logged in one line;
``spar-tutor replay``, ``solve`` and ``hint`` print one line and exit 2.
The examples are the same on every run (tests/fuzz_helpers.py).
"""

import json
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import assume, given, strategies as st

from fuzz_helpers import damaged, damaged_bytes, fuzz, json_text, one_line, toml_text
from spar_tutor import cli
from spar_tutor.engine.dealfile import DealFile, load_json_lines
from spar_tutor.engine.errors import FileError, SparError
from spar_tutor.engine.files import decode
from spar_tutor.lessons.loader import load_all, load_lesson, loads_lesson
from spar_tutor.lessons.model import BrokenLesson, Lesson, LessonError
from spar_tutor.lessons.progress import ProgressStore
from spar_tutor.puzzles.loader import load_file, load_strict, loads_file
from spar_tutor.puzzles.model import PuzzleError
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.session import GameSession
from spar_tutor.store import Store
from spar_tutor.store.legacy import import_folder
from tests.doubles import first_legal_factory

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = sorted(p for p in (ROOT / "tests" / "golden").glob("*.json")
                if not p.name.endswith(".expected.json"))
DEALS = [json.loads(p.read_text()) for p in GOLDEN] + [
    {"rules": {"preset": "ghana_table", "offside": True}, "dealer": 1,
     "hands": ["AH 6C 9D", "8H 7H 9S"], "leader": 0, "plays": "AH 9S",
     "declarations": [{"seat": 0, "dry": "6C"}], "title": "end position"},
]
#: Every shipped lesson but the one whose odds step takes seconds to check.
LESSONS = [tomllib.loads(p.read_text()) for p in sorted((ROOT / "lessons").glob("*.toml"))
           if p.name != "07_dry_wet.toml"]
PUZZLES = [{**doc, "puzzle": doc["puzzle"][:2]} for doc in
           (tomllib.loads(p.read_text()) for p in sorted((ROOT / "lessons" / "puzzles")
                                                         .glob("0[126]_*.toml")))]


def saved_games():
    """Saved matches: a hand under way, a finished hand and the next, the cut and bets."""
    out = []
    for rules, seats, decisions in (("standard", ["human", "beginner", "random"], 4),
                                    ("standard", ["human", "expert"], 14),
                                    ("ghana_table", ["human", "beginner", "beginner"], 6)):
        s = GameSession(rules, seats, seed=2, bot_factory=first_legal_factory)
        for _ in range(decisions):
            if s.pending == "cut":
                s.cut(10)
            elif s.pending == "bets":
                s.offer_bet(0)
            elif s.state.is_over():
                s.next_hand()
            else:
                s.move(s.offers()[0] if s.offers() else s.legal_cards()[0])
        out.append(json.loads(s.dumps()))
    return out


SAVES = saved_games()
LESSON_PROGRESS = {"user": "Ama", "lessons": {"01_pack": {"done": [0, 1, 4], "at": 5,
                                                           "finished": False},
                                               "02_dealing": {"done": [0], "at": 0,
                                                              "finished": True}},
                   "last": "01_pack"}
PUZZLE_PROGRESS = {"learner": "Ama", "puzzles": {"p1": {"attempts": 3, "solved": True,
                                                        "clean": False}}, "last": "p1"}


def names_the_file(error, name, family=SparError):
    """``error`` is of the SparError family and its one-line message names the file."""
    assert isinstance(error, family), repr(error)
    assert one_line(str(error)).startswith(name), str(error)


def special_files(folder):
    """Paths that are not a readable file: missing, a folder, a symbolic link loop, a
    path under a file, empty, only spaces, and a file whose reading fails."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "folder.x").mkdir(exist_ok=True)
    loop = folder / "loop.x"
    if not loop.is_symlink():
        loop.symlink_to(folder / "loop2.x")
        (folder / "loop2.x").symlink_to(loop)
    (folder / "empty.x").write_bytes(b"")
    (folder / "spaces.x").write_bytes(b" \n\t\n")
    return [folder / "missing.x", folder / "folder.x", loop, folder / "empty.x" / "under",
            folder / "empty.x", folder / "spaces.x", Path("/proc/self/mem")]


# -- deal files -----------------------------------------------------------------------


@fuzz(200)
@given(doc=st.sampled_from(DEALS).flatmap(damaged))
def test_deal_files_with_wrong_values(doc):
    text = json_text(doc)
    for load in (lambda: DealFile.loads(text, "fuzz.json"),
                 lambda: load_json_lines(text, "fuzz.json")):
        try:
            load()
        except SparError as e:
            names_the_file(e, "fuzz.json")


@fuzz(150)
@given(data=st.sampled_from(DEALS).map(json_text).flatmap(damaged_bytes))
def test_deal_files_as_damaged_bytes(data, tmp_path):
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    try:
        DealFile.load(path)
    except SparError as e:
        names_the_file(e, str(path))


def test_deal_files_that_cannot_be_read(tmp_path):
    for path in special_files(tmp_path):
        with pytest.raises(SparError) as caught:
            DealFile.load(path)
        names_the_file(caught.value, str(path))


# -- the command line -----------------------------------------------------------------


def run_cli(capsys, *argv):
    """``spar-tutor ARGV`` in this process: its exit status and what it printed to stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as e:  # argparse's own errors
        status = e.code
    return status, capsys.readouterr().err


def bad_input(status, err, path):
    assert status == 2 and "Traceback" not in err
    assert one_line(err.strip()).startswith(f"spar-tutor: error: {path}"), err


@fuzz(120)
@given(data=st.sampled_from(DEALS).map(json_text).flatmap(damaged_bytes),
       command=st.sampled_from(["replay", "solve", "hint"]))
def test_commands_with_damaged_deal_files(data, command, tmp_path, capsys):
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    try:
        DealFile.load(path)
        assume(command == "replay")  # a good file: the solver's commands are tested elsewhere
    except SparError:
        pass
    status, err = run_cli(capsys, command, str(path), "--json")
    if status != 0:
        bad_input(status, err, path)


@fuzz(100)
@given(doc=st.sampled_from(DEALS).flatmap(damaged), command=st.sampled_from(["replay", "solve"]))
def test_commands_with_wrong_values(doc, command, tmp_path, capsys):
    path = tmp_path / "fuzz.json"
    path.write_text(json_text(doc))
    try:
        DealFile.load(path)
        assume(command == "replay")
    except SparError:
        pass
    status, err = run_cli(capsys, command, str(path))
    if status != 0:
        bad_input(status, err, path)


@pytest.mark.parametrize("command", ["replay", "solve", "hint"])
def test_commands_on_files_that_cannot_be_read(command, tmp_path, capsys):
    for path in special_files(tmp_path):
        bad_input(*run_cli(capsys, command, str(path)), path)


#: Bad deal files as a newcomer makes them: saved in another encoding, cut short, ...
BAD_DEALS = {
    "random.json": bytes(range(256)),
    "utf16.json": json_text(DEALS[0]).encode("utf-16"),
    "latin1.json": json.dumps({**DEALS[0], "title": "Café"}, ensure_ascii=False).encode("latin-1"),
    "cut.json": json_text(DEALS[0]).encode()[:40],
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "huge.json": json_text({**DEALS[0], "dealer": 10**40}).encode(),
    "types.json": json_text({**DEALS[0], "hands": {"0": 7}}).encode(),
}


@pytest.mark.parametrize("command, name", [
    ("replay", "utf16.json"), ("replay", "deep.json"), ("solve", "random.json"),
    ("solve", "huge.json"), ("hint", "latin1.json"), ("hint", "types.json")])
def test_the_command_in_its_own_process_on_bad_files(command, name, tmp_path):
    path = tmp_path / name
    path.write_bytes(BAD_DEALS[name])
    out = subprocess.run([sys.executable, "-m", "spar_tutor.cli", command, str(path)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (out.returncode, out.stdout) == (2, ""), out.stderr[-2000:]
    bad_input(out.returncode, out.stderr, path)


def test_commands_on_bad_files(tmp_path, capsys):
    for name, data in BAD_DEALS.items():
        path = tmp_path / name
        path.write_bytes(data)
        for command in ("replay", "solve", "hint"):
            bad_input(*run_cli(capsys, command, str(path)), path)


# -- lesson files ---------------------------------------------------------------------


def lesson_problems_name(error, name):
    assert isinstance(error, LessonError), repr(error)
    assert error.problems and all(p.file == name for p in error.problems)
    for problem in error.problems:
        one_line(str(problem))


@fuzz(150)
@given(doc=st.sampled_from(LESSONS).flatmap(damaged))
def test_lesson_files_with_wrong_values(doc):
    try:
        assert isinstance(loads_lesson(toml_text(doc), "fuzz.toml"), Lesson)
    except SparError as e:
        lesson_problems_name(e, "fuzz.toml")


@fuzz(100)
@given(data=st.sampled_from(LESSONS[:3]).map(toml_text).flatmap(damaged_bytes))
def test_lesson_files_as_damaged_bytes(data, tmp_path):
    path = tmp_path / "fuzz.toml"
    path.write_bytes(data)
    try:
        load_lesson(path)
    except SparError as e:
        lesson_problems_name(e, "fuzz.toml")


def test_lesson_files_that_cannot_be_read(tmp_path):
    for path in special_files(tmp_path):
        with pytest.raises(LessonError) as caught:
            load_lesson(path)
        lesson_problems_name(caught.value, path.name)
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "01_good.toml").write_text(toml_text(LESSONS[0]))
    (folder / "02_folder.toml").mkdir()
    (folder / "03_utf16.toml").write_bytes(toml_text(LESSONS[1]).encode("utf-16"))
    (folder / "04_loop.toml").symlink_to(folder / "04_loop.toml")
    loaded = load_all(folder)
    assert isinstance(loaded[0], Lesson)
    assert [type(l) for l in loaded[1:]] == [BrokenLesson] * 3
    assert "saved as UTF-16" in str(loaded[2].problems[0])
    assert loaded[2].title == "03_utf16"  # the title cannot be read either


# -- puzzle files ---------------------------------------------------------------------


def puzzle_problems_name(problems, name):
    for problem in problems:
        assert problem.file == name and "could not be checked" not in problem.what, problem
        one_line(str(problem))


@fuzz(150)
@given(doc=st.sampled_from(PUZZLES).flatmap(damaged))
def test_puzzle_files_with_wrong_values(doc):
    puzzles, problems = loads_file(toml_text(doc), "fuzz.toml")
    puzzle_problems_name(problems, "fuzz.toml")


@fuzz(100)
@given(data=st.sampled_from(PUZZLES).map(toml_text).flatmap(damaged_bytes))
def test_puzzle_files_as_damaged_bytes(data, tmp_path):
    path = tmp_path / "fuzz.toml"
    path.write_bytes(data)
    puzzles, problems = load_file(path)
    puzzle_problems_name(problems, "fuzz.toml")
    if problems:
        with pytest.raises(PuzzleError):
            load_strict(path)


def test_puzzle_files_that_cannot_be_read(tmp_path):
    for path in special_files(tmp_path):
        puzzles, problems = load_file(path)
        assert not puzzles and len(problems) == 1
        puzzle_problems_name(problems, path.name)


# -- saved games ----------------------------------------------------------------------


def resumes_or_says_why(text, source="fuzz.json"):
    """A session resumes the text, or raises a SparError naming the file and keeps its game."""
    session = GameSession("standard", ["human", "beginner"], seed=5,
                          bot_factory=first_legal_factory)
    before = session.dumps()
    try:
        session.resume(text, source)
    except SparError as e:
        names_the_file(e, source)
        assert session.dumps() == before
    try:
        GameSession.loads(text, bot_factory=first_legal_factory)
    except SparError as e:
        one_line(str(e))


def test_the_saved_games_resume():
    for doc in SAVES:
        assert GameSession.loads(json_text(doc), bot_factory=first_legal_factory).dumps() \
            == json.dumps(doc, indent=1)


@fuzz(200)
@given(doc=st.sampled_from(SAVES).flatmap(damaged))
def test_saved_games_with_wrong_values(doc):
    resumes_or_says_why(json_text(doc))


@fuzz(100)
@given(data=st.sampled_from(SAVES).map(json_text).flatmap(damaged_bytes))
def test_saved_games_as_damaged_bytes(data):
    try:
        text = decode(data, "fuzz.json")
    except FileError as e:
        names_the_file(e, "fuzz.json")
        return
    resumes_or_says_why(text)


def test_a_saved_game_never_runs_a_bot_file(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text("import pathlib\npathlib.Path(__file__).with_name('ran').touch()\n"
                   "class Bot:\n    def choose(self, view):\n        return view.legal_moves[0]\n")
    doc = {**SAVES[0], "seats": [{"name": "You", "player": "human"},
                                 {"name": "B", "player": f"{bot}:Bot"},
                                 {"name": "C", "player": "random"}]}
    with pytest.raises(SparError, match="the player must be one of human, random, beginner, "
                                        "expert"):
        GameSession.loads(json_text(doc))
    assert not (tmp_path / "ran").exists()


# -- old progress files (imported once into the progress database) -------------------


OLD_PROGRESS = [("progress", LESSON_PROGRESS), ("puzzles", PUZZLE_PROGRESS)]


def imports_or_leaves_alone(folder, data, home, caplog):
    """An old progress file holding ``data`` is imported, or left as it is and said so in
    one line of the log naming it; either way the learner's progress can be used."""
    shutil.rmtree(home, ignore_errors=True)
    path = home / folder / "Ama-08fad68214.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    caplog.clear()
    store = Store.memory()
    with caplog.at_level(logging.INFO, logger="spar_tutor.store"):
        result = import_folder(store, home)
    assert (result.imported, result.unreadable) in ((1, 0), (0, 1))
    assert path.read_bytes() == data  # never changed, never moved
    if result.unreadable:
        said = [r.getMessage() for r in caplog.records if "not imported" in r.getMessage()]
        assert len(said) == 1 and str(path) in one_line(said[0], 3000), said
    lessons, puzzles = ProgressStore("Ama", store), PuzzleProgress("Ama", store)
    lessons.mark("01_pack", 2, total=9)
    puzzles.attempt("p1")
    assert 2 in lessons.done("01_pack") and puzzles.attempts("p1") >= 1
    store.close()


@fuzz(40)
@given(case=st.sampled_from(OLD_PROGRESS).flatmap(
    lambda c: st.tuples(st.just(c[0]), damaged(c[1]).map(lambda d: json_text(d).encode()))))
def test_old_progress_files_with_wrong_values(case, tmp_path, caplog):
    imports_or_leaves_alone(*case, tmp_path / "home", caplog)


@fuzz(40)
@given(case=st.sampled_from(OLD_PROGRESS).flatmap(
    lambda c: st.tuples(st.just(c[0]), damaged_bytes(json_text(c[1])))))
def test_old_progress_files_as_damaged_bytes(case, tmp_path, caplog):
    imports_or_leaves_alone(*case, tmp_path / "home", caplog)


@pytest.mark.parametrize("data", [b"[" * 100_000, b'{"user": "Ama", "lessons": {"x": {"done": [1e999]}}}',
                                  b'{"user": "Ama", "lessons": {"x": {"done": [' + b"9" * 5000 + b"]}}}",
                                  b"\xff\xfe{"], ids=["deep", "infinite", "digits", "UTF-16"])
def test_old_progress_files_that_cannot_be_read_are_left_alone(data, tmp_path, caplog):
    imports_or_leaves_alone("progress", data, tmp_path / "home", caplog)
    assert "not imported (left as it is)" in caplog.text


def test_an_old_progress_file_that_is_a_folder_is_left_alone(tmp_path, caplog):
    home = tmp_path / "home"
    (home / "progress" / "Ama-08fad68214.json").mkdir(parents=True)
    result = import_folder(Store.memory(), home)
    assert result.unreadable == 1 and "cannot read the progress file" in caplog.text
