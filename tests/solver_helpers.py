"""Shared helpers for the solver tests: random small positions and a brute force.

The brute force is written independently of the solver, on top of
``HandState.apply`` only: plain minimax of one player's points against the
rest (the definition of the guarantee).
"""

from __future__ import annotations

import random
from typing import Dict, List, Tuple

from spar_tutor.engine.cards import Card
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.state import OVER, PLAY, Action, HandState

#: (preset, options): every option that changes how a hand is won or scored.
CONFIGS: List[Tuple[str, Dict[str, object]]] = [
    ("standard", {}),
    ("standard", {"two_trick_bonus": True}),
    ("standard", {"two_trick_bonus": True, "dry_wet": True}),
    ("standard", {"two_trick_bonus": True, "dry_wet": True, "offside": True}),
    ("standard", {"unfollowed_trick": "highest"}),
    ("standard", {"two_trick_bonus": True, "unfollowed_trick": "highest"}),
    ("ace_of_spades", {}),
    ("jeu_de_carte", {}),
    ("sipa", {}),
    ("sipa", {"unfollowed_trick": "highest"}),
    ("agram", {}),
    ("seven_card", {}),
]


def brute_force(state: HandState, player: int) -> int:
    """``player``'s points when it maximises them and everyone else minimises them."""
    if state.is_over():
        return state.result.points[player]
    values = [brute_force(state.apply(card), player) for card in state.legal_cards()]
    return max(values) if state.to_move == player else min(values)


def plain_maxn(state: HandState) -> Tuple[int, int]:
    """Every seat maximises its own points; a seat that cannot score prefers the
    scorer to score least, then its lowest card (the baseline's stated tie-break)."""
    if state.is_over():
        r = state.result
        assert r is not None and r.winner is not None
        return r.winner, r.points[r.winner]
    seat = state.to_move
    best: "Tuple[int, int] | None" = None
    best_key = -99
    for card in sorted(state.legal_cards(), key=lambda c: c.index):
        w, p = plain_maxn(state.apply(card))
        key = p if w == seat else -p
        if key > best_key:
            best, best_key = (w, p), key
    assert best is not None
    return best


def brute_force_memo(state: HandState, player: int,
                     memo: "Dict[Tuple[object, ...], int] | None" = None) -> int:
    """:func:`brute_force` with a table of positions already valued: the same
    minimax, fast enough for five players with four cards each. A position is
    the hands, the trick in progress and its leader, the last three tricks (all
    that scoring looks at), the reneges waiting to be proven and the wets shown."""
    if memo is None:
        memo = {}
    if state.is_over():
        return state.result.points[player]
    key = (tuple(state.hand_mask(s) for s in range(state.players)), state.leader,
           state.current_trick, state.tricks[-3:], state.reneges, state.wet_shown)
    got = memo.get(key)
    if got is None:
        values = [brute_force_memo(state.apply(c), player, memo) for c in state.legal_cards()]
        got = memo[key] = max(values) if state.to_move == player else min(values)
    return got


def random_deal(rng: random.Random, config: Tuple[str, Dict[str, object]], players: int,
                size: int, tricks_played: int = 0) -> HandState:
    """A random end position at a trick boundary: ``size`` cards each, random
    declarations when dry and wet are on (none in a full hand), then
    ``tricks_played`` tricks of random (legal) cards."""
    state = random_position(rng, config, players, size + tricks_played, reneges=False,
                            plays=0)
    while state.phase not in (PLAY, OVER):  # a full hand: nobody declares
        state = state.apply(Action("pass"))
    for _ in range(tricks_played * players):
        state = state.apply(rng.choice(state.legal_cards()))
    return state


def random_position(rng: random.Random, config: Tuple[str, Dict[str, object]],
                    players: int, size: int, reneges: bool = True,
                    plays: "int | None" = None) -> HandState:
    """A random end position: ``size`` cards each, random declarations when dry
    and wet are on, and a few random plays (``plays``, default up to
    ``players + 1``; reneges too, with offside)."""
    preset, options = config
    rules = Rules.preset(preset, **options)
    pack = list(rules.deck)
    rng.shuffle(pack)
    hands = [pack[i * size:(i + 1) * size] for i in range(players)]
    declarations = []
    if rules.dry_wet and size < rules.hand_size:  # a full hand declares in its own phase
        for seat, hand in enumerate(hands):
            low = [c for c in hand if c.rank in (6, 7)]
            if low and rng.random() < 0.7:
                decl: Dict[str, object] = {"seat": seat, "dry": low[0]}
                other = [c for c in low if c.suit != low[0].suit]
                if other and rng.random() < 0.7:
                    decl["wet"] = other[0]
                declarations.append(decl)
    state = HandState.new(rules, hands, dealer=rng.randrange(players),
                          declarations=declarations)
    for _ in range(rng.randrange(players + 2) if plays is None else plays):
        if state.is_over():
            break
        moves: List[Card] = state.legal_cards()
        if reneges and rules.offside and state.current_trick and rng.random() < 0.3:
            moves = [c for c in state.hand(state.to_move) if state.can_renege(c)] or moves
        state = state.apply(rng.choice(moves))
    return state


def rename_suits(state: HandState, perm: Dict[str, str]) -> HandState:
    """The same end position with suits renamed (``perm`` maps old suit to new):
    rebuilt from its start and replayed card by card."""
    def move(c: Card) -> Card:
        return Card(c.rank, perm[c.suit])

    n = state.players
    order = [(t.seat_of(i, n), move(c)) for t in state.tricks for i, c in enumerate(t.cards)]
    order += [((state.leader + i) % n, move(c)) for i, c in enumerate(state.current_trick)]
    start_hands = [[move(c) for c in h] for h in state.hands]
    for seat, c in order:
        start_hands[seat].append(c)
    first_leader = state.tricks[0].leader if state.tricks else state.leader
    decls = []
    for seat in range(n):
        if state.dry[seat] is not None:
            entry: Dict[str, object] = {"seat": seat, "dry": move(state.dry[seat])}
            if state.wet[seat] is not None:
                entry["wet"] = move(state.wet[seat])
            decls.append(entry)
    new = HandState.new(state.rules, start_hands, dealer=state.dealer, leader=first_leader,
                        declarations=decls)
    for _, c in order:
        new = new.apply(c)
    return new
