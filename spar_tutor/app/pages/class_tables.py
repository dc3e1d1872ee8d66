"""The shared tables on the teacher's Class page: every live table (its players, score
and who is to play), one table opened with every hand face up, paused, shown to its
players with a line of the teacher's own, and resumed; and tables started for the
learners present, four at a table, with computer players where needed.

The tables live in the table service (:mod:`spar_tutor.server.tables`); the teacher's
calls carry the teacher's key (``spar-tutor serve --teacher-key``; on JupyterHub the
hub says the teacher is an admin).
"""

from __future__ import annotations

import functools
import logging
import os
import threading
from datetime import datetime, time
from html import escape
from typing import Any, Callable, Dict, List, Optional

import ipywidgets as widgets

from ...engine.rules import PRESETS
from ...i18n import N_, _, language, ngettext, points
from ...render.text import cardify
from ...server.classroom import TEACHER_KEY_ENV
from ...server.tables.client import Refused, TableClient, Unreachable, Watcher
from ...store.schema import utcnow
from ...widgets.common import CSS, ButtonPool
from ..guard import guarded
from .classroom import same_learner
from .table_view import UNREACHABLE, button as _button, seats_html

log = logging.getLogger("spar_tutor.app")

NO_TABLES = N_("No table is being played. Learners make one on Play, with \"Play with "
               "classmates\", or you start tables for the class below.")


class ClassTables(widgets.VBox):
    """The Class page's part about shared tables; ``learners()`` gives the names the
    teacher may seat (the class report's)."""

    def __init__(self, app: Any, learners: Callable[[], List[Any]]) -> None:
        self.app = app
        self.client = TableClient()
        self._learners = learners
        self._lock = threading.RLock()
        self.watcher: Optional[Watcher] = None
        self.watching: Optional[str] = None
        guard = guarded(app.say)
        self.guard = guard
        self.list = widgets.HTML()
        self.open_pool = ButtonPool(guard, width="auto")
        self.open_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.refresh = _button(_("Refresh the tables"), "", guard(lambda _b: self.redraw()))
        self.refresh.add_class("spar-secondary")
        self.message = widgets.HTML()
        # one table, watched
        self.title = widgets.HTML()
        self.felt = widgets.HTML()
        self.side = widgets.HTML()
        self.seats = widgets.HTML()
        self.pause = _button(_("Pause"), "warning", guard(lambda _b: self._pause(True)))
        self.resume = _button(_("Resume play"), "success", guard(lambda _b: self._pause(False)))
        self.note = widgets.Text(placeholder=_("A line for the players, such as: Look at Ama's 7♥"),
                                 layout=widgets.Layout(width="min(460px, 100%)"))
        self.show = _button(_("Show every hand to the table"), "info",
                            guard(lambda _b: self._show()))
        self.close = _button(_("Back to the tables"), "", guard(lambda _b: self.stop_watching()))
        self.close.add_class("spar-secondary")
        controls = widgets.HBox([self.pause, self.resume, self.close],
                                layout=widgets.Layout(flex_flow="row wrap"))
        showing = widgets.HBox([self.note, self.show], layout=widgets.Layout(flex_flow="row wrap"))
        self.watched = widgets.VBox([self.title, controls, showing, self.felt, self.side,
                                     self.seats])
        self.watched.add_class("spar-class-table")
        # starting tables for the class
        self.who = widgets.VBox()
        self.game = widgets.Dropdown(options=[(p.title, name) for name, p in PRESETS.items()],
                                     value="standard", description=_("Game"),
                                     layout=widgets.Layout(width="min(420px, 100%)"))
        self.bots = widgets.Dropdown(options=[(_("beginner"), "beginner"), (_("expert"), "expert")],
                                     value="beginner", description=_("Computer players"),
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="300px"))
        self.hints = widgets.Checkbox(value=True, description=_("Hints allowed"), indent=False)
        self.seat = _button(_("Start tables for these learners"), "success",
                            guard(lambda _b: self._seat_class()))
        self.started = widgets.HTML()
        starting = widgets.VBox([
            widgets.HTML("<h4>" + escape(_("Start tables for the class")) + "</h4><p>"
                         + escape(_("The learners you tick sit four at a table, computer "
                                    "players in the seats left over. Each one sits down "
                                    "with \"Play with classmates\" on Play; until then a "
                                    "computer player plays their seat.")) + "</p>"),
            self.who, widgets.HBox([self.game, self.bots],
                                   layout=widgets.Layout(flex_flow="row wrap")),
            self.hints, self.seat, self.started])
        starting.add_class("spar-panel")
        self.listing = widgets.VBox([self.list, self.open_row, self.refresh])
        super().__init__([widgets.HTML(CSS), widgets.HTML("<h3>" + escape(_("Tables")) + "</h3>"),
                          self.message,
                          self.listing, self.watched, starting])
        self.add_class("spar-class-tables")
        self.watched.layout.display = "none"

    # -- the service ----------------------------------------------------------------

    def _call(self, name: str, **body: Any) -> Optional[Dict[str, Any]]:
        try:
            return self.client.call(name, key=os.environ.get(TEACHER_KEY_ENV, ""),
                                    lang=language(), **body)
        except Refused as e:
            self._tell(str(e))
        except Unreachable:
            log.exception("the table service does not answer")
            self._tell(_(UNREACHABLE))
        return None

    def _tell(self, text: str) -> None:
        self.message.value = (f'<div class="spar-status spar-warn" role="status">'
                              f"{escape(text)}</div>" if text else "")

    # -- the list ---------------------------------------------------------------------

    def redraw(self) -> None:
        """Read the live tables again, and the learners who may be seated."""
        self._offer_learners()
        answer = self._call("teacher/tables")
        if answer is None:
            return
        self._tell("")
        tables = answer.get("tables", [])
        if not tables:
            self.list.value = f'<p class="spar-muted">{escape(_(NO_TABLES))}</p>'
        else:
            self.list.value = tables_html(tables)
        self.open_row.children = self.open_pool.draw(
            (t["code"], functools.partial(self.watch, t["code"]),
             {"description": _("Open table {code}").format(code=t["code"])}) for t in tables)

    def _offer_learners(self) -> None:
        """A box for each learner seen today (ticked), to seat at tables."""
        today = datetime.combine(utcnow().astimezone().date(), time(),
                                 tzinfo=utcnow().astimezone().tzinfo)
        me = getattr(self.app, "learner", None)  # the teacher's own row is not a learner's
        names = [r.name for r in self._learners()
                 if r.last_seen is not None and r.last_seen >= today
                 and not same_learner(r.name, me.name if me is not None else None)]
        old = {box.description: box.value for box in self.who.children}
        self.who.children = tuple(widgets.Checkbox(value=old.get(name, True), description=name,
                                                   indent=False) for name in names)
        self.seat.disabled = not names
        if not names:
            self.started.value = escape(_("Nobody was seen today."))

    def _seat_class(self) -> None:
        names = [box.description for box in self.who.children if box.value]
        if not names:
            self._tell(_("Tick the learners to seat first."))
            return
        answer = self._call("teacher/seat", learners=names, rules=self.game.value,
                            bots=self.bots.value, hints=bool(self.hints.value))
        if answer is None:
            return
        codes = answer.get("codes", [])
        self.started.value = "<p>" + escape(ngettext(
            "{n} table started: {codes}.", "{n} tables started: {codes}.", len(codes)).format(
                n=len(codes), codes=", ".join(codes))) + "</p>"
        self.redraw()

    # -- one table ----------------------------------------------------------------------

    def watch(self, code: str) -> None:
        """Open table ``code``: every hand face up, redrawn as it is played."""
        self.stop_watching()
        self.watching = code
        self.listing.layout.display = "none"
        self.watched.layout.display = None
        # kept before it starts: its first picture may come before start() returns
        self.watcher = Watcher(self.client, "teacher/watch", lambda: {
            "code": code, "key": os.environ.get(TEACHER_KEY_ENV, ""), "lang": language()},
            self._shown, self._trouble)
        self.watcher.start()

    def stop_watching(self) -> None:
        """Back to the list of tables."""
        if self.watcher is not None:
            self.watcher.stop()
        self.watcher, self.watching = None, None
        self.watched.layout.display = "none"
        self.listing.layout.display = None
        self.redraw()

    def _shown(self, p: Dict[str, Any]) -> None:
        with self._lock:
            if self.watcher is None or self.watcher.stopped or p.get("code") != self.watching:
                return
            title = _("Table {code} · {rules}").format(code=escape(p["code"]),
                                                       rules=escape(p.get("rules", "")))
            if p.get("hand_number"):
                title += " · " + _("hand {number}").format(number=p["hand_number"])
            state = (_("Paused: every hand is shown to the players.") if p.get("shown") else
                     _("Paused.") if p.get("paused") else
                     _("{player} to play.").format(player=p["to_play"]) if p.get("to_play")
                     else _("Waiting for the match to start.") if p.get("status") == "open"
                     else p.get("result", ""))
            self.title.value = (f'<h4>{title}</h4><div class="spar-status">'
                                f"{cardify(escape(state))}</div>")
            self.felt.value = p.get("felt", "")
            self.side.value = p.get("side", "")
            self.seats.value = seats_html(p.get("seats", []), teacher=True)
            self.pause.layout.display = "none" if p.get("paused") else None
            self.resume.layout.display = None if p.get("paused") else "none"

    def _trouble(self, error: Exception) -> None:
        self._tell(str(error) if isinstance(error, Refused) else _(UNREACHABLE))

    def _pause(self, paused: bool) -> None:
        if self.watching is not None:
            self._call("teacher/pause", code=self.watching, paused=paused)

    def _show(self) -> None:
        if self.watching is not None:
            self._call("teacher/show", code=self.watching, note=self.note.value)


def tables_html(tables: List[Dict[str, Any]]) -> str:
    """The live tables: code, game, players, score and who is to play."""
    head = "".join(f"<th>{escape(h)}</th>" for h in (
        _("Table"), _("Game"), _("Players and points"), _("To play")))
    rows = []
    for t in tables:
        players = _(", ").join(
            _("{what}: {points}").format(what=s["label"], points=points(int(s.get("points", 0))))
            + (" (" + _("away") + ")" if s.get("away") else "")
            for s in t.get("seats", []))
        to_play = (_("paused") if t.get("paused") else _("waiting to start")
                   if t.get("status") == "open" else _("match over")
                   if t.get("status") == "over" else t.get("to_play") or _("The hand is over."))
        rows.append(f"<tr><td><b>{escape(t['code'])}</b></td><td>{escape(t.get('rules', ''))}"
                    f"</td><td>{escape(players)}</td><td>{escape(to_play)}</td></tr>")
    return f'<table class="spar-report">{head and "<tr>" + head + "</tr>"}{"".join(rows)}</table>'
