"""What a finished hand scores: one function per scoring system.

Only the winner of the last trick scores (or, after an offside, only the
offender, who loses 3). The functions here take the last tricks of the hand,
newest last, and the declared cards of the last trick's winner, and return the
points with a sentence saying why:

>>> from spar_tutor.engine.cards import parse_cards
>>> from spar_tutor.engine.rules import Rules
>>> six, seven = parse_cards("6S 7H")
>>> hand_score(Rules.preset("standard", two_trick_bonus=True), [(0, seven), (0, six)], ())
(5, 'a six and a seven of different suits won the last two tricks: 5')
"""

from __future__ import annotations

from typing import Collection, NamedTuple, Optional, Sequence, Tuple

from ..i18n import N_, _, points as points_words
from .cards import Card
from .rules import Rules
from .words import Said

#: The figure an offside costs the offender.
OFFSIDE_PENALTY = -3

#: (winner seat, winning card) of a trick.
TrickWin = Tuple[int, Card]


def card_value(card: Card) -> int:
    """Spar's value of a last-trick winner: 6 scores 3, 7 scores 2, anything else 1."""
    return 3 if card.rank == 6 else 2 if card.rank == 7 else 1


class Scored(NamedTuple):
    """The points of the last trick's winner, the engine's words saying why (after the
    winner's seat: "won the last trick with 6S: 3") and the learner's sentence."""

    points: int
    why: str
    said: Said


_BONUS_WORDS = {6: N_("two sixes won the last two tricks: {points}"),
                5: N_("a six and a seven of different suits won the last two tricks: {points}"),
                4: N_("two sevens won the last two tricks: {points}")}
#: The learner's sentences for the two-trick bonus, about the winner and about the learner.
_BONUS_SAID = {
    6: (N_("You won the last two tricks with two sixes: {points}."),
        N_("{player} won the last two tricks with two sixes: {points}.")),
    5: (N_("You won the last two tricks with a six and a seven of different suits: {points}."),
        N_("{player} won the last two tricks with a six and a seven of different suits: "
           "{points}.")),
    4: (N_("You won the last two tricks with two sevens: {points}."),
        N_("{player} won the last two tricks with two sevens: {points}.")),
}


def _last_trick(winner: int, card: Card, points: int) -> Scored:
    return Scored(points, _("won the last trick with {card}: {points}").format(
        card=card, points=points),
        Said.about(winner, N_("You won the last trick with {card}: {points}."),
                   N_("{player} won the last trick with {card}: {points}."),
                   card=card, points=points_words(points)))


def spar_score(
    rules: Rules, wins: Sequence[TrickWin], declared: Collection[Card]
) -> Tuple[int, str]:
    """Spar scoring with the optional two-trick bonus and dry/wet ladder (RULES.md 1-2).

    ``wins`` are the (winner, card) of the last tricks, oldest first;
    ``declared`` the dry and wet cards of the last trick's winner (empty unless
    dry/wet is on). A declared card winning one of the last two tricks is live.
    The words follow the winner's name ("seat 2 won the last trick with 6S: 3").
    """
    return _spar(rules, wins, declared)[:2]


def _spar(rules: Rules, wins: Sequence[TrickWin], declared: Collection[Card]) -> Scored:
    winner, last = wins[-1]
    doubled = rules.dry_wet and last in declared
    points = card_value(last) * (2 if doubled else 1)
    if doubled:
        scored = Scored(points, _("won the last trick with a live declared {card}: {points}")
                        .format(card=last, points=points),
                        Said.about(winner, N_("You won the last trick with {card}, a live "
                                              "card you declared, so it counts double: "
                                              "{points}."),
                                   N_("{player} won the last trick with {card}, a live card "
                                      "{player} declared, so it counts double: {points}."),
                                   card=last, points=points_words(points)))
    else:
        scored = _last_trick(winner, last, points)
    if rules.two_trick_bonus and len(wins) >= 2:
        prev_winner, prev = wins[-2]
        if (
            prev_winner == winner
            and prev.rank in (6, 7)
            and last.rank in (6, 7)
            and prev.suit != last.suit
        ):
            bonus = card_value(prev) + card_value(last)
            words = _(_BONUS_WORDS[bonus])
            you, other = _BONUS_SAID[bonus]
            if rules.dry_wet and prev in declared and last in declared:
                bonus *= 2
                words = _("the dry and wet ({dry} and {wet}) won the last two tricks: {points}")
                you = N_("You won the last two tricks with your dry and wet, {dry} and {wet}: "
                         "{points}.")
                other = N_("{player} won the last two tricks with their dry and wet, {dry} and "
                           "{wet}: {points}.")
            if bonus > points:
                scored = Scored(bonus, words.format(dry=prev, wet=last, points=bonus),
                                Said.about(winner, you, other, kind="two_tricks", dry=prev,
                                           wet=last, points=points_words(bonus)))
    return scored


def jeu_de_carte_score(wins: Sequence[TrickWin]) -> Tuple[int, str]:
    """Jeu de Carte: a 7 winning the last trick scores 2, any other card 1."""
    return _jeu_de_carte(wins)[:2]


def _jeu_de_carte(wins: Sequence[TrickWin]) -> Scored:
    winner, last = wins[-1]
    return _last_trick(winner, last, 2 if last.rank == 7 else 1)


def sipa_score(wins: Sequence[TrickWin]) -> Tuple[int, str]:
    """Sipa: the last three tricks won by one player with 7s score 6, the last two 4,
    the last one 2; any other winning card 1."""
    return _sipa(wins)[:2]


def _sipa(wins: Sequence[TrickWin]) -> Scored:
    winner = wins[-1][0]
    run = 0
    for seat, card in reversed(wins[-3:]):
        if seat != winner or card.rank != 7:
            break
        run += 1
    points = {0: 1, 1: 2, 2: 4, 3: 6}[run]
    if run <= 1:
        return _last_trick(winner, wins[-1][1], points)
    return Scored(points, _("won the last {run} tricks with sevens: {points}").format(
        run=run, points=points),
        Said.about(winner, N_("You won the last {run} tricks with sevens: {points}."),
                   N_("{player} won the last {run} tricks with sevens: {points}."),
                   kind="two_tricks" if run == 2 else "", run=run,
                   points=points_words(points)))


def hand_score(
    rules: Rules, wins: Sequence[TrickWin], declared: Collection[Card]
) -> Tuple[int, str]:
    """The points of the last trick's winner under ``rules.scoring``, and why."""
    return score(rules, wins, declared)[:2]


def score(rules: Rules, wins: Sequence[TrickWin], declared: Collection[Card]) -> Scored:
    """:func:`hand_score` with the learner's sentence about the winner."""
    if rules.scoring == "spar":
        return _spar(rules, wins, declared)
    if rules.scoring == "jeu_de_carte":
        return _jeu_de_carte(wins)
    if rules.scoring == "sipa":
        return _sipa(wins)
    winner, last = wins[-1]
    return Scored(1, _("won the last trick with {card}: the hand").format(card=last),
                  Said.about(winner, N_("You won the last trick with {card}, and so the "
                                        "hand."),
                             N_("{player} won the last trick with {card}, and so the hand."),
                             card=last))


def scoring_table(rules: Rules) -> Sequence[Tuple[str, int]]:
    """Every figure a hand can score under these rules, highest first, in words (English,
    marked for the catalogue: show them through ``_()``)."""
    if rules.scoring == "agram":
        rows = [(N_("winning the last trick"), 1)]
    elif rules.scoring == "jeu_de_carte":
        rows = [(N_("last trick won with a 7"), 2), (N_("last trick won with any other card"), 1)]
    elif rules.scoring == "sipa":
        rows = [
            (N_("the same player wins the last three tricks, each with a 7"), 6),
            (N_("the same player wins the last two tricks, each with a 7"), 4),
            (N_("last trick won with a 7"), 2),
            (N_("last trick won with any other card"), 1),
        ]
    else:
        rows = []
        if rules.dry_wet:
            rows += [
                (N_("you win the last two tricks with your own live dry and wet, two sixes"),
                 12),
                (N_("you win the last two tricks with your own live dry and wet, a six and a "
                    "seven"), 10),
                (N_("you win the last two tricks with your own live dry and wet, two sevens"),
                 8),
            ]
        if rules.two_trick_bonus:
            rows += [
                (N_("the same player wins the last two tricks with two sixes"), 6),
                (N_("the same player wins the last two tricks with a six and a seven of "
                    "different suits"), 5),
                (N_("the same player wins the last two tricks with two sevens"), 4),
            ]
        if rules.dry_wet:
            rows += [(N_("last trick won with your own live dry or wet 6"), 6),
                     (N_("last trick won with your own live dry or wet 7"), 4)]
        rows += [
            (N_("last trick won with a 6"), 3),
            (N_("last trick won with a 7"), 2),
            (N_("last trick won with an 8 or higher"), 1),
        ]
    if rules.offside:
        rows.append((N_("offside: your renege is found out"), OFFSIDE_PENALTY))
    return rows


def winner_points(points: Sequence[int]) -> Optional[int]:
    """The seat that scored in a hand, or None."""
    for seat, p in enumerate(points):
        if p > 0:
            return seat
    return None
