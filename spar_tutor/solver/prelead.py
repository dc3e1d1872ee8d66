"""Values of the decisions before the first lead: under ten, dry and wet.

:func:`prelead_values` answers "is it worth declaring (or exchanging)?" from a
seat's view: it draws worlds of the unseen cards (:mod:`.worlds`), applies each
legal action (an exchange takes five cards of that world's stock; a dry or wet
puts the card in place, doubling it when it wins one of the last two tricks),
and plays the hand out once per world with the graded model, the seat as
learner. A wet is face down: the others play as if it were not there, so it is
played out once with passing, and only its ending is scored with the wet counted (it is
never worth less).
Later seats' decisions are not guessed: they are taken to pass.

:func:`hand_chance` answers "how likely am I to win this hand?" from a view in
the play phase (what a bettor asks before the first trick): the same worlds,
each played out once by the model with the seat as learner.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Dict, List, Optional

from ..engine.cards import CARD_BY_BIT
from ..engine.errors import ViewError
from ..engine.state import DECLARE, PLAY, UNDER_TEN, Action
from ..engine.view import SeatView
from ._bits import bits_of
from .hints import world_position
from ._model import Model
from ._position import Position, Table, declared_cards
from ._worlds import WorldSampler


@dataclass(frozen=True)
class ActionValue:
    """One pre-lead action's figures over the sampled worlds."""

    action: Action
    win_chance: float
    expected: float
    stderr: float

    def to_json(self) -> Dict[str, object]:
        return {"action": str(self.action), "win_chance": round(self.win_chance, 4),
                "expected": round(self.expected, 4), "stderr": round(self.stderr, 4)}


def prelead_values(view: SeatView, *, worlds: int = 60, seed: int = 0,
                   budget_ms: Optional[float] = None) -> List[ActionValue]:
    """Every legal under-ten or dry/wet action of the seat to move, best first; with
    ``budget_ms``, it stops drawing worlds (at most ``worlds``) when that time is spent."""
    if view.phase not in (UNDER_TEN, DECLARE):
        raise ViewError(f"prelead_values is for the under-ten and declaration phases, not "
                        f"{view.phase}", seat=view.seat, rule="prelead")
    if view.to_move != view.seat:
        raise ViewError(f"seat {view.seat} is not to move (seat {view.to_move} is)",
                        seat=view.seat, rule="prelead")
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    me = view.seat
    n = view.players
    actions = [m for m in view.legal_moves if isinstance(m, Action)]
    sums = {a: [0.0, 0.0] for a in actions}
    unseen = sum(c.bit for c in sampler.unseen)
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
    drawn = 0
    wet_offered = any(a.kind == "wet" for a in actions)
    while drawn < worlds and (deadline is None or not drawn or time.perf_counter() < deadline):
        drawn += 1
        hands, wets = sampler.sample(rng)
        held = 0
        for s, h in enumerate(hands):
            if s != me:
                held |= h
        stock = bits_of(unseen & ~held)
        # a wet lies face down, so the others play as if it were not there: passing and
        # each wet share one play-out, and the wet only changes how its ending is scored.
        # A declared card that does not win costs nothing, so a wet is never worth less
        # than passing.
        same = rng.randrange(2**32) if wet_offered else None
        shared = None  # (winner, scoring tricks) of the play-out passing and the wets share
        for action in actions:
            world = list(hands)
            dry = list(view.dry)
            wet = [CARD_BY_BIT[w] if w else None for w in wets]
            if action.kind == "under_ten":
                world[me] = sum(rng.sample(stock, view.rules.hand_size))
            elif action.kind == "dry":
                dry[me] = action.card
            pos = Position(Table.of(view.rules, declared_cards(dry, wet)), n, tuple(world),
                           view.leader, (), view.rules.hand_size, (), (0,) * n)
            if same is None:
                points = Model(me).sample(pos, rng)[me]
            elif action.kind in ("pass", "wet"):
                if shared is None:
                    shared = Model(me).ending(pos, random.Random(same))
                winner, scoring = shared
                if action.kind == "wet":
                    wet[me] = action.card
                table = Table.of(view.rules, declared_cards(dry, wet))
                points = table.score(scoring) if winner == me else 0
            else:
                points = Model(me).sample(pos, random.Random(same))[me]
            sums[action][0] += 1.0 if points > 0 else 0.0
            sums[action][1] += points
    out = []
    for action in actions:
        p = sums[action][0] / drawn
        stderr = math.sqrt(p * (1 - p) / (drawn - 1)) if drawn > 1 else 1.0
        out.append(ActionValue(action, p, sums[action][1] / drawn, stderr))
    out.sort(key=lambda v: (-v.expected, -v.win_chance, _TIES.get(v.action.kind, 2)))
    return out


#: Between actions worth the same: a wet first (it costs nothing and may win more than
#: the play-outs saw), then passing, then the rest (a dry shows a card to everyone).
_TIES = {"wet": 0, "pass": 1}


@dataclass(frozen=True)
class HandChance:
    """How often a seat wins the hand from its view, over ``worlds`` sampled worlds."""

    win_chance: float
    expected: float
    stderr: float
    worlds: int


def hand_chance(view: SeatView, *, worlds: int = 40, seed: int = 0) -> HandChance:
    """The seat's chance of winning the hand from ``view`` (play phase; any seat, to
    move or not): sampled worlds, each played out once by the graded model."""
    if view.phase != PLAY:
        raise ViewError(f"hand_chance is for the play phase, not {view.phase}",
                        seat=view.seat, rule="prelead")
    if worlds < 1:
        raise ViewError(f"worlds must be 1 or more, not {worlds}", rule="prelead")
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    me = view.seat
    wins = total = 0.0
    for _ in range(worlds):
        hands, wets = sampler.sample(rng)
        points = Model(me).sample(world_position(view, hands, wets), rng)[me]
        wins += 1.0 if points > 0 else 0.0
        total += points
    p = wins / worlds
    stderr = math.sqrt(p * (1 - p) / (worlds - 1)) if worlds > 1 else 1.0
    return HandChance(p, total / worlds, stderr, worlds)
