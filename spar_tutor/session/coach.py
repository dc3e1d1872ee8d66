"""Words for the first two hint levels: a nudge, then the rule or principle.

Pure functions of a :class:`~spar_tutor.engine.view.SeatView` (standard library
only); the third level, the solver's answer, lives in the session. Each
function returns one or two short sentences for a learner.

>>> from spar_tutor.engine.cards import Card
>>> from spar_tutor.engine.rules import Rules
>>> from spar_tutor.engine.state import HandState
>>> state = HandState.new(Rules.preset("standard"), ["6S 7H", "9S 8H"], dealer=1)
>>> nudge(state.view(0))
'Whoever wins this trick leads the last one. Do you want that lead?'
>>> nudge(state.apply(Card.parse("6S")).view(1))
'Spades were led, and 9♠ is your only spade: you must play it.'
"""

from __future__ import annotations


from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR, Card
from ..engine.scoring import scoring_table
from ..engine.state import DECLARE, PLAY, UNDER_TEN
from ..engine.view import SeatView
from ..engine.words import card_text, cards_text
from ..i18n import _


def _suits(suit: str) -> str:
    return _(SUIT_NAMES[suit])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _led_suit(view: SeatView) -> str:
    return view.current_trick[0].suit if view.current_trick else ""


def _can_follow(view: SeatView) -> bool:
    led = _led_suit(view)
    return bool(led) and any(c.suit == led for c in view.hand)


def nudge(view: SeatView) -> str:
    """Level 1: what to think about now, without giving the answer away."""
    if view.phase == UNDER_TEN:
        return _("Your hand has no card above a 9. Would five new cards from the stock "
                 "give you a better chance?")
    if view.phase == DECLARE:
        if view.dry[view.seat] is None:
            return _("A dry is shown face up to everyone. Could it win one of the last two "
                     "tricks, or will someone lead its suit and force it out early?")
        return _("A wet is a second 6 or 7, face down. Can both your declared cards still "
                 "win the last two tricks?")
    if view.phase != PLAY:
        return _("The hand is over: look at the review to see what each card cost.")
    led = _led_suit(view)
    if view.tricks_left == 1:
        if led:
            return _capital(_("{suits} were led to the last trick. Can you beat it?").format(
                suits=_suits(led)))
        return _("Only the last trick scores. Which of your cards can still win it?")
    if led:
        playable = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(playable) == 1 and _can_follow(view):  # no choice: not "win it or keep it?"
            return _capital(_("{suits} were led, and {card} is your only {suit}: you must "
                              "play it.").format(suits=_suits(led), card=card_text(playable[0]),
                                                 suit=_(SUIT_SINGULAR[led])))
        top = max((c for c in view.current_trick if c.suit == led), key=lambda c: c.rank)
        if _can_follow(view) and not any(c.suit == led and c.rank > top.rank for c in playable):
            # "win it or keep your strong cards?" when no card can win it was wrong
            return _capital(_("{suits} were led, and none of yours beats {card}. Which one do "
                              "you want to keep for later?").format(suits=_suits(led),
                                                                      card=card_text(top)))
        if _can_follow(view):
            return _capital(_("{suits} were led. Do you want to win this trick, "
                              "or keep your strong cards for later?").format(suits=_suits(led)))
        return _("You have no {suits}, so this trick is not yours. "
                 "Which card do you need least?").format(suits=_suits(led))
    if view.tricks_left == 2:
        return _("Whoever wins this trick leads the last one. Do you want that lead?")
    return _("You lead. Which card do you want to still be holding when the last trick "
             "comes?")


def principle(view: SeatView) -> str:
    """Level 2: the rule or the principle of play that applies now."""
    if view.phase == UNDER_TEN:
        return _("Under ten: a hand with every card 9 or lower may be shown and swapped for "
                 "five cards from the top of the stock. You keep the new hand, even if it is "
                 "weak again.")
    if view.phase == DECLARE:
        return _("Dry and wet: a declared 6 or 7 that wins one of the last two tricks scores "
                 "double (a 6 scores 6, a 7 scores 4). A dry must still follow suit, and if it "
                 "is played before the second-to-last trick your wet is turned face up.")
    if view.phase != PLAY:
        return _scoring_words(view)
    led = _led_suit(view)
    if led and _can_follow(view):
        held = [c for c in view.hand if c.suit == led]
        return _("You must follow suit when you can, and you can ({cards}). Any {suit} will "
                 "do, higher or lower: you do not have to beat the card on the table.").format(
                     cards=cards_text(held), suit=_(SUIT_SINGULAR[led]))
    if led:
        return _("A card of another suit never wins the trick. Give away the card you need "
                 "least, and keep your winners and your 6s and 7s for the end.")
    if view.tricks_left == 1:
        return _("The leader of the last trick wins it unless someone follows suit higher. "
                 "{scoring}").format(scoring=_scoring_words(view))
    if view.tricks_left == 2:
        return _("Win this trick if you hold a card that can win the last one. The winner "
                 "of this trick leads the last one, and the leader wins it unless someone "
                 "follows suit higher.")
    return _("Only the last trick scores. Use the early tricks to get rid of cards that "
             "cannot win at the end. Keep your best card for the last trick: best of all, a "
             "6 or 7 that nobody can beat.")


def _scoring_words(view: SeatView) -> str:
    rows = [r for r in scoring_table(view.rules) if r[1] > 0][-3:]
    # Translators: one row of the scoring table: what happened, and its points
    parts = [_("{what}: {points}").format(what=_(words), points=points) for words, points in rows]
    # Translators: {rows} are rows of the scoring table, separated by "; "
    return _("Scoring: {rows}.").format(rows=_("; ").join(parts))


#: The ranks that win the last trick more points than a higher card, by scoring system.
SCORING_RANKS = {"spar": (6, 7), "jeu_de_carte": (7,), "sipa": (7,), "agram": ()}
#: A "high card" in the tips: a queen or higher (lesson 9: "an ace or king").
HIGH = 12


def mistake_rule(view: SeatView, played: Card, better: Card) -> str:
    """The tip (a rule of thumb of lessons 9 and 12) that ``played`` broke and ``better``
    kept, in one sentence for the review of a mistake ("" when no rule fits): it names the
    misconception, not just "wrong". Only what ``view`` shows is used; the first rule that
    fits is said.

    >>> from spar_tutor.engine.rules import Rules
    >>> from spar_tutor.engine.state import HandState
    >>> view = HandState.new(Rules.preset("standard"), ["6S KH 9D", "8S QH 7D"], dealer=1).view(0)
    >>> mistake_rule(view, Card.parse("6S"), Card.parse("9D"))
    'Tip: keep 6♠ for the last trick, where it scores more than a higher card.'
    >>> mistake_rule(view, Card.parse("KH"), Card.parse("9D"))
    'Tip: high cards usually take the lead early, but first lose a card that can never win, if you have one.'
    """
    if view.phase != PLAY or view.tricks_left <= 1 or played == better:
        return ""
    special = SCORING_RANKS.get(view.rules.scoring, ())
    if played.rank in special and better.rank not in special:
        return _("Tip: keep {card} for the last trick, where it scores more than a higher "
                 "card.").format(card=card_text(played))
    led = _led_suit(view)
    if led and not _can_follow(view):
        return _("Tip: when you cannot follow suit, throw away the card with no job: the one "
                 "least likely to help you win the last trick.")
    top = max((c.rank for c in view.current_trick if c.suit == led), default=0)
    better_takes = not led or better.suit == led and better.rank > top
    played_takes = not led or played.suit == led and played.rank > top
    if view.tricks_left == 2 and led and better_takes and not played_takes:
        return _("Tip: win the second-to-last trick if you hold a card that can win the "
                 "last one: its winner leads the last trick.")
    if view.tricks_left > 2 and played.rank >= HIGH and played.rank > better.rank:
        return _("Tip: high cards usually take the lead early, but first lose a card that "
                 "can never win, if you have one.")
    if view.tricks_left > 2 and better_takes and better.rank >= HIGH > played.rank:
        return _("Tip: spend high cards early, usually: they take the lead, and at the end "
                 "they score only 1 point.")
    return ""
