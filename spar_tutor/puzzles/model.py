"""A puzzle, its difficulty bands, a collection of puzzles, and the error of a puzzle
file that fails its checks (each problem a :class:`~spar_tutor.learning.Problem`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

from ..engine.cards import Card
from ..engine.dealfile import DealFile
from ..engine.errors import SparError
from ..engine.rules import PRESETS
from ..engine.state import HandState
from ..engine.words import Players
from ..i18n import N_, _
from ..learning.problem import Problem

#: Difficulty bands and the ratings they cover (lowest rating, highest rating).
BANDS = {
    "beginner": (400, 999),
    "intermediate": (1000, 1399),
    "advanced": (1400, 1799),
    "expert": (1800, 2800),
}
#: Each band's name as the learner reads it (English, marked for the catalogue).
BAND_LABELS = {"beginner": N_("Beginner"), "intermediate": N_("Intermediate"),
               "advanced": N_("Advanced"), "expert": N_("Expert")}


#: What the puzzles call the players, by seat (the learner's seat is "You"). Puzzle
#: goals, hints and explanations use these names (tests/test_puzzle_words.py checks).
PLAYER_NAMES = ("Ama", "Kofi", "Afi", "Yao", "Esi", "Kwame", "Kossi")


def level_words(band: str) -> str:
    """A band as the learner sees it, a level and never the raw rating: "Level 1 · Beginner"."""
    return _("Level {number} · {name}").format(number=list(BANDS).index(band) + 1,
                                                name=_(BAND_LABELS[band]))


def band_of(rating: int) -> str:
    """The band a rating falls in (ratings outside every band are clamped)."""
    for name, (low, high) in BANDS.items():
        if rating <= high:
            return name if rating >= low else "beginner"
    return "expert"


@dataclass(frozen=True)
class Puzzle:
    """One checked puzzle: a position, whose turn it is, and what they can make sure of.

    ``points`` is exactly the solver's open-hand guarantee for ``seat`` (the
    seat to move); ``winning`` holds every first card that keeps it. In a
    closed puzzle (``open`` false) the learner sees only their own hand, and the
    loader has also checked that the goal can be kept without seeing the others.
    """

    id: str
    title: str
    position: DealFile
    seat: int
    goal: str
    points: int
    band: str
    rating: int
    hint: str
    explanation: str
    open: bool
    winning: Tuple[Card, ...]
    themes: Tuple[str, ...] = ()
    collection: str = ""
    source: str = ""
    line: Optional[int] = None
    #: What it calls the other players, by seat (:meth:`recast` changes them).
    cast: Tuple[str, ...] = PLAYER_NAMES
    #: The first rung of the hint ladder at the first decision, when the file writes one
    #: ("": made from the position); ``hint`` is the second, the idea.
    nudge: str = ""

    @property
    def state(self) -> HandState:
        """The position to solve (a fresh state each time; states are immutable)."""
        return self.position.state()

    def name(self, seat: int) -> str:
        """What the puzzle calls a seat: "You" for the learner, else its name."""
        return _("You") if seat == self.seat else self.cast[seat]

    @property
    def names(self) -> Players:
        """What the puzzle calls each seat, in seat order, the learner spoken to
        (:class:`~spar_tutor.engine.words.Players`)."""
        return Players.of([self.name(seat) for seat in range(self.players)], self.seat)

    def recast(self, rename: Callable[[str], str]) -> "Puzzle":
        """This puzzle with its players renamed in its seats and words
        (:mod:`spar_tutor.learning.cast`: a learner who has one of their names)."""
        return dataclasses.replace(
            self, title=rename(self.title), goal=rename(self.goal), hint=rename(self.hint),
            nudge=rename(self.nudge),
            explanation=rename(self.explanation), collection=rename(self.collection),
            cast=tuple(rename(name) for name in self.cast))

    @property
    def players(self) -> int:
        return len(self.position.hands)

    @property
    def tricks(self) -> int:
        """Tricks left to play, the current one included."""
        return self.state.tricks_left

    @property
    def preset(self) -> str:
        return self.position.rules.name

    @property
    def rules_words(self) -> str:
        """The rules in a few words: "standard rules", "seven cards, two-trick bonus"."""
        rules = self.position.rules
        named = {"standard": _("standard rules"), "seven_card": _("seven cards")}
        words = [named[rules.name] if rules.name in named else
                 PRESETS[rules.name].title if rules.name in PRESETS else rules.name]
        if rules.name == "ghana_table":
            pass  # the table's own name: its dry and wet go without saying
        elif rules.dry_wet:
            words.append(_("dry and wet"))
        elif rules.two_trick_bonus:
            words.append(_("two-trick bonus"))
        return _(", ").join(words)


class PuzzleError(SparError):
    """A puzzle file (or puzzle) that failed its checks; ``problems`` lists them all."""

    def __init__(self, problems: List[Problem]) -> None:
        self.problems = list(problems)
        first = self.problems[0] if self.problems else Problem("<puzzles>", "no problems?")
        super().__init__("; ".join(str(p) for p in self.problems), file=None,
                         rule="puzzle checks")
        self.file, self.line = first.file, first.line


@dataclass
class Collection:
    """Every puzzle that loaded, in file order, and the problems of those that did not."""

    puzzles: List[Puzzle] = field(default_factory=list)
    problems: List[Problem] = field(default_factory=list)

    def find(self, puzzle_id: str) -> Optional[Puzzle]:
        """The puzzle with this id, or by its 1-based number in the collection."""
        for p in self.puzzles:
            if p.id == puzzle_id:
                return p
        if puzzle_id.isdigit() and 1 <= int(puzzle_id) <= len(self.puzzles):
            return self.puzzles[int(puzzle_id) - 1]
        return None

    def index(self, puzzle: Puzzle) -> int:
        return [p.id for p in self.puzzles].index(puzzle.id)

    def __len__(self) -> int:
        return len(self.puzzles)

    def recast(self, learner: Optional[str]) -> "Collection":
        """The puzzles as ``learner`` meets them: a player who has their name is called by
        another (:mod:`spar_tutor.learning.cast`); the collection itself when none has."""
        from ..learning.cast import recaster, stand_ins

        if not stand_ins(learner):
            return self
        rename = recaster(learner)
        return dataclasses.replace(self, puzzles=[p.recast(rename) for p in self.puzzles])
