"""Play with classmates: make a shared table or join one with its code, then play it
(:class:`~.table_view.SharedTableView`).

``?page=table&table=HX4R`` opens the page with that code, ready to sit down (the link a
table's creator shares). Once seated, the address also keeps the seat and its secret
(``&seat=1-...``), so that a page loaded again takes the same seat again; the link to
share never has them. The tables themselves live in the table service
(:mod:`spar_tutor.server.tables`), never in this kernel.
"""

from __future__ import annotations

import functools
import logging
from html import escape
from typing import Any, Dict, List, Optional, Tuple

import ipywidgets as widgets

from ...engine.rules import PRESETS, Rules
from ...i18n import N_, _
from ...server.tables.client import Refused, TableClient, Ticket, Unreachable
from ...widgets.common import ButtonPool
from ..guard import guarded
from ..route import Route
from .pending import notice
from .table_view import UNREACHABLE, SharedTableView

log = logging.getLogger("spar_tutor.app")

INTRO = N_("<h2>Play with classmates</h2><p>Play one table together, each on your own "
           "screen. Make a table and tell your classmates its code, or type the code a "
           "classmate gives you. Computer players take the seats nobody takes.</p>")
BOT_CHOICES = (("beginner", N_("beginner")), ("expert", N_("expert")))


class TablePage(widgets.VBox):
    """Make or join a shared table, then play at it."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.client = TableClient()
        self.view: Optional[SharedTableView] = None
        self.ticket: Optional[Ticket] = None
        if not self.client.available:
            super().__init__([notice(_("Play with classmates"),
                                     _("This server does not run shared tables."),
                                     _("Meanwhile, you can play against the computer on Play."))])
            return
        guard = guarded(app.say)
        self.intro = widgets.HTML(_(INTRO))
        self.need_name = widgets.HTML()
        self.home = widgets.Button(description=_("Type my name on Home"),
                                   layout=widgets.Layout(width="auto"))
        self.home.on_click(guard(lambda _b: app.go("home")))
        self.game = widgets.Dropdown(options=[(p.title, name) for name, p in PRESETS.items()],
                                     value="standard", description=_("Game"),
                                     layout=widgets.Layout(width="min(420px, 100%)"))
        self.players = widgets.Dropdown(description=_("Players"),
                                        layout=widgets.Layout(width="180px"))
        self.bots = widgets.Dropdown(options=[(_(label), value) for value, label in BOT_CHOICES],
                                     value="beginner", description=_("Computer players"),
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="300px"))
        self.hints = widgets.Checkbox(value=True, description=_("Hints allowed"), indent=False)
        self.make = widgets.Button(description=_("Make a table"), button_style="success",
                                   layout=widgets.Layout(width="auto"))
        self.make.on_click(guard(lambda _b: self.make_table()))
        self.code = widgets.Text(placeholder=_("Code, such as HX4R"), description=_("Code"),
                                 layout=widgets.Layout(width="min(300px, 100%)"))
        self.join = widgets.Button(description=_("Sit down"), button_style="info",
                                   layout=widgets.Layout(width="auto"))
        self.join.on_click(guard(lambda _b: self.join_table(self.code.value)))
        self.code.on_submit(guard(lambda _t: self.join_table(self.code.value)))
        self.invitations = widgets.VBox()
        self.seat_pool = ButtonPool(guard, width="auto")
        self.message = widgets.HTML()
        self.game.observe(guard(lambda _c: self._players_for_game()), names="value")
        self._players_for_game()
        make_box = widgets.VBox([
            widgets.HTML('<span class="spar-panel-title">' + _("Make a table") + "</span>"),
            self.game, widgets.HBox([self.players, self.bots],
                                    layout=widgets.Layout(flex_flow="row wrap")),
            self.hints, self.make])
        make_box.add_class("spar-panel")
        join_box = widgets.VBox([
            widgets.HTML('<span class="spar-panel-title">' + _("Join a table") + "</span>"),
            widgets.HBox([self.code, self.join], layout=widgets.Layout(flex_flow="row wrap")),
            self.invitations])
        join_box.add_class("spar-panel")
        self.lobby = widgets.VBox([self.intro, self.need_name, self.message, join_box, make_box])
        self.lobby.add_class("spar-table-lobby")
        super().__init__([self.lobby])
        carried = app.carried.pop("table", None)
        app.on_learner(guard(lambda _l: self.on_show()))
        if carried is not None:  # the same seat, in the page built again in a new language
            self.sit(Ticket(*carried))
        else:
            self.on_show()

    # -- the lobby --------------------------------------------------------------------

    def _players_for_game(self) -> None:
        rules = Rules.preset(self.game.value)
        options = list(range(rules.min_players, rules.max_players + 1))
        value = self.players.value if self.players.value in options else min(4, options[-1])
        self.players.options = options
        self.players.value = value

    def _name(self) -> Optional[str]:
        learner = self.app.learner
        return learner.name if learner is not None else None

    def on_show(self) -> None:
        """Ask again for the learner's name, and for seats the teacher set for them."""
        if self.view is not None or not self.client.available:
            return
        named = self._name() is not None
        self.need_name.value = "" if named else (
            '<div class="spar-status spar-warn">' + _("Type your name on Home first, so your "
                                                      "classmates know who you are.") + "</div>")
        self.home.layout.display = None if not named else "none"
        self.make.disabled = self.join.disabled = not named
        self._invitations()

    def _invitations(self) -> None:
        name = self._name()
        tables: List[Dict[str, Any]] = []
        if name:
            try:
                tables = self.client.call("mine", name=name).get("tables", [])
            except (Refused, Unreachable):
                log.info("the tables of %s could not be read", name)
        items = []
        for t in tables:
            code = str(t.get("code", ""))
            items.append((code, functools.partial(self.join_table, code),
                          {"description": _("Sit down at table {code}").format(code=code)}))
        buttons = self.seat_pool.draw(items)
        head = ([widgets.HTML(_("A seat is waiting for you:"))] if buttons else [])
        self.invitations.children = (*head, *buttons, self.home)

    def _tell(self, text: str) -> None:
        self.message.value = (f'<div class="spar-status spar-warn" role="status">{escape(text)}'
                              "</div>" if text else "")

    def make_table(self) -> None:
        """Make a table with the choices above, and sit at its first seat."""
        self._seat_from("create", name=self._name(), rules=self.game.value,
                        players=int(self.players.value), hints=bool(self.hints.value),
                        bots=self.bots.value)

    def join_table(self, code: str) -> None:
        """Sit at the table with this code."""
        if not code.strip():
            self._tell(_("Type the code of the table first."))
            return
        self._seat_from("join", code=code, name=self._name())

    def _seat_from(self, call: str, **body: Any) -> None:
        if not body.get("name"):
            self.on_show()
            return
        try:
            answer = self.client.call(call, **body)
        except Refused as e:
            self._tell(str(e))
            return
        except Unreachable:
            log.exception("the table service does not answer")
            self._tell(_(UNREACHABLE))
            return
        self._tell("")
        self.sit(Ticket(answer["code"], int(answer["seat"]), answer["secret"]))
        self.app.moved()

    # -- at the table -------------------------------------------------------------------

    def sit(self, ticket: Ticket) -> None:
        """Play at ``ticket``'s seat."""
        if self.view is not None:
            self.view.leave(False)
        self.ticket = ticket
        self.view = SharedTableView(self.client, ticket, self.app.say, self._left)
        self.children = (self.view,)

    def _left(self) -> None:
        """The learner left the table: back to the lobby."""
        self.view, self.ticket = None, None
        self.children = (self.lobby,)
        self.on_show()
        self.app.moved()

    def show_route(self, route: Route) -> None:
        """A link: take the seat it keeps, or fill in its table's code (and sit down, when
        the learner's name is known)."""
        seat = _ticket(route)
        if seat is not None and (self.ticket is None or seat.code != self.ticket.code
                                 or seat.seat != self.ticket.seat):
            self.sit(seat)
            return
        if route.table and self.view is None and self.client.available:
            self.code.value = route.table
            if self._name():
                self.join_table(route.table)
        self.on_show()

    def where(self) -> Route:
        """The table and seat, so that the page loaded again sits there again."""
        if self.ticket is None:
            return Route(page="table")
        return Route(page="table", table=self.ticket.code,
                     seat=f"{self.ticket.seat}-{self.ticket.secret}")

    def carry(self) -> Optional[Tuple[str, int, str]]:
        """The seat, for this page built again in another language."""
        if self.view is None or self.ticket is None:
            return None
        self.view.leave(False)
        return (self.ticket.code, self.ticket.seat, self.ticket.secret)


def _ticket(route: Route) -> Optional[Ticket]:
    """The seat an address keeps (``table=HX4R&seat=1-<secret>``)."""
    if not route.table or not route.seat:
        return None
    number, _sep, secret = route.seat.partition("-")
    return Ticket(route.table, int(number), secret)
