"""The lookahead solver: exact open-hand values, graded values, hints, bots.

Plain functions, like a bridge double-dummy solver's API:

* :func:`solve` values every legal card of the player to move (open hand):
  the points it guarantees, and the chance of winning and expected points
  under the graded model, with a principal line and a sentence of why;
* :func:`guaranteed` is the exact guarantee of the player to move;
* :func:`hint` values the cards of one seat from its view, sampling the
  cards it cannot see;
* :func:`prelead_values` values under-ten and dry/wet decisions from a view,
  and :func:`hand_chance` a seat's chance of winning the hand (for bets);
* :func:`analyse_play` says what every card of a finished hand cost with all cards seen,
  and :func:`judge` judges a decision from the player's view by the hint's values;
* :func:`dry_shown_figure` says what showing a dry costs, measured with bots that see
  only their own view (:func:`measure_dry_shown`);
* :class:`SeatSearch` gives one seat's exact open-hand values over many
  positions of a hand (tables shared), and :class:`ClosedSearch` what a seat
  can make sure of without seeing the other hands, over every layout of the
  hidden cards (:func:`layouts`, :func:`count_layouts`).

Bots (:mod:`spar_tutor.solver.bots`) and the ``spar-tutor solve / hint /
arena`` commands are built on these. See docs/solver.md for what each
number means.
"""

from .bots import BeginnerBot, Bot, BotError, ExpertBot, RandomBot, make_bot
from .closed import ClosedSearch, Layout, count_layouts, layouts
from .hints import CardHint, Hint, hint
from .prelead import ActionValue, HandChance, hand_chance, prelead_values
from .review import Choice, Judgement, PlayReview, analyse_play, judge
from .shown import ShownFigure, dry_shown_figure, measure_dry_shown
from .solution import MoveValue, SeatSearch, Solution, guaranteed, solve

__all__ = [
    "ActionValue", "BeginnerBot", "Bot", "BotError", "CardHint", "Choice", "ClosedSearch",
    "ExpertBot", "Judgement", "ShownFigure", "dry_shown_figure", "judge", "measure_dry_shown",
    "HandChance", "Hint", "Layout", "MoveValue", "PlayReview", "RandomBot", "SeatSearch",
    "Solution", "analyse_play", "count_layouts", "guaranteed", "hand_chance", "hint", "layouts",
    "make_bot", "prelead_values", "solve",
]
