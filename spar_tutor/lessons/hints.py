"""The hint ladder of a lesson step: a nudge, then the rule, then the answer.

The nudge comes from the step's kind (one sentence per kind, never naming a card);
the rule is the step's own hint (with the solver's advice in a play step); the
answer is given only where the step's data shows it plainly: a choice's option, or
the cards to pick.

>>> from spar_tutor.lessons import load_all
>>> follow = next(l for l in load_all() if l.id == "03_follow")
>>> from spar_tutor.lessons.kinds import make_run
>>> live = make_run(follow.steps[2])
>>> ladder(live)[0]
'Look at the suit that was led first, then at the cards in your hand.'
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ..i18n import N_, _
from ..render.text import card_symbols
from .model import Step
from .steps import StepRun, parse_answer_cards, symbols

#: The first rung, by step kind: where to look, never which card.
NUDGES: Dict[str, str] = {
    "pick_card": N_("Look at the suit that was led first, then at the cards in your hand."),
    "pick_from": N_("Look at each card in turn before you pick: its suit, then its rank."),
    "play": N_("Think about the last trick first: which card do you want to keep for it?"),
    "declare": N_("Look for the 6s and 7s in your hand."),
    "trick": N_("Find the suit that was led first: only a card of that suit can win."),
    "deal": N_("Count round the table from the dealer, one seat at a time."),
    "points": N_("Look at the card that won the last trick: what is it worth?"),
    "odds": N_("Think about how many cards are still unseen, and how many of them would help."),
    "choice": N_("Read the question again slowly, and look at the picture before you choose."),
}
#: The nudge of a choice with no picture (its question is all there is to read).
WORDS_ONLY_NUDGE = N_("Read the question again slowly, one sentence at a time, before you "
                      "choose.")


def nudge(step: Step) -> Optional[str]:
    """The first rung of a question step, in the learner's language (``None``: none)."""
    if step.kind == "choice" and step.position is None and not step.cards:
        return _(WORDS_ONLY_NUDGE)
    return _(NUDGES[step.kind]) if step.kind in NUDGES else None


def answer_words(live: StepRun) -> Optional[str]:
    """The answer in words, where the step's data shows it plainly (else ``None``)."""
    step = live.step
    if step.answer is None or step.kind in ("play", "deal", "trick", "declare"):
        return None
    if step.kind in ("choice", "points", "odds"):
        return _("The answer is: {answer}.").format(answer=card_symbols(str(step.answer)))
    try:
        cards = parse_answer_cards(step.answer)
    except (ValueError, TypeError):
        return None
    return _("The answer is: {cards}.").format(cards=symbols(sorted(cards)))


def ladder(live: StepRun) -> List[str]:
    """The hints of a step, gentlest first (a page to read has only one)."""
    if not live.step.is_question:
        return [live.hint()]
    first = nudge(live.step)
    rungs = [first] if first else []
    rungs.append(live.hint())
    answer = answer_words(live)
    if answer is not None:
        rungs.append(answer)
    return rungs
