"""The parts of a lesson: its steps (of a closed set of kinds), the lesson itself, and
the error of a lesson file that does not load."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Literal, Optional, Tuple, get_args

from ..engine.dealfile import DealFile
from ..engine.errors import SparError
from ..engine.state import HandState
from ..i18n import _, ngettext
from ..learning.problem import Problem

#: Every step kind: a closed set, so a misspelt kind is a type error. Each has its
#: module in :mod:`spar_tutor.lessons.kinds` (how to add one: docs/lessons.md).
Kind = Literal["explain", "deal", "pick_from", "choice", "pick_card", "trick", "points",
               "declare", "play", "odds", "decide", "money"]
KIND_NAMES: Tuple[Kind, ...] = get_args(Kind)

#: Names for the seats when a step does not give its own (the learner is "You").
DEFAULT_NAMES = ("Ama", "Kofi", "Afi", "Yao", "Esi", "Kwame", "Kossi")


class LessonError(SparError):
    """A lesson file that does not load; ``problems`` lists everything wrong."""

    def __init__(self, problems: List[Problem]) -> None:
        self.problems = problems
        text = "; ".join(str(p) for p in problems[:3])
        more = len(problems) - 3
        super().__init__(text + (f" (and {more} more)" if more > 0 else ""),
                         file=None, rule="lesson file")


@dataclass
class Step:
    """One step of a lesson, as written in the file (checked by its kind, :mod:`.kinds`)."""

    kind: Kind
    title: str = ""
    text: str = ""
    prompt: str = ""
    #: The first rung of the hint ladder, when the step writes its own ("" : its kind's).
    nudge: str = ""
    #: The second rung: the idea applied here.
    hint: str = ""
    right: str = ""
    wrong: Dict[str, str] = field(default_factory=dict)
    position: Optional[DealFile] = None
    seat: Optional[int] = None
    hidden: bool = False
    names: Tuple[str, ...] = ()
    cards: Tuple[str, ...] = ()
    answer: Any = None
    options: Tuple[Any, ...] = ()
    extra: Dict[str, Any] = field(default_factory=dict)
    line: Optional[int] = None
    #: The card the next step's position goes on with, when this step takes more than one
    #: card and the next step plays the same hand on (filled in by the loader).
    story: Optional[str] = None

    @property
    def is_question(self) -> bool:
        """Whether the learner must act (every kind but ``explain``)."""
        from .kinds import kind_of

        return kind_of(self.kind).question

    def state(self) -> HandState:
        """The position of the step (a fresh state each call: states are immutable)."""
        if self.position is None:
            raise ValueError("this step has no position")
        return self.position.state()

    @property
    def learner(self) -> int:
        """The learner's seat, for steps that have one (given, or filled in from the
        position by :mod:`.check` when the lesson loads)."""
        if self.seat is None:
            raise ValueError("this step has no learner's seat")
        return self.seat

    def name(self, seat: int) -> str:
        """What the lesson calls a seat: "You" (in the learner's language) for the learner."""
        if seat == self.seat:
            # Translators: the learner's name at a lesson's table
            return _("You")
        if seat < len(self.names):
            return self.names[seat]
        return DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]

    def names_of(self, players: int) -> List[str]:
        """What the lesson calls each seat, in seat order."""
        return [self.name(seat) for seat in range(players)]

    def recast(self, rename: Callable[[str], str]) -> "Step":
        """This step with its players renamed in its seats, words and answers
        (:mod:`spar_tutor.learning.cast`: a learner who has one of their names)."""
        players = self.position.state().players if self.position is not None else 0
        names = [rename(n) for n in self.names] + [
            rename(DEFAULT_NAMES[seat % len(DEFAULT_NAMES)])
            for seat in range(len(self.names), players)]
        return dataclasses.replace(
            self, title=rename(self.title), text=rename(self.text), prompt=rename(self.prompt),
            nudge=rename(self.nudge), hint=rename(self.hint), right=rename(self.right),
            wrong={key: rename(words) for key, words in self.wrong.items()},
            names=tuple(names),
            options=tuple(rename(o) if isinstance(o, str) else o for o in self.options),
            answer=rename(self.answer) if isinstance(self.answer, str) else self.answer)


@dataclass
class Lesson:
    """A loaded, checked lesson."""

    id: str
    number: int
    title: str
    summary: str
    minutes: int
    steps: List[Step]
    path: Optional[Path] = None
    #: The puzzle themes that practise the lesson, as its file says (``None``: not said).
    practice: Optional[Tuple[str, ...]] = None
    #: The ids of the puzzles of those themes (filled in by :func:`~.loader.load_all`).
    practice_puzzles: Tuple[str, ...] = ()

    @property
    def questions(self) -> int:
        return sum(1 for s in self.steps if s.is_question)

    @property
    def heading(self) -> str:
        """What the lesson player's heading says: "Lesson 3: Following suit"."""
        return _("Lesson {number}: {title}").format(number=self.number, title=self.title)

    def end_words(self, right_first: int) -> str:
        """What the player says at the end, ``right_first`` questions right at the first try
        (the stars' reason: :mod:`.mastery`)."""
        if not self.questions:
            return _("End of lesson {number}.").format(number=self.number)
        return ngettext("End of lesson {number}: {right} of {questions} question right at the "
                        "first try.",
                        "End of lesson {number}: {right} of {questions} questions right at the "
                        "first try.", self.questions).format(
            number=self.number, right=right_first, questions=self.questions)

    def recast(self, learner: Optional[str]) -> "Lesson":
        """The lesson as ``learner`` meets it: a player who has their name is called by
        another (:mod:`spar_tutor.learning.cast`); the lesson itself when none has."""
        from ..learning.cast import recaster, stand_ins

        if not stand_ins(learner):
            return self
        rename = recaster(learner)
        return dataclasses.replace(self, title=rename(self.title),
                                   summary=rename(self.summary),
                                   steps=[step.recast(rename) for step in self.steps])

    def origin(self, index: int) -> Tuple[str, int]:
        """The lesson and step that step ``index`` comes from (for the review schedule)."""
        return self.id, index


@dataclass
class BrokenLesson:
    """A lesson file that failed to load: shown with its problems, never run."""

    id: str
    path: Path
    problems: List[Problem]
    title: str = ""
    number: int = 0

    @property
    def summary(self) -> str:
        return _("This lesson could not be loaded: {problem}").format(
            problem=self.problems[0].what)
