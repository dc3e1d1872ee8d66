"""The walk in French: one learner, one browser page, everything a learner reads, and no
English left in it.

The app is opened with ``?lang=fr``; the walk (test_walk.py's walkers, which read the
app's words through the catalogue) plays a whole hand of Ghana table rules with its
three hints and its review, reads the Rules page and Home, goes through every step of
every lesson and through a puzzle. After every click it reads the words the page shows
and looks for English:

- a sentence of the English catalogue shown as it is (a run of four words or more of an
  English message: the code's messages, and the lessons' and puzzles' words);
- the share of English function words ("the", "you", "with" ...) in the words shown.

What it finds is written to ``test-artifacts/walk-french-words.txt``. The app's own words
(the code's messages) are checked first; then the lessons' and puzzles' words, which stay
English with the note "(pas encore traduit)" until their translation is in the catalogue.

Screenshots ``walk-fr-*.png`` at 1280 x 900 and 390 x 844: Home, Rules, Play with its
hints, a lesson step and a puzzle.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from spar_tutor.app import course
from spar_tutor.i18n import _
from conftest import CLASS_QUERY
from test_app import FIRST_VISIT_MS, heading, nav
from test_walk import (DESKTOP, HandWalk, LessonWalk, PuzzleWalk, click, page_words,
                       screenshots)
from walk import Worklist

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "spar_tutor" / "i18n" / "spar_tutor.pot"

#: English words that French never uses ("a", "on", "son" ... are French words too).
FUNCTION_WORDS = {"the", "and", "of", "to", "is", "you", "your", "with", "for", "that",
                  "this", "are", "was", "be", "not", "can", "but", "or", "what", "which",
                  "who", "will", "have", "has", "it", "in", "from", "they", "their", "if",
                  "when", "would", "should", "could", "than", "then", "there", "its"}
#: At most this share of the words a page shows may be English function words (names and
#: card symbols are words too; French text has none of these words).
MOST_FUNCTION_WORDS = 0.02
#: A run of this many words of an English message, shown as it is, is English left over.
RUN = 4
_SPLIT = re.compile(r"\{\w*\}|<[^>]+>|\*\*|[*_`#|>]|\n|(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC]"
                    r"(?![A-Za-z0-9])")
_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ']+")


def english_runs(message: str) -> List[str]:
    """The runs of ``RUN`` words or more of an English message that a page would show as
    they are (placeholders, markup and card codes cut out), squeezed and in lower case."""
    runs = []
    for piece in _SPLIT.split(message):
        words = piece.split()
        if len(words) >= RUN and len(_WORD.findall(piece)) >= RUN:
            runs.append(" ".join(words).casefold())
    return runs


def english_messages() -> Tuple[Dict[str, Set[str]], str]:
    """The English runs of the code's messages ("app") and of the lessons' and puzzles'
    words ("lessons"); and the lessons' and puzzles' words, squeezed, in lower case."""
    with POT.open("rb") as f:
        template = read_po(f)
    found: Dict[str, Set[str]] = {"app": set(), "lessons": set()}
    lessons: List[str] = []
    for m in template:
        if not m.id:
            continue
        kind = "lessons" if all(loc.startswith("lessons/") for loc, _line in m.locations) \
            else "app"
        for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
            found[kind].update(english_runs(text))
            if kind == "lessons":
                lessons.append(" ".join(text.split()).casefold())
    return found, "\n".join(lessons)


@dataclass
class EnglishFinder:
    """The English found in the words a page shows, by kind ("app" or "lessons"), with
    the places it was seen; and the English function words counted, by kind of place."""

    runs: Dict[str, Set[str]]
    lesson_words: str
    """The lessons' and puzzles' English words: a run of the code's English met there, on a
    lesson's or a puzzle's page, may be those words, not yet translated."""
    worklist: Worklist = field(default_factory=Worklist)
    found: Dict[str, Dict[str, List[str]]] = field(
        default_factory=lambda: {"app": {}, "lessons": {}})
    words: Counter = field(default_factory=Counter)
    english: Counter = field(default_factory=Counter)

    def scan(self, where: str, text: str) -> None:
        self.worklist.scan(where, text)  # card codes, seat numbers, jargon, as in English
        shown = " ".join(text.split()).casefold()
        place = "lessons" if where.startswith(("lesson", "puzzle")) else "app"
        for kind, runs in self.runs.items():
            for run in runs:
                if run in shown:
                    found = "lessons" if place == "lessons" and run in self.lesson_words \
                        else kind
                    seen = self.found[found].setdefault(run, [])
                    if len(seen) < 3:
                        seen.append(where)
        tokens = [w.casefold() for w in _WORD.findall(text)]
        self.words[place] += len(tokens)
        self.english[place] += sum(1 for w in tokens if w in FUNCTION_WORDS)

    def share(self, place: str) -> float:
        return self.english[place] / max(1, self.words[place])

    def report(self, path: Path) -> str:
        lines = [f"The French walk: {self.worklist.places} places looked at",
                 f"English function words: app {self.share('app'):.2%} of "
                 f"{self.words['app']} words, lessons and puzzles "
                 f"{self.share('lessons'):.2%} of {self.words['lessons']} words"]
        for kind in ("app", "lessons"):
            lines.append(f"English {kind} sentences shown: {len(self.found[kind])}")
            lines += [f"  {run!r} | {'; '.join(where)}"
                      for run, where in sorted(self.found[kind].items())]
        lines.append("Card codes, seat numbers, jargon:")
        lines += ["  " + line for line in self.worklist.lines()]
        text = "\n".join(lines) + "\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(text)
        return text


def test_english_runs_leave_out_placeholders_markup_and_cards():
    assert english_runs("**Hint:** {player} won trick {number} with 7S and kept the lead.") \
        == ["and kept the lead."]
    assert english_runs("Only the last trick scores.") == ["only the last trick scores."]
    assert english_runs("Next hand") == []


def test_walk_in_french_finds_no_english(app_server, voila_page, artifacts_dir, french):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    finder = EnglishFinder(*english_messages())
    assert len(finder.runs["app"]) > 300 and len(finder.runs["lessons"]) > 1000
    times = {"start": time.monotonic()}
    voila_page.open_url(app_server.app_url("page=play&game=ghana_table&lang=fr&learner=Dzifa"),
                        wait_for=_("Spar tutor"))
    expect(page.get_by_text(_("Ghana table rules")).first).to_be_visible(timeout=FIRST_VISIT_MS)
    finder.scan("play: first", page_words(page))
    HandWalk(page, finder, lambda: screenshots(voila_page, "fr-play")).walk()
    times["hand"] = time.monotonic()

    nav(voila_page, _("Rules")).click()
    expect(heading(voila_page, _("Rules of Spar"))).to_be_visible(timeout=FIRST_VISIT_MS)
    finder.scan("rules", page_words(page))
    screenshots(voila_page, "fr-rules")
    nav(voila_page, _("Home")).click()
    expect(page.get_by_role("button", name=_("Start lesson 1"))).to_be_visible()
    finder.scan("home", page_words(page))
    screenshots(voila_page, "fr-home")
    times["rules and home"] = time.monotonic()

    for lesson in course.playable():
        nav(voila_page, _("Lessons")).click()
        expect(heading(voila_page, _("Lessons"))).to_be_visible(timeout=FIRST_VISIT_MS)
        click(page, ".spar-shell", _("Lesson {number}: {title}").format(
            number=lesson.number, title=lesson.title))
        shoot = (lambda: screenshots(voila_page, "fr-lesson")) if lesson.number == 4 else None
        LessonWalk(page, lesson, finder, shoot).walk()
    times["lessons"] = time.monotonic()

    nav(voila_page, _("Puzzles")).click()
    expect(heading(voila_page, _("Puzzles"))).to_be_visible(timeout=FIRST_VISIT_MS)
    PuzzleWalk(page, finder, lambda: screenshots(voila_page, "fr-puzzle")).walk(puzzles=1)
    times["a puzzle"] = time.monotonic()

    # the teacher's Class page, in French: Dzifa (this walk's learner) and the learners of the
    # tests before this one, if any
    voila_page.open_url(app_server.app_url(f"{CLASS_QUERY}&lang=fr"),
                        wait_for=_("Spar tutor"))
    expect(page.locator("table.spar-class-table")).to_be_visible(timeout=FIRST_VISIT_MS)
    expect(nav(voila_page, _("Class"))).to_be_visible()
    finder.scan("class", page_words(page))
    screenshots(voila_page, "fr-class")
    times["class"] = time.monotonic()

    took = {step: round(at - before) for (step, at), before
            in zip(list(times.items())[1:], list(times.values()))}
    report = finder.report(artifacts_dir / "walk-french-words.txt") + f"seconds: {took}\n"
    short = "\n".join(report.splitlines()[:40]) + \
        "\n... (all of it in test-artifacts/walk-french-words.txt)"
    assert finder.worklist.places > 300, "the walk read fewer places than it should"
    # the app's own words first: every message of the code is translated
    assert not finder.found["app"] and finder.share("app") < MOST_FUNCTION_WORDS, short
    assert not finder.worklist.found, short
    # then the lessons' and puzzles' words (they come from the lesson translators' files)
    assert not finder.found["lessons"] and finder.share("lessons") < MOST_FUNCTION_WORDS, short
