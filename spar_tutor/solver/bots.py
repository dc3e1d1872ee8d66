"""Bots: players that are given a seat's view and return a move.

The Bot protocol is one method: ``choose(view: SeatView) -> move``, where the
move is one of ``view.legal_moves`` (a Card to play, or an Action: an
under-ten exchange, a dry or wet, a pass, or asking for the under card). A bot
may have a ``name``. Bots are asked in every phase (under ten, dry and wet,
play); they never see other seats' cards, and returning a move that is not
in ``view.legal_moves`` (a renege, say) is an error. A bot in a notebook::

    class HighCardBot:
        name = "high card"

        def choose(self, view):
            cards = [m for m in view.legal_moves if isinstance(m, Card)]
            if not cards:                      # under ten, dry or wet: pass
                return Action("pass")
            return max(cards, key=lambda c: c.rank)

Three bots come with the solver: :class:`RandomBot` (any legal move),
:class:`BeginnerBot` (rules of thumb) and :class:`ExpertBot` (exact values on
sampled deals).
"""

from __future__ import annotations

import importlib.util
import inspect
import random
import time
from pathlib import Path
from typing import Any, List, Optional, Protocol, cast, runtime_checkable

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, Card
from ..engine.errors import SparError
from ..engine.state import DECLARE, PASS, UNDER_TEN, Action, Move
from ..engine.view import SeatView
from ._expert import maxn_values
from .hints import hint
from ._model import end_plan, rules_of_thumb
from .prelead import prelead_values


class BotError(SparError):
    """A bot that cannot be loaded, or that returned an illegal move."""


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view) -> move`` (and, optionally, ``name``)."""

    def choose(self, view: SeatView) -> Move: ...


class RandomBot:
    """Plays any legal move, uniformly at random (seeded). Never asks for the under card."""

    name = "random"

    def __init__(self, seed: Any = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        moves = [m for m in view.legal_moves if m != Action("under_card")]
        return moves[self.rng.randrange(len(moves))]


class BeginnerBot:
    """Plain rules of thumb from the lessons, using only what its view shows.

    * Play: keep a 6 or 7 for the last trick (of the suit others may hold
      fewest of) and the highest card nobody can beat to take the trick
      before it, then lead the 6 or 7; with the other cards, lead a card
      nobody can beat, highest first (spend high cards early), else the lowest
      of the longest suit; following, take the trick with the lowest card sure
      to win it, else play the lowest; unable to follow, throw the card with
      the most cards still out against it. "Nobody may hold" counts the cards
      seen and the suits others have shown void in (the model's rules of
      thumb, :func:`~spar_tutor.solver._model.rules_of_thumb`, on a view).
    * Under ten: exchange, unless the hand holds a 6.
    * Dry and wet: dry the 6 (else 7) of its shortest suit when holding two aces
      or kings; wet another of another suit when holding three.
    * Never asks for the under card.
    """

    name = "beginner"

    def __init__(self, seed: Any = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        if view.phase == UNDER_TEN:
            return PASS if any(c.rank == 6 for c in view.hand) else Action("under_ten")
        if view.phase == DECLARE:
            return self._declare(view)
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(cards) == 1:
            return cards[0]
        others, later = _possible_holdings(view)
        mine = sum(c.bit for c in view.hand)
        trick = tuple(c.bit for c in view.current_trick)
        legal = [c.bit for c in cards]
        keepers, winners = end_plan(mine, others)
        if view.tricks_left == 2 and not trick and keepers and winners:
            # take the second-to-last trick, then lead the keeper
            return CARD_BY_BIT[winners[self.rng.randrange(len(winners))]]
        best = rules_of_thumb(legal, mine, trick, others, later)
        return CARD_BY_BIT[best[self.rng.randrange(len(best))]]

    def _declare(self, view: SeatView) -> Move:
        high = sum(1 for c in view.hand if c.rank >= 13)
        options = [(m, m.card) for m in view.legal_moves
                   if isinstance(m, Action) and m.card is not None]
        if not options or high < (2 if view.dry[view.seat] is None else 3):
            return PASS
        length = {s: sum(1 for c in view.hand if c.suit == s) for s in "SHDC"}
        return min(options, key=lambda o: (o[1].rank, length[o[1].suit], o[1].index))[0]


class ExpertBot:
    """The strongest player the solver makes. In play it draws deals of the cards it
    cannot see, solves each with every hand open, and plays the card with the most
    points on average (:mod:`._expert`). In those deals it plays to maximise its own
    points; the others lead the same way, and follow suit and throw by the habits of
    careful players (``follow_habit``: take a trick with the lowest card that wins it,
    else play the lowest; throw the lowest card), not as if they saw every card. Its
    deals fit what the others' cards say (``thrown``: a card that could not win says its
    player holds no plain card of that suit below it; ``habits``: the same habits make
    some deals likelier, :func:`~._worlds.habit_odds`). Under ten, dry and wet it decides
    by :func:`prelead_values` (``prelead_worlds`` worlds).

    Its work is fixed: at most ``worlds`` deals and ``work`` search nodes a decision
    (the defaults keep a decision within 200 ms at p95 on a slow machine;
    benchmarks/solver_bench.py --only time), so it plays the same for a seed. A decision
    for which fewer than ``MIN_WORLDS`` deals fit the work goes to the graded model
    (:func:`~spar_tutor.solver.hint`, ``hint_worlds`` worlds). ``budget_ms``, when set (a
    session sharing out its thinking time), also stops it on the clock. Never asks for
    the under card.

    A decision with more than ``open_cards`` cards left in all the hands (default: none
    is too many) goes to the graded model at once; on the clock the limit is
    ``CLOCK_CARDS``: the clock does not stop max^n before its fewest deals, and a class of
    thirty on one server waits for that work (``benchmarks/click_cpu.py --crowd 15``)."""

    name = "expert"

    #: Deals a decision at most, search nodes a decision, and the fewest deals that
    #: make a max^n decision (else the graded model decides).
    WORLDS = 100
    WORK = 20000
    MIN_WORLDS = 4
    #: The most cards left in all hands for which max^n is tried (None: any number).
    OPEN_CARDS: Optional[int] = None
    #: The same for a bot on the clock (``budget_ms``: a session's bots).
    CLOCK_CARDS = 15

    def __init__(self, seed: Any = 0, budget_ms: Optional[float] = None,
                 worlds: Optional[int] = None, prelead_worlds: int = 40,
                 work: Optional[int] = None, hint_worlds: int = 40, infer: int = 0,
                 open_cards: Optional[int] = OPEN_CARDS, thrown: bool = True,
                 habits: bool = True, follow_habit: bool = True) -> None:
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.work = work
        self.prelead_worlds = prelead_worlds
        self.hint_worlds = hint_worlds
        self.infer = infer
        self.open_cards = open_cards
        self.thrown = thrown
        self.habits = habits
        self.follow_habit = follow_habit

    def choose(self, view: SeatView) -> Move:
        seed = self.rng.randrange(2**32)
        clock = self.budget_ms
        if view.phase in (UNDER_TEN, DECLARE):
            return prelead_values(view, worlds=self.prelead_worlds, seed=seed,
                                  budget_ms=clock)[0].action
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(cards) == 1:
            return cards[0]
        worlds = self.worlds if self.worlds is not None else self.WORLDS
        deadline = None if clock is None else time.perf_counter() + clock / 1000.0
        most = self.open_cards
        if clock is not None:
            most = self.CLOCK_CARDS if most is None else min(most, self.CLOCK_CARDS)
        if most is None or sum(view.hand_sizes) <= most:
            values = maxn_values(view, random.Random(seed), worlds=worlds,
                                 work=self.work if self.work is not None else self.WORK,
                                 min_worlds=min(worlds, self.MIN_WORLDS), deadline=deadline,
                                 infer=self.infer, thrown=self.thrown, habits=self.habits,
                                 follow_habit=self.follow_habit)
            if values is not None:
                return CARD_BY_BIT[values.best()]
        if clock is not None:
            left = max(1.0, ((deadline or 0.0) - time.perf_counter()) * 1000.0)
            return hint(view, seed=seed, budget_ms=left).best.card
        return hint(view, worlds=min(worlds, self.hint_worlds), seed=seed).best.card


def _possible_holdings(view: SeatView) -> "tuple[int, int]":
    """The cards other seats may hold (unseen or known to be theirs, minus suits
    they showed void in), and those of the seats still to play to this trick."""
    n = view.players
    voids = view.voids()
    unseen = sum(c.bit for c in view.unseen_cards())
    per_seat = []
    for s in range(n):
        if s == view.seat:
            per_seat.append(0)
            continue
        allowed = sum(SUIT_MASKS["SHDC".index(x)] for x in "SHDC" if x not in voids[s])
        known = sum(c.bit for c in view.known_cards(s))
        per_seat.append((unseen & allowed) | known if view.hand_sizes[s] else 0)
    others = 0
    for m in per_seat:
        others |= m
    later = 0
    for j in range(len(view.current_trick) + 1, n):
        later |= per_seat[(view.leader + j) % n]
    return others, later


BUILTIN = {"random": RandomBot, "beginner": BeginnerBot, "expert": ExpertBot}


def make_bot(spec: str, seed: Any = 0, *, budget_ms: Optional[float] = None) -> Bot:
    """A bot from a spec: ``"random"``, ``"beginner"``, ``"expert"`` or
    ``"path/to/file.py:ClassName"`` (the class is given ``seed`` if its
    constructor takes an argument). ``budget_ms`` is an expert's time per decision
    (default 300)."""
    if spec == "expert" and budget_ms is not None:
        return ExpertBot(seed, budget_ms=budget_ms)
    if spec in BUILTIN:
        return BUILTIN[spec](seed)  # type: ignore[return-value]
    path, sep, name = spec.rpartition(":")
    if not sep or not path.endswith(".py"):
        raise BotError(f"unknown bot {spec!r}: use random, beginner, expert or "
                       "path/to/file.py:ClassName", rule="bots")
    file = Path(path)
    if not file.is_file():
        raise BotError(f"bot file {path!r} not found", file=path, rule="bots")
    module_spec = importlib.util.spec_from_file_location(f"spar_bot_{file.stem}", file)
    module = importlib.util.module_from_spec(module_spec)  # type: ignore[arg-type]
    try:
        module_spec.loader.exec_module(module)  # type: ignore[union-attr]
    except Exception as e:  # a user's file: report any failure as a bot error
        raise BotError(f"bot file {path!r} failed to load: {type(e).__name__}: {e}",
                       file=path, rule="bots") from None
    cls = getattr(module, name, None)
    if cls is None:
        raise BotError(f"bot file {path!r} has no {name!r}", file=path, rule="bots")
    try:
        takes_seed = len(inspect.signature(cls).parameters) >= 1
    except (TypeError, ValueError):
        takes_seed = False
    bot = cls(seed) if takes_seed else cls()
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"{name} in {path!r} has no choose(view) method", file=path, rule="bots")
    return cast(Bot, bot)


def bot_name(bot: Any) -> str:
    """A bot's ``name``, or its class name."""
    return str(getattr(bot, "name", type(bot).__name__))


def checked_move(bot: Any, view: SeatView) -> Move:
    """Ask ``bot`` for a move and check it is legal (bots never renege)."""
    move: Move = bot.choose(view)
    if move not in view.legal_moves:
        raise BotError(f"bot {bot_name(bot)} at seat {view.seat} chose {move!r}, which is not "
                       f"one of the legal moves ({', '.join(map(str, view.legal_moves))})",
                       seat=view.seat, rule="bots")
    return move


__all__: List[str] = ["Bot", "BotError", "RandomBot", "BeginnerBot", "ExpertBot", "make_bot",
                      "bot_name", "checked_move"]
