"""The arena: bots play seeded hands against each other.

Each hand is dealt from its own seed (``seed`` and the hand's number) and the
dealer moves one seat on every hand, so every bot plays every position
equally often. Only the winner of a hand scores; :func:`play_arena` adds up
each seat's points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Sequence

from ..engine.deal import deal
from ..engine.rules import Rules
from ..engine.state import HandState
from .bots import ExpertBot, bot_name, checked_move, make_bot


@dataclass(frozen=True)
class ArenaResult:
    """Each seat's bot, total points and hands won, over ``hands`` hands."""

    bots: List[str]
    totals: List[int]
    wins: List[int]
    hands: int

    def to_json(self) -> Dict[str, Any]:
        return {"hands": self.hands,
                "seats": [{"seat": s, "bot": b, "points": p, "hands_won": w,
                           "points_per_hand": round(p / self.hands, 4) if self.hands else 0.0}
                          for s, (b, p, w) in enumerate(zip(self.bots, self.totals, self.wins))]}


def play_hand(bots: Sequence[Any], rules: Rules, dealer: int, seed: Any) -> HandState:
    """Deal one hand (seeded) and let the bots play it out; the final state."""
    state = deal(rules, len(bots), dealer, seed=seed).start()
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state = state.apply(checked_move(bots[seat], state.view(seat)), seat)
    return state


def play_arena(specs: Sequence[str], hands: int, seed: int = 0,
               rules: "Rules | None" = None, expert_worlds: "int | None" = None,
               expert_budget_ms: "float | None" = None) -> ArenaResult:
    """Play ``hands`` hands between bots made from ``specs`` (one per seat). Expert bots
    do the table's fixed work (reproducible, as strong as at the table);
    ``expert_worlds`` caps their deals per decision, ``expert_budget_ms`` also stops
    them on the clock."""
    rules = rules or Rules.preset("standard")
    rules.check_players(len(specs))
    bots = [make_bot(spec, f"{seed}:{i}", budget_ms=expert_budget_ms)
            for i, spec in enumerate(specs)]
    for bot in bots:
        if isinstance(bot, ExpertBot) and expert_worlds is not None:
            bot.worlds = expert_worlds
    n = len(bots)
    totals = [0] * n
    wins = [0] * n
    for h in range(hands):
        final = play_hand(bots, rules, h % n, f"{seed}:hand:{h}")
        for s, p in enumerate(final.result.points):  # type: ignore[union-attr]
            totals[s] += p
            if p > 0:
                wins[s] += 1
    return ArenaResult([bot_name(b) for b in bots], totals, wins, hands)
