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

from dataclasses import dataclass, replace
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, Card
from ..engine.errors import SparError
from ..engine.state import PLAY, UNDER_TEN, HandState, Move
from ..engine.words import Players, card_text
from ..i18n import _, ngettext, points
from ._position import Position
from ._search import Searcher
from .reasons import Reason
from .solution import graded_outcomes, principal_reason
from .voice import THRESHOLDS, card_sentence, deals, every_hands, more_every_hands

#: The review's thresholds, from the one table (:data:`.voice.THRESHOLDS`).
GRADED_MARGIN = THRESHOLDS.graded_margin
MISTAKE_POINTS = THRESHOLDS.mistake
SLIP_POINTS = THRESHOLDS.slip
RARELY = THRESHOLDS.rarely


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
    """What the player could know, in words: the best choice, or what the choice gave up.
    A mistake and a slip are judged by points on average, so they are said in points
    ("about 1 point every 3 hands"); praise says how often the choice won."""
    if j.played is None:
        return _("From what you could see, {best} was the best choice.").format(
            best=choice_words(j.best.move, phase, dried))
    move = choice_words(j.move, phase, dried)
    best = choice_words(j.best.move, phase, dried)
    if j.choices == 1:
        return _("It was your only choice.")
    chance = round(j.played.win_chance * 100)
    best_chance = round(j.best.win_chance * 100)
    if j.mistake:
        return _("A mistake, from what you could see: {best} brought {best_average}, and "
                 "{move} {average}.").format(
                     best=best, move=move, best_average=every_hands(j.best.expected),
                     average=every_hands(j.played.expected))
    if not j.slip and best_chance == 0:  # not "Good: ... 0 of 100 deals"
        return _("From what you could see, no choice won the hand in the deals the computer "
                 "tried: {move} was as good as any.").format(move=move)
    if not j.slip and best_chance < RARELY:  # not "Good: ... 1 of 100 deals": a lost cause
        return _("From what you could see, no choice won the hand often: {move} was as good "
                 "as any. The best won in only {deals}.").format(
                     move=move, deals=deals(j.best.win_chance))
    if not j.slip and j.move != j.best.move and chance < RARELY:  # not "Good: ... 0 of 100"
        return _("From what you could see, {move} was nearly as good as {best}, and neither "
                 "won the hand often: {best} won in only {deals}.").format(
                     move=move, best=best, deals=deals(j.best.win_chance))
    if j.slip:
        return _("Fine, but from what you could see, {best} was a little better: "
                 "{more}.").format(best=best, more=more_every_hands(j.cost))
    if j.move == j.best.move:
        return _("Good: from what you could see, {move} was the best choice. It won the "
                 "hand in about {deals}.").format(move=move, deals=deals(j.played.win_chance))
    return _("Good: from what you could see, {move} was as good as the best choice. It won "
             "the hand in about {deals}.").format(move=move, deals=deals(j.played.win_chance))


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
    #: Why the best card was better, every hand open (for a card that cost points).
    reason: Optional[Reason] = None

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
    reason = principal_reason(state, pos, searcher, best_bit, top) if cost > 0 else None
    review = PlayReview(state.plays_made + 1, who, card, best, played, top, cost, "",
                        expected_played, expected_best, win_played, win_best,
                        CARD_BY_BIT[graded_bit], reason)
    names = None if players is None else Players.of(players, who)
    return replace(review, explanation=hindsight_words(review, names))


def hindsight_words(r: PlayReview, players: Optional[Players] = None) -> str:
    """The review of one card with all cards seen, in whole sentences: what it cost
    against the best card and why the best card was better, or what it kept."""
    card = card_text(r.card)
    if r.cost > 0:
        cost = ngettext("With all cards seen: {card} cost you {n} point. With {best} you could "
                        "be sure of {top}.",
                        "With all cards seen: {card} cost you {n} points. With {best} you "
                        "could be sure of {top}.", r.cost).format(
                            card=card, n=r.cost, best=card_text(r.best),
                            top=points(r.value_best))
        why = card_sentence(r.reason, players) if r.reason is not None else ""
        return f"{cost} {why}".strip()
    better = card_text(r.best_graded) if r.best_graded is not None else card
    if r.value_best > 0 and r.expected_cost >= GRADED_MARGIN:
        # sure of as much as the best card, but worse when the others play as most do
        return _("With all cards seen: {card} kept the {top} you could be sure of, and so did "
                 "{better}. But when the others play as most players do, {better} brings "
                 "{average}, and {card} {card_average}.").format(
                     card=card, top=points(r.value_best), better=better,
                     average=every_hands(r.expected_best),
                     card_average=every_hands(r.expected_played))
    if r.value_best > 0:
        return _("With all cards seen: {card} kept the {top} you could be sure of.").format(
            card=card, top=points(r.value_best))
    if r.expected_cost >= GRADED_MARGIN:
        return _("With all cards seen: nothing was sure if the others played perfectly, but "
                 "{better} gave better chances. When they play as most players do, it wins "
                 "the hand in {deals}, and {card} in {card_deals}.").format(
                     better=better, deals=deals(r.win_best), card=card,
                     card_deals=deals(r.win_played))
    return _("With all cards seen: no card was sure to win points here, so {card} was as "
             "good as any.").format(card=card)


__all__ = ["Choice", "Judgement", "MISTAKE_POINTS", "PlayReview", "analyse_play", "choice_words",
           "hindsight_words", "judge", "judgement_words"]
