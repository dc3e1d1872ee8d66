"""Sentences that say why a card is good or bad, built from the principal line.

The open-hand search gives a line of play: the learner keeps its guarantee and
the others hold it to that. :func:`explain_line` replays the line and names
what decides Spar: the trick the card goes to, who takes the second-to-last
trick (and so leads the last), and why the last card wins or loses. E.g.
"7D is the last diamond above 6D; it takes trick 4, so you lead 6C, which
nobody can follow: 3 points for sure".
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, SUIT_NAMES, SUIT_SINGULAR, Card, cards_of_mask
from ..i18n import N_, _, ngettext
from ._position import Position

Line = Sequence[Tuple[int, int]]

#: The graded model's figures, the last words of a sentence (puzzles/words.py strips them).
MODEL_WORDS = N_("against the model you win {percent} of the time, {points} points on average")


class TrickStory(NamedTuple):
    """One trick of a replayed line."""

    number: int  # in the whole hand, 1-based
    before: Position  # the position as the trick started (or as the line started)
    leader: int
    cards: Tuple[int, ...]  # card bits in play order from the leader
    winner: int
    winning: int  # the winning card's bit


def replay(pos: Position, line: Line, first_number: int) -> List[TrickStory]:
    """The tricks of ``line`` played from ``pos``; ``first_number`` is the current
    trick's number in the hand."""
    out = []
    cur = start = pos
    number = first_number
    for _seat, bit in line:
        if not cur.trick:
            start = cur
        nxt, points = cur.play(bit)
        full = cur.trick + (bit,)
        if len(full) == pos.players:
            winner = nxt.leader
            out.append(TrickStory(number, start, cur.leader, full, winner,
                                  full[(winner - cur.leader) % pos.players]))
            number += 1
        cur = nxt
        if points is not None:
            break
    return out


def _who(seat: int, learner: int) -> str:
    return _("you") if seat == learner else _("seat {seat}").format(seat=seat)


def _others_in_suit(pos: Position, seat: int, card: Card) -> List[Card]:
    """The cards of ``card``'s suit the other players hold at ``pos``."""
    mask = 0
    for s, h in enumerate(pos.hands):
        if s != seat:
            mask |= h
    return cards_of_mask(mask & SUIT_MASKS[card.suit_index])


def why_it_wins(pos: Position, seat: int, card: Card) -> str:
    """Why ``card`` beats the others' cards of its suit at ``pos``."""
    others = _others_in_suit(pos, seat, card)
    singular = _(SUIT_SINGULAR[card.suit])
    if not others:
        return _("nobody else holds a {suit}").format(suit=singular)
    below = [c for c in others if c.rank < card.rank]
    if len(below) == len(others):
        return _("{card} is the last {suit} above {other}").format(
            card=card, suit=singular, other=max(below, key=lambda c: c.rank))
    return _("{card} is the highest {suit} played").format(card=card, suit=singular)


def explain_line(pos: Position, line: Line, learner: int, first_number: int, guaranteed: int,
                 win_chance: float, expected: float, points_words: Optional[str] = None) -> str:
    """One sentence on the first card of ``line``, played by ``learner`` from ``pos``."""
    first = CARD_BY_BIT[line[0][1]]
    tricks = replay(pos, line, first_number)
    if not tricks:
        return _("{card}: no trick is finished in this line").format(card=first)
    own, last = tricks[0], tricks[-1]
    second_last = tricks[-2] if len(tricks) >= 2 else None
    # Translators: the clauses below are joined into one sentence by "{clauses}: {tail}"
    parts = []
    if own is not last:
        if own.winner == learner and own.winning == first.bit:
            parts.append(_("{why}; it takes trick {number}").format(
                why=why_it_wins(own.before, learner, first), number=own.number))
        elif own.winner == learner:
            parts.append(_("{card} goes to trick {number}, which you take anyway").format(
                card=first, number=own.number))
        else:
            parts.append(_("{card} gives trick {number} to {player}").format(
                card=first, number=own.number, player=_who(own.winner, learner)))
    lead = CARD_BY_BIT[last.cards[0]]
    win = CARD_BY_BIT[last.winning]
    if guaranteed > 0:
        if last.leader == learner:
            if second_last is not None and second_last is not own:
                parts.append(_("you take trick {number} with {card}").format(
                    number=second_last.number, card=CARD_BY_BIT[second_last.winning]))
            follow = _others_in_suit(last.before, learner, win)
            if parts:
                lead_words = (_("so you lead {card}, which nobody can follow") if not follow
                              else _("so you lead {card}, which nobody can beat"))
            else:
                lead_words = (_("you lead {card}, which nobody can follow") if not follow
                              else _("you lead {card}, which nobody can beat"))
            parts.append(lead_words.format(card=win))
        else:
            parts.append(_("{player} has to lead {suits} to your {card}").format(
                player=_who(last.leader, learner), suits=_(SUIT_NAMES[lead.suit]), card=win))
        sure = ngettext("{n} point for sure", "{n} points for sure", guaranteed).format(
            n=guaranteed)
        if points_words and "last two" in points_words:
            sure += f" ({points_words.split(':')[0]})"
        return _sentence(parts, sure)
    if last.winner != learner:
        if last.leader == last.winner and second_last is not None:
            stop = (_("the others can stop you: {player} takes trick {number} with {card} and "
                      "leads {lead}, which you cannot follow")
                    if not _holds(last.before, learner, lead) else
                    _("the others can stop you: {player} takes trick {number} with {card} and "
                      "leads {lead}, which you cannot beat"))
            parts.append(stop.format(player=_who(last.winner, learner), number=second_last.number,
                                     card=CARD_BY_BIT[second_last.winning], lead=lead))
        else:
            parts.append(_("the others can stop you: {player} wins the last trick with "
                           "{card}").format(player=_who(last.winner, learner), card=win))
    else:
        parts.append(_("the others can still stop you"))
    model = _(MODEL_WORDS).format(percent=f"{round(win_chance * 100)}%",
                                  points=f"{expected:.2f}")
    return _sentence(parts, model)


def _holds(pos: Position, seat: int, card: Card) -> bool:
    return bool(pos.hands[seat] & SUIT_MASKS[card.suit_index])


def _sentence(parts: List[str], tail: str) -> str:
    # Translators: the clauses about a card (joined by ", "), then what it is worth
    text = _("{clauses}: {tail}").format(clauses=_(", ").join(parts), tail=tail) if parts \
        else tail
    return text[0].upper() + text[1:]
