"""``odds``: two choices before the lead (under ten, or dry and wet), valued by the solver's
hidden-card hint (:func:`spar_tutor.solver.prelead_values`, seeded), and the
figures the step states about them.

The step names the two choices (``compare``), the worlds and seed, the chance of
winning and the points on average it states for each (``chances``, ``points``,
which must also appear in its words, as ``78%`` and ``3.74``), and how far they
may be from the solver's (``tolerance``: ``chance`` and ``points``). Its question
(``ask``) is either ``"chance"`` (is the first choice's chance higher, about the
same or lower than the second's?) or ``"points"`` (how many points does the first
add on average? the answer is the option nearest the solver's figure).
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from ...engine.errors import SparError, shown
from ...engine.state import DECLARE, UNDER_TEN, HandState, Move, parse_move
from ...solver import ActionValue, prelead_values
from ..check import Found, learner_to_move, need_position, wrong_keys
from ..model import Step
from ..steps import ChoiceRun, StepRun
from ...i18n import _
from .base import StepKind, register

CHANCE_WORDS = ("higher", "about the same", "lower")
TOLERANCE = {"chance": 0.05, "points": 0.25}


def solver_figures(state: HandState, seat: int, compare: List[Move], worlds: int,
                   seed: int) -> List[Tuple[float, float]]:
    """(win chance, points on average) of each compared choice, from ``seat``'s view."""
    values: Dict[Move, ActionValue] = {v.action: v for v in prelead_values(state.view(seat), worlds=worlds, seed=seed)}
    return [(values[m].win_chance, values[m].expected) for m in compare]


def check(step: Step, found: Found) -> None:
    """The position has the learner to declare; the choices, figures and answer agree
    with the solver's."""
    state = need_position(step, found)
    if state is None:
        return
    phase = UNDER_TEN if state.phase == UNDER_TEN else DECLARE  # exchange, or dry and wet
    if not learner_to_move(step, state, phase, found):
        return
    _check_figures(step, state, found)
    wrong_keys(step, found, {str(o) for o in step.options}, {str(step.answer)})


def _check_figures(step: Step, state: HandState, found: Found) -> None:
    """The compared choices, the stated figures and the answer (learner to move)."""
    ex = step.extra
    try:
        compare = [parse_move(str(m)) for m in ex.get("compare", ())]
    except SparError as e:
        found.append(("compare", f"compare: {e.reason}"))
        return
    if len(compare) != 2:
        found.append(("compare", "'compare' names two choices, e.g. [\"dry 6S\", \"pass\"]"))
        return
    for m in compare:
        if m not in state.legal_moves():
            found.append(("compare", f"{m} is not allowed here: {state.explain_illegal(m)}"))
            return
    worlds, seed = ex.get("worlds", 500), ex.get("seed", 0)
    if not isinstance(worlds, int) or worlds < 100 or not isinstance(seed, int):
        found.append(("worlds", "'worlds' is a whole number of 100 or more, 'seed' a whole number"))
        return
    tolerance = {**TOLERANCE, **ex.get("tolerance", {})}
    figures = solver_figures(state, step.learner, compare, worlds, seed)
    words = " ".join((step.text, step.prompt, step.hint, step.right))
    stated(ex.get("chances"), "chances", [c for c, _ in figures], tolerance["chance"],
            compare, words, found, percent=True)
    stated(ex.get("points"), "points", [p for _, p in figures], tolerance["points"],
            compare, words, found, percent=False)
    _answer(step, figures, tolerance, found)


def stated(given: Any, key: str, solver: List[float], tolerance: float, compare: Sequence[Move],
           words: str, found: Found, percent: bool) -> None:
    """The figures a step states (``given``, one per compared choice): close to the
    solver's, and written in its words."""
    if not (isinstance(given, list) and len(given) == 2
            and all(isinstance(x, (int, float)) for x in given)):
        found.append((key, f"'{key}' gives the two figures the step states, one per choice"))
        return
    for move, said, real in zip(compare, given, solver):
        shown = f"{round(said * 100)}%" if percent else f"{said}"
        if abs(said - real) > tolerance:
            solver_shown = f"{real:.0%}" if percent else f"{real:.2f}"
            found.append((key, f"the solver gives {move} {solver_shown}, not {shown} "
                               f"(tolerance {tolerance})"))
        elif shown not in words:
            found.append((key, f"the step states {shown} for {move} but its words never say it"))


def _answer(step: Step, figures: List[Tuple[float, float]], tolerance: Dict[str, float],
            found: Found) -> None:
    """The right option follows from the solver's figures."""
    ask = step.extra.get("ask")
    options = [str(o) for o in step.options]
    if ask == "chance":
        diff = figures[0][0] - figures[1][0]
        truth = CHANCE_WORDS[1] if abs(diff) <= tolerance["chance"] else \
            CHANCE_WORDS[0] if diff > 0 else CHANCE_WORDS[2]
        if not set(options) <= set(CHANCE_WORDS):
            found.append(("options", f"a chance question's options are {', '.join(CHANCE_WORDS)}"))
    elif ask == "points":
        gain = figures[0][1] - figures[1][1]
        numbers = [o for o in step.options if isinstance(o, (int, float))]
        if len(numbers) != len(options) or not numbers:
            found.append(("options", "a points question's options are numbers of points"))
            return
        nearest = min(numbers, key=lambda o: abs(o - gain))
        truth = str(nearest)
        if abs(nearest - gain) > tolerance["points"]:
            found.append(("options", f"the solver's figure is {gain:.2f} points, and no option "
                                     "is that close"))
    else:
        found.append(("ask", f"'ask' must be chance or points, not {shown(ask)}"))
        return
    if str(step.answer) != truth:
        found.append(("answer", f"by the solver's figures the answer is {truth}, "
                                f"not {shown(step.answer)}"))


def nudge(live: StepRun) -> str:
    """What the compared choice changes for the last tricks."""
    if live.step.extra.get("ask") == "points":
        return _("A declared card that wins one of the last two tricks scores double. How "
                 "often would it win them?")
    return _("What would this choice change in the last two tricks? Would you win them more "
             "often, or less?")


register(StepKind("odds", question=True, nudge=nudge,
                  keys=frozenset({"compare", "ask", "worlds", "seed", "tolerance", "chances",
                                  "points"}),
                  check=check, run=ChoiceRun))
