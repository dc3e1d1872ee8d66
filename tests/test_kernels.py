"""The app server's kernel manager (spar_tutor.server.kernels): which kernels it shuts down, and when.

The kernels here are stand-ins in the manager's own tables, and the clock is
moved by hand, so the rules are checked in milliseconds; tests/browser/test_culling.py
runs the same manager in Voila with real kernels and a browser.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

import jupyter_server.services.kernels.kernelmanager as upstream
from spar_tutor.server import kernels
from spar_tutor.server.kernels import ClassroomKernelManager

START = datetime(2026, 3, 2, 8, 0, tzinfo=timezone.utc)


def run(coroutine):
    """``asyncio.run`` in a thread of its own: in the whole suite the browser tests run
    first, and Playwright's sync API leaves an event loop running in the main thread."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(kernels, "utcnow", clock)
    monkeypatch.setattr(upstream, "utcnow", clock)
    return clock


@pytest.fixture
def manager(clock):
    km = ClassroomKernelManager(cull_disconnected_timeout=120, cull_idle_timeout=1800,
                                cull_connected=True)
    km.stopped = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        km.stopped.append(kernel_id)
        km._kernels.pop(kernel_id)

    km.shutdown_kernel = shutdown_kernel
    return km


def add_kernel(km, kernel_id, clock):
    """A kernel as the manager keeps it once started: no page yet."""
    km._kernels[kernel_id] = SimpleNamespace(kernel_name="python3", last_activity=clock(),
                                             execution_state="idle",
                                             kernel_spec=SimpleNamespace(metadata={}))
    km._kernel_connections[kernel_id] = 0


def closed_page(km, clock):
    """Kernel "k", whose page connected and has just closed."""
    add_kernel(km, "k", clock)
    km.notify_connect("k")
    km.notify_disconnect("k")


def cull(km):
    for kernel_id in list(km._kernels):
        run(km.cull_kernel_if_idle(kernel_id))


def culled_after(km, clock, seconds):
    """The kernels shut down so far, once the clock has moved on ``seconds`` and the culler
    has looked."""
    clock.advance(seconds)
    cull(km)
    return km.stopped


def test_the_kernel_of_a_closed_page_goes_after_the_timeout(manager, clock, caplog):
    add_kernel(manager, "k", clock)
    manager.notify_connect("k")
    clock.advance(300)  # the learner plays and reads
    manager.notify_disconnect("k")  # the tab closes
    assert culled_after(manager, clock, 100) == []
    clock.advance(21)
    with caplog.at_level("WARNING"):
        cull(manager)
    assert manager.stopped == ["k"]
    assert "its page closed 121 seconds ago" in caplog.text


def test_a_page_that_comes_back_in_time_keeps_its_kernel(manager, clock):
    add_kernel(manager, "k", clock)
    manager.notify_connect("k")
    manager.notify_disconnect("k")  # the Wi-Fi drops
    clock.advance(60)
    manager.notify_connect("k")  # the page reconnects
    clock.advance(20 * 60)  # and the learner reads one step for 20 minutes
    cull(manager)
    assert manager.stopped == []


def test_an_open_page_idle_for_longer_than_the_idle_timeout_loses_its_kernel(manager, clock):
    add_kernel(manager, "k", clock)
    manager.notify_connect("k")
    assert culled_after(manager, clock, 1801) == ["k"]


def test_time_is_counted_from_the_last_activity_after_the_page_closed(manager, clock):
    closed_page(manager, clock)
    clock.advance(100)
    manager._kernels["k"].last_activity = clock()  # still finishing what the page asked
    assert culled_after(manager, clock, 100) == []
    assert culled_after(manager, clock, 21) == ["k"]


def test_a_busy_kernel_is_not_culled(manager, clock):
    closed_page(manager, clock)
    manager._kernels["k"].execution_state = "busy"
    assert culled_after(manager, clock, 600) == []


def test_a_kernel_that_never_had_a_page_waits_for_the_idle_culler(manager, clock):
    """A ready (preheated) kernel, or one whose page is still loading."""
    add_kernel(manager, "k", clock)
    assert culled_after(manager, clock, 600) == []
    assert culled_after(manager, clock, 1201) == ["k"]


def test_a_second_tab_on_the_same_kernel_keeps_it(manager, clock):
    add_kernel(manager, "k", clock)
    manager.notify_connect("k")
    manager.notify_connect("k")
    manager.notify_disconnect("k")
    assert culled_after(manager, clock, 600) == []


def test_a_zero_timeout_leaves_closed_pages_to_the_idle_culler(manager, clock):
    manager.cull_disconnected_timeout = 0
    closed_page(manager, clock)
    assert culled_after(manager, clock, 600) == []


class Monotonic:
    """The clock ready kernels are spaced by: waiting moves it, so no test waits or races
    the machine."""

    def __init__(self):
        self.now = 1000.0
        self.slept = []

    def __call__(self):
        return self.now

    async def sleep(self, seconds):
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def monotonic(monkeypatch):
    clock = Monotonic()
    monkeypatch.setattr(kernels, "monotonic", clock)
    monkeypatch.setattr(kernels, "sleep", clock.sleep)
    return clock


def turns(manager, monotonic, n):
    """When each of ``n`` ready kernels in a row may start."""
    async def take_turns():
        started = []
        for _ in range(n):
            await manager._refill_turn()
            started.append(monotonic())
        return started

    return run(take_turns())


def test_ready_kernels_start_apart_while_pages_are_open(manager, clock, monotonic):
    manager.refill_spacing = 5
    add_kernel(manager, "learner", clock)
    manager.notify_connect("learner")
    started = turns(manager, monotonic, 3)
    assert started[0] == 1000.0  # the first at once
    assert [b - a for a, b in zip(started, started[1:])] == [5, 5]
    assert max(monotonic.slept) <= 1.0  # waiting in short steps, to notice a stop


def test_ready_kernels_start_at_once_with_no_page_open(manager, clock, monotonic):
    manager.refill_spacing = 30
    assert turns(manager, monotonic, 3) == [1000.0] * 3
    assert monotonic.slept == []


def test_ready_kernels_stop_waiting_when_the_last_page_closes(manager, clock, monotonic,
                                                              monkeypatch):
    manager.refill_spacing = 30
    add_kernel(manager, "learner", clock)
    manager.notify_connect("learner")

    async def sleep_then_close(seconds):
        await monotonic.sleep(seconds)
        if monotonic.now >= 1002:  # the class goes home while a ready kernel waits
            manager.notify_disconnect("learner")

    monkeypatch.setattr(kernels, "sleep", sleep_then_close)
    assert turns(manager, monotonic, 2) == [1000.0, 1002.0]


def refill(manager, monotonic, monkeypatch, delay, take_at=None):
    """A replacement ready kernel as Voila's pool makes it (a task, in the pool, asleep for
    ``delay`` seconds before it starts); a page takes it from the pool once the clock
    reaches ``take_at``. When the kernel started, on the clock."""
    async def sleep(seconds):  # the clock moves, and the page gets its turn to ask
        await monotonic.sleep(seconds)
        await asyncio.sleep(0)

    monkeypatch.setattr(kernels, "sleep", sleep)

    async def scenario():
        started = []

        async def start():
            started.append(monotonic())
            return {"kernel_id": "new"}

        pool = []
        manager._pools = {"app.ipynb": pool}
        task = asyncio.get_running_loop().create_task(kernels.wait_before(delay, start()))
        pool.append(task)
        while not task.done():
            if take_at is not None and monotonic() >= take_at and task in pool:
                pool.remove(task)  # Voila's handler: pop the task, then await it
            await asyncio.sleep(0)
        assert await task == {"kernel_id": "new"}
        return started[0]

    return run(scenario())


def test_a_replacement_sleeps_its_delay_while_no_page_asks(manager, monotonic, monkeypatch):
    assert refill(manager, monotonic, monkeypatch, 60) == 1060.0
    assert max(monotonic.slept) <= kernels.TAKEN_POLL  # short steps, to notice a page


def test_a_replacement_a_page_has_taken_starts_at_once(manager, monotonic, monkeypatch):
    assert refill(manager, monotonic, monkeypatch, 60, take_at=1003.0) == 1003.0


def test_voila_pools_wait_with_ours():
    from voila import voila_kernel_manager
    assert voila_kernel_manager.wait_before is kernels.wait_before


def test_no_ready_kernel_starts_once_the_server_is_stopping(manager, clock):
    async def stop_then_start():
        await manager.shutdown_all()
        await manager.start_kernel(kernel_name="python3", env={kernels.PREHEAT_VARIABLE: "True"})

    with pytest.raises(RuntimeError, match="stopping"):
        run(stop_then_start())


def test_the_kernel_manager_is_strictly_typed():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                          str(root / "spar_tutor" / "server" / "kernels.py")],
                         capture_output=True, text=True, cwd=root, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr


def test_kernels_run_below_the_server(manager, monkeypatch):
    import os
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        kernel = SimpleNamespace(provisioner=SimpleNamespace(process=child))
        monkeypatch.setattr(manager, "get_kernel", lambda kernel_id: kernel)
        manager._lower_priority("k")
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, child.pid) == min(19, ours + manager.kernel_nice)
        assert manager.kernel_nice > 0
    finally:
        child.kill()
        child.wait()


class Process:
    def __init__(self, pid, running=True):
        self.pid, self.running = pid, running

    def poll(self):
        return None if self.running else -9


def test_a_page_asking_for_a_dead_or_restarted_kernel_gets_404(manager, clock):
    """GET api/kernels/<id> (the page's script asks every few seconds): 404 once the kernel's
    process died or was replaced by a restart; and the list of kernels stays plain models."""
    from tornado import web

    for kernel_id, pid in (("alive", 10), ("dies", 11), ("restarts", 12)):
        add_kernel(manager, kernel_id, clock)
        manager._kernels[kernel_id].provisioner = SimpleNamespace(process=Process(pid))
        manager._first_pid[kernel_id] = pid
    assert manager.kernel_model("alive")["id"] == "alive"
    assert all(isinstance(m, dict) for m in manager.list_kernels()) and len(manager.list_kernels()) == 3
    manager._kernels["dies"].provisioner.process.running = False
    manager._kernels["restarts"].provisioner = SimpleNamespace(process=Process(99))

    async def ask(kernel_id):
        try:
            return manager.kernel_model(kernel_id)
        except web.HTTPError as e:
            await asyncio.sleep(0)  # the shutdown it started runs
            return e.status_code

    assert run(ask("dies")) == 404 and run(ask("restarts")) == 404
    assert sorted(manager.stopped) == ["dies", "restarts"]
    assert [m["id"] for m in manager.list_kernels()] == ["alive"]
