"""ipywidgets views over a :class:`spar_tutor.session.GameSession`.

Every widget takes the session, observes its events and redraws; none changes
the game except through the session. :class:`PlayTable` composes them all.
"""

from .deal_view import DealWidget
from .declare import DeclarationsPanel
from .hand import HandWidget
from .hints import HintPanel
from .play_table import PlayTable
from .review import ReviewPanel
from .save_panel import SavePanel
from .scoreboard import Scoreboard
from .setup import SetupPanel
from .table import TableWidget

__all__ = ["DealWidget", "DeclarationsPanel", "HandWidget", "HintPanel", "PlayTable",
           "ReviewPanel", "SavePanel", "Scoreboard", "SetupPanel", "TableWidget"]
