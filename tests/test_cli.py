import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args, cwd=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "spar_tutor", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=60)


def write(tmp_path, obj, name="d.json"):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return str(p)


def test_replay_json_of_a_finished_hand(tmp_path):
    f = write(tmp_path, {"rules": "standard", "hands": ["6S AH", "9H 8D"], "plays": "AH 9H 6S 8D"})
    out = run("replay", f, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data == {"tricks": [{"leader": 0, "cards": ["AH", "9H"], "winner": 0},
                               {"leader": 0, "cards": ["6S", "8D"], "winner": 0}],
                    "points": [3, 0], "ended_by": "last_trick",
                    "reason": "seat 0 won the last trick with 6S: 3"}


def test_replay_offside(tmp_path):
    f = write(tmp_path, {"rules": {"preset": "standard", "offside": True},
                         "hands": ["AH 6C 9D", "8H 7H 9S"], "plays": "AH 9S 6C 7H"})
    data = json.loads(run("replay", f, "--json").stdout)
    assert data["ended_by"] == "offside" and data["points"] == [0, -3]


def test_replay_text(tmp_path):
    f = write(tmp_path, {"rules": "standard", "hands": ["6S AH", "9H 8D"], "plays": "AH 9H 6S 8D"})
    out = run("replay", f)
    assert "Trick 4: seat 0 AH, seat 1 9H -> seat 0 wins with AH" in out.stdout
    assert "Points: seat 0 3, seat 1 0" in out.stdout


@pytest.mark.parametrize("content,words", [
    ("{oops", "not valid JSON"),
    ({"hands": ["6S 7S", "8H 9S"], "plays": "7S 8H"}, "must follow suit"),
    ({"hands": ["6S", "6S"]}, "dealt twice"),
])
def test_bad_input_prints_one_line_and_exits_2(tmp_path, content, words):
    out = run("replay", write(tmp_path, content))
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and words in out.stderr
    assert "Traceback" not in out.stderr


def test_missing_file_exits_2(tmp_path):
    out = run("replay", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_deal_command_writes_a_loadable_file(tmp_path):
    out = run("deal", "--players", "5", "--seed", "3", "--preset", "seven_card")
    assert out.returncode == 0
    f = write(tmp_path, out.stdout)
    assert json.loads(run("replay", f, "--json").stdout)["ended_by"] == "in_progress"


def test_help_lists_the_commands():
    out = run("--help")
    assert out.returncode == 0 and "replay" in out.stdout and "serve" in out.stdout
