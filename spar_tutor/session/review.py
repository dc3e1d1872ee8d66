"""The review after a hand: every decision of the learner judged from what they could
see, with the values the level-3 hint showed (:class:`.hints.SessionHints`), and apart,
named as such, the hindsight with all cards seen (:func:`spar_tutor.solver.analyse_play`).

Each card line says its judgement in a sentence or two (:func:`~spar_tutor.solver.review.
judgement_words`), the rule of thumb a mistake broke (``tip``), and for each other card
the learner could have played, why not that one (``why_not``, shown behind a button).
"""

from __future__ import annotations

from typing import Any, Collection, Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import Card
from ..engine.state import PLAY, UNDER_TEN, Action, HandState, Move, move_said
from ..engine.view import SeatView
from ..engine.words import Players, card_text
from ..i18n import _
from ..i18n.money import money as in_money
from ..solver.review import Choice, judge, judgement_words
from ..solver.voice import deals
from .bets import BetRound, bet_is_mistake, match_needs, offer_amount, should_match
from .coach import mistake_rule
from .hints import CardValue, why_not_words


class ReviewLine(NamedTuple):
    """One decision the learner made, judged from what they could see (``text``, ``cost``,
    ``mistake``) and, apart, with all cards seen (``hindsight``, ``hindsight_cost``).
    ``trick`` is 0 before the first trick (under ten, dry and wet, bets). ``why_not``: for
    a card, each other card the learner could have played, and why not it."""

    trick: int
    card: Optional[Card]  # the card played (None for another decision)
    best: Optional[Move]  # the best choice from the learner's view
    cost: float  # expected points given up, from the learner's view
    text: str
    mistake: bool = False
    hindsight: str = ""
    hindsight_cost: float = 0.0
    move: Optional[Move] = None
    kind: str = "card"  # card, under_ten, declare, under_card, bet
    tip: str = ""  # for a mistaken card: the rule of thumb it broke, if one fits
    why_not: Tuple[Tuple[Move, str], ...] = ()


def review_hand(hints: Any, states: Sequence[HandState], humans: Collection[int],
                players: Players, bets: Optional[BetRound] = None) -> List[ReviewLine]:
    """Every decision a ``humans`` seat made in the hand of ``states`` (empty before the
    hand ends): under ten, dry and wet, the bets (``bets``: the hand's betting round),
    the under card and each card, judged from the player's view with the values of
    ``hints`` (a :class:`~.hints.SessionHints`: what the level-3 hint showed), and the
    hindsight with all cards seen."""
    final = states[-1]
    if not final.is_over():
        return []
    hindsight = _hindsight(hints.solver, states, players)
    lines: List[ReviewLine] = []
    for before, after in zip(states, states[1:]):
        seat, move = after.history[-1]
        if before.phase == PLAY and before.plays_made == 0 and bets is not None \
                and not any(line.kind == "bet" for line in lines):
            lines.extend(_bet_lines(hints, before, final, bets, humans, players))
        if seat not in humans:
            continue
        said = _pass_said(before, seat, move) or players.tell(move_said(seat, move))
        if isinstance(move, Action) and move.kind == "under_card":
            text = _("{said} Everyone saw it ({card}), so it told the others as much as "
                     "you: neither good nor bad.").format(
                         said=said, card=card_text(after.under_card) if after.under_card
                         else "")
            lines.append(ReviewLine(before.trick_number, None, None, 0.0, text,
                                    move=move, kind="under_card"))
            continue
        view = before.view(seat)
        valued = hints.view_values(view)
        choices = [Choice(v.move, v.win_chance, v.expected) for v in valued.choices
                   if v.move is not None]
        j = judge(choices, move)
        dried = before.dry[seat] is not None
        words = judgement_words(j, before.phase, dried)
        cost = 0.0 if j.choices == 1 else j.cost
        if isinstance(move, Card) and before.phase == PLAY:
            if j.played is None:
                words = _("A mistake: you did not follow suit when you could.")
                cost = 0.0
            tip = mistake_rule(view, move, j.best.move) \
                if j.mistake and j.played is not None and isinstance(j.best.move, Card) else ""
            h_text, h_cost = hindsight.get(before.plays_made + 1, ("", 0.0))
            if j.choices == 1:  # nothing to see in hindsight either
                h_text, h_cost = "", 0.0
            lines.append(ReviewLine(before.trick_number, move, j.best.move, cost,
                                    f"{said} {words}", j.played is None or j.mistake,
                                    h_text, h_cost, move, "card", tip,
                                    _why_not(view, valued.choices, move)))
            continue
        kind = "under_ten" if before.phase == UNDER_TEN else "declare"
        lines.append(ReviewLine(0, None, j.best.move, cost, f"{said} {words}", j.mistake,
                                _declared_hindsight(final, seat, move), 0.0, move, kind))
    return lines


def _hindsight(solver: Any, states: Sequence[HandState], players: Players
               ) -> Dict[int, Tuple[str, float]]:
    """Each card's open-hand review, with all cards seen, by its number in the hand."""
    start = next((st for st in states if st.phase == PLAY), None)
    if start is None:
        return {}
    out = {}
    for r in solver.analyse_play(start, states[-1], players=players):
        out[r.play] = (r.explanation, float(r.cost))
    return out


def _bet_lines(hints: Any, state: HandState, final: HandState, bets: BetRound,
               humans: Collection[int], players: Players) -> List[ReviewLine]:
    """The learners' bets: each offer, match and refusal, judged by the betting rule
    from their chance of winning (the same figure as the level-3 hint)."""
    lines = []
    n = state.players
    for seat in humans:
        chance = hints.chance(state, seat)
        figures = dict(deals=deals(chance), share=deals(1 / n))
        for i, bet in enumerate(bets.bets):
            if bet.seat == seat:
                made = True
                said = _("You offered a bet of {amount}.").format(amount=in_money(bet.amount))
            elif seat in bet.accepted_by:
                made = True
                said = _("You matched {player}'s bet of {amount}.").format(
                    player=players.name(bet.seat), amount=in_money(bet.amount))
            elif (i, seat) in bets.answered:
                made = False
                said = _("You declined {player}'s bet of {amount}.").format(
                    player=players.name(bet.seat), amount=in_money(bet.amount))
            else:
                continue
            mistake = made and bet_is_mistake(chance, n)
            if mistake:
                words = _("A mistake, from what you could see: you won the hand in about "
                          "{deals}, less than a fair share ({share}), so on average this bet "
                          "loses money.").format(**figures)
            elif made:
                words = _("Good: from what you could see, you won the hand in about {deals}, "
                          "more than a fair share ({share}).").format(**figures)
            else:
                money = bets.could_answer_with(seat, i)
                needs = dict(amount=in_money(bet.amount), needs=deals(match_needs(n, bet.amount, money)),
                             **figures)
                if should_match(chance, n, bet.amount, money):
                    words = _("Declining is allowed: nobody has to bet. But from what you "
                              "could see, you won the hand in about {deals}, and matching a "
                              "bet of {amount} pays above about {needs}: you could have matched "
                              "it.").format(**needs)
                else:
                    words = _("Good: from what you could see, you won the hand in about "
                              "{deals}, and matching a bet of {amount} pays only above about "
                              "{needs}.").format(**needs)
            lines.append(ReviewLine(0, None, None, 0.0, f"{said} {words}", mistake,
                                    _bet_hindsight(bets, i, seat, made, final, players),
                                    0.0, None, "bet"))
        if seat in bets.offered and not any(b.seat == seat for b in bets.bets):
            words = (_("From what you could see, you won the hand in about {deals}, well "
                       "above a fair share ({share}): you could have offered a bet.")
                     if offer_amount(chance, n, bets.available(seat)) else
                     _("Good: from what you could see, you won the hand in about {deals} (a "
                       "fair share is {share}), not enough for a bet.")).format(**figures)
            lines.append(ReviewLine(0, None, None, 0.0, _("You offered no bet.") + " " + words,
                                    False, "", 0.0, None, "bet"))
    return lines


def _why_not(view: SeatView, choices: Sequence[CardValue], played: Move
             ) -> Tuple[Tuple[Move, str], ...]:
    """For a card played: each other card the learner could have played, and why not it
    (against the best card; for the best card itself, against the card played)."""
    cards = [v for v in choices if v.card is not None]
    if len(cards) < 2:
        return ()
    best = cards[0]
    return tuple((v.card, why_not_words(view, best, v)) for v in cards[1:]
                 if v.card is not None and v.card != played)


def _pass_said(before: HandState, seat: int, move: Move) -> str:
    """A learner's "pass" in the review, by what it passed on: "You declared no wet." (the
    table's "You passed." does not say which)."""
    if not isinstance(move, Action) or move.kind != "pass":
        return ""
    if before.phase == UNDER_TEN:
        return _("You kept your hand.")
    return _("You declared no wet.") if before.dry[seat] is not None else _("You declared no dry.")


def _declared_hindsight(final: HandState, seat: int, move: Move) -> str:
    """With all cards seen: whether a declared card won one of the last two tricks."""
    if not isinstance(move, Action) or move.kind not in ("dry", "wet") or move.card is None:
        return ""
    card = move.card
    won = any(t.winner == seat and t.winning_card(final.players) is card
              for t in final.tricks[-2:])
    if won:
        return _("With all cards seen: {card} won one of the last two tricks, so it scored "
                 "double.").format(card=card_text(card))
    played = next((i for i, t in enumerate(final.tricks) if card in t.cards), None)
    if played is not None and played < len(final.tricks) - 2:
        return _("With all cards seen: {card} had to be played in trick {number}, before the "
                 "last two, so it scored nothing extra.").format(card=card_text(card),
                                                                 number=played + 1)
    return _("With all cards seen: {card} did not win one of the last two tricks, so it "
             "scored nothing extra.").format(card=card_text(card))


def _bet_hindsight(bets: BetRound, index: int, seat: int, made: bool, final: HandState,
                   players: Players) -> str:
    """With all cards seen: what the bet did to the learner's money."""
    bet = bets.bets[index]
    winner = final.result.winner if final.result is not None else None
    who = _("nobody") if winner is None else players.name(winner)
    if not made:
        if winner == seat:
            return _("With all cards seen: you won the hand, so matching would have won you "
                     "{amount}.").format(amount=in_money(bet.amount))
        if winner == bet.seat:
            return _("With all cards seen: {player} won the hand, so matching would have cost "
                     "you {amount}.").format(player=who, amount=in_money(bet.amount))
        return _("With all cards seen: {player} won the hand.").format(player=who)
    if not bet.accepted_by:
        return _("With all cards seen: nobody matched the bet, so it did not stand.")
    bettors = (bet.seat,) + tuple(bet.accepted_by)
    if winner == seat:
        return _("With all cards seen: you won the hand and the bet: {amount}.").format(
            amount=in_money(bet.amount * (len(bettors) - 1)))
    if winner in bettors:
        return _("With all cards seen: {player} won the hand, so you lost {amount}.").format(
            player=who, amount=in_money(bet.amount))
    return _("With all cards seen: {player} won the hand, so every bettor took their own "
             "money back.").format(player=who)
