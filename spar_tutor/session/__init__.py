"""A game of Spar at a table of humans and bots (no ipywidgets): the
:class:`GameSession` every play screen drives, and its parts.

* :mod:`~spar_tutor.session.game`: the session (seats, the hand's history with
  undo/redo, the bots, events);
* :mod:`~spar_tutor.session.money`: the cut and the bets of a hand, and
  :mod:`~spar_tutor.session.bets`: the betting round and the bots' rule;
* :mod:`~spar_tutor.session.hints`: the hint ladder of each decision (three levels), and
  :mod:`~spar_tutor.session.review`: the post-hand review, with the words of the
  decisions that are not card play from :mod:`~spar_tutor.session.coach`;
* :mod:`~spar_tutor.session.values`: seats, outcomes, events, saved hands, and the
  closed sets of event kinds and pending decisions;
* :mod:`~spar_tutor.session.file`: save and resume as JSON.
"""

from .bets import BetRound
from .file import SessionFileError
from .game import BOT_BUDGET_MS, BOT_LABELS, BOT_NAMES, BOT_STRENGTHS, GameSession, bot_first_name
from .hints import CardValue, HintAnswer
from .review import ReviewLine
from .money import PENDING_WORDS, HandMoney
from .thinking import CLICK_THINK_MS, CLICK_WAIT_MS, MIN_THINK_MS
from .values import Event, EventKind, Outcome, PendingKind, PlayedHand, Seat

__all__ = [
    "BOT_BUDGET_MS", "BOT_LABELS", "BOT_NAMES", "BOT_STRENGTHS", "BetRound", "CLICK_THINK_MS",
    "CLICK_WAIT_MS", "CardValue",
    "Event", "EventKind", "GameSession", "HandMoney", "HintAnswer", "MIN_THINK_MS", "Outcome",
    "PENDING_WORDS", "PendingKind", "PlayedHand", "ReviewLine", "Seat", "SessionFileError",
    "bot_first_name",
]
