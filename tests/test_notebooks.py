"""The play notebook runs top to bottom (nbval), in a kernel that imports this checkout."""

from notebook_helpers import run_nbval


def test_play_notebook_runs_with_nbval(tmp_path):
    out = run_nbval(["notebooks/play.ipynb"], tmp_path, timeout=300,
                    log=tmp_path / "spar-tutor.log")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "1 passed" in out.stdout
