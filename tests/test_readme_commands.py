"""The README's two commands, run as written with the system Python of a stock Debian or
Ubuntu machine (``/usr/bin/python3``, which refuses ``pip install`` outside a virtual
environment: PEP 668), each in a fresh copy of the checkout.

The commands are read from the README itself (the ``bash`` blocks under "## Two commands"),
so the README cannot drift from what is tested. Each run makes a new virtual environment and
installs into it (about a minute on a quiet machine, several on a busy one); the logs, with
the install time, are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from serve_helpers import (STOP_WITHIN, fetch_page, free_port, kill_all, port_is_free,
                           processes_mentioning, stop_and_time, tail)

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
SYSTEM_PYTHON = Path("/usr/bin/python3")
INSTALL_WAIT = 1500
"""Seconds for making the environment and installing into it, on a busy machine."""


def readme_commands() -> list:
    """The commands of the README's "Two commands" section: serving, then testing."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Two commands\n", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.S)]


def fresh_copy(tmp_path: Path) -> Path:
    """The checkout's tracked files, as they are in the working tree, in a new folder."""
    copy = tmp_path / "spar-tutor"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if name and (REPO / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, copy / name)
    return copy


def system_python_env(tmp_path: Path) -> dict:
    """A new user's shell: the system python3 first on PATH, no virtual environment active."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CONDA_PREFIX", "CONDA_DEFAULT_ENV")}
    env.update(PATH="/usr/bin:/bin", SPAR_TUTOR_HOME=str(tmp_path / "home"), TMPDIR=str(tmp_path))
    return env


def check_the_venv(copy: Path) -> Path:
    """The checkout's .venv was made from the system Python; returns its python."""
    config = (copy / ".venv" / "pyvenv.cfg").read_text()
    assert re.search(r"^home = /usr/bin$", config, re.M), config
    return copy / ".venv" / "bin" / "python"


def test_the_readme_has_the_two_commands():
    serve, test = readme_commands()
    assert serve == "bash scripts/serve.sh"
    assert test == "bash scripts/test.sh"


def test_ci_runs_the_readme_test_command():
    lines = [line for line in (REPO / ".ci" / "run").read_text().splitlines()
             if line.strip() and not line.startswith("#") and not line.startswith(("set ", "cd "))]
    assert lines == [f'exec {readme_commands()[1]} "$@"']


def test_the_system_python_is_externally_managed():
    """The machine really has the case the commands are for."""
    marker = subprocess.run([str(SYSTEM_PYTHON), "-c",
                             "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert (Path(marker) / "EXTERNALLY-MANAGED").is_file()


@pytest.mark.slow
def test_the_first_command_serves_the_app_with_the_system_python(tmp_path):
    """In a fresh copy, with /usr/bin/python3 first on PATH: the README's first command makes
    .venv, installs, serves the app (checked by its page), and Ctrl-C stops everything."""
    copy = fresh_copy(tmp_path)
    port = free_port()
    log = ARTIFACTS / "readme-serve.log"
    ARTIFACTS.mkdir(exist_ok=True)
    command = f"{readme_commands()[0]} --port {port}"
    start = time.monotonic()
    proc = subprocess.Popen(["bash", "-c", command], cwd=copy, env=system_python_env(tmp_path),
                            stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        page = fetch_page(f"http://127.0.0.1:{port}/", proc, log, wait=INSTALL_WAIT)
        served = time.monotonic() - start
        assert "<title>Spar tutor</title>" in page and "spar-app" in page, page[:2000]
        # the installed package's page template: no stylesheet from the internet
        assert "cdn.jsdelivr.net" not in page, page[:2000]
        check_the_venv(copy)
        assert "Serving app.ipynb" in log.read_text()

        seconds = stop_and_time(proc, signal.SIGINT, group=True)  # Ctrl-C in the terminal
        assert proc.returncode == 0, tail(log)
        assert processes_mentioning(str(tmp_path)) == []
        assert seconds < STOP_WITHIN, f"took {seconds:.1f} s to stop"
        assert port_is_free(port)
        with log.open("a") as out:
            out.write(f"\n== test: first page after {served:.0f} s (making .venv and installing "
                      f"included); stopped in {seconds:.1f} s\n")
    finally:
        kill_all(proc, str(tmp_path))


@pytest.mark.slow
def test_the_second_command_sets_up_with_the_system_python(tmp_path):
    """In a fresh copy, with /usr/bin/python3 first on PATH: the README's second command makes
    .venv and installs the test extra there (stopped before pytest by SPAR_TUTOR_SETUP_ONLY)."""
    copy = fresh_copy(tmp_path)
    log = ARTIFACTS / "readme-test-setup.log"
    ARTIFACTS.mkdir(exist_ok=True)
    env = {**system_python_env(tmp_path), "SPAR_TUTOR_SETUP_ONLY": "1"}
    result = subprocess.run(["bash", "-c", readme_commands()[1]], cwd=copy, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            timeout=INSTALL_WAIT)
    log.write_text(result.stdout)
    assert result.returncode == 0, result.stdout[-5000:]
    python = check_the_venv(copy)
    assert f"== python: {python}" in result.stdout
    imported = subprocess.run([str(python), "-c", "import pytest, playwright, hypothesis, spar_tutor; "
                               "print(spar_tutor.__file__)"], cwd=tmp_path, capture_output=True, text=True)
    assert imported.returncode == 0, imported.stderr
    assert str(copy / ".venv") in imported.stdout  # installed there, not run from the copy

    again = subprocess.run(["bash", "-c", readme_commands()[1]], cwd=copy, env=env,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "is installed and up to date" in again.stdout, again.stdout
