"""The kernel manager the app's server runs its kernels with (Voila, and JupyterHub's servers).

It is jupyter_server's ``AsyncMappingKernelManager`` with two changes for a class:

* **Kernels of closed pages go within minutes.** When a learner closes a tab,
  Voila's page asks the server to shut its kernel down, but the server refuses
  the request ("403 POST /voila/api/shutdown: '_xsrf' argument missing", Voila
  issue 1458), so the kernel used to wait for the idle culler's ten minutes. Here
  a kernel whose page has gone (its last websocket closed) is shut down once it
  has been without a page, and quiet, for ``cull_disconnected_timeout`` seconds.
  The same happens when a laptop is shut or leaves the Wi-Fi, which no request
  from the page could announce. A page that reconnects in time keeps its kernel.
  Kernels that never had a page (Voila's preheated ones, or one whose page is
  still loading) are left to the ordinary idle culler.
* **A page that stays open keeps its kernel** while the learner reads: pages
  with a connection are culled only after ``cull_idle_timeout`` seconds without
  any activity (``cull_connected`` on, with the long timeout).
* **The server goes first.** Every learner's messages pass through the one server
  process, while thirty kernels share the same cores; when the whole class clicks
  at once, the server (at its fair share, one thirty-first of the machine) was the
  queue everyone waited in. Kernels run ``kernel_nice`` steps of Unix priority
  below the server (``os.setpriority``; nothing on Windows), so the server relays
  each answer as soon as it is ready and the kernels share what is left.
* **A page learns that its kernel is gone.** ``kernel_model`` (``GET api/kernels/<id>``,
  which the page's script asks every few seconds) answers 404 for a kernel whose process
  died or was restarted: the page then says to reload.
* **Ready kernels are refilled a few at a time.** After a class has arrived,
  Voila starts the replacements for the ready kernels they took all at the same
  moment; each costs a few seconds of CPU to start and run the app, so thirty of
  them took both cores for most of a minute while the class was clicking. While
  any page is open, a ready kernel is started at most every ``refill_spacing``
  seconds. With no page open (the server starting), they start at once.
* **A page never waits for the refill delay.** Voila keeps each replacement asleep for
  ``fill_delay`` seconds (a minute for a class), and a page that arrives once every ready
  kernel is taken gets one of those sleeping replacements: it waited up to a minute for
  nothing. A replacement that a page has taken from the pool wakes at once
  (:func:`wait_before`, put in Voila's place).

``spar_tutor.server.serve.voila_argv`` names this class to Voila
(``--VoilaConfiguration.multi_kernel_manager_class``) with its settings;
``deploy/jupyterhub/singleuser_config.py`` names it to each learner's server.
This module is imported only by those servers, never by the app's kernels.
"""

from __future__ import annotations

import asyncio
import os
import time
import weakref
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, Optional

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

PREHEAT_VARIABLE = "VOILA_PREHEAT"
"""Set in the environment of the kernels Voila starts ready, before any page asks."""
monotonic = time.monotonic
"""The clock ready kernels are spaced by (seconds; tests move their own)."""
sleep = asyncio.sleep
"""How the manager waits for a ready kernel's turn (tests move their clock instead)."""
#: Every kernel manager of this process (the pools of ready kernels :func:`wait_before`
#: looks in).
_MANAGERS: "weakref.WeakSet[ClassroomKernelManager]" = weakref.WeakSet()
#: How often a sleeping replacement looks whether a page has taken it (seconds).
TAKEN_POLL = 0.25


def _in_a_pool(task: "asyncio.Task[Any]") -> bool:
    """Whether ``task`` (a ready kernel on its way) still waits in a pool; Voila takes it
    out of its pool when a page asks for it, then awaits it."""
    return any(task in pool for manager in list(_MANAGERS)
               for pool in getattr(manager, "_pools", {}).values())


async def wait_before(delay: float, aw: Any) -> Any:
    """Voila's ``wait_before`` (sleep ``delay`` seconds, then start the ready kernel),
    except that the sleep ends as soon as a page has taken the kernel from its pool."""
    task = asyncio.current_task()
    end = monotonic() + delay
    while task is not None and _in_a_pool(task):
        left = end - monotonic()
        if left <= 0:
            break
        await sleep(min(TAKEN_POLL, left))
    return await aw


class ClassroomKernelManager(AsyncMappingKernelManager):
    """See the module's docstring."""

    cull_disconnected_timeout = Integer(
        120, config=True,
        help="Seconds a kernel whose page has closed may stay quiet before it is shut down "
             "(checked every cull_interval seconds; 0: wait for the idle culler).")
    kernel_nice = Integer(
        10, config=True,
        help="How many steps of Unix priority (nice) the kernels run below the server "
             "(0: the same priority).")
    refill_spacing = Float(
        5.0, config=True,
        help="While pages are open, seconds between the starts of two preheated kernels.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        _MANAGERS.add(self)
        self._alone_since: Dict[str, datetime] = {}
        self._refill_lock: Optional[asyncio.Lock] = None
        self._last_refill = float("-inf")
        self._stopping = False
        self._first_pid: Dict[str, Optional[int]] = {}  # each kernel's process when started

    # -- pages coming and going ------------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._alone_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id in self and not self._kernel_connections.get(kernel_id, 0):
            self._alone_since[kernel_id] = utcnow()

    def pages_open(self) -> int:
        """How many websockets (open pages) the kernels have."""
        return sum(max(0, n) for n in self._kernel_connections.values())

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Shut down the kernel of a closed page after ``cull_disconnected_timeout``;
        anything else goes to the idle culler."""
        if await self._cull_if_page_gone(kernel_id):
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    async def _cull_if_page_gone(self, kernel_id: str) -> bool:
        alone = self._alone_since.get(kernel_id)
        if kernel_id not in self:
            self._alone_since.pop(kernel_id, None)
            return False
        if alone is None or self.cull_disconnected_timeout <= 0 \
                or self._kernel_connections.get(kernel_id, 0):
            return False
        kernel = self._kernels[kernel_id]
        quiet_since = max(alone, getattr(kernel, "last_activity", alone))
        quiet = (utcnow() - quiet_since).total_seconds()
        if quiet <= self.cull_disconnected_timeout or \
                (getattr(kernel, "execution_state", "") == "busy" and not self.cull_busy):
            return False
        self.log.warning("Culling kernel '%s' (%s): its page closed %d seconds ago.",
                         kernel.kernel_name, kernel_id, (utcnow() - alone).total_seconds())
        self._alone_since.pop(kernel_id, None)
        await ensure_async(self.shutdown_kernel(kernel_id))  # type: ignore[no-untyped-call]
        return True

    # -- a page asking whether its kernel is there ---------------------------------------

    def kernel_model(self, kernel_id: str) -> Dict[str, Any]:
        """The kernel's model, as jupyter_server gives it; a kernel whose process has died,
        or was restarted (a new process has none of the page's widgets), is no kernel of
        that page any more: 404, and it is shut down. The page's script asks every few
        seconds, and says "The tutor was restarted" (app/address.py)."""
        if kernel_id in self and not self._same_process(kernel_id):
            self.log.warning("Kernel %s died or was restarted: its page is told to reload.",
                             kernel_id)
            self._first_pid.pop(kernel_id, None)
            try:
                asyncio.get_running_loop().create_task(self._shut_down_quietly(kernel_id))
            except RuntimeError:  # no loop here: the culler shuts it down
                pass
            raise web.HTTPError(404, f"Kernel does not exist: {kernel_id}")
        model: Dict[str, Any] = super().kernel_model(kernel_id)  # type: ignore[no-untyped-call]
        return model

    async def _shut_down_quietly(self, kernel_id: str) -> None:
        try:
            await ensure_async(self.shutdown_kernel(kernel_id, now=True))  # type: ignore[no-untyped-call]
        except Exception:  # noqa: BLE001 - gone already
            pass

    def _same_process(self, kernel_id: str) -> bool:
        """Whether the kernel still runs in the process it was started in."""
        process = getattr(getattr(self.get_kernel(kernel_id), "provisioner", None), "process",
                          None)
        if process is None:
            return True  # not ours to tell (another provisioner)
        first = self._first_pid.setdefault(kernel_id, getattr(process, "pid", None))
        return getattr(process, "pid", None) == first and process.poll() is None

    def _process_id(self, kernel_id: str) -> Optional[int]:
        process = getattr(getattr(self.get_kernel(kernel_id), "provisioner", None), "process", None)
        pid = getattr(process, "pid", None)
        return pid if isinstance(pid, int) else None

    # -- ready kernels ---------------------------------------------------------------

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel; a preheated one waits for its turn while pages are open."""
        env = kwargs.get("env") or {}
        if env.get(PREHEAT_VARIABLE) == "True":
            await self._refill_turn()
            if self._stopping:  # a ready kernel nobody will use
                raise RuntimeError("the server is stopping: no kernel started")
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        self._lower_priority(kernel_id)
        self._first_pid[kernel_id] = self._process_id(kernel_id)
        return kernel_id

    def _lower_priority(self, kernel_id: str) -> None:
        """Run the kernel's process ``kernel_nice`` steps below the server (every thread:
        Linux keeps a priority per thread; threads started later inherit it)."""
        process = getattr(getattr(self.get_kernel(kernel_id), "provisioner", None), "process", None)
        pid = getattr(process, "pid", None)
        if self.kernel_nice <= 0 or pid is None or not hasattr(os, "setpriority"):
            return
        nice = min(19, os.getpriority(os.PRIO_PROCESS, 0) + self.kernel_nice)
        try:
            threads = [int(t.name) for t in Path(f"/proc/{pid}/task").iterdir()]
        except OSError:  # not Linux (one priority per process), or already gone
            threads = [pid]
        for thread in threads:
            try:
                os.setpriority(os.PRIO_PROCESS, thread, nice)
            except OSError:  # gone, or not ours to change
                pass

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut every kernel down; ready kernels still waiting for their turn never start."""
        self._stopping = True
        await super().shutdown_all(*args, **kwargs)

    async def _refill_turn(self) -> None:
        """Wait until ``refill_spacing`` seconds have passed since the last preheated kernel
        started, unless no page is open."""
        if self._refill_lock is None:
            self._refill_lock = asyncio.Lock()
        async with self._refill_lock:
            while self.pages_open() and not self._stopping:
                wait = self._last_refill + self.refill_spacing - monotonic()
                if wait <= 0:
                    break
                await sleep(min(wait, 1.0))
            self._last_refill = monotonic()


def _wake_taken_kernels() -> None:
    """Put :func:`wait_before` in Voila's place (its pools call it by that name)."""
    try:
        from voila import voila_kernel_manager  # type: ignore[import-untyped]
    except ImportError:  # a hub's server without Voila: no pools
        return
    if hasattr(voila_kernel_manager, "wait_before"):
        voila_kernel_manager.wait_before = wait_before


_wake_taken_kernels()
