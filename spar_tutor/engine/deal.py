"""Shuffling, cutting and dealing, recorded card by card.

>>> from spar_tutor.engine.rules import Rules
>>> d = deal(Rules.preset("standard"), players=3, dealer=2, seed=7)
>>> [len(h) for h in d.hands], len(d.stock)
([5, 5, 5], 20)
>>> [(s.seat, s.packet) for s in d.steps[:4]]
[(0, 1), (0, 1), (0, 1), (1, 1)]

The packets go round in play order starting with the seat after the dealer,
the dealer last, each packet taken from the top of the pack (RULES.md 1,
'deal'). A lesson can replay :attr:`Deal.steps` one card at a time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

from .cards import Card
from .errors import DealError, shown
from .rules import Rules
from .state import HandState

Seed = Union[int, str, None, random.Random]


class DealStep(NamedTuple):
    """One card dealt: to ``seat``, in round ``packet`` (1-based) of the deal."""

    seat: int
    card: Card
    packet: int


def rng_of(seed: Seed) -> random.Random:
    """A :class:`random.Random` from a seed (or the generator itself)."""
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def shuffled_pack(rules: Rules, seed: Seed = None) -> Tuple[Card, ...]:
    """The rules' pack in a random order (top card first), reproducible from ``seed``."""
    pack = list(rules.deck)
    rng_of(seed).shuffle(pack)
    return tuple(pack)


def cut_pack(pack: Sequence[Card], lift: int) -> Tuple[Card, ...]:
    """The cut: lift ``lift`` cards (1 to len-1) off the top and put them underneath."""
    if not isinstance(lift, int) or isinstance(lift, bool) or not 1 <= lift <= len(pack) - 1:
        raise DealError(f"a cut lifts 1 to {len(pack) - 1} cards, not {shown(lift)}", rule="cut")
    return tuple(pack[lift:]) + tuple(pack[:lift])


def cutter(players: int, dealer: int) -> int:
    """The seat that may cut: the one before the dealer in play order."""
    return (dealer - 1) % players


@dataclass(frozen=True)
class Deal:
    """A finished deal: the pack it came from, every card dealt, the hands and stock."""

    rules: Rules
    players: int
    dealer: int
    pack: Tuple[Card, ...]
    steps: Tuple[DealStep, ...]
    hands: Tuple[Tuple[Card, ...], ...]
    stock: Tuple[Card, ...]
    cut: Optional[int] = None

    def packets(self) -> List[Tuple[int, int, Tuple[Card, ...]]]:
        """The packets in the order dealt: (seat, packet number, cards)."""
        out: List[Tuple[int, int, Tuple[Card, ...]]] = []
        for step in self.steps:
            if out and out[-1][:2] == (step.seat, step.packet):
                seat, packet, cards = out[-1]
                out[-1] = (seat, packet, cards + (step.card,))
            else:
                out.append((step.seat, step.packet, (step.card,)))
        return out

    def start(self) -> HandState:
        """The hand's first state (the phases before the first lead, or the first lead)."""
        masks = tuple(sum(c.bit for c in h) for h in self.hands)
        return HandState._start(self.rules, masks, self.dealer, self.stock)


def deal(
    rules: Rules,
    players: int,
    dealer: int,
    pack: Optional[Sequence[Card]] = None,
    *,
    seed: Seed = None,
    cut: Optional[int] = None,
) -> Deal:
    """Deal a hand from ``pack`` (top first; default: a shuffle from ``seed``),
    after cutting ``cut`` cards if given (the ``cut`` option must be on)."""
    rules.check_players(players)
    if not 0 <= dealer < players:
        raise DealError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}", rule="dealer")
    if pack is None:
        pack = shuffled_pack(rules, seed)
    else:
        pack = tuple(pack)
        if sorted(pack) != sorted(rules.deck):
            raise DealError(f"the pack must be the {rules.deck_size} cards of {rules.name}",
                            rule="deck")
    if cut is not None:
        if not rules.cut:
            raise DealError(f"the cut rule is off in {rules.name}", rule="cut")
        pack = cut_pack(pack, cut)
    hands: List[List[Card]] = [[] for _ in range(players)]
    steps = []
    top = 0
    order = [(dealer + 1 + k) % players for k in range(players)]
    for packet_no, size in enumerate(rules.packets, start=1):
        for seat in order:
            packet = pack[top:top + size]
            hands[seat].extend(packet)
            steps.extend([DealStep(seat, card, packet_no) for card in packet])
            top += size
    return Deal(
        rules=rules,
        players=players,
        dealer=dealer,
        pack=tuple(pack),
        steps=tuple(steps),
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(pack[top:]),
        cut=cut,
    )
