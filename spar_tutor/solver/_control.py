"""Control: a proof that P wins the last trick, from suit counts alone.

P's cards split into *masters* and *losers*. In each suit, P's cards from the
top are masters while each would win a trick if P led the suit from the top
down (the sure-win test); the rest are losers. Masters stay masters whatever is
played (the others' cards of a suit only go), and P's top master of a suit is
the highest card of it left, so it takes any trick of its suit.

:meth:`Control._keeps_control` plays out the rest of the hand on a coarse
board that favours the others, so that "P still wins the last trick" there is
a proof that P wins it in the real game:

* the others are known only by how many cards of each suit they hold and the
  top card each held at the start (they keep it whatever they play);
* a trick led by another player may be taken by any player who holds the suit
  (P too, if P plays a card of it that is not its top master);
* a trick P leads with a loser may be taken by P or by any player whose top
  card of the suit is higher;
* a player without the led suit gives up nothing (in truth it throws a card);
* P plays only its top master of a suit, or its lowest master when it throws,
  or any loser.

P on lead with masters only wins every trick left (it leads them from the
top), which ends most lines quickly. The board keeps no ranks but P's losers,
so its positions are shared by many real ones (a table per searcher). Counts,
top ranks and P's masters are packed four bits a field into one ``int`` each:
seat ``w``'s field for suit ``s`` is at bit ``4 * (8 * s + w)``.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ._bits import SUIT_BITS, bits_of
from ._bounds import Bounds

#: (tricks left, leader, P's masters per suit, P's losers, counts, top ranks)
Board = Tuple[int, int, int, int, int, int]

#: Boards with more losers in P's hand than this are not tried (too rarely won);
#: with another player on lead, more than one loser is hardly ever won, and
#: with five tricks or more left, any.
MAX_LOSERS = 2
#: The low bit of each seat's field of one suit (32 bits a suit).
ONES = 0x11111111


class Control(Bounds):
    """The control test (part of the searcher)."""

    _races: Dict[Board, bool]
    _shapes: Dict[int, Tuple[int, int]]
    _splits: Dict[Tuple[int, int, int], Tuple[int, int]]

    def _keeps_control(self) -> Optional[bool]:
        """True if P surely wins the last trick (at a trick boundary, standard
        trick rule, no renege pending); None if not tried (too many losers)."""
        others_lead = self.leader != self.player
        parts = self._board_parts((1 if self.left <= 4 else 0) if others_lead else MAX_LOSERS)
        if parts is None:
            return None
        masters, losers, counts, tops = parts
        return self._wins((self.left, self.leader, masters, losers, counts,
                           _only_suits(tops, losers)))

    def _control_after(self) -> bool:
        """:meth:`_keeps_control` in the middle of a trick to which P has played:
        the player with the best card so far, or any player still to play who
        holds a higher card of the suit, takes the trick."""
        parts = self._board_parts(MAX_LOSERS)
        if parts is None:
            return False
        masters, losers, counts, tops = parts
        trick = self.trick
        n = self.n
        s = (trick[0].bit_length() - 1) // 13
        sm = SUIT_BITS[s]
        best = 0
        for i, c in enumerate(trick):
            if c & sm and c > best:
                best, first = c, i
        rank = best.bit_length() - 13 * s
        takers = [(self.leader + first) % n]
        after = counts
        for i in range(len(trick), n):
            w = (self.leader + i) % n
            field = 32 * s + 4 * w
            if counts >> field & 15:
                after -= 1 << field
                if tops >> field & 15 > rank:
                    takers.append(w)
        tops = _only_suits(tops, losers)
        return self._all_take(self.left, takers, masters, losers, after, tops)

    def _board_parts(self, most: int) -> "Tuple[int, int, int, int] | None":
        """P's masters and losers (None if more than ``most`` losers), the
        others' counts and top ranks, packed."""
        hands = self.hands
        P = self.player
        mine = hands[P]
        others = 0
        for seat, h in enumerate(hands):
            if seat != P:
                others |= h
        # A quick count first: where another player holds a card above P's top
        # card of a suit, all of P's cards of that suit are losers.
        short = 0
        for sm in SUIT_BITS:
            ms = mine & sm
            if ms and others & sm > ms:
                short += ms.bit_count()
        if short > most:
            return None
        shapes = self._shapes
        counts = tops = 0
        for seat, h in enumerate(hands):
            if seat == P:
                continue
            shape = shapes.get(h)
            if shape is None:
                shape = shapes[h] = _shape(h)
            counts |= shape[0] << 4 * seat
            tops |= shape[1] << 4 * seat
        masters = losers = 0
        splits = self._splits
        for s in range(4):
            key = (mine & SUIT_BITS[s], counts >> 32 * s & 0xFFFFFFFF, tops >> 32 * s & 0xFFFFFFFF)
            split = splits.get(key)
            if split is None:
                split = splits[key] = _split(*key, s)
            masters |= split[0] << 4 * s
            losers |= split[1]
        if losers.bit_count() > most:
            return None
        return masters, losers, counts, tops

    def _wins(self, board: Board) -> bool:
        """True if P wins the last trick on ``board``."""
        got = self._races.get(board)
        if got is not None:
            return got
        left, leader, masters, losers, counts, tops = board
        P = self.player
        if leader == P and not losers:
            result = True
        else:
            result = leader != P  # P on lead needs a winning card; the others, a winning suit
            for s in range(4):
                shift = 32 * s
                if leader != P and not counts >> (shift + 4 * leader) & 15:
                    continue
                sub = counts >> shift & 0xFFFFFFFF
                held = (sub | sub >> 1 | sub >> 2 | sub >> 3) & ONES
                after = counts - (held << shift)
                holders = [(b.bit_length() - 1) >> 2 for b in bits_of(held)]
                suit_losers = losers & SUIT_BITS[s]
                mine_s = masters >> 4 * s & 15
                if leader == P or mine_s or suit_losers:
                    plays = bits_of(suit_losers)  # P follows (or leads) with a loser ...
                    top = [s] if mine_s else []  # ... or its top master, which takes it
                else:
                    plays = bits_of(losers)  # P throws a loser or its lowest master
                    top = [d for d in range(4) if masters >> 4 * d & 15]
                won = False
                for d in top:
                    takers = [P] if d == s else holders
                    if self._all_take(left, takers, masters - (1 << 4 * d), losers, after, tops):
                        won = True
                        break
                if not won:
                    for card in plays:
                        if leader == P:
                            rank = card.bit_length() - 13 * s
                            takers = [w for w in holders
                                      if tops >> (shift + 4 * w) & 15 > rank] + [P]
                        else:
                            takers = holders + [P] if card & SUIT_BITS[s] else holders
                        if self._all_take(left, takers, masters, losers ^ card, after, tops):
                            won = True
                            break
                if won == (leader == P):
                    result = won
                    break
        self._races[board] = result
        return result

    def _all_take(self, left: int, takers: List[int], masters: int, losers: int, counts: int,
                  tops: int) -> bool:
        """True if P wins whichever of ``takers`` takes the trick."""
        if left == 1:
            return takers == [self.player]
        return all(self._wins((left - 1, w, masters, losers, counts, tops)) for w in takers)


def _only_suits(tops: int, losers: int) -> int:
    """The top ranks of the suits of P's losers only: no others are looked at,
    so boards that differ elsewhere are shared."""
    for s in range(4):
        if not losers & SUIT_BITS[s]:
            tops &= ~(0xFFFFFFFF << 32 * s)
    return tops


def _split(cards: int, counts: int, tops: int, s: int) -> Tuple[int, int]:
    """P's masters (how many) and losers (a mask) among ``cards`` of suit ``s``,
    given the others' counts and top ranks in that suit (packed, 4 bits a seat).
    P's k-th card from the top is a master if the cards above it are, and no
    other player with more than k cards of the suit holds a higher one."""
    k = 0
    while cards:
        rank = cards.bit_length() - 13 * s
        for w in range(8):
            if (counts >> 4 * w & 15) > k and (tops >> 4 * w & 15) > rank:
                return k, cards
        cards ^= 1 << (cards.bit_length() - 1)
        k += 1
    return k, 0


def _shape(hand: int) -> Tuple[int, int]:
    """A hand's cards per suit and top rank per suit (1 for a 2 ... 13 for an
    ace, 0 for none), packed as the fields of seat 0."""
    counts = tops = 0
    for s, sm in enumerate(SUIT_BITS):
        cards = hand & sm
        counts |= cards.bit_count() << 32 * s
        tops |= (cards.bit_length() - 13 * s if cards else 0) << 32 * s
    return counts, tops
