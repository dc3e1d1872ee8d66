"""What one seat may know about a hand.

:meth:`HandState.view` gives a :class:`SeatView`: the seat's own cards, every
card played, the dry cards (face up), the wet cards it may see (its own, and
any turned face up), how many wet cards lie face down, the under-ten hands
shown, the under card once shown, and the size of every hand and of the stock.
Nothing else: bots and hints are given views, never states.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, List, Optional, Set, Tuple

from .cards import SUITS, Card, cards_of_mask, format_cards, mask_of
from .rules import Rules
from .state import Action, HandResult, HandState, Move, Phase, Trick


def wet_face_up(state: HandState, seat: int) -> bool:
    """Whether ``seat``'s wet card lies face up for everyone: turned over (its dry went
    early) or the hand is over."""
    return state.wet[seat] is not None and (state.wet_shown[seat] or state.is_over())


def sees_wet(state: HandState, owner: int, viewer: int) -> bool:
    """Whether ``viewer`` may see ``owner``'s wet card: its owner always, the others once
    it is face up (the one rule; :class:`SeatView` and the table picture both ask it)."""
    return state.wet[owner] is not None and (viewer == owner or wet_face_up(state, owner))


@dataclass(frozen=True)
class SeatView:
    """Everything ``seat`` may know. Build it with :meth:`HandState.view`."""

    seat: int
    rules: Rules
    players: int
    dealer: int
    phase: Phase
    to_move: Optional[int]
    leader: int
    trick_number: int
    tricks_left: int
    hand: Tuple[Card, ...]
    hand_sizes: Tuple[int, ...]
    tricks: Tuple[Trick, ...]
    current_trick: Tuple[Card, ...]
    dry: Tuple[Optional[Card], ...]
    wet: Tuple[Optional[Card], ...]
    wet_hidden: Tuple[bool, ...]
    exchanged: Tuple[Tuple[int, Tuple[Card, ...]], ...]
    under_card: Optional[Card]
    under_card_seat: Optional[int]
    stock_size: int
    legal_moves: Tuple[Move, ...]
    history: Tuple[Tuple[int, Move], ...]
    result: Optional[HandResult]
    own_reneges: Tuple[Card, ...] = ()

    @classmethod
    def of(cls, state: HandState, seat: int) -> "SeatView":
        n = state.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            from .errors import ViewError

            raise ViewError(f"there is no seat {seat!r} at a table of {n}", seat=seat, rule="seats")
        wet_visible = tuple(w if sees_wet(state, s, seat) else None
                            for s, w in enumerate(state.wet))
        wet_hidden = tuple(
            state.wet[s] is not None and wet_visible[s] is None for s in range(n)
        )
        history = tuple(
            (s, Action("wet", None) if isinstance(m, Action) and m.kind == "wet"
             and wet_visible[s] is None else m)
            for s, m in state.history
        )
        return cls(
            seat=seat,
            rules=state.rules,
            players=n,
            dealer=state.dealer,
            phase=state.phase,
            to_move=state.to_move,
            leader=state.leader,
            trick_number=state.trick_number,
            tricks_left=state.tricks_left,
            hand=state.hand(seat),
            hand_sizes=tuple(bin(state.hand_mask(s)).count("1") for s in range(n)),
            tricks=state.tricks,
            current_trick=state.current_trick,
            dry=state.dry,
            wet=wet_visible,
            wet_hidden=wet_hidden,
            exchanged=state.exchanged,
            under_card=state.under_card,
            under_card_seat=state.under_card_seat,
            stock_size=len(state.stock),
            legal_moves=tuple(state.legal_moves()) if state.to_move == seat else (),
            history=history,
            result=state.result,
            own_reneges=tuple(r.card for r in state.reneges if r.seat == seat),
        )

    # -- derived knowledge ------------------------------------------------------

    def played_cards(self) -> List[Card]:
        """Every card played this hand, in order (the abandoned trick excluded)."""
        out = [c for t in self.tricks for c in t.cards]
        out.extend(self.current_trick)
        return out

    def seen_cards(self) -> FrozenSet[Card]:
        """Every card this seat has seen: own hand, played, dry, visible wets,
        shown under-ten hands and the under card."""
        seen = set(self.hand) | set(self.played_cards())
        seen |= {c for c in self.dry if c is not None}
        seen |= {c for c in self.wet if c is not None}
        for _, cards in self.exchanged:
            seen |= set(cards)
        if self.under_card is not None:
            seen.add(self.under_card)
        return frozenset(seen)

    def unseen_cards(self) -> List[Card]:
        """The pack's cards this seat has not seen: in other hands, in the stock,
        or face down as another seat's wet."""
        seen = mask_of(self.seen_cards())
        return cards_of_mask(self.rules.deck_mask & ~seen)

    def known_cards(self, other: int) -> List[Card]:
        """Cards this seat knows ``other`` still holds: an unplayed dry, a shown wet."""
        out = []
        played = set(self.played_cards())
        for c in (self.dry[other], self.wet[other]):
            if c is not None and c not in played:
                out.append(c)
        return out

    def voids(self) -> Tuple[FrozenSet[str], ...]:
        """For each seat, the suits it has shown it does not hold by not following
        (with ``offside`` on this may be a renege: treat as a strong hint only)."""
        void: List[Set[str]] = [set() for _ in range(self.players)]
        tricks = list(self.tricks)
        if self.current_trick:
            tricks.append(Trick(self.leader, self.current_trick, None))
        for t in tricks:
            led = t.cards[0].suit
            for i, c in enumerate(t.cards[1:], start=1):
                if c.suit != led:
                    void[t.seat_of(i, self.players)].add(led)
        return tuple(frozenset(v) for v in void)

    def to_json(self) -> Dict[str, Any]:
        """A JSON-ready dict of the view (for bots written in other languages, logs)."""
        def cards(cs: Any) -> str:
            return format_cards(cs)

        return {
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "leader": self.leader,
            "trick_number": self.trick_number,
            "hand": cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "tricks": [{"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
                       for t in self.tricks],
            "current_trick": [str(c) for c in self.current_trick],
            "dry": [str(c) if c else None for c in self.dry],
            "wet": [str(c) if c else ("face down" if h else None)
                    for c, h in zip(self.wet, self.wet_hidden)],
            "exchanged": [{"seat": s, "cards": cards(cs)} for s, cs in self.exchanged],
            "under_card": str(self.under_card) if self.under_card else None,
            "stock_size": self.stock_size,
            "legal_moves": [str(m) for m in self.legal_moves],
        }


__all__ = ["SeatView", "SUITS", "sees_wet", "wet_face_up"]
