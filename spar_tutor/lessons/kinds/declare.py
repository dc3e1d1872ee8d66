"""``declare`` (dry and wet): ``goal`` ``allowed`` (the learner clicks every card that
may be declared now), ``declare`` (makes the declarations in ``answer``, e.g.
``["dry 6S", "wet 7H"]``; refused ones are explained) or ``wise`` (chooses among
``options``: the one with the most guaranteed points)."""

from __future__ import annotations

from typing import Any, List, Optional, Set

from ...engine.errors import shown
from ...engine.cards import Card, parse_card
from ...engine.state import DECLARE, PASS, Action, Move, move_label, parse_move
from ...engine.words import card_text
from ...learning.content import option_in_language
from .. import guarantees
from ..check import Found, cards_in, learner_to_move, need_position, wrong_keys
from ..model import Step
from ..rungs import answer_is, answer_of
from ..steps import Answers, Feedback, PositionRun, StepRun, hand_answers, step_players
from .base import StepKind, register
from ...i18n import _, ngettext


def _not_asked(move: Action, card: Card) -> str:
    """A dry or wet the rules allow but the step does not ask for, in a sentence."""
    if move.kind == "wet":
        return _("You may wet {card}, but it is not the one asked for here.").format(
            card=card_text(card))
    return _("You may dry {card}, but it is not the one asked for here.").format(
        card=card_text(card))


def check(step: Step, found: Found) -> None:
    """The engine's declarable cards; each declaration is legal; for ``wise`` the
    answer is the one option with the most guaranteed points."""
    state = need_position(step, found)
    if state is None or not learner_to_move(step, state, DECLARE, found):
        return
    goal = step.extra.get("goal")
    seat = step.learner
    hand = {str(c) for c in state.hand(seat)}
    if goal == "allowed":
        truth = {str(m.card) for m in state.legal_moves() if isinstance(m, Action) and m.card}
        answer = {str(c) for c in cards_in(step.answer, "answer", found)}
        if answer != truth:
            found.append(("answer", f"the cards that may be declared are {' '.join(sorted(truth))}, "
                                    f"not {' '.join(sorted(answer))}"))
        wrong_keys(step, found, hand, truth)
    elif goal == "declare":
        moves = [parse_move(str(m)) for m in (step.answer or ())]
        if not moves:
            found.append(("answer", "'answer' lists the declarations to make, e.g. [\"dry 6S\"]"))
        for move in moves:
            while state.to_move != seat and state.phase == DECLARE:
                state = state.apply(parse_move("pass"))
            why = state.explain_illegal(move)
            if why:
                found.append(("answer", f"{move} is not allowed: {why}"))
                return
            state = state.apply(move)
        wrong_keys(step, found, hand, set())
    elif goal == "wise":
        options = [parse_move(str(o)) for o in step.options]
        if len(options) < 2:
            found.append(("options", "a wise question needs at least two options"))
            return
        values = guarantees.move_values(state, seat)
        for o in options:
            if o not in values:
                found.append(("options", f"{o} is not allowed here: {state.explain_illegal(o)}"))
                return
        chosen = parse_move(str(step.answer))
        best = max(values[o] for o in options)
        if chosen not in options or values[chosen] != best or sum(values[o] == best for o in options) > 1:
            words = ", ".join(f"{o}: {values[o]}" for o in options)
            found.append(("answer", f"the solver's guaranteed points are {words}; "
                                    f"{shown(step.answer)} is not the one best option"))
        wrong_keys(step, found, {str(o) for o in options}, {str(chosen)})
    else:
        found.append(("goal", f"'goal' must be allowed, declare or wise, not {shown(goal)}"))


class DeclareRun(PositionRun):
    """Dry and wet: which cards may be declared, make declarations, or judge one."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.goal: Optional[str] = step.extra.get("goal")
        self.hand_below = self.goal != "wise"
        self.can_retry = self.goal in ("allowed", "declare")
        self.found: Set[Card] = set()
        self.todo: List[Move] = [parse_move(str(m)) for m in (step.answer or ())] \
            if self.goal == "declare" else []

    def kind_now(self) -> str:
        """"dry" or "wet": what a click on a card declares now."""
        return "wet" if self.state.dry[self.step.learner] is not None else "dry"

    def _answer(self, value: Any) -> Feedback:
        if self.goal == "wise":
            return self._choose(value)
        card = parse_card(str(value))
        move = Action.wet(card) if self.kind_now() == "wet" else Action.dry(card)
        why = self.state.explain_illegal(move, step_players(self.state, self.step))
        if self.goal == "allowed":
            if why:
                return self._wrong(card, "", why)
            self.found.add(card)
            left = {m.card for m in self.state.legal_moves()
                    if isinstance(m, Action) and m.card} - self.found
            if left:
                text = (ngettext("Yes, {card} could be your wet. {left} more to find.",
                                 "Yes, {card} could be your wet. {left} more to find.", len(left))
                        if move.kind == "wet" else
                        ngettext("Yes, {card} could be your dry. {left} more to find.",
                                 "Yes, {card} could be your dry. {left} more to find.", len(left)))
                return Feedback(True, text.format(card=card_text(card), left=len(left)))
            return self._right()
        if why:
            return self._wrong(card, "", why)
        if move != self.todo[0]:
            return Feedback(False, _not_asked(move, card))
        self.state = self.state.apply(move)
        self.todo.pop(0)
        while self.state.phase == "declare" and self.state.to_move != self.step.seat:
            self.state = self.state.apply(PASS)
        if self.todo:
            text = (_("Done: {card} is your wet. Now the next one.") if move.kind == "wet"
                    else _("Done: {card} is your dry. Now the next one."))
            return Feedback(True, text.format(card=card_text(card)))
        return self._right()

    def answers(self) -> Answers:
        if self.goal == "wise":
            return Answers(choices=tuple((_symbols(option_in_language(str(o), self.step.options)), o)
                                         for o in self.step.options))
        return hand_answers(self.state, self.step, self.found)


def _symbols(text: str) -> str:
    """Card codes in a label as the cards' symbols: ``dry 6S`` -> ``dry 6♠``."""
    out = []
    for word in text.split():
        try:
            out.append(parse_card(word).symbol_text if len(word) in (2, 3) else word)
        except Exception:
            out.append(word)
    return " ".join(out)


def nudge(live: StepRun) -> str:
    """Which 6s and 7s may be declared, or could win one of the last two tricks."""
    goal = live.step.extra.get("goal")
    if goal == "allowed":
        return _("Which of your cards are 6s and 7s? May each of them be declared now?")
    if goal == "wise":
        return _("A declared card scores double only if it wins one of the last two tricks. "
                 "Which choice can still do that?")
    return _("Which of your 6s and 7s could win one of the last two tricks?")


def answer(live: StepRun) -> str:
    """The declarations, or the cards that may be declared, with the step's reason."""
    step = live.step
    if step.extra.get("goal") == "declare":
        moves = [move_label(parse_move(str(m))) for m in (step.answer or ())]
        return answer_is(live, _(", ").join(moves))
    if step.extra.get("goal") == "wise":
        return answer_is(live, _symbols(option_in_language(str(step.answer), step.options)))
    return answer_is(live, answer_of(step))


register(StepKind("declare", question=True, keys=frozenset({"goal"}), check=check,
                  run=DeclareRun, nudge=nudge, answer=answer))
