"""show(): the app notebook's one call; the query string, also in a preheated kernel."""

import json
from pathlib import Path

import pytest

import spar_tutor.app as app_pkg
from spar_tutor.app import shell, show
from spar_tutor.server import request
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)

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
    assert shown[0] is app and len(shown) == 2
    assert "history.pushState" in shown[1].data  # the script that keeps the address
    assert app.address.query == "page=rules&game=agram&learner=Yao"
    assert app.current == "rules" and app.pages["rules"].preset.value == "agram"
    assert app.learner.name == "Yao"


def test_show_reads_query_string_from_voila(shown, monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "page=rules")
    assert show().current == "rules"


def test_preheated_kernel_waits_for_the_request(shown, monkeypatch):
    """Voila runs a preheated notebook before the request; the request then arrives by websocket."""
    calls = []

    def fake_wait_for_request():
        calls.append(True)
        monkeypatch.setenv("QUERY_STRING", "page=lessons&lesson=7")

    monkeypatch.setattr(request, "wait_for_request", fake_wait_for_request)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    app = show()
    assert calls == [True]
    assert app.current == "lessons"


def test_wait_for_request_speaks_voilas_query_socket(monkeypatch):
    """Against a stand-in for Voila's ``voila/query/<kernel id>`` websocket."""
    import threading

    from websockets.sync.server import serve

    paths = []

    def handler(socket):
        paths.append(socket.request.path)
        socket.send(json.dumps({"QUERY_STRING": "page=rules&preset=sipa", "SERVER_PORT": "1"}))

    with serve(handler, "127.0.0.1", 0) as server:
        port = server.socket.getsockname()[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_APP_PORT", str(port))
        monkeypatch.setenv("VOILA_SERVER_URL", "/base/")
        monkeypatch.setenv("VOILA_KERNEL_ID", "k-123")
        monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
        monkeypatch.delenv("QUERY_STRING", raising=False)
        assert request.request_query() == "page=rules&preset=sipa"
        server.shutdown()
    assert paths == ["/base/voila/query/k-123"]


def test_a_closed_query_socket_is_opened_again_and_sends_no_pings(monkeypatch):
    """The lost greeting: the kernel's socket failed (a late pong under load) before the
    request came, and the page never learned its address. Now a socket closed before the
    request is opened again, and the client never pings, so a busy server cannot fail it."""
    import threading

    from websockets.sync.server import serve

    connections, pings = [], []

    def handler(socket):
        connections.append(socket.request.path)
        if len(connections) == 1:
            socket.close()  # as a server would drop it
            return
        socket.send(json.dumps({"QUERY_STRING": "page=home&learner=Ama"}))

    with serve(handler, "127.0.0.1", 0, ping_interval=None) as server:
        port = server.socket.getsockname()[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        real_connect = __import__("websockets.sync.client", fromlist=["connect"]).connect

        def connect(*args, **kw):
            pings.append(kw.get("ping_interval", "default"))
            return real_connect(*args, **kw)

        monkeypatch.setattr("websockets.sync.client.connect", connect)
        monkeypatch.setattr(request, "RETRY_PAUSE_S", 0.0)
        for name, value in (("VOILA_PREHEAT", "True"), ("VOILA_APP_PORT", str(port)),
                            ("VOILA_KERNEL_ID", "k-9")):
            monkeypatch.setenv(name, value)
        monkeypatch.delenv("QUERY_STRING", raising=False)
        assert request.request_query() == "page=home&learner=Ama"
        server.shutdown()
    assert connections == ["/voila/query/k-9"] * 2 and pings == [None, None]


def test_no_voila_to_answer_means_no_query(monkeypatch):
    monkeypatch.setattr(request, "RETRY_PAUSE_S", 0.0)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", "1")  # nothing listens there
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert request.request_query() == ""


def test_preheated_kernel_does_not_import_the_jupyter_server():
    """voila.utils would cost every preheated kernel about 45 MB."""
    import subprocess
    import sys

    code = ("import sys, os; os.environ.update(VOILA_PREHEAT='True', VOILA_APP_PORT='1'); "
            "import spar_tutor.server.request as r; r.request_query(); "
            "print('jupyter_server' in sys.modules, 'voila' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert out.stdout.split() == ["False", "False"], out.stderr


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


def test_a_preheated_kernel_warms_up_before_waiting(shown, monkeypatch):
    import spar_tutor.app as app_module

    order = []
    monkeypatch.setattr(app_module, "warm_up", lambda *args: order.append("warm"))
    monkeypatch.setattr(request, "wait_for_request", lambda: order.append("wait"))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    show()
    assert order == ["warm", "wait"]
    order.clear()
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    show()
    assert order == []


def test_warm_up_never_fails(monkeypatch):
    from spar_tutor.server import warm

    def broken(name):
        raise ImportError("no")

    monkeypatch.setattr(warm.importlib, "import_module", broken)
    warm.warm_up(["spar_tutor.widgets"], lambda name: True, lambda: None)  # logged, not raised
    warm.warm_up([], lambda name: True, lambda: 1 / 0)  # logged, not raised
