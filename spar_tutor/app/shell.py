"""The App widget: a navigation bar over pages that are built when first opened."""

from __future__ import annotations

import importlib
import logging
from html import escape
from typing import Any, Callable, Dict, List, Optional

import ipywidgets as widgets

from ..i18n import N_, _
from .guard import SORRY, guarded, setup_logging
from .learner import Learner, clean_name, initial_learner
from .pages.pending import missing
from .route import PAGES, TEACHER_PAGES, Route
from .style import app_css
from .teacher import is_teacher

log = logging.getLogger("spar_tutor.app")

#: Navigation label and the class that builds each page ("module:Class", imported when needed).
PAGE_INFO: Dict[str, tuple] = {
    "home": (N_("Home"), "spar_tutor.app.pages.home:HomePage"),
    "lessons": (N_("Lessons"), "spar_tutor.app.pages.lessons:LessonsPage"),
    "puzzles": (N_("Puzzles"), "spar_tutor.app.pages.puzzles:PuzzlesPage"),
    "play": (N_("Play"), "spar_tutor.app.pages.play:PlayPage"),
    "explore": (N_("Explore"), "spar_tutor.app.pages.explore:ExplorePage"),
    "rules": (N_("Rules"), "spar_tutor.app.pages.rules:RulesPage"),
    # for teachers: in the navigation bar once the teacher's key was given
    "class": (N_("Class"), "spar_tutor.app.pages.classroom:ClassPage"),
}
assert tuple(PAGE_INFO) == PAGES + TEACHER_PAGES


def _page_class(name: str) -> Callable[..., Any]:
    module, cls = PAGE_INFO[name][1].split(":")
    return getattr(importlib.import_module(module), cls)


class App(widgets.VBox):
    """The whole web app. ``App().follow(parse_query("page=rules"))`` shows a page.

    A page is a widget with a ``show_route(route)`` method (for what a deep link
    asks) and maybe ``on_show()`` (to redraw when the learner comes back to it);
    it is made on first visit and kept, so a game in progress survives a look
    at the rules.
    """

    def __init__(self, env: Optional[dict] = None, **kwargs: Any) -> None:
        setup_logging()
        self.env = env
        self.learner: Optional[Learner] = initial_learner(None, env)
        self.pages: Dict[str, widgets.Widget] = {}
        self.current: Optional[str] = None
        self._learner_listeners: List[Callable[[Optional[Learner]], None]] = []
        self._progress: Optional[Any] = None
        self.notice = widgets.HTML()
        self.notice.add_class("spar-notice")
        self.nav = {name: self._nav_button(name) for name in PAGES}
        self.teacher = False  # set once the teacher's key (or hub admin) opens the Class page
        brand = widgets.HTML('<span class="spar-brand" role="banner">&#9824; '
                             + _("Spar tutor") + "</span>")
        self.header = header = widgets.HBox([brand, *self.nav.values()],
                                            layout=widgets.Layout(flex_flow="row wrap"))
        header.add_class("spar-header")
        self.body = widgets.VBox()
        super().__init__([widgets.HTML(app_css()), header, widgets.HTML('<div class="spar-kente">'
                          "</div>"), self.notice, self.body], **kwargs)
        self.add_class("spar-shell")
        if is_teacher(None, env):  # a JupyterHub admin
            self._let_teacher_in()
        self.go("home")

    # -- navigation ---------------------------------------------------------------

    def _nav_button(self, name: str) -> widgets.Button:
        label = _(PAGE_INFO[name][0])
        b = widgets.Button(description=label, tooltip=_("Open {page}").format(page=label))
        b.add_class("spar-nav")
        b.on_click(guarded(self.say)(lambda _: self.go(name)))
        return b

    def page(self, name: str) -> widgets.Widget:
        """The page ``name``, built now if this is its first visit."""
        if name not in self.pages:
            self.pages[name] = _page_class(name)(self)
            log.info("built page %s", name)
        return self.pages[name]

    def go(self, name: str, route: Optional[Route] = None) -> None:
        """Show page ``name`` (and what ``route`` asks on it); a teacher's page only to a
        teacher."""
        if name not in PAGE_INFO or (name in TEACHER_PAGES and not self.teacher):
            name = "home"
        self.notice.value = ""
        opening = ""
        if name not in self.pages:  # a first visit can take seconds (Puzzles checks its puzzles)
            self.say(_("Opening {page}…").format(page=_(PAGE_INFO[name][0])))
            opening = self.notice.value
        try:
            page = self.page(name)
            if route is not None:
                page.show_route(route)
            elif hasattr(page, "on_show"):
                page.on_show()
        except Exception:
            log.exception("could not open page %s", name)
            self.say(_(SORRY))
            return
        if opening and self.notice.value == opening:
            self.notice.value = ""
        self.current = name
        self.body.children = (page,)
        for other, b in self.nav.items():
            (b.add_class if other == name else b.remove_class)("spar-nav-on")

    def follow(self, route: Route) -> None:
        """Follow a deep link: take its learner name (unless signed in), then its page."""
        if route.learner and (self.learner is None or not self.learner.fixed):
            self.set_learner(route.learner, source="link")
        if route.page in TEACHER_PAGES and not self.teacher:
            if not is_teacher(route.key, self.env):
                log.warning("the %s page was asked for without the teacher's key", route.page)
                self.go("home")
                self.say(_("That page is for teachers only."))
                return
            self._let_teacher_in()
        self.go(route.page, route)

    def _let_teacher_in(self) -> None:
        """The teacher's pages open from now on, from the navigation bar too."""
        self.teacher = True
        for name in TEACHER_PAGES:
            if name not in self.nav:
                self.nav[name] = self._nav_button(name)
                self.header.children = (*self.header.children, self.nav[name])

    def say(self, message: str) -> None:
        """Show a short message to the learner above the page (``""`` clears it)."""
        self.notice.value = f'<div role="status">{escape(message)}</div>' if message else ""

    # -- the learner --------------------------------------------------------------

    def set_learner(self, name: str, source: str = "typed") -> Optional[Learner]:
        """Change who is learning (not possible when signed in through JupyterHub)."""
        if self.learner is not None and self.learner.fixed:
            return self.learner
        cleaned = clean_name(name)
        if cleaned is None:
            return None
        self.learner = Learner(cleaned, source)
        self._progress = None
        log.info("learner set (%s)", source)
        for listener in list(self._learner_listeners):
            guarded(self.say)(listener)(self.learner)
        return self.learner

    def progress(self) -> Optional[Any]:
        """The learner's lesson progress (``None`` without a learner or without lessons)."""
        if self.learner is None or missing("spar_tutor.lessons"):
            return None
        if self._progress is None or self._progress.learner != self.learner.name:
            from .course import progress_for

            self._progress = progress_for(self.learner.name)
        return self._progress

    def on_learner(self, callback: Callable[[Optional[Learner]], None]) -> None:
        """Call ``callback(learner)`` whenever the learner changes."""
        self._learner_listeners.append(callback)
