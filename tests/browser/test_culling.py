"""Voila shuts down the kernel of a page that was closed, once it has been idle.

Voila serves with short culling times here (the app uses minutes) and without
preheated kernels, so the only kernel is the page's own.
"""

import time
import urllib.error
import urllib.request
from pathlib import Path

FIXTURE_NOTEBOOKS = Path(__file__).resolve().parent / "fixtures"

CULL_IDLE_TIMEOUT = 3
CULL_INTERVAL = 1


def kernel_exists(server, kernel_id):
    try:
        with urllib.request.urlopen(f"{server.base_url}/api/kernels/{kernel_id}", timeout=10):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def test_idle_kernel_of_a_closed_page_is_culled(voila, voila_page):
    server = voila(FIXTURE_NOTEBOOKS, preheat=False, cull_idle_timeout=CULL_IDLE_TIMEOUT, cull_interval=CULL_INTERVAL)
    voila_page.open(server, "smoke.ipynb", wait_for="Click me")
    kernel_id = voila_page.kernel_id()
    assert kernel_exists(server, kernel_id)

    voila_page.page.close()
    deadline = time.monotonic() + 30
    while kernel_exists(server, kernel_id) and time.monotonic() < deadline:
        time.sleep(0.5)

    assert not kernel_exists(server, kernel_id)
    assert f"Culling 'idle' kernel 'python3' ({kernel_id})" in server.log()
