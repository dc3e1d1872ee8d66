"""Exact open-hand search: the most the player to move can be sure to score.

Only one seat scores in a hand, so the guaranteed points of player ``P`` equal
P's max^n value with every tie broken against P: the other seats can be
treated as one side playing against P, and alpha-beta on "P against the rest"
is exact. The search is a series of zero-window probes ("can P be sure of at
least ``t`` points?") over the few figures a hand can score, with the usual
double-dummy tools:

* a transposition table at trick boundaries, keyed on relative ranks within
  each suit (cards between which every card has been played are the same
  card), keeping the cards that score differently (6s, 7s, declared cards)
  apart, and storing bounds ``lo <= value < hx``;
* equivalent cards (touching in a suit, same scoring class) searched once;
* a static bound from the cards P holds (a hand with no 6 cannot score 3);
* move ordering from the table's best moves and simple Spar sense (take the
  trick from P cheaply, keep guards in P's suits).

With ``unfollowed_trick = "highest"`` ranks are compared across suits, so the
table keys on exact cards and equivalence also looks at the other suits.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..cards import SUIT_MASKS
from ..scoring import OFFSIDE_PENALTY
from .position import Position, Table, Win

LOW_BITS = [((1 << 13) - 1) << (13 * s) for s in range(4)]
_SUIT_OF_BIT: Dict[int, int] = {1 << i: i // 13 for i in range(52)}


class Searcher:
    """Open-hand search for one player's guaranteed points.

    One searcher serves many positions of the same hand for the same player
    (its table is reused), e.g. every card at the root and the principal line.
    """

    def __init__(self, table: Table, players: int, player: int) -> None:
        self.table = table
        self.n = players
        self.player = player
        self.nodes = 0
        self.tt: Dict[tuple, List[int]] = {}
        self.scores = table.possible_scores()
        self._pext: Dict[int, int] = {}
        self._ub: Dict[tuple, int] = {}
        # 6s, 7s and declared cards are the lowest of their suits in every
        # standard pack, so the absolute set of those left pins them down.
        self._special_low = _specials_lowest(table)

    # -- public ----------------------------------------------------------------

    def value(self, pos: Position) -> int:
        """P's exact guaranteed points from ``pos`` (any mover)."""
        lo, hi = self.scores[0], self.scores[-1]
        ub = self.upper_bound(pos)
        candidates = [s for s in self.scores if s <= ub]
        # binary search for the largest s with "P >= s"
        i, j = 0, len(candidates) - 1  # candidates[i] always holds (the lowest figure)
        if pos.proof == (0,) * self.n and candidates[0] < 0:
            i = candidates.index(0)
        while i < j:
            mid = (i + j + 1) // 2
            if self.at_least(pos, candidates[mid]):
                i = mid
            else:
                j = mid - 1
        del lo, hi
        return candidates[i]

    def at_least(self, pos: Position, t: int) -> bool:
        """True if P can be sure of ``t`` points or more from ``pos``."""
        self._load(pos)
        return self._node(t)

    def upper_bound(self, pos: Position) -> int:
        """A quick bound on P's points from the cards P holds."""
        if any(pos.proof):
            return self.scores[-1]
        hand = pos.hands[self.player]
        i = (self.player - pos.leader) % self.n
        if i < len(pos.trick):
            hand |= pos.trick[i]  # P's card in the trick may still win it
        return self._hand_bound(hand, pos.tricks_left, pos.wins)

    # -- internals -------------------------------------------------------------

    def _load(self, pos: Position) -> None:
        self.hands = list(pos.hands)
        self.trick = list(pos.trick)
        self.leader = pos.leader
        self.left = pos.tricks_left
        self.wins = list(pos.wins)
        self.proof = list(pos.proof)
        self.any_proof = any(pos.proof)

    def _hand_bound(self, hand: int, left: int, wins: Tuple[Win, ...]) -> int:
        table = self.table
        special = hand & table.special_mask
        mem = table.memory
        fixed = mem - 1 - min(left - 1, mem - 1)  # earlier tricks that count, already played
        ctx = tuple(wins[len(wins) - fixed:]) if fixed else ()
        key = (special, hand != special, left, ctx)
        ub = self._ub.get(key)
        if ub is not None:
            return ub
        p = self.player
        cards = _bits(special)
        if hand != special:
            cards.append((hand & ~special) & -(hand & ~special))
        best = 0
        for last in cards:
            best = max(best, table.score(((p, last),)))
            if mem >= 2 and left >= 1:
                # the earlier tricks that count may be won by P with its own cards
                # (if still to be played) or are already fixed in the context
                for prev in _prev_choices(p, ctx, cards, last, left, mem):
                    best = max(best, table.score(prev + ((p, last),)))
        self._ub[key] = best
        return best

    def _key(self) -> tuple:
        hands = self.hands
        table = self.table
        ctx = tuple(self.wins[-(table.memory - 1):]) if table.memory > 1 and self.left < table.memory else ()
        if table.highest or not self._special_low:
            return (self.leader, ctx, tuple(self.proof) if self.any_proof else 0, *hands)
        union = 0
        for h in hands:
            union |= h
        pext = self._pext
        packed = []
        for s in range(4):
            sh = 13 * s
            u = (union >> sh) & 0x1FFF
            if not u:
                continue
            base = u << 13
            for h in hands:
                hs = (h >> sh) & 0x1FFF
                v = pext.get(base | hs)
                if v is None:
                    v = pext[base | hs] = _pext(hs, u)
                packed.append(v)
            packed.append(u.bit_count())
        return (self.leader, ctx, union & table.special_mask,
                tuple(self.proof) if self.any_proof else 0, *packed)

    def _node(self, t: int) -> bool:
        self.nodes += 1
        trick = self.trick
        k = len(trick)
        n = self.n
        hands = self.hands
        P = self.player
        key = None
        if k == 0:
            if self.left == 1 and not self.any_proof:
                return self._last_trick() >= t
            if not self.any_proof and self._hand_bound(hands[P], self.left, tuple(self.wins)) < t:
                return False
            key = self._key()
            entry = self.tt.get(key)
            if entry is not None:
                if entry[0] >= t:
                    return True
                if entry[1] <= t:
                    return False
            if self.leader == P and not self.any_proof and self._sure_win() >= t:
                return True
        seat = (self.leader + k) % n
        hand = hands[seat]
        if k:
            follow = hand & SUIT_MASKS[_SUIT_OF_BIT[trick[0]]]
            legal = follow or hand
        else:
            legal = hand
        moves = self._moves(seat, legal)
        maximizing = seat == P
        result = not maximizing
        for bit in moves:
            hands[seat] ^= bit
            if self.proof[seat] & bit:
                r = (OFFSIDE_PENALTY if seat == P else 0) >= t
            elif k + 1 < n:
                trick.append(bit)
                r = self._node(t)
                trick.pop()
            else:
                trick.append(bit)
                r = self._finish_trick(t)
                trick.pop()
            hands[seat] ^= bit
            if r == maximizing:
                result = r
                break
        if key is not None:
            entry = self.tt.get(key)
            if entry is None:
                entry = self.tt[key] = [self.scores[0], self.scores[-1] + 1]
            if result:
                if t > entry[0]:
                    entry[0] = t
            elif t < entry[1]:
                entry[1] = t
        return result

    def _sure_win(self) -> int:
        """P's points if P, on lead, can win every trick left by leading each suit
        from the top down whatever the others keep; 0 if not (a lower bound)."""
        hands = self.hands
        P = self.player
        mine = hands[P]
        others = 0
        for seat, h in enumerate(hands):
            if seat != P:
                others |= h
        highest = self.table.highest
        tails: List[List[int]] = []  # per suit: P's cards, high to low
        for s in range(4):
            ps = mine & LOW_BITS[s]
            if not ps:
                continue
            mine_desc = _bits(ps)[::-1]
            if highest and _max_rank(others & ~LOW_BITS[s]) > (mine_desc[-1].bit_length() - 1) % 13:
                return 0  # the others could all throw a higher rank on it
            for k, c in enumerate(mine_desc):
                # the others lose their lowest card of the suit at each lead of it
                for seat, h in enumerate(hands):
                    if seat != P:
                        hs = h & LOW_BITS[s]
                        if hs.bit_count() > k and hs.bit_length() > c.bit_length():
                            return 0
            tails.append(mine_desc)
        return self._best_ending(tails)

    def _best_ending(self, tails: List[List[int]]) -> int:
        """The best score of P winning every trick left, each suit led high to low."""
        table = self.table
        P = self.player
        m = min(table.memory, self.left)
        best = 0
        ctx = tuple(self.wins)

        def walk(seq: tuple, tails: List[List[int]]) -> None:
            nonlocal best
            if len(seq) == m:
                best = max(best, table.score(ctx + tuple((P, c) for c in reversed(seq))))
                return
            for i, tail in enumerate(tails):
                if tail:
                    walk(seq + (tail[-1],), tails[:i] + [tail[:-1]] + tails[i + 1:])

        walk((), tails)
        return best

    def _finish_trick(self, t: int) -> bool:
        trick = self.trick
        n = self.n
        leader = self.leader
        winner = _winner(trick, leader, n, self.table.highest)
        card = trick[(winner - leader) % n]
        saved = (trick[:], leader)
        self.wins.append((winner, card))
        self.left -= 1
        self.leader = winner
        del trick[:]
        if self.left == 0:
            r = (self.table.score(tuple(self.wins)) if winner == self.player else 0) >= t
        else:
            r = self._node(t)
        self.left += 1
        self.wins.pop()
        trick[:] = saved[0]
        self.leader = saved[1]
        return r

    def _last_trick(self) -> int:
        hands = self.hands
        n = self.n
        leader = self.leader
        trick = [hands[(leader + i) % n] for i in range(n)]
        winner = _winner(trick, leader, n, self.table.highest)
        if winner != self.player:
            return 0
        card = trick[(winner - leader) % n]
        return self.table.score(tuple(self.wins) + ((winner, card),))

    def _moves(self, seat: int, legal: int) -> List[int]:
        """One card per class of equivalent cards, low to high."""
        out = []
        present = 0
        for h in self.hands:
            present |= h
        for c in self.trick:
            present |= c
        special = self.table.special_mask
        highest = self.table.highest
        prev = 0
        while legal:
            bit = legal & -legal
            legal ^= bit
            if (prev and not (bit & special) and not (prev & special)
                    and _SUIT_OF_BIT[prev] == _SUIT_OF_BIT[bit] and _touching(prev, bit, present)
                    and not (highest and _rank_between(prev, bit, present))):
                prev = bit
                continue
            out.append(bit)
            prev = bit
        return out


def _touching(low: int, high: int, present: int) -> bool:
    """True if no card still in play lies between two cards of one suit."""
    between = (high - 1) & ~((low << 1) - 1)
    return not between & present


def _max_rank(mask: int) -> int:
    ranks = 0
    for s in range(4):
        ranks |= (mask >> (13 * s)) & 0x1FFF
    return ranks.bit_length() - 1


def _rank_between(low: int, high: int, present: int) -> bool:
    """True if a card of another suit ranks from ``low`` to ``high`` (they compare
    across suits when nobody follows, under ``unfollowed_trick = "highest"``)."""
    others = present & ~low & ~high
    ranks = 0
    for s in range(4):
        ranks |= (others >> (13 * s)) & 0x1FFF
    lo = (low.bit_length() - 1) % 13
    hi = (high.bit_length() - 1) % 13
    return bool(ranks & ((1 << (hi + 1)) - (1 << lo)))


def _winner(trick: List[int], leader: int, n: int, highest: bool) -> int:
    first = trick[0]
    suit = SUIT_MASKS[_SUIT_OF_BIT[first]]
    best = 0
    top = first
    followed = False
    for i in range(1, n):
        c = trick[i]
        if c & suit:
            followed = True
            if c > top:
                best, top = i, c
    if highest and not followed:
        top_rank = (first.bit_length() - 1) % 13
        for i in range(1, n):
            r = (trick[i].bit_length() - 1) % 13
            if r > top_rank:
                best, top_rank = i, r
    return (leader + best) % n


def _pext(h: int, u: int) -> int:
    out = 0
    k = 0
    while u:
        low = u & -u
        if h & low:
            out |= 1 << k
        k += 1
        u ^= low
    return out


def _bits(mask: int) -> List[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _prev_choices(p: int, ctx: tuple, cards: List[int], last: int, left: int, mem: int):
    """Possible earlier winning (seat, card) tuples that could precede P's last card."""
    future = min(left - 1, mem - 1)  # earlier tricks that count and are still to be played
    fixed = ctx
    others = [c for c in cards if c != last]
    out = []

    def extend(prefix: tuple, pool: List[int], k: int) -> None:
        if k == 0:
            out.append(prefix)
            return
        for c in pool:
            extend(prefix + ((p, c),), [x for x in pool if x != c], k - 1)

    extend(tuple(fixed), others, future)
    return out


def _specials_lowest(table: Table) -> bool:
    """True if in every suit the scoring-special cards are the lowest of the pack."""
    deck = table.rules.deck_mask
    for s in range(4):
        suit_deck = deck & SUIT_MASKS[s]
        sp = suit_deck & table.special_mask
        if sp:
            top = 1 << (sp.bit_length() - 1)
            if suit_deck & ((top << 1) - 1) & ~sp:
                return False
    return True


def guaranteed_points(pos: Position, player: Optional[int] = None) -> int:
    """``player``'s (default: the player to move) exact guaranteed points from ``pos``."""
    p = pos.to_move if player is None else player
    return Searcher(pos.table, pos.players, p).value(pos)
