"""Serve the app notebook with Voila.

Voila is configured entirely from here, on its command line, so that nothing in
a user's or the system's Jupyter configuration is needed. Only the standard
library is imported at module import time; Voila runs in a subprocess.

The settings and where Voila 0.5 documents them (``docs/customize.md`` in the
Voila repository, "Cull idle kernels" and "Preheated kernels"; ``voila
--help-all``):

* ``--Voila.open_browser``: off unless asked for.
* ``--Voila.ip`` / ``--Voila.port`` and ``--Voila.port_retries=0``: listen
  exactly where asked, failing rather than moving to another port.
* ``--theme``: ``light`` or ``dark``.
* ``--strip_sources=True``: no code in the page (Voila's default, made explicit).
* ``--show_tracebacks=False``: errors in the app do not leak tracebacks.
* ``--preheat_kernel=True --pool_size=1``: one kernel per notebook is started
  and runs the notebook before anyone asks, so the first page shows at once
  (``pool_size``: more kernels kept ready, for a class arriving together;
  then ``--VoilaKernelManager.fill_delay`` waits a minute before starting the
  replacements, so that they do not slow down the class that just arrived; a page that
  takes a replacement before then starts it at once).
  Voila keeps pooled kernels out of the idle culler.
* ``--VoilaConfiguration.multi_kernel_manager_class``: the kernels are run by
  :class:`spar_tutor.server.kernels.ClassroomKernelManager`, which shuts down the
  kernel of a closed page ``CULL_DISCONNECTED_TIMEOUT`` seconds after its page
  went (``--ClassroomKernelManager.cull_disconnected_timeout``), and starts the
  replacements for a class's ready kernels a few seconds apart while pages are
  open (``refill_spacing``).
* ``--MappingKernelManager.cull_idle_timeout`` / ``cull_interval`` /
  ``cull_connected``: a page left open, but idle for ``CULL_IDLE_TIMEOUT``
  seconds, loses its kernel too; a learner reading one step for 20 minutes
  keeps theirs.
* ``--KernelManager.shutdown_wait_time``: a kernel asked to shut down gets SIGTERM
  after half of it and SIGKILL after all of it (jupyter_client's default is 5 s),
  so that Voila's own stop fits within ``STOP_GRACE`` on a busy machine.

Stopping: ``serve()`` runs Voila in a session of its own, so that Ctrl-C in a
terminal reaches ``spar-tutor`` alone and never interrupts Voila in the middle
of starting or rendering a kernel (a ``KeyboardInterrupt`` there used to crash
Voila's shutdown with a traceback). On SIGINT, SIGTERM or SIGHUP, ``serve()``
sends Voila SIGTERM, on which Voila shuts its kernels down and exits. If Voila
is not gone after ``STOP_GRACE`` seconds, or a second signal comes, Voila and
its kernels are killed. Kernels are found by their connection files, which are
kept in a folder of this server's own; any still running once Voila has exited
are stopped too, so that nothing is left on the port or in memory.

Voila runs through :mod:`spar_tutor.server.voila_run`, which stops it (and so its
kernels) when ``spar-tutor`` itself is gone, killed with ``kill -9`` say, and removes
the kernels' folder.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from ..engine.errors import SparError
from ..i18n import LANGUAGE_ENV, available_languages, known_language
from ..resources import app_notebook, checkout_root

THEMES = ("light", "dark")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
"""Hosts that mean "every address of this machine"."""
CULL_IDLE_TIMEOUT = 1800
"""Seconds the kernel of an open page may stay idle (its learner reading) before it is shut
down: more than the 20 minutes a learner may spend on one step."""
CULL_DISCONNECTED_TIMEOUT = 120
"""Seconds the kernel of a closed page may stay quiet before it is shut down."""
CULL_INTERVAL = 30
"""Seconds between two checks for kernels to shut down: a closed page's kernel is gone
within CULL_DISCONNECTED_TIMEOUT + CULL_INTERVAL seconds (2.5 minutes)."""
KERNEL_MANAGER = "spar_tutor.server.kernels.ClassroomKernelManager"
"""The class that runs the kernels (closed pages, ready kernels refilled a few at a time)."""
REFILL_SPACING = 5
"""Seconds between the starts of two replacement ready kernels while learners are on."""
CLASS_FILL_DELAY = 60
"""Seconds before a pool of several preheated kernels is refilled."""
STOP_GRACE = 6.0
"""Seconds Voila has, once asked to stop, to shut its kernels down before they are killed
(killing and checking take a few more on a busy machine: all is stopped within 10 s)."""
KERNEL_SHUTDOWN_WAIT = 3
"""Seconds a kernel asked to shut down has before it is sent SIGTERM (half) and SIGKILL."""
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))
"""The signals that stop the server: Ctrl-C, ``kill``, and a closed terminal."""


TEMPLATE = "spar"
"""The Voila page template the app is served with: Voila's "lab" page without the
stylesheets it fetches from the internet (``spar_tutor/server/jupyter/voila/templates/spar``)."""


def jupyter_data_dir() -> Path:
    """The folder of this package's Jupyter data files (our Voila template), for
    ``JUPYTER_PATH``."""
    return Path(__file__).resolve().parent / "jupyter"


def with_jupyter_data(env: Dict[str, str]) -> Dict[str, str]:
    """``env`` with :func:`jupyter_data_dir` first on ``JUPYTER_PATH`` (once)."""
    ours = str(jupyter_data_dir())
    rest = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != ours]
    env["JUPYTER_PATH"] = os.pathsep.join([ours, *rest])
    return env


def voila_argv(
    notebook_path: Union[str, "os.PathLike[str]"],
    port: int = 8866,
    host: str = "127.0.0.1",
    theme: str = "light",
    open_browser: bool = False,
    extra: Iterable[str] = (),
    *,
    preheat: bool = True,
    pool_size: int = 1,
    cull_idle_timeout: int = CULL_IDLE_TIMEOUT,
    cull_interval: int = CULL_INTERVAL,
    cull_disconnected_timeout: int = CULL_DISCONNECTED_TIMEOUT,
    template: str = TEMPLATE,
) -> List[str]:
    """The command line that runs Voila on a notebook (or a folder of them), with the
    page ``template`` (default: ours, :data:`TEMPLATE`; Voila finds it through
    :func:`voila_env`).

    ``extra`` arguments are appended; they must not repeat a setting made here
    (Voila refuses a setting given twice), hence the keyword arguments.
    """
    if theme not in THEMES:
        raise SparError(f"unknown theme {theme!r}: use one of {', '.join(THEMES)}")
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebook_path),
        f"--Voila.ip={host}",
        f"--Voila.port={int(port)}",
        "--Voila.port_retries=0",
        f"--Voila.open_browser={bool(open_browser)}",
        f"--theme={theme}",
        f"--template={template}",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--preheat_kernel={bool(preheat)}",
        f"--pool_size={max(1, int(pool_size)) if preheat else 0}",
        *([f"--VoilaKernelManager.fill_delay={CLASS_FILL_DELAY}"] if preheat and pool_size > 1 else []),
        f"--MappingKernelManager.cull_idle_timeout={int(cull_idle_timeout)}",
        f"--MappingKernelManager.cull_interval={int(cull_interval)}",
        f"--KernelManager.shutdown_wait_time={KERNEL_SHUTDOWN_WAIT}",
        *kernel_manager_argv(cull_disconnected_timeout),
        *extra,
    ]


def kernel_manager_argv(cull_disconnected_timeout: int = CULL_DISCONNECTED_TIMEOUT) -> List[str]:
    """Voila's settings for :class:`spar_tutor.server.kernels.ClassroomKernelManager`."""
    return [
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        "--MappingKernelManager.cull_connected=True",
        f"--ClassroomKernelManager.cull_disconnected_timeout={int(cull_disconnected_timeout)}",
        f"--ClassroomKernelManager.refill_spacing={REFILL_SPACING}",
    ]


def voila_env(base: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    """The environment for Voila and so for its kernels.

    ``JUPYTER_PATH`` starts with this package's Jupyter data, where Voila finds the
    page template :data:`TEMPLATE`. From a source checkout, the repository root goes
    first on ``PYTHONPATH`` so that kernels import this checkout's ``spar_tutor``.
    """
    env = with_jupyter_data(dict(os.environ if base is None else base))
    root = checkout_root()
    if root is not None:
        rest = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != str(root)]
        env["PYTHONPATH"] = os.pathsep.join([str(root), *rest])
    return env


def app_url(host: str, port: int) -> str:
    """The address a browser opens to see what Voila serves."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(
    notebook_path: Union[str, "os.PathLike[str]", None] = None,
    port: int = 8866,
    host: str = "127.0.0.1",
    theme: str = "light",
    open_browser: bool = False,
    extra: Sequence[str] = (),
    pool_size: int = 1,
    language: Optional[str] = None,
    shared_tables: bool = True,
) -> int:
    """Serve the app (or another notebook) until stopped; returns Voila's exit code.

    With ``shared_tables``, the table service (:mod:`spar_tutor.server.tables`) runs
    beside Voila, in a process of its own on 127.0.0.1, for "Play with classmates"; it
    stops with the server.

    ``pool_size`` kernels are kept preheated (one per learner expected to arrive at once).
    ``language`` ("fr") is the app's language for learners who have not chosen one (the
    kernels' ``SPAR_TUTOR_LANG``).
    SIGINT (Ctrl-C), SIGTERM or SIGHUP stops Voila and every kernel it started (see the
    module's docstring); the exit code is then 0."""
    notebook = Path(notebook_path) if notebook_path is not None else app_notebook()
    if not notebook.exists():
        raise SparError(f"no notebook to serve at {notebook}")
    if language is not None and known_language(language) is None:
        raise SparError(f"unknown language {language!r}: use one of "
                        f"{', '.join(available_languages())}")
    with tempfile.TemporaryDirectory(prefix="spar-tutor-kernels-") as kernels_dir:
        argv = voila_argv(notebook, port=port, host=host, theme=theme, open_browser=open_browser,
                          extra=[f"--Voila.connection_dir_root={kernels_dir}", *extra],
                          pool_size=pool_size)
        shown = "127.0.0.1" if host in WILDCARD_HOSTS else host
        print(f"Serving {notebook.name} at {app_url(shown, port)} (Ctrl-C to stop)", flush=True)
        if host in WILDCARD_HOSTS:
            print(f"Other computers on this network: http://<this computer's address>:{port}/",
                  flush=True)
        env = voila_env()
        if language is not None:
            env[LANGUAGE_ENV] = known_language(language) or ""
        if host not in WILDCARD_HOSTS:
            # A preheated kernel asks Voila for its page's address on VOILA_APP_IP (default
            # 127.0.0.1), which a server bound to one other address would not answer.
            env["VOILA_APP_IP"] = f"[{host}]" if ":" in host else host
        from .tables.run import TABLES_URL_ENV, TableProcess

        tables = TableProcess.start(kernels_dir, env) if shared_tables else None
        if tables is not None:  # the kernels' "Play with classmates" calls it
            env[TABLES_URL_ENV] = tables.url
        try:
            proc = subprocess.Popen(stopping_with_us(argv, kernels_dir), env=env,
                                    start_new_session=os.name == "posix")
            return _VoilaRun(proc, kernels_dir).wait()
        finally:
            if tables is not None:
                tables.stop()


def stopping_with_us(argv: List[str], kernels_dir: str) -> List[str]:
    """Voila's command line (:func:`voila_argv`) run through
    :mod:`spar_tutor.server.voila_run`, so that Voila and its kernels stop, and their
    folder goes, even when this process is killed with ``kill -9``."""
    assert argv[1:3] == ["-m", "voila"], argv[:3]
    return [argv[0], "-m", "spar_tutor.server.voila_run", "--parent", str(os.getpid()),
            "--kernels", kernels_dir, "--grace", str(STOP_GRACE), "--", *argv[3:]]


class _VoilaRun:
    """A running Voila and its kernels, waited for until it exits or is stopped by a signal."""

    def __init__(self, proc: "subprocess.Popen[Any]", kernels_dir: str) -> None:
        self.proc = proc
        self.kernels_dir = kernels_dir
        self.stopping = False
        self.killed = False
        self._lock = threading.Lock()
        self._deadline: Optional[threading.Timer] = None

    def wait(self) -> int:
        """Wait for Voila to exit; then stop any kernel it left. Returns its exit code."""
        previous = {sig: signal.signal(sig, self._on_signal) for sig in STOP_SIGNALS}
        try:
            code = self.proc.wait()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            if self._deadline is not None:
                self._deadline.cancel()
        left = _kill(kernel_processes(self.kernels_dir))
        if left:
            print(f"spar-tutor: stopped {left} kernel(s) the server had left running",
                  file=sys.stderr, flush=True)
        if self.stopping and (self.killed or code in (0, -signal.SIGTERM)):
            return 0  # stopped as asked (by force if it had to be)
        return code

    def _on_signal(self, signum: int, frame: Any) -> None:
        if self.stopping:  # a second Ctrl-C: no more waiting
            self.kill()
            return
        self.stopping = True
        print("Stopping the server and its kernels...", flush=True)
        if os.name == "posix":
            self.proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down, then exits
        # (On Windows, Ctrl-C reached Voila through the console already.)
        self._deadline = threading.Timer(STOP_GRACE, self.kill)
        self._deadline.daemon = True
        self._deadline.start()

    def kill(self) -> None:
        """End Voila and its kernels at once (it did not stop within ``STOP_GRACE``)."""
        with self._lock:
            if self.proc.poll() is not None or self.killed:
                return
            self.killed = True
            print(f"spar-tutor: the server did not stop within {STOP_GRACE:g} s; ending it "
                  "and its kernels", file=sys.stderr, flush=True)
            _kill([*kernel_processes(self.kernels_dir), self.proc.pid])


def kernel_processes(kernels_dir: str) -> List[int]:
    """The process ids of the running kernels whose connection files are in ``kernels_dir``."""
    import psutil

    found = []
    for proc in psutil.process_iter(["cmdline"]):
        try:
            if any(kernels_dir in arg for arg in proc.info["cmdline"] or ()):
                found.append(proc.pid)
        except psutil.Error:
            continue
    return found


def _kill(pids: Sequence[int]) -> int:
    """Kill these processes; returns how many were still running."""
    import psutil

    killed = []
    for pid in pids:
        try:
            proc = psutil.Process(pid)
            proc.kill()
            killed.append(proc)
        except psutil.Error:
            continue
    psutil.wait_procs(killed, timeout=5)
    return len(killed)
