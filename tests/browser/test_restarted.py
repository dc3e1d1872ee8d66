"""A page whose server or kernel went away says so within 10 s ("The tutor was restarted.
Reload this page to go on."), and its button reloads it back to where the learner was."""

from __future__ import annotations

import os
import signal
import time

from playwright.sync_api import expect

from conftest import kernel_pids, start_voila, stop_voila
from spar_tutor.app.shell import GONE
from spar_tutor.resources import app_notebook
from test_app import open_app

SAY_WITHIN_S = 10.0


def gone_banner(page):
    return page.locator(".spar-gone")


def test_a_restarted_server_or_kernel_is_said_and_a_reload_goes_on(artifacts_dir, tmp_path,
                                                                  voila_page):
    home = tmp_path / "home"
    home.mkdir()
    env = {"SPAR_TUTOR_HOME": str(home)}
    log, connections = artifacts_dir / "voila-restarted.log", tmp_path / "connections"
    connections.mkdir()
    server = start_voila(app_notebook(), log, connections, env=env)
    page = voila_page.page
    try:
        open_app(voila_page, server, "learner=Efo&page=lessons&lesson=1")
        voila_page.expect_text("Step 1 of")
        page.get_by_role("button", name="Next").click()
        voila_page.expect_text("Step 2 of")
        expect(gone_banner(page)).to_have_count(0)

        stop_voila(server)  # the server goes (and its kernels), then comes back
        gone_at = time.monotonic()
        server = start_voila(app_notebook(), log, connections, env=env, port=server.port)
        expect(gone_banner(page)).to_be_visible(timeout=SAY_WITHIN_S * 1000)
        assert time.monotonic() - gone_at < SAY_WITHIN_S + 1
        expect(gone_banner(page)).to_contain_text(GONE)
        voila_page.screenshot("restarted-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        voila_page.screenshot("restarted-390")
        page.set_viewport_size({"width": 1280, "height": 800})

        gone_banner(page).get_by_role("button").click()  # a reload goes on
        voila_page.expect_text("Step 2 of")
        expect(gone_banner(page)).to_have_count(0)

        [kernel] = [pid for pid in kernel_pids(server)
                    if voila_page.kernel_id().encode() in open(f"/proc/{pid}/cmdline", "rb").read()]
        os.kill(kernel, signal.SIGKILL)  # the kernel alone (restarted or not: a new process)
        gone_at = time.monotonic()
        expect(gone_banner(page)).to_be_visible(timeout=SAY_WITHIN_S * 1000)
        assert time.monotonic() - gone_at < SAY_WITHIN_S + 1
    finally:
        stop_voila(server)
