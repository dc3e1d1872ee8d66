"""``points``: the hand in the position is over; the learner clicks its points in
``options`` (of seat ``who``, or the seat that scored)."""

from __future__ import annotations

from ...engine.errors import shown
from ..check import Found, need_finished_hand, need_seat, wrong_keys
from ..model import Step
from ..steps import ChoiceRun, StepRun, step_players
from ...i18n import _
from .base import StepKind, register


def check(step: Step, found: Found) -> None:
    """The answer is the engine's score, and one of the options."""
    state = need_finished_hand(step, found)
    if state is None or state.result is None:
        return
    result = state.result
    who = step.extra.get("who")
    if who is not None and need_seat(step, state, "who", found, "the seat asked about") is None:
        return
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


def nudge(live: StepRun) -> str:
    """Who won the last trick (or the last two, with the bonus or a declared card), and
    with what."""
    state = live.step.state()
    if state.rules.two_trick_bonus or any(state.dry) or any(state.wet):
        return _("Who won the last two tricks, and with which cards? Was either of them "
                 "declared?")
    return _("Who won the last trick, and with which rank?")


def answer(live: StepRun) -> str:
    """The points, and how the hand ended (the engine's words)."""
    state = live.step.state()
    result = state.result
    assert result is not None, "a points step's hand is over"
    said = _("The answer is: {answer}.").format(answer=live.step.answer)
    return f"{said} {result.words(step_players(state, live.step))}"


register(StepKind("points", question=True, keys=frozenset({"who"}), check=check, run=PointsRun,
                  nudge=nudge, answer=answer))
