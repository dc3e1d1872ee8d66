"""The spar-tutor web app: one widget with Home, Lessons, Puzzles, Play, Explore and Rules.

``notebooks/app.ipynb`` is one cell, ``from spar_tutor.app import show; show()``,
served by Voila (``spar-tutor serve``). :func:`show` builds the app and shows
Home at once; when Voila preheated the kernel it then imports what the other
pages need and waits for the page request; then it follows the address's deep
link (``?page=lessons&lesson=7``).
"""

from __future__ import annotations

import logging
from typing import Optional

from .guard import setup_logging
from .learner import Learner, clean_name
from .pages.pending import missing
from ..server.request import is_preheated, request_query
from ..server.warm import warm_up
from .route import PAGES, Route, parse_query
from ..i18n import _

log = logging.getLogger("spar_tutor.app")

#: Imported ahead by a preheated kernel, if installed (``spar_tutor.server.warm``).
WARM_MODULES = ("spar_tutor.widgets", "spar_tutor.lessons.widget", "spar_tutor.explore",
                "spar_tutor.puzzles", "spar_tutor.puzzles.widget")

FAILED = ('<div style="font-size:16px;padding:16px">Sorry, the Spar tutor could not start. '
          "Please reload the page in a minute; if it keeps happening, tell your teacher."
          "</div>")


def show(query: Optional[str] = None) -> "object":
    """Build and display the app, then open what the page's address asks for.

    ``query`` overrides the address (for notebooks and tests). Returns the App,
    or ``None`` if it could not be built (the reason goes to the server log).
    """
    from IPython.display import HTML, display

    setup_logging()
    try:
        from .shell import App

        from .address import SCRIPT

        app = App()
        display(app)
        display(HTML(SCRIPT))  # the address follows the learner (runs in Voila only)
    except Exception:
        log.exception("the app could not be built")
        display(HTML(FAILED))
        return None
    if query is None and is_preheated():
        warm_up(WARM_MODULES, lambda module: not missing(module), _load_lessons)
    try:
        route = parse_query(request_query() if query is None else query)
        if route != Route():
            log.info("following the link to page %s", route.page)
            app.follow(route)
    except Exception:
        log.exception("could not follow the page address")
        app.say(_("Sorry, that link could not be opened. Choose a page above."))
    return app


def _load_lessons() -> None:
    if not missing("spar_tutor.lessons"):
        from .course import all_lessons

        all_lessons()
    if not missing("spar_tutor.puzzles.widget"):  # cheap: the solver's verdicts are kept
        from ..puzzles.widget import default_collection

        default_collection()


__all__ = ["Learner", "PAGES", "Route", "clean_name", "parse_query", "show"]
