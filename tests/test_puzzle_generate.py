"""The puzzle generator: unique (or stated) winning cards, seeded, and its puzzles pass
the loader's checks; the command line writes a file the loader accepts."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from spar_tutor.puzzles import load_file
from spar_tutor.puzzles.check import check_puzzle
from spar_tutor.puzzles.generate import GenerateError, Request, generate
from spar_tutor.puzzles.toml_out import collection_toml
from spar_tutor.solver import solve

ROOT = Path(__file__).resolve().parents[1]


def winning_of(table):
    puzzle, problems = check_puzzle(table)
    assert problems == []
    return puzzle


@pytest.mark.parametrize("request_", [
    Request(players=2, tricks=3, count=3, seed=1),
    Request(players=4, tricks=2, count=3, seed=2, mid_trick=True),
    Request(players=3, tricks=3, count=2, seed=3, dry_wet=True),
    Request(players=3, tricks=3, count=2, seed=4, closed=True),
    Request(players=2, tricks=5, count=2, seed=5),
    Request(players=3, tricks=3, count=2, seed=6, preset="seven_card", bonus=True),
], ids=["2p", "4p-mid", "dry-wet", "closed", "2p-full", "seven-bonus"])
def test_generated_puzzles_have_one_winning_card_and_pass_the_checks(request_):
    made = generate(request_)
    assert len(made) == request_.count
    for g in made:
        puzzle = winning_of(g.table)
        assert len(puzzle.winning) == 1
        state = puzzle.state
        assert state.players == request_.players and state.tricks_left == request_.tricks
        values = {mv.card: mv.guaranteed for mv in solve(state, graded=False).moves}
        assert [c for c, v in values.items() if v == puzzle.points] == list(puzzle.winning)
        assert g.table["rating"] == g.difficulty.rating and g.table["band"] == g.difficulty.band
        assert puzzle.open is not request_.closed


def test_several_winning_cards_are_stated():
    made = generate(Request(players=3, tricks=3, count=6, seed=11, max_winning=3))
    sizes = {len(winning_of(g.table).winning) for g in made}
    assert sizes <= {1, 2, 3} and max(sizes) > 1


def test_seeded_and_reproducible():
    a = generate(Request(players=3, tricks=3, count=3, seed=7))
    b = generate(Request(players=3, tricks=3, count=3, seed=7))
    c = generate(Request(players=3, tricks=3, count=3, seed=8))
    assert [g.table for g in a] == [g.table for g in b]
    assert [g.table["position"] for g in a] != [g.table["position"] for g in c]
    assert len({json.dumps(g.table["position"]) for g in a}) == 3


def test_bad_requests_are_explained():
    with pytest.raises(GenerateError, match="nothing to choose"):
        generate(Request(players=3, tricks=1))
    with pytest.raises(GenerateError, match="at most --tricks 5"):
        generate(Request(players=3, tricks=6))
    with pytest.raises(Exception, match="players"):
        generate(Request(players=9, tricks=3))


def test_written_file_loads(tmp_path):
    made = generate(Request(players=2, tricks=3, count=2, seed=9))
    path = tmp_path / "gen.toml"
    path.write_text(collection_toml([g.table for g in made], "Generated"), encoding="utf-8")
    puzzles, problems = load_file(path)
    assert problems == [] and [p.id for p in puzzles] == [g.table["id"] for g in made]


def run_cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "spar_tutor", *args], capture_output=True,
                          text=True, cwd=cwd, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_command_line_generate_and_check(tmp_path):
    out = run_cli("puzzles", "generate", "--players", "3", "--tricks", "2", "--count", "2",
                  "--seed", "3", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    (path,) = tmp_path.glob("*.toml")
    assert "wrote 2 puzzles" in out.stderr and "critical decision" in out.stderr
    again = run_cli("puzzles", "generate", "--players", "3", "--tricks", "2", "--count", "2",
                    "--seed", "3")
    assert again.stdout == path.read_text(encoding="utf-8")
    check = run_cli("puzzles", "check", str(path))
    assert check.returncode == 0 and "2 puzzles passed, 0 problems" in check.stdout


def test_command_line_errors_exit_2():
    out = run_cli("puzzles", "generate", "--players", "3", "--tricks", "1")
    assert out.returncode == 2 and "nothing to choose" in out.stderr
    bad = run_cli("puzzles", "check", str(ROOT / "tests" / "puzzles_broken"))
    assert bad.returncode == 2 and "problems" in bad.stdout


def test_command_line_list():
    out = run_cli("puzzles", "list")
    assert out.returncode == 0
    assert "ace-first-six-last" in out.stdout and "problem:" not in out.stdout


def test_defence_puzzles_have_a_card_that_lets_another_player_score():
    """--defence 3: some losing first card lets another seat make sure of 3 points or more."""
    from spar_tutor.puzzles.judge import Judge

    made = generate(Request(players=3, tricks=3, count=2, seed=11, defence=3))
    assert len(made) == 2
    for g in made:
        puzzle = winning_of(g.table)
        assert "defence" in puzzle.themes
        state, seat = puzzle.state, puzzle.seat
        losing = [c for c in state.legal_cards() if c not in puzzle.winning]
        threats = [Judge(state.apply(c), other).guarantee(state.apply(c))
                   for c in losing for other in range(state.players) if other != seat]
        assert max(threats) >= 3


def test_stock_unknown_puzzles_keep_the_deal_and_its_tricks():
    """--closed --stock-unknown: the whole deal with its stock and the tricks played, fair
    although the learner cannot tell the stock from the other hand."""
    made = generate(Request(players=2, tricks=2, count=2, seed=3, closed=True,
                            stock_unknown=True))
    assert len(made) == 2
    for g in made:
        puzzle = winning_of(g.table)
        assert not puzzle.open and len(puzzle.position.stock) == 25
        assert len(puzzle.state.tricks) == 3 and puzzle.state.tricks_left == 2
    with pytest.raises(GenerateError, match="add --closed"):
        generate(Request(players=2, tricks=2, stock_unknown=True))


def test_command_line_check_prints_the_spread():
    out = run_cli("puzzles", "check")
    assert out.returncode == 0, out.stdout
    lines = out.stdout.splitlines()
    assert any(line.startswith("themes (a puzzle may have several): ") for line in lines)
    assert any(line.startswith("goals: 1 point ") and "2 or 3 points: " in line for line in lines)
    assert any("with the stock unknown" in line for line in lines)
    assert not any(line.startswith("warning:") for line in lines)
