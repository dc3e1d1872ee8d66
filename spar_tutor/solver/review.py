"""The post-hand review: each decision judged from the player's view, and in hindsight.

Two judgements, shown apart:

* **From what the player could see** (:func:`judge`): a decision's choices valued
  from the player's view at that moment, by the same values a level-3 hint shows
  (the session keeps them in one table: :class:`spar_tutor.session.hints.SessionHints`),
  so the hint's choice is never a mistake. A choice is a *mistake* when it gives up
  :data:`MISTAKE_POINTS` or more expected points against the best choice.
* **With all cards seen** (:func:`analyse_play`, hindsight): like a bridge
  double-dummy review, each card is compared, open-hand, with the best card its
  player had: ``value_played`` is the points the player was sure of after the card
  it played, ``value_best`` after the best card, and ``cost`` the difference.

>>> from spar_tutor.engine.rules import Rules
>>> from spar_tutor.engine.state import HandState
>>> from spar_tutor.engine.cards import Card
>>> start = HandState.new(Rules.preset("standard"), ["7D 6C", "6D 9S", "8S TS"], dealer=2)
>>> end = start
>>> for text in ("6C", "9S", "8S", "7D", "6D", "TS"):
...     end = end.apply(Card.parse(text))
>>> first = analyse_play(start, end)[0]
>>> first.play, str(first.card), str(first.best), first.cost
(1, '6C', '7D', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, Card
from ..engine.errors import SparError
from ..engine.state import PLAY, UNDER_TEN, HandState, Move
from ..engine.words import Players, card_text
from ..i18n import _, ngettext, number, percent
from ._position import Position
from ._search import Searcher
from .solution import graded_outcomes, principal_line

#: Expected points a card must give up, under the graded model, to be named in the review.
GRADED_MARGIN = 0.1
#: Expected points a choice must give up, from the player's view, to be called a mistake.
MISTAKE_POINTS = 0.4
#: ... and to be called a little worse (not a mistake).
SLIP_POINTS = 0.1
#: Wins in 100 deals below which the best choice is not praised ("Good: ... 3 of 100"):
#: no choice won the hand often, and the review says so.
RARELY = 5


class Choice(NamedTuple):
    """One choice of a decision valued from the player's view (a level-3 hint's row)."""

    move: Move
    win_chance: float  # 0..1: how often it wins the hand, over the deals tried
    expected: float  # the player's points on average


@dataclass(frozen=True)
class Judgement:
    """A decision judged from the player's view: ``played`` (None for a move the values
    do not hold, such as a renege) against ``best``, the first of the choices."""

    move: Move
    best: Choice
    played: Optional[Choice]
    choices: int

    @property
    def cost(self) -> float:
        """Expected points given up against the best choice (0 for the best one)."""
        if self.played is None:
            return float("inf")
        return max(0.0, self.best.expected - self.played.expected)

    @property
    def mistake(self) -> bool:
        return self.cost >= MISTAKE_POINTS

    @property
    def slip(self) -> bool:
        return SLIP_POINTS <= self.cost < MISTAKE_POINTS


def judge(choices: Sequence[Choice], move: Move) -> Judgement:
    """Judge ``move`` against ``choices`` (best first, as the hint lists them).

    >>> from spar_tutor.engine.cards import Card
    >>> six, king = Card.parse("6S"), Card.parse("KH")
    >>> j = judge([Choice(six, 0.6, 2.1), Choice(king, 0.2, 0.6)], king)
    >>> j.mistake, round(j.cost, 1), judge([Choice(six, 0.6, 2.1)], six).mistake
    (True, 1.5, False)
    """
    if not choices:
        raise SparError("a decision needs at least one choice to judge", rule="review")
    played = next((c for c in choices if c.move == move), None)
    return Judgement(move, choices[0], played, len(choices))


def choice_words(move: Move, phase: str = PLAY, dried: bool = False) -> str:
    """A choice as words inside a sentence: "8♦", "a dry 6♦", "no wet", "keeping your hand"."""
    if isinstance(move, Card):
        return card_text(move)
    if move.kind == "dry" and move.card is not None:
        return _("a dry {card}").format(card=card_text(move.card))
    if move.kind == "wet" and move.card is not None:
        return _("a wet {card}").format(card=card_text(move.card))
    if move.kind == "under_ten":
        return _("exchanging your hand")
    if move.kind == "under_card":
        return _("seeing the under card")
    if phase == UNDER_TEN:
        return _("keeping your hand")
    return _("no wet") if dried else _("no dry")


def judgement_words(j: Judgement, phase: str = PLAY, dried: bool = False) -> str:
    """What the player could know, in words: the best choice, or what the choice gave up."""
    if j.played is None:
        return _("From what you could see, {best} was the best choice.").format(
            best=choice_words(j.best.move, phase, dried))
    move = choice_words(j.move, phase, dried)
    best = choice_words(j.best.move, phase, dried)
    if j.choices == 1:
        return _("It was your only choice.")
    chance = round(j.played.win_chance * 100)
    figures = dict(chance=chance, points=number(j.played.expected, 1))
    if j.mistake:
        return _("A mistake, from what you could see: {best} was better ({best_chance} wins "
                 "in 100 deals, {best_points} points on average) than {move} ({chance} wins, "
                 "{points} points).").format(
                     best=best, move=move, best_chance=round(j.best.win_chance * 100),
                     best_points=number(j.best.expected, 1), **figures)
    best_chance = round(j.best.win_chance * 100)
    if not j.slip and best_chance == 0:  # not "Good: ... 0 of 100 deals"
        return _("From what you could see, no choice won the hand in the deals the computer "
                 "tried: {move} was as good as any.").format(move=move)
    if not j.slip and best_chance < RARELY:  # not "Good: ... 1 of 100 deals": a lost cause
        return _("From what you could see, no choice won the hand often: {move} was as good "
                 "as any (about {best_chance} wins in 100 deals).").format(
                     move=move, best_chance=best_chance)
    if not j.slip and j.move != j.best.move and chance < RARELY:  # not "Good: ... 0 of 100"
        return _("From what you could see, {move} was nearly as good as {best}, and neither "
                 "won the hand often: about {chance} and {best_chance} wins in 100 deals."
                 ).format(move=move, best=best, chance=chance, best_chance=best_chance)
    if j.slip:
        return _("Fine, but from what you could see, {best} was a little better ({cost} "
                 "points more on average).").format(best=best, cost=number(j.cost, 1))
    if j.move == j.best.move:
        return _("Good: from what you could see, {move} was the best choice. You win about "
                 "{chance} of 100 deals with it, {points} points on average.").format(
                     move=move, **figures)
    return _("Good: from what you could see, {move} was as good as the best choice. You win "
             "about {chance} of 100 deals with it, {points} points on average.").format(
                 move=move, **figures)




@dataclass(frozen=True)
class PlayReview:
    """One card of the hand: ``play`` is its 1-based number in the hand."""

    play: int
    seat: int
    card: Card
    best: Card
    value_played: int
    value_best: int
    cost: int
    explanation: str
    # the graded model's view (docs/solver.md): it still tells cards apart when
    # no card guarantees anything, as at four players and more
    expected_played: float = 0.0
    expected_best: float = 0.0
    win_played: float = 0.0
    win_best: float = 0.0
    best_graded: Optional[Card] = None

    @property
    def expected_cost(self) -> float:
        """Expected points given up against the graded model's best card."""
        return max(0.0, self.expected_best - self.expected_played)

    def to_json(self) -> Dict[str, object]:
        return {"play": self.play, "seat": self.seat, "card": str(self.card),
                "best": str(self.best), "value_played": self.value_played,
                "value_best": self.value_best, "cost": self.cost,
                "explanation": self.explanation,
                "expected_played": round(self.expected_played, 4),
                "expected_best": round(self.expected_best, 4),
                "win_played": round(self.win_played, 4), "win_best": round(self.win_best, 4),
                "best_graded": str(self.best_graded) if self.best_graded else None}


def analyse_play(start_state: HandState, final_state: HandState,
                 seat: Optional[int] = None, players: Optional[Players] = None
                 ) -> List[PlayReview]:
    """Review every card played from ``start_state`` to ``final_state`` (which
    must continue it), for every seat or only ``seat``, open-hand; the explanations
    name the players by ``players`` (default "seat 2")."""
    done = start_state.history
    if final_state.history[:len(done)] != done:
        raise SparError("the final state does not continue the start state (their move "
                        "histories differ)", rule="review")
    searchers: Dict[Tuple[int, int], Searcher] = {}
    out = []
    state = start_state
    for who, move in final_state.history[len(done):]:
        try:
            after = state.apply(move, who)
        except SparError:
            raise SparError("the final state does not continue the start state (its moves do "
                            "not fit the start's hands)", rule="review") from None
        if isinstance(move, Card) and state.phase == PLAY and (seat is None or who == seat):
            out.append(_review(state, move, searchers, players))
        state = after
    if state.hands != final_state.hands:
        raise SparError("the final state does not continue the start state (their hands "
                        "differ)", rule="review")
    return out


def _review(state: HandState, card: Card, searchers: Dict[Tuple[int, int], Searcher],
            players: Optional[Players] = None) -> PlayReview:
    pos = Position.of(state)
    who = pos.to_move
    key = (who, id(pos.table))
    searcher = searchers.get(key)
    if searcher is None:
        searcher = searchers[key] = Searcher(pos.table, pos.players, who)
    values = searcher.move_values(pos)
    if card.bit in values:
        played = values[card.bit]
    else:  # a renege (offside): value the card all the same
        child, points = pos.play(card.bit)
        played = points[who] if points is not None else searcher.value(child)
    best_bit = max(values, key=lambda b: (values[b], b == card.bit, -b))
    best = CARD_BY_BIT[best_bit]
    top = values[best_bit]
    cost = top - played
    graded = graded_outcomes(pos, searcher, values)
    win_played, expected_played = graded.get(card.bit, (0.0, float(played)))
    graded_bit = max(graded, key=lambda b: (values[b], graded[b][1], b == card.bit, -b))
    win_best, expected_best = graded[graded_bit]
    if cost > 0:
        _line, why = principal_line(state, pos, searcher, best_bit, top, 1.0, float(top),
                                    None if players is None else Players.of(players, who))
        words = cost_sentence(card, cost, best, _decap(why))
    elif top > 0 and expected_best - expected_played >= GRADED_MARGIN:
        # sure of as much as the best card, but worse when the others play as most do:
        # the review's head says what it gave up, so say both (not "kept ..." alone)
        words = ngettext("you were sure of {top} point with {card} and with {better}, but when "
                         "the others play as most players do, {better} brings {points} points "
                         "on average and {card} {card_points}",
                         "you were sure of {top} points with {card} and with {better}, but when "
                         "the others play as most players do, {better} brings {points} points "
                         "on average and {card} {card_points}", top).format(
                             top=top, card=card_text(card),
                             better=card_text(CARD_BY_BIT[graded_bit]),
                             points=number(expected_best, 1),
                             card_points=number(expected_played, 1))
    elif top > 0:
        words = ngettext("{card} kept the {top} point you could be sure of",
                         "{card} kept the {top} points you could be sure of", top).format(
                             card=card_text(card), top=top)
    elif expected_best - expected_played >= GRADED_MARGIN:
        words = _("nothing was sure if the others played perfectly, but {better} gave "
                  "better chances: when they play as most players do, it wins the hand "
                  "{chance} of the time ({points} points on average), {card} "
                  "{card_chance} ({card_points} points)").format(
                      better=card_text(CARD_BY_BIT[graded_bit]), chance=percent(win_best),
                      points=number(expected_best, 1), card=card_text(card),
                      card_chance=percent(win_played),
                      card_points=number(expected_played, 1))
    else:
        words = _("no card was sure to win points here, so {card} was as good as any").format(
            card=card_text(card))
    return PlayReview(state.plays_made + 1, who, card, best, played, top, cost, words,
                      expected_played, expected_best, win_played, win_best,
                      CARD_BY_BIT[graded_bit])


def cost_sentence(card: Card, cost: int, best: Card, why: str) -> str:
    """The open-hand review of a card that cost points: "K♥ cost 2 points; with 6♣: ..."."""
    return ngettext("{card} cost {cost} point; with {best}: {why}",
                    "{card} cost {cost} points; with {best}: {why}", cost).format(
                        card=card_text(card), cost=cost, best=card_text(best), why=why)


def _decap(text: str) -> str:
    """Lower-case a sentence's first word unless it is a card ('JS gives ...')."""
    return text[0].lower() + text[1:] if len(text) > 1 and text[1].islower() else text


__all__ = ["Choice", "Judgement", "MISTAKE_POINTS", "PlayReview", "analyse_play", "choice_words",
           "judge", "judgement_words"]
