"""The step kinds: one module each, all registered, and a closed type that mypy checks."""

import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

from spar_tutor.lessons import kinds
from spar_tutor.lessons.model import KIND_NAMES, Kind

ROOT = Path(__file__).resolve().parents[1]
KINDS_DIR = ROOT / "spar_tutor" / "lessons" / "kinds"


def test_every_kind_has_its_module_and_is_registered_there():
    assert KIND_NAMES == get_args(Kind) and len(KIND_NAMES) == 12
    assert set(kinds.REGISTRY) == set(KIND_NAMES)
    modules = {p.stem for p in KINDS_DIR.glob("*.py")} - {"__init__", "base"}
    assert modules == set(KIND_NAMES)
    for name, kind in kinds.REGISTRY.items():
        assert kind.name == name
        assert kind.check.__module__ == f"spar_tutor.lessons.kinds.{name}"


def test_only_explain_is_not_a_question():
    assert [k for k in KIND_NAMES if not kinds.kind_of(k).question] == ["explain"]


def test_the_widget_never_names_a_kind():
    source = (ROOT / "spar_tutor" / "lessons" / "widget.py").read_text(encoding="utf-8")
    assert ".kind" not in source
    assert not [k for k in KIND_NAMES if f'"{k}"' in source or f"'{k}'" in source]


def test_lessons_load_run_and_draw_without_ipywidgets():
    code = ("import sys\n"
            "from spar_tutor.lessons import LessonRun, load_all\n"
            "for lesson in load_all():\n"
            "    run = LessonRun(lesson)\n"
            "    for _ in lesson.steps:\n"
            "        run.current.answers()\n"
            "        assert run.current.picture() or not run.step.position\n"
            "        run.next()\n"
            "print('ipywidgets' in sys.modules, len(load_all()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", str(len(list((ROOT / "lessons").glob("*.toml"))))]


SNIPPET = '''
from spar_tutor.lessons.kinds import kind_of
from spar_tutor.lessons.model import Step


def is_trick(step: Step) -> bool:
    return step.kind == "trik"


step = Step(kind="pick_crad")
kind_of("trik")
fine = Step(kind="trick")
'''


def test_mypy_catches_a_misspelt_kind(tmp_path):
    path = tmp_path / "misspelt.py"
    path.write_text(SNIPPET)
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          "--cache-dir", str(tmp_path / "cache"), str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    errors = re.findall(r"misspelt\.py:(\d+): error: (.*)", out.stdout)
    assert out.returncode == 1 and [int(n) for n, _ in errors] == [7, 10, 11], out.stdout
    (_, compared), (_, made), (_, looked_up) = errors
    assert "comparison-overlap" in compared and "'trik'" in compared
    assert "arg-type" in made and "'pick_crad'" in made
    assert "arg-type" in looked_up and "'trik'" in looked_up
