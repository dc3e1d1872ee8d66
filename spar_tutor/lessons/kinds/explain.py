"""``explain``: the learner reads ``text`` (and sees ``cards`` or a ``position``).

An explain step may state what a dry gives away (``dry_shown``: the players, the
rules, and the two figures it states, ``cost`` and ``gain``, in points a hand). The
check compares them with the figure measured in games where every bot sees only its
own cards (:func:`spar_tutor.solver.shown.dry_shown_figure`, stored with fixed seeds;
``tests/test_dry_shown.py`` measures it again) and finds them in the step's words.
"""

from __future__ import annotations

from typing import Any

from ...engine.errors import SparError
from ...engine.rules import Rules
from ..check import Found
from ..model import Step
from ..steps import StepRun
from .base import StepKind, register

#: How far a stated figure may be from the measured one (points a hand).
SHOWN_TOLERANCE = 0.01


def check(step: Step, found: Found) -> None:
    """The text is there and the position, if any, replays; a stated dry figure agrees
    with the measured one."""
    if not step.text:
        found.append(("text", "an explain step needs 'text'"))
    if step.position is not None:
        step.state()
    if "dry_shown" in step.extra:
        _check_dry_shown(step, step.extra["dry_shown"], found)


def _check_dry_shown(step: Step, stated: Any, found: Found) -> None:
    from ...solver.shown import dry_shown_figure

    if not isinstance(stated, dict) or not {"players", "rules", "cost", "gain"} <= set(stated):
        found.append(("dry_shown", "'dry_shown' gives players, rules, cost and gain"))
        return
    try:
        rules = Rules.from_json(stated["rules"])
    except SparError as e:
        found.append(("dry_shown", f"dry_shown: {e.reason}"))
        return
    figure = dry_shown_figure(rules, stated["players"])
    if figure is None:
        found.append(("dry_shown", "no figure was measured for these rules and players: run "
                                   "benchmarks/dry_shown.py --measure ... --write"))
        return
    for key, real in (("cost", figure.gives_away), ("gain", figure.gain)):
        said = stated[key]
        if not isinstance(said, (int, float)) or abs(said - real) > SHOWN_TOLERANCE:
            found.append(("dry_shown", f"the measured {key} is {real:.2f} points a hand, "
                                       f"not {said!r}"))
        elif f"{said:.2f}" not in step.text:
            found.append(("dry_shown", f"the step states {key} {said:.2f} but its words never "
                                       "say it"))
    if str(figure.deals) not in step.text:
        found.append(("dry_shown", f"the step's words never say the {figure.deals} games"))


register(StepKind("explain", question=False, keys=frozenset({"dry_shown"}), check=check,
                  run=StepRun))
