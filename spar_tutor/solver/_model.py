"""The graded model: how the other players (and you, after this card) are
assumed to play, and the chance and expected points it gives.

The *model player* sees all hands (like the open-hand search) and plays:

* with one trick left, its last card;
* with two tricks left, the card that gives it the most expected points when
  every player plays the model (max^n over the last two tricks), choosing at
  random among cards that tie;
* earlier, by rules of thumb (:func:`rules_of_thumb`), choosing at random
  among cards the rules rate equally:

  - it keeps two cards for the end (:func:`end_plan`): a *keeper*, a 6 or 7
    of the suit the others hold fewest of (without one, its best master), and
    a *winner*, its highest master (a card nobody else can beat), to take the
    second-to-last trick and lead the keeper;
  - with its other cards: leading, it leads its highest master (keeping the
    lead), else the lowest card of its longest suit; following, it takes the
    trick with its lowest card sure to win it, else plays its lowest card of
    the suit; unable to follow, it throws the card with the most higher cards
    left against it (the lowest of those).

The *learner* (the player the values are for) plays the model too, with one
rule more: it never plays a card that lowers the points it is sure of
(its open-hand guarantee), so every outcome is worth at least the guarantee.

:func:`model_values` gives, exactly (every random choice enumerated), the
learner's chance of winning the last trick and expected points.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

from ._bits import SUIT_BITS, SUIT_OF, bits_of, rank_of, winner_of
from ._position import Position, Table, Win
from ._search import Searcher

#: Expected points and chance of winning the last trick, one each per seat.
Outcome = Tuple[Tuple[float, ...], Tuple[float, ...]]


class Model:
    """Exact values of the graded model for one learner in one hand.

    ``guard`` is an open-hand searcher for the learner; with a positive
    ``floor`` the learner only plays cards keeping at least ``floor`` points
    sure (the guarantee of the card being valued)."""

    def __init__(self, learner: int, guard: Optional[Searcher] = None) -> None:
        self.learner = learner
        self.guard = guard
        self.floor = 0
        self.memo: Dict[Tuple[Position, int], Outcome] = {}
        self.decisions = 0
        self.endgame: Optional[Endgame] = None

    def outcome(self, pos: Position, floor: int = 0) -> Outcome:
        """Every seat's expected points and chance of winning from ``pos``."""
        self.floor = floor if self.guard is not None else 0
        return self._value(pos)

    def sample(self, pos: Position, rng: "random.Random", floor: int = 0) -> Tuple[int, ...]:
        """One playout of the model from ``pos``, random choices drawn from
        ``rng``: every seat's points (an unbiased draw of :meth:`outcome`)."""
        self.floor = floor if self.guard is not None else 0
        if not self.floor and not any(pos.proof):
            winner, wins = self._fast_ending(pos, rng)
            scored = [0] * pos.players
            scored[winner] = pos.table.score(wins)
            return tuple(scored)
        while True:
            choices = self._choices(pos)
            bit = choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]
            pos, points = pos.play(bit)
            if points is not None:
                return points

    def ending(self, pos: Position, rng: "random.Random") -> Tuple[int, Tuple[Win, ...]]:
        """One playout of the model from ``pos`` (no floor, no renege): the last trick's
        winner and the tricks that score, so that one playout can be scored by several
        tables (a card declared face down: the others play as if it were not there)."""
        if any(pos.proof):
            raise ValueError("ending is for a playout with no renege")
        self.floor = 0
        return self._fast_ending(pos, rng)

    def _fast_ending(self, pos: Position, rng: "random.Random") -> Tuple[int, Tuple[Win, ...]]:
        """A playout on bit masks, for the common case (no floor, no renege)."""
        n = pos.players
        table = pos.table
        hands = list(pos.hands)
        trick = list(pos.trick)
        leader = pos.leader
        left = pos.tricks_left
        wins = pos.wins
        endgame = self._endgame_for(table, n)
        while True:
            k = len(trick)
            seat = (leader + k) % n
            h = hands[seat]
            legal_mask = (h & SUIT_OF[trick[0]] or h) if k else h
            if not legal_mask & (legal_mask - 1):
                bit = legal_mask
            else:
                legal = bits_of(legal_mask)
                if left <= 2:
                    choices = endgame.choices(hands, trick, leader, left, wins, legal)
                else:
                    others = later = 0
                    for s in range(n):
                        if s != seat:
                            others |= hands[s]
                    for j in range(k + 1, n):
                        later |= hands[(leader + j) % n]
                    choices = rules_of_thumb(legal, h, tuple(trick), others, later)
                bit = choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]
            hands[seat] ^= bit
            trick.append(bit)
            if len(trick) == n:
                winner = winner_of(trick, leader, n, table.highest)
                wins = wins + ((winner, trick[(winner - leader) % n]),)
                left -= 1
                if left == 0:
                    return winner, wins
                leader = winner
                trick = []

    # -- the recursion ---------------------------------------------------------

    def _value(self, pos: Position) -> Outcome:
        key = (pos, self.floor)
        out = self.memo.get(key)
        if out is None:
            out = self.memo[key] = self._compute(pos)
        return out

    def _compute(self, pos: Position) -> Outcome:
        self.decisions += 1
        choices = self._choices(pos)
        total_points = [0.0] * pos.players
        total_wins = [0.0] * pos.players
        for bit in choices:
            points, wins = self._after(pos, bit)
            for s in range(pos.players):
                total_points[s] += points[s]
                total_wins[s] += wins[s]
        k = len(choices)
        return tuple(p / k for p in total_points), tuple(w / k for w in total_wins)

    def _after(self, pos: Position, bit: int) -> Outcome:
        child, points = pos.play(bit)
        if points is None:
            return self._value(child)
        return tuple(float(p) for p in points), tuple(1.0 if p > 0 else 0.0 for p in points)

    def _choices(self, pos: Position) -> List[int]:
        """The cards the model may play here (uniformly at random)."""
        seat = pos.to_move
        legal = bits_of(pos.legal())
        if seat == self.learner and self.floor > 0:
            legal = [b for b in legal if self._keeps_floor(pos, b)] or legal
        if len(legal) == 1:
            return legal
        if pos.tricks_left <= 2:
            if any(pos.proof) or (self.floor > 0 and pos.tricks_left == 2):
                return self._maxn_choices(pos, legal)
            return self._endgame_choices(pos, legal)
        return thumb_choice(pos, legal)

    def _endgame_choices(self, pos: Position, legal: List[int]) -> List[int]:
        return self._endgame_for(pos.table, pos.players).choices(
            list(pos.hands), list(pos.trick), pos.leader, pos.tricks_left, pos.wins, legal)

    def _endgame_for(self, table: "Table", players: int) -> Endgame:
        if self.endgame is None or self.endgame.table is not table:
            self.endgame = Endgame(table, players)
        return self.endgame

    def _keeps_floor(self, pos: Position, bit: int) -> bool:
        child, points = pos.play(bit)
        if points is not None:
            return points[self.learner] >= self.floor
        return self.guard.at_least(child, self.floor)  # type: ignore[union-attr]

    def _maxn_choices(self, pos: Position, legal: List[int]) -> List[int]:
        seat = pos.to_move
        best = float("-inf")
        out: List[int] = []
        for bit in legal:
            v = self._after(pos, bit)[0][seat]
            if v > best + 1e-9:
                best, out = v, [bit]
            elif v > best - 1e-9:
                out.append(bit)
        return out


def thumb_choice(pos: Position, legal: List[int]) -> List[int]:
    """The model's rules of thumb (module docstring): the cards rated best."""
    seat = pos.to_move
    hands = pos.hands
    others = 0
    for s, h in enumerate(hands):
        if s != seat:
            others |= h
    later = 0
    for j in range(len(pos.trick) + 1, pos.players):
        later |= hands[(pos.leader + j) % pos.players]
    return rules_of_thumb(legal, hands[seat], pos.trick, others, later)


def rules_of_thumb(legal: List[int], mine: int, trick: Tuple[int, ...], others: int,
                   later: int) -> List[int]:
    """The rules of thumb, given the cards the other players (may) hold and those
    the players still to play to this trick (may) hold: the cards rated best."""
    keepers, winners = end_plan(mine, others)
    keep = 0
    for b in keepers + winners:
        keep |= b
    free = [b for b in legal if not b & keep] or legal
    if not trick:
        masters = [b for b in free if _master(b, others)]
        if masters:
            return _top(masters, key=rank_of)
        length = {sm: (mine & sm).bit_count() for sm in SUIT_BITS}
        return _top(free, key=lambda b: (length[SUIT_OF[b]], -rank_of(b)))
    sm = SUIT_OF[trick[0]]
    if free[0] & sm:
        best = max(c for c in trick if c & sm)
        sure = [b for b in free if b > best and (later & sm).bit_length() < b.bit_length()]
        if sure:
            return _top(sure, key=lambda b: -rank_of(b))
        return _top(free, key=lambda b: -rank_of(b))
    return _top(free, key=lambda b: ((others & SUIT_OF[b] & ~((b << 1) - 1)).bit_count(), -rank_of(b)))


def end_plan(mine: int, others: int) -> Tuple[List[int], List[int]]:
    """The cards kept for the end: (keepers, winners). The keeper is a 6 or 7
    (a 6 first) of the suit the others hold fewest of; the winner is the
    highest card nobody else can beat (to take the second-to-last trick).
    Without a 6 or 7 the keeper is the best master (or the highest card).
    Cards that tie are all kept: the plan never prefers one suit's name."""
    cards = bits_of(mine)
    if not cards:
        return [], []
    low = [b for b in cards if rank_of(b) in (4, 5)]  # 6s and 7s
    if not low:
        masters = [b for b in cards if _master(b, others)]
        return _top(masters or cards, key=rank_of), []
    keepers = _top(low, key=lambda b: (-(others & SUIT_OF[b]).bit_count(), -rank_of(b)))
    masters = [b for b in cards if b not in keepers and _master(b, others)]
    return keepers, (_top(masters, key=rank_of) if masters else [])


def _master(bit: int, others: int) -> bool:
    return (others & SUIT_OF[bit]).bit_length() < bit.bit_length()


def _top(cards: List[int], key) -> List[int]:  # type: ignore[no-untyped-def]
    """Every card with the greatest ``key`` (ties are kept, for random choice)."""
    best = max(key(b) for b in cards)
    return [b for b in cards if key(b) == best]


class Endgame:
    """Max^n over the last two tricks (or the last one), on bits: each player
    takes the card with the most expected points for itself, ties at random.
    Values are kept (per hands and trick so far), so one endgame serves every
    decision of a playout and every playout reaching the same cards."""

    def __init__(self, table: "Table", players: int) -> None:
        self.table = table
        self.n = players
        self.memo: Dict[Tuple[Any, ...], Tuple[float, ...]] = {}

    def choices(self, hands: List[int], trick: List[int], leader: int, left: int,
                wins: Tuple[Win, ...], legal: List[int]) -> List[int]:
        """The cards of the player to move that tie for its best expected points."""
        seat = (leader + len(trick)) % self.n
        best = float("-inf")
        out: List[int] = []
        for bit in legal:
            hands[seat] ^= bit
            trick.append(bit)
            v = self.value(hands, trick, leader, left, wins)[seat]
            trick.pop()
            hands[seat] ^= bit
            if v > best + 1e-9:
                best, out = v, [bit]
            elif v > best - 1e-9:
                out.append(bit)
        return out

    def value(self, hands: List[int], trick: List[int], leader: int, left: int,
              wins: Tuple[Win, ...]) -> Tuple[float, ...]:
        """Every seat's expected points once the cards in ``trick`` are down."""
        key = (left, leader, wins[-2:], *hands, *trick)
        got = self.memo.get(key)
        if got is not None:
            return got
        n = self.n
        if len(trick) == n:
            got = self._after_trick(hands, trick, leader, left, wins)
        else:
            seat = (leader + len(trick)) % n
            h = hands[seat]
            legal = (h & SUIT_OF[trick[0]] or h) if trick else h
            best = float("-inf")
            total: List[float] = []
            count = 0
            while legal:
                bit = legal & -legal
                legal ^= bit
                hands[seat] ^= bit
                trick.append(bit)
                v = self.value(hands, trick, leader, left, wins)
                trick.pop()
                hands[seat] ^= bit
                mine = v[seat]
                if mine > best + 1e-9:
                    best, total, count = mine, list(v), 1
                elif mine > best - 1e-9:
                    count += 1
                    for i in range(n):
                        total[i] += v[i]
            got = tuple(x / count for x in total)
        self.memo[key] = got
        return got

    def _after_trick(self, hands: List[int], trick: List[int], leader: int, left: int,
                     wins: Tuple[Win, ...]) -> Tuple[float, ...]:
        n = self.n
        table = self.table
        winner = winner_of(trick, leader, n, table.highest)
        wins = wins + ((winner, trick[(winner - leader) % n]),)
        points = [0.0] * n
        if left == 1:
            points[winner] = float(table.score(wins))
            return tuple(points)
        last = [hands[(winner + i) % n] for i in range(n)]
        w2 = winner_of(last, winner, n, table.highest)
        points[w2] = float(table.score(wins + ((w2, last[(w2 - winner) % n]),)))
        return tuple(points)
