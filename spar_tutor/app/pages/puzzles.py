"""Puzzles: a position, a goal, and the solver checking every card you play
(``spar_tutor.puzzles.widget.PuzzlePlayer``)."""

from __future__ import annotations

from typing import Any, List, Optional, Set, Tuple

import ipywidgets as widgets

from .. import course
from ..route import Route
from .pending import missing, notice
from ...i18n import N_, _

INTRO = N_("<h2>Puzzles</h2><p>Each puzzle is the end of a hand and a goal, such as <i>make "
           "sure of 3 points whatever the others do</i>. Click your cards to play them; the "
           "others defend as well as the computer can. A card that loses the goal is not "
           "played: you are told why, and you try again.</p>")


class PuzzlesPage(widgets.VBox):
    """``?page=puzzles&puzzle=3`` opens puzzle 3 (by number or by id). Progress is the learner's."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.player: Any = None
        self.opened: Optional[str] = None
        #: The lesson whose puzzles are being practised (its number), if any.
        self.practising: Optional[str] = None
        if missing("spar_tutor.puzzles.widget"):
            super().__init__([notice(_("Puzzles"), _("The puzzles are not installed on this "
                                                     "server."),
                                     _("Meanwhile, try a game on the Play page."))])
            return
        self.intro = widgets.HTML(_(INTRO))
        super().__init__([self.intro])
        app.on_learner(lambda learner: self._new_player())
        self._new_player()

    def _new_player(self) -> None:
        """A player keeping the current learner's progress (page-long if nobody is named)."""
        from ...puzzles.widget import PuzzlePlayer

        learner = self.app.learner.name if self.app.learner else None
        old = self.player
        self.player = PuzzlePlayer(learner=learner, start=self.opened)
        self.player.on_open = lambda puzzle: self.app.moved()
        self.player.lessons_known = self._lessons_known
        self.children = (self.intro, self.player)
        if old is not None:
            old.close()
        if self.practising:
            self._practise(self.practising)

    def _lessons_known(self) -> Tuple[List[Tuple[int, Tuple[str, ...]]], Set[int]]:
        """The lessons and their practice themes, and the numbers of those the learner
        finished (for "A puzzle at your level")."""
        lessons = course.playable()
        progress = self.app.progress()
        finished = set(progress.finished_lessons(l.id for l in lessons)) if progress else set()
        return ([(l.number, tuple(l.practice or ())) for l in lessons],
                {l.number for l in lessons if l.id in finished})

    def where(self) -> Route:
        """The puzzle shown, by its number (an id could give the answer away)."""
        game = self.player.game if self.player is not None else None
        if game is None:
            return Route(page="puzzles")
        if self.player.practice is None:
            self.practising = None
        return Route(page="puzzles", lesson=self.practising,
                     puzzle=str(self.player.collection.index(game.puzzle) + 1))

    def _practise(self, key: str) -> bool:
        """Offer the puzzles that practise lesson ``key`` (its number or id)."""
        from ...lessons.widget import lesson_name

        lesson = course.find_lesson(key)
        if lesson is None or not self.player.practise(lesson_name(lesson),
                                                      list(lesson.practice_puzzles)):
            self.practising = None
            return False
        self.practising = str(lesson.number)
        return True

    def show_route(self, route: Route) -> None:
        """Open the puzzle a link names (of the practice of the lesson it names, if any);
        an unknown one is said so."""
        if self.player is None:
            return
        if route.lesson and route.lesson != self.practising:
            if not self._practise(route.lesson):
                self.app.say(_("There are no puzzles for lesson {lesson}: here are all "
                               "the puzzles.").format(lesson=route.lesson))
        elif not route.lesson and self.practising and self.player.practice is not None:
            self.player.on_all_puzzles()
            self.practising = None
        if not route.puzzle:
            return
        shown = self.where().puzzle
        if route.puzzle == shown:
            return
        if self.player.open_puzzle(route.puzzle):
            self.opened = route.puzzle
        else:
            self.app.say(_("There is no puzzle {puzzle}: here is the first one.").format(
                puzzle=route.puzzle))
