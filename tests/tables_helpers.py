"""The table service for tests: run in a thread of the test's process (its own asyncio
loop, a free port on 127.0.0.1), or as its own process (``python -m
spar_tutor.server.tables``), and learners' clients that keep every answer they receive."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from spar_tutor.server.tables.client import TableClient, Ticket
from spar_tutor.server.tables.service import TableService
from spar_tutor.server.tables.web import Gate, Tables

REPO = Path(__file__).resolve().parents[1]
TEACHER_KEY = "a-teacher-key-for-tests"


class ServiceThread:
    """The service on a free port of 127.0.0.1, in a thread; ``stop()`` ends it."""

    def __init__(self, service: TableService, teacher_key: Optional[str] = TEACHER_KEY,
                 tick: Optional[float] = 0.2) -> None:
        self.service = service
        self.tables = Tables(service, Gate(teacher_key))
        self._ready = threading.Event()
        self._tick = tick
        self.loop: Optional[asyncio.AbstractEventLoop] = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        if not self._ready.wait(30):
            raise RuntimeError("the table service did not start")

    def _run(self) -> None:
        from tornado.httpserver import HTTPServer
        from tornado.netutil import bind_sockets

        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        app = self.tables.app("/")
        sockets = bind_sockets(0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        server = HTTPServer(app)
        server.add_sockets(sockets)
        if self._tick:
            self.loop.create_task(self.tables.ticking(self._tick))
        self._ready.set()
        self.loop.run_forever()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        assert self.loop is not None
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class RecordingClient(TableClient):
    """A learner's kernel's client that keeps every answer it receives, as bytes."""

    def __init__(self, url: str) -> None:
        super().__init__(url, token=None, env={})
        self.answers: List[Tuple[str, bytes]] = []
        self._lock = threading.Lock()

    def received(self, name: str, data: bytes) -> None:
        with self._lock:
            self.answers.append((name, data))


def ticket(answer: Dict[str, Any]) -> Ticket:
    return Ticket(answer["code"], answer["seat"], answer["secret"])


class ServiceProcess:
    """``python -m spar_tutor.server.tables`` on a free port, with its own database."""

    def __init__(self, database: str, log_path: Path, env: Optional[Dict[str, str]] = None,
                 extra: Tuple[str, ...] = ()) -> None:
        self.database, self.log_path, self.extra = database, log_path, tuple(extra)
        self.env = {**os.environ, "PYTHONPATH": str(REPO), "SPAR_TUTOR_TEACHER_KEY": TEACHER_KEY,
                    **(env or {})}
        self.process: Optional[subprocess.Popen] = None
        self.start()

    def start(self) -> None:
        url_file = self.log_path.with_suffix(".url")
        if url_file.exists():
            url_file.unlink()
        self._log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "spar_tutor.server.tables", "--database", self.database,
             "--url-file", str(url_file), *self.extra], env=self.env, stdout=self._log, stderr=subprocess.STDOUT,
            cwd=REPO)
        deadline = time.monotonic() + 60
        while not url_file.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the table service did not start:\n"
                                   + self.log_path.read_text(errors="replace")[-3000:])
            time.sleep(0.1)
        self.url = url_file.read_text()

    def kill(self) -> None:
        """SIGKILL: nothing saved after this moment."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(10)
        self._log.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
