"""Class: how every learner is doing, for the teacher (opened only with the teacher's key,
or by a JupyterHub admin: :mod:`spar_tutor.app.teacher`).

A table of the learners (lessons finished and their stars, the lesson each is on now,
right at the first try, puzzles, rating, last seen) in the order the teacher picks (those
who may need help first), a grid of learners and lessons (stars, or steps done), a chart
of the questions most often missed, and the learners as a CSV file to download (what
``spar-tutor class report --csv`` prints).
"""

from __future__ import annotations

import base64
import logging
from dataclasses import replace
from datetime import datetime, time, timedelta
from html import escape
from typing import Any, Dict, List, Optional, Set, Tuple

import ipywidgets as widgets

from ...server.classroom import class_report, lesson_columns, missed_sentence, question_label
from ...i18n import _, ngettext, number
from ...lessons.mastery import MOST
from ...lessons.widget import stars_html
from ...render.charts import missed_chart
from ...store import StoreError, learner_key, shared_store
from ...store.schema import utcnow
from ...store.report import ClassReport, LearnerReport, share_text, to_csv, when_text
from .. import course
from ..guard import guarded
from ..route import Route
from .class_settings import ClassSettingsPanel

log = logging.getLogger("spar_tutor.app")

CSV_NAME = "spar-tutor-class.csv"
NUM = ' class="num"'


class ClassPage(widgets.VBox):
    """``?page=class&key=KEY``: the class's progress, redrawn when the teacher comes back."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.summary = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.download = widgets.HTML()
        self.refresh = widgets.Button(description=_("Refresh"),
                                      tooltip=_("Read the class's progress again"))
        self.refresh.add_class("spar-secondary")
        self.refresh.on_click(guarded(app.say)(lambda _b: self.redraw()))
        self.order = widgets.Dropdown(options=order_options(), value="name",
                                      description=_("Order:"),
                                      layout=widgets.Layout(width="380px", max_width="100%"))
        self.order.observe(guarded(app.say)(lambda _c: self.draw_tables()), names="value")
        self.seen = widgets.Dropdown(options=seen_options(), value="all",
                                     description=_("Show:"),
                                     layout=widgets.Layout(width="300px", max_width="100%"))
        self.seen.observe(guarded(app.say)(lambda _c: self.draw_tables()), names="value")
        self.report: Optional[ClassReport] = None
        self.grid = widgets.HTML()
        top = widgets.HBox([self.refresh, self.seen, self.order, self.download])
        top.add_class("spar-row")
        heading = "<h2>" + escape(_("Class")) + "</h2>"
        self.remover = Remover(app, self)
        self.one = LearnerDetail(app)
        self.shared = shared_tables(app, lambda: self.report.learners if self.report else [])
        self.settings = ClassSettingsPanel(app)
        super().__init__([widgets.HTML(heading), self.summary, top, self.table, self.grid,
                          self.chart, self.one, *self.shared, self.settings, self.remover])
        self.add_class("spar-class")
        self.redraw()

    def show_route(self, route: Route) -> None:
        self.redraw()

    def on_show(self) -> None:
        self.redraw()

    def _me(self) -> Optional[str]:
        """The teacher's own name, if they gave one (their row is marked, not counted)."""
        return self.app.learner.name if self.app.learner is not None else None

    def draw_tables(self) -> None:
        """The learners and the lessons grid, in the order the teacher chose."""
        if self.report is None:
            return
        lessons = course.playable()
        me = self._me()
        report = seen_since(self.report, self.seen.value, utcnow())
        if self.report.learners and not report.learners:
            nobody = escape(_("Nobody was seen today.") if self.seen.value == "today" else
                            _("Nobody was seen in the last 7 days."))
            self.table.value = f'<p class="spar-muted" role="status">{nobody}</p>'
            self.grid.value = ""
            return
        self.table.value = learners_table(report, lessons, me, self.order.value)
        grid = lessons_grid(report, lessons, me, self.order.value)
        title = escape(_("Lessons"))
        self.grid.value = f"<h3>{title}</h3>{grid}" if grid else ""

    def redraw(self) -> None:
        """Read the report again and draw it (and the shared tables)."""
        self._redraw_report()
        for part in self.shared:
            part.redraw()

    def _redraw_report(self) -> None:
        lessons = course.playable()
        try:
            report = class_report(lessons=lessons)
        except StoreError as e:
            log.warning("the class report cannot be read: %s", e)
            unreadable = _("The progress database cannot be read right now, so the class "
                           "report cannot be shown.")
            self.summary.value = f'<p role="status">{escape(unreadable)}</p>'
            self.table.value = self.grid.value = self.chart.value = self.download.value = ""
            self.report = None
            self.remover.show_learners([])
            self.one.show_learners([])
            return
        me = self._me()
        n = sum(1 for r in report.learners if not same_learner(r.name, me))
        summary = ngettext("{n} learner has used the tutor.", "{n} learners have used the tutor.",
                           n).format(n=n)
        if n < len(report.learners):
            summary += " " + _("Your own row, marked (you), is not counted.")
        self.summary.value = "<p>" + escape(summary) + "</p>"
        self.report = report
        self.draw_tables()
        self.remover.show_learners([r.name for r in report.learners])
        self.one.show_learners([r.name for r in report.learners])
        self.chart.value = missed_html(report, lessons)
        data = base64.b64encode(to_csv(report, lesson_columns(lessons)).encode("utf-8"))
        words = escape(_("Download the report (CSV)"))
        self.download.value = (f'<a class="spar-download" download="{CSV_NAME}" '
                               f'href="data:text/csv;charset=utf-8;base64,{data.decode("ascii")}">'
                               f"{words}</a>")


def shared_tables(app: Any, learners: Any) -> Tuple[widgets.Widget, ...]:
    """The shared tables' part of the page, where this server runs the table service."""
    from ...server.tables.client import TableClient

    if not TableClient().available:
        return ()
    from .class_tables import ClassTables

    return (ClassTables(app, learners),)


MISSED_SHOWN = 10
"""At most this many of one learner's missed questions are listed."""


def learner_detail_html(name: str, lessons: List[Any]) -> str:
    """One learner, for the teacher: the lessons as badges, the questions they missed
    (how many wrong answers, and whether they got it right since), the puzzles, and what
    is due for review."""
    from ...learning.review import Reviews
    from ...lessons import ProgressStore
    from ...puzzles.progress import PuzzleProgress
    from .home import course_path, puzzle_words

    progress = ProgressStore(name)
    answers = progress.all_answers()
    finished = set(progress.finished_lessons(l.id for l in lessons))
    parts = [course_path(lessons, answers, finished, _("Lessons"))]
    missed = []
    for lesson in lessons:
        wrong: Dict[int, int] = {}
        right: Set[int] = set()
        for a in answers.get(lesson.id, []):
            if a.answer is None:
                continue
            if a.correct:
                right.add(a.step)
            elif a.step not in right:
                wrong[a.step] = wrong.get(a.step, 0) + 1
        for step in sorted(wrong):
            label = question_label(lessons, lesson.id, step)
            said = (ngettext("{question}: {n} wrong answer, then right.",
                             "{question}: {n} wrong answers, then right.", wrong[step])
                    if step in right else
                    ngettext("{question}: {n} wrong answer, not right yet.",
                             "{question}: {n} wrong answers, not right yet.", wrong[step]))
            missed.append(said.format(question=label, n=wrong[step]))
    heading = escape(_("Questions missed"))
    if missed:
        items = "".join(f"<li>{escape(m)}</li>" for m in missed[:MISSED_SHOWN])
        more = len(missed) - MISSED_SHOWN
        if more > 0:
            items += "<li>" + escape(ngettext("and {n} more", "and {n} more", more).format(
                n=more)) + "</li>"
        parts.append(f"<h4>{heading}</h4><ul>{items}</ul>")
    else:
        none = escape(_("No question missed."))
        parts.append(f'<h4>{heading}</h4><p class="spar-muted">{none}</p>')
    puzzles = PuzzleProgress(name)
    lines = [puzzle_words(len(puzzles.solved_ids()), puzzles.rating)]
    due = Reviews(name).today()  # the review schedule's clock, as on the learner's Home
    lines.append(ngettext("{count} thing to review today.", "{count} things to review today.",
                          due).format(count=due) if due else
                 _("No missed question or puzzle is due for review today."))
    parts.append("<p>" + escape(" ".join(lines)) + "</p>")
    return "".join(parts)


def learner_menu() -> widgets.Dropdown:
    return widgets.Dropdown(options=[], description=_("Learner:"),
                            layout=widgets.Layout(width="300px", max_width="100%"))


def offer_names(box: widgets.Box, menu: widgets.Dropdown, names: List[str]) -> None:
    """Put ``names`` in ``menu``, keeping the name chosen if it is still there, else the
    first (a menu given new options chooses none of them, while it shows the first); hide
    ``box`` when there is nobody."""
    chosen = menu.value
    menu.options = names
    menu.value = chosen if chosen in names else (names[0] if names else None)
    box.layout.display = "" if names else "none"


class LearnerDetail(widgets.VBox):
    """One learner, chosen from a menu: :func:`learner_detail_html`."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.names = learner_menu()
        self.names.observe(guarded(app.say)(lambda _c: self.draw()), names="value")
        self.detail = widgets.HTML()
        title = escape(_("One learner"))
        words = escape(_("Their lessons, the questions they missed, and their puzzles."))
        super().__init__([widgets.HTML(f'<h3>{title}</h3><p class="spar-muted">{words}</p>'),
                          self.names, self.detail])
        self.add_class("spar-class-learner")

    def show_learners(self, names: List[str]) -> None:
        offer_names(self, self.names, names)
        self.draw()

    def draw(self) -> None:
        name = self.names.value
        if not name:
            self.detail.value = ""
            return
        try:
            self.detail.value = learner_detail_html(name, course.playable())
        except StoreError as e:
            log.warning("learner %r cannot be read: %s", name, e)
            self.detail.value = '<p role="status">' + escape(_(
                "The progress database cannot be read right now.")) + "</p>"


class Remover(widgets.VBox):
    """Remove a learner and their progress (a name typed wrong, a visitor), after the
    teacher says yes to a question that names them."""

    def __init__(self, app: Any, page: "ClassPage") -> None:
        self.app, self.page = app, page
        self.names = learner_menu()
        self.ask = widgets.Button(description=_("Remove\u2026"),
                                  tooltip=_("Remove this learner and their progress"))
        self.ask.add_class("spar-secondary")
        self.ask.on_click(guarded(app.say)(lambda _b: self.confirm()))
        self.question = widgets.HTML()
        self.yes = widgets.Button(button_style="danger")
        self.yes.add_class("spar-secondary")  # its size; the danger colours stay
        self.yes.on_click(guarded(app.say)(lambda _b: self.remove()))
        self.no = widgets.Button()
        self.no.add_class("spar-secondary")
        self.no.on_click(guarded(app.say)(lambda _b: self.cancel()))
        self.answer = widgets.HBox([self.yes, self.no])
        self.answer.add_class("spar-row")
        self.status = widgets.HTML()
        pick = widgets.HBox([self.names, self.ask])
        pick.add_class("spar-row")
        words = escape(_("For a name typed wrong, or a visitor. Their progress is deleted "
                         "too, and cannot be brought back."))
        title = escape(_("Remove a learner"))
        super().__init__([widgets.HTML(f'<h3>{title}</h3><p class="spar-muted">{words}</p>'),
                          pick, self.question, self.answer, self.status])
        self.add_class("spar-class-remove")
        self.cancel()

    def show_learners(self, names: List[str]) -> None:
        offer_names(self, self.names, names)
        self.cancel()

    def confirm(self) -> None:
        """Ask: "Remove Kofi and all of Kofi's progress?"."""
        name = self.names.value
        if not name:
            return
        question = _("Remove {name} and all of {name}'s progress? This cannot be undone.")
        self.question.value = f'<p role="alert">{escape(question.format(name=name))}</p>'
        self.yes.description = _("Yes, remove {name}").format(name=name)
        self.no.description = _("No, keep {name}").format(name=name)
        self.answer.layout.display = ""
        self.status.value = ""

    def cancel(self) -> None:
        self.question.value = ""
        self.answer.layout.display = "none"

    def remove(self) -> None:
        name = self.names.value
        if not name:
            return
        try:
            removed = shared_store().remove_learner(name)
        except StoreError as e:
            log.warning("learner %r cannot be removed: %s", name, e)
            said = _("The progress database cannot be changed right now, so {name} was not "
                     "removed.")
        else:
            said = (_("{name} was removed.") if removed else
                    _("{name} was not found: someone may have removed them already."))
        self.page.redraw()
        self.status.value = f'<p role="status">{escape(said.format(name=name))}</p>'


SEEN = {"all": None, "today": 0, "week": 6}
"""Which learners to show: everyone, or those seen in the last so many days before today
(the server's days)."""


def seen_options() -> List[Tuple[str, str]]:
    return [(_("Everyone"), "all"), (_("Seen today"), "today"),
            (_("Seen in the last 7 days"), "week")]


def seen_since(report: ClassReport, which: str, now: datetime) -> ClassReport:
    """The report with only the learners seen since the start of the day ``SEEN[which]``
    days before ``now`` (the server's clock); the questions missed stay everyone's."""
    days = SEEN[which]
    if days is None:
        return report
    start = datetime.combine(now.astimezone().date() - timedelta(days=days), time(),
                             tzinfo=now.astimezone().tzinfo)
    return replace(report, learners=[r for r in report.learners
                                     if r.last_seen is not None and r.last_seen >= start])


ORDERS = {
    "name": lambda r: (r.name.casefold(),),
    "finished": lambda r: (len(r.finished), r.steps_done, r.name.casefold()),
    "first_try": lambda r: (-1.0 if r.first_try_share is None else r.first_try_share,
                            r.name.casefold()),
    "last_seen": lambda r: (r.last_seen.timestamp() if r.last_seen else float("-inf"),
                            r.name.casefold()),
}
"""How the teacher may order the learners: the ones who may need help come first."""


def order_options() -> List[Tuple[str, str]]:
    """The orders' words, for the menu."""
    return [(_("Name"), "name"), (_("Lessons finished (fewest first)"), "finished"),
            (_("Right first time (lowest first)"), "first_try"),
            (_("Last seen (longest ago first)"), "last_seen")]


def ordered(report: ClassReport, order: str) -> List[LearnerReport]:
    """The learners in ``order`` (a key of :data:`ORDERS`)."""
    return sorted(report.learners, key=ORDERS[order])


def _finished_cell(learner: LearnerReport) -> str:
    """How many lessons are finished, and their stars together."""
    n = len(learner.finished)
    if not n:
        return "0"
    stars = ngettext("{stars} of {most} star", "{stars} of {most} stars", MOST * n).format(
        stars=learner.star_count, most=MOST * n)
    return f'{n} <span class="spar-muted">({escape(stars)})</span>'


def _first_try_cell(learner: LearnerReport) -> str:
    """The share of questions right at the first try, and out of how many: "0% (0 of 1)"
    says little, "80% (16 of 20)" more."""
    share = share_text(learner.first_try_share)
    if not share:
        return "&ndash;"
    of = _("({right} of {questions})").format(right=learner.right_first,
                                              questions=learner.first_tries)
    return f'{share} <span class="spar-muted">{escape(of)}</span>'


def _now_on_cell(learner: LearnerReport, lessons: List[Any]) -> str:
    """The lesson begun and not finished that was answered last, with its steps done."""
    lesson = next((l for l in lessons if l.id == learner.now_on), None)
    if lesson is None:
        return "&ndash;"
    words = _("{number}. {title}: {done} of {steps} steps").format(
        number=lesson.number, title=lesson.title, done=learner.steps.get(lesson.id, 0),
        steps=len(lesson.steps))
    others = sum(1 for l in learner.steps if l not in learner.finished) - 1
    if others > 0:
        words += " " + ngettext("(and {n} more begun)", "(and {n} more begun)", others).format(
            n=others)
    return escape(words)


def _lesson_cell(learner: LearnerReport, lesson: Any) -> str:
    """One square of the grid: the stars of a finished lesson, the steps done of a lesson
    begun, nothing for one not begun."""
    if lesson.id in learner.finished:
        return f'<td class="spar-grid-done">{stars_html(learner.stars.get(lesson.id, 0))}</td>'
    if lesson.id in learner.steps:
        done = learner.steps[lesson.id]
        words = escape(_("{done} of {steps} steps").format(done=done, steps=len(lesson.steps)),
                       quote=True)
        return (f'<td class="num spar-grid-begun" title="{words}">'
                f'<span role="img" aria-label="{words}">{done}/{len(lesson.steps)}</span></td>')
    return "<td></td>"


def same_learner(name: str, other: Optional[str]) -> bool:
    """Whether ``name`` is the learner ``other`` (any case or spacing)."""
    return other is not None and learner_key(name) == learner_key(other)


def _name_cell(learner: LearnerReport, me: Optional[str]) -> str:
    name = escape(learner.name)
    if same_learner(learner.name, me):
        name += " " + escape(_("(you)"))
    return f'<th scope="row">{name}</th>'


def learners_table(report: ClassReport, lessons: List[Any], me: Optional[str] = None,
                   order: str = "name") -> str:
    """Every learner, one row each (the teacher's own, ``me``, marked "(you)")."""
    if not report.learners:
        nobody = escape(_("Nobody has answered a question yet."))
        return f'<p class="spar-muted">{nobody}</p>'
    headings = [_("Learner"), _("Lessons finished"), _("Now on"),
                _("Right first time"), _("Puzzles solved / tried"), _("Puzzle rating"),
                _("Last seen")]
    from ...learning.rating import START

    rating_about = _("How well they solve puzzles. Everyone starts at {start}; the first go "
                     "at each puzzle moves it.").format(start=number(round(START.rating)))
    titles = {headings[5]: f' title="{escape(rating_about, quote=True)}"'}
    head_row = "".join(f'<th scope="col"{titles.get(h, "")}>{escape(h)}</th>' for h in headings)
    rows = []
    for r in ordered(report, order):
        values = [(True, _finished_cell(r)), (False, _now_on_cell(r, lessons)),
                  (True, _first_try_cell(r)),
                  (True, f"{r.puzzles_solved} / {r.puzzles_tried}"),
                  (True, "&ndash;" if r.rating is None else str(r.rating)),
                  (False, escape(when_text(r.last_seen)) or "&ndash;")]
        cells = [_name_cell(r, me)] + [
            f'<td{NUM if num else ""} data-label="{escape(head, quote=True)}">{value}</td>'
            for head, (num, value) in zip(headings[1:], values)]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    # on a phone each learner is a card, each figure under its column's name
    return (f'<table class="spar-ref-table spar-class-table spar-stack" data-order="{order}">'
            f"<thead><tr>{head_row}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def lessons_grid(report: ClassReport, lessons: List[Any], me: Optional[str] = None,
                 order: str = "name") -> str:
    """Learners down, lessons across: each lesson's stars once finished, its steps done
    while begun; the last row counts who finished each lesson."""
    if not report.learners:
        return ""
    heads = "".join(f'<th scope="col" class="num" title="{escape(l.title, quote=True)}">'
                    f"{l.number}</th>" for l in lessons)
    rows = [f"<tr>{_name_cell(r, me)}{''.join(_lesson_cell(r, l) for l in lessons)}</tr>"
            for r in ordered(report, order)]
    others = [r for r in report.learners if not same_learner(r.name, me)]
    counts = "".join(f'<td class="num">{sum(1 for r in others if l.id in r.finished)}</td>'
                     for l in lessons)
    finished_by = escape(_("Finished by"))
    total = f'<tr class="spar-grid-total"><th scope="row">{finished_by}</th>{counts}</tr>'
    caption = escape(_("Stars: the lesson is finished. 3/13: begun, 3 of its 13 steps done. "
                       "Empty: not begun yet. The last row counts the learners who finished "
                       "each lesson. Point at a lesson's number to see its name."))
    corner = escape(_("Learner"))
    return (f'<p class="spar-muted">{caption}</p>'
            f'<table class="spar-ref-table spar-class-grid" data-order="{order}">'
            f'<thead><tr><th scope="col">{corner}</th>{heads}</tr></thead><tbody>'
            f"{''.join(rows)}{total}</tbody></table>")


def missed_html(report: ClassReport, lessons: List[Any]) -> str:
    """The questions most often missed: a chart, and the same as a list."""
    if not report.missed:
        none = escape(_("No question has been missed yet."))
        return f'<p class="spar-muted">{none}</p>'
    labels = [question_label(lessons, m.lesson, m.step) for m in report.missed]
    title = _("Questions most often missed")
    chart = missed_chart(labels, [m.learners for m in report.missed], title,
                         _("learners who missed it"))
    items = "".join(f"<li>{escape(missed_sentence(label, m))}</li>"
                    for label, m in zip(labels, report.missed))
    return (f"<h3>{escape(title)}</h3>"
            f'<div class="spar-class-chart">{chart}</div><ul>{items}</ul>')
