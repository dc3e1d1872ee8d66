"""Max^n on an open deal: every seat plays to maximise its own points.

Only one seat scores in a hand, so an outcome is (the seat that scores, its
points). A seat rates an outcome by its points if it scores, else by minus the
scorer's points: a seat that cannot score plays to leave the scorer as little as
it can (and, between outcomes it rates equally, plays its lowest card). That is
the expert's picture of how strong players play with every card seen; the
guarantee (:mod:`._search`) is the picture in which everyone plays against one.

The search keeps the outcome of every trick boundary it has finished (keyed on
the exact hands, the leader and the last tricks' winners while the score can
still depend on them), searches touching cards of a suit once, stops a seat's
search when it has the most its cards could score, and prunes shallowly: what
a seat settles for, the seat before it can get no more than minus that, so once
it gets more than minus what that seat already has, the rest of its cards do not
matter (strictly more: the seat before never takes such a card, not even on a tie).

With ``habit_of`` (a seat), the other seats follow suit and throw by habit rather than
by max^n: they take a trick with their lowest card that wins it, else play their lowest
card of the suit, and throw their lowest card. A player who sees only its own cards
cannot defend as if it saw the others' (the max^n picture), and these habits are how
careful players (and the exact PIMC baseline, four times in five or more) follow. They still
lead by max^n. The search is then far smaller: one card at most follow nodes.

A search may be given a number of nodes it may visit (``node_limit``): past it,
:class:`OutOfWork` is raised, so a caller can spend a fixed amount of work.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from ._bits import SUIT_OF, lowest_rank_card, winner_of
from ._position import Position, Table

#: (the seat that scores, its points).
Outcome = Tuple[int, int]


class OutOfWork(Exception):
    """A search went past its ``node_limit``."""


class MaxnSearch:
    """Max^n outcomes for positions of one hand (tables shared between calls)."""

    def __init__(self, table: Table, players: int, node_limit: int = 1 << 62,
                 habit_of: int = -1) -> None:
        self.table = table
        # with a seat: every other seat follows by habit (takes the trick with its
        # lowest winning card, else plays its lowest card of the suit; throws its
        # lowest card) instead of by max^n; it still leads by max^n
        self.habit_of = habit_of
        self.node_limit = node_limit
        self.n = players
        self.memo: Dict[Tuple[object, ...], Outcome] = {}
        self.cuts: Dict[Tuple[object, ...], Tuple[Outcome, int]] = {}  # searches stopped early
        self.history: Dict[int, int] = {}  # card -> how often it was best (move order)
        self._most: Dict[Tuple[object, ...], int] = {}
        self._classes: Dict[Tuple[int, int], List[int]] = {}
        self.nodes = 0

    # -- public ------------------------------------------------------------------

    def outcome(self, pos: Position) -> Outcome:
        """Who scores from ``pos``, and how much, everyone playing max^n."""
        self._load(pos)
        return self._node(-1, -99)

    def card_outcomes(self, pos: Position) -> Dict[int, Outcome]:
        """The outcome after each legal card of the player to move."""
        self._load(pos)
        seat = (self.leader + len(self.trick)) % self.n
        out = {}
        legal = pos.legal()
        for group in self._groups(seat, legal):
            o = self._play(seat, group[0], -1, -99)
            for bit in group:
                out[bit] = o
        return out

    # -- internals ------------------------------------------------------------------

    def _load(self, pos: Position) -> None:
        self.hands = list(pos.hands)
        self.trick = list(pos.trick)
        self.leader = pos.leader
        self.left = pos.tricks_left
        self.wins = pos.wins
        present = 0
        for h in pos.hands:
            present |= h
        for c in pos.trick:
            present |= c
        self.present = present

    def _groups(self, seat: int, legal: int) -> List[List[int]]:
        """The legal cards in classes of touching cards, lowest first."""
        reps = self._reps(legal)
        groups = []
        for i, rep in enumerate(reps):
            nxt = reps[i + 1] if i + 1 < len(reps) else 1 << 60
            members = legal & ~(rep - 1) & (nxt - 1)
            group = []
            while members:
                b = members & -members
                members ^= b
                group.append(b)
            groups.append(group)
        return groups

    def _reps(self, legal: int) -> List[int]:
        """The lowest card of each run of touching cards among ``legal``."""
        present = self.present
        key = (legal, present)
        got = self._classes.get(key)
        if got is not None:
            return got
        special = self.table.special_mask
        highest = self.table.highest
        reps = []
        prev = prev_suit = 0
        rest = legal
        while rest:
            bit = rest & -rest
            rest ^= bit
            suit = SUIT_OF[bit]
            if (not highest and suit == prev_suit and not (bit | prev) & special
                    and not (bit - 1) & ~((prev << 1) - 1) & present):
                prev = bit
                continue
            reps.append(bit)
            prev, prev_suit = bit, suit
        if len(self._classes) > 200000:
            self._classes.clear()
        self._classes[key] = reps
        return reps

    def most(self, seat: int, hand: int, left: int, wins: Tuple[Tuple[int, int], ...]) -> int:
        """The most ``seat`` could score holding ``hand`` (its own cards winning)."""
        mem = self.table.memory
        ctx = wins[left - mem:] if left < mem else ()
        key = (seat, hand, left, *ctx)
        got = self._most.get(key)
        if got is None and mem > 2:  # three tricks can count (Sipa): no bound from pairs
            got = self._most[key] = self.table.possible_scores()[-1]
        if got is None:
            cards = []
            rest = hand
            while rest:
                b = rest & -rest
                rest ^= b
                cards.append(b)
            score = self.table.score
            best = max(score(ctx + ((seat, c),)) for c in cards)
            if left >= 2 and mem >= 2:
                for a in cards:
                    for b in cards:
                        if a != b:
                            v = score(((seat, a), (seat, b)))
                            if v > best:
                                best = v
            got = self._most[key] = best
        return got

    def _node(self, parent: int, parent_best: int) -> Outcome:
        """The outcome from the current position (seat to move plays max^n)."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfWork(self.nodes)
        trick = self.trick
        k = len(trick)
        n = self.n
        leader = self.leader
        left = self.left
        seat = (leader + k) % n
        hands = self.hands
        mem = self.table.memory
        ctx = self.wins[left - mem:] if left < mem else ()
        key = (leader, len(ctx), *ctx, *hands, *trick)
        got = self.memo.get(key)
        if got is not None:
            return got
        if k == 0:
            legal = hands[seat]
        else:
            hand = hands[seat]
            legal = hand & SUIT_OF[trick[0]] or hand
            if self.habit_of >= 0 and seat != self.habit_of and legal & (legal - 1):
                legal = self._habit(legal, trick)
        # stop once the seat has the most it could score, or (strictly) more than
        # the seat before would let it have
        limit = self.most(seat, hands[seat], left, self.wins)
        if parent != seat and -parent_best < limit:
            limit = -parent_best + 1
            cut = self.cuts.get(key)
            if cut is not None and cut[1] >= limit:
                return cut[0]
        if legal & (legal - 1):
            moves = self._reps(legal)
            if len(moves) > 1:
                history = self.history
                moves = sorted(moves, key=lambda b: -history.get(b, 0))
        else:
            moves = [legal]
        best: Outcome = (-1, 0)
        best_key = -99
        best_bit = 0
        for bit in moves:
            out = self._play(seat, bit, seat, best_key)
            w, p = out
            v = p if w == seat else -p
            if v > best_key or (v == best_key and bit < best_bit):
                best, best_key, best_bit = out, v, bit
                if v >= limit:
                    self.history[bit] = self.history.get(bit, 0) + left
                    self.cuts[key] = (out, v)  # the seat can get v or more here
                    return out
        self.history[best_bit] = self.history.get(best_bit, 0) + left
        self.memo[key] = best
        return best

    def _habit(self, legal: int, trick: List[int]) -> int:
        """The card a player following by habit plays from ``legal``."""
        led = SUIT_OF[trick[0]]
        if legal & led:
            top = 0
            for c in trick:
                if c & led and c > top:
                    top = c
            winners = legal & ~((top << 1) - 1)
            pick = winners or legal
            return pick & -pick
        return lowest_rank_card(legal)

    def _play(self, seat: int, bit: int, parent: int, parent_best: int) -> Outcome:
        """The outcome once ``seat`` plays ``bit`` (restores the state after)."""
        hands = self.hands
        trick = self.trick
        n = self.n
        hands[seat] ^= bit
        trick.append(bit)
        if len(trick) < n:
            out = self._node(parent, parent_best)
        else:
            leader = self.leader
            winner = winner_of(trick, leader, n, self.table.highest)
            wins = self.wins
            new_wins = (wins + ((winner, trick[(winner - leader) % n]),))[-2:]
            if self.left == 1:
                out = (winner, self.table.score(wins + ((winner, trick[(winner - leader) % n]),)))
            else:
                gone = 0
                for c in trick:
                    gone |= c
                self.trick = []
                self.leader = winner
                self.left -= 1
                self.wins = new_wins
                self.present ^= gone
                out = self._node(parent, parent_best)
                self.present ^= gone
                self.wins = wins
                self.left += 1
                self.leader = leader
                self.trick = trick
        trick.pop()
        hands[seat] ^= bit
        return out


__all__ = ["MaxnSearch", "OutOfWork", "Outcome"]
