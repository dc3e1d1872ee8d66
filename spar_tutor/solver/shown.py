"""What a declaration gives away: a dry is shown to everyone.

The open-hand deals behind the hints cannot value that: in them everyone sees every
card anyway. So it is measured the arena's way, with bots that each see only their
own view (:func:`measure_dry_shown`). Each seeded deal is played three times from the
first dry decision on, with the same bots and seeds:

* **shown**: the seat dries its card (a 6 if it has one, else a 7), face up as the
  rules say;
* **hidden**: the same dry, but the other seats' views do not show it (as if it were
  face down): what the dry would score if it told the table nothing;
* **passed**: no dry.

``hidden - shown`` is what showing the card costs the drier, in points a hand (what
the declaration gives away); ``shown - passed`` is what drying gains all the same.

Measuring takes minutes, so the figures the tutor shows are measured once with fixed
seeds (``benchmarks/dry_shown.py --write``) and kept in ``dry_shown.json`` beside this
module; :func:`dry_shown_figure` reads them, and ``tests/test_dry_shown.py`` measures
one again and checks it matches.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Dict, List, Optional, Sequence

from ..engine.deal import deal
from ..engine.rules import Rules
from ..engine.cards import Card
from ..engine.state import DECLARE, PASS, UNDER_TEN, Action, HandState, Move
from ..engine.view import SeatView
from ..i18n import _, ngettext
from .bots import checked_move
from .hints import hint
from .prelead import prelead_values

#: The bots of a measurement: the hint engine with a fixed number of worlds (reproducible).
BOT_WORLDS = 8
FIGURES_FILE = "dry_shown.json"
#: The first deals of a stored figure, measured again by a test (the figure's ``check``).
CHECK_DEALS = 6


@dataclass(frozen=True)
class ShownFigure:
    """Points a hand of the seat that dried (or might have), in each of the three plays."""

    rules: str
    players: int
    deals: int
    seed: int
    shown: float
    hidden: float
    passed: float
    stderr: float  # of the difference hidden - shown (paired by deal)

    @property
    def gives_away(self) -> float:
        """Points a hand that showing the dry costs (hidden - shown)."""
        return self.hidden - self.shown

    @property
    def gain(self) -> float:
        """Points a hand that drying gains all the same (shown - passed)."""
        return self.shown - self.passed

    def advice(self, dried: Optional[bool] = None) -> str:
        """The figure for a learner, in short sentences, in whole points every 10 hands
        ("about 3 points every 10 hands", not "0.33 points a hand"). ``dried``: the advice
        beside it is to dry (True) or not (False); what drying gains all the same is said
        only where it agrees with that advice (never "declare no dry" then "drying still
        paid")."""
        cost, gain = round(10 * self.gives_away), round(10 * self.gain)
        shown = _("Everyone sees your dry, so the others can play against it.")
        cost_words = ngettext(
            "In {deals} hands the computer played, each player seeing only their own cards, "
            "that cost the player who dried about {cost} point every 10 hands.",
            "In {deals} hands the computer played, each player seeing only their own cards, "
            "that cost the player who dried about {cost} points every 10 hands.",
            cost).format(deals=self.deals, cost=cost)
        if gain > 0:
            gain_words = ngettext(
                "Drying still paid: about {gain} point more every 10 hands than not drying.",
                "Drying still paid: about {gain} points more every 10 hands than not drying.",
                gain).format(gain=gain)
        else:
            gain_words = _("With that cost, drying paid no more than not drying.")
        if dried is not None and dried != (gain > 0):  # the figure and the advice disagree
            return f"{shown} {cost_words}"
        return f"{shown} {cost_words} {gain_words}"

    def to_json(self) -> Dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


def _dry_card(view: SeatView) -> Optional[Action]:
    """The dry the measurement makes: a 6 if the seat may dry one, else a 7 (lowest suit)."""
    drys = [m for m in view.legal_moves if isinstance(m, Action) and m.kind == "dry"
            and m.card is not None]
    if not drys:
        return None
    return min(drys, key=lambda m: (m.card.rank, m.card.index))  # type: ignore[union-attr]


def _hide(view: SeatView, seat: int) -> SeatView:
    """``view`` as if ``seat``'s dry were face down (not shown to the others)."""
    if view.seat == seat or view.dry[seat] is None:
        return view
    dry = tuple(None if s == seat else c for s, c in enumerate(view.dry))
    history = tuple((s, PASS) if s == seat and isinstance(m, Action) and m.kind == "dry" else (s, m)
                    for s, m in view.history)
    return replace(view, dry=dry, history=history)


def _play_out(state: HandState, bots: Sequence[Any], drier: int, hidden: bool) -> int:
    """Play ``state`` to the end with ``bots``; the drier passes on its wet. Its points."""
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat == drier and state.phase == DECLARE:
            move: Move = PASS
        else:
            move = checked_move(bots[seat], _hide(view, drier) if hidden else view)
        state = state.apply(move, seat)
    assert state.result is not None
    return state.result.points[drier]


class HintBot:
    """The hint engine as a player, with a fixed number of worlds a decision: the card
    :func:`hint` puts first, the pre-lead action :func:`prelead_values` puts first. It is
    kept here, not taken from :mod:`.bots`, so that the stored figures stay reproducible
    while the expert bot gets stronger. For the same reason it plays the hint with
    ``paired=False``, as the figures were measured (before the hint's common random
    numbers)."""

    name = "hint"

    def __init__(self, seed: Any, worlds: int) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds

    def choose(self, view: SeatView) -> Move:
        seed = self.rng.randrange(2**32)
        if view.phase in (UNDER_TEN, DECLARE):
            return prelead_values(view, worlds=self.worlds, seed=seed)[0].action
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(cards) == 1:
            return cards[0]
        return hint(view, worlds=self.worlds, seed=seed, paired=False).best.card


def _bots(players: int, seed: str, worlds: int) -> List[Any]:
    return [HintBot(f"{seed}:{s}", worlds) for s in range(players)]


def measure_dry_shown(rules: Rules, players: int, deals: int, seed: int = 0,
                      worlds: int = BOT_WORLDS,
                      make_bots: Optional[Callable[[int, str], List[Any]]] = None) -> ShownFigure:
    """Play ``deals`` seeded deals three ways (module docstring) with bots that see only
    their own view (:class:`HintBot` with ``worlds`` worlds, or ``make_bots(players, seed)``)."""
    if not rules.dry_wet:
        raise ValueError(f"{rules.name} has no dry and wet")
    make = make_bots or (lambda n, s: _bots(n, s, worlds))
    sums = [0.0, 0.0, 0.0]
    diffs: List[float] = []
    done = 0
    d = 0
    while done < deals:
        d += 1
        key = f"{seed}:deal:{d}"
        state = deal(rules, players, d % players, seed=key).start()
        bots = make(players, key)
        while not state.is_over() and state.phase != DECLARE:
            seat = state.to_move
            assert seat is not None
            state = state.apply(checked_move(bots[seat], state.view(seat)), seat)
        if state.phase != DECLARE:
            continue
        drier = state.to_move
        assert drier is not None
        dry = _dry_card(state.view(drier))
        if dry is None:
            continue
        shown = _play_out(state.apply(dry, drier), make(players, key), drier, False)
        hidden = _play_out(state.apply(dry, drier), make(players, key), drier, True)
        passed = _play_out(state.apply(PASS, drier), make(players, key), drier, False)
        sums[0] += shown
        sums[1] += hidden
        sums[2] += passed
        diffs.append(hidden - shown)
        done += 1
    mean = sum(diffs) / done
    var = sum((x - mean) ** 2 for x in diffs) / (done - 1) if done > 1 else 0.0
    return ShownFigure(json.dumps(rules.to_json(), sort_keys=True), players, done, seed, sums[0] / done, sums[1] / done,
                       sums[2] / done, math.sqrt(var / done))


@lru_cache(maxsize=1)
def _stored() -> Dict[str, Dict[str, Any]]:
    text = resources.files(__package__).joinpath(FIGURES_FILE).read_text(encoding="utf-8")
    data: Dict[str, Dict[str, Any]] = json.loads(text)
    return data


def figure_key(rules: Rules, players: int) -> str:
    """The key of a stored figure: the rules' options and the number of players."""
    options = json.dumps(rules.to_json(), sort_keys=True)
    return f"{players}:{options}"


def _figure(data: Dict[str, Any]) -> ShownFigure:
    return ShownFigure(**{k: v for k, v in data.items() if k != "check"})


def stored_figures() -> Dict[str, ShownFigure]:
    """Every stored figure by :func:`figure_key`."""
    return {k: _figure(v) for k, v in _stored().items()}


def stored_check(key: str) -> ShownFigure:
    """The stored figure's first :data:`CHECK_DEALS` deals, for a test to measure again."""
    return _figure(_stored()[key]["check"])


def dry_shown_figure(rules: Rules, players: int) -> Optional[ShownFigure]:
    """The stored figure for these rules and players (None if none was measured)."""
    found = _stored().get(figure_key(rules, players))
    return _figure(found) if found is not None else None


__all__ = ["CHECK_DEALS", "ShownFigure", "dry_shown_figure", "figure_key",
           "measure_dry_shown", "stored_check", "stored_figures"]
