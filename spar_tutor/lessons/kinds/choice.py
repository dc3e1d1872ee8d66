"""``choice``: the learner clicks one of ``options``; with ``fact``, the answer is a
fact of the rules (``rules``) that the engine knows."""

from __future__ import annotations

from typing import Any

from ...engine.errors import shown
from ..check import Found, cards_in, rules_of, wrong_keys
from ..model import Step
from ..rungs import READ_AGAIN
from ..steps import ChoiceRun, StepRun
from ...i18n import N_, _
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


#: The nudge for each fact of the rules a choice step asks.
NUDGES = {"deck_size": N_("How many ranks does each suit have in this pack, and how many suits "
                          "are there?"),
          "hand_size": N_("Count the packets of the deal, and the cards in each packet."),
          "max_players": N_("How many cards does each player need, and how many are in the "
                            "pack?"),
          "min_players": N_("Can the game be played by one player alone? What does a trick "
                            "need?"),
          "max_hand_score": N_("Which finish scores the most in these rules?"),
          "target": N_("Think of these rules: what ends a match?"),
          "direction": N_("After you play, who plays next: the player on your left, or on your "
                          "right?"),
          "stock_size": N_("How many cards are dealt in all, and how many does the pack have?"),
          "shuffle_period": N_("How many deals can the pack give before it runs out?"),
          "under_ten_hand": N_("Look for the hand in which every card is a 9 or lower.")}


def nudge(live: StepRun) -> str:
    """The fact's own question to think about, or: read the question again."""
    fact = live.step.extra.get("fact")
    return _(NUDGES[fact]) if fact in NUDGES else _(READ_AGAIN)


register(StepKind("choice", question=True, keys=frozenset({"fact", "rules", "players"}),
                  check=check, run=ChoiceRun, nudge=nudge))
