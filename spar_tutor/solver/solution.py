"""``solve``: every legal card of the player to move, valued open-hand.

>>> from spar_tutor.engine.rules import Rules
>>> from spar_tutor.engine.state import HandState
>>> state = HandState.new(Rules.preset("standard"), ["7D 6C", "6D 9S", "8S TS"], dealer=2)
>>> solution = solve(state)
>>> str(solution.best.card), solution.best.guaranteed
('7D', 3)
>>> print(solution.explain(solution.best.card))
7♦ wins trick 4, and then you lead 6♣ to the last trick, which nobody can follow. 7♦ is the last diamond above 6♦. You are sure of 3 points.
>>> solution.reason("7D").idea
'lead_last'
>>> from spar_tutor.engine.words import Players
>>> other = solve(HandState.new(Rules.preset("standard"), ["6D 9S", "7D 6C", "8S TS"], dealer=2))
>>> print(other.explain("6D", Players(("You", "Kofi", "Ama"), you=0), figures=False))
After 6♦, Kofi can take trick 4 with 7♦ and lead 6♣, which you cannot follow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Dict, List, Optional, Tuple

from ..engine.cards import CARD_BY_BIT, Card, parse_card
from ..engine.errors import IllegalMoveError
from ..engine.state import HandState
from ..engine.words import Players, Said
from ._explain import explain_line, line_reason
from ._model import Model
from ._position import Position, SolverError
from ._search import Searcher
from .reasons import Reason


@dataclass(frozen=True)
class MoveValue:
    """One legal card and what it is worth to the player to move.

    ``guaranteed``: the points the player is sure of after this card, whatever
    the others do (open hand). ``win_chance`` and ``expected``: the chance of
    winning the last trick and the expected points under the graded model
    (docs/solver.md). ``line``: a principal line from this card to the end of
    the hand (the player keeps the guarantee, the others hold it to that).
    """

    card: Card
    guaranteed: int
    win_chance: float
    expected: float
    line: List[Card] = field(default_factory=list)

    def to_json(self) -> Dict[str, object]:
        return {"card": str(self.card), "guaranteed": self.guaranteed,
                "win_chance": round(self.win_chance, 4), "expected": round(self.expected, 4),
                "line": [str(c) for c in self.line]}


@dataclass(frozen=True)
class Solution:
    """Every legal card of ``to_move``, best first (by guarantee, then expected
    points, then win chance)."""

    to_move: int
    moves: List[MoveValue]
    state: HandState = field(repr=False, compare=False)
    _why: Dict[Card, Callable[..., str]] = field(default_factory=dict, repr=False,
                                                 compare=False)
    _reasons: Dict[Card, Callable[[], Reason]] = field(default_factory=dict, repr=False,
                                                       compare=False)

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value(self, card: "Card | str") -> MoveValue:
        """The :class:`MoveValue` of one card (a Card or text like ``"6S"``)."""
        c = parse_card(card) if isinstance(card, str) else card
        for mv in self.moves:
            if mv.card is c:
                return mv
        raise IllegalMoveError(f"{c} is not a legal card for seat {self.to_move} here",
                               card=c, seat=self.to_move, rule="solver")

    def explain(self, card: "Card | str", players: Optional[Players] = None,
                figures: bool = True) -> str:
        """A sentence saying why ``card`` is worth what it is: the other players named
        by ``players`` (default "seat 2"; the player to move is "you"), and, when nothing
        is sure, the graded model's estimate unless ``figures`` is false."""
        mv = self.value(card)
        return self._why[mv.card](players=players, figures=figures)

    def reason(self, card: "Card | str") -> Reason:
        """The structured reason behind :meth:`explain` (:mod:`.reasons`): the idea the
        card serves along its principal line, with its cards and players."""
        return self._reasons[self.value(card).card]()

    def to_json(self) -> Dict[str, object]:
        return {"to_move": self.to_move, "moves": [mv.to_json() for mv in self.moves]}


def solve(state: HandState, *, graded: bool = True) -> Solution:
    """Value every legal card of the player to move, from any play-phase state
    (mid-trick and end positions included). With ``graded=False`` the model's
    ``win_chance`` and ``expected`` are left at the guarantee's figures
    (1.0 and the guarantee when it is positive, else 0)."""
    pos = Position.of(state)
    player = pos.to_move
    searcher = Searcher(pos.table, pos.players, player)
    values = searcher.move_values(pos)
    graded_values = graded_outcomes(pos, searcher, values) if graded else {}
    moves = []
    why: Dict[Card, Callable[..., str]] = {}
    reasons: Dict[Card, Callable[[], Reason]] = {}
    for bit, g in values.items():
        if graded:
            chance, expected = graded_values[bit]
        else:
            chance, expected = (1.0, float(g)) if g > 0 else (0.0, 0.0)
        card = CARD_BY_BIT[bit]
        line = _line(pos, searcher, bit, g)
        # the sentence is made when it is asked for, in the words of the caller's table
        end = _end_said(state, line)
        why[card] = partial(explain_line, pos, line, player, state.trick_number, g, chance,
                            expected, end)
        reasons[card] = partial(line_reason, pos, line, player, state.trick_number, g, end)
        moves.append(MoveValue(card, g, chance, expected, [CARD_BY_BIT[b] for _, b in line]))
    moves.sort(key=lambda mv: (-mv.guaranteed, -mv.expected, -mv.win_chance, mv.card.index))
    return Solution(player, moves, state, why, reasons)


def graded_outcomes(pos: Position, searcher: Searcher, values: Dict[int, int]
                    ) -> Dict[int, Tuple[float, float]]:
    """For each card (bit) with its guarantee in ``values``: the mover's chance of
    winning the hand and expected points under the graded model."""
    player = pos.to_move
    model = Model(player, searcher)
    out = {}
    for bit, g in values.items():
        child, points = pos.play(bit)
        if points is None:
            outcome_points, outcome_wins = model.outcome(child, g)
            out[bit] = (outcome_wins[player], outcome_points[player])
        else:
            out[bit] = (1.0 if points[player] > 0 else 0.0, float(points[player]))
    return out


def principal_line(state: HandState, pos: Position, searcher: Searcher, bit: int, g: int,
                   chance: float, expected: float, players: Optional[Players] = None
                   ) -> Tuple[List[Card], str]:
    """The line after the mover plays ``bit`` (worth ``g`` for sure), and the
    sentence explaining it (the others named by ``players``)."""
    line = _line(pos, searcher, bit, g)
    why = explain_line(pos, line, pos.to_move, state.trick_number, g, chance, expected,
                       _end_said(state, line), players)
    return [CARD_BY_BIT[b] for _, b in line], why


def principal_reason(state: HandState, pos: Position, searcher: Searcher, bit: int,
                     g: int) -> Reason:
    """The structured reason for the mover's ``bit`` (worth ``g`` for sure) along its
    principal line."""
    line = _line(pos, searcher, bit, g)
    return line_reason(pos, line, pos.to_move, state.trick_number, g, _end_said(state, line))


def _line(pos: Position, searcher: Searcher, bit: int, g: int) -> List[Tuple[int, int]]:
    """(seat, card bit) from the mover's ``bit`` to the end: the mover keeps ``g``."""
    child, points = pos.play(bit)
    return [(pos.to_move, bit)] + (searcher.line(child, g) if points is None else [])


def guaranteed(state: HandState, seat: Optional[int] = None) -> int:
    """The exact open-hand guarantee of ``seat`` (default: the player to move): the
    most they can be sure to score in this hand whatever the others play."""
    pos = Position.of(state)
    player = pos.to_move if seat is None else seat
    if not 0 <= player < pos.players:
        raise SolverError(f"there is no seat {player} at a table of {pos.players}",
                          seat=player, rule="seats")
    return Searcher(pos.table, pos.players, player).value(pos)


class SeatSearch:
    """Exact open-hand values for one seat over many positions of one hand.

    :func:`guaranteed` starts afresh each time; a ``SeatSearch`` keeps its tables,
    so valuing every position along a game (a puzzle judge, a replay) is quick.

    >>> from spar_tutor.engine.rules import Rules
    >>> state = HandState.new(Rules.preset("standard"), ["7D 6C", "6D 9S", "8S TS"], dealer=2)
    >>> search = SeatSearch(state, 0)
    >>> search.value(state), {str(c): v for c, v in search.card_values(state).items()}
    (3, {'7D': 3, '6C': 2})
    >>> [(seat, str(card)) for seat, card in search.line(state)][:3]
    [(0, '7D'), (1, '6D'), (2, '8S')]
    """

    def __init__(self, state: HandState, seat: int) -> None:
        pos = Position.of(state)
        if not 0 <= seat < pos.players:
            raise SolverError(f"there is no seat {seat} at a table of {pos.players}",
                              seat=seat, rule="seats")
        self.seat = seat
        self._searcher = Searcher(pos.table, pos.players, seat)

    def value(self, state: HandState) -> int:
        """The seat's exact guarantee from ``state`` (whoever is to move; play phase)."""
        return self._searcher.value(Position.of(state))

    def card_values(self, state: HandState) -> Dict[Card, int]:
        """The seat's guarantee after each of its legal cards (the seat to move)."""
        pos = Position.of(state)
        if pos.to_move != self.seat:
            raise SolverError(f"seat {self.seat} is not to move (seat {pos.to_move} is)",
                              seat=self.seat, rule="solver")
        return {CARD_BY_BIT[b]: v for b, v in self._searcher.move_values(pos).items()}

    def line(self, state: HandState) -> List[Tuple[int, Card]]:
        """A principal line to the end of the hand, as (seat, card): the seat keeps its
        guarantee and the others hold it to that."""
        pos = Position.of(state)
        value = self._searcher.value(pos)
        return [(s, CARD_BY_BIT[b]) for s, b in self._searcher.line(pos, value)]


def _end_said(state: HandState, line: List[Tuple[int, int]]) -> Optional[Said]:
    """The scoring sentence of the hand's end along ``line`` (from the engine)."""
    end = state
    for _seat, bit in line:
        end = end.apply(CARD_BY_BIT[bit])
        if end.is_over():
            break
    return end.result.said if end.result is not None else None
