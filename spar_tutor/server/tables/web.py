"""The table service on HTTP (tornado), for the learners' kernels and the teacher's.

Every request is ``POST <prefix>api/<name>`` with a JSON body, answered with JSON: the
names are the :class:`~.service.TableService` calls (``create``, ``join``, ``start``,
``act``, ``poll``, ``beat``, ``hint``, ``review``, ``mine``, and for teachers
``teacher/tables``, ``teacher/watch``, ``teacher/pause``, ``teacher/show``,
``teacher/seat``). A refusal is ``{"error": "<a sentence for the learner>"}`` with
status 400 (403 for a teacher's call without the right).

``poll`` and ``teacher/watch`` wait (a long poll): the page sends the ``since`` it last
saw (this server's ``epoch`` and the table's version) and the answer comes as soon as
the table changes, or after ``wait`` seconds with nothing new. A kernel thread keeps
one poll open, so a card played shows on every page within a few milliseconds of the
service's work (see :mod:`.client`).

Who asks is the :class:`Gate`'s business: on one machine (``spar-tutor serve``) the
service listens on 127.0.0.1 only, where only the app's kernels reach it, and a
teacher's call carries the teacher's key; on JupyterHub every request carries the
learner's hub token (``Authorization: token ...``), which the hub says whose it is,
and teachers are the hub's admins (:class:`HubGate`).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, Dict, List, Optional, Tuple

import tornado.web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from ...i18n import _
from ..classroom import MIN_KEY
from .service import Caller, TableService, play_language
from .table import TableError

log = logging.getLogger("spar_tutor.tables")

POLL_WAIT_S = 20.0
"""The longest a poll waits with nothing new (a page asks again at once)."""
MAX_BODY = 20_000
WORKERS = 8


class Gate:
    """Who may ask what, on one machine: anyone who reaches the service (the app's own
    kernels, on 127.0.0.1), and a teacher with the key."""

    def __init__(self, teacher_key: Optional[str] = None) -> None:
        self.teacher_key = teacher_key if teacher_key and len(teacher_key) >= MIN_KEY else None

    async def caller(self, request: Any, body: Dict[str, Any]) -> Caller:
        key = body.get("key")
        teacher = bool(self.teacher_key and isinstance(key, str) and hmac.compare_digest(
            key.encode("utf-8"), self.teacher_key.encode("utf-8")))
        return Caller(None, teacher)


class HubGate(Gate):
    """On JupyterHub: the learner is the hub user whose token comes with the request;
    teachers are the hub's admins. The hub's answer for a token is kept a minute."""

    KEEP_S = 60.0

    def __init__(self, api_url: str, api_token: str) -> None:
        super().__init__(None)
        self.api_url = api_url.rstrip("/")
        self.api_token = api_token
        self._known: Dict[str, Tuple[float, Caller]] = {}

    async def caller(self, request: Any, body: Dict[str, Any]) -> Caller:
        header = request.headers.get("Authorization", "")
        scheme, _sep, token = header.partition(" ")
        if scheme.lower() not in ("token", "bearer") or not token.strip():
            raise PermissionError("no hub token")
        token = token.strip()
        known = self._known.get(token)
        if known is not None and time.monotonic() - known[0] < self.KEEP_S:
            return known[1]
        user = await self._ask("/user", token)
        name = user.get("name")
        if not isinstance(name, str) or user.get("kind", "user") != "user":
            raise PermissionError("not a hub user's token")
        admin = bool((await self._ask(f"/users/{urllib.parse.quote(name)}",
                                      self.api_token)).get("admin"))
        caller = Caller(name, admin)
        if len(self._known) > 2000:
            self._known.clear()
        self._known[token] = (time.monotonic(), caller)
        return caller

    async def _ask(self, path: str, token: str) -> Dict[str, Any]:
        try:
            response = await AsyncHTTPClient().fetch(HTTPRequest(
                self.api_url + path, headers={"Authorization": f"token {token}"},
                request_timeout=10))
        except HTTPClientError as e:
            raise PermissionError(f"the hub refused the token ({e.code})") from None
        found = json.loads(response.body)
        return found if isinstance(found, dict) else {}


class Waiters:
    """Pages waiting for a table to change, woken from any thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._waiting: Dict[str, List["asyncio.Future[None]"]] = {}

    def changed(self, code: str, version: int) -> None:
        """A table changed (called by the service, in whatever thread did the change)."""
        self.loop.call_soon_threadsafe(self._wake, code)

    def _wake(self, code: str) -> None:
        for future in self._waiting.pop(code, []):
            if not future.done():
                future.set_result(None)

    def wake_all(self) -> None:
        """Answer every page waiting (the service is stopping)."""
        for code in list(self._waiting):
            self._wake(code)

    def register(self, code: str) -> "asyncio.Future[None]":
        future: "asyncio.Future[None]" = self.loop.create_future()
        self._waiting.setdefault(code, []).append(future)
        return future

    def forget(self, code: str, future: "asyncio.Future[None]") -> None:
        waiting = self._waiting.get(code, [])
        if future in waiting:
            waiting.remove(future)


class Api(tornado.web.RequestHandler):
    """``POST <prefix>api/<name>``: one call of the service (see the module)."""

    def initialize(self, tables: "Tables") -> None:
        self.tables = tables

    def check_xsrf_cookie(self) -> None:  # JSON calls from kernels, never from a browser
        return

    async def post(self, name: str) -> None:
        self.tables.busy += 1
        try:
            await self._post(name)
        finally:
            self.tables.busy -= 1

    async def _post(self, name: str) -> None:
        if len(self.request.body) > MAX_BODY:
            return self._answer(413, {"error": "request too large"})
        try:
            body = json.loads(self.request.body or b"{}")
            if not isinstance(body, dict):
                raise ValueError("not an object")
        except ValueError:
            return self._answer(400, {"error": "the request is not a JSON object"})
        call = self.tables.calls.get(name)
        if call is None:
            return self._answer(404, {"error": f"no call named {name!r}"})
        try:
            caller = await self.tables.gate.caller(self.request, body)
        except PermissionError as e:
            return self._answer(403, {"error": str(e)})
        try:
            answer = await call(caller, body)
        except TableError as e:
            return self._answer(403 if e.rule == "teacher" else 400, {"error": e.reason})
        except Exception:
            log.exception("table service call %s failed", name)
            return self._answer(500, {"error": "the table service failed: see its log"})
        self._answer(200, answer if answer is not None else {})

    def _answer(self, status: int, data: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, ensure_ascii=False))


class Tables:
    """The service, its gate, its threads and its waiting pages, as one tornado app."""

    def __init__(self, service: TableService, gate: Gate) -> None:
        self.service = service
        self.gate = gate
        self.epoch = secrets.token_hex(4)  # a restarted service: every page asks afresh
        self.executor = ThreadPoolExecutor(WORKERS, thread_name_prefix="spar-table")
        self.waiters: Optional[Waiters] = None
        self.busy = 0  # requests being answered
        self.calls: Dict[str, Callable[[Caller, Dict[str, Any]], Awaitable[Any]]] = {
            "create": self._create, "join": self._join, "start": self._start,
            "act": self._act, "poll": self._poll, "beat": self._beat, "hint": self._hint,
            "review": self._review, "mine": self._mine,
            "teacher/tables": self._tables, "teacher/watch": self._watch,
            "teacher/pause": self._pause, "teacher/show": self._show,
            "teacher/seat": self._seat_class,
        }

    def app(self, prefix: str = "/") -> tornado.web.Application:
        """The tornado application, its calls under ``prefix`` (JupyterHub's
        ``/services/<name>/``)."""
        self.waiters = Waiters(asyncio.get_event_loop())
        self.service.listeners.append(self.waiters.changed)
        base = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        return tornado.web.Application(
            [(f"{base}api/(.+)", Api, {"tables": self})], xsrf_cookies=False)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker thread (a table's work never holds up the others)."""
        return await asyncio.get_event_loop().run_in_executor(self.executor, fn, *args)

    def since(self) -> str:
        return self.epoch

    # -- learners' calls ------------------------------------------------------------------

    async def _create(self, who: Caller, b: Dict[str, Any]) -> Any:
        return await self.run(lambda: self.service.create(
            who, b.get("name"), b.get("rules"), b.get("players"), b.get("hints", True),
            b.get("bots", "beginner")))

    async def _join(self, who: Caller, b: Dict[str, Any]) -> Any:
        return await self.run(lambda: self.service.join(who, b.get("code"), b.get("name")))

    async def _start(self, who: Caller, b: Dict[str, Any]) -> Any:
        await self.run(self.service.start, b.get("code"), b.get("seat"), b.get("secret"))
        return {}

    async def _act(self, who: Caller, b: Dict[str, Any]) -> Any:
        return await self.run(lambda: self.service.act(
            b.get("code"), b.get("seat"), b.get("secret"), b.get("action"), b.get("version"),
            play_language(b.get("lang"))))

    async def _poll(self, who: Caller, b: Dict[str, Any]) -> Any:
        code = b.get("code")
        await self._wait(code, b.get("since"), b.get("wait"))
        picture = await self.run(lambda: self.service.picture(
            code, b.get("seat"), b.get("secret"), play_language(b.get("lang")),
            bool(b.get("four_colour"))))
        picture["since"] = f"{self.epoch}:{picture['version']}"
        return picture

    async def _wait(self, code: Any, since: Any, wait: Any) -> None:
        """Wait until the table ``code`` has changed since ``since`` ("epoch:version"), for
        at most ``wait`` seconds (:data:`POLL_WAIT_S`)."""
        assert self.waiters is not None
        table = self.service.table(code)  # an unknown code is refused at once
        limit = min(float(wait), POLL_WAIT_S) if isinstance(wait, (int, float)) else POLL_WAIT_S
        future = self.waiters.register(table.code)
        try:
            if since != f"{self.epoch}:{table.version}" or limit <= 0:
                return
            try:
                await asyncio.wait_for(asyncio.shield(future), limit)
            except asyncio.TimeoutError:
                pass
        finally:
            self.waiters.forget(table.code, future)

    async def _beat(self, who: Caller, b: Dict[str, Any]) -> Any:
        await self.run(self.service.beat, b.get("code"), b.get("seat"), b.get("secret"))
        return {}

    async def _hint(self, who: Caller, b: Dict[str, Any]) -> Any:
        return await self.run(lambda: self.service.hint(
            b.get("code"), b.get("seat"), b.get("secret"), b.get("level"),
            play_language(b.get("lang"))))

    async def _review(self, who: Caller, b: Dict[str, Any]) -> Any:
        return await self.run(lambda: self.service.review(
            b.get("code"), b.get("seat"), b.get("secret"), play_language(b.get("lang"))))

    async def _mine(self, who: Caller, b: Dict[str, Any]) -> Any:
        return {"tables": await self.run(self.service.mine, who, b.get("name"))}

    # -- teachers' calls ----------------------------------------------------------------------

    async def _tables(self, who: Caller, b: Dict[str, Any]) -> Any:
        return {"tables": await self.run(self.service.tables, who,
                                         play_language(b.get("lang")))}

    async def _watch(self, who: Caller, b: Dict[str, Any]) -> Any:
        if not who.teacher:
            raise TableError(_("That is for teachers only."), rule="teacher")
        code = b.get("code")
        await self._wait(code, b.get("since"), b.get("wait"))
        picture = await self.run(lambda: self.service.watch(
            who, code, play_language(b.get("lang")), bool(b.get("four_colour"))))
        picture["since"] = f"{self.epoch}:{picture['version']}"
        return picture

    async def _pause(self, who: Caller, b: Dict[str, Any]) -> Any:
        await self.run(self.service.pause, who, b.get("code"), bool(b.get("paused", True)))
        return {}

    async def _show(self, who: Caller, b: Dict[str, Any]) -> Any:
        await self.run(self.service.show, who, b.get("code"), b.get("note", ""))
        return {}

    async def _seat_class(self, who: Caller, b: Dict[str, Any]) -> Any:
        return {"codes": await self.run(lambda: self.service.seat_class(
            who, b.get("learners"), b.get("rules", "standard"), b.get("bots", "beginner"),
            b.get("hints", True)))}

    async def finish(self, grace: float = 5.0) -> None:
        """Stopping: answer the pages waiting at once, and the requests under way within
        ``grace`` seconds (a page then finds the service gone, not failed)."""
        if self.waiters is not None:
            self.waiters.wake_all()
        deadline = time.monotonic() + grace
        while self.busy and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    # -- time going by ----------------------------------------------------------------------------

    async def ticking(self, every: float = 1.0) -> None:
        """Run the service's clock (:meth:`TableService.tick`) every ``every`` seconds."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.run(self.service.tick)
            except Exception:
                log.exception("the tables' clock failed")
