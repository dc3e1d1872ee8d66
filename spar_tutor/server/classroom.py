"""Serving a class: the progress database a server uses, the teacher's key, and the class
report (the Class page's and ``spar-tutor class report``'s).

``spar-tutor serve --database URL --teacher-key KEY`` calls :func:`setup_server`: the
database's address and the key go to the app's kernels in environment variables
(``SPAR_TUTOR_DATABASE_URL``, ``SPAR_TUTOR_TEACHER_KEY``), the database is opened
once (its schema migrated, old progress files imported) and the Class page's link is
printed (:func:`class_link`, the key URL-encoded). The key and the address may come
from the environment or a file instead of the command line, which every user of the
machine can read (``ps``): :func:`teacher_key`. Imports the progress database only when asked, and never ipywidgets.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Set, Tuple
from urllib.parse import quote

from ..engine.errors import SparError
from ..i18n import _, ngettext

if TYPE_CHECKING:
    from ..store import Store
    from ..store.report import ClassReport, Missed

TEACHER_KEY_ENV = "SPAR_TUTOR_TEACHER_KEY"
HUB_ADMIN_ENV = "SPAR_TUTOR_HUB_ADMIN"
MIN_KEY = 8
"""A teacher's key is at least this long, so that nobody guesses it."""
MAX_KEY = 1000
"""And at most this long (a link of a few kilobytes still works in every browser)."""


def teacher_key(given: Optional[str], key_file: Optional[str],
                env: Optional[Dict[str, str]] = None) -> Optional[str]:
    """The teacher's key: ``--teacher-key``, else the first line of ``--teacher-key-file``,
    else ``$SPAR_TUTOR_TEACHER_KEY`` (the last two keep it out of ``ps``); checked."""
    env = os.environ if env is None else env
    where = "--teacher-key"
    key = given
    if key is None and key_file is not None:
        where = f"--teacher-key-file {key_file}"
        try:
            with open(key_file, encoding="utf-8") as f:
                key = f.readline(MAX_KEY + 2).rstrip("\r\n")
        except (OSError, UnicodeDecodeError) as e:
            raise SparError(f"{where}: cannot read the key: {getattr(e, 'strerror', None) or e}") \
                from None
    if key is None and env.get(TEACHER_KEY_ENV):
        where, key = f"${TEACHER_KEY_ENV}", env[TEACHER_KEY_ENV]
    if key is None:
        return None
    if not MIN_KEY <= len(key) <= MAX_KEY or key != key.strip():
        raise SparError(f"{where}: the teacher's key needs {MIN_KEY} to {MAX_KEY} characters, "
                        "without spaces around them")
    return key


def class_link(app: str, key: str) -> str:
    """The Class page's address for the app at ``app``, the key encoded (``+``, ``&``, ``#``
    and spaces inside a key would otherwise change the link)."""
    return f"{app}?page=class&key={quote(key, safe='')}"


def setup_server(database: Optional[str], key: Optional[str], link: str,
                 currency: Optional[str] = None, money: bool = True) -> None:
    """Get a server ready for a class (``link``: the app's address, for the Class page's;
    ``key``: the teacher's, from :func:`teacher_key`; ``currency`` and ``money``: what its
    kernels count stakes and bets in, and whether there are any, until the teacher changes
    them on the Class page).

    A database that cannot be opened is said, and the server starts all the same: its
    pages go on without saving progress."""
    from ..i18n.money import CURRENCY_ENV
    from ..learning.class_settings import MONEY_ENV
    from ..store import DATABASE_ENV, StoreError, database_url, shared_store

    if key is not None:
        os.environ[TEACHER_KEY_ENV] = key
    if database:
        os.environ[DATABASE_ENV] = database
    if currency is not None:
        os.environ[CURRENCY_ENV] = currency
    if not money:
        os.environ[MONEY_ENV] = "off"
    url = database_url()
    try:
        store = shared_store(url)
        if store.moved:
            print(f"spar-tutor: warning: {store.moved}", file=sys.stderr, flush=True)
        print(f"Progress is kept in {store.url}", flush=True)
    except StoreError as e:
        print(f"spar-tutor: warning: progress will NOT be saved: {e}", file=sys.stderr, flush=True)
    if key is not None:
        print(f"Class page (for the teacher only): {class_link(link, key)}", flush=True)
    check_course()


def check_course() -> None:
    """Have the solver check the lessons' whole hands and the puzzles once, before the
    kernels start: each kernel then reads the verdicts (:mod:`spar_tutor.learning.verdicts`)
    instead of spending seconds on them when it loads the lessons or a learner first opens
    Puzzles. Never fails (a kernel checks them itself)."""
    import logging

    try:
        from ..lessons import load_all

        load_all()  # keeps the verdicts on the whole hands
    except Exception:  # noqa: BLE001 - the pages check them when opened
        logging.getLogger("spar_tutor.server").exception("the lessons could not be checked")
    try:
        from ..puzzles.verdicts import warm
    except ImportError:  # the puzzles are not installed
        return
    try:
        warm()
    except Exception:  # noqa: BLE001 - the pages check them when opened
        logging.getLogger("spar_tutor.server").exception("the puzzles could not be checked")


def lesson_columns(lessons: Sequence[Any]) -> List[Tuple[str, str]]:
    """(id, heading) of each lesson, for the report's columns."""
    return [(l.id, _("Lesson {number}: {title}").format(number=l.number, title=l.title))
            for l in lessons]


def question_label(lessons: Sequence[Any], lesson_id: str, step: int) -> str:
    """A lesson step as a teacher reads it: "Lesson 3, step 4 (Follow suit)" (a title may
    end with its own question mark: "Lesson 3, step 2 (In or out?)")."""
    lesson = next((l for l in lessons if l.id == lesson_id), None)
    if lesson is None:
        return _("{lesson}, step {step}").format(lesson=lesson_id, step=step + 1)
    title = lesson.steps[step].title if 0 <= step < len(lesson.steps) else ""
    if title:
        return _("Lesson {number}, step {step} ({title})").format(number=lesson.number,
                                                                  step=step + 1, title=title)
    return _("Lesson {number}, step {step}").format(number=lesson.number, step=step + 1)


def missed_sentence(label: str, missed: "Missed") -> str:
    """A question most often missed, in words: how many answers were wrong, by how many."""
    wrong = ngettext("{question}: {wrong} of {answers} answer was wrong.",
                     "{question}: {wrong} of {answers} answers were wrong.", missed.answers)
    who = ngettext("Missed by {learners} learner.", "Missed by {learners} learners.",
                   missed.learners)
    return " ".join([wrong.format(question=label, wrong=missed.wrong, answers=missed.answers),
                     who.format(learners=missed.learners)])


def class_report(store: Optional["Store"] = None,
                 lessons: Optional[Sequence[Any]] = None) -> "ClassReport":
    """The report of this server's database (or of ``store``), with the stars each
    learner earned in ``lessons`` (default: every lesson)."""
    from ..lessons import Lesson, load_all
    from ..lessons.mastery import question_steps, stars_earned
    from ..store import shared_store
    from ..store.report import class_report as report, with_stars

    if lessons is None:
        lessons = [l for l in load_all() if isinstance(l, Lesson)]
    questions = {l.id: question_steps(l) for l in lessons}

    def stars(lesson: str, right: Set[int], right_first: Set[int]) -> int:
        return stars_earned(questions[lesson], right, right_first) if lesson in questions else 0

    return with_stars(report(store if store is not None else shared_store()), stars)


def _report_command(args: argparse.Namespace) -> int:
    from ..lessons import Lesson, load_all
    from ..store import Store, StoreError, database_url
    from ..store.report import share_text, to_csv, when_text

    lessons = [l for l in load_all() if isinstance(l, Lesson)]
    try:
        store = Store.open(args.database or database_url())
        report = class_report(store, lessons)
    except StoreError as e:
        raise SparError(str(e)) from e
    if args.csv:
        sys.stdout.write(to_csv(report, lesson_columns(lessons)))
        return 0
    n = len(report.learners)
    print(ngettext("{n} learner", "{n} learners", n).format(n=n))
    headings = dict(lesson_columns(lessons))
    for r in report.learners:
        now_on = headings.get(r.now_on, r.now_on) if r.now_on else "-"
        print(_("  {name}: {lessons} lessons finished, now on {now_on}, {steps} steps, right at "
                "the first try {share}, puzzles solved {solved}, rating {rating}, last seen "
                "{seen}").format(
            name=r.name, lessons=len(r.finished), now_on=now_on, steps=r.steps_done,
            share=share_text(r.first_try_share) or "-", solved=r.puzzles_solved,
            rating="-" if r.rating is None else r.rating, seen=when_text(r.last_seen) or "-"))
    if report.missed:
        print(_("Questions most often missed:"))
        for m in report.missed:
            print("  " + missed_sentence(question_label(lessons, m.lesson, m.step), m))
    return 0


def _remove_command(args: argparse.Namespace) -> int:
    from ..store import Store, StoreError, database_url

    try:
        removed = Store.open(args.database or database_url()).remove_learner(args.name)
    except StoreError as e:
        raise SparError(str(e)) from e
    except ValueError as e:  # a blank name
        raise SparError(f"learner name {args.name!r}: {e}") from e
    if not removed:
        raise SparError(f"no learner called {args.name!r} in the progress database")
    print(_("{name} was removed.").format(name=" ".join(args.name.split())))
    return 0


def register(sub: Any) -> None:
    """Add ``spar-tutor class report [--csv] [--database URL]``."""
    p = sub.add_parser("class", help="the class's progress, for the teacher",
                       description="What the teacher sees on the Class page, on the command line.")
    commands = p.add_subparsers(dest="class_command", metavar="COMMAND", required=True)
    report = commands.add_parser(
        "report", help="each learner's lessons, first tries, puzzles, rating and last visit",
        description="Print the class report: each learner's lessons, first tries, puzzles, "
        "rating and last visit, and the questions most often missed.")
    report.add_argument("--csv", action="store_true",
                        help="print the learners as CSV (the Class page's download)")
    report.add_argument("--database", metavar="URL", default=None,
                        help="the progress database (default: $SPAR_TUTOR_DATABASE_URL, else "
                        "$SPAR_TUTOR_HOME/spar-tutor.sqlite)")
    report.set_defaults(func=_report_command)
    remove = commands.add_parser(
        "remove", help="remove a learner and all their progress",
        description="Remove a learner (a name typed wrong, a visitor) and every answer, "
        "puzzle and rating of theirs. It cannot be undone.")
    remove.add_argument("name", help="the learner's name (any case)")
    remove.add_argument("--database", metavar="URL", default=None,
                        help="the progress database (default: as for 'class report')")
    remove.set_defaults(func=_remove_command)
