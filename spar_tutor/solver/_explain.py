"""Sentences that say why a card is good or bad, built from the principal line.

The open-hand search gives a line of play: the learner keeps its guarantee and the
others hold it to that. :func:`line_reason` replays the line into a structured
:class:`~.reasons.Reason` (the trick the card goes to, who takes the second-to-last
trick and so leads the last, why the last card wins or loses), and :func:`explain_line`
says it with :mod:`.voice`, in whole sentences: "7♦ wins trick 4, and then you lead 6♣
to the last trick, which nobody can follow. 7♦ is the last diamond above 6♦. You are
sure of 3 points." Cards are named as a learner reads them
(:func:`~spar_tutor.engine.words.card_text`) and players by name
(:class:`~spar_tutor.engine.words.Players`).
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from ..engine.words import Players, Said
from ..i18n import _
from ._position import Position
from .reasons import Reason, line_reasons
from .voice import deals, every_hands, explanation

Line = Sequence[Tuple[int, int]]


def seat_names(players: int, learner: int) -> Players:
    """The names a sentence uses when the caller gives none: "seat 2" (for developers:
    the command line), the learner "you"."""
    return Players(tuple(_("seat {seat}").format(seat=s) for s in range(players)), learner)


def line_reason(pos: Position, line: Line, learner: int, first_number: int, guaranteed: int,
                result: Optional[Said] = None) -> Reason:
    """The structured reason for the first card of ``line``, played by ``learner``."""
    two = result is not None and result.kind == "two_tricks"
    return line_reasons(pos, line, learner, first_number, guaranteed, two)


def explain_line(pos: Position, line: Line, learner: int, first_number: int, guaranteed: int,
                 win_chance: float, expected: float, result: Optional[Said] = None,
                 players: Optional[Players] = None, figures: bool = True) -> str:
    """Short whole sentences on the first card of ``line``, played by ``learner`` from
    ``pos``.

    ``result``: how the hand ends along the line (its scoring sentence); ``players``:
    the names to use (default: "seat 2", for developers), the learner being "you";
    ``figures``: end with the graded model's estimate when nothing is sure (a puzzle
    leaves it out)."""
    names = players if players is not None else seat_names(pos.players, learner)
    reason = line_reason(pos, line, learner, first_number, guaranteed, result)
    said = explanation(reason, names)
    if guaranteed > 0 or not figures:
        return said
    if round(100 * win_chance) == 0:
        return f"{said} " + _("The computer guesses that you cannot win the hand this way.")
    guess = _("The computer guesses that you win the hand in about {deals}, with "
              "{average}.").format(deals=deals(win_chance), average=every_hands(expected))
    return f"{said} {guess}"
