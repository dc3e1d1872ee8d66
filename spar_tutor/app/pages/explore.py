"""Explore: try the rules out, watch deals, and see how often each card wins."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..route import Route
from .pending import notice


class ExplorePage(widgets.VBox):
    """Explorations that need no lesson: open from the navigation bar."""

    def __init__(self, app: Any) -> None:
        self.app = app
        super().__init__([notice("Explore", "The explorations are not installed on this server.")])

    def show_route(self, route: Route) -> None:
        return None
