"""The address the app was opened with, also when its kernel was preheated.

Voila passes a page's query string to the kernel in the ``QUERY_STRING``
environment variable. A preheated kernel (``--preheat_kernel``) runs the
notebook *before* anyone asks for the page, so at that time there is no query
string yet: Voila sets ``VOILA_PREHEAT=True`` in such a kernel and, when a
page request takes the kernel, sends that request's variables to it over the
websocket ``voila/query/<kernel id>``. Voila documents this in "Preheated
kernels" (docs/customize.md): the notebook does the slow work first, then calls
``voila.utils.wait_for_request()``, then reads the request.

:func:`wait_for_request` here does what that helper does, with the small
synchronous client of ``websockets`` (a Voila dependency): importing
``voila.utils`` would pull the whole Jupyter server into every preheated
kernel, about 45 MB each. Should the client be missing, Voila's own helper is
used.

The kernel waits on that websocket from the moment it is preheated until a
learner arrives, perhaps for an hour, and the request comes when the server is
at its busiest (a whole class arriving at once). So the socket sends no
keepalive pings: a pong that came back late from a server under load made the
client drop the connection, and the learner's page lost its name ("Hello,
NAME!" never came; benchmarks/classroom_load.py saw it once). A connection that
fails or closes before the request is opened again (Voila keeps a request that
finds no kernel waiting, and gives it to the kernel when it connects).

Everywhere else (Voila without preheating, the Voila server extension on
JupyterHub, a plain notebook) the variable is already set, or absent.
"""

from __future__ import annotations

import json
import logging
import os
import time
from typing import Mapping, Optional

log = logging.getLogger("spar_tutor.app")

CONNECT_TIMEOUT_S = 60
"""A server starting a whole class's kernels at once can take long to accept one."""
TRIES = 3
"""Connections tried before the kernel gives up waiting (the page then has no address)."""
RETRY_PAUSE_S = 1.0


def is_preheated(env: Optional[Mapping[str, str]] = None) -> bool:
    """Whether this kernel was started by Voila before any page request."""
    return (os.environ if env is None else env).get("VOILA_PREHEAT") == "True"


def query_socket_url(env: Mapping[str, str]) -> str:
    """Where Voila hands a preheated kernel its request (as ``voila.utils`` computes it)."""
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def wait_for_request() -> None:
    """Block until a page request takes this kernel, then put its variables in ``os.environ``."""
    try:
        from websockets.sync.client import connect
    except ImportError:
        from voila.utils import wait_for_request as voila_wait

        voila_wait()
        return
    from websockets.exceptions import WebSocketException

    url = query_socket_url(os.environ)
    for attempt in range(1, TRIES + 1):
        try:
            # no keepalive pings (see above): the server is on this machine
            with connect(url, open_timeout=CONNECT_TIMEOUT_S, max_size=2**20,
                         ping_interval=None) as socket:
                info = json.loads(socket.recv())
            break
        except (OSError, TimeoutError, WebSocketException) as e:  # refused, closed, timed out
            log.warning("could not read the page request from %s (try %d of %d): %s", url,
                        attempt, TRIES, e)
        except ValueError as e:
            log.warning("the page request from %s is not JSON: %s", url, e)
            return
        if attempt < TRIES:
            time.sleep(RETRY_PAUSE_S)
    else:
        return
    os.environ.update({str(k): str(v) for k, v in info.items()})


def request_query(wait: bool = True) -> str:
    """The query string of the page showing this kernel (``""`` if none).

    In a preheated kernel this waits for the page request first (unless
    ``wait`` is false).
    """
    if wait and is_preheated():
        log.info("preheated kernel: waiting for the page request")
        wait_for_request()
        log.info("page request arrived")
    return os.environ.get("QUERY_STRING", "")
