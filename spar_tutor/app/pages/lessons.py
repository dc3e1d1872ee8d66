"""Lessons: the list of lessons with the learner's progress, and the lesson player."""

from __future__ import annotations

from html import escape
from typing import Any, Dict, List, Optional, Set

import ipywidgets as widgets

from .. import course
from ..guard import guarded
from ..route import Route
from ...store.records import CHECKPOINT as CHECKPOINT_ID
from .pending import missing, notice
from ...i18n import N_, _, ngettext

#: What a link calls the checkpoint quiz: ``?page=lessons&lesson=checkpoint``.
CHECKPOINT = "checkpoint"

INTRO = N_("<h2>Lessons</h2><p>Short lessons, each 5 to 10 minutes: one idea at a time, "
           "and you try each one yourself. Start with lesson 1, or jump to any lesson.</p>")


class LessonsPage(widgets.VBox):
    """``?page=lessons&lesson=7`` opens lesson 7 (by number, or by id such as ``07_dry_wet``)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.player: Optional[widgets.Widget] = None
        self.opened: Optional[str] = None
        if missing("spar_tutor.lessons"):
            self.available = False
            super().__init__([notice(_("Lessons"), _("The lessons are not installed on this "
                                                     "server."),
                                     _("Meanwhile, the Rules page explains the game."))])
            return
        self.available = True
        self.note = widgets.HTML()
        self.rows = widgets.VBox()
        self.listing = widgets.VBox([widgets.HTML(_(INTRO)), self.note, self.rows])
        self.back = widgets.Button(description=_("All lessons"),
                                   tooltip=_("Back to the list of lessons"))
        self.back.add_class("spar-secondary")
        self.back.on_click(guarded(app.say)(lambda _: self.show_list()))
        self.stage = widgets.VBox()
        super().__init__([self.listing, self.stage])
        app.on_learner(lambda learner: self.show_list())
        self.show_list()

    # -- the list -------------------------------------------------------------------

    def show_list(self) -> None:
        """Show every lesson with the learner's progress."""
        if not self.available:
            return
        progress = self.app.progress()
        if self.app.learner is None:
            self.note.value = ('<p class="spar-muted">' + _(
                "Tip: type your name on Home and the tutor keeps your progress. You can also "
                "start right away.") + "</p>")
        else:
            done = len(progress.finished_lessons(l.id for l in course.playable())) \
                if progress else 0
            lessons = len(course.playable())
            self.note.value = "<p>" + ngettext(
                "{name}: {done} of {lessons} lesson finished.",
                "{name}: {done} of {lessons} lessons finished.", lessons).format(
                    name=escape(self.app.learner.name), done=done, lessons=lessons) + "</p>"
        suggested = course.suggested(progress)
        # the learner's answers and finished lessons in two reads, not four for each lesson
        answers = progress.all_answers() if progress else {}
        finished = set(progress.finished_lessons(
            getattr(l, "id", "") for l in course.all_lessons())) if progress else set()
        self.rows.children = [self._checkpoint_row(progress)] + [
            self._row(lesson, answers, finished, lesson is suggested)
            for lesson in course.all_lessons()]
        self.stage.children = ()
        self.listing.layout.display = "flex"
        self.player = None
        self.opened = None
        self.app.moved()

    def _row(self, lesson: Any, answers: Dict[str, List[Any]], finished: Set[str],
             suggested: bool = False) -> widgets.Widget:
        """A lesson's row: its button, and the learner's progress in it (from ``answers``,
        every answer by lesson, and the ``finished`` lessons)."""
        from ...lessons import BrokenLesson
        from ...lessons.mastery import lesson_stars
        from ...lessons.widget import stars_html

        if isinstance(lesson, BrokenLesson):
            repaired = _("Lesson {number} is being repaired and will be back soon.").format(
                number=lesson.number or "")
            return widgets.HTML(f'<p class="spar-muted">{repaired}</p>')
        steps = len(lesson.steps)
        given = answers.get(lesson.id, [])
        done = len({a.step for a in given if a.finished})
        stars = lesson_stars(lesson, given) if given else 0
        if lesson.id in finished:
            status = _("finished") + " &#10003;" + (" " + stars_html(stars) if stars else "")
        elif done:
            status = ngettext("{done} of {steps} step done", "{done} of {steps} steps done",
                              steps).format(done=done, steps=steps)
        else:
            status = ngettext("{steps} step", "{steps} steps", steps).format(steps=steps)
        b = widgets.Button(description=_("Lesson {number}: {title}").format(
            number=lesson.number, title=lesson.title), tooltip=lesson.summary)
        b.add_class("spar-lesson-btn")
        b.on_click(guarded(self.app.say)(lambda _, l=lesson: self.open_lesson(l)))
        about = ngettext("about {minutes} minute", "about {minutes} minutes",
                         lesson.minutes).format(minutes=lesson.minutes)
        nxt = " &middot; <b>" + _("suggested next") + "</b>" if suggested else ""
        info = widgets.HTML(f'<span class="spar-muted">{escape(lesson.summary)} '
                            f"&middot; {about} &middot; {status}{nxt}</span>",
                            layout=widgets.Layout(flex="1 1 320px"))
        if suggested:
            b.add_class("spar-primary")
        row = widgets.HBox([b, info])
        row.add_class("spar-row")
        row.add_class("spar-lesson-row")
        return row

    def _checkpoint_row(self, progress: Optional[Any]) -> widgets.Widget:
        """The checkpoint quiz: today's questions from the lessons taken, and how it went."""
        from ...lessons.mastery import lesson_stars
        from ...lessons.widget import stars_html

        quiz = course.checkpoint(progress)
        b = widgets.Button(description=_("Checkpoint"), tooltip=quiz.summary)
        b.add_class("spar-lesson-btn")
        b.add_class("spar-checkpoint-btn")
        b.on_click(guarded(self.app.say)(lambda _: self.open_checkpoint()))
        if quiz.everything:
            about = _("Test what you know: {questions} questions from all the lessons.")
        elif quiz.last == 1:
            about = _("Test what you know: {questions} questions from lesson {last}.")
        else:
            about = _("Test what you know: {questions} questions from lessons {first} to "
                      "{last}.")
        about = about.format(questions=len(quiz.steps), first=1, last=quiz.last)
        done = len(progress.done(quiz.id)) if progress else 0
        stars = lesson_stars(quiz, progress.answers(quiz.id)) if progress else 0
        if progress and progress.finished(quiz.id):
            status = _("done today") + " &#10003;" + (" " + stars_html(stars) if stars else "")
        elif done:
            status = _("{done} of {questions} answered today").format(
                done=done, questions=len(quiz.steps))
        else:
            status = _("new questions each day")
        info = widgets.HTML(f'<span class="spar-muted">{escape(about)} &middot; {status}</span>',
                            layout=widgets.Layout(flex="1 1 320px"))
        row = widgets.HBox([b, info])
        row.add_class("spar-row")
        row.add_class("spar-lesson-row")
        row.add_class("spar-checkpoint-row")
        return row

    def open_checkpoint(self, start: Optional[int] = None) -> None:
        """Show today's checkpoint quiz in the lesson player."""
        self.open_lesson(course.checkpoint(self.app.progress()), start=start)

    # -- a lesson -------------------------------------------------------------------

    def open_lesson(self, lesson: Any, start: Optional[int] = None) -> None:
        """Show the lesson player (where the learner left off, unless ``start`` is given)."""
        from ...lessons.widget import LessonPlayer

        self.player = LessonPlayer(lesson, self.app.progress(), start=start)
        self.player.on_move = lambda index: self.app.moved()
        self.player.on_practise = self._practise
        # at the end, the lesson to take next (after a checkpoint too: a way forward)
        self.player.next_lesson = lambda: course.suggested(self.app.progress())
        self.player.on_open_lesson = self.open_lesson
        self.opened = lesson.id
        self.listing.layout.display = "none"
        self.stage.children = (widgets.HBox([self.back]), self.player)
        self.app.moved()

    def _practise(self, lesson: Any) -> None:
        """"Practise this": the Puzzles page, with the lesson's puzzles."""
        self.app.go("puzzles", Route(page="puzzles", lesson=str(lesson.number)))

    def where(self) -> Route:
        """The lesson and step shown (numbers, as a learner would write them), or the list."""
        if self.player is None:
            return Route(page="lessons")
        run = self.player.run
        lesson = CHECKPOINT if run.lesson.id.startswith(CHECKPOINT_ID) else str(run.lesson.number)
        return Route(page="lessons", lesson=lesson, step=run.index + 1)

    def on_show(self) -> None:
        """From the navigation bar: the list, with up-to-date progress."""
        self.show_list()

    def show_route(self, route: Route) -> None:
        """Open the lesson a link names, at its step if it names one (the list, if it names
        none); an unknown lesson is said so, over the list."""
        if not self.available:
            return
        if not route.lesson:
            self.show_list()
            return
        start = route.step - 1 if route.step else None
        if route.lesson == CHECKPOINT:
            if self.player is not None and self.opened and self.opened.startswith(CHECKPOINT_ID) \
                    and start is not None:
                self.player.go_to(min(start, len(self.player.run.lesson.steps) - 1))
            else:
                self.open_checkpoint(start)
            return
        lesson = course.find_lesson(route.lesson)
        if lesson is None:
            self.show_list()
            self.app.say(_("There is no lesson {lesson}: here are all the lessons.").format(
                lesson=route.lesson))
            return
        if self.player is not None and self.opened == lesson.id and start is not None:
            self.player.go_to(min(start, len(lesson.steps) - 1))
        else:
            self.open_lesson(lesson, start=start)
