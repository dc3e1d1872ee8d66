"""Browser test harness: Voila serves notebooks, system Chromium drives them.

Every test in this folder is marked ``browser``. The fixtures:

* ``voila``: a session-wide factory, ``voila(folder, env=None, **voila_argv_kwargs)``,
  that serves a folder of notebooks (or one notebook, as ``spar-tutor serve``
  does) with the app's own Voila settings
  (:func:`spar_tutor.server.serve.voila_argv`) on a free port and returns a
  :class:`VoilaServer`. Each (folder, settings) is served once per session and
  stopped, with its kernels, at the end.
* ``fixture_server``: ``tests/browser/fixtures`` (the tests' own notebooks).
* ``notebooks_server``: the repository's ``notebooks/`` folder (without
  preheated kernels, so that serving it does not start a kernel per notebook).
* ``browser`` / ``page``: Debian's ``/usr/bin/chromium`` through Playwright.
* ``voila_page``: a :class:`VoilaPage`, so a test reads
  ``voila_page.open(fixture_server, "smoke.ipynb", wait_for="Click me")``,
  ``voila_page.click("Click me")``, ``voila_page.expect_text("Clicked")``.

Voila's log goes to ``test-artifacts/voila-<name>.log``; screenshots to
``test-artifacts/screenshots/<name>.png``, and one is taken of any test that
fails while it has a page open.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from spar_tutor import i18n
from spar_tutor.app import course
from spar_tutor.resources import app_notebook, notebooks_dir
from spar_tutor.server.classroom import class_link
from spar_tutor.server.serve import voila_argv, voila_env

HERE = Path(__file__).resolve().parent
FIXTURE_NOTEBOOKS = HERE / "fixtures"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"]

SERVER_START_TIMEOUT_S = 60
"""Until Voila answers HTTP (it starts in a few seconds)."""
SERVER_STOP_TIMEOUT_S = 20
"""For Voila to shut its kernels down after SIGTERM, before it is killed."""
UI_TIMEOUT_MS = 45_000
"""For a page to show its widgets: a cold kernel start is about 10 s here."""

# Every ``expect`` waits as long as a page may take on a busy machine (Playwright's own
# default is 5 s, too short for a kernel that computes while the other core is loaded).
# A passing check returns as soon as it holds, so only a failing one waits this long.
expect.set_options(timeout=UI_TIMEOUT_MS)


def pytest_collection_modifyitems(config: pytest.Config, items: List[pytest.Item]) -> None:
    """Mark every test under this folder ``browser``."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Screenshot the page of a test that failed."""
    outcome = yield
    report = outcome.get_result()
    page = item.funcargs.get("page") if hasattr(item, "funcargs") else None
    if report.failed and report.when == "call" and page is not None and not page.is_closed():
        name = "FAILED-" + re.sub(r"[^\w.-]+", "_", item.nodeid)
        save_screenshot(page, name, item.config.rootpath)


# -- Voila ---------------------------------------------------------------------


@dataclass
class VoilaServer:
    """A running Voila serving the notebooks of one folder."""

    root: Path
    port: int
    process: subprocess.Popen
    log_path: Path
    connection_dir: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def app_url(self, query: str = "") -> str:
        """The page of a server of one notebook, with an optional ``?query``."""
        return f"{self.base_url}/" + (f"?{query}" if query else "")

    def notebook_url(self, notebook: str) -> str:
        """The page of a notebook, given by its path relative to ``root``."""
        return f"{self.base_url}/voila/render/{quote(notebook)}"

    def log(self) -> str:
        """Everything Voila (and its kernels) wrote so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_voila(root: Path, log_path: Path, connection_dir: Path, env: Optional[Dict[str, str]] = None,
                port: Optional[int] = None, **argv_kwargs) -> VoilaServer:
    """Start Voila on ``root`` (a folder or one notebook) and wait until it answers HTTP.

    ``env`` adds environment variables for Voila and its kernels; ``port``: a given one
    (a server started again where it was), else a free one."""
    port = port or free_port()
    extra = ["--Voila.log_level=INFO", f"--Voila.connection_dir_root={connection_dir}"]
    argv = voila_argv(root, port=port, extra=extra, **argv_kwargs)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "ab") as log:
        log.write(("$ " + " ".join(argv) + "\n").encode())
        log.flush()
        process = subprocess.Popen(
            argv, cwd=root if root.is_dir() else root.parent, env={**voila_env(), **(env or {})},
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        )
    server = VoilaServer(root, port, process, log_path, connection_dir)
    try:
        _wait_until_serving(server)
    except BaseException:
        stop_voila(server)
        raise
    return server


def _wait_until_serving(server: VoilaServer) -> None:
    # Voila's own script, not "/": for a server of one notebook that page would take the
    # preheated kernel (and every other path there redirects to the notebook's files).
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"Voila exited with {server.process.returncode}:\n{server.log()[-3000:]}")
        try:
            with urllib.request.urlopen(server.base_url + "/voila/static/voila.js", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise TimeoutError(f"Voila did not answer within {SERVER_START_TIMEOUT_S} s:\n{server.log()[-3000:]}")


def stop_voila(server: VoilaServer) -> None:
    """Stop Voila (it shuts its kernels down on SIGTERM), then kill any kernel left."""
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(SERVER_STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()
    for pid in kernel_pids(server):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def kernel_pids(server: VoilaServer) -> List[int]:
    """Processes whose command line names this server's connection folder: its kernels."""
    marker = str(server.connection_dir).encode()
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if marker in cmdline and int(proc.name) != server.process.pid:
            pids.append(int(proc.name))
    return pids


@pytest.fixture(scope="session")
def artifacts_dir(pytestconfig: pytest.Config) -> Path:
    """``test-artifacts/`` at the repository root."""
    path = pytestconfig.rootpath / "test-artifacts"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(scope="session")
def voila(artifacts_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    """Factory: ``voila(folder, env=None, **voila_argv_kwargs) -> VoilaServer``, one server per
    set of arguments."""
    servers: Dict[Tuple, VoilaServer] = {}

    def serve(root: os.PathLike, env: Optional[Dict[str, str]] = None, **argv_kwargs) -> VoilaServer:
        root = Path(root).resolve()
        key = (root, tuple(sorted((env or {}).items())), tuple(sorted(argv_kwargs.items())))
        if key not in servers:
            name = f"{root.name}-{len(servers)}"
            servers[key] = start_voila(
                root,
                log_path=artifacts_dir / f"voila-{name}.log",
                connection_dir=tmp_path_factory.mktemp(f"voila-{name}"),
                env=env,
                **argv_kwargs,
            )
        return servers[key]

    yield serve
    for server in servers.values():
        stop_voila(server)


@pytest.fixture(scope="session")
def fixture_server(voila) -> VoilaServer:
    """Voila serving the tests' own notebooks in ``tests/browser/fixtures``."""
    return voila(FIXTURE_NOTEBOOKS)


@pytest.fixture(scope="session")
def notebooks_server(voila) -> VoilaServer:
    """Voila serving the app and lesson notebooks (``spar_tutor.resources.notebooks_dir()``)."""
    return voila(notebooks_dir(), preheat=False)


# -- Chromium ------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/test.sh, or apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own browser context."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(UI_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def save_screenshot(page: Page, name: str, root: Path) -> Path:
    """Save a full-page screenshot as ``<root>/test-artifacts/screenshots/<name>.png``.

    Voila scrolls its cells inside ``#rendered_cells``, not the page, so the
    window is made as tall as that content for the picture, then put back."""
    path = root / "test-artifacts" / "screenshots" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    tall = page.evaluate(
        "() => { const c = document.querySelector('#rendered_cells');"
        " return c ? c.scrollHeight + c.getBoundingClientRect().top : 0; }")
    if size and tall > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(int(tall) + 16, 6000)})
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        if size and tall > size["height"]:
            page.set_viewport_size(size)
    return path


class VoilaPage:
    """A Chromium page showing a notebook served by Voila, with widget-level helpers."""

    def __init__(self, page: Page, root: Path) -> None:
        self.page = page
        self.root = root

    def open(self, server: VoilaServer, notebook: str, wait_for: Optional[str] = None) -> "VoilaPage":
        """Load a notebook's page and wait until its cells (and ``wait_for`` text) show."""
        return self.open_url(server.notebook_url(notebook), wait_for)

    def open_url(self, url: str, wait_for: Optional[str] = None) -> "VoilaPage":
        """Load a Voila page by its address and wait until its cells (and ``wait_for``) show."""
        self.page.goto(url, timeout=UI_TIMEOUT_MS)
        expect(self.page.locator("#rendered_cells")).to_be_visible(timeout=UI_TIMEOUT_MS)
        if wait_for is not None:
            expect(self.widget(wait_for)).to_be_visible(timeout=UI_TIMEOUT_MS)
        return self

    def widget(self, text: str) -> Locator:
        """The innermost widget whose text contains ``text``."""
        return self.page.locator(".jupyter-widgets").filter(has_text=text).filter(
            has_not=self.page.locator(".jupyter-widgets").filter(has_text=text)
        )

    def click(self, text: str) -> None:
        """Click the widget (a button, usually) showing ``text``."""
        self.widget(text).click()

    def expect_text(self, text: str) -> Locator:
        """Wait until a widget shows ``text``; returns it."""
        found = self.widget(text)
        expect(found).to_be_visible(timeout=UI_TIMEOUT_MS)
        return found

    def kernel_id(self) -> str:
        """The id of the kernel behind this page (from Voila's page config)."""
        config = self.page.locator("#jupyter-config-data").text_content()
        return json.loads(config)["kernelId"]

    def screenshot(self, name: str) -> Path:
        """Save ``test-artifacts/screenshots/<name>.png``."""
        return save_screenshot(self.page, name, self.root)


@pytest.fixture
def french():
    """The test's own lessons and puzzles (the walk's shadows) in French, like the page's
    (the kernel loads them in the page's language)."""
    i18n.set_language("fr")
    course.all_lessons.cache_clear()
    yield
    i18n.set_language("en")
    course.all_lessons.cache_clear()


@pytest.fixture
def voila_page(page: Page, pytestconfig: pytest.Config) -> VoilaPage:
    """The ``page`` with the :class:`VoilaPage` helpers."""
    return VoilaPage(page, pytestconfig.rootpath)


# -- the app -------------------------------------------------------------------


@pytest.fixture(scope="session")
def app_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``SPAR_TUTOR_HOME`` of the app servers: the learners' progress of this test run."""
    return tmp_path_factory.mktemp("spar-tutor-home")


TEACHER_KEY = "browser+test&teacher#key" + "-" * 226
"""The app server's ``--teacher-key`` (250 characters, with signs a link would change):
``CLASS_QUERY`` opens the Class page."""
CLASS_QUERY = class_link("", TEACHER_KEY).lstrip("?")
"""The Class page's query, as ``spar-tutor serve`` prints it (the key URL-encoded)."""


@pytest.fixture(scope="session")
def app_server(voila, app_home: Path) -> VoilaServer:
    """The app as ``spar-tutor serve --teacher-key TEACHER_KEY`` serves it (one notebook,
    preheated kernel), light theme."""
    return voila(app_notebook(), env={"SPAR_TUTOR_HOME": str(app_home),
                                      "SPAR_TUTOR_TEACHER_KEY": TEACHER_KEY,
                                      # test-only clock: test_mastery_browser moves it
                                      "SPAR_TUTOR_NOW": f"file:{app_home / 'test-clock'}"})


@pytest.fixture(scope="session")
def dark_app_server(voila, app_home: Path) -> VoilaServer:
    """The app with ``--theme=dark``."""
    return voila(app_notebook(), env={"SPAR_TUTOR_HOME": str(app_home)}, theme="dark")
