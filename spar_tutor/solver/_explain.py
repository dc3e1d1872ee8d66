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
from ._position import Position

Line = Sequence[Tuple[int, int]]


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
    for _, bit in line:
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
    return "you" if seat == learner else f"seat {seat}"


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
    singular = SUIT_SINGULAR[card.suit]
    if not others:
        return f"nobody else holds a {singular}"
    below = [c for c in others if c.rank < card.rank]
    if len(below) == len(others):
        return f"{card} is the last {singular} above {max(below, key=lambda c: c.rank)}"
    return f"{card} is the highest {singular} played"


def explain_line(pos: Position, line: Line, learner: int, first_number: int, guaranteed: int,
                 win_chance: float, expected: float, points_words: Optional[str] = None) -> str:
    """One sentence on the first card of ``line``, played by ``learner`` from ``pos``."""
    first = CARD_BY_BIT[line[0][1]]
    tricks = replay(pos, line, first_number)
    if not tricks:
        return f"{first}: no trick is finished in this line"
    own, last = tricks[0], tricks[-1]
    second_last = tricks[-2] if len(tricks) >= 2 else None
    parts = []
    if own is not last:
        if own.winner == learner and own.winning == first.bit:
            parts.append(f"{why_it_wins(own.before, learner, first)}; it takes trick {own.number}")
        elif own.winner == learner:
            parts.append(f"{first} goes to trick {own.number}, which you take anyway")
        else:
            parts.append(f"{first} gives trick {own.number} to {_who(own.winner, learner)}")
    lead = CARD_BY_BIT[last.cards[0]]
    win = CARD_BY_BIT[last.winning]
    if guaranteed > 0:
        if last.leader == learner:
            if second_last is not None and second_last is not own:
                parts.append(f"you take trick {second_last.number} with "
                             f"{CARD_BY_BIT[second_last.winning]}")
            follow = _others_in_suit(last.before, learner, win)
            how = "which nobody can follow" if not follow else "which nobody can beat"
            parts.append(f"{'so ' if parts else ''}you lead {win}, {how}")
        else:
            parts.append(f"{_who(last.leader, learner)} has to lead {SUIT_NAMES[lead.suit]} "
                         f"to your {win}")
        sure = f"{guaranteed} point{'s' if guaranteed != 1 else ''} for sure"
        if points_words and "last two" in points_words:
            sure += f" ({points_words.split(':')[0]})"
        return _sentence(parts, sure)
    if last.winner != learner:
        if last.leader == last.winner and second_last is not None:
            how = "which you cannot follow" if not _holds(last.before, learner, lead) \
                else "which you cannot beat"
            parts.append(f"the others can stop you: {_who(last.winner, learner)} takes trick "
                         f"{second_last.number} with {CARD_BY_BIT[second_last.winning]} and "
                         f"leads {lead}, {how}")
        else:
            parts.append(f"the others can stop you: {_who(last.winner, learner)} wins the last "
                         f"trick with {win}")
    else:
        parts.append("the others can still stop you")
    model = (f"against the model you win {round(win_chance * 100)}% of the time, "
             f"{expected:.2f} points on average")
    return _sentence(parts, model)


def _holds(pos: Position, seat: int, card: Card) -> bool:
    return bool(pos.hands[seat] & SUIT_MASKS[card.suit_index])


def _sentence(parts: List[str], tail: str) -> str:
    text = ", ".join(parts) + ": " + tail if parts else tail
    return text[0].upper() + text[1:]
