"""The app on a real JupyterHub (from PyPI), on loopback: two learners sign in and land in
the app through the Voila server extension, each in their own server, and keep their
progress in one shared PostgreSQL database, where the teacher (a hub admin) sees the
whole class on the Class page. The two learners play a hand at one shared table, through
the table service the hub runs (a hub-managed service, its tables in the same database).

Uses deploy/jupyterhub/jupyterhub_config.py with the test-only DummyAuthenticator and
SimpleLocalProcessSpawner, configurable-http-proxy (npm), which scripts/test.sh installs,
and the tests' throwaway PostgreSQL server (tests/postgres_helpers.py).
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import CHROMIUM_ARGS, free_port, save_screenshot
from sqlalchemy import select

from shared_tables import code_of, only_own_cards, play_hand, seat_points

from spar_tutor.store import Store
from spar_tutor.store.schema import Learner, SharedSeat, SharedTable, StepAnswer

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
LEARNERS = ("ama", "kofi")
TEACHER = "teacher"
SPAWN_TIMEOUT_MS = 120_000


class Hub:
    def __init__(self, state: Path, database: str) -> None:
        self.state = state
        self.port = free_port()
        self.tables_port = free_port()
        self.log_path = state / "jupyterhub.log"
        self.database = database
        env = {**os.environ, "SPAR_HUB_AUTH": "dummy", "SPAR_HUB_SPAWNER": "simple",
               "SPAR_HUB_DATABASE_URL": database, "SPAR_HUB_ADMINS": TEACHER,
               "SPAR_HUB_STATE": str(state), "SPAR_HUB_HOMES": str(state / "homes"),
               "SPAR_HUB_PORT": str(self.port), "SPAR_HUB_API_PORT": str(free_port()),
               "SPAR_HUB_INTERNAL_PORT": str(free_port()),
               "SPAR_HUB_TABLES_PORT": str(self.tables_port),
               "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)], cwd=state, env=env,
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("JupyterHub exited:\n" + self.log()[-3000:])
            try:
                with urllib.request.urlopen(self.url + "/hub/login", timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.5)
        raise TimeoutError("JupyterHub did not answer:\n" + self.log()[-3000:])

    def stop(self) -> None:
        """SIGTERM: the hub stops the learners' servers and the proxy; then the group is killed."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(40)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()


@pytest.fixture(scope="module")
def hub(tmp_path_factory, artifacts_dir, postgres):
    missing = [tool for tool in ("configurable-http-proxy",) if shutil.which(tool) is None]
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        missing.append("jupyterhub (pip install '.[test]')")
    if missing:
        pytest.fail("missing " + ", ".join(missing) + ": run scripts/test.sh, which installs them")
    hub = Hub(tmp_path_factory.mktemp("hub"), postgres.new_database())
    try:
        hub.wait_ready()
        yield hub
    finally:
        hub.stop()
        shutil.copy(hub.log_path, artifacts_dir / "jupyterhub.log")


def sign_in(browser, hub, name):
    """A learner's own browser: sign in, land where the hub sends them."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(SPAWN_TIMEOUT_MS)
    page = context.new_page()
    page.goto(hub.url + "/hub/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any password works with the dummy authenticator")
    page.locator("form [type=submit]").click()
    page.wait_for_url(f"**/user/{name}/voila/render/app.ipynb*", timeout=SPAWN_TIMEOUT_MS)
    expect(page.locator(".spar-shell")).to_be_visible(timeout=SPAWN_TIMEOUT_MS)
    return page


@pytest.fixture(scope="module")
def learners(browser, hub):
    pages = {name: sign_in(browser, hub, name) for name in LEARNERS}
    yield pages
    for page in pages.values():
        page.context.close()


def test_each_learner_lands_in_the_app_as_themselves(learners, pytestconfig):
    for name, page in learners.items():
        assert page.url.endswith(f"/user/{name}/voila/render/app.ipynb")
        expect(page.get_by_text(f"Welcome, {name.capitalize()}!")).to_be_visible()
        expect(page.get_by_role("button", name="Start lesson 1")).to_be_enabled()
        others = [o for o in LEARNERS if o != name]
        shown = page.locator(".spar-shell").inner_text().casefold()
        assert not any(o in shown for o in others)
        assert "from spar_tutor.app import show" not in page.content()
        assert "cdn.jsdelivr.net" not in page.content()  # our page template, on the hub too
        save_screenshot(page, f"hub-{name}-home", pytestconfig.rootpath)


def test_each_learner_has_their_own_server_and_home(learners, hub):
    for name in LEARNERS:
        assert f"Server {name} is ready" in hub.log()
        assert (hub.state / "homes" / name).is_dir()


def test_deep_link_on_the_hub_keeps_the_signed_in_learner(learners, pytestconfig):
    page = learners["ama"]
    page.goto(page.url.split("?")[0] + "?page=rules&preset=sipa&learner=kofi")
    expect(page.get_by_text("Scoring in Sipa (Togo)")).to_be_visible()
    save_screenshot(page, "hub-ama-deep-link-rules", pytestconfig.rootpath)
    page.locator(".spar-nav", has_text=re.compile("^Home$")).click()
    expect(page.get_by_text("Welcome, Ama!")).to_be_visible()
    assert "kofi" not in page.locator(".spar-shell").inner_text().casefold()


SEND_EXECUTE = """
async ({code}) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const id = () => Math.random().toString(16).slice(2);
  const session = id();
  const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + config.baseUrl +
    `api/kernels/${config.kernelId}/channels?session_id=${session}`);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  const message = (msg_type, content) => ({header: {msg_id: id(), msg_type, session,
    username: 'page', date: new Date().toISOString(), version: '5.3'}, parent_header: {},
    metadata: {}, content, channel: 'shell', buffers: []});
  const execute = message('execute_request', {code, silent: false, store_history: false,
    user_expressions: {}, allow_stdin: false, stop_on_error: true});
  const info = message('kernel_info_request', {});
  const received = [];
  await new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no kernel_info_reply')), 30000);
    ws.onmessage = (event) => { const msg = JSON.parse(event.data);
      received.push(msg.parent_header.msg_id || null);
      if (msg.parent_header.msg_id === info.header.msg_id && msg.header.msg_type === 'kernel_info_reply') resolve(); };
    ws.send(JSON.stringify(execute)); ws.send(JSON.stringify(info));
  });
  ws.close();
  return received.filter(parent => parent === execute.header.msg_id).length;
}
"""


def test_the_hub_refuses_code_sent_from_the_browser(learners, hub, tmp_path):
    marker = tmp_path / "executed.txt"
    replies = learners["kofi"].evaluate(SEND_EXECUTE, {"code": f"open({str(marker)!r}, 'w')"})
    assert replies == 0 and not marker.exists()
    assert 'Received message of type "execute_request", which is not allowed' in hub.log()


def test_no_terminals_for_learners(learners, hub):
    page = learners["ama"]
    base = page.url.split("/voila/")[0]
    response = page.request.post(base + "/api/terminals",
                                 headers={"X-XSRFToken": _xsrf(page)}, fail_on_status_code=False)
    assert response.status in (403, 404)


def test_learners_progress_is_kept_in_the_shared_database(learners, hub):
    page = learners["ama"]
    page.goto(page.url.split("?")[0] + "?page=lessons&lesson=1")
    expect(page.get_by_role("heading", name=re.compile("^Lesson 1:"))).to_be_visible(
        timeout=SPAWN_TIMEOUT_MS)
    page.locator(".sp-lesson button", has_text=re.compile("^Next$")).click()
    page.locator(".sp-lesson button", has_text=re.compile("^36$")).click()
    expect(page.locator(".sp-feedback-wrong")).to_be_visible(timeout=SPAWN_TIMEOUT_MS)
    store = Store.open(hub.database)
    try:
        with store.read() as session:
            names = set(session.scalars(select(Learner.name)))
            answers = session.execute(select(Learner.name, StepAnswer.lesson, StepAnswer.answer)
                                      .join(Learner, Learner.id == StepAnswer.learner_id)).all()
    finally:
        store.close()
    assert {name.capitalize() for name in LEARNERS} <= names  # "ama" is shown as "Ama"
    assert ("Ama", "01_pack", "36") in [tuple(a) for a in answers]
    assert not (hub.state / "homes" / "ama" / ".spar-tutor" / "spar-tutor.sqlite").exists()


def test_a_learner_cannot_open_the_class_page(learners):
    page = learners["kofi"]
    page.goto(page.url.split("?")[0] + "?page=class")
    expect(page.get_by_text("That page is for teachers only.")).to_be_visible(
        timeout=SPAWN_TIMEOUT_MS)
    expect(page.locator("table.spar-class-table")).to_have_count(0)


def test_the_teacher_sees_the_class(learners, browser, hub, pytestconfig):
    page = sign_in(browser, hub, TEACHER)
    try:
        page.locator(".spar-nav", has_text=re.compile("^Class$")).click()
        table = page.locator("table.spar-class-table")
        expect(table).to_be_visible(timeout=SPAWN_TIMEOUT_MS)  # the first chart loads matplotlib
        for name in LEARNERS:
            expect(table.locator("th[scope=row]", has_text=re.compile(f"^{name.capitalize()}$"))
                   ).to_be_visible()
        # the teacher opened the app too: that row is marked, and not counted
        expect(table.locator("th[scope=row]", has_text=re.compile(r"^Teacher \(you\)$"))
               ).to_be_visible()
        expect(page.get_by_text(f"{len(LEARNERS)} learners have used the tutor. Your own row, "
                                "marked (you), is not counted.")).to_be_visible()
        expect(page.locator('.spar-class-chart img[alt*="Lesson 1, step 2"]')).to_be_visible()
        save_screenshot(page, "hub-teacher-class", pytestconfig.rootpath)
    finally:
        page.context.close()


def _xsrf(page):
    return next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")


def test_two_hub_users_play_a_hand_at_one_shared_table(learners, browser, hub, pytestconfig):
    root = pytestconfig.rootpath
    ama, kofi = learners["ama"], learners["kofi"]
    ama.goto(ama.url.split("?")[0] + "?page=table")
    make = ama.get_by_role("button", name="Make a table")
    expect(make).to_be_enabled(timeout=SPAWN_TIMEOUT_MS)
    ama.get_by_label("Players", exact=True).select_option("2")
    make.click()
    code = code_of(ama)
    # Kofi opens the link Ama's page gives: the hub sends him to his own server, where he
    # sits down (the service knows him by his hub token)
    link = ama.locator(".spar-table-code a").get_attribute("href")
    assert link == f"/hub/user-redirect/voila/render/app.ipynb?page=table&table={code}"
    kofi.goto(hub.url + link)
    kofi.wait_for_url(f"**/user/kofi/voila/render/app.ipynb?page=table&table={code}*")
    expect(kofi.locator(".spar-shared-table .spar-code")).to_have_text(code,
                                                                       timeout=SPAWN_TIMEOUT_MS)
    expect(ama.locator(".spar-seat-list")).to_contain_text("Kofi (a classmate)")
    expect(kofi.locator(".spar-seat-list")).to_contain_text("Ama (a classmate)")
    ama.get_by_role("button", name="Start the match").click()
    table = {"Ama": ama, "Kofi": kofi}
    for page in table.values():
        expect(page.locator(".spar-shared-table .spar-card-btn")).to_have_count(5)
    only_own_cards(table)
    save_screenshot(kofi, "hub-kofi-shared-table", root)
    played, _seen = play_hand(table, root)
    assert len(played) == 2 * 5
    assert seat_points(ama) == seat_points(kofi)
    save_screenshot(ama, "hub-ama-shared-table-over", root)
    # the table and its players are in the hub's shared database
    store = Store.open(hub.database)
    try:
        with store.read() as session:
            found = session.execute(select(SharedTable.id, SharedTable.status)
                                    .where(SharedTable.code == code)).one()
            seated = set(session.scalars(select(SharedSeat.name)
                                         .where(SharedSeat.table_id == found[0])))
    finally:
        store.close()
    assert found[1] == "playing" and seated == {"Ama", "Kofi"}
    # the teacher, a hub admin, sees the table on the Class page and opens it
    teacher = sign_in(browser, hub, TEACHER)
    try:
        teacher.goto(teacher.url.split("?")[0] + "?page=class")
        tables = teacher.locator(".spar-class-tables")
        expect(tables).to_contain_text(code, timeout=SPAWN_TIMEOUT_MS)
        expect(tables).to_contain_text("Kofi")
        teacher.get_by_role("button", name=f"Open table {code}").click()
        expect(tables.locator(".spar-class-table .spar-felt")).to_be_visible()
        expect(tables.locator(".spar-class-table .spar-seat-list")).to_contain_text(
            "Ama (a learner)")
        save_screenshot(teacher, "hub-teacher-shared-table", root)
    finally:
        teacher.context.close()


def test_the_table_service_answers_only_the_hubs_users(hub):
    url = f"http://127.0.0.1:{hub.tables_port}/services/spar-tables/api/mine"
    for headers in ({}, {"Authorization": "token not-a-hub-token"}):
        request = urllib.request.Request(url, data=b'{"name": "Ama"}', headers=headers,
                                         method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 403
