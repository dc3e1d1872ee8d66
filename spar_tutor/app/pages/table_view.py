"""A learner's seat at a shared table: the table drawn from their seat, their cards, and
what they may decide now, redrawn whenever the table changes.

The picture comes from the table service (:mod:`spar_tutor.server.tables`): this kernel
never holds another seat's hidden cards, only what its own seat may see. A thread
(:class:`~spar_tutor.server.tables.client.Watcher`) keeps a long poll open and redraws
as soon as anyone plays; a click posts the learner's move, which the service checks
with the engine. A browser-side timer (an ``ipywidgets.Play``, hidden) says the page is
still open, so that when it closes a computer player takes over within a minute.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from html import escape
from urllib.parse import urlencode
from typing import Any, Callable, Dict, List, Mapping, Optional

import ipywidgets as widgets

from ...engine.cards import Card, parse_card
from ...engine.state import parse_move
from ...engine.words import card_text
from ...i18n import N_, _, language, ngettext
from ...i18n.money import money
from ...render.text import cardify
from ...server.tables.client import BEAT_S, Pulse, Refused, TableClient, Ticket, Unreachable, Watcher
from ...session.hints import CardValue, HintAnswer
from ...session.review import ReviewLine
from ...widgets.common import CSS, ButtonPool, guarded
from ...session.coach import offer_label
from ...widgets.declare import QUESTIONS
from ...widgets.hand import CARD_BUTTON, card_classes, card_css, card_class
from ...widgets.hints import LABELS as HINT_LABELS, hint_html
from ...widgets.review import review_html

log = logging.getLogger("spar_tutor.app")

UNREACHABLE = N_("The table cannot be reached just now. Wait a moment: your seat is kept.")


class SharedTableView(widgets.VBox):
    """The learner at ``ticket``'s seat; ``leave()`` when the page goes."""

    def __init__(self, client: TableClient, ticket: Ticket, say: Callable[[str], None],
                 on_leave: Callable[[], None]) -> None:
        self.client, self.ticket = client, ticket
        self._say, self._on_leave = say, on_leave
        self._lock = threading.RLock()
        self.picture: Dict[str, Any] = {}
        guard = guarded(say)
        self.title = widgets.HTML()
        self.invite = widgets.HTML()
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.note = widgets.HTML()
        self.felt = widgets.HTML()
        self.side = widgets.HTML()
        self.seats = widgets.HTML()
        self.start = button(_("Start the match"), "success", guard(lambda _b: self._start()))
        self.back = button(_("I am back"), "warning", guard(lambda _b: self._act({"kind": "back"})))
        self.next_hand = button(_("Next hand"), "success",
                                 guard(lambda _b: self._act({"kind": "next"})))
        self.next_hand.add_class("spar-next-hand")
        self.leave_button = button(_("Leave the table"), "", guard(lambda _b: self.leave(True)))
        self.leave_button.add_class("spar-secondary")
        # the learner's cards
        self.card_style = widgets.HTML()
        self.hand_caption = widgets.HTML()
        self.cards = ButtonPool(guard, **CARD_BUTTON)
        self.hand_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="40px"))
        self.hand_row.add_class("spar-hand-box")
        self.renege_row = widgets.HBox()
        self._pictures: Dict[str, str] = {}
        # declarations, cut and bets
        self.question = widgets.HTML()
        self.offers = ButtonPool(guard, width="auto")
        self.offer_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.lift = widgets.IntSlider(value=1, min=1, max=2, description=_("Cards to lift"),
                                      style={"description_width": "initial"})
        self.cut_box = widgets.VBox([widgets.HTML(_("You may cut the pack before the deal.")),
                                     self.lift, widgets.HBox([
                                         button(_("Cut"), "info", guard(lambda _b: self._act(
                                             {"kind": "cut", "lift": int(self.lift.value)}))),
                                         button(_("No cut"), "", guard(lambda _b: self._act(
                                             {"kind": "cut", "lift": None})))])])
        self.bet_lines = widgets.HTML()
        self.amount = widgets.BoundedIntText(value=1, min=1, max=1, description=_("Bet"),
                                             layout=widgets.Layout(width="160px"))
        self.offer_box = widgets.HBox([self.amount, button(
            _("Offer this bet"), "info", guard(lambda _b: self._act(
                {"kind": "offer", "amount": int(self.amount.value)}))),
            button(_("No bet"), "", guard(lambda _b: self._act({"kind": "offer", "amount": 0})))])
        self.offer_box.add_class("spar-row")
        self.answers = ButtonPool(guard, width="auto")
        self.answer_row = widgets.VBox()
        self.bet_box = widgets.VBox([self.bet_lines, self.offer_box, self.answer_row])
        # hints and the review
        self.hint_buttons = {level: button(_(label), "", guard(
            lambda _b, level=level: self._hint(level))) for level, label in HINT_LABELS.items()}
        self.hint_answer = widgets.HTML()
        self.hint_box = widgets.VBox([
            widgets.HTML('<span class="spar-panel-title">' + _("Hints") + "</span>"),
            widgets.HBox(list(self.hint_buttons.values()),
                         layout=widgets.Layout(flex_flow="row wrap")), self.hint_answer])
        self.hint_box.add_class("spar-panel")
        self.review_button = button(_("Review this hand"), "info", guard(lambda _b: self._review()))
        self.review_button.add_class("spar-review-hand")
        self.review = widgets.HTML()
        # the heartbeat: a browser-side timer, so a closed tab falls silent
        self.pulse = Pulse(client, ticket)
        self.timer = widgets.Play(value=0, min=0, max=10**9, step=1, interval=int(BEAT_S * 500),
                                  repeat=True, layout=widgets.Layout(width="1px", height="1px",
                                                                     overflow="hidden"))
        self.timer.add_class("spar-heartbeat")
        self.timer.observe(guard(lambda _c: self._tick()), names="value")
        self._ticked = 0.0  # never: the first look starts the timer
        controls = widgets.HBox([self.start, self.next_hand, self.back],
                                layout=widgets.Layout(flex_flow="row wrap"))
        controls.add_class("spar-controls")
        left = widgets.VBox([self.felt, self.question, self.offer_row, self.cut_box, self.bet_box,
                             self.hand_caption, self.card_style, self.hand_row, self.renege_row,
                             controls], layout=widgets.Layout(flex="0 0 auto"))
        left.add_class("spar-main-left")
        right = widgets.VBox([self.invite, self.note, self.hint_box, self.seats, self.side,
                              self.review_button, self.review, self.leave_button, self.timer],
                             layout=widgets.Layout(width="360px", flex="0 0 auto"))
        right.add_class("spar-main-right")
        self.hint_box.add_class("spar-hints")
        main = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
        main.add_class("spar-main")
        super().__init__([widgets.HTML(CSS), self.title, self.status, self.message, main])
        self.add_class("spar-app")
        self.add_class("spar-shared-table")
        self._hide_all()
        # kept before it starts: its first picture may come before start() returns
        self.watcher = Watcher(client, "poll", self._poll_body, self._shown, self._trouble)
        self.watcher.start()
        threading.Thread(target=self._keep_beating, daemon=True, name="spar-table-pulse").start()

    # -- the service -------------------------------------------------------------------

    def _poll_body(self) -> Dict[str, Any]:
        return {**self.ticket.body(), "lang": language()}

    def _tick(self) -> None:
        """The browser's timer ticked: the page is open."""
        self._ticked = time.monotonic()
        self.pulse.beat()

    def _keep_beating(self) -> None:
        """While the page watches the table, see to it that the browser's timer runs."""
        while not self.watcher.stopped:
            time.sleep(min(1.0, max(0.25, self.pulse.period / 4)))
            with self._lock:
                if not self.watcher.stopped:
                    self._kick_timer()

    def _kick_timer(self) -> None:
        """Start the browser's timer again if it has not ticked for a period. A timer
        only starts when the page sees ``playing`` change, not when the page opens with it
        on (a page loaded after its kernel drew it: a preheated kernel, a reload)."""
        if time.monotonic() - self._ticked < self.pulse.period:
            return
        self._ticked = time.monotonic()
        try:
            self.timer.playing = False
            self.timer.playing = True
        except Exception:
            log.exception("the table's heartbeat could not start")

    def _pace(self, period: float) -> None:
        """Beat as often as the service asks (the browser's timer ticks twice a period)."""
        if period != self.pulse.period:
            self.pulse.period = period
            self.timer.interval = max(250, int(period * 500))

    def _call(self, name: str, **body: Any) -> Optional[Dict[str, Any]]:
        """A call for this seat; a refusal or a service that does not answer is said."""
        try:
            return self.client.call(name, **self.ticket.body(), lang=language(), **body)
        except Refused as e:
            self._tell(str(e), "spar-warn")
        except Unreachable:
            log.exception("the table service does not answer")
            self._tell(_(UNREACHABLE), "spar-warn")
        return None

    def _act(self, action: Dict[str, Any]) -> None:
        answer = self._call("act", action=action, version=self.picture.get("version"))
        if answer is not None:
            self._tell(answer.get("message", "") if not answer.get("ok") else "",
                       "spar-warn")

    def _start(self) -> None:
        if self._call("start") is not None:
            self._tell("")

    def _shown(self, picture: Dict[str, Any]) -> None:
        """A new picture from the service (in the watcher's thread)."""
        with self._lock:
            if self.watcher.stopped:
                return
            self.picture = picture
            self._pace(float(picture.get("beat_s", BEAT_S)))
            self.draw(picture)

    def _trouble(self, error: Exception) -> None:
        if isinstance(error, Refused):  # the seat is no longer this page's
            self._tell(str(error), "spar-warn")
            self.leave(False)
        else:
            self._tell(_(UNREACHABLE), "spar-warn")

    def leave(self, asked: bool) -> None:
        """Stop watching the table (the page goes, or the learner left: ``asked``)."""
        self.watcher.stop()
        try:
            self.timer.playing = False
        except Exception:
            log.exception("the heartbeat did not stop")
        if asked:
            self._on_leave()

    # -- drawing --------------------------------------------------------------------------

    def _tell(self, text: str, css: str = "") -> None:
        self.message.value = (f'<div class="spar-status {css}" role="status">'
                              f"{cardify(escape(text))}</div>" if text else "")

    def _hide_all(self) -> None:
        for box in (self.cut_box, self.bet_box, self.start, self.back, self.next_hand,
                    self.review_button, self.hint_box):
            box.layout.display = "none"

    def draw(self, p: Dict[str, Any]) -> None:
        """Show picture ``p`` (see :func:`spar_tutor.server.tables.seen.seat_picture`)."""
        code = escape(str(p.get("code", "")))
        title = _("Table {code} · {rules}").format(code=code, rules=escape(p.get("rules", "")))
        if p.get("hand_number"):
            title += " · " + _("hand {number}").format(number=p["hand_number"])
        self.title.value = f'<span class="spar-title">{title}</span>'
        self.status.value = (f'<div class="spar-status">{cardify(escape(p.get("status_line", "")))}'
                             "</div>")
        href = escape(share_link(str(p.get("code", ""))))
        link = f'<a href="{href}" target="_blank">{href}</a>'
        self.invite.value = ('<div class="spar-panel spar-table-code">'
                             + _("Table code: {code}").format(code=f'<b class="spar-code">{code}</b>')
                             + "<br>" + _("Classmates join with the code, or with this link: "
                                          "{link}").format(link=link) + "</div>")
        self.note.value = (f'<div class="spar-panel spar-teacher-note" role="status"><b>'
                           + escape(_("Your teacher says:")) + f"</b> {cardify(escape(p['note']))}</div>"
                           if p.get("shown") and p.get("note") else "")
        self.seats.value = seats_html(p.get("seats", []))
        self._hide_all()
        self.start.layout.display = None if p.get("status") == "open" and p.get("creator") else "none"
        self.back.layout.display = None if p.get("away") else "none"
        if "felt" not in p:  # not started
            self.felt.value = self.side.value = ""
            self._draw_hand([], False)
            self._draw_offers(p)
            return
        self.felt.value = p["felt"]
        self.side.value = p.get("side", "")
        self._draw_hand(p.get("hand", []), bool(p.get("deciding")) and not p.get("away"))
        self._draw_offers(p)
        over = bool(p.get("over"))
        self.next_hand.layout.display = (None if over and not p.get("match_over")
                                         and not p.get("ready") else "none")
        self.review_button.layout.display = None if over else "none"
        if not over:
            self.review.value = ""
        if p.get("hints") and not over:
            self.hint_box.layout.display = None
            for b in self.hint_buttons.values():
                b.disabled = not p.get("deciding") or bool(p.get("paused"))
            if not p.get("deciding"):
                self.hint_answer.value = ('<div class="spar-hint-text">'
                                          + _("Hints are for your turn.") + "</div>")

    def _draw_hand(self, hand: List[Dict[str, Any]], deciding: bool) -> None:
        cards = [parse_card(h["card"]) for h in hand]
        wanted = {card_class(c, dimmed=d): (c, d) for c in cards for d in (False, True)}
        if not wanted.keys() <= self._pictures.keys():
            self._pictures = {key: self._pictures.get(key) or card_css(c, key, four_colour=False,
                                                                        dimmed=d)
                              for key, (c, d) in wanted.items()}
        self.card_style.value = "<style>" + "\n".join(self._pictures.values()) + "</style>"
        version = self.picture.get("version")
        items = []
        for card, h in zip(cards, hand):
            dimmed = not h["playable"]
            tip = h["why"] or (_("Play {card}").format(card=card.name) if h["playable"]
                               else _("Not your turn yet."))
            items.append((str(card), functools.partial(self._click, card, h, version),
                          {"description": card.name, "tooltip": tip,
                           "_dom_classes": card_classes(card, dimmed=dimmed)}))
        self.hand_row.children = self.cards.draw(items)
        self.renege_row.children = ()
        playable = any(h["playable"] for h in hand)
        caption = (_("{cards} (click a card to play it)") if deciding and playable
                   else "{cards}")
        self.hand_caption.value = caption.format(
            cards='<span class="spar-panel-title">' + _("Your cards") + "</span>") if hand else ""

    def _click(self, card: Card, h: Dict[str, Any], version: Any) -> None:
        """A click on one of the learner's cards."""
        if version != self.picture.get("version"):
            return  # a second click on a screen that has moved on
        if h.get("why"):
            self._tell(h["why"], "spar-warn")
            if h.get("renege"):
                self.renege_row.children = (button(
                    _("Renege with {card} anyway").format(card=card_text(card)), "danger",
                    guarded(self._say)(lambda _b: self._act({"kind": "renege",
                                                               "move": str(card)}))),)
            return
        self._act({"kind": "move", "move": str(card)})

    def _draw_offers(self, p: Dict[str, Any]) -> None:
        """The declarations, the cut and the bets: whatever the seat must decide first."""
        offers = [parse_move(m) for m in p.get("offers", [])]
        phase, has_dry = p.get("phase", "play"), bool(p.get("has_dry"))
        self.offer_row.children = self.offers.draw(
            (str(m), functools.partial(self._act, {"kind": "move", "move": str(m)}),
             {"description": offer_label(m, phase, has_dry)}) for m in offers)  # type: ignore[arg-type]
        key = ("under_ten" if phase == "under_ten" else "declare_wet" if has_dry
               else "declare_dry" if phase == "declare" else "under_card")
        self.question.value = (f'<div class="spar-panel">{_(QUESTIONS[key])}</div>'
                               if offers else "")
        cut = p.get("cut")
        if cut:
            self.lift.max = int(cut["most"])
            self.cut_box.layout.display = None
        bets = p.get("bets")
        if bets:
            self.bet_box.layout.display = None
            self.bet_lines.value = "".join(f"<div>{cardify(escape(line))}</div>"
                                           for line in bets.get("lines", []))
            most = int(bets.get("offer_most", 0))
            self.offer_box.layout.display = None if most else "none"
            if most:
                self.amount.max = most
            self.answer_row.children = tuple(widgets.HBox(self.answers.draw([
                (("yes", a["index"]), functools.partial(self._act, {
                    "kind": "answer", "index": a["index"], "accept": True}),
                 {"description": _("Match")}),
                (("no", a["index"]), functools.partial(self._act, {
                    "kind": "answer", "index": a["index"], "accept": False}),
                 {"description": _("Decline")})])) for a in bets.get("answers", []))
            for row, a in zip(self.answer_row.children, bets.get("answers", [])):
                offer = escape(str(a.get("text", "")))
                row.children = (widgets.HTML(offer), *row.children)

    # -- hints and the review ----------------------------------------------------------------

    def _hint(self, level: int) -> None:
        answer = self._call("hint", level=level)
        if answer is None:
            return
        self.hint_answer.value = hint_html(hint_answer(answer))

    def _review(self) -> None:
        self.review.value = '<div class="spar-hint-text">' + _("Looking at your decisions…") + "</div>"
        answer = self._call("review")
        if answer is None:
            self.review.value = ""
            return
        lines = [ReviewLine(r["trick"], None, None, 0.0, r["text"], bool(r["mistake"]),
                            r.get("hindsight", ""), tip=r.get("tip", ""))
                 for r in answer.get("lines", [])]
        self.review.value = review_html(lines, int(answer.get("hand_number", 0)))


def hint_answer(answer: Dict[str, Any]) -> HintAnswer:
    """A hint as the service sends it, as the :class:`HintAnswer` the hint panel draws."""
    values = tuple(CardValue(_card_of(v.get("move")), float(v["win_chance"]),
                             float(v["expected"]), v["label"],
                             parse_move(v["move"]) if v.get("move") else None)
                   for v in answer.get("values", []))
    return HintAnswer(int(answer.get("level", 1)), answer.get("title", ""),
                      answer.get("text", ""), values,
                      parse_move(answer["best"]) if answer.get("best") else None,
                      int(answer.get("worlds", 0)),
                      as_good=tuple(parse_move(m) for m in answer.get("as_good", [])))


def _card_of(move: Optional[str]) -> Optional[Card]:
    if not move:
        return None
    found = parse_move(move)
    return found if isinstance(found, Card) else None


HUB_APP = "voila/render/app.ipynb"
"""The app's address on a JupyterHub learner's server (deploy/jupyterhub: ``default_url``)."""


def share_link(code: str, env: Optional[Mapping[str, str]] = None) -> str:
    """The link a classmate opens to sit at the table ``code``: this page's address with the
    code, or on JupyterHub the hub's ``user-redirect`` to it, so that each classmate lands
    on their own server.

    >>> share_link("HX4R", {})
    '?page=table&table=HX4R'
    >>> share_link("HX4R", {"JUPYTERHUB_USER": "ama", "JUPYTERHUB_BASE_URL": "/school/"})
    '/school/hub/user-redirect/voila/render/app.ipynb?page=table&table=HX4R'
    """
    env = os.environ if env is None else env
    query = "?" + urlencode({"page": "table", "table": code})
    if not env.get("JUPYTERHUB_USER"):
        return query
    base = env.get("JUPYTERHUB_BASE_URL", "/").rstrip("/")
    return f"{base}/hub/user-redirect/{HUB_APP}{query}"


def seats_html(seats: List[Dict[str, Any]], teacher: bool = False) -> str:
    """The seats in a list: who is a classmate (a learner, for the ``teacher``), who a
    computer player, who is away, and each one's points."""
    rows = []
    for s in seats:
        label = escape(s.get("label", ""))
        kind = s.get("kind")
        what = {"you": _("you"), "learner": _("a learner") if teacher else _("a classmate"),
                "bot": _("computer player"), "empty": _("free seat")}.get(kind or "", "")
        if s.get("away"):
            what = _("away: the computer plays for now")
        points = s.get("points")
        extra = "" if points is None else " · " + ngettext("{n} point", "{n} points",
                                                           int(points)).format(n=points)
        if s.get("money") is not None:
            extra += " · " + _("money {amount}").format(amount=money(int(s["money"])))
        rows.append(f"<li><b>{label}</b> ({escape(what)}){escape(extra)}</li>")
    return ('<div class="spar-panel"><span class="spar-panel-title">' + _("At the table")
            + f'</span><ul class="spar-seat-list">{"".join(rows)}</ul></div>')


def button(text: str, style: str, on_click: Callable[[Any], Any]) -> widgets.Button:
    """A button whose width fits its words (in any language), doing ``on_click``."""
    b = widgets.Button(description=text, button_style=style, layout=widgets.Layout(width="auto"))
    b.on_click(on_click)
    return b


__all__ = ["SharedTableView", "button", "hint_answer", "seats_html", "share_link"]
