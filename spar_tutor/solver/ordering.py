"""Move ordering for the search: equivalent cards once, and Spar sense first."""

from __future__ import annotations

from typing import List, Tuple

from .base import SearchState
from .bits import SUIT_BITS, SUIT_OF, rank_between


class Ordering(SearchState):
    """The moves to try at a node, best first (part of the searcher)."""

    def _moves(self, seat: int, legal: int) -> List[int]:
        """One card per class of equivalent cards, in the order to try them."""
        if not legal & (legal - 1):
            return [legal]
        reps = []
        present = self.present
        special = self.table.special_mask
        highest = self.table.highest
        prev = prev_suit = 0
        while legal:
            bit = legal & -legal
            legal ^= bit
            suit = SUIT_OF[bit]
            if (suit == prev_suit and not (bit | prev) & special
                    and not (bit - 1) & ~((prev << 1) - 1) & present
                    and not (highest and rank_between(prev, bit, present))):
                prev = bit  # touching the previous card: the same card
                continue
            reps.append(bit)
            prev, prev_suit = bit, suit
        if len(reps) < 2:
            return reps
        return self._order(seat, reps)

    def _order(self, seat: int, reps: List[int]) -> List[int]:
        """Spar sense first: the others take tricks from P, lead suits P cannot
        win and hand the lead to a player holding such a suit; P keeps or takes
        the lead with sure winners."""
        hands = self.hands
        trick = self.trick
        P = self.player
        n = self.n
        k = len(trick)
        mine = hands[P]
        if k == 0:
            if seat == P:
                others = self.present & ~mine
                keyed = player_lead_order(reps, others)
            else:
                keyed = others_lead_order(reps, mine)
            keyed.sort()
            return [x for _, _, x in keyed]
        sm = SUIT_OF[trick[0]]
        best = trick[0]
        for c in trick:
            if c & sm and c > best:
                best = c
        i = (P - self.leader) % n
        keyed = []
        if seat == P:
            later = 0
            for j in range(k + 1, n):
                later |= hands[(self.leader + j) % n]
            later &= sm
            for x in reps:
                if x & sm and x > best:
                    keyed.append((0, x, x) if x > later else (1, -x, x))
                else:
                    keyed.append((2, x, x))
        elif i < k and trick[i] == best:  # P is winning the trick so far: take it
            for x in reps:
                keyed.append((0 if x & sm and x > best else 1, x, x))
        elif i < k or not mine & sm:
            # P cannot win this trick: the lead had better go to a player with a
            # suit P cannot win
            hand = hands[seat]
            for x in reps:
                if x & sm and x > best and safe_lead(hand ^ x, mine):
                    keyed.append((0, x, x))
                else:
                    keyed.append((1, x, x))
        else:  # P plays later: beat every card P holds in the suit if possible
            ps = mine & sm
            for x in reps:
                if x & sm:
                    keyed.append((0, x, x) if x > ps else (1, -x, x))
                else:
                    keyed.append((2, x, x))
        keyed.sort()
        return [x for _, _, x in keyed]


def others_lead_order(reps: List[int], mine: int) -> List[Tuple[int, int, int]]:
    """The others' leads: first a card that beats every card P holds in its suit
    (P must follow and lose, and cannot choose what to throw), then a suit P
    cannot follow, then the rest; low first."""
    out = []
    for x in reps:
        ps = mine & SUIT_OF[x]
        out.append((1 if not ps else 0 if x > ps else 2, x, x))
    return out


def player_lead_order(reps: List[int], others: int) -> List[Tuple[int, int, int]]:
    """P's leads: with two masters or more, the losers first (highest first),
    keeping the masters (lowest first) to take the lead back; else the master
    first, then the rest from the top."""
    masters = [x for x in reps if x > others & SUIT_OF[x]]
    if len(masters) >= 2:
        return [(1, x, x) if x in masters else (0, -x, x) for x in reps]
    return [(0 if x in masters else 1, -x, x) for x in reps]


def safe_lead(hand: int, mine: int) -> bool:
    """True if ``hand`` holds a card P (holding ``mine``) cannot beat when it is led."""
    for sm in SUIT_BITS:
        hs = hand & sm
        if hs and hs.bit_length() > (mine & sm).bit_length():
            return True
    return False
