"""notebooks/puzzles.ipynb runs top to bottom under nbval (no learner: progress for the page)."""

import pytest

from notebook_helpers import run_nbval


@pytest.mark.slow
def test_puzzles_notebook_runs(tmp_path):
    out = run_nbval(["notebooks/puzzles.ipynb"], tmp_path, timeout=600)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "failed" not in out.stdout and " passed" in out.stdout
    # no learner, so nothing was written (but the solver's verdicts on the puzzles, kept)
    assert [p.name for p in tmp_path.iterdir()] in ([], ["cache"])
