"""The App widget: a navigation bar over pages that are built when first opened."""

from __future__ import annotations

import dataclasses
import importlib
import logging
from html import escape
from typing import Any, Callable, Dict, List, Optional

import ipywidgets as widgets

from .. import i18n
from ..i18n import LANGUAGE_NAMES, N_, _
from .address import Address
from .guard import SORRY, guarded, setup_logging
from .learner import Learner, check_name, initial_learner, learner_key
from .pages.pending import missing
from ..learning.class_settings import use_class_settings
from .route import LINKED_PAGES, PAGES, TEACHER_PAGES, Route, parse_query
from .style import app_css
from .teacher import is_teacher

log = logging.getLogger("spar_tutor.app")

#: Shown by the page's script when the kernel or the server has gone (app/address.py).
GONE = N_("The tutor was restarted. Reload this page to go on.")

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
    # reached from Play ("Play with classmates") or a table's link
    "table": (N_("Play with classmates"), "spar_tutor.app.pages.table:TablePage"),
}
assert tuple(PAGE_INFO) == PAGES + TEACHER_PAGES + LINKED_PAGES


def _page_class(name: str) -> Callable[..., Any]:
    module, cls = PAGE_INFO[name][1].split(":")
    return getattr(importlib.import_module(module), cls)


class App(widgets.VBox):
    """The whole web app. ``App().follow(parse_query("page=rules"))`` shows a page.

    A page is a widget with a ``show_route(route)`` method (for what a deep link
    asks) and maybe ``on_show()`` (to redraw when the learner comes back to it) and
    ``where()`` (the :class:`Route` of what it shows now, for the address); it is made
    on first visit and kept, so a game in progress survives a look at the rules.

    Wherever the learner goes, :meth:`moved` writes the place into the page's address
    (:class:`~.address.Address`), and Back and Forward come back through :meth:`follow`.
    """

    def __init__(self, env: Optional[dict] = None, **kwargs: Any) -> None:
        setup_logging()
        self.env = env
        self.learner: Optional[Learner] = initial_learner(None, env)
        self.pages: Dict[str, widgets.Widget] = {}
        self.current: Optional[str] = None
        self._learner_listeners: List[Callable[[Optional[Learner]], None]] = []
        self._progress: Optional[Any] = None
        self._routes: Dict[str, Route] = {}  # what each page was last asked to show
        self._following = False  # following an address: it is not a new history entry
        #: The colours the learner chose (``None``: the page's own, Voila's theme).
        self.theme: Optional[str] = None
        self.page_theme = "light"
        self.address = Address()
        self.address.on_back(guarded(self.say)(lambda query: self.follow(parse_query(query))))
        self.address.on_theme(guarded(self.say)(self._page_colours))
        self.notice = widgets.HTML()
        self.notice.add_class("spar-notice")
        self.nav = {name: self._nav_button(name) for name in PAGES}
        self.theme_button = widgets.Button()
        self.theme_button.add_class("spar-nav")
        self.theme_button.add_class("spar-theme")
        self.theme_button.on_click(guarded(self.say)(lambda _b: self.set_theme(
            "light" if self.colours == "dark" else "dark")))
        self._label_theme()
        self.teacher = False  # set once the teacher's key (or hub admin) opens the Class page
        #: What the teacher set for the class (the currency; stakes and bets on or off).
        self.class_settings = use_class_settings()
        #: The tutor's language in this tab: the learner's choice, else the server's.
        self.language = i18n.language()
        self._language_switches: List[widgets.Dropdown] = []
        #: What a page built again in another language takes over from the one it
        #: replaces (the Play page: the game in progress), by page name.
        self.carried: Dict[str, Any] = {}
        self.language_menu = self.language_switch()
        self.brand = widgets.HTML()
        self._label_brand()
        self._label_gone()
        self.header = header = widgets.HBox([self.brand, *self.nav.values(), self.theme_button,
                                             self.language_menu],
                                            layout=widgets.Layout(flex_flow="row wrap"))
        header.add_class("spar-header")
        self.body = widgets.VBox()
        super().__init__([widgets.HTML(app_css()), header, widgets.HTML('<div class="spar-kente">'
                          "</div>"), self.notice, self.body, self.address], **kwargs)
        self.add_class("spar-shell")
        if is_teacher(None, env):  # a JupyterHub admin
            self._let_teacher_in()
        self._learners_language()
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
            built_now = name not in self.pages
            page = self.page(name)
            if route is not None:
                page.show_route(route)
            elif hasattr(page, "on_show") and not built_now:  # a page just built is up to date
                page.on_show()
        except Exception:
            log.exception("could not open page %s", name)
            self.say(_(SORRY))
            return
        if opening and self.notice.value == opening:
            self.notice.value = ""
        self.current = name
        if route is not None:
            self._routes[name] = route
        self.body.children = (page,)
        for other, b in self.nav.items():
            (b.add_class if other == name else b.remove_class)("spar-nav-on")
        self.moved()

    def follow(self, route: Route) -> None:
        """Follow an address (a link, or Back and Forward): take its learner name (unless
        signed in) and colours, then open its page at its place. The address already
        says where the learner is, so no history entry is added."""
        self._following = True
        try:
            if route.learner and (self.learner is None or not self.learner.fixed) and \
                    (self.learner is None or learner_key(route.learner) != learner_key(self.learner.name)):
                self.set_learner(route.learner, source="link")
            if route.theme:
                self.set_theme(route.theme)
            if route.lang:
                self.set_language(route.lang, redraw=False)
            if route.page in TEACHER_PAGES and not self.teacher:
                if not is_teacher(route.key, self.env):
                    log.warning("the %s page was asked for without the teacher's key",
                                route.page)
                    self.go("home")
                    self.say(_("That page is for teachers only."))
                    return
                self._let_teacher_in()
            self.go(route.page, route)
        finally:
            self._following = False

    def location(self) -> Route:
        """Where the learner is: the page, what it shows, the learner's name (unless
        signed in) and the colours chosen."""
        name = self.current or "home"
        page = self.pages.get(name)
        where = page.where() if page is not None and hasattr(page, "where") \
            else self._routes.get(name, Route(name))
        learner = self.learner.name if self.learner and not self.learner.fixed else None
        lang = self.language if self.language != i18n.default_language() else None
        return dataclasses.replace(where, page=name, learner=learner, theme=self.theme, lang=lang)

    def moved(self, replace: bool = False) -> None:
        """Write where the learner is into the page's address: a new history entry, unless
        ``replace`` (the same place, said better) or an address is being followed."""
        self.address.write(self.location().query(), replace=replace or self._following)

    # -- colours ------------------------------------------------------------------

    @property
    def colours(self) -> str:
        """The colours shown: the learner's choice, else the page's own."""
        return self.theme or self.page_theme

    def set_theme(self, theme: str) -> None:
        """Show the app in ``"light"`` or ``"dark"`` colours (whatever Voila's theme)."""
        if theme not in ("light", "dark"):
            return
        self.theme = theme
        self.remove_class("spar-light" if theme == "dark" else "spar-dark")
        self.add_class(f"spar-{theme}")
        self._label_theme()
        self.moved(replace=True)

    def _page_colours(self, theme: str) -> None:
        """The page said which colours Voila drew it in."""
        self.page_theme = theme
        self._label_theme()

    def _label_theme(self) -> None:
        dark = self.colours == "dark"
        self.theme_button.description = _("Light colours") if dark else _("Dark colours")
        self.theme_button.icon = "sun" if dark else "moon"
        self.theme_button.tooltip = (_("Show the app in light colours") if dark
                                     else _("Show the app in dark colours, easier at night"))

    def _let_teacher_in(self) -> None:
        """The teacher's pages open from now on, from the navigation bar too."""
        self.teacher = True
        for name in TEACHER_PAGES:
            if name not in self.nav:
                self.nav[name] = self._nav_button(name)
                *pages, theme, language = self.header.children  # colours, language stay last
                self.header.children = (*pages, self.nav[name], theme, language)

    def say(self, message: str) -> None:
        """Show a short message to the learner above the page (``""`` clears it)."""
        self.notice.value = f'<div role="status">{escape(message)}</div>' if message else ""

    # -- the learner --------------------------------------------------------------

    def set_learner(self, name: str, source: str = "typed") -> Optional[Learner]:
        """Change who is learning (not possible when signed in through JupyterHub)."""
        if self.learner is not None and self.learner.fixed:
            return self.learner
        check = check_name(name)
        if source == "link" and check.message():
            self.say(check.message())  # a blank or long name in a link: said, as when typed
        if check.name is None:
            return None
        self.learner = Learner(check.name, source)
        self._progress = None
        log.info("learner set (%s)", source)
        self._learners_language()
        for listener in list(self._learner_listeners):
            guarded(self.say)(listener)(self.learner)
        self.moved(replace=True)
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

    # -- the language -------------------------------------------------------------

    def language_switch(self) -> widgets.Dropdown:
        """A menu of the tutor's languages, each in its own words ("Français"); choosing
        one switches the whole app (the header has one, Home another)."""
        menu = widgets.Dropdown(
            options=[(LANGUAGE_NAMES.get(code, code), code) for code in i18n.available_languages()],
            value=self.language, layout=widgets.Layout(width="auto"))
        menu.add_class("spar-language")
        menu.observe(guarded(self.say)(lambda change: self.set_language(change["new"])),
                     names="value")
        self._language_switches.append(menu)
        self._label_language()
        return menu

    def set_language(self, language: str, remember: bool = True, redraw: bool = True) -> None:
        """Speak ``language`` from now on: every page is built again in it (a game in
        progress goes on: :meth:`PlayPage.carry`), and the choice is kept for the learner
        (``remember``).
        ``redraw`` False: only the header now (a link being followed opens its page next)."""
        code = i18n.known_language(language)
        if code is None:
            return
        if remember and self.learner is not None:
            progress = self.progress()
            if progress is not None and progress.language != code:
                progress.choose_language(code)
        if code == self.language:
            return
        log.info("language set to %s", code)
        self.language = code
        i18n.set_language(code)
        from . import course

        course.all_lessons.cache_clear()  # the lessons' words in the new language (the puzzles
        # keep one collection per language)
        for name, b in self.nav.items():
            label = _(PAGE_INFO[name][0])
            b.description, b.tooltip = label, _("Open {page}").format(page=label)
        self._label_brand()
        self._label_gone()
        self._label_theme()
        self._label_language()
        for menu in self._language_switches:
            menu.value = code
        current, route = self.current or "home", self.location()
        self.carried = {name: page.carry() for name, page in self.pages.items()
                        if hasattr(page, "carry")}
        self.pages.clear()  # built again in the new language when next opened
        self._learner_listeners.clear()  # the pages' own listeners went with them
        self._routes.clear()
        if redraw:
            self.current = None
            self.go(current, route)

    def _learners_language(self) -> None:
        """The learner's own language, if they chose one before (here or on another
        device); else their first choice here is kept for them."""
        progress = self.progress()
        if progress is None:
            return
        chosen = progress.language
        if chosen and chosen != self.language:
            self.set_language(chosen, remember=False, redraw=self.current is not None)
        elif chosen is None and self.language != i18n.default_language():
            progress.choose_language(self.language)

    def _label_gone(self) -> None:
        self.address.words(_(GONE), _("Reload this page"))

    def _label_brand(self) -> None:
        self.brand.value = ('<span class="spar-brand" role="banner">&#9824; '
                            + escape(_("Spar tutor")) + "</span>")

    def _label_language(self) -> None:
        for menu in self._language_switches:
            menu.description = ""
            menu.tooltip = _("Language of the tutor")
