"""Deep links: what a page address asks the app to show.

The app reads its address's query string (``?page=lessons&lesson=7&step=3``) into a
:class:`Route`, and writes the learner's place back into the address the same way
(:meth:`Route.query`). ``game`` names a game's rules (``?page=play&game=ghana_table``;
``preset`` is the older spelling), ``theme`` is ``light`` or ``dark``, ``lang`` the
tutor's language (``?lang=fr``). Anything unknown or malformed is dropped, never an
error, so a mistyped link still opens the app:

>>> parse_query("page=lessons&lesson=7&step=3")
Route(page='lessons', lesson='7', step=3, puzzle=None, preset=None, learner=None, theme=None, lang=None, table=None)
>>> parse_query("page=table&table=hx4r").query()
'page=table&table=HX4R'
>>> parse_query("page=rules&lang=fr").lang
'fr'
>>> parse_query("page=play&game=ghana_table").query()
'page=play&game=ghana_table'
>>> parse_query("page=nowhere&lesson=../../x").page
'home'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional
from urllib.parse import parse_qs, urlencode

from ..server.classroom import MAX_KEY  # a teacher's key, as long as it may be

#: Every page of the app, in the order of the navigation bar.
PAGES = ("home", "lessons", "puzzles", "play", "explore", "rules")
#: Pages for teachers only (:mod:`spar_tutor.app.teacher`), opened by a link with a key.
TEACHER_PAGES = ("class",)
#: Pages reached from another page or a link, not from the navigation bar: a shared table
#: (Play's "Play with classmates", ``?page=table&table=HX4R``).
LINKED_PAGES = ("table",)

_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_QUERY = 8000  # a long teacher's key, URL-encoded, fits
_STEP = re.compile(r"^[0-9]{1,3}$")
_LANG = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z]{2})?$")
_TABLE = re.compile(r"^[A-Za-z0-9]{4}$")
_SEAT = re.compile(r"^[0-6]-[A-Za-z0-9_-]{20,80}$")
THEMES = ("light", "dark")


@dataclass(frozen=True)
class Route:
    """A page and what to open on it: a lesson (and its 1-based ``step``), a puzzle, a
    game's rules (``preset``, written ``game`` in an address); ``learner`` is the name
    given in the link, ``theme`` the colours asked for, ``lang`` the language (a code,
    such as ``fr``), ``key`` the teacher's key (never shown, never put back in an
    address)."""

    page: str = "home"
    lesson: Optional[str] = None
    step: Optional[int] = None
    puzzle: Optional[str] = None
    preset: Optional[str] = None
    learner: Optional[str] = None
    theme: Optional[str] = None
    lang: Optional[str] = None
    key: Optional[str] = field(default=None, repr=False)
    #: A shared table's join code, and the learner's seat at it with its secret ("2-..."):
    #: the address keeps them, so that a page loaded again takes its seat again.
    table: Optional[str] = None
    seat: Optional[str] = field(default=None, repr=False)

    def query(self) -> str:
        """The query string that leads back here (without the ``?``)."""
        fields = [("page", self.page), ("lesson", self.lesson),
                  ("step", str(self.step) if self.step else None), ("puzzle", self.puzzle),
                  ("game", self.preset), ("learner", self.learner), ("theme", self.theme),
                  ("lang", self.lang), ("table", self.table), ("seat", self.seat)]
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
    if page not in PAGES + TEACHER_PAGES + LINKED_PAGES:
        page = "home"
    lesson, puzzle = _ident(_one(params, "lesson")), _ident(_one(params, "puzzle"))
    if page == "home" and lesson:
        page = "lessons"
    elif page == "home" and puzzle:
        page = "puzzles"
    learner, key = _one(params, "learner"), _one(params, "key")
    step = _one(params, "step")
    theme = (_one(params, "theme") or "").lower()
    lang = _one(params, "lang") or ""
    table, seat = _one(params, "table") or "", _one(params, "seat") or ""
    return Route(page=page, lesson=lesson,
                 step=int(step) if step and _STEP.match(step) and int(step) > 0 else None,
                 puzzle=puzzle, preset=_ident(_one(params, "game") or _one(params, "preset")),
                 learner=learner[:60] if learner else None,
                 theme=theme if theme in THEMES else None,
                 lang=lang.lower() if _LANG.match(lang) else None,
                 key=key[:MAX_KEY] if key else None,
                 table=table.upper() if _TABLE.match(table) else None,
                 seat=seat if _SEAT.match(seat) else None)
