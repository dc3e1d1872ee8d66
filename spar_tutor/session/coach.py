"""The words of the decisions that are not card play: the cut, under ten, dry and wet,
the under card and the bets, three rungs each (a nudge, the idea, and what the answer
rests on), the label of each action's button (:func:`offer_label`: Play, a shared table
and the lessons), and the review's tip for a card that broke a rule of thumb.

Pure functions of a :class:`~spar_tutor.engine.view.SeatView` (standard library only):
the card play's ladder is said by :mod:`spar_tutor.solver.voice` from the reasons of
:mod:`spar_tutor.solver.reasons`; the answers that need the solver's figures are made in
:mod:`spar_tutor.session.hints`.

>>> from spar_tutor.engine.cards import Card
>>> from spar_tutor.engine.rules import Rules
>>> from spar_tutor.engine.state import HandState
>>> view = HandState.new(Rules.preset("standard"), ["6S KH 9D", "8S QH 7D"], dealer=1).view(0)
>>> mistake_rule(view, Card.parse("6S"), Card.parse("9D"))
'Tip: keep 6♠ for the last trick, where it scores more than a higher card.'
>>> mistake_rule(view, Card.parse("KH"), Card.parse("9D"))
'Tip: high cards usually take the lead early, but first lose a card that can never win, if you have one.'
"""

from __future__ import annotations

from typing import Tuple

from ..engine.cards import Card
from ..engine.state import UNDER_TEN, Action
from ..engine.words import card_text
from ..engine.view import SeatView
from ..i18n import N_, _
from ..solver.reasons import HIGH, SCORING_RANKS, broken_rule
from ..solver.voice import tip

#: The cut: three rungs (the cut is luck, and the hints say so).
CUT = (N_("Does anyone at the table know the order of the pack?"),
       N_("The cut is luck: nobody knows the order of the pack, so any number of cards is as "
          "good as another. Cutting (or not) is your right, not a skill."),
       N_("Cut as many cards as you like, or do not cut: no choice is better than another."))
#: The bets: the nudge and the idea (the answer needs the solver's chance).
BETS = (N_("A bet pays only if you win the hand: how likely is that with these cards?"),
        N_("A bet stands if someone matches it. If a bettor wins the hand they take that "
           "bet's money; if anyone else wins, every bettor takes their own back. So bet on a "
           "hand that can win the last trick, such as a 6 or 7 you can keep for it."))
#: The under card: three rungs (everyone sees it, so it helps nobody more than another).
UNDER_CARD = (N_("If you ask for the under card, who else sees it?"),
              N_("The under card is shown to everyone at the table, so it tells the others as "
                 "much as it tells you."),
              N_("Asking for the under card is neither good nor bad: everyone sees it."))


def decision_rungs(view: SeatView) -> Tuple[str, str]:
    """The nudge and the idea of a decision before the first lead: under ten, or dry and
    wet (in the learner's language)."""
    if view.phase == UNDER_TEN:
        return (_("Your hand has no card above a 9. Would five new cards from the stock give "
                  "you a better chance?"),
                _("Under ten: a hand with every card 9 or lower may be shown and swapped for "
                  "five cards from the top of the stock. You keep the new hand, even if it is "
                  "weak again."))
    if view.dry[view.seat] is None:
        return (_("A dry is shown face up to everyone. Could it win one of the last two "
                  "tricks, or will someone lead its suit and force it out early?"),
                _("A declared 6 or 7 that wins one of the last two tricks scores double. A "
                  "dry is face up: the others see it and can lead its suit to force it out "
                  "before the end."))
    return (_("A wet is a second 6 or 7, face down. Can both your declared cards still win "
              "the last two tricks?"),
            _("A wet is face down, so the others cannot play against it. If it does not win "
              "one of the last two tricks, it costs you nothing."))


def offer_label(action: Action, phase: str, has_dry: bool) -> str:
    """The button text for an offered action."""
    if action.kind == "under_ten":
        return _("Exchange my hand")
    if action.kind == "dry" and action.card is not None:
        return _("Dry {card} (shown face up)").format(card=card_text(action.card))
    if action.kind == "wet" and action.card is not None:
        return _("Wet {card} (kept face down)").format(card=card_text(action.card))
    if action.kind == "under_card":
        return _("Show the under card")
    if phase == "under_ten":
        return _("Keep my hand")
    return _("No wet") if has_dry else _("No dry")


def mistake_rule(view: SeatView, played: Card, better: Card) -> str:
    """The tip (a rule of thumb of lessons 9 and 12) that ``played`` broke and ``better``
    kept, in one sentence for the review of a mistake ("" when no rule fits): it names the
    misconception, not just "wrong". Only what ``view`` shows is used
    (:func:`spar_tutor.solver.reasons.broken_rule`)."""
    reason = broken_rule(view, played, better)
    return tip(reason) if reason is not None else ""


__all__ = ["BETS", "CUT", "HIGH", "SCORING_RANKS", "UNDER_CARD", "decision_rungs",
           "mistake_rule", "offer_label"]
