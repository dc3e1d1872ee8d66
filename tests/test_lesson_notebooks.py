"""The lesson and explore notebooks run top to bottom under nbval (checked cells compared)."""

from pathlib import Path

import pytest

from notebook_helpers import ROOT, run_nbval

NOTEBOOKS = sorted(str(p.relative_to(ROOT)) for pat in ("lesson_*.ipynb", "lessons.ipynb",
                   "explore_*.ipynb") for p in (ROOT / "notebooks").glob(pat))


def test_there_is_a_notebook_per_lesson():
    names = [Path(n).name for n in NOTEBOOKS]
    assert [n for n in names if n.startswith("lesson_")] == [
        "lesson_01_pack.ipynb", "lesson_02_dealing.ipynb", "lesson_03_follow.ipynb",
        "lesson_04_trick.ipynb", "lesson_05_last_trick.ipynb", "lesson_06_two_trick_bonus.ipynb",
        "lesson_07_dry_wet.ipynb", "lesson_08_table_rules.ipynb", "lesson_09_strategy.ipynb",
        "lesson_10_relatives.ipynb", "lesson_11_match.ipynb", "lesson_12_give_up_the_lead.ipynb",
        "lesson_13_defence.ipynb", "lesson_14_reading_the_table.ipynb",
        "lesson_15_table_decisions.ipynb", "lesson_16_whole_hands.ipynb",
        "lesson_17_play_to_the_score.ipynb"]
    assert len([n for n in names if n.startswith("explore_")]) == 3


@pytest.mark.slow
def test_notebooks_run_under_nbval(tmp_path):
    out = run_nbval(NOTEBOOKS, tmp_path, timeout=900)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "failed" not in out.stdout and " passed" in out.stdout


# The French notebooks under nbval: the menu, one lesson and the two game notebooks. The
# other French notebooks have the same code as these or as their English notebooks, and
# tests/test_lesson_docs.py checks that they are what the generator writes.
FRENCH = ["notebooks/fr/lessons.ipynb", "notebooks/fr/lesson_03_follow.ipynb",
          "notebooks/fr/play.ipynb", "notebooks/fr/puzzles.ipynb"]


@pytest.mark.slow
def test_french_notebooks_run_under_nbval(tmp_path):
    out = run_nbval(FRENCH, tmp_path, timeout=900)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert f"{len(FRENCH)} passed" in out.stdout
