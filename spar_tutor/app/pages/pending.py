"""What a page shows while the part of the tutor it needs is not installed."""

from __future__ import annotations

import importlib
import logging
from functools import lru_cache
from html import escape
from typing import Optional

import ipywidgets as widgets

log = logging.getLogger("spar_tutor.app")


@lru_cache(maxsize=None)
def missing(module: str) -> bool:
    """Whether ``module`` (a part of spar_tutor) cannot be imported because it does not exist."""
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):
            log.warning("%s is not installed; its page shows a notice", module)
            return True
        raise
    return False


def notice(title: str, text: str, extra: Optional[str] = None) -> widgets.HTML:
    """A friendly box saying this part is not ready, and what to do meanwhile."""
    more = f"<p>{escape(extra)}</p>" if extra else ""
    return widgets.HTML(f'<div class="spar-panel-box"><h2>{escape(title)}</h2>'
                        f"<p>{escape(text)}</p>{more}</div>")
