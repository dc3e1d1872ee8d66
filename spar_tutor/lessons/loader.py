"""Reading lesson files (TOML, see docs/lessons.md) and checking them completely.

``load_lesson(path)`` returns a :class:`Lesson` or raises :class:`LessonError`
listing every problem (file, step, line, what). ``load_all(folder)`` never
raises: a broken file becomes a :class:`BrokenLesson` and the others load.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any, Dict, List, Optional, Protocol, Tuple, Union

from ..engine.cards import Card, parse_card
from ..engine.dealfile import DealFile
from ..engine.errors import FileError, SparError, shown
from ..engine.files import parse_toml, read_text
from ..learning.content import in_language
from ..learning.problem import Problem
from .keys import wrong_type
from .kinds import check_step, kind_of
from .kinds.hand import VERDICTS as HAND_VERDICTS
from .model import KIND_NAMES, BrokenLesson, Lesson, LessonError, Step, TrickNote
from .steps import parse_answer_cards
from .practice import THEME, check_practice, practice_puzzles, puzzle_themes

#: Keys every step may have (a kind's own keys are in its module, kept in ``Step.extra``).
STEP_KEYS = {"kind", "title", "text", "prompt", "nudge", "hint", "right", "wrong", "position", "seat", "hidden",
             "names", "cards", "answer", "options"}
#: Keys of some kinds that the step keeps in fields of its own, not in ``Step.extra``: a
#: whole hand's tricks (``[[step.trick]]`` tables) and its replay's words.
MODEL_KEYS = {"trick", "replay"}
#: The keys of a whole hand's ``[[step.trick]]`` table.
TRICK_KEYS = {"plays", "comment", "hint", "nudge", "wrong"}
TOP_KEYS = {"number", "title", "summary", "minutes", "names", "practice", "step"}
#: The most steps a lesson may have (the longest has a dozen).
MOST_STEPS = 100


class _Report(Protocol):
    """Notes a problem of the file being loaded (in a step, at a key, if known)."""

    def __call__(self, what: str, step: Optional[int] = None, key: Optional[str] = None) -> None: ...


def load_lesson(path: Union[str, Path]) -> Lesson:
    """Load and check one lesson file; raises :class:`LessonError` if anything is wrong."""
    p = Path(path)
    try:
        text = read_text(p)
    except FileError as e:
        raise LessonError([Problem.of(e, p.name)]) from None
    return loads_lesson(text, p.name, p.stem, p)


def loads_lesson(text: str, source: str = "<lesson>", lesson_id: str = "lesson",
                 path: Optional[Path] = None) -> Lesson:
    """Load and check a lesson from its TOML text."""
    try:
        data = parse_toml(text, source)
    except FileError as e:
        raise LessonError([Problem.of(e, source)]) from None
    problems: List[Problem] = []
    lines = _StepLines(text)

    def bad(what: str, step: Optional[int] = None, key: Optional[str] = None) -> None:
        problems.append(Problem(source, what, step, lines.find(step, key)))

    for key in data:
        if key not in TOP_KEYS:
            bad(f"unknown key {shown(key)} (known: {', '.join(sorted(TOP_KEYS))})", key=key)
    for key, kind in (("number", int), ("title", str), ("summary", str), ("minutes", int)):
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            bad(f"{shown(key)} is missing or not {'a whole number' if kind is int else 'text'}", key=key)
        elif wrong_type(key, value):
            bad(f"{shown(key)} {wrong_type(key, value)}, not {shown(value)}", key=key)
    practice = data.get("practice")
    if practice is not None and not (isinstance(practice, list) and all(
            isinstance(t, str) and re.match(THEME, t) for t in practice)):
        bad("'practice' must be a list of puzzle themes like \"give-up-the-lead\"",
            key="practice")
        practice = None
    names: Tuple[str, ...] = ()
    if wrong_type("names", data.get("names", [])):
        bad(f"'names' {wrong_type('names', data['names'])}", key="names")
    else:
        names = tuple(data.get("names", ()))
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        bad("a lesson needs steps: one [[step]] table each")
        raw_steps = []
    elif len(raw_steps) > MOST_STEPS:
        bad(f"a lesson has at most {MOST_STEPS} steps, not {len(raw_steps)}")
        raw_steps = []
    steps: List[Step] = []
    for i, raw in enumerate(raw_steps, start=1):
        step = _read_step(raw, i, names, lines, bad)
        if step is None:
            continue
        step.line = lines.find(i, None)
        for where, what in check_step(step):
            bad(what, i, where)
        steps.append(step)
    if not problems:
        _stories(steps, bad)
    if problems:
        raise LessonError(problems)
    steps = [step.map_words(in_language) for step in steps]
    return Lesson(lesson_id, data["number"], in_language(data["title"].strip()),
                  in_language(data["summary"].strip()), data["minutes"], steps, path,
                  None if practice is None else tuple(practice))


def _stories(steps: List[Step], bad: _Report) -> None:
    """Note the card each card question's story goes on with (``Step.story``): a step
    whose next step plays the same hand on from it, with one more card first. That card
    must be one of the step's answers (else the lesson goes on from a wrong card); a
    learner who picks another right card is told the lesson goes on with it."""
    for number, (step, after) in enumerate(zip(steps, steps[1:]), start=1):
        if (step.kind != "pick_card" or step.extra.get("goal") not in ("best", "card")
                or step.position is None or after.position is None):
            continue
        plays, later = step.position.plays, after.position.plays
        same_deal = dataclasses.replace(after.position, plays=plays,
                                        resolve_prelead=step.position.resolve_prelead)
        if (same_deal != step.position
                or len(later) <= len(plays) or later[:len(plays)] != plays
                or not isinstance(later[len(plays)], Card)):
            continue
        story = later[len(plays)]
        answers = parse_answer_cards(step.answer)
        if story not in answers:
            bad(f"the next step goes on with {story} played, which is not an answer here "
                f"(answer: {' '.join(sorted(str(c) for c in answers))})", number, "answer")
        elif len(answers) > 1:
            step.story = str(story)


def _read_step(raw: Any, i: int, names: Tuple[str, ...], lines: "_StepLines",
               bad: _Report) -> Optional[Step]:
    if not isinstance(raw, dict):
        bad("a step must be a table", i)
        return None
    name = raw.get("kind")
    kind = next((k for k in KIND_NAMES if k == name), None)
    if kind is None:
        bad(f"unknown step kind {shown(name)} (known: {', '.join(KIND_NAMES)})", i, "kind")
        return None
    extra_keys = kind_of(kind).keys
    allowed = STEP_KEYS | extra_keys
    typed = True
    for key, value in raw.items():
        if key not in allowed:
            bad(f"unknown key {shown(key)} for a {kind} step", i, key)
        elif wrong_type(key, value):
            bad(f"{shown(key)} {wrong_type(key, value)}, not {shown(value)}", i, key)
            typed = False
    texts: Dict[str, str] = {}
    for key in ("title", "text", "prompt", "nudge", "hint", "right"):
        value = raw.get(key, "")
        if not isinstance(value, str):
            bad(f"{shown(key)} must be text", i, key)
            value = ""
        texts[key] = value.strip()
    wrong = raw.get("wrong", {})
    if not isinstance(wrong, dict) or not all(isinstance(v, str) for v in wrong.values()):
        bad("'wrong' must be a table of feedback texts", i, "wrong")
        wrong = {}
    if not typed:
        return None
    position = None
    if "position" in raw:
        try:
            position = _position(raw["position"])
        except SparError as e:
            bad(f"position: {e.reason}" + (f" (rule: {e.rule})" if e.rule else ""), i, "position")
            return None
    cards = raw.get("cards", "")
    tricks = _tricks(raw.get("trick", []), i, lines, bad)
    if tricks is None:
        return None
    return Step(kind=kind, wrong={str(k): v.strip() for k, v in wrong.items()},
                position=position, seat=raw.get("seat"), hidden=bool(raw.get("hidden", False)),
                names=tuple(raw.get("names", names)),
                cards=tuple(cards.split()) if isinstance(cards, str) else tuple(cards),
                answer=raw.get("answer"), options=tuple(raw.get("options", ())),
                extra={k: raw[k] for k in extra_keys - MODEL_KEYS if k in raw},
                tricks=tricks, replay=str(raw.get("replay", "")).strip(),
                title=texts["title"], text=texts["text"], prompt=texts["prompt"],
                nudge=texts["nudge"], hint=texts["hint"], right=texts["right"])


def _tricks(raw: Any, i: int, lines: "_StepLines",
            bad: _Report) -> Optional[Tuple[TrickNote, ...]]:
    """A whole hand's ``[[step.trick]]`` tables, read (their cards parsed); None (and a
    problem for each thing wrong) if any is not what a trick holds."""
    notes: List[TrickNote] = []
    ok = True
    for n, table in enumerate(raw, start=1):
        where = f"trick {n}"
        if not isinstance(table, dict):
            bad(f"{where}: a trick must be a table", i, where)
            ok = False
            continue
        for key in sorted(set(table) - TRICK_KEYS):
            bad(f"{where}: unknown key {shown(key)} (known: {', '.join(sorted(TRICK_KEYS))})",
                i, f"{where} {key}")
            ok = False
        texts = {}
        for key in ("plays", "comment", "hint", "nudge"):
            value = table.get(key, "")
            if not isinstance(value, str):
                bad(f"{where}: {shown(key)} must be text", i, f"{where} {key}")
                ok = False
                value = ""
            texts[key] = value.strip()
        wrong = table.get("wrong", {})
        if not isinstance(wrong, dict) or not all(isinstance(v, str) for v in wrong.values()):
            bad(f"{where}: 'wrong' must be a table of feedback texts", i, f"{where} wrong")
            ok, wrong = False, {}
        try:
            plays = tuple(parse_card(code) for code in texts["plays"].split())
        except SparError as e:
            bad(f"{where}: plays: {e.reason}", i, f"{where} plays")
            ok, plays = False, ()
        notes.append(TrickNote(plays, texts["comment"], texts["hint"], texts["nudge"],
                               {str(k): v.strip() for k, v in wrong.items()},
                               lines.find(i, where)))
    return tuple(notes) if ok else None


def _position(obj: Any) -> DealFile:
    """A position in the deal-file notation (a TOML table with the same keys)."""
    df = DealFile.from_json(obj)
    df.state()  # every play is checked now
    return df


class _StepLines:
    """Line numbers of ``[[step]]`` headers and of keys inside each step."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.starts = [n for n, line in enumerate(self.lines, start=1)
                       if line.strip() == "[[step]]"]

    def find(self, step: Optional[int], key: Optional[str]) -> Optional[int]:
        """The line of ``key`` in step ``step`` (the lesson's top keys for ``None``): the
        step's header when the key is not written. A whole hand's trick is ``"trick 3"``
        (its ``[[step.trick]]`` header) and a key in it ``"trick 3 comment"``."""
        if step is None:
            lo, hi = 1, (self.starts[0] if self.starts else len(self.lines) + 1)
        elif step - 1 < len(self.starts):
            lo = self.starts[step - 1]
            hi = self.starts[step] if step < len(self.starts) else len(self.lines) + 1
        else:
            return None
        if key is None:
            return lo if step is not None else None
        trick = re.fullmatch(r"trick (\d+)(?: (\w+))?.*", key)
        if trick and step is not None:
            return self._in_trick(lo, hi, int(trick.group(1)), trick.group(2))
        pat = re.compile(rf"^\s*(\[step\.)?{re.escape(key)}\b")
        for n in range(lo, hi):
            if pat.match(self.lines[n - 1]):
                return n
        return lo if step is not None else None

    def _in_trick(self, lo: int, hi: int, number: int, key: Optional[str]) -> int:
        """The line of the ``number``-th ``[[step.trick]]`` of a step (lines ``lo`` to
        ``hi``), or of ``key`` in it."""
        heads = [n for n in range(lo, hi)
                 if self.lines[n - 1].strip().replace(" ", "") == "[[step.trick]]"]
        if number - 1 >= len(heads):
            return lo
        start = heads[number - 1]
        end = heads[number] if number < len(heads) else hi
        if key is not None:
            pat = re.compile(rf"^\s*(\[step\.trick\.)?{re.escape(key)}\b")
            for n in range(start, end):
                if pat.match(self.lines[n - 1]):
                    return n
        return start


def load_all(folder: Union[str, Path, None] = None) -> List[Union[Lesson, BrokenLesson]]:
    """Every ``*.toml`` lesson of a folder (default: the shipped lessons), by file name.
    A file that does not load becomes a :class:`BrokenLesson`; nothing raises. With a
    ``puzzles`` folder beside them, each lesson must say which puzzles practise it
    (:mod:`.practice`)."""
    if folder is None:
        folder = lessons_folder()
    puzzles = (puzzle_themes(Path(folder) / "puzzles")
               if (Path(folder) / "puzzles").is_dir() else None)
    out: List[Union[Lesson, BrokenLesson]] = []
    for path in sorted(Path(folder).glob("*.toml")):
        try:
            lesson = load_lesson(path)
            if puzzles is not None:
                _practice(lesson, puzzles)
            out.append(lesson)
        except LessonError as e:
            out.append(BrokenLesson(path.stem, path, e.problems, *_peek(path)))
        except Exception as e:  # a bug must not take the other lessons down
            out.append(BrokenLesson(path.stem, path, [Problem(path.name, f"{type(e).__name__}: {e}")],
                                    *_peek(path)))
    HAND_VERDICTS.save()  # the solver's verdicts on the whole hands, for the next process
    return out


def _practice(lesson: Lesson, puzzles: Dict[str, Tuple[str, ...]]) -> None:
    """Check the lesson's ``practice`` against the course's puzzles, and note its puzzles."""
    problems = check_practice(lesson, puzzles)
    if problems:
        source = lesson.path.name if lesson.path else lesson.id
        line = next((n for n, text in enumerate(read_text(lesson.path).splitlines(), start=1)
                     if text.startswith("practice")), None) if lesson.path else None
        raise LessonError([Problem(source, what, None, line) for what in problems])
    lesson.practice_puzzles = practice_puzzles(lesson.practice or (), puzzles)


def _peek(path: Path) -> Tuple[str, int]:
    """The title and number of a broken file, if they can be read at all."""
    try:
        data = parse_toml(read_text(path), path.name)
    except FileError:
        return (path.stem, 0)
    title, number = data.get("title"), data.get("number")
    return (title if isinstance(title, str) else path.stem, number if isinstance(number, int) else 0)


def lessons_folder() -> Path:
    """The shipped lessons: ``spar_tutor.resources.lessons_dir()`` or the checkout's."""
    try:
        from ..resources import lessons_dir

        return Path(lessons_dir())
    except ImportError:
        root = Path(__file__).resolve().parents[2]
        if (root / "lessons").is_dir():
            return root / "lessons"
        return Path(__file__).resolve().parents[1] / "_data" / "lessons"
