"""What a step kind is, and the registry its module adds it to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet

from ...i18n import _
from ..check import Found
from ..model import Kind, Step
from ..rungs import READ_AGAIN, answer_is, answer_of
from ..steps import StepRun


def read_again(live: StepRun) -> str:
    """The nudge of a kind with nothing fitter to ask: read the question again."""
    return _(READ_AGAIN)


def the_answer(live: StepRun) -> str:
    """The answer rung of a kind whose answer is in its data: the option or the cards,
    and the reason its right-answer words give."""
    return answer_is(live, answer_of(live.step))


@dataclass(frozen=True)
class StepKind:
    """Everything about one kind of step, registered by its module in ``kinds/``."""

    name: Kind
    #: Whether the learner must act (every kind but ``explain``).
    question: bool
    #: The keys only this kind takes in a lesson file (kept in ``Step.extra``).
    keys: FrozenSet[str]
    #: The load-time check: appends what is wrong to ``found`` (see :mod:`..check`).
    check: Callable[[Step, Found], None]
    #: The live step: answers and feedback, its picture and what the learner can click.
    run: Callable[[Step], StepRun]
    #: The first rung of the hint ladder when the step writes none (``nudge``): a question
    #: that fits the position and names no card and no answer option.
    nudge: Callable[[StepRun], str] = read_again
    #: The last rung: the answer with its reason.
    answer: Callable[[StepRun], str] = the_answer


#: Every registered kind by name (filled as the modules of ``kinds/`` are imported).
REGISTRY: Dict[Kind, StepKind] = {}


def register(kind: StepKind) -> StepKind:
    """Add a kind to the registry (once)."""
    if kind.name in REGISTRY:
        raise ValueError(f"the step kind {kind.name!r} is registered twice")
    REGISTRY[kind.name] = kind
    return kind
