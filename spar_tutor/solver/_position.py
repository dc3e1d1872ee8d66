"""The solver's compact form of a position in the play phase.

A :class:`Position` holds what the search needs and nothing else: one ``int``
bit mask per hand (``Card.bit``), the cards of the trick in progress, who led
it, how many tricks are left, the winners of the last finished tricks (they
matter for the two-trick bonus and for Sipa), the declared cards, and any
reneges waiting to be proven (``offside``). :class:`Table` holds the facts that
depend only on the rules: card ranks, suits, and the hand score of every
possible ending, taken from :func:`spar_tutor.engine.scoring.hand_score` (the one
place scoring lives) and cached.
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, Card
from ..engine.errors import SparError
from ..engine.rules import Rules
from ..engine.scoring import OFFSIDE_PENALTY, hand_score, scoring_table
from ..engine.state import PLAY, HandState, Trick
from ._bits import winner_of

#: (seat, card bit) of a finished trick's winner.
Win = Tuple[int, int]

#: Per card index 0..51: its rank (2..14) and its suit index.
RANK_OF_INDEX = [i % 13 + 2 for i in range(52)]
SUIT_OF_INDEX = [i // 13 for i in range(52)]


class SolverError(SparError):
    """A state the solver cannot search (not in the play phase, or over)."""


def declared_cards(dry: Sequence[Optional[Card]], wet: Sequence[Optional[Card]]
                   ) -> Tuple[Tuple[Card, ...], ...]:
    """Each seat's declared cards (its dry, then its wet), for :meth:`Table.of`."""
    return tuple(tuple(c for c in pair if c is not None) for pair in zip(dry, wet))


class Table:
    """Rules-dependent facts for the search: the score of an ending, which
    previous tricks still matter, which cards are special for scoring."""

    _cache: Dict[Tuple[Rules, Tuple[Tuple[int, ...], ...]], "Table"] = {}

    def __init__(self, rules: Rules, declared: Tuple[Tuple[Card, ...], ...]) -> None:
        self.rules = rules
        self.declared = declared  # per seat: its dry and wet cards
        self.declared_mask = 0
        for cards in declared:
            for c in cards:
                self.declared_mask |= c.bit
        # How many of the last tricks the score can depend on.
        if rules.scoring == "sipa":
            self.memory = 3
        elif rules.scoring == "spar" and rules.two_trick_bonus:
            self.memory = 2
        else:
            self.memory = 1
        self.highest = rules.unfollowed_trick == "highest"
        # Cards whose scoring differs from a plain card: never equivalent to a neighbour,
        # and kept apart in the transposition table key.
        special = []
        if rules.scoring == "spar":
            special = [_rank_mask(6), _rank_mask(7), self.declared_mask]
        elif rules.scoring in ("sipa", "jeu_de_carte"):
            special = [_rank_mask(7)]
        self.special = [m & rules.deck_mask for m in special if m & rules.deck_mask]
        self.special_mask = 0
        for m in self.special:
            self.special_mask |= m
        self._scores: Dict[Tuple[Win, ...], int] = {}

    @classmethod
    def of(cls, rules: Rules, declared: Tuple[Tuple[Card, ...], ...]) -> "Table":
        """The (shared, cached) table for these rules and declarations."""
        key = (rules, tuple(tuple(c.index for c in d) for d in declared))
        table = cls._cache.get(key)
        if table is None:
            if len(cls._cache) > 256:
                cls._cache.clear()
            table = cls._cache[key] = cls(rules, declared)
        return table

    def score(self, wins: Tuple[Win, ...]) -> int:
        """The points of the last trick's winner, given the last tricks' (seat, card bit)."""
        key = wins[-self.memory:]
        points = self._scores.get(key)
        if points is None:
            winner = key[-1][0]
            as_cards = [(s, CARD_BY_BIT[b]) for s, b in key]
            points = hand_score(self.rules, as_cards, self.declared[winner])[0]
            self._scores[key] = points
        return points

    def possible_scores(self) -> List[int]:
        """Every figure one seat can end a hand with, sorted (0 included)."""
        return sorted({0} | {points for _, points in scoring_table(self.rules)})


def _rank_mask(rank: int) -> int:
    m = 0
    for s in range(4):
        m |= 1 << (s * 13 + rank - 2)
    return m


class Position(NamedTuple):
    """A play-phase position in compact form (see the module docstring)."""

    table: Table
    players: int
    hands: Tuple[int, ...]
    leader: int
    trick: Tuple[int, ...]  # card bits in play order from ``leader``
    tricks_left: int  # the current trick included
    wins: Tuple[Win, ...]  # the last finished tricks, oldest first (at most 2)
    proof: Tuple[int, ...]  # per seat: cards whose play proves a pending renege

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @classmethod
    def of(cls, state: HandState) -> "Position":
        """The compact form of a play-phase state."""
        if state.phase != PLAY:
            raise SolverError(
                f"the solver searches card play; this hand is in the {state.phase} phase",
                rule="solver")
        n = state.players
        declared = tuple(state.declared(s) for s in range(n))
        table = Table.of(state.rules, declared)
        wins = trick_wins(state.tricks[-2:], n)
        proof = [0] * n
        for r in state.reneges:
            proof[r.seat] |= state.hand_mask(r.seat) & SUIT_MASKS[r.suit_index]
        return cls(
            table, n, tuple(state.hand_mask(s) for s in range(n)), state.leader,
            tuple(c.bit for c in state.current_trick), state.tricks_left, wins, tuple(proof))

    def legal(self) -> int:
        """The mask of cards the player to move may play (never a renege)."""
        hand = self.hands[self.to_move]
        if self.trick:
            follow = hand & SUIT_MASKS[SUIT_OF_INDEX[self.trick[0].bit_length() - 1]]
            if follow:
                return follow
        return hand

    def play(self, bit: int) -> Tuple["Position", Optional[Tuple[int, ...]]]:
        """The position after the player to move plays ``bit``, and the points of
        every seat if that ended the hand (else None)."""
        n = self.players
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] ^= bit
        if self.proof[seat] & bit:
            points = [0] * n
            points[seat] = OFFSIDE_PENALTY
            return self._replace(hands=tuple(hands), trick=self.trick + (bit,)), tuple(points)
        trick = self.trick + (bit,)
        if len(trick) < n:
            return self._replace(hands=tuple(hands), trick=trick), None
        winner = winner_of(trick, self.leader, n, self.table.highest)
        wins = self.wins + ((winner, trick[(winner - self.leader) % n]),)
        left = self.tricks_left - 1
        pos = self._replace(hands=tuple(hands), leader=winner, trick=(), tricks_left=left,
                            wins=wins[-2:])
        if left == 0:
            points = [0] * n
            points[winner] = self.table.score(wins)
            return pos, tuple(points)
        return pos, None


def trick_wins(tricks: Sequence[Trick], players: int) -> Tuple[Win, ...]:
    """(winner, winning card bit) of finished tricks."""
    out = []
    for t in tricks:
        card = t.winning_card(players)
        if t.winner is None or card is None:
            raise SolverError("a finished trick without a winner", rule="solver")
        out.append((t.winner, card.bit))
    return tuple(out)
