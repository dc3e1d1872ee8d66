"""``play``: the learner plays the position to the end against the solver's bots, for
at least ``goal`` points (checked: with best play the learner is sure of them).

A card after which the goal can no longer be made sure of is played out
(:mod:`..playout`): the hand goes on to its end and the table shows it; "Try again"
goes back to the position before that card."""

from __future__ import annotations

from typing import Any, List

from ...engine.cards import parse_card
from ...engine.state import PLAY, Move, Trick, move_label
from ...engine.words import Players, card_text
from ...render.text import md
from ...solver.bots import ExpertBot
from .. import guarantees
from ..check import Found, need_position, wrong_keys
from ..model import Step
from ..playout import play_out
from ..rungs import computer_card, computer_nudge
from ..steps import (Answers, Feedback, PositionRun, StepRun, follow_words, hand_answers, mover,
                     points_words)
from ...solver import voice
from .base import StepKind, register
from ...i18n import _

#: Worlds per move of the bots in play steps (lesson positions are small: this is quick).
BOT_WORLDS = 40


def check(step: Step, found: Found) -> None:
    """The learner's seat is given and best play makes sure of ``goal`` points."""
    state = need_position(step, found)
    if state is None:
        return
    if state.phase != PLAY:
        found.append(("position", "a play step starts in the play phase"))
        return
    if step.seat is None:
        found.append(("seat", "a play step needs the learner's 'seat'"))
        return
    goal = step.extra.get("goal", 1)
    if not isinstance(goal, int) or goal < 1:
        found.append(("goal", "'goal' is the points to score, a whole number of 1 or more"))
        return
    sure = guarantees.guaranteed(state, step.seat)
    if sure < goal:
        found.append(("goal", f"with best play the learner is sure of {sure} points, "
                              f"so a goal of {goal} cannot be promised"))
    wrong_keys(step, found, {"lost"}, set())


class PlayRun(PositionRun):
    """Play a short position to the end against the solver's expert bots
    (:class:`~spar_tutor.solver.bots.ExpertBot`, ``BOT_WORLDS`` worlds a move, seeded:
    a step plays the same way every time; they do not see the learner's cards)."""

    hand_below = True
    can_retry = True

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.goal = step.extra.get("goal", 1)
        self.start = self.state
        self.restart()

    def _bots(self) -> None:
        while not self.state.is_over() and self.state.to_move != self.step.seat:
            seat = mover(self.state)
            self._record(seat, self.bots[seat].choose(self.state.view(seat)))

    def _record(self, seat: int, move: Move) -> None:
        """Play a move and note it (and the trick's winner) in the log."""
        before = len(self.state.tricks)
        self.state = self.state.apply(move)
        table = Players.of(self.step.names_of(self.state.players), self.step.seat)
        line = table.say(_("You played {move}."), _("{player} played {move}."), seat,
                         move=move_label(move))
        if len(self.state.tricks) > before:
            line += " " + table.say(_("You won the trick."), _("{player} won the trick."),
                                    _winner(self.state.tricks[-1]))
        self.log.append(line)

    def restart(self) -> None:
        """The position again, with the bots as they were."""
        self.state = self.start
        self.log: List[str] = []
        self.bots = {s: ExpertBot(s, worlds=BOT_WORLDS) for s in range(self.start.players)
                     if s != self.step.seat}
        self._bots()

    def _answer(self, value: Any) -> Feedback:
        card = parse_card(str(value))
        why = follow_words(self.state, card)
        if why:
            return self._wrong("illegal", "", why)
        if card not in self.state.legal_cards():
            return Feedback(False, _("You do not hold {card}.").format(card=card_text(card)))
        after = self.state.apply(card)
        if guarantees.guaranteed(after, self.step.learner) < self.goal:
            self.out = play_out(self.state, card, self.step.learner)
            end = self.out.end.result
            assert end is not None, "a hand played out is over"
            return self._wrong("lost", _("Try another card."),
                               self.played_out_words(self.out) + " " + _(
                                   "You scored {points}, not {goal}.").format(
                                       points=points_words(end.points[self.step.learner]),
                                       goal=self.goal))
        self._record(self.step.learner, card)
        self._bots()
        if self.state.is_over():
            result = self.state.result
            assert result is not None, "the hand is over"
            pts = result.points[self.step.learner]
            return self._right(_("You scored {points}.").format(points=points_words(pts)))
        return Feedback(True, _("Good. Play on."))

    def picture(self) -> str:
        """The table, and under it what has been played so far, in words (not beside a
        wrong card played out: that table shows its own tricks, and the story is not theirs)."""
        told = self.log and self.out is None
        story = f"<p><small>{md(' '.join(self.log))}</small></p>" if told else ""
        return super().picture() + story

    def answers(self) -> Answers:
        if self.out is not None:
            return self.try_again_answers()
        return hand_answers(self.state, self.step)


def _winner(trick: Trick) -> int:
    """The winner of a finished trick (only an abandoned one has none)."""
    if trick.winner is None:
        raise ValueError("the trick was abandoned")
    return trick.winner


def nudge(live: StepRun) -> str:
    """The idea behind the computer's card now (hidden hands: from the learner's view)."""
    assert isinstance(live, PlayRun)
    if live.state.is_over() or live.state.to_move != live.step.seat:
        return _(voice.NUDGES["figures"])
    return computer_nudge(live, live.state)


def answer(live: StepRun) -> str:
    """The computer's card now, with its reason."""
    assert isinstance(live, PlayRun)
    if live.state.is_over() or live.state.to_move != live.step.seat:
        return live.step.right
    return computer_card(live, live.state)


register(StepKind("play", question=True, keys=frozenset({"goal"}), check=check, run=PlayRun,
                  nudge=nudge, answer=answer))
