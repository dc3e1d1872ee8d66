"""``spar-tutor`` with no command, ``spar-tutor serve`` and ``--help``."""

import subprocess
import sys
from pathlib import Path

import pytest

from spar_tutor.server.tables.run import TableProcess

from spar_tutor import cli
from spar_tutor.server import serve

REPO = Path(__file__).resolve().parents[1]


def run(*args):
    return subprocess.run([sys.executable, "-m", "spar_tutor", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=60)


def test_help_explains_every_subcommand():
    out = run("--help").stdout
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, choice in sub.choices.items():
        helps = [c.help for c in sub._choices_actions if c.dest == name]
        assert name in out and helps and helps[0], name
    for words in ("--port", "--host", "--theme", "examples:", "COMMAND --help"):
        assert words in out


def test_serve_help_describes_the_server():
    out = run("serve", "--help").stdout
    for words in ("--port", "--host", "--theme", "--open", "--class-size", "Voila", "Ctrl-C"):
        assert words in out


@pytest.mark.parametrize("argv", [[], ["serve"]])
def test_serve_is_the_default_and_takes_the_options(monkeypatch, argv):
    calls = []
    monkeypatch.setattr(serve, "serve", lambda **kw: calls.append(kw) or 0)
    assert cli.main([*argv, "--port", "9100", "--host", "0.0.0.0", "--theme", "dark"]) == 0
    assert cli.main([*argv, "--class-size", "30", "--open"]) == 0
    assert cli.main([*argv, "--lang", "fr"]) == 0
    assert calls == [dict(port=9100, host="0.0.0.0", theme="dark", open_browser=False, pool_size=1,
                          language=None),
                     dict(port=8866, host="127.0.0.1", theme="light", open_browser=True, pool_size=30,
                          language=None),
                     dict(port=8866, host="127.0.0.1", theme="light", open_browser=False, pool_size=1,
                          language="fr")]


def test_bad_theme_is_refused():
    out = run("serve", "--theme", "neon")
    assert out.returncode == 2 and "theme" in out.stderr


@pytest.fixture
def started(monkeypatch):
    """Voila's command lines and environments, each (argv, env), instead of running it."""
    calls = []

    class FakePopen:
        def __init__(self, argv, env, start_new_session):
            calls.append((argv, env))
            self.pid = -1

        def wait(self):
            return 0

    monkeypatch.setattr(serve.subprocess, "Popen", FakePopen)
    monkeypatch.setattr(TableProcess, "start", classmethod(lambda cls, folder, env: Tables()))
    return calls


class Tables:
    """The table service, as serve() starts it beside Voila (not run here)."""

    url = "http://127.0.0.1:5999/"
    stopped = 0

    def stop(self):
        Tables.stopped += 1


@pytest.fixture
def notebook(tmp_path):
    path = tmp_path / "app.ipynb"
    path.write_text("{}")
    return path


def test_serve_prints_where_to_go_and_tells_kernels_the_address(started, notebook, capsys):
    assert serve.serve(notebook, port=9200, host="0.0.0.0") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Serving app.ipynb at http://127.0.0.1:9200/ (Ctrl-C to stop)"
    assert "Other computers" in out[1]
    assert "VOILA_APP_IP" not in started[0][1] or started[0][1]["VOILA_APP_IP"] == \
        serve.os.environ.get("VOILA_APP_IP")

    serve.serve(notebook, port=9201, host="192.168.1.20")
    assert capsys.readouterr().out.startswith("Serving app.ipynb at http://192.168.1.20:9201/")
    assert started[1][1]["VOILA_APP_IP"] == "192.168.1.20"


def test_serve_tells_the_kernels_where_the_table_service_is_and_stops_it(started, notebook):
    stopped = Tables.stopped
    assert serve.serve(notebook, port=9204) == 0
    assert started[0][1]["SPAR_TUTOR_TABLES_URL"] == Tables.url
    assert Tables.stopped == stopped + 1  # stopped with the server


def test_serve_in_french_tells_the_kernels_and_refuses_an_unknown_language(started, notebook):
    assert serve.serve(notebook, port=9202, language="fr") == 0
    assert started[0][1]["SPAR_TUTOR_LANG"] == "fr"
    with pytest.raises(serve.SparError, match="unknown language 'xx'.*en, fr"):
        serve.serve(notebook, port=9203, language="xx")
    assert len(started) == 1


def test_a_class_gets_a_pool_of_ready_kernels_refilled_later():
    argv = serve.voila_argv("app.ipynb", pool_size=30)
    assert "--pool_size=30" in argv
    assert f"--VoilaKernelManager.fill_delay={serve.CLASS_FILL_DELAY}" in argv
    assert not any("fill_delay" in a for a in serve.voila_argv("app.ipynb"))
    assert "--pool_size=0" in serve.voila_argv("app.ipynb", pool_size=30, preheat=False)


def test_voila_accepts_the_class_settings():
    argv = serve.voila_argv(REPO / "tests" / "browser" / "fixtures", pool_size=5,
                            extra=["--Voila.show_config_json=True"])
    out = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    config = __import__("json").loads(out.stdout)
    assert config["VoilaConfiguration"]["default_pool_size"] == 5
    assert float(config["VoilaKernelManager"]["fill_delay"]) == serve.CLASS_FILL_DELAY
