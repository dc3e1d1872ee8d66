"""Exact open-hand search: the most one player can be sure to score.

Only one seat scores in a hand, so the guaranteed points of player ``P`` equal
P's max^n value with every tie broken against P: the other seats can be
treated as one side playing against P, and alpha-beta on "P against the rest"
is exact. The search is a series of zero-window probes ("can P be sure of at
least ``t`` points?") over the few figures a hand can score, with the usual
double-dummy tools:

* a transposition table at trick boundaries storing bounds ``lo <= value < hx``,
  keyed on the exact hands;
* equivalent cards (touching in a suit, same scoring class) searched once;
* a bound from the cards P holds (a hand without a 6 cannot score 3);
* sure wins: P on lead (or sure to take this trick) who can win every trick
  left by leading each suit from the top; and sure losses: another player who
  can do the same;
* control (:mod:`.control`): P holds masters and at most a loser or two, and
  the others cannot keep the lead away from P to the end;
* move ordering from the table's best moves, then the lead that last decided
  a probe for the same seat with as many tricks left (a "killer"), then Spar
  sense: the others take tricks from P and hand the lead to a player with a
  suit P cannot win.

With ``unfollowed_trick = "highest"`` ranks are compared across suits when
nobody follows, so the other tests check ranks in every suit.

The searcher is built from parts: :mod:`.bounds` (the quick tests),
:mod:`.exact` (exact values near the end), :mod:`.ordering` (which moves to
try first); this module holds the probe itself and the table.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..engine.scoring import OFFSIDE_PENALTY
from ._bits import SUIT_OF, winner_of
from ._exact import Exact
from ._position import Position, Table

__all__ = ["Searcher", "guaranteed_points"]

Line = List[Tuple[int, int]]  # (seat, card bit)


class Searcher(Exact):
    """Open-hand search for one player's guaranteed points.

    One searcher serves many positions of the same hand for the same player,
    sharing its tables: every card at the root, the principal line, a review.
    """

    def __init__(self, table: Table, players: int, player: int) -> None:
        self.table = table
        self.n = players
        self.player = player
        self.nodes = 0
        self.scores = table.possible_scores()
        self.tt: Dict[Tuple[Any, ...], List[int]] = {}  # key -> [lo, hx]: lo <= value < hx
        self.best: Dict[Tuple[Any, ...], int] = {}  # key -> the move that decided a probe there
        self._ub: Dict[Tuple[Any, ...], int] = {}
        self._endings: Dict[Tuple[Any, ...], int] = {}
        self._exact: Dict[Tuple[Any, ...], int] = {}  # exact values near the end
        self._reps: Dict[Tuple[int, int], List[int]] = {}  # (legal, cards in play) -> classes
        self._races: Dict[Tuple[Any, ...], bool] = {}  # the control test's boards
        self._shapes: Dict[int, Tuple[int, int]] = {}  # hand -> packed counts and tops per suit
        self._splits: Dict[Tuple[int, int, int], Tuple[int, int]] = {}  # P's masters, losers in a suit
        self.killers: Dict[Tuple[int, int], int] = {}  # (seat, tricks left) -> last lead that decided a probe
        # Exact values (rather than probes) pay off near the end; how near
        # depends on how many players share each trick.
        self._exact_from = 3 if players <= 4 else 2
        self._top_score = self.scores[-1]

    # -- public ----------------------------------------------------------------

    def value(self, pos: Position) -> int:
        """P's exact guaranteed points from ``pos`` (whoever is to move)."""
        hi = self.upper_bound(pos)
        lo = self.scores[0] if any(pos.proof) else 0
        # Ascending probes: values are small, and most are 0 with many players;
        # a successful probe often proves more than it asked.
        for t in self.scores:
            if t <= lo:
                continue
            if t > hi:
                break
            v = self.probe(pos, t)
            if v < t:
                break
            lo = v
        return lo

    def at_least(self, pos: Position, t: int) -> bool:
        """True if P can be sure of ``t`` points or more from ``pos``."""
        return self.probe(pos, t) >= t

    def probe(self, pos: Position, t: int) -> int:
        """A fail-soft probe: ``v >= t`` means P is sure of ``v`` or more, ``v < t``
        that P cannot be sure of more than ``v``."""
        if not any(pos.proof) and t <= 0:
            return 0  # nobody can lose points without a renege
        if t <= self.scores[0]:
            return self.scores[0]
        self._load(pos)
        i = (self.player - pos.leader) % self.n
        if i < len(pos.trick) and not self.any_proof:  # P has played to this trick
            if self._sure_trick(pos.trick[i], i):
                sure = self._sure_after(pos.trick[i])  # P's card already takes it
                if sure >= t:
                    return sure
            if t <= 1 and self._control_near():
                return 1
        return self._node(t)

    def upper_bound(self, pos: Position) -> int:
        """A quick bound on P's points from the cards P holds."""
        if any(pos.proof):
            return self._top_score
        hand = pos.hands[self.player]
        i = (self.player - pos.leader) % self.n
        if i < len(pos.trick):
            hand |= pos.trick[i]  # P's card in the trick may still win it
        return self._hand_bound(hand, pos.tricks_left, pos.wins)

    def move_values(self, pos: Position) -> Dict[int, int]:
        """P's guaranteed points after each legal card (P to move), equivalent
        cards searched once."""
        out: Dict[int, int] = {}
        groups = self.classes(pos)  # (loads pos)
        if not pos.trick and not any(pos.proof) and self._guarded():
            return {bit: 0 for group in groups for bit in group}
        for group in groups:
            child, points = pos.play(group[0])
            v = points[self.player] if points is not None else self.value(child)
            for bit in group:
                out[bit] = v
        return out

    def classes(self, pos: Position) -> List[List[int]]:
        """The legal cards of the player to move in classes of equivalent cards,
        in search order (the first card of each class represents it)."""
        self._load(pos)
        legal = pos.legal()
        reps = self._moves(pos.to_move, legal)
        groups = {bit: [bit] for bit in reps}
        rest = legal
        for bit in reps:
            rest ^= bit
        while rest:  # each other card joins the class of the next lower card
            bit = rest & -rest
            rest ^= bit
            below = bit >> 1
            while not below & legal:
                below >>= 1
            for rep, group in groups.items():
                if below in group:
                    group.append(bit)
                    break
        return [groups[bit] for bit in reps]

    def line(self, pos: Position, value: int) -> Line:
        """A principal line from ``pos`` to the end of the hand: P keeps ``value``
        and the others hold P to it (seat, card bit) pairs."""
        out: Line = []
        higher = [s for s in self.scores if s > value]
        above = higher[0] if higher else None
        while True:
            seat = pos.to_move
            chosen = None
            moves = self._root_moves(pos)
            for bit in moves:
                child, points = pos.play(bit)
                if points is not None:
                    v = points[self.player]
                    ok = v >= value if seat == self.player else (above is None or v < above)
                elif seat == self.player:
                    ok = self.at_least(child, value)
                else:
                    ok = above is None or not self.at_least(child, above)
                if ok:
                    chosen = (bit, child, points)
                    break
            if chosen is None:  # cannot happen for the true value; stay safe
                bit = moves[0]
                child, points = pos.play(bit)
                chosen = (bit, child, points)
            bit, pos, points = chosen
            out.append((seat, bit))
            if points is not None:
                return out

    # -- internals: state --------------------------------------------------------

    def _load(self, pos: Position) -> None:
        self.hands = list(pos.hands)
        self.trick = list(pos.trick)
        self.leader = pos.leader
        self.left = pos.tricks_left
        self.wins = list(pos.wins)
        self.proof = list(pos.proof)
        self.any_proof = any(pos.proof)
        self.near_end = pos.tricks_left <= 3
        present = 0
        for h in pos.hands:
            present |= h
        for c in pos.trick:
            present |= c
        self.present = present

    def _root_moves(self, pos: Position) -> List[int]:
        self._load(pos)
        seat = pos.to_move
        return self._moves(seat, pos.legal())

    # -- internals: bounds -------------------------------------------------------


    def _key(self) -> Tuple[Any, ...]:
        """The table's key for the position at a trick boundary: the exact hands.
        (Keys on relative ranks, which let more positions share an entry, were
        tried: they cost more to build than the extra hits saved.)"""
        mem = self.table.memory
        ctx = tuple(self.wins[self.left - mem:]) if self.left < mem else ()
        proof = tuple(self.proof) if self.any_proof else 0
        return (self.leader, ctx, proof, *self.hands)

    # -- internals: the probe ----------------------------------------------------

    def _control_near(self) -> bool:
        """The control test in the middle of a trick P has played to."""
        return not self.table.highest and self._control_after()

    def _node(self, t: int) -> int:
        """A fail-soft zero-window probe: returns v with v >= t meaning P is sure
        of at least v, and v < t meaning P cannot be sure of more than v."""
        self.nodes += 1
        trick = self.trick
        k = len(trick)
        n = self.n
        hands = self.hands
        P = self.player
        key = None
        if k == 0:
            if self.any_proof:
                key = self._key()
            else:
                if self.left <= self._exact_from:
                    return self._small()
                ub = self._hand_bound(hands[P], self.left, self.wins)
                if ub < t:
                    return ub
                if t > 1 and self._guarded(self.table.special_mask):
                    return 1  # P cannot take the last trick with a 6, 7 or declared card
                key = self._key()
            entry = self.tt.get(key)
            if entry is not None:
                if entry[0] >= t:
                    return entry[0]
                if entry[1] < t:
                    return entry[1]
            if not self.any_proof:
                if self.leader == P:
                    sure = self._sure_win(hands[P], self.left, tuple(self.wins))
                    if sure >= t:
                        return sure
                elif self._all_win(self.leader, hands[self.leader]) is not None:
                    return 0
                if self._guarded():
                    return 0
                if t <= 1 and not self.table.highest:
                    if self._keeps_control():
                        return 1  # P wins the last trick: 1 point at least
            seat = self.leader
            moves = self._moves(seat, hands[seat])
            good = self.best.get(key) or self.killers.get((seat, self.left))
            if good and moves[0] != good and good in moves:
                moves.remove(good)
                moves.insert(0, good)
        else:
            if self.near_end and not self.any_proof:
                # in a search begun near the end (all enumeration, few tables to
                # help), settle the trick early when its winner is already sure
                i = (P - self.leader) % n
                if i < k and self._sure_trick(trick[i], i):
                    sure = self._sure_after(trick[i])
                    if sure >= t:
                        return sure
                if t > 0 and self._trick_lost():
                    return 0
            seat = (self.leader + k) % n
            hand = hands[seat]
            moves = self._moves(seat, hand & SUIT_OF[trick[0]] or hand)
        proof = self.proof[seat]
        last = k + 1 == n
        if seat == P:
            # (The control test is not tried after each of P's cards here: it
            # settles too few of them to pay for itself, at any table size; at
            # the boundary and on entry mid-trick it does pay.)
            best = -99
            sure_check = not self.any_proof
            led = SUIT_OF[trick[0]] if k else 0
            for bit in moves:
                hands[seat] ^= bit
                v = (self._sure_after(bit) if sure_check and (not k or bit & led)
                     and self._sure_trick(bit, k) else -99)
                if v < t:
                    if proof & bit:
                        v = OFFSIDE_PENALTY
                    else:
                        trick.append(bit)
                        v = self._finish_trick(t) if last else self._node(t)
                        trick.pop()
                hands[seat] ^= bit
                if v > best:
                    best = v
                    if v >= t:
                        if key is not None:
                            self.best[key] = bit
                        if not k:
                            self.killers[(seat, self.left)] = bit
                        break
        else:
            best = 99
            for bit in moves:
                hands[seat] ^= bit
                if proof & bit:
                    v = 0
                else:
                    trick.append(bit)
                    v = self._finish_trick(t) if last else self._node(t)
                    trick.pop()
                hands[seat] ^= bit
                if v < best:
                    best = v
                    if v < t:
                        if key is not None:
                            self.best[key] = bit
                        if not k:
                            self.killers[(seat, self.left)] = bit
                        break
        if key is not None:
            entry = self.tt.get(key)
            if entry is None:
                self.tt[key] = [best, self._top_score] if best >= t else [self.scores[0], best]
            elif best >= t:
                if best > entry[0]:
                    entry[0] = best
            elif best < entry[1]:
                entry[1] = best
        return best

    def _finish_trick(self, t: int) -> int:
        trick = self.trick
        leader = self.leader
        if self.table.highest:
            winner = winner_of(trick, leader, self.n, True)
            gone = 0
            for c in trick:
                gone |= c
        else:
            top = gone = trick[0]
            sm = SUIT_OF[top]
            best = 0
            for i in range(1, self.n):
                c = trick[i]
                gone |= c
                if c & sm and c > top:
                    top, best = c, i
            winner = (leader + best) % self.n
        wins = self.wins
        wins.append((winner, trick[(winner - leader) % self.n]))
        self.left -= 1
        if self.left == 0:
            v = self.table.score(tuple(wins)) if winner == self.player else 0
        else:
            self.leader = winner
            self.present ^= gone
            self.trick = []
            v = self._node(t)
            self.trick = trick
            self.present ^= gone
            self.leader = leader
        self.left += 1
        wins.pop()
        return v


# -- small bit helpers -------------------------------------------------------------


def guaranteed_points(pos: Position, player: Optional[int] = None) -> int:
    """``player``'s (default: the player to move) exact guaranteed points from ``pos``."""
    p = pos.to_move if player is None else player
    return Searcher(pos.table, pos.players, p).value(pos)
