"""What a finished trick tells the learner, from their view alone (a whole hand's comment
after a trick once the learner's hand has left the lesson's: :mod:`.kinds.hand`).

Three things a careful player reads off the table after each trick: who won it and with
what; who did not follow, and so holds none of that suit; and which of the learner's 6s
and 7s nobody can beat any more, because every higher card of its suit has been seen.
Only the learner's :class:`~spar_tutor.engine.view.SeatView` is read, so the same view with
the hidden cards dealt another way says the same words.

>>> from spar_tutor.engine.cards import Card
>>> from spar_tutor.engine.dealfile import DealFile
>>> from spar_tutor.engine.words import Players
>>> state = DealFile.from_json({"hands": ["6H 8C", "KH 9S", "7H JC"]}).state()
>>> for code in ("8C", "9S", "JC"):
...     state = state.apply(Card.parse(code))
>>> trick_news(state.view(0), Players.of(["You", "Ama", "Kofi"], 0))
'Kofi won trick 4 with J♣. Ama did not follow, so there are no clubs in that hand.'
"""

from __future__ import annotations

from typing import FrozenSet, List, Sequence, Set

from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR, Card, cards_of_mask
from ..engine.state import Trick
from ..engine.view import SeatView
from ..engine.words import Players, card_text
from ..i18n import _
from ..solver.reasons import scoring_ranks


def trick_news(view: SeatView, players: Players) -> str:
    """What the trick just finished says to ``view``'s seat (see the module)."""
    trick = view.tricks[-1]
    said: List[str] = []
    win = trick.winning_card(view.players)
    if trick.winner is not None and win is not None:
        said.append(players.say(_("You won trick {number} with {card}."),
                                _("{player} won trick {number} with {card}."), trick.winner,
                                number=view.rules.tricks - view.tricks_left, card=win))
    led = trick.cards[0].suit
    before = _voids(view.tricks[:-1], view.players)
    for i, card in enumerate(trick.cards[1:], start=1):
        seat = trick.seat_of(i, view.players)
        if card.suit != led and seat != view.seat and led not in before[seat]:
            said.append(_("{player} did not follow, so there are no {suits} in that "
                          "hand.").format(player=players.name(seat), suits=_(SUIT_NAMES[led])))
    return " ".join(said + _safe_now(view, trick.cards))


def _voids(tricks: Sequence[Trick], players: int) -> List[Set[str]]:
    """The suits each seat has shown it lacks in ``tricks``."""
    out: List[Set[str]] = [set() for _seat in range(players)]
    for trick in tricks:
        led = trick.cards[0].suit
        for i, card in enumerate(trick.cards[1:], start=1):
            if card.suit != led:
                out[trick.seat_of(i, players)].add(led)
    return out


def _safe_now(view: SeatView, trick: Sequence[Card]) -> List[str]:
    """A sentence for each scoring card of the learner's (a 6 or a 7) that nobody can beat
    any more since this trick: every higher card of its suit has been seen."""
    seen = view.seen_cards()
    before: FrozenSet[Card] = seen - set(trick)
    pack = cards_of_mask(view.rules.deck_mask)
    out = []
    for card in view.hand:
        if card.rank not in scoring_ranks(view):
            continue
        higher = [c for c in pack if c.suit == card.suit and c.rank > card.rank]
        if all(c in seen for c in higher) and not all(c in before for c in higher):
            out.append(_("Nobody can beat your {card} now: every higher {suit} has been "
                         "played or is in your hand.").format(
                             card=card_text(card), suit=_(SUIT_SINGULAR[card.suit])))
    return out


__all__ = ["trick_news"]
