"""Seeded simulations behind the explore notebooks and page (engine only; plain numbers out).

Hands are played by a policy: the solver's bots when they are installed
(``policy="beginner"`` etc.), or ``"random"``: a uniformly random legal card.

>>> counts = last_trick_ranks(players=3, hands=20, seed=1)
>>> sum(counts.values())
20
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Callable, Dict, List, Sequence, Tuple

from ..engine.cards import Card
from ..engine.deal import deal
from ..engine.match import Match
from ..engine.rules import Rules
from ..engine.state import PASS, HandState, Move
from ..i18n import N_

if TYPE_CHECKING:
    from ..solver.bots import Bot

Policy = Callable[[HandState], Move]


def make_policy(name: str, seed: int) -> Tuple[str, Policy]:
    """(the policy's real name, a function choosing a move for the player to move)."""
    if name != "random":
        try:
            from ..solver.bots import make_bot

            bots: Dict[int, Bot] = {}

            def bot_move(state: HandState) -> Move:
                seat = state.to_move
                assert seat is not None, "the hand is not over"
                bot = bots.setdefault(seat, make_bot(name, seed * 31 + seat))
                return bot.choose(state.view(seat))

            return name, bot_move
        except ImportError:
            pass
    rng = random.Random(seed)

    def random_move(state: HandState) -> Move:
        moves: Sequence[Move] = state.legal_cards() or [PASS]
        return rng.choice(moves)

    return "random", random_move


def play_out(state: HandState, policy: Policy) -> HandState:
    """Play a hand to the end (declining every offer before the lead)."""
    while not state.is_over():
        state = state.apply(policy(state) if state.phase == "play" else PASS)
    return state


def last_trick_ranks(players: int, hands: int, seed: int = 0, policy: str = "random",
                     rules: Rules = Rules.preset("standard")) -> Counter[int]:
    """How many hands had their last trick won by each rank (6..14)."""
    _, choose = make_policy(policy, seed)
    rng = random.Random(seed)
    out: Counter[int] = Counter()
    for _ in range(hands):
        final = play_out(deal(rules, players, players - 1, seed=rng.randrange(2**31)).start(), choose)
        winning = final.tricks[-1].winning_card(players)
        assert winning is not None, "the last trick was played out"
        out[winning.rank] += 1
    return out


def lead_value(players: int, hands: int, seed: int = 0, policy: str = "random",
               rules: Rules = Rules.preset("standard")) -> Tuple[float, float]:
    """(share of hands in which the leader of the last trick wins it,
    average points the last trick's leader scores)."""
    _, choose = make_policy(policy, seed)
    rng = random.Random(seed)
    wins = points = 0
    for _ in range(hands):
        final = play_out(deal(rules, players, players - 1, seed=rng.randrange(2**31)).start(), choose)
        last = final.tricks[-1]
        wins += last.winner == last.leader
        assert final.result is not None, "the hand was played out"
        points += final.result.points[last.leader]
    return wins / hands, points / hands


def suit_runs(pack: Sequence[Card]) -> float:
    """How often a card is followed by one of the same suit in the pack (0.25 expected
    roughly for a well-shuffled pack)."""
    same = sum(a.suit == b.suit for a, b in zip(pack, pack[1:]))
    return same / (len(pack) - 1)


#: The words of :func:`sticky_cards`' results, in the catalogue: the explore notebook
#: prints them through ``_()``.
STICKY_WORDS = (N_("shuffled"), N_("re-formed"), N_("neighbours same suit"),
                N_("longest suit in a hand"), N_("dealt cards of the under card's suit"))


def sticky_cards(players: int, hands: int, seed: int = 0, policy: str = "random"
                 ) -> Dict[str, Dict[str, float]]:
    """Shuffled deals against deals from a re-formed pack (the shuffling custom):
    how often neighbouring cards share a suit, the average largest suit in a dealt
    hand, and the share of dealt cards that are of the under card's suit."""
    rules = Rules.preset("standard", shuffle_every=True)
    _, choose = make_policy(policy, seed)
    match = Match.new(rules, players, seed=seed, dealer=0)
    stats: Dict[str, List[Tuple[float, float, float]]] = {"shuffled": [], "re-formed": []}
    for _ in range(hands):
        kind = "shuffled" if match.shuffle_due() else "re-formed"
        d = match.deal()
        longest = sum(max(Counter(c.suit for c in h).values()) for h in d.hands) / players
        under = d.stock[-1]
        dealt = [s.card for s in d.steps]
        same = sum(c.suit == under.suit for c in dealt) / len(dealt)
        stats[kind].append((suit_runs(list(d.pack)), longest, same))
        final = play_out(d.start(), choose)
        match = match.record(final)
        if match.is_over():
            match = Match.new(rules, players, seed=seed + len(stats["shuffled"]) + 1, dealer=0)
    return {k: {"neighbours same suit": _mean(v, 0), "longest suit in a hand": _mean(v, 1),
                "dealt cards of the under card's suit": _mean(v, 2), "deals": float(len(v))}
            for k, v in stats.items()}


def _mean(rows: List[Tuple[float, float, float]], i: int) -> float:
    return sum(r[i] for r in rows) / len(rows) if rows else float("nan")
