"""The live side of each step kind: taking answers and giving feedback (no widgets).

Each ``*Run`` takes the learner's answers through :meth:`StepRun.answer` and
returns a :class:`Feedback`; ``finished`` says the step is done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Set, Type

from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR, Card, parse_card, sort_hand
from ..engine.deal import Deal, deal
from ..engine.rules import Rules
from ..engine.state import PASS, Action, HandState, Move, Trick, parse_move
from ..solver import solve
from ..solver.bots import ExpertBot
from . import search
from .model import Step

#: Worlds per move of the bots in play steps (lesson positions are small: this is quick).
BOT_WORLDS = 40


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an answer."""

    correct: bool
    text: str
    finished: bool = False


def follow_words(state: HandState, card: Card, you: bool = True) -> Optional[str]:
    """Why ``card`` breaks the follow-suit rule now, in a learner's words (None if it does not)."""
    if not state.current_trick or card.suit == state.current_trick[0].suit:
        return None
    led = state.current_trick[0].suit
    held = [c for c in state.hand(_mover(state)) if c.suit == led]
    if not held:
        return None
    who = "you hold" if you else "this player holds"
    return (f"{SUIT_NAMES[led].capitalize()} were led and {who} a {SUIT_SINGULAR[led]} "
            f"({symbols(sort_hand(held))}), so a {SUIT_SINGULAR[led]} must be played.")


def symbols(cards: Iterable[Card]) -> str:
    """Cards as the learner sees them on the buttons: ``K♥ 8♥``."""
    return " ".join(c.symbol_text for c in cards)


class StepRun:
    """A step being worked through."""

    def __init__(self, step: Step) -> None:
        self.step = step
        self.finished = not step.is_question
        self.tries = 0

    def answer(self, value: Any) -> Feedback:
        if self.finished and self.step.is_question:
            return Feedback(True, "You have done this step: press Next to go on.", True)
        self.tries += 1
        fb = self._answer(value)
        if fb.correct and fb.finished:
            self.finished = True
        return fb

    def _answer(self, value: Any) -> Feedback:
        raise ValueError("nothing to answer in this step: press Next")

    def hint(self) -> str:
        return self.step.hint or "Nothing to answer here: read it, then press Next."

    def _right(self, extra: str = "") -> Feedback:
        return Feedback(True, " ".join(t for t in (self.step.right, extra) if t), True)

    def _wrong(self, key: Any, default: str, extra: str = "") -> Feedback:
        text = self.step.wrong.get(str(key)) or self.step.wrong.get("other") or default
        return Feedback(False, " ".join(t for t in (extra, text) if t))

    def _choose(self, value: Any) -> Feedback:
        """A choice among the step's options: right if it is the answer."""
        if str(value) == str(self.step.answer):
            return self._right()
        return self._wrong(value, "Not that one. Try again, or ask for a hint.")


class ExplainRun(StepRun):
    pass


class ChoiceRun(StepRun):
    def _answer(self, value: Any) -> Feedback:
        return self._choose(value)


class PointsRun(ChoiceRun):
    """How many points: the answer is a number, the hand in the position is over."""

    def reason(self) -> str:
        result = self.step.state().result
        if result is None:
            raise ValueError("the hand in this step is not over")
        return result.reason


class DealRun(ChoiceRun):
    """A deal replayed packet by packet, then a question about it."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        ex = step.extra
        self.rules = Rules.from_json(ex.get("rules", "standard"))
        self.deal: Deal = deal(self.rules, ex.get("players", 3), ex.get("dealer", 0),
                               seed=ex.get("seed", 0))
        self.packets = len(self.deal.packets())
        self.shown = 0  # packets dealt so far

    def deal_packet(self) -> None:
        """Deal the next packet (all the cards one seat gets in one go round)."""
        self.shown = min(self.shown + 1, self.packets)

    def deal_all(self) -> None:
        self.shown = self.packets

    @property
    def dealt_all(self) -> bool:
        return self.shown == self.packets


class PickFromRun(StepRun):
    """Click the cards that fit a rule (the highest, those not in the pack...)."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        answer = step.answer
        self.targets: Set[Card] = {parse_card(a) for a in ([answer] if isinstance(answer, str) else answer)}
        self.found: Set[Card] = set()

    def _answer(self, value: Any) -> Feedback:
        card = parse_card(str(value))
        if card in self.targets:
            self.found.add(card)
            left = len(self.targets - self.found)
            if left:
                return Feedback(True, f"Yes, {card.name}. {left} more to find.")
            return self._right()
        return self._wrong(card, f"Not {card.name}. Look again.")


class PickCardRun(StepRun):
    """Click a card to play: any legal card, or the best one (solver-checked)."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.state = self.position = step.state()
        self.goal = step.extra.get("goal", "legal")
        self.found: Set[Card] = set()
        if self.goal in ("legal", "all_legal"):
            self.targets = set(self.state.legal_cards())
        else:
            answer = step.answer
            self.targets = {parse_card(a) for a in ([answer] if isinstance(answer, str) else answer)}

    def _answer(self, value: Any) -> Feedback:
        card = parse_card(str(value))
        if card in self.targets and self.goal == "all_legal":
            self.found.add(card)
            left = len(self.targets - self.found)
            if left:
                return Feedback(True, f"Yes, you may play {card}. {left} more to find.")
            return self._right()
        if card in self.targets:
            if self.goal != "all_legal":
                self.state = self.state.apply(card)  # show the card on the table
            return self._right()
        why = follow_words(self.state, card)
        if why:
            return self._wrong(card if str(card) in self.step.wrong else "illegal",
                               "That breaks the follow-suit rule.", why)
        if self.goal == "best":
            values = search.move_values(self.position, self.step.learner)
            best = max(values.values())
            extra = (f"With {card} you can be sure of {_points(values[card])}; "
                     f"the best card makes sure of {_points(best)}.")
            return self._wrong(card if str(card) in self.step.wrong else "legal", "", extra)
        return self._wrong(card if str(card) in self.step.wrong else "legal",
                           "That card is allowed, but it is not the one asked for.")

    def hint(self) -> str:
        if self.goal != "best":
            return self.step.hint
        return f"{self.step.hint} {solver_says(self.position, self.step)}"


class TrickRun(StepRun):
    """Who wins this trick? The answer is a seat."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.state = step.state()
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
                               f"{card} is not a {SUIT_SINGULAR[led]}: a card of another suit "
                               "never wins the trick, however high it is.")
        return self._wrong(seat if str(seat) in self.step.wrong else "lower",
                           f"{card} followed suit, but a higher {SUIT_SINGULAR[led]} was played.")


class DeclareRun(StepRun):
    """Dry and wet: which cards may be declared, make declarations, or judge one."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.state = step.state()
        self.goal = step.extra.get("goal")
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
        why = self.state.explain_illegal(move)
        if self.goal == "allowed":
            if why:
                return self._wrong(card, "", _you(why))
            self.found.add(card)
            left = {m.card for m in self.state.legal_moves()
                    if isinstance(m, Action) and m.card} - self.found
            if left:
                return Feedback(True, f"Yes, {card} could be your {move.kind}. "
                                      f"{len(left)} more to find.")
            return self._right()
        if why:
            return self._wrong(card, "", _you(why))
        if move != self.todo[0]:
            return Feedback(False, f"You may {move}, but it is not the one asked for here.")
        self.state = self.state.apply(move)
        self.todo.pop(0)
        while self.state.phase == "declare" and self.state.to_move != self.step.seat:
            self.state = self.state.apply(PASS)
        if self.todo:
            return Feedback(True, f"Done: {card} is your {move.kind}. Now the next one.")
        return self._right()


class PlayRun(StepRun):
    """Play a short position to the end against the solver's expert bots
    (:class:`~spar_tutor.solver.bots.ExpertBot`, ``BOT_WORLDS`` worlds a move, seeded:
    a step plays the same way every time; they do not see the learner's cards)."""

    state: HandState  # the position now (set by restart)

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.goal = step.extra.get("goal", 1)
        self.start = step.state()
        self.restart()

    def _bots(self) -> None:
        while not self.state.is_over() and self.state.to_move != self.step.seat:
            mover = _mover(self.state)
            self._record(mover, self.bots[mover].choose(self.state.view(mover)))

    def _record(self, seat: int, move: Move) -> None:
        """Play a move and note it (and the trick's winner) in the log."""
        before = len(self.state.tricks)
        self.state = self.state.apply(move)
        line = f"{self.step.name(seat)} played {move}"
        if len(self.state.tricks) > before:
            line += f": {self.step.name(_winner(self.state.tricks[-1]))} won the trick"
        self.log.append(line + ".")

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
            return Feedback(False, f"You do not hold {card}.")
        after = self.state.apply(card)
        sure = search.guaranteed(after, self.step.learner)
        if sure < self.goal:
            return self._wrong("lost", "Try another card.",
                               f"If you play {card}, best play goes on: {self._story(after)} "
                               f"You would score {_points(sure)}, not {self.goal}.")
        self._record(self.step.learner, card)
        self._bots()
        if self.state.is_over():
            result = self.state.result
            assert result is not None, "the hand is over"
            pts = result.points[self.step.learner]
            return self._right(f"You scored {_points(pts)}.")
        return Feedback(True, "Good. Play on.")

    def _story(self, state: HandState) -> str:
        """The solver's best line from ``state``, trick by trick, in words."""
        def who(seat: int) -> str:
            return "you" if seat == self.step.seat else self.step.name(seat)

        parts: List[str] = []
        for seat, move in search.best_line(state, self.step.learner):
            before = len(state.tricks)
            state = state.apply(move)
            parts.append(f"{who(seat)} {move}")
            if len(state.tricks) > before:
                winner = _winner(state.tricks[-1])
                parts[-1] += f" ({who(winner)} {'win' if winner == self.step.seat else 'wins'});"
            else:
                parts[-1] += ","
        return " ".join(parts)[:-1] + "."

    def hint(self) -> str:
        if self.state.is_over():
            return self.step.hint
        return f"{self.step.hint} {solver_says(self.state, self.step)}"


def solver_says(state: HandState, step: Step) -> str:
    """The solver's card for the learner to move, and why (its sentence, seats named)."""
    solution = solve(state)
    best = solution.best.card
    why = solution.explain(best)
    for seat in range(state.players - 1, -1, -1):
        why = why.replace(f"seat {seat}", "you" if seat == step.seat else step.name(seat))
    return f"(The solver plays {best.symbol_text}: {why}.)"


def _mover(state: HandState) -> int:
    seat = state.to_move
    if seat is None:
        raise ValueError("the hand is over")
    return seat


def _winner(trick: Trick) -> int:
    """The winner of a finished trick (only an abandoned one has none)."""
    if trick.winner is None:
        raise ValueError("the trick was abandoned")
    return trick.winner


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def _you(why: str) -> str:
    """Engine words about a seat, turned to the learner."""
    import re

    why = re.sub(r"seat \d+ does not hold", "you do not hold", why)
    return why[0].upper() + why[1:] + ("" if why.endswith(".") else ".")


RUNS: Dict[str, Type[StepRun]] = {
    "explain": ExplainRun, "deal": DealRun, "pick_from": PickFromRun, "choice": ChoiceRun,
    "pick_card": PickCardRun, "trick": TrickRun, "points": PointsRun, "declare": DeclareRun,
    "play": PlayRun, "odds": ChoiceRun,
}


def make_run(step: Step) -> StepRun:
    """The live object for a step."""
    return RUNS[step.kind](step)
