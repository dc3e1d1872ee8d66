"""Inside a kernel: calls to the table service, and a thread that waits for the table to
change (standard library only: nothing is loaded into a kernel that does not play).

:class:`TableClient` posts one call and returns its JSON answer; a refusal raises
:class:`~.table.TableError`-like :class:`Refused` with the service's sentence, and a
service that does not answer raises :class:`Unreachable`. :class:`Watcher` keeps one
long poll open in a thread of its own and calls back with each new picture of the
seat (ipywidgets 8 sends a widget's change to the page from any thread).

The address is ``$SPAR_TUTOR_TABLES_URL`` (set by ``spar-tutor serve``, or by the hub
for its users' servers). On JupyterHub the kernel has its server's token
(``$JUPYTERHUB_API_TOKEN``), which tells the service who the learner is.

Every answer's bytes go through :meth:`TableClient.received` (a test reads them all).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable, Dict, Mapping, Optional

log = logging.getLogger("spar_tutor.tables")

TABLES_URL_ENV = "SPAR_TUTOR_TABLES_URL"
HUB_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
CALL_TIMEOUT_S = 20.0
POLL_WAIT_S = 20.0
BEAT_S = 15.0
"""How often a page says it is still open (the service counts a learner away after a
minute without a word)."""


class Refused(Exception):
    """The service said no; the message is a sentence for the learner."""


class Unreachable(Exception):
    """The table service does not answer."""


class TableClient:
    """Calls to the table service at ``url`` (default ``$SPAR_TUTOR_TABLES_URL``)."""

    def __init__(self, url: Optional[str] = None, token: Optional[str] = None,
                 env: Optional[Mapping[str, str]] = None) -> None:
        env = os.environ if env is None else env
        found = url if url is not None else env.get(TABLES_URL_ENV, "")
        self.url = found.rstrip("/") + "/" if found else ""
        self.token = token if token is not None else env.get(HUB_TOKEN_ENV) or None

    @property
    def available(self) -> bool:
        """Whether this server has a table service."""
        return bool(self.url)

    def call(self, name: str, /, timeout: float = CALL_TIMEOUT_S, **body: Any) -> Dict[str, Any]:
        """``POST api/<name>`` with ``body``; the answer's JSON."""
        if not self.url:
            raise Unreachable("no table service on this server")
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"token {self.token}"
        request = urllib.request.Request(self.url + "api/" + name, method="POST",
                                         data=json.dumps(body).encode("utf-8"), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                data = response.read()
        except urllib.error.HTTPError as e:
            data = e.read()
            self.received(name, data)
            if e.code >= 500:  # the service failed, or is stopping: not a refusal
                raise Unreachable(f"the table service at {self.url} failed: {e.code} "
                                  f"{_error(data)}") from None
            raise Refused(_error(data)) from None
        except (urllib.error.URLError, OSError) as e:
            raise Unreachable(f"the table service at {self.url} does not answer: {e}") from None
        self.received(name, data)
        found = json.loads(data.decode("utf-8"))
        if not isinstance(found, dict):
            raise Unreachable("the table service answered something else than an object")
        return found

    def received(self, name: str, data: bytes) -> None:
        """Every answer's bytes pass here (a test records them)."""


def _error(data: bytes) -> str:
    try:
        found = json.loads(data.decode("utf-8"))
    except ValueError:
        found = None
    if isinstance(found, dict) and isinstance(found.get("error"), str):
        return str(found["error"])
    return "the table service refused"


class Ticket:
    """A seat at a table: its code, the seat and the seat's secret (never shown)."""

    def __init__(self, code: str, seat: int, secret: str) -> None:
        self.code, self.seat, self.secret = code, seat, secret

    def body(self) -> Dict[str, Any]:
        return {"code": self.code, "seat": self.seat, "secret": self.secret}

    def __repr__(self) -> str:
        return f"Ticket({self.code!r}, seat {self.seat})"


class Watcher:
    """A thread that keeps a long poll open for one seat (or, for a teacher, one table) and
    calls ``show(picture)`` with every new picture, and ``trouble(exception)`` when the
    service cannot be reached (it tries again a moment later). :meth:`stop` ends it."""

    def __init__(self, client: TableClient, call: str, body: Callable[[], Dict[str, Any]],
                 show: Callable[[Dict[str, Any]], None],
                 trouble: Callable[[Exception], None] = lambda e: None,
                 beat: Optional[Callable[[], None]] = None) -> None:
        self.client, self.call, self.body = client, call, body
        self.show, self.trouble = show, trouble
        self.since: Optional[str] = None
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="spar-table-watch")

    def start(self) -> "Watcher":
        self._thread.start()
        return self

    def stop(self) -> None:
        """No more pictures (the page is gone); the thread ends after its current poll."""
        self._stopped.set()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def _run(self) -> None:
        failures = 0
        while not self._stopped.is_set():
            failures = self.once(failures)

    def once(self, failures: int = 0) -> int:
        """One poll, and the picture shown if it is new; the failures in a row so far
        (a failing service is asked again a little later each time, 5 s at most)."""
        try:
            picture = self.client.call(self.call, timeout=POLL_WAIT_S + CALL_TIMEOUT_S,
                                       since=self.since, wait=POLL_WAIT_S, **self.body())
        except (Refused, Unreachable) as e:
            if not self._stopped.is_set():
                self._report(e)
            self._stopped.wait(min(5.0, 0.5 * (failures + 1)))
            return failures + 1
        except Exception as e:  # a bad answer: never expected
            log.exception("the table watcher failed")
            self._stopped.wait(min(5.0, 0.5 * (failures + 1)))
            self._report(e)
            return failures + 1
        if not self._stopped.is_set() and picture.get("since") != self.since:
            self.since = picture.get("since")
            try:
                self.show(picture)
            except Exception:
                log.exception("showing the table failed")
        return 0

    def _report(self, e: Exception) -> None:
        try:
            self.trouble(e)
        except Exception:
            log.exception("reporting a table problem failed")


class Pulse:
    """Says every ``period`` seconds (the service asks for four in its away time) that the
    learner's page is open: ``beat()`` is called by a browser-side timer's tick (so a
    closed tab stops it); this sends at most one beat per period, from a thread."""

    def __init__(self, client: TableClient, ticket: Ticket, period: float = BEAT_S) -> None:
        self.client, self.ticket, self.period = client, ticket, period
        self._last = 0.0

    def beat(self) -> None:
        now = time.monotonic()
        if now - self._last < self.period * 0.8:
            return
        self._last = now
        threading.Thread(target=self._send, daemon=True, name="spar-table-beat").start()

    def _send(self) -> None:
        try:
            self.client.call("beat", timeout=10, **self.ticket.body())
        except (Refused, Unreachable) as e:
            log.info("a heartbeat was not heard: %s", e)


__all__ = ["BEAT_S", "Pulse", "Refused", "TABLES_URL_ENV", "TableClient", "Ticket",
           "Unreachable", "Watcher"]
