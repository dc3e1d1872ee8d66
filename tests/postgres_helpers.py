"""A throwaway PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` on loopback.

The server's files, its log and its unix socket are in a new folder under the
system's temporary folder, it listens on 127.0.0.1 on a free port, trusts local
connections (user ``spar``) and is stopped and removed by :meth:`stop`.
PostgreSQL refuses to run as root, so as root ``initdb`` and ``pg_ctl`` run as
the ``postgres`` account (which Debian's package makes) or else ``nobody``, with
``runuser``. The programs are found on ``PATH`` or in Debian's
``/usr/lib/postgresql/<version>/bin``; scripts/test.sh installs Debian's
``postgresql`` when they are missing. Anything that stops the server from starting
is a :class:`PostgresError` that says what to do.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import List, Optional

DEBIAN_BIN = Path("/usr/lib/postgresql")
START_TIMEOUT_S = 60
USER = "spar"


def runuser() -> str:
    """util-linux's ``runuser``: on PATH, else in /usr/sbin or /sbin (a PATH of only
    /usr/bin:/bin, as a teacher's shell may have, does not list the sbin folders)."""
    for found in (shutil.which("runuser"), "/usr/sbin/runuser", "/sbin/runuser"):
        if found and Path(found).exists():
            return found
    raise PostgresError("runuser is not installed (util-linux): it runs PostgreSQL as "
                        "another account, since PostgreSQL refuses to run as root")


class PostgresError(RuntimeError):
    """The test PostgreSQL server could not be made or started."""


def _version(path: Path) -> List[int]:
    return [int(n) for n in re.findall(r"\d+", path.parent.parent.name)] or [0]


def find_bin() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, else Debian's newest version."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    found = sorted(DEBIAN_BIN.glob("*/bin/pg_ctl"), key=_version)
    if found:
        return found[-1].parent
    raise PostgresError("PostgreSQL is not installed (no initdb/pg_ctl on PATH or in "
                        f"{DEBIAN_BIN}/<version>/bin): run scripts/test.sh, which installs "
                        "Debian's postgresql package, or: apt-get install postgresql")


def _os_user() -> Optional[str]:
    """The account to run PostgreSQL as (``None``: ourselves, when we are not root)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise PostgresError("running as root, and neither a 'postgres' nor a 'nobody' account "
                        "exists to run PostgreSQL as")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """A PostgreSQL server of the tests' own; :meth:`start` it, :meth:`stop` it."""

    def __init__(self) -> None:
        self.bin = find_bin()
        self.os_user = _os_user()
        self.root = Path(tempfile.mkdtemp(prefix="spar-tutor-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.log_path = self.root / "server.log"
        self.port = free_port()
        self.started_in: Optional[float] = None
        self._databases = 0

    def _run(self, *argv: str, timeout: float = START_TIMEOUT_S) -> str:
        command = [str(self.bin / argv[0]), *argv[1:]]
        if self.os_user:
            command = [runuser(), "-u", self.os_user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              cwd=self.root, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise PostgresError(f"{' '.join(command)} failed ({done.returncode}):\n"
                                f"{done.stdout[-2000:]}{done.stderr[-2000:]}{self.log()}")
        return done.stdout

    def log(self) -> str:
        try:
            return "\n--- server log ---\n" + self.log_path.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def start(self) -> "PostgresServer":
        """initdb, then pg_ctl start, waiting until the server takes connections."""
        began = time.monotonic()
        self.sockets.mkdir()
        if self.os_user:
            account = pwd.getpwnam(self.os_user)
            for path in (self.root, self.sockets):
                os.chown(path, account.pw_uid, account.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.sockets} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log_path), "-o", options,
                  "-w", "-t", str(START_TIMEOUT_S), "start")
        self.started_in = time.monotonic() - began
        return self

    def url(self, database: str = "postgres") -> str:
        """A SQLAlchemy address of a database of this server (psycopg 3)."""
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; returns its address."""
        import psycopg

        self._databases += 1
        name = f"spar_test_{self._databases}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={USER} dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
