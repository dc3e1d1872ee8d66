"""spar-tutor: learn the West African card game Spar.

The engine (standard library only) is importable without any UI:

>>> from spar_tutor import Rules, deal
>>> state = deal(Rules.preset("standard"), players=4, dealer=3, seed=1).start()
>>> state.to_move
0

The tutor speaks English and French; in a notebook, ``spar_tutor.set_language("fr")``
switches the lessons, puzzles, hints and pages opened after it.
"""

from .engine.cards import Card, format_cards, parse_card, parse_cards
from .engine.deal import Deal, DealStep, deal, shuffled_pack
from .engine.dealfile import DealFile
from .engine.errors import (
    DealError, DealFileError, FileError, IllegalMoveError, NotationError, RulesError, SparError,
    ViewError,
)
from .engine.match import Bet, Match
from .engine.rules import PRESETS, Preset, Rules
from .engine.state import Action, HandResult, HandState, Trick, parse_move, trick_winner
from .engine.view import SeatView
from .i18n import available_languages, language, set_language
from .server import moved as _moved

_moved.install()  # spar_tutor.serve, .kernels, .classroom: their old names (now in server/)

__version__ = "0.1.0"

__all__ = [
    "Action", "Bet", "Card", "Deal", "DealError", "DealFile", "DealFileError", "DealStep",
    "FileError", "HandResult", "HandState", "IllegalMoveError", "Match", "NotationError",
    "PRESETS", "Preset",
    "Rules", "RulesError", "SeatView", "SparError", "Trick", "ViewError", "available_languages",
    "deal", "format_cards", "language", "parse_card", "parse_cards", "parse_move",
    "set_language", "shuffled_pack", "trick_winner",
]
