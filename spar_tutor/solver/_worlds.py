"""Sampling the cards a seat cannot see: deals consistent with its view.

A *world* gives every other seat a hand of the right size and the stock its
unseen cards, such that everything public holds: cards played, the dry cards
(face up, still held until played), visible wets, the face-down wets (a 6 or 7
of that seat, not in its dry's suit), the under-ten hands shown (out of play),
the under card (in the stock), and every failure to follow suit (a void; with
``offside`` on it could be a renege, but it is treated as a void). Unseen
cards beyond what the hands and the stock hold are out of play: in an end
position (hands shorter than the deal) the cards played before it are not
recorded, and a deal file need not list the stock.

Worlds are drawn uniformly by rejection: the unseen cards are shuffled and
dealt, and a deal that breaks a void is redrawn. When voids make that too
slow, each card is instead dealt to a random place that may still take it,
weighted by the room left there (close to uniform). An impossible view raises
:class:`~spar_tutor.engine.errors.ViewError`.

With ``infer`` the sampler also reads the cards thrown (:func:`thrown_lows`): a
player who played a card that could not win (a lower card of the led suit than
one already in the trick, or any card of another suit) holds no plain card of
that card's suit below it, since every player the solver models (and the
baseline it is measured against) gives away its lowest plain card when it
cannot win. Worlds breaking that are not drawn; if no world fits (a person
who plays otherwise), the inference is dropped for that view.
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence, Tuple

from ..engine.cards import SUIT_MASKS, SUITS, Card
from ..engine.errors import ViewError
from ..engine.view import SeatView
from ._bits import RANK_SPREAD, SUIT_OF, bits_of, rank_of
from ._position import Table, declared_cards

REJECTION_TRIES = 40
#: Draws for one world read by the habits (:func:`habit_odds`) before the likeliest is kept.
HABIT_TRIES = 8

#: How much less likely a world is for each habit its player's hand would have broken
#: (the exact PIMC baseline's play, 3 seats: it takes a trick with its lowest winning
#: card 7 times in 10 or more, throws its lowest plain card or a 6 or 7 about 9 times in
#: 10, and leads the top card or the only card of a suit 8 to 9 times in 10).
WIN_LOWEST = 0.2
DISCARD_LOWEST = 0.2
LEAD_TOP = 0.35


class WorldSampler:
    """Draws worlds for one view. ``sample(rng)`` gives (hands, wets): every
    seat's hand as a bit mask (the viewer's own included) and each seat's wet
    card (None if it has none). With ``infer``, worlds also fit the cards thrown
    (module docstring); ``inferred`` tells whether that held."""

    def __init__(self, view: SeatView, infer: bool = False, habits: bool = False) -> None:
        if not isinstance(view, SeatView):
            raise ViewError("a hint needs a SeatView (what one seat may know), "
                            f"not {type(view).__name__}: use state.view(seat)", rule="views")
        self.view = view
        me = view.seat
        n = view.players
        self.me = me
        self.own = sum(c.bit for c in view.hand)
        self.unseen = view.unseen_cards()
        self.fixed = [0] * n
        self.need = [0] * n
        for s in range(n):
            if s == me:
                continue
            known = view.known_cards(s)
            self.fixed[s] = sum(c.bit for c in known)
            self.need[s] = view.hand_sizes[s] - len(known)
            if self.need[s] < 0:
                raise ViewError(f"seat {s} holds {view.hand_sizes[s]} cards but {len(known)} "
                                "of its cards are known", seat=s, rule="hand sizes")
        if len(view.hand) != view.hand_sizes[me]:
            raise ViewError(f"seat {me}'s view has {len(view.hand)} cards but its hand size is "
                            f"{view.hand_sizes[me]}", seat=me, rule="hand sizes")
        # the stock's unknown cards, and any unseen cards out of play besides
        room = sum(self.need) + view.stock_size - (1 if view.under_card is not None else 0)
        if room > len(self.unseen):
            raise ViewError(f"{len(self.unseen)} cards are unseen but the other hands and the "
                            f"stock hold {room}: the view does not add up", seat=me,
                            rule="hand sizes")
        self.stock_need = len(self.unseen) - sum(self.need)
        voids = view.voids()
        # the suits each place may take (the stock takes any)
        self.allowed = [sum(SUIT_MASKS[SUITS.index(x)] for x in SUITS if x not in voids[s])
                        for s in range(n)]
        self.inferred = False
        self.plain_allowed = self.allowed
        if infer:
            lows = thrown_lows(view)
            self.allowed = [a & ~lows[s] for s, a in enumerate(self.plain_allowed)]
            self.inferred = any(lows) and self._feasible() and self._wets_possible()
            if not self.inferred:
                self.allowed = self.plain_allowed
        self.wet_options = self._wet_options()
        # (seat, cards, factor): a world in which the seat holds one of the cards
        # counts ``factor`` times as likely (:func:`habit_odds`)
        self.odds = habit_odds(view) if habits else []
        if not self._feasible():
            raise ViewError("no deal of the unseen cards fits this view: a seat shown void "
                            "in a suit would have to hold it", seat=me, rule="voids")

    def _wets_possible(self) -> bool:
        try:
            self._wet_options()
        except ViewError:
            return False
        return True

    def _wet_options(self) -> Dict[int, int]:
        """Seats with a face-down wet that must still be in hand: the cards it may be."""
        view = self.view
        out = {}
        played: Dict[int, List[Card]] = {}
        for t in view.tricks:
            for i, c in enumerate(t.cards):
                played.setdefault(t.seat_of(i, view.players), []).append(c)
        for i, c in enumerate(view.current_trick):
            played.setdefault((view.leader + i) % view.players, []).append(c)
        for s, hidden in enumerate(view.wet_hidden):
            if not hidden or s == self.me:
                continue
            dry = view.dry[s]

            def fits(c: Card) -> bool:
                return c.rank in (6, 7) and (dry is None or (c.suit != dry.suit and c is not dry))

            if any(fits(c) for c in played.get(s, [])):
                continue  # the wet may be a card already played
            options = sum(c.bit for c in self.unseen if fits(c)) & self.allowed[s]
            if not options:
                raise ViewError(f"seat {s} has a face-down wet but no 6 or 7 it could be is "
                                "unseen", seat=s, rule="wet")
            out[s] = options
        return out

    def _feasible(self) -> bool:
        """Whether the unseen cards can go round at all. The stock takes any suit,
        so by Hall's theorem it suffices that every set of seats can be filled
        from the suits some seat of the set may hold."""
        places = [s for s in range(len(self.need)) if s != self.me and self.need[s]]
        unseen = sum(c.bit for c in self.unseen)
        for subset in range(1, 1 << len(places)):
            chosen = [places[i] for i in range(len(places)) if subset >> i & 1]
            allowed = 0
            for s in chosen:
                allowed |= self.allowed[s]
            cards = (unseen & allowed).bit_count()
            if sum(self.need[s] for s in chosen) > cards:
                return False
        return True

    def sample(self, rng: random.Random) -> Tuple[List[int], List[Optional[int]]]:
        """One world: hands (bit masks, own included) and each seat's wet card bit.
        With habits, a world is kept with the chance its habits give it (rejection
        sampling, so worlds come in proportion to how well they explain the plays);
        after :data:`HABIT_TRIES` draws the likeliest one drawn is taken."""
        if not self.odds:
            return self._plain_sample(rng)
        best: Optional[Tuple[float, Tuple[List[int], List[Optional[int]]]]] = None
        for _ in range(HABIT_TRIES):
            world = self._plain_sample(rng)
            weight = 1.0
            hands = world[0]
            for seat, cards, factor in self.odds:
                if hands[seat] & cards:
                    weight *= factor
            if weight >= 1.0 or rng.random() < weight:
                return world
            if best is None or weight > best[0]:
                best = (weight, world)
        assert best is not None
        return best[1]

    def _plain_sample(self, rng: random.Random) -> Tuple[List[int], List[Optional[int]]]:
        for _ in range(REJECTION_TRIES):
            world = self._shuffled(rng)
            if world is not None:
                return world
        for _ in range(1000):
            world = self._weighted(rng)
            if world is not None:
                return world
        if self.inferred:  # the throws' reading is too hard to meet: drop it
            self.inferred = False
            self.allowed = self.plain_allowed
            self.wet_options = self._wet_options()
            return self._plain_sample(rng)
        raise ViewError("could not draw a deal that fits this view", seat=self.me, rule="voids")

    def _shuffled(self, rng: random.Random) -> Optional[Tuple[List[int], List[Optional[int]]]]:
        cards = [c.bit for c in self.unseen]
        rng.shuffle(cards)
        hands = list(self.fixed)
        hands[self.me] = self.own
        i = 0
        for s, k in enumerate(self.need):
            for b in cards[i:i + k]:
                if not b & self.allowed[s]:
                    return None
                hands[s] |= b
            i += k
        return self._with_wets(hands, rng)

    def _weighted(self, rng: random.Random) -> Optional[Tuple[List[int], List[Optional[int]]]]:
        cards = [c.bit for c in self.unseen]
        rng.shuffle(cards)
        # the most constrained cards first
        cards.sort(key=lambda b: sum(1 for s, k in enumerate(self.need) if k and b & self.allowed[s]))
        room = list(self.need)
        stock = self.stock_need
        hands = list(self.fixed)
        hands[self.me] = self.own
        for b in cards:
            places = [(s, k) for s, k in enumerate(room) if k and b & self.allowed[s]]
            weights = [k for _, k in places] + [stock]
            total = sum(weights)
            if total == 0:
                return None
            r = rng.randrange(total)
            for (s, k), w in zip(places, weights):
                if r < w:
                    hands[s] |= b
                    room[s] -= 1
                    break
                r -= w
            else:
                stock -= 1
        return self._with_wets(hands, rng)

    def _with_wets(self, hands: List[int], rng: random.Random
                   ) -> Optional[Tuple[List[int], List[Optional[int]]]]:
        wets: List[Optional[int]] = [c.bit if c is not None else None for c in self.view.wet]
        for s, options in self.wet_options.items():
            held = hands[s] & options
            if not held:
                return None
            choices = bits_of(held)
            wets[s] = choices[rng.randrange(len(choices))]
        return hands, wets


def _table_read(view: SeatView) -> Tuple[Table, int, List[Tuple[int, Sequence[Card]]]]:
    """What reading the others' cards starts from: the search's table (which cards are
    special), the unseen cards, and every trick so far as (leader, cards)."""
    tricks: List[Tuple[int, Sequence[Card]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.current_trick:
        tricks.append((view.leader, view.current_trick))
    return (Table.of(view.rules, declared_cards(view.dry, view.wet)),
            sum(c.bit for c in view.unseen_cards()), tricks)


def thrown_lows(view: SeatView) -> List[int]:
    """Per seat, the unseen cards its throws say it does not hold (bit masks): for
    each card it played that could not win the trick (under ``unfollowed_trick =
    highest`` only a lower card of the led suit), the plain cards of that card's
    suit below it. Plain: not a 6 or 7 (a 7 in Sipa and Jeu de carte), nor a
    declared card: those score at the end, and a player keeps them on purpose."""
    n = view.players
    table, unseen, tricks = _table_read(view)
    special = table.special_mask
    lows = [0] * n
    for leader, cards in tricks:
        led = SUIT_OF[cards[0].bit]
        top = cards[0].bit
        for i in range(1, len(cards)):
            bit = cards[i].bit
            suit = SUIT_OF[bit]
            if suit == led:
                if bit > top:
                    top = bit
                    continue  # it could win
            elif table.highest:
                continue  # off-suit cards can win on rank
            if bit & special:
                continue
            seat = (leader + i) % n
            if seat != view.seat:
                lows[seat] |= suit & (bit - 1) & ~special & unseen
    return lows


def habit_odds(view: SeatView) -> List[Tuple[int, int, float]]:
    """What the others' cards say of the hands they still hold, as odds: a list of
    (seat, cards, factor), read "a world in which ``seat`` holds one of ``cards``
    is ``factor`` times as likely". Three habits of careful players are read:

    * a player who takes a trick takes it with the lowest card that wins it (no card
      of the suit between the card it beat and its own);
    * a player who cannot follow suit and throws a plain card throws its lowest plain
      card (no plain card of a lower rank, in any suit);
    * a player who leads leads the highest card it holds of that suit.

    Plain: not a 6 or 7 (a 7 in Sipa and Jeu de carte) nor a declared card, which a
    player keeps on purpose. Only unseen cards are named (a card seen elsewhere is
    in no world). Under ``unfollowed_trick = highest`` throws are not read. The
    cards thrown under a winning card are read as a rule (:func:`thrown_lows`)."""
    n = view.players
    table, unseen, tricks = _table_read(view)
    special = table.special_mask
    plain_unseen = unseen & ~special
    odds: List[Tuple[int, int, float]] = []
    for leader, cards in tricks:
        led = SUIT_OF[cards[0].bit]
        top = cards[0].bit
        if leader != view.seat:
            higher = led & ~((top << 1) - 1) & unseen
            if higher:
                odds.append((leader, higher, LEAD_TOP))
        for i in range(1, len(cards)):
            bit = cards[i].bit
            seat = (leader + i) % n
            suit = SUIT_OF[bit]
            if suit == led:
                if bit > top:
                    between = led & (bit - 1) & ~((top << 1) - 1) & unseen
                    if seat != view.seat and between:
                        odds.append((seat, between, WIN_LOWEST))
                    top = bit
                continue
            if table.highest or bit & special or seat == view.seat:
                continue
            lower = ((1 << rank_of(bit)) - 1) * RANK_SPREAD
            lower &= plain_unseen & ~suit  # its own suit is read by thrown_lows
            if lower:
                odds.append((seat, lower, DISCARD_LOWEST))
    return odds


def check_consistent(view: SeatView, hands: Sequence[int]) -> None:
    """Raise :class:`ViewError` unless ``hands`` fit ``view`` (for tests and tools)."""
    sampler = WorldSampler(view)
    for s, h in enumerate(hands):
        if s == view.seat:
            if h != sampler.own:
                raise ViewError("the seat's own hand differs from its view", seat=s)
            continue
        if h & ~sampler.allowed[s]:
            raise ViewError(f"seat {s} holds a suit it has shown void in", seat=s, rule="voids")
