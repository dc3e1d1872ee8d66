"""Bounds for the search: what P's cards allow at most, sure wins and sure losses."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from ._base import SearchState
from ._bits import SUIT_BITS, SUIT_OF, bits_of, distinct, max_rank, rank_of, sequences
from ._position import Win


class Bounds(SearchState):
    """Quick tests that settle a probe without searching (part of the searcher)."""

    def _hand_bound(self, hand: int, left: int, wins: Sequence[Win]) -> int:
        """The best P could score with these cards, were every trick P's to take."""
        table = self.table
        special = hand & table.special_mask
        mem = table.memory
        if mem == 1:
            key1 = (special, hand != special)
            ub = self._ub.get(key1)
            if ub is None:
                plain = hand & ~special
                cards = bits_of(special) + ([plain & -plain] if plain else [])
                ub = self._ub[key1] = max(table.score(((self.player, c),)) for c in cards)
            return ub
        fixed = mem - 1 - min(left - 1, mem - 1)  # earlier tricks that count, already played
        ctx = tuple(wins[len(wins) - fixed:]) if fixed else ()
        key = (special, hand != special, left, ctx)
        ub = self._ub.get(key)
        if ub is not None:
            return ub
        p = self.player
        cards = bits_of(special)
        if hand != special:
            plain = hand & ~special
            cards.append(plain & -plain)
        future = min(left - 1, mem - 1)  # earlier tricks that count, still to play
        best = 0
        for last in cards:
            best = max(best, table.score(((p, last),)))
            for prev in sequences([c for c in cards if c != last], future):
                best = max(best, table.score(ctx + tuple((p, c) for c in prev) + ((p, last),)))
        self._ub[key] = best
        return best

    def _all_win(self, seat: int, mine: int) -> Optional[List[List[int]]]:
        """If ``seat``, on lead with ``mine``, wins every trick left by leading each
        suit from the top down, whatever the others do with their cards (as they
        are now, or any part of them): its cards per suit, high to low; else None."""
        hands = self.hands
        others = 0
        for s, h in enumerate(hands):
            if s != seat:
                others |= h
        for sm in SUIT_BITS:
            if (others & sm).bit_length() > (mine & sm).bit_length() and mine & sm:
                return None
        highest = self.table.highest
        tails = []
        for sm in SUIT_BITS:
            ms = mine & sm
            if not ms:
                continue
            desc = bits_of(ms)[::-1]
            if highest and max_rank(others & ~sm) > rank_of(desc[-1]):
                return None  # the others could all throw a higher rank on it
            for k in range(1, len(desc)):
                c = desc[k]
                for s, h in enumerate(hands):
                    if s != seat:
                        hs = h & sm
                        # a player keeps its top card of the suit until the k+1-th lead of it
                        if hs.bit_count() > k and hs.bit_length() > c.bit_length():
                            return None
            tails.append(desc)
        return tails

    def _sure_win(self, mine: int, left: int, wins: Tuple[Win, ...]) -> int:
        """P's points if P, on lead with ``mine``, surely wins every trick left; else 0."""
        tails = self._all_win(self.player, mine)
        if tails is None:
            return 0
        return self._ending(tails, left, wins)

    def _ending(self, tails: List[List[int]], left: int, wins: Tuple[Win, ...]) -> int:
        key = (tuple(tuple(t) for t in tails), left, tuple(wins[-2:]))
        best = self._endings.get(key)
        if best is None:
            best = self._endings[key] = self._best_ending(tails, left, tuple(wins))
        return best

    def _best_ending(self, tails: List[List[int]], left: int, wins: Tuple[Win, ...]) -> int:
        """The best score of P winning every trick left, each suit led high to low."""
        table = self.table
        P = self.player
        m = min(table.memory, left)
        best = 0

        def walk(seq: Tuple[int, ...], tails: List[List[int]]) -> None:
            nonlocal best
            if len(seq) == m:
                best = max(best, table.score(wins + tuple((P, c) for c in reversed(seq))))
                return
            for i, tail in enumerate(tails):
                if tail:
                    walk(seq + (tail[-1],), tails[:i] + [tail[:-1]] + tails[i + 1:])

        walk((), tails)
        return best

    def _sure_trick(self, card: int, pos: int) -> bool:
        """True if ``card``, played at place ``pos`` of the current trick, wins it
        whatever the players after it do (the trick holds the cards before it)."""
        trick = self.trick
        n = self.n
        led = trick[0] if trick else card
        sm = SUIT_OF[led]
        if not card & sm:
            return False
        for i, c in enumerate(trick):
            if c & sm and c > card and i != pos:
                return False
        later = 0  # the players still to play to this trick
        for j in range(len(trick) if pos < len(trick) else pos + 1, n):
            later |= self.hands[(self.leader + j) % n]
        if (later & sm).bit_length() > card.bit_length():
            return False
        if self.table.highest and pos == 0 and not later & sm:
            played = 0
            for c in trick[1:]:
                played |= c
            if not played & sm and max_rank(later | played) > rank_of(card):
                return False
        return True

    def _sure_after(self, card: int) -> int:
        """P's points if P, sure to win this trick with ``card`` (already out of
        P's hand), then surely wins every trick left; else 0."""
        left = self.left - 1
        wins = tuple(self.wins) + ((self.player, card),)
        if left == 0:
            return self.table.score(wins)
        return self._sure_win(self.hands[self.player], left, wins)

    def _guarded(self, cards: int = -1) -> bool:
        """True if each suit P holds has its own guard: another player (a different
        one for each suit) with at least as many cards of the suit as P and one
        above all of P's. Playing its lowest card of the suit whenever it must play
        the suit, a guard keeps its top card to the end, so P cannot win the last
        trick (each lead of the suit costs P and the guard one card each). With
        ``cards``, only P's cards among them need guarding (a guard then needs
        one card above those): P cannot win the last trick with one of them."""
        hands = self.hands
        P = self.player
        mine = hands[P]
        options = []
        for sm in SUIT_BITS:
            ms = mine & sm
            if not ms & cards:
                continue
            need = ms.bit_count()
            top = (ms & cards).bit_length()
            guards = 0
            for seat, h in enumerate(hands):
                hs = h & sm
                if seat != P and hs.bit_length() > top and hs.bit_count() >= need:
                    guards |= 1 << seat
            if not guards:
                return False
            options.append(guards)
        return distinct(options, 0)

    def _trick_lost(self) -> bool:
        """True if another player is sure to take the current trick and then every
        trick left, so that P scores nothing."""
        trick = self.trick
        sm = SUIT_OF[trick[0]]
        best_i = 0
        for i in range(1, len(trick)):
            if trick[i] & sm and trick[i] > trick[best_i]:
                best_i = i
        winner = (self.leader + best_i) % self.n
        if winner == self.player or not self._sure_trick(trick[best_i], best_i):
            return False
        return self.left == 1 or self._all_win(winner, self.hands[winner]) is not None

    def _keep_for_last(self, lead: int, others: int) -> int:
        """With two tricks left and P void in the suit of ``lead``: P's points if
        P keeps a card that no other player can beat in its suit, and every
        player who may take this trick has only that suit left to lead; else 0."""
        hands = self.hands
        P = self.player
        leader = self.leader
        sm = SUIT_OF[lead]
        # the card to beat: the lead, or a higher one a player must play (its only
        # card of the suit); then what each possible taker may keep (a superset)
        high, holder = lead, leader
        for seat, h in enumerate(hands):
            hs = h & sm
            if seat != P and seat != leader and hs and not hs & (hs - 1) and hs > high:
                high, holder = hs, seat
        kept = hands[holder] ^ high
        for seat, h in enumerate(hands):
            if seat != P and (h & sm) > high:
                for c in bits_of(h & sm):
                    if c > high:
                        kept |= h ^ c
        best = 0
        for y in bits_of(hands[P]):
            ys = SUIT_OF[y]
            if not kept & ~ys and (others & ys).bit_length() < y.bit_length():
                best = max(best, self.table.score(tuple(self.wins) + ((leader, lead), (P, y))))
        return best

    def _quick_exact(self) -> int:
        """P's exact value at a trick boundary when a sure win reaches the bound from
        P's cards, or a sure loss holds; else 0 (search on)."""
        P = self.player
        hands = self.hands
        mine = hands[P]
        ub = self._hand_bound(mine, self.left, self.wins)
        if self.leader == P:
            sure = self._sure_win(mine, self.left, tuple(self.wins))
            return sure if sure == ub else 0
        if self.table.highest:
            return 0
        # whatever the leader leads, P takes it with a card nobody can beat and
        # then leads one nobody can beat, or, void in it, keeps a card nobody can
        # beat of the suit that whoever takes the trick must lead
        others = self.present & ~mine
        leader = self.leader
        worst = 99
        for lead in bits_of(hands[leader]):
            sm = SUIT_OF[lead]
            ms = mine & sm
            if not ms:
                worst = min(worst, self._keep_for_last(lead, others))
                if not worst:
                    return 0
                continue
            if (others & sm).bit_length() > ms.bit_length():
                return 0
            top = 1 << (ms.bit_length() - 1)
            rest = mine ^ top
            if (others & SUIT_OF[rest]).bit_length() > rest.bit_length():
                return 0
            worst = min(worst, self.table.score(tuple(self.wins) + ((P, top), (P, rest))))
        return worst if worst == ub else 0
