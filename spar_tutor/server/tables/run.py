"""Run the table service: ``python -m spar_tutor.server.tables``.

``spar-tutor serve`` starts it beside Voila (on 127.0.0.1, a port of its own, the same
progress database) and tells the app's kernels where it is (``SPAR_TUTOR_TABLES_URL``);
JupyterHub starts it as a hub-managed service (``--hub``: where to listen, its path
and how to ask the hub who a token belongs to come from the hub's ``JUPYTERHUB_*``
variables). It stops on SIGTERM or Ctrl-C; whatever was played is in the database.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Dict, Optional, Sequence

from ..classroom import TEACHER_KEY_ENV

if TYPE_CHECKING:
    from .web import Tables

log = logging.getLogger("spar_tutor.tables")

TABLES_URL_ENV = "SPAR_TUTOR_TABLES_URL"
"""Where the app's kernels find the table service."""
START_TIMEOUT_S = 60.0
STOP_GRACE_S = 5.0


class TableProcess:
    """The table service in a process of its own, beside ``spar-tutor serve``'s Voila."""

    def __init__(self, process: "subprocess.Popen[Any]", url: str) -> None:
        self.process, self.url = process, url

    @classmethod
    def start(cls, folder: str, env: Optional[Dict[str, str]] = None,
              timeout: float = START_TIMEOUT_S, log: Optional[IO[bytes]] = None
              ) -> Optional["TableProcess"]:
        """Start it (on 127.0.0.1, any free port; its address is written in ``folder``),
        and wait until it listens. None, said on stderr, if it does not start: the app
        then goes on without shared tables. Its log goes to ``log`` (default: stderr)."""
        url_file = Path(folder) / "tables-url"
        process = subprocess.Popen(
            [sys.executable, "-m", "spar_tutor.server.tables", "--url-file", str(url_file),
             "--parent", str(os.getpid())],
            env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            start_new_session=os.name == "posix")
        deadline = time.monotonic() + timeout
        while not url_file.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                print("spar-tutor: warning: the shared tables' service did not start; "
                      "Play with classmates is off", file=sys.stderr, flush=True)
                cls(process, "").stop()
                return None
            time.sleep(0.1)
        return cls(process, url_file.read_text(encoding="utf-8"))

    def stop(self) -> None:
        """Stop it (SIGTERM; killed after :data:`STOP_GRACE_S`): what was played is saved."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_GRACE_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def parser() -> argparse.ArgumentParser:
    """The service's command line."""
    from .table import AWAY_S, IDLE_S

    p = argparse.ArgumentParser(
        prog="python -m spar_tutor.server.tables",
        description="The shared tables' service: learners at several browsers play one table.")
    p.add_argument("--ip", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=0, help="the port (0: any free one)")
    p.add_argument("--database", metavar="URL", default=None,
                   help="the progress database (default: as the app's, $SPAR_TUTOR_DATABASE_URL "
                        "or $SPAR_TUTOR_HOME/spar-tutor.sqlite)")
    p.add_argument("--url-file", metavar="PATH", default=None,
                   help="write the service's address to this file once it listens")
    p.add_argument("--away-seconds", type=float, default=AWAY_S, metavar="S",
                   help="seconds without a word from a learner's page before a computer "
                        f"player plays for them ({AWAY_S:g})")
    p.add_argument("--idle-seconds", type=float, default=IDLE_S, metavar="S",
                   help="seconds a learner's decision may wait before a computer player "
                        f"plays for them ({IDLE_S:g})")
    p.add_argument("--parent", type=int, default=None, metavar="PID",
                   help="stop when this process goes (spar-tutor serve, even killed with "
                        "kill -9)")
    p.add_argument("--hub", action="store_true",
                   help="run as a JupyterHub service (JUPYTERHUB_* variables; learners are "
                        "the hub's users, teachers its admins)")
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the service until stopped; 2 for bad options or a database it cannot open."""
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s spar-tutor tables %(levelname)s %(message)s")
    # every poll and move is a request: only the failed ones are worth a line
    logging.getLogger("tornado.access").setLevel(logging.WARNING)
    from ...store import Store, StoreError, database_url
    from .service import TableService
    from .web import Gate, HubGate, Tables

    try:
        store = Store.open(args.database or database_url())
    except StoreError as e:
        print(f"spar-tutor tables: {e}", file=sys.stderr)
        return 2
    ip, port, prefix = args.ip, args.port, "/"
    if args.hub:
        served = urllib.parse.urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        ip, port = served.hostname or "127.0.0.1", served.port or 80
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
        gate: Gate = HubGate(os.environ["JUPYTERHUB_API_URL"], os.environ["JUPYTERHUB_API_TOKEN"])
    else:
        gate = Gate(os.environ.get(TEACHER_KEY_ENV))
    if args.parent:
        _stop_with(args.parent)
    tables = Tables(TableService(store, away_s=max(2.0, args.away_seconds),
                                 idle_s=max(1.0, args.idle_seconds)), gate)
    return asyncio.run(_serve(tables, ip, port, prefix, args.url_file))


def _stop_with(parent: int) -> None:
    """SIGTERM to this process when ``parent`` goes (as Voila's, :mod:`..voila_run`):
    what was played is saved already."""
    from ..voila_run import WATCH_S, stop_with_parent

    stop_with_parent()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_S)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, daemon=True, name="spar-tables-parent").start()


async def _serve(tables: "Tables", ip: str, port: int, prefix: str,
                 url_file: Optional[str]) -> int:
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    app = tables.app(prefix)
    sockets = bind_sockets(port, ip)
    server = HTTPServer(app, xheaders=True)
    server.add_sockets(sockets)
    bound = sockets[0].getsockname()[1]
    url = f"http://{ip}:{bound}{prefix if prefix.endswith('/') else prefix + '/'}"
    log.info("listening on %s", url)
    if url_file:
        Path(url_file).write_text(url, encoding="utf-8")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows
            pass
    ticking = asyncio.ensure_future(tables.ticking())
    await stop.wait()
    ticking.cancel()
    server.stop()
    await tables.finish()
    tables.executor.shutdown(wait=False, cancel_futures=True)
    log.info("stopped")
    return 0
