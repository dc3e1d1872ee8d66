"""Move ordering for the search: equivalent cards once, and Spar sense first."""

from __future__ import annotations

from typing import Dict, List, Tuple

from ._base import SearchState
from ._bits import SUIT_BITS, SUIT_OF, rank_between


class Ordering(SearchState):
    """The moves to try at a node, best first (part of the searcher)."""

    _reps: Dict[Tuple[int, int], List[int]]  # (legal cards, cards in play) -> classes

    def _moves(self, seat: int, legal: int) -> List[int]:
        """One card per class of equivalent cards, in the order to try them."""
        if not legal & (legal - 1):
            return [legal]
        present = self.present
        key = (legal, present)
        reps = self._reps.get(key)
        if reps is None:
            reps = self._reps[key] = self._classes(legal, present)
        if len(reps) < 2:
            return [reps[0]]
        return self._order(seat, reps)

    def _classes(self, legal: int, present: int) -> List[int]:
        """One card of each class of equivalent cards among ``legal``, low first
        (``present``: the cards still in play)."""
        reps = []
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
        return reps

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
                keyed = others_lead_order(reps, mine, self.present & ~mine)
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
        elif i < k or mine & sm < best:
            # P cannot win this trick (it has played, or holds nothing above the
            # best card): the lead had better go to a player with a suit P cannot
            # win; else throw low, keeping the cards that beat all of P's in
            # their suit
            hand = hands[seat]
            thrown: List[Tuple[int, int, int, int]] = []
            for x in reps:
                guard = 1 if x > mine & SUIT_OF[x] else 0
                take = x & sm and x > best and safe_lead(hand ^ x, mine)
                thrown.append((0 if take else 1, guard, x, x))
            thrown.sort()
            return [x for *_, x in thrown]
        else:  # P plays later: beat every card P holds in the suit if possible
            ps = mine & sm
            for x in reps:
                if x & sm:
                    keyed.append((0, x, x) if x > ps else (1, -x, x))
                else:
                    keyed.append((2, x, x))
        keyed.sort()
        return [x for _, _, x in keyed]


def others_lead_order(reps: List[int], mine: int, others: int) -> List[Tuple[int, int, int]]:
    """The others' leads (``others``: the cards of the others): first a suit in
    which P's lowest card beats every other (P must take the trick and then lead
    from what it has left), then a card that beats every card P holds in its
    suit (P must follow and lose, and cannot choose what to throw), then a suit
    P cannot follow, then the rest; low first."""
    out = []
    for x in reps:
        sm = SUIT_OF[x]
        ps = mine & sm
        if not ps:
            cat = 2
        elif x > ps:
            cat = 1
        elif (ps & -ps) > others & sm:
            cat = 0
        else:
            cat = 3
        out.append((cat, x, x))
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
