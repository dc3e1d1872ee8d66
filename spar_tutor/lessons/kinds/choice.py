"""``choice``: the learner clicks one of ``options``; with ``fact``, the answer is a
fact of the rules (``rules``) that the engine knows."""

from __future__ import annotations

from typing import Any

from ...engine.errors import shown
from ..check import Found, cards_in, rules_of, wrong_keys
from ..model import Step
from ..steps import ChoiceRun
from .base import StepKind, register

FACTS = ("deck_size", "hand_size", "max_players", "min_players", "max_hand_score", "target",
         "direction", "stock_size", "shuffle_period", "under_ten_hand")


def check(step: Step, found: Found) -> None:
    """The answer is an option, and the engine's fact when the step names one."""
    options = [str(o) for o in step.options]
    if len(options) < 2:
        found.append(("options", "a choice step needs at least two 'options'"))
    if str(step.answer) not in options:
        found.append(("answer", f"the answer {shown(step.answer)} is not one of the options"))
    fact = step.extra.get("fact")
    if fact is not None:
        if fact not in FACTS:
            found.append(("fact", f"'fact' must be one of {', '.join(FACTS)}, not {shown(fact)}"))
            return
        rules = rules_of(step)
        if fact == "under_ten_hand":
            eligible = [o for o in options
                        if all(c.rank <= 9 for c in cards_in(o.split(), "options", found))]
            if eligible != [str(step.answer)]:
                found.append(("answer", f"the under-ten hands among the options are {shown(eligible)}"))
            value: Any = step.answer
        elif fact == "shuffle_period":
            value = rules.shuffle_period(step.extra.get("players", 2))
        elif fact == "stock_size":
            value = rules.deck_size - rules.hand_size * step.extra.get("players", 2)
        elif fact == "max_hand_score":
            value = rules.max_hand_score()
        else:
            value = getattr(rules, fact)
        if str(value) != str(step.answer):
            found.append(("answer", f"the engine says {fact} of {rules.name} is {value}, "
                                    f"not {shown(step.answer)}"))
    wrong_keys(step, found, set(options), {str(step.answer)})


register(StepKind("choice", question=True, keys=frozenset({"fact", "rules", "players"}),
                  check=check, run=ChoiceRun))
