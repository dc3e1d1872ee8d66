"""Bit-mask helpers for the solver: a card is one bit (``Card.bit``, 13 bits a
suit, rank 2 lowest), a set of cards an ``int``."""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple


#: Mask of each suit's 13 card bits.
SUIT_BITS = [((1 << 13) - 1) << (13 * s) for s in range(4)]
#: The suit mask of a card bit.
SUIT_OF: Dict[int, int] = {1 << i: SUIT_BITS[i // 13] for i in range(52)}


def distinct(options: List[int], used: int) -> bool:
    """True if each mask of seats in ``options`` can give a different seat."""
    if not options:
        return True
    first, rest = options[0] & ~used, options[1:]
    while first:
        seat = first & -first
        first ^= seat
        if distinct(rest, used | seat):
            return True
    return False


def rank_of(bit: int) -> int:
    """0 for a 2 ... 12 for an ace."""
    return (bit.bit_length() - 1) % 13


#: Times a card of the first suit (or a mask of them): the same ranks in every suit.
RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39


def ranks_of(mask: int) -> int:
    """The ranks present in ``mask``, whatever the suit (bit ``r`` for rank ``r``)."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF


def max_rank(mask: int) -> int:
    return ranks_of(mask).bit_length() - 1


def lowest_rank_card(mask: int) -> int:
    """The card of ``mask`` of the lowest rank (of equal ranks, the lowest suit)."""
    ranks = ranks_of(mask)
    pick = mask & (ranks & -ranks) * RANK_SPREAD
    return pick & -pick


def rank_between(low: int, high: int, present: int) -> bool:
    """True if a card of another suit ranks from ``low`` to ``high`` (they compare
    across suits when nobody follows, under ``unfollowed_trick = "highest"``)."""
    ranks = ranks_of(present & ~low & ~high)
    return bool(ranks & ((1 << (rank_of(high) + 1)) - (1 << rank_of(low))))


def winner_of(trick: Sequence[int], leader: int, n: int, highest: bool) -> int:
    """The seat winning a full trick of card bits (the engine's rule, on bits)."""
    first = trick[0]
    sm = SUIT_OF[first]
    best = 0
    top = first
    followed = False
    for i in range(1, n):
        c = trick[i]
        if c & sm:
            followed = True
            if c > top:
                best, top = i, c
    if highest and not followed:
        top_rank = rank_of(first)
        for i in range(1, n):
            r = rank_of(trick[i])
            if r > top_rank:
                best, top_rank = i, r
    return (leader + best) % n


def bits_of(mask: int) -> List[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def sequences(pool: List[int], k: int) -> List[Tuple[int, ...]]:
    """Every ordered choice of ``k`` distinct cards from ``pool``."""
    if k == 0:
        return [()]
    return [(c,) + rest for c in pool for rest in sequences([x for x in pool if x != c], k - 1)]
