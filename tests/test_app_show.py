"""show(): the app notebook's one call; the query string, also in a preheated kernel."""

import json
from pathlib import Path

import pytest

import spar_tutor.app as app_pkg
from spar_tutor.app import request, shell, show

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def shown(monkeypatch):
    """What show() displayed."""
    out = []
    monkeypatch.setattr("IPython.display.display", lambda *objs, **kw: out.extend(objs))
    return out


def test_show_displays_the_app_and_follows_the_query(shown, monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    app = show("page=rules&preset=agram&learner=Yao")
    assert shown == [app]
    assert app.current == "rules" and app.pages["rules"].preset.value == "agram"
    assert app.learner.name == "Yao"


def test_show_reads_query_string_from_voila(shown, monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "page=rules")
    assert show().current == "rules"


def test_preheated_kernel_waits_for_the_request(shown, monkeypatch):
    """Voila runs a preheated notebook before the request; wait_for_request brings its query."""
    import voila.utils

    calls = []

    def fake_wait_for_request(url=None):
        calls.append(url)
        monkeypatch.setenv("QUERY_STRING", "page=lessons&lesson=7")

    monkeypatch.setattr(voila.utils, "wait_for_request", fake_wait_for_request)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    app = show()
    assert calls == [None]
    assert app.current == "lessons"


def test_not_preheated_means_no_waiting(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "page=play")
    assert request.request_query() == "page=play"
    monkeypatch.delenv("QUERY_STRING")
    assert request.request_query() == ""


def test_an_app_that_cannot_be_built_says_sorry_without_a_traceback(shown, monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(shell, "App", broken)
    assert show("") is None
    [message] = shown
    assert "could not start" in message.data and "secret" not in message.data


def test_a_bad_link_leaves_the_app_on_home(shown, monkeypatch):
    def broken(self, route):
        raise RuntimeError("bad")

    monkeypatch.setattr(shell.App, "follow", broken)
    app = show("page=rules")
    assert app.current == "home" and "link could not be opened" in app.notice.value


def test_app_notebook_is_one_cell_that_shows_the_app():
    nb = json.loads((REPO / "notebooks" / "app.ipynb").read_text())
    [cell] = nb["cells"]
    assert cell["cell_type"] == "code"
    assert "".join(cell["source"]) == "from spar_tutor.app import show\n\napp = show()"
    assert not cell["outputs"]
    assert app_pkg.show is show
