"""The small values a :class:`~spar_tutor.session.GameSession` hands out: seats,
outcomes of actions, events for views, and hands as a saved match keeps them;
and the closed sets of event kinds and pending decisions, as types."""

from __future__ import annotations

from typing import Any, List, Literal, NamedTuple, Optional

from ..engine.match import Bet
from ..engine.state import Move

#: What an :class:`Event` can be about (see :class:`Event`).
EventKind = Literal["changed", "moved", "hand_over", "match_over", "news", "message", "error"]
#: What a human must decide before play goes on: the cut or the bets.
PendingKind = Literal["cut", "bets"]


class Seat(NamedTuple):
    """A place at the table: a human (``bot`` is None) or a bot."""

    name: str
    spec: str  # "human", a strength from BOT_STRENGTHS, or a make_bot spec
    bot: Any = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


class Outcome(NamedTuple):
    """The answer to a learner's action: ``ok`` and a sentence to show them."""

    ok: bool
    message: str = ""


class PlayedHand(NamedTuple):
    """A hand as a saved match keeps it: its moves, the cut (cards lifted; 0: no
    cut; None: not made yet) and the bets (None: not settled yet)."""

    moves: List[Move]
    cut: Optional[int] = 0
    bets: Optional[List[Bet]] = None


class Event(NamedTuple):
    """What the session tells its observers. ``kind`` is one of ``changed`` (the
    game has settled: a human decides or the hand is over), ``moved`` (one move
    was made and bots are still to play: the table may show it at once),
    ``hand_over``, ``match_over``, ``news`` (a cut or bet was made: words for
    the status line), ``message`` or ``error``."""

    kind: EventKind
    message: str = ""
