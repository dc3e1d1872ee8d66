"""The address the app was opened with, also when its kernel was preheated.

Voila passes a page's query string to the kernel in the ``QUERY_STRING``
environment variable. A preheated kernel (``--preheat_kernel``) runs the
notebook *before* anyone asks for the page, so at that time there is no query
string yet: Voila sets ``VOILA_PREHEAT=True`` in such a kernel, and
``voila.utils.wait_for_request()`` blocks until a page request takes the kernel,
then copies that request's variables (``QUERY_STRING`` among them) into
``os.environ``. Voila documents this in "Preheated kernels" (docs/customize.md):
the notebook does the slow work first, then waits, then reads the request.

Everywhere else (Voila without preheating, the Voila server extension on
JupyterHub, a plain notebook) the variable is already set, or absent.
"""

from __future__ import annotations

import logging
import os
from typing import Mapping, Optional

log = logging.getLogger("spar_tutor.app")


def is_preheated(env: Optional[Mapping[str, str]] = None) -> bool:
    """Whether this kernel was started by Voila before any page request."""
    return (os.environ if env is None else env).get("VOILA_PREHEAT") == "True"


def request_query(wait: bool = True) -> str:
    """The query string of the page showing this kernel (``""`` if none).

    In a preheated kernel this waits for the page request first (unless
    ``wait`` is false).
    """
    if wait and is_preheated():
        try:
            from voila.utils import wait_for_request
        except ImportError:  # a preheated kernel always has Voila; be safe anyway
            log.warning("VOILA_PREHEAT is set but voila is not importable")
        else:
            log.info("preheated kernel: waiting for the page request")
            wait_for_request()
            log.info("page request arrived")
    return os.environ.get("QUERY_STRING", "")
