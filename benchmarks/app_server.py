"""Start and stop the app's Voila server for the benchmarks, and measure its processes."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spar_tutor.resources import app_notebook  # noqa: E402
from spar_tutor.server.serve import voila_argv, voila_env  # noqa: E402


@dataclass
class AppServer:
    """A Voila serving ``notebooks/app.ipynb`` exactly as ``spar-tutor serve`` does."""

    process: subprocess.Popen
    port: int
    log_path: Path
    connections: Path
    home: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def kernel_pids(self) -> List[int]:
        """The kernels of this server (their command line names its connection folder)."""
        marker = str(self.connections).encode()
        pids = []
        for proc in Path("/proc").iterdir():
            try:
                if proc.name.isdigit() and marker in (proc / "cmdline").read_bytes() \
                        and int(proc.name) != self.process.pid:
                    pids.append(int(proc.name))
            except OSError:
                pass
        return pids

    def kernel_of(self, kernel_id: str) -> Optional[int]:
        """The process of one kernel, by its id."""
        for pid in self.kernel_pids():
            if kernel_id.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
        return None

    def wait_preheated(self, times: int = 1, kernels: int = 1, timeout: float = 180) -> None:
        """Until the kernel pool has been filled ``times`` times (the first fill is at
        start) and ``kernels`` preheated kernels in all wait for a page request."""
        deadline = time.monotonic() + timeout
        while self.log().count("is filled with") < times or \
                self.log().count("waiting for the page request") < max(times, kernels):
            if time.monotonic() > deadline:
                raise TimeoutError("the preheated kernel did not get ready")
            time.sleep(0.1)

    def stop(self, remove: bool = True) -> None:
        """Stop Voila (SIGTERM: it shuts its kernels down), kill any kernel left, and remove
        the server's folder (its log and ``home`` too) unless ``remove`` is False."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for pid in self.kernel_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if remove:
            shutil.rmtree(self.connections.parent, ignore_errors=True)


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(theme: str = "light", preheat: bool = True, pool_size: int = 1,
          env: Optional[Dict[str, str]] = None, extra: tuple = ()) -> AppServer:
    """Start the app server on a free port with a throwaway ``SPAR_TUTOR_HOME``."""
    work = Path(tempfile.mkdtemp(prefix="spar-bench-"))
    connections, home = work / "connections", work / "home"
    connections.mkdir()
    home.mkdir()
    port = free_port()
    # as spar-tutor serve does before its kernels start: the solver checks the puzzles and the
    # lessons' whole hands once (check=True: a renamed function must fail here, not go unseen)
    subprocess.run([sys.executable, "-c", "from spar_tutor.server.classroom import check_course; "
                    "check_course()"], cwd=ROOT, check=True, timeout=300,
                   env={**voila_env(), "SPAR_TUTOR_HOME": str(home), **(env or {})})
    argv = voila_argv(app_notebook(), port=port, theme=theme, preheat=preheat, pool_size=pool_size,
                      extra=["--Voila.log_level=INFO", f"--Voila.connection_dir_root={connections}",
                             *extra])
    log_path = work / "voila.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(argv, cwd=app_notebook().parent,
                                   env={**voila_env(), "SPAR_TUTOR_HOME": str(home), **(env or {})},
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    server = AppServer(process, port, log_path, connections, home)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/", timeout=2)
        except urllib.error.HTTPError:
            break  # it answers
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                server.stop()
                raise RuntimeError("Voila did not start:\n" + server.log()[-2000:])
            time.sleep(0.2)
        else:
            break
    return server
