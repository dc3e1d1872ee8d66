"""The solver's commands, run as a user runs them (subprocess, exit codes, JSON shapes)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "spar_tutor", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=300)


DEAL = {"rules": "standard", "dealer": 2, "hands": ["7D 6C", "6D 9S", "8S TS"]}
FULL = {"rules": "standard", "dealer": 3,
        "hands": ["JH KS 9S 6S TS", "8H QC 8D 7C JD", "QS TH 8C 9D JC", "KC 7H 6C 9H AD"]}


@pytest.fixture
def files(tmp_path):
    one = tmp_path / "one.json"
    one.write_text(json.dumps(DEAL))
    lines = tmp_path / "many.jsonl"
    lines.write_text(json.dumps(DEAL) + "\n" + json.dumps(FULL) + "\n")
    full = tmp_path / "full.json"
    full.write_text(json.dumps(FULL, indent=2))
    return one, lines, full


def test_solve_json_shape(files):
    one, lines, full = files
    out = run("solve", str(one), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["to_move"] == 0
    best = result["moves"][0]
    assert set(best) == {"card", "guaranteed", "win_chance", "expected", "line"}
    assert best["card"] == "7D" and best["guaranteed"] == 3 and best["line"][0] == "7D"
    assert isinstance(best["win_chance"], float) and isinstance(best["expected"], float)


def test_solve_json_lines_gives_one_result_per_line(files):
    one, lines, full = files
    out = run("solve", str(lines), "--json")
    assert out.returncode == 0, out.stderr
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["to_move"] for r in results] == [0, 0]
    assert len(results[1]["moves"]) == 5
    text = run("solve", str(full))
    assert text.returncode == 0 and "sure of" in text.stdout


def test_hint_json_shape(files):
    one, lines, full = files
    out = run("hint", str(full), "--seat", "0", "--worlds", "20", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["seat"] == 0 and result["worlds"] == 20
    assert {m["card"] for m in result["moves"]} == {"JH", "KS", "9S", "6S", "TS"}
    assert set(result["moves"][0]) == {"card", "win_chance", "expected", "spread", "stderr"}
    again = run("hint", str(full), "--seat", "0", "--worlds", "20", "--seed", "3", "--json")
    assert again.stdout == out.stdout


def test_arena_json_shape(tmp_path):
    bot = tmp_path / "mybot.py"
    bot.write_text(
        "from spar_tutor.engine.cards import Card\n"
        "class Lowest:\n"
        "    name = 'lowest'\n"
        "    def choose(self, view):\n"
        "        return min(view.legal_moves, key=lambda m: m.rank if isinstance(m, Card) else 0)\n")
    out = run("arena", "--seats", f"beginner,random,{bot}:Lowest", "--hands", "6", "--seed",
              "4", "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["hands"] == 6
    assert [s["bot"] for s in result["seats"]] == ["beginner", "random", "lowest"]
    assert sum(s["hands_won"] for s in result["seats"]) == 6
    assert all(isinstance(s["points"], int) for s in result["seats"])


@pytest.mark.parametrize("args, words", [
    (["solve", "missing.json"], "cannot read"),
    (["solve", "bad.json"], "not valid JSON"),
    (["solve", "prelead.json"], "phase"),
    (["hint", "full.json", "--seat", "2"], "not to move"),
    (["hint", "full.json", "--seat", "9"], "no seat"),
    (["arena", "--seats", "expert,nobody", "--hands", "1"], "unknown bot"),
    (["arena", "--seats", "random", "--hands", "1"], "players"),
    (["arena", "--seats", "random,random", "--hands", "0"], "hands"),
    (["arena", "--seats", "random,nofile.py:Bot", "--hands", "1"], "not found"),
    (["arena", "--seats", "random,expert", "--hands", "1", "--expert-budget-ms", "0"],
     "--expert-budget-ms"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, args, words):
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "full.json").write_text(json.dumps(FULL))
    (tmp_path / "prelead.json").write_text(json.dumps({"rules": "ghana_table", **{
        k: v for k, v in FULL.items() if k != "rules"}}))
    out = run(*args, cwd=tmp_path)
    assert out.returncode == 2
    assert words in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_arena_with_a_time_budget_for_experts():
    out = run("arena", "--seats", "expert,beginner", "--hands", "2", "--expert-budget-ms", "10",
              "--json")
    assert out.returncode == 0, out.stderr
    assert sum(s["hands_won"] for s in json.loads(out.stdout)["seats"]) == 2
