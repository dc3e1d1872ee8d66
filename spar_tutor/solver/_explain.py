"""Sentences that say why a card is good or bad, built from the principal line.

The open-hand search gives a line of play: the learner keeps its guarantee and
the others hold it to that. :func:`explain_line` replays the line and names
what decides Spar: the trick the card goes to, who takes the second-to-last
trick (and so leads the last), and why the last card wins or loses. E.g.
"7♦ is the last diamond above 6♦; it takes trick 4, so you lead 6♣, which
nobody can follow: 3 points for sure". Cards are named as a learner reads them
(:func:`~spar_tutor.engine.words.card_text`) and players by name
(:class:`~spar_tutor.engine.words.Players`).
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, SUIT_NAMES, SUIT_SINGULAR, Card, cards_of_mask
from ..engine.words import Players, Said, card_text
from ..i18n import N_, _, ngettext, number
from ._position import Position

Line = Sequence[Tuple[int, int]]

#: The graded model's figures, a sentence after the explanation when nothing is sure.
MODEL_WORDS = N_("The computer guesses that you win about {chance} times in 100, with "
                 "{points} points on average.")


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


def seat_names(players: int, learner: int) -> Players:
    """The names a sentence uses when the caller gives none: "seat 2" (for developers:
    the command line), the learner "you"."""
    return Players(tuple(_("seat {seat}").format(seat=s) for s in range(players)), learner)


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
            card=card_text(card), suit=singular,
            other=card_text(max(below, key=lambda c: c.rank)))
    return _("{card} is the highest {suit} played").format(card=card_text(card), suit=singular)


def explain_line(pos: Position, line: Line, learner: int, first_number: int, guaranteed: int,
                 win_chance: float, expected: float, result: Optional[Said] = None,
                 players: Optional[Players] = None, figures: bool = True) -> str:
    """One sentence on the first card of ``line``, played by ``learner`` from ``pos``.

    ``result``: how the hand ends along the line (its scoring sentence); ``players``:
    the names to use (default: "seat 2", for developers), the learner being "you";
    ``figures``: end with the graded model's estimate when nothing is sure (a puzzle
    leaves it out)."""
    names = players if players is not None else seat_names(pos.players, learner)
    first = CARD_BY_BIT[line[0][1]]
    tricks = replay(pos, line, first_number)
    if not tricks:
        return _("{card}: no trick is finished in this line").format(card=card_text(first))
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
                card=card_text(first), number=own.number))
        else:
            parts.append(_("{card} gives trick {number} to {player}").format(
                card=card_text(first), number=own.number, player=names.name(own.winner)))
    lead = CARD_BY_BIT[last.cards[0]]
    win = CARD_BY_BIT[last.winning]
    if guaranteed > 0:
        if last.leader == learner:
            if second_last is not None and second_last is not own:
                parts.append(_("you take trick {number} with {card}").format(
                    number=second_last.number, card=card_text(CARD_BY_BIT[second_last.winning])))
            follow = _others_in_suit(last.before, learner, win)
            if parts:
                lead_words = (_("so you lead {card}, which nobody can follow") if not follow
                              else _("so you lead {card}, which nobody can beat"))
            else:
                lead_words = (_("you lead {card}, which nobody can follow") if not follow
                              else _("you lead {card}, which nobody can beat"))
            parts.append(lead_words.format(card=card_text(win)))
        else:
            parts.append(_("{player} has to lead {suits} to your {card}").format(
                player=names.name(last.leader), suits=_(SUIT_NAMES[lead.suit]),
                card=card_text(win)))
        if result is not None and result.kind == "two_tricks":
            sure = ngettext("{n} point for sure, from the last two tricks together",
                            "{n} points for sure, from the last two tricks together",
                            guaranteed)
        else:
            sure = ngettext("{n} point for sure", "{n} points for sure", guaranteed)
        return _sentence(parts, sure.format(n=guaranteed))
    if last.winner != learner:
        if last.leader == last.winner and second_last is not None:
            stop = (_("you can be stopped: {player} takes trick {number} with {card} and "
                      "leads {lead}, which you cannot follow")
                    if not _holds(last.before, learner, lead) else
                    _("you can be stopped: {player} takes trick {number} with {card} and "
                      "leads {lead}, which you cannot beat"))
            parts.append(stop.format(player=names.name(last.winner), number=second_last.number,
                                     card=card_text(CARD_BY_BIT[second_last.winning]),
                                     lead=card_text(lead)))
        else:
            parts.append(_("you can be stopped: {player} wins the last trick with "
                           "{card}").format(player=names.name(last.winner), card=card_text(win)))
    else:
        parts.append(_("you can still be stopped"))
    said = _sentence(parts, "")
    if not figures:
        return said
    model = _(MODEL_WORDS).format(chance=round(win_chance * 100), points=number(expected, 1))
    # Translators: the explanation, then the computer's guess (a sentence of its own)
    return _("{explanation}. {guess}").format(explanation=said, guess=model)


def _holds(pos: Position, seat: int, card: Card) -> bool:
    return bool(pos.hands[seat] & SUIT_MASKS[card.suit_index])


def _sentence(parts: List[str], tail: str) -> str:
    """The clauses about a card, then (if any) what it is worth."""
    clauses = _(", ").join(parts)
    # Translators: the clauses about a card (joined by ", "), then what it is worth
    text = (_("{clauses}: {tail}").format(clauses=clauses, tail=tail) if parts and tail
            else clauses or tail)
    return text[:1].upper() + text[1:]
