"""PlayTable: the whole play screen, composed of the other widgets over one session.

>>> from spar_tutor.widgets import PlayTable        # doctest: +SKIP
>>> PlayTable(players=4, bots="beginner")           # doctest: +SKIP
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional, Sequence, Union

import ipywidgets as widgets

from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR
from ..engine.rules import Rules, find_preset
from ..i18n import _
from ..render.text import cardify
from ..session import GameSession
from .common import CSS, MovePacer, guarded, log_to_file, session_reporter
from .deal_view import DealWidget
from .declare import DeclarationsPanel
from .hand import HandWidget
from .hints import HintPanel
from .money import BetPanel, CutPanel
from .review import ReviewPanel
from .save_panel import SavePanel
from .scoreboard import Scoreboard
from .setup import SetupPanel, next_seed
from .table import TableWidget


class PlayTable(widgets.VBox):
    """A Spar table for the notebook and the app: you against 1 to 6 bots."""

    def __init__(self, session: Optional[GameSession] = None, *,
                 rules: Union[str, Rules] = "standard", players: int = 4,
                 bots: Union[str, Sequence[str]] = "beginner", seed: Union[int, str] = 0,
                 aside: Optional[widgets.Widget] = None, stakes_and_bets: bool = True,
                 **kwargs: Any) -> None:
        """``aside`` goes at the top of the column beside the table (the app's words);
        ``stakes_and_bets``: played or not (a class may turn them off)."""
        self.log_file = log_to_file()
        if session is None:
            specs = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
            session = GameSession(rules, ["human", *specs], seed=seed,
                                  stakes_and_bets=stakes_and_bets)
        self.session = session
        report = session_reporter(session)
        self.title = widgets.HTML()
        self.four_colour = widgets.Checkbox(value=False, description=_("Four-colour deck"),
                                            indent=False, layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        self.table = TableWidget(session, split_side=True)
        self.declarations = DeclarationsPanel(session)
        self.cutting = CutPanel(session)
        self.betting = BetPanel(session)
        self.hand = HandWidget(session)
        self.undo = widgets.Button(description=_("Undo"), icon="undo",
                                   tooltip=_("Take back your last decision"))
        self.redo = widgets.Button(description=_("Redo"), icon="repeat")
        self.next_hand = widgets.Button(description=_("Next hand"), button_style="success",
                                        icon="forward")
        self.hints = HintPanel(session, layout=widgets.Layout(width="100%"))
        self.scoreboard = Scoreboard(session, layout=widgets.Layout(width="100%"))
        self.review = ReviewPanel(session)
        self.deal = DealWidget(session)
        self.setup = SetupPanel(session)
        self.saving = SavePanel(session)
        self.tabs = widgets.Tab([self.review, self.deal, self.setup, self.saving])
        for i, name in enumerate([_("Review and replay"), _("Watch the deal"), _("New game"),
                                  _("Save or resume")]):
            self.tabs.set_title(i, name)
        controls = widgets.HBox([self.undo, self.redo, self.next_hand])
        left = widgets.VBox([self.table, self.cutting, self.declarations, self.betting,
                             self.hand, controls],
                            layout=widgets.Layout(flex="0 0 auto"))
        left.add_class("spar-main-left")
        controls.add_class("spar-controls")
        # beside the table: the hints, the score, and the stock and played cards, so that
        # the hand comes right under the table (all on one screen)
        right = widgets.VBox([*([aside] if aside is not None else []), self.hints,
                              self.scoreboard, self.table.side],
                             layout=widgets.Layout(width="360px", flex="0 0 auto"))
        right.add_class("spar-main-right")
        self.hints.add_class("spar-hints")  # on a phone: right under the cards (CSS order)
        header = widgets.HBox([self.title, self.four_colour],
                              layout=widgets.Layout(justify_content="space-between"))
        main = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
        main.add_class("spar-main")
        super().__init__([widgets.HTML(CSS), header, self.status, main, self.tabs], **kwargs)
        self.add_class("spar-app")
        self.undo.on_click(guarded(report)(lambda _: self._say(session.undo())))
        self.redo.on_click(guarded(report)(lambda _: self._say(session.redo())))
        self.next_hand.on_click(guarded(report)(lambda _: self._next()))
        self.four_colour.observe(guarded(report)(lambda c: self.set_four_colour(c["new"])),
                                 names="value")
        self._pacer = MovePacer()
        session.subscribe(self._on_event)
        self._refresh()

    # -- events -----------------------------------------------------------------------

    def _on_event(self, event: Any) -> None:
        if event.kind == "changed":
            self._pacer.changed()
            self._refresh()
        elif event.kind == "moved" and self.session.state.to_move is not None \
                and self._pacer.due():
            # Translators: what a player just did, then who is thinking now
            self._show(_("{news} Waiting for {player}...").format(
                news=event.message, player=self.session.name(self.session.state.to_move)))
        elif event.kind == "news" and event.message:
            # Translators: news of the game, then what the learner should do now
            self._show(_("{news} {prompt}").format(news=event.message, prompt=self.prompt()))
        elif event.kind in ("message", "error") and event.message:
            self._show(event.message, "spar-warn" if event.kind == "message" else "spar-error")

    def _say(self, outcome: Any) -> None:
        if not outcome.ok and outcome.message:
            self._show(outcome.message, "spar-warn")

    def _next(self) -> None:
        s = self.session
        if s.state.is_over() and s.match.is_over():
            s.restart(seed=next_seed(s.seed))  # play again, with new cards
        else:
            self._say(s.next_hand())

    def _show(self, text: str, css: str = "") -> None:
        self.status.value = f'<div class="spar-status {css}">{cardify(escape(text))}</div>'

    def set_four_colour(self, flag: bool) -> None:
        """Draw diamonds blue and clubs green (for colour-blind learners)."""
        for w in (self.table, self.hand, self.review, self.deal):
            w.four_colour = bool(flag)
        self.table.refresh()
        self.hand.refresh()
        self.deal.draw()

    def _refresh(self) -> None:
        s = self.session
        label = find_preset(s.rules.name).title
        line = (_("{rules} · hand {number} · {dealer} deals") if s.pending == "cut"
                else _("{rules} · hand {number} · {dealer} dealt"))
        said = line.format(rules=escape(label), number=s.hand_number,
                           dealer=escape(s.name(s.deal.dealer)))
        self.title.value = '<span class="spar-title">' + _("Spar") + f"</span> &nbsp; {said}"
        self.undo.disabled = not s.can_undo
        self.redo.disabled = not s.can_redo
        over = s.state.is_over()
        self.next_hand.disabled = not over
        self.next_hand.description = (_("New match") if over and s.match.is_over()
                                      else _("Next hand"))
        self._show(self.prompt())

    def prompt(self) -> str:
        """What the learner should do now, in one line."""
        s = self.session
        state = s.state
        if state.is_over():
            end = s.match_result()
            if end:
                return _("{result} {match} Click New match to play again.").format(
                    result=s.result_text(), match=end)
            return _("{result} Click Next hand to go on, or review this hand below.").format(
                result=s.result_text())
        if s.pending == "cut":
            return _("You may cut the pack before the deal: choose how many cards to lift.")
        if s.pending == "bets":
            return _("Bets before the first trick: offer one or say no, and answer any offers.")
        if not s.is_human_turn:
            assert state.to_move is not None, "the hand is not over"
            return _("Waiting for {player}.").format(player=s.name(state.to_move))
        if state.phase != "play":
            return _("Your turn: answer the question under the table.")
        return f"{self._under_card()}{self._last_trick()}{self._your_turn()}"

    def _under_card(self) -> str:
        """The under card, while the trick it was asked for lasts: the answer to "Show
        the under card" in the line the learner reads ("" otherwise)."""
        state = self.session.state
        seat = state.under_card_seat
        if state.under_card is None or seat is None \
                or len(state.tricks) != state.rules.tricks - 2:
            return ""
        return self.session.seating.say(
            _("The under card is {card} (you asked to see it)."),
            _("The under card is {card} ({player} asked to see it)."), seat,
            card=state.under_card) + " "

    def _last_trick(self) -> str:
        """Who took the trick before this one, and with which card (the learner's eyes
        may have been on their cards when it was gathered up): "Kofi won trick 2 with
        K♠. " ("" at the first trick)."""
        state = self.session.state
        if not state.tricks:
            return ""
        t = state.tricks[-1]
        win = t.winning_card(state.players)
        if t.winner is None or win is None:
            return ""
        return self.session.seating.say(
            _("You won trick {number} with {card}."),
            _("{player} won trick {number} with {card}."), t.winner,
            number=len(state.tricks), card=win) + " "

    def _your_turn(self) -> str:
        """The learner's turn to play a card: what they may play."""
        s = self.session
        state = s.state
        if state.current_trick:
            # the follow-suit rule for this hand, not only the suit: why some cards are grey
            suit = state.current_trick[0].suit
            words = {"suits": _(SUIT_NAMES[suit]), "suit": _(SUIT_SINGULAR[suit])}
            if any(c.suit == suit for c in state.hand(s.viewer)):
                return _("Your turn: {suits} were led, so play a {suit}.").format(**words)
            return _("Your turn: {suits} were led. You have no {suit}, so you may play any "
                     "card.").format(**words)
        return _("Your turn to lead trick {number} of {tricks}. Click a card to play it.").format(
            number=state.trick_number, tricks=state.rules.tricks)
