"""``explain``: the learner reads ``text`` (and sees ``cards`` or a ``position``)."""

from __future__ import annotations

from ..check import Found
from ..model import Step
from ..steps import StepRun
from .base import StepKind, register


def check(step: Step, found: Found) -> None:
    """The text is there and the position, if any, replays."""
    if not step.text:
        found.append(("text", "an explain step needs 'text'"))
    if step.position is not None:
        step.state()


register(StepKind("explain", question=False, keys=frozenset(), check=check, run=StepRun))
