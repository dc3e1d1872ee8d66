"""``points``: the hand in the position is over; the learner clicks its points in
``options`` (of seat ``who``, or the seat that scored)."""

from __future__ import annotations

from ...engine.errors import shown
from ..check import Found, need_position, wrong_keys
from ..model import Step
from ..steps import ChoiceRun
from .base import StepKind, register


def check(step: Step, found: Found) -> None:
    """The answer is the engine's score, and one of the options."""
    state = need_position(step, found)
    if state is None:
        return
    if state.result is None:
        found.append(("position", "a points step needs a finished hand: play every card"))
        return
    result = state.result
    who = step.extra.get("who")
    got = max(result.points, key=abs) if who is None else result.points[who]
    if step.answer != got:
        whose = "this hand" if who is None else f"seat {who}"
        found.append(("answer", f"the engine scores {whose} {got} ({result.reason}), "
                                f"not {shown(step.answer)}"))
    options = {str(o) for o in step.options}
    if str(step.answer) not in options:
        found.append(("options", "the options must include the answer"))
    wrong_keys(step, found, options, {str(step.answer)})


class PointsRun(ChoiceRun):
    """How many points: the answer is a number, the hand in the position is over."""

    asking = "points"

    def reason(self) -> str:
        result = self.step.state().result
        if result is None:
            raise ValueError("the hand in this step is not over")
        return result.reason


register(StepKind("points", question=True, keys=frozenset({"who"}), check=check, run=PointsRun))
