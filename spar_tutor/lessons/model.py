"""The parts of a lesson: its steps (of a closed set of kinds), the lesson itself, and
the error of a lesson file that does not load."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Literal, Optional, Tuple, get_args

from ..engine.cards import Card
from ..engine.dealfile import DealFile
from ..engine.errors import SparError
from ..engine.state import HandState
from ..i18n import _, ngettext
from ..learning.problem import Problem

#: Every step kind: a closed set, so a misspelt kind is a type error. Each has its
#: module in :mod:`spar_tutor.lessons.kinds` (how to add one: docs/lessons.md).
Kind = Literal["explain", "deal", "pick_from", "choice", "pick_card", "trick", "points",
               "declare", "play", "odds", "decide", "money", "hand"]
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


@dataclass(frozen=True)
class TrickNote:
    """One trick of a whole hand told trick by trick (a ``hand`` step's ``[[step.trick]]``):
    the cards the lesson's hand plays in it, from its leader on; the nudge, the idea and the
    words on wrong cards at the learner's card in it; and the comment after it."""

    plays: Tuple[Card, ...]
    comment: str
    hint: str = ""
    nudge: str = ""
    wrong: Dict[str, str] = field(default_factory=dict)
    #: The line of its ``[[step.trick]]`` header in the lesson file.
    line: Optional[int] = None

    def words(self) -> List[Tuple[str, str]]:
        """(key, words) of every text of the trick a learner may read."""
        said = [(key, getattr(self, key)) for key in ("comment", "hint", "nudge")]
        return [(k, t) for k, t in said if t] + [(f"wrong {card}", text)
                                                 for card, text in self.wrong.items()]

    def map_words(self, change: Callable[[str], str]) -> "TrickNote":
        """The trick with ``change`` applied to each of its texts."""
        return dataclasses.replace(
            self, comment=change(self.comment), hint=change(self.hint),
            nudge=change(self.nudge),
            wrong={card: change(text) for card, text in self.wrong.items()})


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
    #: A whole hand told trick by trick (``hand`` steps): each trick's cards and words.
    tricks: Tuple[TrickNote, ...] = ()
    #: What a whole hand's open replay says: what the others held (``hand`` steps).
    replay: str = ""

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
        renamed = self.map_words(rename)
        return dataclasses.replace(
            renamed, names=tuple(names),
            options=tuple(rename(o) if isinstance(o, str) else o for o in self.options),
            answer=rename(self.answer) if isinstance(self.answer, str) else self.answer)

    def words(self) -> List[Tuple[str, str]]:
        """(key, words) of every text of the step a learner may read (the options aside),
        as ``tests`` and the translators' tools name them: ``"hint"``, ``"wrong 7S"``,
        ``"trick 2 comment"``."""
        said = [(key, getattr(self, key)) for key in WORD_KEYS]
        said += [(f"wrong {key}", text) for key, text in self.wrong.items()]
        said += [(f"trick {n} {key}", text) for n, note in enumerate(self.tricks, start=1)
                 for key, text in note.words()]
        return [(key, text) for key, text in said if text]

    def map_words(self, change: Callable[[str], str]) -> "Step":
        """The step with ``change`` applied to each of its texts (another language, other
        names); positions, answers and the keys of ``wrong`` stay as written."""
        return dataclasses.replace(
            self, title=change(self.title), text=change(self.text), prompt=change(self.prompt),
            nudge=change(self.nudge), hint=change(self.hint), right=change(self.right),
            replay=change(self.replay),
            wrong={key: change(words) for key, words in self.wrong.items()},
            tricks=tuple(note.map_words(change) for note in self.tricks))


#: The keys of a step that hold words (besides ``wrong`` and a whole hand's tricks).
WORD_KEYS = ("title", "text", "prompt", "nudge", "hint", "right", "replay")


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
