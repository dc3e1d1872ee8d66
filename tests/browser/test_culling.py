"""Kernels come back: a closed tab's kernel is shut down soon, an open page keeps its own.

Voila serves here with the app's kernel manager (spar_tutor.kernels) but times
shortened so that the tests take seconds, not minutes: a kernel whose page
closed goes after DISCONNECTED s of quiet (the app: 2 minutes), one whose page
is open after IDLE s without activity (the app: 30 minutes); the culler looks
every INTERVAL s. tests/test_serve.py checks the app's own times. Without
preheated kernels, the only kernel is the page's own.
"""

import time
import urllib.error
import urllib.request
from pathlib import Path

FIXTURE_NOTEBOOKS = Path(__file__).resolve().parent / "fixtures"

DISCONNECTED = 3
INTERVAL = 1
IDLE = 120
SETTINGS = dict(preheat=False, cull_disconnected_timeout=DISCONNECTED, cull_interval=INTERVAL,
                cull_idle_timeout=IDLE)
SLACK = 10
"""Seconds more than the timeout and one interval that a busy machine may take to shut down."""


def kernel_exists(server, kernel_id):
    try:
        with urllib.request.urlopen(f"{server.base_url}/api/kernels/{kernel_id}", timeout=10):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def test_the_kernel_of_a_closed_tab_is_shut_down(voila, voila_page):
    server = voila(FIXTURE_NOTEBOOKS, **SETTINGS)
    voila_page.open(server, "smoke.ipynb", wait_for="Click me")
    kernel_id = voila_page.kernel_id()
    assert kernel_exists(server, kernel_id)

    voila_page.page.close()
    closed = time.monotonic()
    while kernel_exists(server, kernel_id) and time.monotonic() - closed < DISCONNECTED + INTERVAL + SLACK:
        time.sleep(0.25)
    gone_after = time.monotonic() - closed

    assert not kernel_exists(server, kernel_id), server.log()[-3000:]
    assert gone_after >= DISCONNECTED  # not before its time
    assert f"Culling kernel 'python3' ({kernel_id}): its page closed" in server.log()


def test_an_open_page_keeps_its_kernel_while_the_learner_reads(voila, voila_page):
    server = voila(FIXTURE_NOTEBOOKS, **SETTINGS)
    voila_page.open(server, "smoke.ipynb", wait_for="Click me")
    kernel_id = voila_page.kernel_id()

    time.sleep(DISCONNECTED + 4 * INTERVAL)  # reading, long past a closed page's time

    assert kernel_exists(server, kernel_id)
    voila_page.click("Click me")
    voila_page.expect_text("Clicked")
    culled = [line for line in server.log().splitlines() if "Culling" in line]
    assert not [line for line in culled if kernel_id in line]
