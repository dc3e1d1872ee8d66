"""Exact open-hand search: the most one player can be sure to score.

Only one seat scores in a hand, so the guaranteed points of player ``P`` equal
P's max^n value with every tie broken against P: the other seats can be
treated as one side playing against P, and alpha-beta on "P against the rest"
is exact. The search is a series of zero-window probes ("can P be sure of at
least ``t`` points?") over the few figures a hand can score, with the usual
double-dummy tools:

* a transposition table at trick boundaries storing bounds ``lo <= value < hx``,
  keyed on relative ranks within each suit (cards between which every card has
  been played are the same card) while keeping apart the cards that score
  differently (6s, 7s, declared cards);
* equivalent cards (touching in a suit, same scoring class) searched once;
* a bound from the cards P holds (a hand without a 6 cannot score 3);
* sure wins: P on lead (or sure to take this trick) who can win every trick
  left by leading each suit from the top; and sure losses: another player who
  can do the same;
* move ordering from the table's best moves and Spar sense: the others take
  tricks from P and hand the lead to a player with a suit P cannot win.

With ``unfollowed_trick = "highest"`` ranks are compared across suits when
nobody follows, so the table keys on exact cards and the other tests check
ranks in every suit.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..scoring import OFFSIDE_PENALTY
from .position import Position, Table, Win

#: Mask of each suit's 13 card bits.
SUIT_BITS = [((1 << 13) - 1) << (13 * s) for s in range(4)]
#: The suit mask of a card bit.
SUIT_OF: Dict[int, int] = {1 << i: SUIT_BITS[i // 13] for i in range(52)}

Line = List[Tuple[int, int]]  # (seat, card bit)


class Searcher:
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
        self._pext: Dict[int, int] = {}
        self._keys: Dict[Tuple[Any, ...], Tuple[Any, ...]] = {}  # exact position -> relative-rank key
        self._exact: Dict[Tuple[Any, ...], int] = {}  # exact values near the end
        # Exact values (rather than probes) pay off near the end; how near
        # depends on how many players share each trick.
        self._exact_from = 3 if players <= 4 else 2
        self._relative = not table.highest and _specials_lowest(table)
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
        if i < len(pos.trick) and not self.any_proof and self._sure_trick(pos.trick[i], i):
            sure = self._sure_after(pos.trick[i])  # P's card already takes this trick
            if sure >= t:
                return sure
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
                cards = _bits(special) + ([plain & -plain] if plain else [])
                ub = self._ub[key1] = max(table.score(((self.player, c),)) for c in cards)
            return ub
        fixed = mem - 1 - min(left - 1, mem - 1)  # earlier tricks that count, already played
        ctx = tuple(wins[len(wins) - fixed:]) if fixed else ()
        key = (special, hand != special, left, ctx)
        ub = self._ub.get(key)
        if ub is not None:
            return ub
        p = self.player
        cards = _bits(special)
        if hand != special:
            plain = hand & ~special
            cards.append(plain & -plain)
        future = min(left - 1, mem - 1)  # earlier tricks that count, still to play
        best = 0
        for last in cards:
            best = max(best, table.score(((p, last),)))
            for prev in _sequences([c for c in cards if c != last], future):
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
            desc = _bits(ms)[::-1]
            if highest and _max_rank(others & ~sm) > _rank(desc[-1]):
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
            if not played & sm and _max_rank(later | played) > _rank(card):
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

    def _guarded(self) -> bool:
        """True if each suit P holds has its own guard: another player (a different
        one for each suit) with at least as many cards of the suit as P and one
        above all of P's. Playing its lowest card of the suit whenever it must play
        the suit, a guard keeps its top card to the end, so P cannot win the last
        trick (each lead of the suit costs P and the guard one card each)."""
        hands = self.hands
        P = self.player
        mine = hands[P]
        options = []
        for sm in SUIT_BITS:
            ms = mine & sm
            if not ms:
                continue
            need = ms.bit_count()
            top = ms.bit_length()
            guards = 0
            for seat, h in enumerate(hands):
                hs = h & sm
                if seat != P and hs.bit_length() > top and hs.bit_count() >= need:
                    guards |= 1 << seat
            if not guards:
                return False
            options.append(guards)
        return _distinct(options, 0)

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

    def _key(self) -> Tuple[Any, ...]:
        hands = self.hands
        table = self.table
        mem = table.memory
        ctx = tuple(self.wins[self.left - mem:]) if self.left < mem else ()
        proof = tuple(self.proof) if self.any_proof else 0
        if not self._relative:
            return (self.leader, ctx, proof, *hands)
        exact = (self.leader, ctx, proof, *hands)
        key_ = self._keys.get(exact)
        if key_ is not None:
            return key_
        union = self.present
        pext = self._pext
        key = [self.leader, ctx, proof, union & table.special_mask]
        for sh in (0, 13, 26, 39):
            u = (union >> sh) & 0x1FFF
            if not u:
                continue
            base = u << 13
            for h in hands:
                i = base | ((h >> sh) & 0x1FFF)
                v = pext.get(i)
                if v is None:
                    v = pext[i] = _pext(i & 0x1FFF, u)
                key.append(v)
            key.append(-1)
        key_ = self._keys[exact] = tuple(key)
        return key_

    # -- internals: the probe ----------------------------------------------------

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
            seat = self.leader
            moves = self._moves(seat, hands[seat])
            good = self.best.get(key)
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
            winner = _winner(trick, leader, self.n, True)
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
        winner = _winner(trick, leader, self.n, self.table.highest)
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
            v = self._exact[key] = self._quick_exact() or self._solve_two(self.leader, tuple(wins))
        return v

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
        # whatever suit the leader leads, P takes it with a card nobody can beat
        # and then leads one nobody can beat
        others = self.present & ~mine
        worst = 99
        for sm in SUIT_BITS:
            if not hands[self.leader] & sm:
                continue
            ms = mine & sm
            if not ms or (others & sm).bit_length() > ms.bit_length():
                return 0
            top = 1 << (ms.bit_length() - 1)
            rest = mine ^ top
            if (others & SUIT_OF[rest]).bit_length() > rest.bit_length():
                return 0
            worst = min(worst, self.table.score(tuple(self.wins) + ((P, top), (P, rest))))
        return worst if worst == ub else 0

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

        def rec(j: int, sm: int, best_j: int, best: int, alpha: int, beta: int) -> int:
            h = held[j]
            legal = (h & sm or h) if j else h
            maximizing = seats[j] == P
            value = -99 if maximizing else 99
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
                    w = _winner(trick, leader, n, True)
                    first = (w - leader) % n
                    last = [held[(first + i) % n] ^ trick[(first + i) % n] for i in range(n)]
                    w2 = _winner(last, w, n, True)
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
        winner = _winner(trick, leader, n, self.table.highest)
        if winner != self.player:
            return 0
        return self.table.score(tuple(self.wins) + ((winner, trick[(winner - leader) % n]),))

    # -- internals: moves --------------------------------------------------------

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
                    and not (highest and _rank_between(prev, bit, present))):
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
                keyed = _p_lead_order(reps, others)
            else:
                keyed = _o_lead_order(reps, mine)
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
                if x & sm and x > best and _safe_lead(hand ^ x, mine):
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


# -- small bit helpers -------------------------------------------------------------


def _distinct(options: List[int], used: int) -> bool:
    """True if each mask of seats in ``options`` can give a different seat."""
    if not options:
        return True
    first, rest = options[0] & ~used, options[1:]
    while first:
        seat = first & -first
        first ^= seat
        if _distinct(rest, used | seat):
            return True
    return False


def _o_lead_order(reps: List[int], mine: int) -> List[Tuple[int, int, int]]:
    """The others' leads: first a card that beats every card P holds in its suit
    (P must follow and lose, and cannot choose what to throw), then a suit P
    cannot follow, then the rest; low first."""
    out = []
    for x in reps:
        ps = mine & SUIT_OF[x]
        out.append((1 if not ps else 0 if x > ps else 2, x, x))
    return out


def _p_lead_order(reps: List[int], others: int) -> List[Tuple[int, int, int]]:
    """P's leads: with two masters or more, the losers first (highest first),
    keeping the masters (lowest first) to take the lead back; else the master
    first, then the rest from the top."""
    masters = [x for x in reps if x > others & SUIT_OF[x]]
    if len(masters) >= 2:
        return [(1, x, x) if x in masters else (0, -x, x) for x in reps]
    return [(0 if x in masters else 1, -x, x) for x in reps]


def _safe_lead(hand: int, mine: int) -> bool:
    """True if ``hand`` holds a card P (holding ``mine``) cannot beat when it is led."""
    for sm in SUIT_BITS:
        hs = hand & sm
        if hs and hs.bit_length() > (mine & sm).bit_length():
            return True
    return False


def _rank(bit: int) -> int:
    """0 for a 2 ... 12 for an ace."""
    return (bit.bit_length() - 1) % 13


def _max_rank(mask: int) -> int:
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    return ranks.bit_length() - 1


def _rank_between(low: int, high: int, present: int) -> bool:
    """True if a card of another suit ranks from ``low`` to ``high`` (they compare
    across suits when nobody follows, under ``unfollowed_trick = "highest"``)."""
    others = present & ~low & ~high
    ranks = (others | others >> 13 | others >> 26 | others >> 39) & 0x1FFF
    return bool(ranks & ((1 << (_rank(high) + 1)) - (1 << _rank(low))))


def _winner(trick: List[int], leader: int, n: int, highest: bool) -> int:
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
        top_rank = _rank(first)
        for i in range(1, n):
            r = _rank(trick[i])
            if r > top_rank:
                best, top_rank = i, r
    return (leader + best) % n


def _pext(h: int, u: int) -> int:
    """The bits of ``h`` at the places of ``u``'s bits, packed low."""
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


def _sequences(pool: List[int], k: int) -> List[Tuple[int, ...]]:
    """Every ordered choice of ``k`` distinct cards from ``pool``."""
    if k == 0:
        return [()]
    return [(c,) + rest for c in pool for rest in _sequences([x for x in pool if x != c], k - 1)]


def _specials_lowest(table: Table) -> bool:
    """True if in every suit the scoring-special cards are the lowest of the pack
    (then the set of them left pins down their relative ranks)."""
    deck = table.rules.deck_mask
    for sm in SUIT_BITS:
        suit_deck = deck & sm
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
