"""The live side of a step, shared by every kind: taking answers, giving feedback,
and saying what the player shows (no widgets).

Each kind's run (in its module of :mod:`spar_tutor.lessons.kinds`) takes the
learner's answers through :meth:`StepRun.answer` and returns a :class:`Feedback`;
``finished`` says the step is done. :meth:`StepRun.picture` is the step's picture
as HTML and :meth:`StepRun.answers` what the learner can click, which the lesson
widget draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, FrozenSet, Iterable, Optional, Tuple, Union

from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR, Card, parse_card, sort_hand
from ..engine.deal import Deal
from ..engine.state import HandState
from ..engine.words import Players, card_text
from ..i18n import _, points
from ..render.lesson import card_row
from ..render.table import table_html
from .model import Step
from .playout import PlayedOut


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an answer."""

    correct: bool
    text: str
    finished: bool = False


@dataclass(frozen=True)
class Tool:
    """A button that changes the step without answering it ("Deal a packet"); a
    ``fresh`` one puts the question afresh, so the feedback on show goes ("Try again")."""

    label: str
    act: Callable[[], None]
    disabled: bool = False
    fresh: bool = False


@dataclass(frozen=True)
class Answers:
    """What the learner can click in a step: buttons answering a value, or cards
    answering themselves (``found`` drawn as chosen), with ``tools`` above the buttons."""

    choices: Tuple[Tuple[str, Any], ...] = ()
    cards: Tuple[Card, ...] = ()
    found: FrozenSet[Card] = frozenset()
    tools: Tuple[Tool, ...] = ()


def follow_words(state: HandState, card: Card, you: bool = True) -> Optional[str]:
    """Why ``card`` breaks the follow-suit rule now, in a learner's words (None if it does not)."""
    if not state.current_trick or card.suit == state.current_trick[0].suit:
        return None
    led = state.current_trick[0].suit
    held = [c for c in state.hand(mover(state)) if c.suit == led]
    if not held:
        return None
    text = (_("{suits} were led and you hold a {suit} ({cards}), so a {suit} must be played.")
            if you else
            _("{suits} were led and this player holds a {suit} ({cards}), so a {suit} must be "
              "played."))
    text = text.format(suits=_(SUIT_NAMES[led]), suit=_(SUIT_SINGULAR[led]),
                       cards=symbols(sort_hand(held)))
    return text[:1].upper() + text[1:]


def symbols(cards: Iterable[Card]) -> str:
    """Cards as the learner sees them on the buttons: ``K♥ 8♥``."""
    return " ".join(c.symbol_text for c in cards)


def parse_answer_cards(answer: Any) -> FrozenSet[Card]:
    """A step's ``answer`` of one card code or a list of them, as cards."""
    return frozenset(parse_card(a) for a in ([answer] if isinstance(answer, str) else answer))


class StepRun:
    """A step being worked through (an ``explain`` step is only read)."""

    #: What a question asks about the table ("winner", "points"), so its picture keeps quiet.
    asking = ""
    #: Whether the learner's cards are buttons below the table, not drawn in it.
    hand_below = False
    #: Whether "Start again" makes sense: the step takes several answers.
    can_retry = False

    def __init__(self, step: Step) -> None:
        self.step = step
        self.finished = not step.is_question
        self.tries = 0

    def answer(self, value: Any) -> Feedback:
        if self.finished and self.step.is_question:
            return Feedback(True, _("You have done this step: press Next to go on."), True)
        self.tries += 1
        fb = self._answer(value)
        if fb.correct and fb.finished:
            self.finished = True
        return fb

    def _answer(self, value: Any) -> Feedback:
        raise ValueError("nothing to answer in this step: press Next")

    def hint(self) -> str:
        return self.step.hint or _("Nothing to answer here: read it, then press Next.")

    def answers(self) -> Answers:
        """What the learner can click (nothing, in a step that is only read)."""
        return Answers()

    def position_now(self) -> HandState:
        """The step's position as it stands (after the moves made in the step)."""
        return self.step.state()

    def picture(self) -> str:
        """The step's cards, or its position on the app's table: the learner at the
        bottom, the others' cards open unless the step hides them, the step's
        ``cards`` listed as played before the position."""
        step = self.step
        if step.position is None:
            return card_row(parse_card(c) for c in step.cards)
        state = self.position_now()
        return table_html(state, step_players(state, step), viewer_of(step),
                          show_own=not self.hand_below, open_hands=not step.hidden,
                          asking=self.asking, played_before=[parse_card(c) for c in step.cards])

    def _right(self, extra: str = "") -> Feedback:
        return Feedback(True, " ".join(t for t in (self.step.right, extra) if t), True)

    def _wrong(self, key: Any, default: str, extra: str = "", after: str = "") -> Feedback:
        """The step's words for a wrong ``key`` (else ``default``), after ``extra`` (what
        happened) and before ``after`` (what the best card would have done)."""
        text = self.step.wrong.get(str(key)) or self.step.wrong.get("other") or default
        return Feedback(False, " ".join(t for t in (extra, text, after) if t))

    def _choose(self, value: Any) -> Feedback:
        """A choice among the step's options: right if it is the answer."""
        if str(value) == str(self.step.answer):
            return self._right()
        return self._wrong(value, _("Not that one. Try again, or ask for a hint."))


class PositionRun(StepRun):
    """A step on a position that moves on as the learner plays or declares (``state``).

    A wrong card may be played out (:mod:`.playout`): ``out`` is the hand played to its
    end, shown with "Try again" (which goes back to ``state``) instead of the cards."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.state = step.state()
        self.out: Optional[PlayedOut] = None

    def position_now(self) -> HandState:
        return self.out.end if self.out is not None else self.state

    def answer(self, value: Any) -> Feedback:
        """An answer goes to the position (a hand played out is only shown)."""
        self.try_again()
        return super().answer(value)

    def try_again(self) -> None:
        """Back to the position from a wrong card played out."""
        self.out = None

    def try_again_answers(self) -> Answers:
        """What the learner can click while a wrong card is played out."""
        return Answers(tools=(Tool(_("Try again"), self.try_again, fresh=True),))

    def played_out_words(self, out: PlayedOut) -> str:
        """How a hand played out ended: its result and the learner's points."""
        players = step_players(out.end, self.step)
        result = out.end.result
        if result is None:
            raise ValueError("the hand is not over")
        # Translators: a wrong card played out in a lesson, then how the hand ended
        return _("You played {card}. The computer then played the rest of the hand, for "
                 "everyone. {result}").format(
            card=card_text(out.card), result=result.words(players))


class ChoiceRun(StepRun):
    """Click one of the step's options."""

    def _answer(self, value: Any) -> Feedback:
        return self._choose(value)

    def answers(self) -> Answers:
        return Answers(choices=tuple((str(o), o) for o in self.step.options))


def hand_answers(state: HandState, step: Step, found: Iterable[Card] = ()) -> Answers:
    """The learner's cards as buttons (those found so far chosen)."""
    return Answers(cards=tuple(sort_hand(state.hand(step.learner))), found=frozenset(found))


def viewer_of(step: Step) -> int:
    """The seat drawn at the bottom: the learner's, else the first."""
    return step.seat if isinstance(step.seat, int) else 0


def step_players(state: Union[HandState, Deal], step: Step) -> Players:
    """The players of a step's table (or deal) by the lesson's names, the learner (if
    any) "you"."""
    learner = step.seat if isinstance(step.seat, int) else None
    return Players.of(step.names_of(state.players), learner)


def mover(state: HandState) -> int:
    """The seat to move (the hand must not be over)."""
    seat = state.to_move
    if seat is None:
        raise ValueError("the hand is over")
    return seat


def points_words(n: int) -> str:
    """``1 point``, ``3 points``."""
    return points(n)
