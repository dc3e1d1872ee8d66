"""The learner's hand: one keyboard-accessible button per card, drawn as the card.

Each button's text is the card's name ("six of spades") for screen readers;
the picture is the card's SVG as the button's background. Cards that cannot
be played now are dimmed and their tooltip says why; clicking one says why too.
A card's button is kept and redrawn in place (:class:`~spar_tutor.widgets.common.ButtonPool`):
it is always that card, and a click plays it only for the session version it was last
drawn for, so a double click (the card is played and gone from the hand) plays nothing.

A redraw makes no new button for a card already drawn (at most one a card of the pack
for the widget's life), and the cards' pictures are sent once a hand: the style keeps
every card the hand has held, normal and dimmed, so thirty learners clicking at once on
one server do not queue behind each other's pictures.
"""

from __future__ import annotations

import base64
import functools
from html import escape
from typing import Any, Callable, Dict, List, Optional, Tuple

import ipywidgets as widgets

from ..engine.cards import Card, sort_hand
from ..render import card_svg
from ..engine.state import PLAY
from ..engine.words import card_text
from ..i18n import _
from .common import ButtonPool, guarded, session_reporter

CARD_PX = 74


def card_css(card: Card, css_class: str, *, four_colour: bool, dimmed: bool,
             selected: bool = False) -> str:
    """A CSS rule that paints ``card`` as the background of ``.css_class`` buttons."""
    svg = card_svg(card, width=CARD_PX, four_colour=four_colour, dimmed=dimmed,
                   selected=selected)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'.{css_class} {{ background-image: url("data:image/svg+xml;base64,{data}"); }}'


#: The size of a card's button.
CARD_BUTTON = {"width": "84px", "height": "140px"}


def card_class(card: Card, *, dimmed: bool = False, selected: bool = False,
               four_colour: bool = False) -> str:
    """The CSS class whose rule (:func:`card_css`) paints ``card`` in this look."""
    return (f"spar-c-{card}-{'d' if dimmed else 'n'}{'s' if selected else ''}"
            f"{'4' if four_colour else ''}")


def card_classes(card: Card, *, dimmed: bool = False, selected: bool = False,
                 four_colour: bool = False) -> Tuple[str, ...]:
    """A card button's classes: a card button, its picture's class, and whether it is
    unplayable."""
    return (("spar-card-btn", card_class(card, dimmed=dimmed, selected=selected,
                                         four_colour=four_colour))
            + (("spar-unplayable",) if dimmed else ()))


def card_look(card: Card, tooltip: str, *, dimmed: bool = False, selected: bool = False,
              four_colour: bool = False) -> Tuple[str, Dict[str, Any]]:
    """A card drawn as a button, the picture itself the thing to click (Puzzles and
    Lessons, on a :class:`~spar_tutor.widgets.common.ButtonPool`'s buttons; Play's hand
    draws its own): the CSS rule that paints it (put it in a ``<style>``) and the button's
    traits: its name (the card's), tooltip and classes. ``dimmed``: it cannot be played
    now; ``selected``: outlined."""
    classes = card_classes(card, dimmed=dimmed, selected=selected, four_colour=four_colour)
    rule = card_css(card, classes[1], four_colour=four_colour, dimmed=dimmed, selected=selected)
    return rule, {"description": card.name, "tooltip": tooltip, "_dom_classes": classes}


class HandWidget(widgets.VBox):
    """The cards of the seat the screen belongs to (``session.viewer``), clickable."""

    def __init__(self, session: Any, four_colour: bool = False, **kwargs: Any) -> None:
        self.session = session
        self.four_colour = four_colour
        self._style = widgets.HTML()
        self._row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="40px"))
        self._row.add_class("spar-hand-box")
        self._caption = widgets.HTML()
        self._renege_box = widgets.HBox()
        #: The card buttons on show, in the hand's order.
        self.buttons: List[widgets.Button] = []
        self._report = session_reporter(session)
        self._pool = ButtonPool(guarded(self._report), **CARD_BUTTON)
        self._drawn: Dict[str, str] = {}  # CSS class -> its rule, for the cards of this hand
        super().__init__([self._caption, self._style, self._row, self._renege_box], **kwargs)
        self._unsubscribe = session.subscribe(self._on_event)
        self.refresh()

    def _on_event(self, event: Any) -> None:
        if event.kind == "changed":
            self.refresh()

    def set_four_colour(self, flag: bool) -> None:
        self.four_colour = bool(flag)
        self.refresh()

    def refresh(self) -> None:
        """Redraw the hand from the session."""
        s = self.session
        seat = s.viewer
        state = s.state
        cards = [] if s.pending == "cut" else sort_hand(state.hand(seat))
        playable = set(s.legal_cards()) if s.is_human_turn and state.phase == PLAY else set()
        self._style.value = self._card_styles(cards)
        self.buttons = self._pool.draw(self._card_button(card, card in playable, s.version)
                                       for card in cards)
        self._row.children = self.buttons
        self._renege_box.children = ()
        whose = s.seating.say(_("Your cards"), _("{player}'s cards"), seat)
        caption = "{cards}"
        if state.is_over():
            caption = _("{cards}: the hand is over. Click Next hand for new cards.")
        elif s.pending == "cut":
            caption = _("{cards}: dealt after the cut.")
        elif playable:
            caption = _("{cards} (click a card to play it)")
        self._caption.value = caption.format(cards=f'<span class="spar-panel-title">{escape(whose)}</span>')

    def _card_styles(self, cards: List[Card]) -> str:
        """The pictures of ``cards``, normal and dimmed, plus those drawn earlier in this hand
        (unchanged while the hand is played, so a click sends no pictures)."""
        wanted = {card_class(card, dimmed=dimmed, four_colour=self.four_colour): (card, dimmed)
                  for card in cards for dimmed in (False, True)}
        if not wanted.keys() <= self._drawn.keys():  # a new hand (or new colours)
            self._drawn = {key: self._drawn.get(key) or card_css(
                card, key, four_colour=self.four_colour, dimmed=dimmed)
                for key, (card, dimmed) in wanted.items()}
        return "<style>" + "\n".join(self._drawn.values()) + "</style>"

    def _why_not(self, card: Card) -> Optional[str]:
        s = self.session
        if s.state.is_over():
            return _("The hand is over.")
        if s.state.phase != PLAY and not s.pending:
            return _("No card is played yet: first answer the question above the table.")
        return s.card_problem(card) or None

    def _card_button(self, card: Card, playable: bool, version: int
                     ) -> Tuple[str, Callable[[], None], Dict[str, Any]]:
        """A card's button for the pool: its key, what a click does, and its look."""
        reason = None if playable else self._why_not(card)
        classes = card_classes(card, dimmed=bool(reason), four_colour=self.four_colour)
        return (str(card), functools.partial(self.click_card, card, version),
                {"description": card.name, "_dom_classes": classes,
                 "tooltip": reason or _("Play {card}").format(card=card.name)})

    def click_card(self, card: Card, version: Optional[int] = None) -> None:
        """What a click on ``card`` does (also for tests and keyboard shortcuts)."""
        s = self.session
        if version is not None and version != s.version:
            return  # a second click on a screen that has moved on
        if s.state.phase == PLAY and s.is_human_turn and s.state.can_renege(card):
            self._offer_renege(card)
        outcome = s.play(card, version=version)
        if not outcome.ok and outcome.message:
            s.emit("message", outcome.message)

    def _offer_renege(self, card: Card) -> None:
        b = widgets.Button(description=_("Renege with {card} anyway").format(
                               card=card_text(card)),
                           button_style="danger",
                           tooltip=_("Offside is on: a renege is allowed, and costs 3 if proven"))

        @guarded(self._report)
        def renege(_: Any) -> None:
            self.session.renege(card)

        b.on_click(renege)
        self._renege_box.children = (b,)
