"""Helpers for the tests that run a real server and stop it: free ports, waiting for a page,
the processes a server left behind."""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import List

PAGE_WAIT = 300
"""Seconds a first page may take: Voila starting and a kernel running the notebook, on a busy
two-core machine (about 10 s when quiet)."""
STOP_WITHIN = 10
"""Seconds in which a signal must stop the server and every kernel (issue 15)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_is_free(port: int) -> bool:
    """Whether a new server could listen on the port (no process listens there any more)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def fetch_page(url: str, proc: subprocess.Popen, log: Path, wait: float = PAGE_WAIT) -> str:
    """The page at ``url`` once the server answers; fails (with the log) if ``proc`` exits or
    ``wait`` seconds pass first."""
    deadline = time.monotonic() + wait
    while True:
        assert proc.poll() is None, f"the server exited ({proc.returncode}):\n{tail(log)}"
        try:
            with urllib.request.urlopen(url, timeout=max(1.0, deadline - time.monotonic())) as response:
                return response.read().decode()
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            assert time.monotonic() < deadline, f"no page at {url} after {wait} s:\n{tail(log)}"
            time.sleep(0.5)


def processes_mentioning(text: str, *also: str) -> List[int]:
    """Live processes with ``text`` (and each of ``also``) in their command line (Voila and its
    kernels name their connection folder there)."""
    words = [w.encode() for w in (text, *also)]
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and all(w in (proc / "cmdline").read_bytes() for w in words):
                found.append(int(proc.name))
        except OSError:  # it has just exited
            pass
    return [pid for pid in found if pid != os.getpid()]


def stop_and_time(proc: subprocess.Popen, signum: int, group: bool) -> float:
    """Send ``signum`` (to the process group, as Ctrl-C in a terminal does, or to the process,
    as ``kill`` does); the seconds until the process exited."""
    start = time.monotonic()
    (os.killpg if group else os.kill)(proc.pid, signum)
    proc.wait(timeout=120)  # a hung server fails the test below, not here
    return time.monotonic() - start


def kill_all(proc: subprocess.Popen, text: str) -> None:
    """After a failed test: kill whatever is left."""
    if proc.poll() is None:
        os.killpg(proc.pid, 9)
        proc.wait()
    for pid in processes_mentioning(text):
        try:
            os.kill(pid, 9)
        except OSError:
            pass


def tail(path: Path, lines: int = 60) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"
