"""Deep links: what a page address asks the app to show.

The app reads its address's query string (``?page=lessons&lesson=7``) into a
:class:`Route`. Anything unknown or malformed is dropped, never an error, so a
mistyped link still opens the app:

>>> parse_query("page=lessons&lesson=7")
Route(page='lessons', lesson='7', puzzle=None, preset=None, learner=None)
>>> parse_query("page=nowhere&lesson=../../x").page
'home'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional
from urllib.parse import parse_qs, urlencode

#: Every page of the app, in the order of the navigation bar.
PAGES = ("home", "lessons", "puzzles", "play", "explore", "rules")
#: Pages for teachers only (:mod:`spar_tutor.app.teacher`), opened by a link with a key.
TEACHER_PAGES = ("class",)
MAX_KEY = 200

_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_QUERY = 2000


@dataclass(frozen=True)
class Route:
    """A page and what to open on it; ``learner`` is the name given in the link, ``key``
    the teacher's key (never shown, never put back in an address)."""

    page: str = "home"
    lesson: Optional[str] = None
    puzzle: Optional[str] = None
    preset: Optional[str] = None
    learner: Optional[str] = None
    key: Optional[str] = field(default=None, repr=False)

    def query(self) -> str:
        """The query string that leads back here (without the ``?``)."""
        fields = [("page", self.page), ("lesson", self.lesson), ("puzzle", self.puzzle),
                  ("preset", self.preset), ("learner", self.learner)]
        return urlencode([(k, v) for k, v in fields if v and not (k == "page" and v == "home")])


def _one(params: dict, key: str) -> Optional[str]:
    values = params.get(key) or []
    value = values[0].strip() if values else ""
    return value or None


def _ident(value: Optional[str]) -> Optional[str]:
    return value if value is not None and _ID.match(value) else None


def parse_query(query: Optional[str]) -> Route:
    """The :class:`Route` a query string asks for (``""`` or ``None``: Home)."""
    if not query:
        return Route()
    params = parse_qs(query[:MAX_QUERY].lstrip("?"), keep_blank_values=False)
    page = (_one(params, "page") or "home").lower()
    if page not in PAGES + TEACHER_PAGES:
        page = "home"
    lesson, puzzle = _ident(_one(params, "lesson")), _ident(_one(params, "puzzle"))
    if page == "home" and lesson:
        page = "lessons"
    elif page == "home" and puzzle:
        page = "puzzles"
    learner, key = _one(params, "learner"), _one(params, "key")
    return Route(page=page, lesson=lesson, puzzle=puzzle,
                 preset=_ident(_one(params, "preset")), learner=learner[:60] if learner else None,
                 key=key[:MAX_KEY] if key else None)
