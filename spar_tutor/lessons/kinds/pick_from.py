"""``pick_from``: the learner clicks the cards of ``cards`` that fit ``rule``:
``highest``, ``lowest`` (one suit), ``not_in_pack``, ``in_pack`` (pack of ``rules``)."""

from __future__ import annotations

from typing import Any, Set

from ...engine.errors import shown
from ...engine.cards import Card, parse_card
from ..check import Found, cards_in, rules_of, wrong_keys
from ..model import Step
from ..rungs import READ_AGAIN
from ..steps import Answers, Feedback, StepRun, parse_answer_cards
from .base import StepKind, register
from ...i18n import N_, _, ngettext

PICK_RULES = ("highest", "lowest", "not_in_pack", "in_pack")


def check(step: Step, found: Found) -> None:
    """``answer`` is exactly the cards that fit the rule."""
    rules = rules_of(step)
    cards = cards_in(step.cards, "cards", found)
    rule = step.extra.get("rule")
    if rule not in PICK_RULES:
        found.append(("rule", f"'rule' must be one of {', '.join(PICK_RULES)}, not {shown(rule)}"))
        return
    if rule in ("highest", "lowest"):
        if len({c.suit for c in cards}) != 1:
            found.append(("cards", f"'{rule}' compares ranks, so the cards must be of one suit"))
            return
        pick = max if rule == "highest" else min
        truth = {pick(cards, key=lambda c: c.rank)}
    else:
        inside = {c for c in cards if rules.deck_mask & c.bit}
        truth = inside if rule == "in_pack" else set(cards) - inside
    answer = set(cards_in(step.answer, "answer", found))
    if answer != truth:
        found.append(("answer", f"the {rule.replace('_', ' ')} cards are "
                                f"{' '.join(sorted(map(str, truth))) or 'none'}, not "
                                f"{' '.join(sorted(map(str, answer))) or 'none'}"))
    wrong_keys(step, found, {str(c) for c in cards}, {str(c) for c in truth})


class PickFromRun(StepRun):
    """Click the cards that fit a rule (the highest, those not in the pack...)."""

    can_retry = True

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.targets = parse_answer_cards(step.answer)
        self.found: Set[Card] = set()

    def _answer(self, value: Any) -> Feedback:
        card = parse_card(str(value))
        if card in self.targets:
            self.found.add(card)
            left = len(self.targets - self.found)
            if left:
                return Feedback(True, ngettext("Yes, {card}. {left} more to find.",
                                               "Yes, {card}. {left} more to find.", left).format(
                                                   card=card.name, left=left))
            return self._right()
        return self._wrong(card, _("Not {card}. Look again.").format(card=card.name))

    def picture(self) -> str:
        """Nothing above the question: the cards are the buttons."""
        return "" if self.step.position is None else super().picture()

    def answers(self) -> Answers:
        return Answers(cards=tuple(parse_card(c) for c in self.step.cards),
                       found=frozenset(self.found))


#: The nudge for each rule a pick_from step asks about.
NUDGES = {"highest": N_("Look at each card's rank, not its suit: which comes highest in the "
                        "order of the pack?"),
          "lowest": N_("Look at each card's rank, not its suit: which comes lowest in the order "
                       "of the pack?"),
          "not_in_pack": N_("Which ranks are in this pack? Look for a card whose rank is not."),
          "in_pack": N_("Which ranks are in this pack? Look at each card's rank in turn.")}


def nudge(live: StepRun) -> str:
    """Where to look: the ranks, in the order of the pack or in this pack."""
    rule = live.step.extra.get("rule")
    return _(NUDGES[rule]) if rule in NUDGES else _(READ_AGAIN)


register(StepKind("pick_from", question=True, keys=frozenset({"rule", "rules"}), check=check,
                  run=PickFromRun, nudge=nudge))
