"""The lesson step kinds, one module each (``kinds/trick.py`` for ``trick``...).

A kind's module holds everything about it: the keys it takes, whether it is a
question, its load-time check, and its run (answers, feedback, its picture and
what the learner can click), and registers them as a :class:`StepKind`. The
loader, the runner and the lesson widget go through this registry, never through
a kind's name. How to add a kind: docs/lessons.md.

>>> kind_of("trick").question, sorted(kind_of("deal").keys)
(True, ['ask', 'dealer', 'players', 'predict', 'rules', 'seed'])
"""

from __future__ import annotations

import importlib
import pkgutil

from ...engine.errors import SparError
from ..check import Found, check_words_and_cards
from ..model import KIND_NAMES, Kind, Step
from ..steps import StepRun
from .base import REGISTRY, StepKind, register

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "base":
        importlib.import_module(f"{__name__}.{_module.name}")

_missing = set(KIND_NAMES) ^ set(REGISTRY)
if _missing:
    raise ImportError(f"step kinds without a module, or modules of no kind: {sorted(_missing)}")


def kind_of(name: Kind) -> StepKind:
    """The registered kind of this name."""
    return REGISTRY[name]


def check_step(step: Step) -> Found:
    """Everything wrong with one step (empty if it is sound): ``(key, what)`` pairs."""
    kind = kind_of(step.kind)
    found: Found = []
    check_words_and_cards(step, kind.question, found)
    try:
        kind.check(step, found)
    except SparError as e:
        found.append((None, f"{e.reason}" + (f" (rule: {e.rule})" if e.rule else "")))
    return found


def make_run(step: Step) -> StepRun:
    """The live object for a step."""
    return kind_of(step.kind).run(step)


__all__ = ["REGISTRY", "StepKind", "check_step", "kind_of", "make_run", "register"]
