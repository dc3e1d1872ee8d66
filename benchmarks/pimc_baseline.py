"""An independent exact PIMC player: the yardstick the expert bot is measured against.

Written from the rules (RULES.md) with the public engine API only
(:mod:`spar_tutor.engine`: cards and their bits, views, legal moves, scoring),
never the solver's insides, so that the two bots share no mistake.

It plays *perfect-information Monte Carlo*: it draws up to ``deals`` deals of the
cards it cannot see that fit its view (hand sizes, cards known to be held, suits a
seat has shown void in, face-down wets), solves each deal with every hand open,
and plays the move with the best average of its own points.

Solving a deal is max^n: every seat plays to maximise its own points, seeing every
card. Only one seat scores in a hand, so a seat that cannot score is indifferent
between outcomes; it then prefers the outcome that gives the scorer the fewest
points, then its lowest card (a fixed, simple tie-break). The search keeps a table
of every position it has solved (hands, trick, leader and the last tricks' winners
when the score still depends on them) and searches touching cards of a suit once.

Before the first lead it decides the same way: under ten (exchange or not) and dry
and wet (which card, or pass) are each valued by the average over sampled deals of
its max^n points from the first lead; seats still to decide are taken to pass.

It is deterministic for a seed and does a fixed amount of work (no clock).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Dict, List, Optional, Sequence, Tuple

from spar_tutor.engine.cards import CARD_BY_BIT, SUIT_MASKS, SUITS, Card
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.scoring import hand_score
from spar_tutor.engine.state import PASS, Action, Move
from spar_tutor.engine.view import SeatView

#: An outcome of a hand: (the seat that scores, its points).
Outcome = Tuple[int, int]

_SUIT_OF_BIT: Dict[int, int] = {}
for _card in CARD_BY_BIT.values():
    _SUIT_OF_BIT[_card.bit] = SUIT_MASKS[_card.suit_index]


def _bits(mask: int) -> List[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class MaxN:
    """Max^n values of open deals for one set of rules and declarations."""

    def __init__(self, rules: Rules, players: int, declared: Sequence[Sequence[Card]]) -> None:
        self.rules = rules
        self.n = players
        self.declared = [tuple(d) for d in declared]
        self.highest = rules.unfollowed_trick == "highest"
        # how many of the last tricks the score may depend on
        self.memory = 3 if rules.scoring == "sipa" else 2 if rules.two_trick_bonus else 1
        special = 0
        for card in rules.deck:
            if (rules.scoring == "spar" and card.rank in (6, 7)) or (
                    rules.scoring in ("sipa", "jeu_de_carte") and card.rank == 7):
                special |= card.bit
        for cards in self.declared:
            for card in cards:
                special |= card.bit
        self.special = special
        self.memo: Dict[tuple, Outcome] = {}
        self.scores: Dict[tuple, int] = {}
        self.bounds: Dict[tuple, int] = {}
        self.history: Dict[int, int] = {}  # card -> how often it was best (move ordering)
        self.nodes = 0

    def score(self, wins: Tuple[Tuple[int, int], ...]) -> int:
        key = wins[-self.memory:]
        got = self.scores.get(key)
        if got is None:
            winner = key[-1][0]
            got = hand_score(self.rules, [(s, CARD_BY_BIT[b]) for s, b in key],
                             self.declared[winner])[0]
            self.scores[key] = got
        return got

    def most(self, seat: int, hand: int, left: int, ctx: Tuple[Tuple[int, int], ...]) -> int:
        """The most ``seat`` could score holding ``hand`` (its last cards won by it)."""
        key = (seat, hand, left, ctx)
        got = self.bounds.get(key)
        if got is None:
            cards = _bits(hand)
            endings = [ctx + ((seat, c),) for c in cards]
            if left >= 2:
                endings += [((seat, a), (seat, b)) for a in cards for b in cards if a != b]
            got = self.bounds[key] = max(self.score(e) for e in endings)
        return got

    def trick_winner(self, trick: Sequence[int], leader: int) -> int:
        led = _SUIT_OF_BIT[trick[0]]
        best = 0
        followed = False
        for i in range(1, len(trick)):
            c = trick[i]
            if c & led:
                followed = True
                if c > trick[best]:
                    best = i
        if not followed and self.highest:
            rank = [(c.bit_length() - 1) % 13 for c in trick]
            for i in range(1, len(trick)):
                if rank[i] > rank[best]:
                    best = i
        return (leader + best) % self.n

    def moves(self, hands: Tuple[int, ...], trick: Tuple[int, ...], seat: int) -> List[int]:
        """The legal cards of ``seat``, one of each run of touching cards."""
        hand = hands[seat]
        if trick:
            follow = hand & _SUIT_OF_BIT[trick[0]]
            if follow:
                hand = follow
        cards = _bits(hand)
        if self.highest or len(cards) == 1:
            return cards
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= c
        out = []
        prev = 0
        for c in cards:
            # c touches the card below it (same suit, nothing live in between)
            if (prev and _SUIT_OF_BIT[prev] == _SUIT_OF_BIT[c] and not (prev | c) & self.special
                    and not live & (c - 1) & ~((prev << 1) - 1)):
                prev = c
                continue
            out.append(c)
            prev = c
        return out

    def outcome(self, hands: Tuple[int, ...], trick: Tuple[int, ...], leader: int, left: int,
                wins: Tuple[Tuple[int, int], ...], cut: Tuple[int, int] = (-1, -99)) -> Outcome:
        """Who scores, and how much, with every seat playing max^n from here.

        ``cut`` is (the seat that moved before, the best it already has, in its own
        terms); once this seat has something that seat would not take, the search
        stops early (shallow pruning) and the outcome is not kept in the table."""
        mem = self.memory
        ctx = wins[left - mem:] if left < mem else ()
        key = (hands, trick, leader, ctx)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        n = self.n
        seat = (leader + len(trick)) % n
        best: Optional[Outcome] = None
        best_key = -99
        # A seat's outcome in its own terms: its points if it scores, else minus the
        # scorer's. What this seat settles for, the seat before can get no more than
        # minus that (the seats differ).
        parent, parent_best = cut
        limit = self.most(seat, hands[seat], left, ctx)
        if parent != seat and -parent_best < limit:
            limit = -parent_best
        moves = self.moves(hands, trick, seat)
        if len(moves) > 1:
            history = self.history
            moves.sort(key=lambda b: -history.get(b, 0))
        best_bit = 0
        for bit in moves:
            out = self.after(hands, trick, leader, left, wins, seat, bit, (seat, best_key))
            w, p = out
            k = p if w == seat else -p
            if k > best_key or (k == best_key and bit < best_bit):
                best, best_key, best_bit = out, k, bit
                if k >= limit:
                    self.history[bit] = self.history.get(bit, 0) + left
                    return out
        assert best is not None
        self.history[best_bit] = self.history.get(best_bit, 0) + left
        self.memo[key] = best
        return best

    def after(self, hands: Tuple[int, ...], trick: Tuple[int, ...], leader: int, left: int,
              wins: Tuple[Tuple[int, int], ...], seat: int, bit: int,
              cut: Tuple[int, int] = (-1, -99)) -> Outcome:
        """The outcome once ``seat`` plays ``bit``."""
        n = self.n
        new_hands = hands[:seat] + (hands[seat] ^ bit,) + hands[seat + 1:]
        new_trick = trick + (bit,)
        if len(new_trick) < n:
            return self.outcome(new_hands, new_trick, leader, left, wins, cut)
        winner = self.trick_winner(new_trick, leader)
        new_wins = (wins + ((winner, new_trick[(winner - leader) % n]),))[-3:]
        if left == 1:
            return winner, self.score(new_wins)
        return self.outcome(new_hands, (), winner, left - 1, new_wins, cut)

    def root(self, hands: Tuple[int, ...], trick: Tuple[int, ...], leader: int, left: int,
             wins: Tuple[Tuple[int, int], ...]) -> Dict[int, Outcome]:
        """The outcome after each legal card of the player to move (all of them)."""
        seat = (leader + len(trick)) % self.n
        hand = hands[seat]
        if trick and hand & _SUIT_OF_BIT[trick[0]]:
            hand &= _SUIT_OF_BIT[trick[0]]
        return {bit: self.after(hands, trick, leader, left, wins, seat, bit)
                for bit in _bits(hand)}


class DealSampler:
    """Deals of the cards ``view``'s seat cannot see that fit everything public."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        n = view.players
        self.me = view.seat
        self.unseen = [c.bit for c in view.unseen_cards()]
        self.fixed = [0] * n
        self.need = [0] * n
        for s in range(n):
            if s != self.me:
                known = view.known_cards(s)
                self.fixed[s] = sum(c.bit for c in known)
                self.need[s] = view.hand_sizes[s] - len(known)
        voids = view.voids()
        self.allowed = [sum(SUIT_MASKS[i] for i, x in enumerate(SUITS) if x not in voids[s])
                        for s in range(n)]
        played: Dict[int, int] = {}
        for t in view.tricks:
            for i, c in enumerate(t.cards):
                seat = t.seat_of(i, n)
                played[seat] = played.get(seat, 0) | c.bit
        for i, c in enumerate(view.current_trick):
            seat = (view.leader + i) % n
            played[seat] = played.get(seat, 0) | c.bit
        self.played = played
        # seats with a face-down wet: the cards it may be (a 6 or 7, not its dry's suit)
        self.wet_may_be: Dict[int, int] = {}
        for s in range(n):
            if s == self.me or not view.wet_hidden[s]:
                continue
            dry = view.dry[s]
            mask = 0
            for card in view.rules.deck:
                if card.rank in (6, 7) and (dry is None or card.suit != dry.suit):
                    mask |= card.bit
            self.wet_may_be[s] = mask

    def _wets_fit(self, hands: List[int]) -> bool:
        return all((hands[s] | self.played.get(s, 0)) & m for s, m in self.wet_may_be.items())

    def draw(self, rng: random.Random) -> Tuple[Tuple[int, ...], Tuple[Optional[int], ...]]:
        """One deal: every seat's hand (own included) and each seat's wet card (bits)."""
        own = sum(c.bit for c in self.view.hand)
        for attempt in range(20000):
            cards = list(self.unseen)
            rng.shuffle(cards)
            hands = list(self.fixed)
            hands[self.me] = own
            if attempt < 2000:
                ok = True
                i = 0
                for s, k in enumerate(self.need):
                    for b in cards[i:i + k]:
                        if not b & self.allowed[s]:
                            ok = False
                        hands[s] |= b
                    i += k
            else:  # many voids: deal the most constrained seats first, from what they may take
                ok = True
                left = set(cards)
                order = sorted((s for s in range(len(self.need)) if self.need[s]),
                               key=lambda s: sum(1 for b in left if b & self.allowed[s]))
                for s in order:
                    fits = [b for b in cards if b in left and b & self.allowed[s]]
                    if len(fits) < self.need[s]:
                        ok = False
                        break
                    for b in rng.sample(fits, self.need[s]):
                        hands[s] |= b
                        left.discard(b)
            if ok and self._wets_fit(hands):
                return tuple(hands), self._wets(hands, rng)
        raise ValueError("no deal fits this view")

    def _wets(self, hands: List[int], rng: random.Random) -> Tuple[Optional[int], ...]:
        wets: List[Optional[int]] = [c.bit if c is not None else None for c in self.view.wet]
        for s, mask in self.wet_may_be.items():
            wets[s] = rng.choice(_bits((hands[s] | self.played.get(s, 0)) & mask))
        return tuple(wets)


def _declared(view: SeatView, wets: Sequence[Optional[int]],
              dry: Optional[Card] = None, wet: Optional[Card] = None) -> List[List[Card]]:
    out = []
    for s in range(view.players):
        cards = [c for c in (view.dry[s],) if c is not None]
        if wets[s] is not None:
            cards.append(CARD_BY_BIT[wets[s]])  # type: ignore[index]
        if s == view.seat:
            cards += [c for c in (dry, wet) if c is not None]
        out.append(cards)
    return out


def view_key(view: SeatView) -> str:
    """A text naming everything ``view`` shows (equal views, equal keys)."""
    return json.dumps([view.seat, view.to_json(), [[s, str(m)] for s, m in view.history]],
                      sort_keys=True)


class PimcBot:
    """The exact PIMC baseline (module docstring). ``deals`` deals a decision."""

    name = "pimc"

    def __init__(self, seed: object = 0, deals: int = 100) -> None:
        self.seed = str(seed)
        self.rng = random.Random(self.seed)
        self.deals = deals
        self.nodes = 0

    def choose(self, view: SeatView) -> Move:
        # each decision is seeded by the bot's seed and what it has seen, so the same
        # view always gets the same answer (whatever happened in other hands)
        self.rng = random.Random(f"{self.seed}:{view_key(view)}")
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if view.phase == "play":
            if len(cards) == 1:
                return cards[0]
            return self._play(view, cards)
        actions = [m for m in view.legal_moves if isinstance(m, Action)]
        if len(actions) == 1:
            return actions[0]
        return self._prelead(view, actions)

    def _worlds(self, view: SeatView) -> Counter:
        sampler = DealSampler(view)
        return Counter(sampler.draw(self.rng) for _ in range(self.deals))

    def _play(self, view: SeatView, cards: List[Card]) -> Card:
        me = view.seat
        n = view.players
        trick = tuple(c.bit for c in view.current_trick)
        wins = tuple((t.winner, t.winning_card(n).bit) for t in view.tricks[-2:])  # type: ignore[union-attr]
        own = {c.bit: 0.0 for c in cards}
        spite = {c.bit: 0.0 for c in cards}
        for (hands, wets), count in sorted(self._worlds(view).items()):
            solver = MaxN(view.rules, n, _declared(view, wets))
            for bit, (w, p) in solver.root(hands, trick, view.leader, view.tricks_left,
                                           wins).items():
                if w == me:
                    own[bit] += p * count
                else:
                    spite[bit] += p * count
            self.nodes += solver.nodes
        return min(cards, key=lambda c: (-own[c.bit], spite[c.bit], c.index))

    def _prelead(self, view: SeatView, actions: List[Action]) -> Action:
        me = view.seat
        n = view.players
        size = view.rules.hand_size
        leader = view.leader
        own = {a: 0.0 for a in actions}
        sampler = DealSampler(view)
        unseen = sum(sampler.unseen)
        for _ in range(self.deals):
            hands, wets = sampler.draw(self.rng)
            held = 0
            for s, h in enumerate(hands):
                if s != me:
                    held |= h
            for action in actions:
                world = list(hands)
                dry = wet = None
                if action.kind == "under_ten":
                    world[me] = sum(self.rng.sample(_bits(unseen & ~held), size))
                elif action.kind == "dry":
                    dry = action.card
                elif action.kind == "wet":
                    wet = action.card
                solver = MaxN(view.rules, n, _declared(view, wets, dry, wet))
                w, p = solver.outcome(tuple(world), (), leader, size, ())
                self.nodes += solver.nodes
                if w == me:
                    own[action] += p
        return min(actions, key=lambda a: (-own[a], a.kind != "pass", str(a)))


__all__ = ["DealSampler", "MaxN", "PimcBot", "PASS", "view_key"]
