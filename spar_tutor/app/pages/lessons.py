"""Lessons: the list of lessons with the learner's progress, and the lesson player."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..route import Route
from .pending import missing, notice


class LessonsPage(widgets.VBox):
    """``?page=lessons&lesson=7`` opens lesson 7."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.opened = None
        if missing("spar_tutor.lessons"):
            super().__init__([notice("Lessons", "The lessons are not installed on this server.",
                                     "Meanwhile, the Rules page explains the game.")])
            return
        super().__init__([])

    def show_route(self, route: Route) -> None:
        self.opened = route.lesson
