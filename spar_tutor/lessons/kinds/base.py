"""What a step kind is, and the registry its module adds it to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet

from ..check import Found
from ..model import Kind, Step
from ..steps import StepRun


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


#: Every registered kind by name (filled as the modules of ``kinds/`` are imported).
REGISTRY: Dict[Kind, StepKind] = {}


def register(kind: StepKind) -> StepKind:
    """Add a kind to the registry (once)."""
    if kind.name in REGISTRY:
        raise ValueError(f"the step kind {kind.name!r} is registered twice")
    REGISTRY[kind.name] = kind
    return kind
