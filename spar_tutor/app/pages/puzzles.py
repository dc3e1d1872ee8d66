"""Puzzles: a position, a goal, and the solver checking every card you play."""

from __future__ import annotations

from typing import Any, Optional

import ipywidgets as widgets

from ..route import Route
from .pending import missing, notice


class PuzzlesPage(widgets.VBox):
    """``?page=puzzles&puzzle=3`` opens puzzle 3."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.opened: Optional[str] = None
        if missing("spar_tutor.puzzles"):
            super().__init__([notice("Puzzles", "The puzzles are not installed on this server.",
                                     "Meanwhile, try a game on the Play page.")])
            return
        super().__init__([])

    def show_route(self, route: Route) -> None:
        self.opened = route.puzzle
