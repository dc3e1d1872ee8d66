"""``trick``: the learner clicks the seat that wins the last finished trick of the
position."""

from __future__ import annotations

from typing import Any

from ...engine.errors import shown
from ...engine.cards import SUIT_NAMES, SUIT_SINGULAR
from ...engine.words import card_text
from ..check import Found, need_position, wrong_keys
from ..model import Step
from ..steps import Answers, Feedback, PositionRun, StepRun, step_players
from .base import StepKind, register
from ...i18n import _


def check(step: Step, found: Found) -> None:
    """The answer is the engine's trick winner."""
    state = need_position(step, found)
    if state is None:
        return
    if state.current_trick or not state.tricks:
        found.append(("position", "a trick step shows a finished trick: the plays must end one"))
        return
    winner = state.tricks[-1].winner
    if step.answer != winner:
        found.append(("answer", f"seat {winner} wins that trick, not {shown(step.answer)}"))
    seats = {str(s) for s in range(state.players)}
    wrong_keys(step, found, seats | {"off_suit", "lower"}, {str(winner)})


class TrickRun(PositionRun):
    """Who wins this trick? The answer is a seat."""

    asking = "winner"

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.trick = self.state.tricks[-1]

    def _answer(self, value: Any) -> Feedback:
        seat = int(value)
        if seat == self.trick.winner:
            return self._right()
        n = self.state.players
        card = self.trick.cards[(seat - self.trick.leader) % n]
        led = self.trick.cards[0].suit
        if card.suit != led:
            return self._wrong(seat if str(seat) in self.step.wrong else "off_suit",
                               _("{card} is not a {suit}: a card of another suit "
                                 "never wins the trick, however high it is.").format(
                                     card=card_text(card), suit=_(SUIT_SINGULAR[led])))
        # The card that won: the highest of the led suit (the answer is another seat's).
        best = self.trick.winning_card(n)
        assert best is not None, "a finished trick has a winning card"
        text = (_("{card} was led, but {best} is a higher {suit}.") if seat == self.trick.leader
                else _("{card} followed suit, but {best} is a higher {suit}."))
        return self._wrong(seat if str(seat) in self.step.wrong else "lower",
                           text.format(card=card_text(card), best=card_text(best),
                                       suit=_(SUIT_SINGULAR[led])))

    def answers(self) -> Answers:
        names = self.step.names_of(self.state.players)
        return Answers(choices=tuple((names[s], s) for s in range(self.state.players)))


def nudge(live: StepRun) -> str:
    """The suit led first, and who played highest in it."""
    assert isinstance(live, TrickRun)
    led = live.trick.cards[0].suit
    said = _("{suits} were led first. Who played the highest {suit}?").format(
        suits=_(SUIT_NAMES[led]), suit=_(SUIT_SINGULAR[led]))
    return said[:1].upper() + said[1:]


def answer(live: StepRun) -> str:
    """Who wins the trick, and with which card."""
    assert isinstance(live, TrickRun)
    trick = live.trick
    best = trick.winning_card(live.state.players)
    assert trick.winner is not None and best is not None, "a finished trick has a winner"
    suit = _(SUIT_SINGULAR[trick.cards[0].suit])
    return step_players(live.state, live.step).say(
        _("You win the trick: {card} is the highest {suit}, the suit led first."),
        _("{player} wins the trick: {card} is the highest {suit}, the suit led first."),
        trick.winner, card=best, suit=suit)


register(StepKind("trick", question=True, keys=frozenset(), check=check, run=TrickRun,
                  nudge=nudge, answer=answer))
