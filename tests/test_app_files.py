"""The app reads no file outside its own data: the package, its lessons and notebooks, the
learners' progress folder, and the Python installation it runs on.

A fresh interpreter records every file opened (``sys.addaudithook``) while the app is built,
every page is opened, links with hostile values are followed and a learner's progress is
written; then each path is checked against those folders.
"""

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SESSION = r"""
import json, os, sys
opened = set()

def audit(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.add(os.path.realpath(os.fsdecode(args[0])))

sys.addaudithook(audit)
from spar_tutor.app import show
from spar_tutor.app.route import PAGES

app = show("page=lessons&lesson=../../../../etc/passwd&learner=../../etc/shadow")
for query in ["page=rules&preset=/etc/hosts", "page=play&preset=..%2F..%2Fetc",
              "page=puzzles&puzzle=~root", "learner=%2E%2E%2Fx", "page=lessons&lesson=1"]:
    app.follow(__import__("spar_tutor.app.route", fromlist=["x"]).parse_query(query))
for page in PAGES:
    app.go(page)
app.set_learner("Ama")
app.go("lessons")
print(json.dumps(sorted(opened)))
"""


def test_the_app_opens_only_its_own_files(tmp_path):
    home = tmp_path / "home"
    env = {"PYTHONPATH": str(REPO), "SPAR_TUTOR_HOME": str(home), "HOME": str(tmp_path / "user"),
           "MPLCONFIGDIR": str(tmp_path / "mpl"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", SESSION], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    opened = [Path(p) for p in json.loads(out.stdout.strip().splitlines()[-1])]
    allowed = [REPO / "spar_tutor", REPO / "lessons", REPO / "notebooks", REPO / "pyproject.toml",
               home, tmp_path / "mpl", Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
               Path(sysconfig.get_paths()["purelib"]).resolve(), Path("/dev/null"),
               Path("/usr/share/fonts"), Path("/etc/localtime")]
    strays = [p for p in opened if not any(p == a or a in p.parents for a in allowed)]
    assert strays == [], [str(p) for p in strays]
    # The hostile learner name is only data in the progress database: no file is named by it.
    assert not any(word in str(p) for p in opened for word in ("passwd", "shadow", "hosts"))
    written = {p.name for p in home.iterdir()}
    assert "spar-tutor.sqlite" in written
    assert written <= {"spar-tutor.sqlite", "spar-tutor.sqlite-shm", "spar-tutor.sqlite-wal",
                       "cache"}  # the solver's verdicts (learning/verdicts.py)
    assert not (home / "cache").exists() or \
        {p.name for p in (home / "cache").iterdir()} <= {"puzzle-verdicts.json",
                                                         "lesson-verdicts.json"}
