"""Class: how every learner is doing, for the teacher (opened only with the teacher's key,
or by a JupyterHub admin: :mod:`spar_tutor.app.teacher`).

A table of the learners (each lesson finished, with its stars, or its steps done; right
at the first try, puzzles, rating, last seen), a chart of the questions most often missed, and the same table as a CSV
file to download (what ``spar-tutor class report --csv`` prints).
"""

from __future__ import annotations

import base64
import logging
from html import escape
from typing import Any, List, Optional

import ipywidgets as widgets

from ...classroom import class_report, lesson_columns, missed_sentence, question_label
from ...i18n import _, ngettext
from ...lessons.widget import stars_html
from ...render.charts import missed_chart
from ...store import StoreError, learner_key
from ...store.report import ClassReport, LearnerReport, share_text, to_csv, when_text
from .. import course
from ..guard import guarded
from ..route import Route

log = logging.getLogger("spar_tutor.app")

CSV_NAME = "spar-tutor-class.csv"


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
        top = widgets.HBox([self.refresh, self.download])
        top.add_class("spar-row")
        heading = "<h2>" + escape(_("Class")) + "</h2>"
        super().__init__([widgets.HTML(heading), self.summary, top, self.table, self.chart])
        self.add_class("spar-class")
        self.redraw()

    def show_route(self, route: Route) -> None:
        self.redraw()

    def on_show(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Read the report again and draw it."""
        lessons = course.playable()
        try:
            report = class_report(lessons=lessons)
        except StoreError as e:
            log.warning("the class report cannot be read: %s", e)
            unreadable = _("The progress database cannot be read right now, so the class "
                           "report cannot be shown.")
            self.summary.value = f'<p role="status">{escape(unreadable)}</p>'
            self.table.value = self.chart.value = self.download.value = ""
            return
        me = self.app.learner.name if self.app.learner is not None else None
        n = sum(1 for r in report.learners if not same_learner(r.name, me))
        summary = ngettext("{n} learner has used the tutor.", "{n} learners have used the tutor.",
                           n).format(n=n)
        if n < len(report.learners):
            summary += " " + _("Your own row, marked (you), is not counted.")
        self.summary.value = "<p>" + escape(summary) + "</p>"
        self.table.value = learners_table(report, lessons, me)
        self.chart.value = missed_html(report, lessons)
        data = base64.b64encode(to_csv(report, lesson_columns(lessons)).encode("utf-8"))
        words = escape(_("Download the report (CSV)"))
        self.download.value = (f'<a class="spar-download" download="{CSV_NAME}" '
                               f'href="data:text/csv;charset=utf-8;base64,{data.decode("ascii")}">'
                               f"{words}</a>")


def _lessons_cell(learner: LearnerReport, lessons: List[Any]) -> str:
    """Each lesson begun: finished with its stars, or how many of its steps are done."""
    parts = []
    for lesson in lessons:
        done = learner.steps.get(lesson.id, 0)
        if lesson.id in learner.finished:
            stars = learner.stars.get(lesson.id, 0)
            parts.append(escape(_("{number} finished").format(number=lesson.number))
                         + (" " + stars_html(stars) if stars else ""))
        elif lesson.id in learner.steps:  # begun, even if no step is done yet
            parts.append(escape(_("{number}: {done} of {steps} steps").format(
                number=lesson.number, done=done, steps=len(lesson.steps))))
    return ", ".join(parts) or "&ndash;"


def same_learner(name: str, other: Optional[str]) -> bool:
    """Whether ``name`` is the learner ``other`` (any case or spacing)."""
    return other is not None and learner_key(name) == learner_key(other)


def learners_table(report: ClassReport, lessons: List[Any], me: Optional[str] = None) -> str:
    """Every learner, one row each (the teacher's own, ``me``, marked "(you)")."""
    if not report.learners:
        nobody = escape(_("Nobody has answered a question yet."))
        return f'<p class="spar-muted">{nobody}</p>'
    headings = [_("Learner"), _("Lessons (by number)"), _("Steps done"),
                _("Right at the first try"), _("Puzzles solved / tried"), _("Puzzle rating"),
                _("Last seen")]
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headings)
    rows = []
    for r in report.learners:
        name = escape(r.name)
        if same_learner(r.name, me):
            name += " " + escape(_("(you)"))
        cells = [f'<th scope="row">{name}</th>', f"<td>{_lessons_cell(r, lessons)}</td>",
                 f'<td class="num">{r.steps_done}</td>',
                 f'<td class="num">{share_text(r.first_try_share) or "&ndash;"}</td>',
                 f'<td class="num">{r.puzzles_solved} / {r.puzzles_tried}</td>',
                 f'<td class="num">{"&ndash;" if r.rating is None else r.rating}</td>',
                 f"<td>{escape(when_text(r.last_seen)) or '&ndash;'}</td>"]
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (f'<table class="spar-ref-table spar-class-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def missed_html(report: ClassReport, lessons: List[Any]) -> str:
    """The questions most often missed: a chart, and the same as a list."""
    if not report.missed:
        none = escape(_("No question has been missed yet."))
        return f'<p class="spar-muted">{none}</p>'
    labels = [question_label(lessons, m.lesson, m.step) for m in report.missed]
    title = _("Questions most often missed")
    chart = missed_chart(labels, [m.wrong for m in report.missed], title, _("wrong answers"))
    items = "".join(f"<li>{escape(missed_sentence(label, m))}</li>"
                    for label, m in zip(labels, report.missed))
    return (f"<h3>{escape(title)}</h3>"
            f'<div class="spar-class-chart">{chart}</div><ul>{items}</ul>')
