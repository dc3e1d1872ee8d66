"""The Voila command line, ``serve()``, and where the notebooks are found (no browser)."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from spar_tutor import resources
from spar_tutor.engine.errors import SparError
from spar_tutor.server.serve import (CULL_DISCONNECTED_TIMEOUT, CULL_IDLE_TIMEOUT, CULL_INTERVAL,
                              KERNEL_MANAGER, KERNEL_SHUTDOWN_WAIT, STOP_GRACE, TEMPLATE, app_url,
                              jupyter_data_dir, voila_argv, voila_env)
from serve_helpers import (STOP_WITHIN, fetch_page, free_port, kill_all, port_is_free,
                           processes_mentioning, stop_and_time, tail)

REPO = Path(__file__).resolve().parents[1]


def test_voila_argv_runs_this_python_on_the_notebook():
    argv = voila_argv("nb/app.ipynb")
    assert argv[:4] == [sys.executable, "-m", "voila", "nb/app.ipynb"]


def test_voila_argv_has_the_serving_settings():
    argv = voila_argv("app.ipynb", port=9123, host="0.0.0.0")
    for flag in [
        "--Voila.ip=0.0.0.0",
        "--Voila.port=9123",
        "--Voila.port_retries=0",
        "--Voila.open_browser=False",
        "--theme=light",
        "--show_tracebacks=False",
        "--strip_sources=True",
        "--preheat_kernel=True",
        "--pool_size=1",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        f"--KernelManager.shutdown_wait_time={KERNEL_SHUTDOWN_WAIT}",
    ]:
        assert flag in argv
    assert CULL_IDLE_TIMEOUT > 0 and 0 < CULL_INTERVAL <= CULL_IDLE_TIMEOUT
    assert KERNEL_SHUTDOWN_WAIT < STOP_GRACE < STOP_WITHIN


def test_a_closed_page_loses_its_kernel_within_3_minutes_a_reader_keeps_it_20():
    """The app's own times (tests/browser/test_culling.py runs the same settings, shortened)."""
    argv = voila_argv("app.ipynb")
    assert f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}" in argv
    assert f"--ClassroomKernelManager.cull_disconnected_timeout={CULL_DISCONNECTED_TIMEOUT}" in argv
    assert "--MappingKernelManager.cull_connected=True" in argv
    # Culled once quiet for the timeout, found at the next check: gone within 3 minutes,
    # even with a few seconds to shut the kernel down.
    assert CULL_DISCONNECTED_TIMEOUT + CULL_INTERVAL <= 3 * 60 - 20
    # A learner reading one step for 20 minutes (no message to the kernel) keeps it.
    assert CULL_IDLE_TIMEOUT > 20 * 60 + CULL_INTERVAL
    assert 0 < CULL_INTERVAL < CULL_DISCONNECTED_TIMEOUT


def test_voila_argv_sets_each_setting_once():
    keys = [arg.split("=", 1)[0] for arg in voila_argv("app.ipynb")[4:]]
    assert len(keys) == len(set(keys))


def test_voila_argv_options():
    argv = voila_argv("app.ipynb", theme="dark", open_browser=True, preheat=False, cull_idle_timeout=5, cull_interval=1)
    assert "--theme=dark" in argv
    assert "--Voila.open_browser=True" in argv
    assert "--preheat_kernel=False" in argv and "--pool_size=0" in argv
    assert "--MappingKernelManager.cull_idle_timeout=5" in argv
    assert "--MappingKernelManager.cull_interval=1" in argv


def test_voila_argv_appends_extra_arguments_last():
    argv = voila_argv("app.ipynb", extra=["--Voila.log_level=INFO", "--Voila.base_url=/x/"])
    assert argv[-2:] == ["--Voila.log_level=INFO", "--Voila.base_url=/x/"]


def test_voila_argv_rejects_unknown_theme():
    with pytest.raises(SparError, match="theme"):
        voila_argv("app.ipynb", theme="neon")


def test_voila_accepts_the_arguments():
    """Voila itself parses the command line (and reports the settings) without complaint."""
    argv = voila_argv(REPO / "tests" / "browser" / "fixtures", theme="dark", extra=["--Voila.show_config_json=True"])
    result = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    config = json.loads(result.stdout)
    assert config["VoilaConfiguration"]["theme"] == "dark"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    assert config["Voila"]["open_browser"] is False
    # Voila leaves the kernel manager's settings as text until the manager exists.
    assert int(config["MappingKernelManager"]["cull_idle_timeout"]) == CULL_IDLE_TIMEOUT
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"] == KERNEL_MANAGER
    assert int(config["ClassroomKernelManager"]["cull_disconnected_timeout"]) == CULL_DISCONNECTED_TIMEOUT
    assert float(config["KernelManager"]["shutdown_wait_time"]) == KERNEL_SHUTDOWN_WAIT


def test_app_url():
    assert app_url("127.0.0.1", 8866) == "http://127.0.0.1:8866/"
    assert app_url("::1", 8866) == "http://[::1]:8866/"


def test_voila_env_puts_the_checkout_first_on_pythonpath():
    env = voila_env({"PYTHONPATH": f"/elsewhere:{REPO}", "HOME": "/home/x"})
    assert env["PYTHONPATH"] == f"{REPO}:/elsewhere"
    assert env["HOME"] == "/home/x"
    assert voila_env({})["PYTHONPATH"] == str(REPO)


def test_serve_module_does_not_import_voila_or_ipywidgets():
    code = "import sys, spar_tutor.server.serve; print(sorted(m for m in ('voila', 'ipywidgets', 'jupyter_server') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_resources_in_a_checkout():
    assert resources.checkout_root() == REPO
    assert resources.notebooks_dir() == REPO / "notebooks"
    assert resources.lessons_dir() == REPO / "lessons"
    assert resources.app_notebook() == REPO / "notebooks" / "app.ipynb"


def test_resources_in_an_installed_package(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "spar_tutor"
    package.mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.checkout_root() is None
    assert resources.notebooks_dir() == package / "_data" / "notebooks"
    assert resources.lessons_dir() == package / "_data" / "lessons"


def test_installed_package_finds_its_shipped_notebooks(tmp_path):
    """The installed ``spar_tutor`` (``pip install .``) finds the folders the wheel ships."""
    code = (
        "import json, spar_tutor.resources as r; "
        "print(json.dumps([str(r._PACKAGE_DIR), str(r.notebooks_dir()), str(r.lessons_dir())]))"
    )
    result = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, "spar_tutor is not installed from this checkout (pip install .):\n" + result.stderr
    package, notebooks, lessons = map(Path, json.loads(result.stdout))
    if package == REPO / "spar_tutor":  # an editable install runs the checkout itself
        assert notebooks == REPO / "notebooks"
    else:
        assert notebooks == package / "_data" / "notebooks"
        assert lessons == package / "_data" / "lessons"
    assert notebooks.is_dir() and lessons.is_dir()


def _serve_smoke(tmp_path):
    """``serve()`` on the smoke notebook in a process of its own session (as a terminal runs
    it); its kernels' connection files go under ``tmp_path`` (TMPDIR)."""
    port = free_port()
    notebook = REPO / "tests" / "browser" / "fixtures" / "smoke.ipynb"
    code = f"import sys; from spar_tutor.server.serve import serve; sys.exit(serve({str(notebook)!r}, port={port}))"
    log = tmp_path / "serve.log"
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=REPO, stdout=subprocess.PIPE, stderr=log.open("w"),
        text=True, start_new_session=True, env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    assert proc.stdout.readline().strip() == f"Serving smoke.ipynb at http://127.0.0.1:{port}/ (Ctrl-C to stop)"
    return proc, port, log


@pytest.mark.slow
@pytest.mark.parametrize("signame, group", [("SIGINT", True), ("SIGTERM", False)],
                         ids=["ctrl-c", "kill-term"])
def test_a_signal_stops_the_server_and_every_kernel(tmp_path, signame, group):
    """Ctrl-C (SIGINT to the terminal's process group) or ``kill`` (SIGTERM to spar-tutor)
    stops Voila and every kernel within 10 s (Voila shuts them down; on a machine too busy for
    that, spar-tutor kills what is left after 6 s), exits 0, and frees the port."""
    proc, port, log = _serve_smoke(tmp_path)
    try:
        page = fetch_page(f"http://127.0.0.1:{port}/", proc, log)
        assert "Smoke test" in page and "on_click" not in page  # rendered, sources stripped
        assert '"kernelId"' in page
        assert "cdn.jsdelivr.net" not in page  # our page template: nothing from the internet
        assert len(processes_mentioning(str(tmp_path))) >= 2, "no kernel was started"  # Voila and its kernels

        seconds = stop_and_time(proc, getattr(signal, signame), group)
        left = processes_mentioning(str(tmp_path))
        assert proc.returncode == 0, f"exit {proc.returncode}:\n{tail(log)}"
        assert left == [], f"still running after the server exited: {left}"
        assert seconds < STOP_WITHIN, f"took {seconds:.1f} s to stop:\n{tail(log)}"
        assert port_is_free(port)
        assert proc.stdout.read().strip() == "Stopping the server and its kernels..."
    finally:
        kill_all(proc, str(tmp_path))


@pytest.mark.slow
def test_stopping_while_a_kernel_starts_leaves_nothing(tmp_path):
    """SIGTERM while the preheated kernel is still starting (Voila's own shutdown fails on a
    kernel that is not started yet): everything is stopped within 10 s all the same."""
    proc, port, log = _serve_smoke(tmp_path)
    try:
        deadline = time.monotonic() + 300
        while not processes_mentioning(str(tmp_path), "ipykernel"):
            assert proc.poll() is None and time.monotonic() < deadline, tail(log)
            time.sleep(0.05)

        seconds = stop_and_time(proc, signal.SIGTERM, group=False)
        assert processes_mentioning(str(tmp_path)) == []
        assert seconds < STOP_WITHIN, f"took {seconds:.1f} s to stop:\n{tail(log)}"
        assert port_is_free(port)
    finally:
        kill_all(proc, str(tmp_path))


def test_voila_keeps_its_kernels_in_a_folder_of_the_servers_own(monkeypatch, tmp_path):
    """So that the kernels of one server can be told from any other's, and stopped."""
    seen = []

    class FakePopen:
        def __init__(self, argv, env, start_new_session):
            folder = next(a for a in argv if a.startswith("--Voila.connection_dir_root="))
            seen.append((Path(folder.split("=", 1)[1]), start_new_session))
            self.pid = -1

        def wait(self):
            assert seen[0][0].is_dir()
            return 0

    notebook = tmp_path / "app.ipynb"
    notebook.write_text("{}")
    monkeypatch.setattr(subprocess, "Popen", FakePopen)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    from spar_tutor.server.serve import serve
    from spar_tutor.server.tables.run import TableProcess

    monkeypatch.setattr(TableProcess, "start", classmethod(lambda cls, folder, env: None))

    assert serve(notebook, port=9300) == 0
    (folder, own_session), = seen
    assert folder.parent == tmp_path and not folder.exists()  # removed once the server is done
    assert own_session == (os.name == "posix")


def test_voila_finds_our_page_template_first_on_jupyter_path():
    env = voila_env({"JUPYTER_PATH": "/elsewhere"})
    paths = env["JUPYTER_PATH"].split(os.pathsep)
    assert paths == [str(jupyter_data_dir()), "/elsewhere"]
    assert voila_env(env)["JUPYTER_PATH"] == env["JUPYTER_PATH"]  # once, however often
    assert f"--template={TEMPLATE}" in voila_argv("app.ipynb")
    folder = jupyter_data_dir() / "voila" / "templates" / TEMPLATE
    assert json.loads((folder / "conf.json").read_text())["base_template"] == "lab"



@pytest.mark.slow
def test_kill_9_of_spar_tutor_stops_voila_and_its_kernels_and_their_folder_goes(tmp_path):
    """``kill -9`` of spar-tutor alone (it cannot stop anything itself): Voila, which runs
    through spar_tutor.server.voila_run, gets SIGTERM from the system (a parent-death
    signal), stops its kernels, and the kernels' folder is removed; within 10 s."""
    proc, port, log = _serve_smoke(tmp_path)
    try:
        fetch_page(f"http://127.0.0.1:{port}/", proc, log)
        assert len(processes_mentioning(str(tmp_path))) >= 2, "no kernel was started"
        [folder] = tmp_path.glob("spar-tutor-kernels-*")
        assert any(folder.iterdir()), "no connection file"
        began = time.monotonic()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        while (processes_mentioning(str(tmp_path)) or folder.exists() or not port_is_free(port)) \
                and time.monotonic() - began < 30:
            time.sleep(0.1)
        seconds = time.monotonic() - began
        assert processes_mentioning(str(tmp_path)) == [], tail(log)
        assert not folder.exists() and port_is_free(port)
        assert seconds < STOP_WITHIN, f"took {seconds:.1f} s:\n{tail(log)}"
    finally:
        kill_all(proc, str(tmp_path))


def test_voila_runs_through_the_module_that_stops_it_with_us():
    from spar_tutor.server.serve import stopping_with_us

    argv = stopping_with_us(voila_argv("nb/app.ipynb", port=9400), "/tmp/k")
    assert argv[:3] == [sys.executable, "-m", "spar_tutor.server.voila_run"]
    assert argv[3:7] == ["--parent", str(os.getpid()), "--kernels", "/tmp/k"]
    assert argv[argv.index("--") + 1:] == voila_argv("nb/app.ipynb", port=9400)[3:]


@pytest.mark.slow
def test_no_secret_on_a_command_line(tmp_path):
    """The teacher's key and the database's password, given in the environment, reach the
    kernels there, and no process's command line (``ps``) shows them."""
    port = free_port()
    secret_key, password = "kept-out-of-ps-" + "k" * 20, "pass-kept-out-of-ps"
    env = {**os.environ, "TMPDIR": str(tmp_path), "SPAR_TUTOR_HOME": str(tmp_path / "home"),
           "SPAR_TUTOR_TEACHER_KEY": secret_key,
           "SPAR_TUTOR_DATABASE_URL": f"postgresql+psycopg://spar:{password}@127.0.0.1:1/spar"}
    log = tmp_path / "serve.log"
    proc = subprocess.Popen([sys.executable, "-m", "spar_tutor", "serve", "--port", str(port)],
                            cwd=REPO, stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True, env=env)
    try:
        fetch_page(f"http://127.0.0.1:{port}/", proc, log)
        mine = [proc.pid, *processes_mentioning(str(tmp_path))]
        assert len(mine) >= 3, "spar-tutor, Voila and a kernel"
        for pid in mine:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            assert secret_key.encode() not in cmdline and password.encode() not in cmdline
        assert password not in log.read_text()  # the address is shown with its password hidden
    finally:
        kill_all(proc, str(tmp_path))
