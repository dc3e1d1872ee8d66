"""Exact values near the end of the hand, where minimax on points beats probes."""

from __future__ import annotations

from typing import Tuple

from ._bits import SUIT_OF, winner_of
from ._control import Control
from ._ordering import Ordering
from ._position import Win


class Exact(Control, Ordering):
    """Exact values with three tricks left or fewer (part of the searcher)."""

    def _small(self) -> int:
        """P's exact value at a trick boundary with three or fewer tricks left."""
        left = self.left
        if left == 1:
            return self._last_trick()
        if left == 2:
            return self._two_left()
        ctx = tuple(self.wins[-1:]) if self.table.memory > 3 else ()
        key = (self.leader, ctx, *self.hands)
        v = self._exact.get(key)
        if v is None:
            v = self._exact[key] = self._solve_trick(-99, 99)
        return v

    def _solve_trick(self, alpha: int, beta: int) -> int:
        """Minimax (alpha-beta on points) over the current trick, exact values after it."""
        trick = self.trick
        k = len(trick)
        n = self.n
        P = self.player
        hands = self.hands
        seat = (self.leader + k) % n
        self.nodes += 1
        hand = hands[seat]
        moves = self._moves(seat, (hand & SUIT_OF[trick[0]] or hand) if k else hand)
        maximizing = seat == P
        best = -99 if maximizing else 99
        top = self._top_score
        for bit in moves:
            hands[seat] ^= bit
            trick.append(bit)
            if k + 1 < n:
                v = self._solve_trick(alpha, beta)
            else:
                v = self._after_trick()
            trick.pop()
            hands[seat] ^= bit
            if maximizing:
                if v > best:
                    best = v
                    if best >= beta or best >= top:
                        return best
                    if best > alpha:
                        alpha = best
            elif v < best:
                best = v
                if best <= alpha or best <= 0:
                    return best
                if best < beta:
                    beta = best
        return best

    def _after_trick(self) -> int:
        """P's exact value once the current (full) trick is taken."""
        trick = self.trick
        leader = self.leader
        winner = winner_of(trick, leader, self.n, self.table.highest)
        gone = 0
        for c in trick:
            gone |= c
        self.wins.append((winner, trick[(winner - leader) % self.n]))
        self.left -= 1
        self.leader = winner
        self.present ^= gone
        self.trick = []
        v = self._small()
        self.trick = trick
        self.present ^= gone
        self.leader = leader
        self.left += 1
        self.wins.pop()
        return v

    def _two_left(self) -> int:
        """P's exact value at a trick boundary with two tricks left (cached)."""
        hands = self.hands
        wins = self.wins
        ctx = tuple(wins[-1:]) if self.table.memory > 2 else ()
        key = (self.leader, ctx, *hands)
        v = self._exact.get(key)
        if v is None:
            v = self._quick_exact()
            if not v and not self._lost():
                v = self._solve_two(self.leader, tuple(wins))
            self._exact[key] = v
        return v

    def _lost(self) -> bool:
        """True if P surely scores nothing: the leader (another player) wins every
        trick left, or each suit P holds has its own guard."""
        leader = self.leader
        if leader != self.player and self._all_win(leader, self.hands[leader]) is not None:
            return True
        return self._guarded()

    def _solve_two(self, leader: int, wins: Tuple[Win, ...]) -> int:
        """Minimax (alpha-beta on points) over the last two tricks. The trick's
        best card is tracked as cards are added; the last trick is then forced."""
        n = self.n
        P = self.player
        table = self.table
        if table.highest:
            return self._solve_two_highest(leader, wins)
        seats = [(leader + j) % n for j in range(n)]
        held = [self.hands[s] for s in seats]
        chosen = [0] * n
        top = self._hand_bound(self.hands[P], 2, wins)
        score = table.score
        self.nodes += 1
        # every card of each place in the trick, and of the places after it
        after = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            after[j] = after[j + 1] | held[j]

        jp = seats.index(P)

        def rec(j: int, sm: int, best_j: int, best: int, alpha: int, beta: int) -> int:
            h = held[j]
            legal = (h & sm or h) if j else h
            maximizing = j == jp
            value = -99 if maximizing else 99
            if j and not maximizing and legal & (legal - 1):
                legal = kept_first(legal, sm, best, held[jp] ^ chosen[jp] if jp < j else held[jp])
            while legal:
                card = legal & -legal
                legal ^= card
                chosen[j] = card
                if maximizing and (not j or (card & sm and card > best)):
                    # P takes this trick for sure if nobody after can beat the card,
                    # and then the last if nobody else holds a higher card of its suit
                    lead = card if not j else best
                    follow = after[j + 1] & SUIT_OF[lead if j else card]
                    if follow.bit_length() < card.bit_length():
                        rest = h ^ card
                        others = 0
                        for i in range(n):
                            if i != j:
                                others |= held[i] ^ chosen[i] if i < j else held[i]
                        if (others & SUIT_OF[rest]).bit_length() < rest.bit_length():
                            v = score(wins + ((P, card), (P, rest)))
                            if v > value:
                                value = v
                                if value >= beta or value >= top:
                                    return value
                                if value > alpha:
                                    alpha = value
                            continue
                if j == 0:
                    v = rec(1, SUIT_OF[card], 0, card, alpha, beta)
                else:
                    bj, bc = (j, card) if card & sm and card > best else (best_j, best)
                    if j + 1 < n:
                        v = rec(j + 1, sm, bj, bc, alpha, beta)
                    else:  # the trick is full: bj leads the last trick
                        last = held[bj] ^ chosen[bj]
                        lsm = SUIT_OF[last]
                        w2, top2 = bj, last
                        for i in range(n):
                            c = held[i] ^ chosen[i]
                            if c & lsm and c > top2:
                                w2, top2 = i, c
                        v = score(wins + ((seats[bj], bc), (P, top2))) if seats[w2] == P else 0
                if maximizing:
                    if v > value:
                        value = v
                        if value >= beta or value >= top:
                            return value
                        if value > alpha:
                            alpha = value
                elif v < value:
                    value = v
                    if value <= alpha or value <= 0:
                        return value
                    if value < beta:
                        beta = value
            return value

        return rec(0, 0, 0, 0, -99, 99)

    def _solve_two_highest(self, leader: int, wins: Tuple[Win, ...]) -> int:
        """:meth:`_solve_two` under ``unfollowed_trick = "highest"`` (ranks compare
        across suits when nobody follows)."""
        n = self.n
        P = self.player
        table = self.table
        seats = [(leader + j) % n for j in range(n)]
        held = [self.hands[s] for s in seats]
        trick = [0] * n
        top = self._hand_bound(self.hands[P], 2, wins)
        self.nodes += 1

        def rec(j: int, alpha: int, beta: int) -> int:
            h = held[j]
            legal = (h & SUIT_OF[trick[0]] or h) if j else h
            maximizing = seats[j] == P
            value = -99 if maximizing else 99
            while legal:
                card = legal & -legal
                legal ^= card
                trick[j] = card
                if j + 1 < n:
                    v = rec(j + 1, alpha, beta)
                else:
                    w = winner_of(trick, leader, n, True)
                    first = (w - leader) % n
                    last = [held[(first + i) % n] ^ trick[(first + i) % n] for i in range(n)]
                    w2 = winner_of(last, w, n, True)
                    v = table.score(wins + ((w, trick[first]), (P, last[(P - w) % n]))) \
                        if w2 == P else 0
                if maximizing:
                    if v > value:
                        value = v
                        if value >= beta or value >= top:
                            return value
                        if value > alpha:
                            alpha = value
                elif v < value:
                    value = v
                    if value <= alpha or value <= 0:
                        return value
                    if value < beta:
                        beta = value
            return value

        return rec(0, -99, 99)

    def _last_trick(self) -> int:
        hands = self.hands
        n = self.n
        leader = self.leader
        trick = [hands[(leader + i) % n] for i in range(n)]
        winner = winner_of(trick, leader, n, self.table.highest)
        if winner != self.player:
            return 0
        return self.table.score(tuple(self.wins) + ((winner, trick[(winner - leader) % n]),))

    # -- internals: moves --------------------------------------------------------


def kept_first(legal: int, sm: int, best: int, mine: int) -> int:
    """Of another player's two cards, when neither can take the trick (of the
    suit led, ``sm``; best card so far ``best``), the one to play: only the last
    trick is left to matter, where a kept card counts only if it beats a card
    P may keep (``mine``) of its suit; keep the one that does, or the higher of
    one suit. Playing the other is never better for P (an exact cut)."""
    a = legal & -legal
    b = legal ^ a
    if (a & sm and a > best) or (b & sm and b > best):
        return legal
    pa = mine & SUIT_OF[a]
    pb = mine & SUIT_OF[b]
    if not (pb and b > pb & -pb):
        return b  # keeping b could never stop P: keep a
    if not (pa and a > pa & -pa) or SUIT_OF[a] == SUIT_OF[b]:
        return a  # keep b (the higher of the two in one suit)
    return legal
