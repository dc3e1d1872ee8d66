"""The lesson player and the lesson menu (ipywidgets; all logic is in LessonRun, and
each step says what to show: :meth:`~spar_tutor.lessons.steps.StepRun.picture` and
:meth:`~spar_tutor.lessons.steps.StepRun.answers`).

>>> from spar_tutor.lessons import load_all
>>> player = LessonPlayer(load_all()[0])
>>> "Step 1 of 9" in player.label.value
True
"""

from __future__ import annotations

import functools
import logging
import random
from html import escape
from typing import Any, Callable, Dict, List, Optional, Set, Tuple, Union

import ipywidgets as widgets

from ..engine.cards import Card
from ..i18n import N_, _, ngettext
from ..learning.content import option_in_language
from ..render.glossary import glossary_html
from ..render.lesson import CSS
from ..render.text import card_symbols, md
from ..widgets.common import CSS as TABLE_CSS, ButtonPool, guarded
from ..widgets.hand import CARD_BUTTON, card_look
from .mastery import MOST, lesson_stars, stars_text
from .model import BrokenLesson, Lesson
from .progress import ProgressStore, next_to_take
from .run import LessonRun
from .steps import Answers, Feedback, Tool

log = logging.getLogger("spar_tutor.lessons")
#: Over a question missed earlier, when it comes back at the end of the lesson.
AGAIN_WORDS = N_("You missed this question the first time. Try it once more: the lesson is "
                 "finished when every question has been answered right.")
#: The same, for a question whose answer the learner took.
TAKEN_WORDS = N_("You took the answer to this question the first time. Try it once more on "
                 "your own: the lesson is finished when every question has been answered "
                 "right.")
SORRY = N_("Sorry, something went wrong with this step. Press Next to go on.")
#: The Hint button when the next hint is the answer: what taking it costs.
SHOW_ANSWER = N_("Show the answer (this question will come back)")


def _button(text: str, tooltip: str = "", **kw: Any) -> widgets.Button:
    return widgets.Button(description=text, tooltip=tooltip or text,
                          layout=widgets.Layout(width="auto"), **kw)


def stars_html(stars: int) -> str:
    """A lesson's stars, with words for a screen reader ("2 of 3 stars")."""
    words = ngettext("{stars} of {most} star", "{stars} of {most} stars", MOST).format(
        stars=stars, most=MOST)
    return (f"<span class='sp-stars' role='img' aria-label='{escape(words, quote=True)}' "
            f"title='{escape(words, quote=True)}'>{stars_text(stars)}</span>")


def lesson_name(lesson: Lesson) -> str:
    """"lesson 12, Giving up the lead on purpose"."""
    return _("lesson {number}, {title}").format(number=lesson.number, title=lesson.title)


class LessonPlayer(widgets.VBox):
    """One lesson, step by step: picture, question, answers, feedback, back/hint/next."""

    def __init__(self, lesson: Lesson, progress: Optional[ProgressStore] = None,
                 on_close: Optional[Callable[[], None]] = None, start: Optional[int] = None,
                 title: bool = True) -> None:
        """``title=False`` leaves out the lesson's title (a lesson notebook shows its own)."""
        self.run = LessonRun(lesson, progress, start)
        self.on_close = on_close
        #: The glossary terms the step on show has marked (each term once a page).
        self.seen: Set[str] = set()
        heading = f"<h3>{escape(lesson.heading)}</h3>" if title else ""
        self.heading = widgets.HTML(f"{TABLE_CSS}{CSS}{heading}")
        self.bar = widgets.IntProgress(min=0, max=self.run.total, description="",
                                       layout=widgets.Layout(width="260px"))
        self.label = widgets.HTML()
        self.text = widgets.HTML()  # the step's title and words
        self.picture = widgets.HTML()  # its table, deal or cards
        self.prompt = widgets.HTML()
        self.card_style = widgets.HTML()  # paints the card buttons
        self.answers = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        guard = guarded(self._sorry, sorry=SORRY, logger=log)
        self._cards = ButtonPool(guard, **CARD_BUTTON)
        self._choices = ButtonPool(guard, width="auto")
        self._tools = ButtonPool(guard, width="auto")
        self._tool_row, self._choice_row = widgets.HBox(), widgets.HBox()
        self._tools_box = widgets.VBox([self._tool_row, self._choice_row])
        self.answers.add_class("spar-hand-box")
        self.feedback = widgets.HTML()
        self.saving = widgets.HTML()  # says so when progress cannot be saved
        self.back_btn = _button(_("Back"), _("previous step"))
        self.hint_btn = _button(_("Hint"), _("a hint for this step"))
        self.retry_btn = _button(_("Start again"), _("start this step again"))
        self.next_btn = _button(_("Next"), _("next step"), button_style="primary")
        self._on_click(self.back_btn, self._back)
        self._on_click(self.hint_btn, self._hint)
        self._on_click(self.retry_btn, self._retry)
        self._on_click(self.next_btn, self._next)
        #: "Practise this: N puzzles", shown at the lesson's end when puzzles practise it.
        self.practise_btn = _button(_("Practise this"), _("puzzles about what this lesson "
                                                          "taught"), button_style="success")
        self.practise_btn.add_class("sp-practise")
        self._on_click(self.practise_btn, self._practise)
        self.practise_btn.layout.display = "none"
        #: "Go through it again", shown at the lesson's end: the lesson from its first step.
        self.again_btn = _button(_("Go through it again"),
                                 _("this lesson again, from its first step"))
        self._on_click(self.again_btn, self._again)
        self.again_btn.layout.display = "none"
        #: "Next lesson: 4. Winning a trick", shown at the lesson's end when
        #: :attr:`next_lesson` names one.
        self.next_lesson_btn = _button(_("Next lesson"), button_style="primary")
        self.next_lesson_btn.layout.display = "none"
        self._on_click(self.next_lesson_btn, self._open_next)
        #: Asked at the lesson's end: the lesson to suggest next (``None``: none); and
        #: what opens it (the app's Lessons page, or the notebook's menu).
        self.next_lesson: Optional[Callable[[], Optional[Lesson]]] = None
        self.on_open_lesson: Optional[Callable[[Lesson], None]] = None
        self._suggested: Optional[Lesson] = None
        nav = widgets.HBox([self.back_btn, self.hint_btn, self.retry_btn, self.next_btn,
                            self.next_lesson_btn, self.practise_btn, self.again_btn],
                           layout=widgets.Layout(flex_flow="row wrap"))
        #: What the end of the lesson hides (a step's question, its answers, its buttons).
        self._step_parts = [self.text, self.picture, self.prompt, self.answers,
                            self.back_btn, self.hint_btn, self.retry_btn, self.next_btn]
        #: The step: on a wide screen its table on the left and the rest on the right
        #: (the cards to click and the feedback stay in view); else one under the other.
        self.step_box = widgets.Box([self.text, self.picture, self.prompt, self.answers,
                                     self.feedback, self.saving, nav])
        self.step_box.add_class("sp-step")
        for part, area in ((self.text, "text"), (self.picture, "pic"), (self.prompt, "prompt"),
                           (self.answers, "answers"), (self.feedback, "feedback"),
                           (self.saving, "saving"), (nav, "nav")):
            part.add_class(f"sp-area-{area}")
        #: Called with the step's index whenever the learner moves to another step.
        self.on_move: Optional[Callable[[int], None]] = None
        #: Called with the lesson when "Practise this" is clicked (the app opens its Puzzles
        #: page); without it, the puzzles open here, under the lesson (a notebook).
        self.on_practise: Optional[Callable[[Lesson], None]] = None
        self.after = widgets.VBox()  # the puzzles, when opened under the lesson
        super().__init__([self.heading, widgets.HBox([self.bar, self.label]), self.card_style,
                          self.step_box, self.after])
        self.add_class("sp-lesson")
        self._show()

    # -- drawing ---------------------------------------------------------------------

    def _show(self, feedback: Optional[Feedback] = None, moved: bool = False) -> None:
        """Draw the current step (``moved``: the learner just came to it, so the keyboard
        focus goes to its heading)."""
        run, step, live = self.run, self.run.step, self.run.current
        self._ended(False)
        focus = ' tabindex="-1" data-spar-focus="1"' if moved else ' tabindex="-1"'
        title = card_symbols(escape(step.title or run.label))
        self.seen = set()
        self.text.value = (f"<h4 class='sp-step-title'{focus}>{title}</h4>"
                           + glossary_html(md(step.text), self.seen))
        picture = live.picture()
        self.picture.value = picture
        if "spar-felt" in picture:
            self.step_box.add_class("sp-has-table")
        else:
            self.step_box.remove_class("sp-has-table")
        self.prompt.value = ("<div class='sp-prompt'><b>"
                             + glossary_html(md(step.prompt), self.seen) + "</b></div>"
                             if step.prompt else "")
        self.answers.children = self._answer_widgets(live.answers())
        done = run.index in run.done and run.again is None  # back once more: not ticked
        self.bar.value = len(run.done)
        self.label.value = (f"&nbsp; <b>{run.label}</b>" + (" &#10003;" if done else "")
                            + " &middot; " + _("{done} of {steps} done").format(
                                done=len(run.done), steps=run.total))
        self.back_btn.disabled = run.index == 0 or run.again is not None
        self.next_btn.disabled = not run.can_go_on
        self.retry_btn.layout.display = "" if live.can_retry else "none"
        self.hint_btn.layout.display = "" if step.is_question else "none"  # a text to read
        self._hint_label()
        last = (not run.again if run.again is not None
                else run.index + 1 == run.total and not run.to_come_back())
        self.next_btn.description = _("Finish") if last else _("Next")
        notice = run.saving_notice
        self.saving.value = (f"<div class='sp-feedback-hint' role='status'>{notice}</div>"
                             if notice else "")
        if feedback is not None:
            css = "sp-feedback-right" if feedback.correct else "sp-feedback-wrong"
            self.feedback.value = (f"<div class='{css}' role='status'>"
                                   + self._words(feedback.text) + "</div>")
        elif moved and run.again is not None and step.is_question:
            again = TAKEN_WORDS if run.index in run.taken else AGAIN_WORDS
            self.feedback.value = ("<div class='sp-feedback-hint' role='status'>"
                                   + escape(_(again)) + "</div>")
        elif moved and run.notice:
            self.feedback.value = ("<div class='sp-feedback-hint' role='status'>"
                                   + self._words(run.notice) + "</div>")
        if moved and self.on_move is not None:
            self.on_move(run.index)

    def _answer_widgets(self, answers: Answers) -> List[widgets.Widget]:
        """The step's answers as buttons: its cards, or its choices under its tools (the
        buttons drawn before, redrawn: see :class:`ButtonPool`)."""
        looks = [self._card_look(c, c in answers.found) for c in answers.cards]
        cards = self._cards.draw((str(card), functools.partial(self._answer, str(card)), look)
                                 for card, (_rule, look) in zip(answers.cards, looks))
        answered = list(answers.choices)
        if self.run.again is not None and len(answered) > 1:  # in another order this time
            shift = 1 + random.Random(f"{self.run.lesson.id}:{self.run.index}").randrange(
                len(answered) - 1)
            answered = answered[shift:] + answered[:shift]
        choices = self._choices.draw(
            (text, functools.partial(self._answer, value),
             {"description": card_symbols(option_in_language(text, self.run.step.options))})
            for text, value in answered)
        self._tool_row.children = self._tools.draw(
            (tool.label, functools.partial(self._use, tool),
             {"description": tool.label, "disabled": tool.disabled}) for tool in answers.tools)
        self._choice_row.children = choices if answers.tools else ()
        rules = "\n".join(rule for rule, _look in looks)
        self.card_style.value = f"<style>{rules}</style>" if looks else ""
        if cards:  # a choice beside the cards ("Show the under card") comes first
            return (choices if not answers.tools else []) + cards
        return [self._tools_box] if answers.tools else choices

    def _use(self, tool: Tool) -> None:
        tool.act()
        if tool.fresh:
            self.feedback.value = ""
        self._show()

    @staticmethod
    def _card_look(card: Card, found: bool) -> Tuple[str, Dict[str, Any]]:
        """A card to click: its picture is the button (as in Play and Puzzles)."""
        tip = _("{card}: chosen").format(card=card.name) if found else card.name
        return card_look(card, tip, selected=found)

    def _on_click(self, button: widgets.Button, fn: Callable[[], Any]) -> None:
        """Run ``fn`` when the button is clicked; an error is logged and the learner
        reads SORRY (the widgets' guard)."""
        button.on_click(guarded(self._sorry, sorry=SORRY, logger=log)(lambda _: fn()))

    def _sorry(self, message: str) -> None:
        self.feedback.value = f"<div class='sp-feedback-wrong'>{message}</div>"

    def _words(self, text: str) -> str:
        """Feedback as HTML: the glossary marks the terms the step's text did not."""
        return glossary_html(md(text), set(self.seen))

    # -- actions -------------------------------------------------------------------

    def _answer(self, value: Any) -> None:
        self._show(self.run.answer(value))

    def _hint(self) -> None:
        hint = _("**Hint:** {hint}").format(hint=self.run.hint())
        self.feedback.value = f"<div class='sp-feedback-hint'>{self._words(hint)}</div>"
        self._hint_label()
        self.next_btn.disabled = not self.run.can_go_on

    def _hint_label(self) -> None:
        """"Hint", or, when the next hint is the answer, what taking it costs."""
        self.hint_btn.description = (_(SHOW_ANSWER) if self.run.answer_next else _("Hint"))

    def _retry(self) -> None:
        self.run.retry()
        self.feedback.value = ""
        self._show()

    def _next(self) -> None:
        self.feedback.value = ""
        if not self.run.next():
            self._finish()
            return
        self._show(moved=True)

    def _back(self) -> None:
        self.feedback.value = ""
        self.run.back()
        self._show(moved=True)

    def go_to(self, index: int) -> None:
        """Show step ``index`` (0-based; the app's Back and Forward, a link's step)."""
        if index != self.run.index:
            self.feedback.value = ""
            self.run.goto(index)
            self._show(moved=True)

    def _finish(self) -> None:
        """The end of the lesson: its result alone, with what to do next (the last
        question and its answers are put away)."""
        run = self.run
        left = run.total - len(run.done)
        more = "" if not left else "<br>" + escape(ngettext(
            "{left} step still has a question waiting for you.",
            "{left} steps still have a question waiting for you.", left).format(left=left))
        self._show()
        self._ended(True)
        end = escape(run.lesson.end_words(run.right_first))
        stars = run.stars
        if stars:
            key = escape(_("1 star: every question right in the end. 2 stars: two in three "
                           "right at the first try. 3 stars: all right at the first try."))
            more = f" {stars_html(stars)}{more}<br><small>{key}</small>"
        self.feedback.value = (f"<div class='sp-feedback-right sp-lesson-end' role='status'>"
                               f"<b>{end}</b>{more}</div>")
        self.label.value = "&nbsp; <b>" + escape(_("Lesson over")) + "</b> &middot; " + _(
            "{done} of {steps} done").format(done=len(run.done), steps=run.total)
        practice = len(run.lesson.practice_puzzles)
        if practice:
            self.practise_btn.description = ngettext(
                "Practise this: {count} puzzle", "Practise this: {count} puzzles",
                practice).format(count=practice)
            self.practise_btn.layout.display = ""
        self._suggested = self.next_lesson() if self.next_lesson is not None else None
        if self._suggested is not None and self.on_open_lesson is not None:
            back = self._suggested.number < run.lesson.number  # round to one left behind
            self.next_lesson_btn.description = (
                _("A lesson still to finish: {number}. {title}") if back
                else _("Next lesson: {number}. {title}")).format(
                    number=self._suggested.number, title=self._suggested.title)
            self.next_lesson_btn.tooltip = self._suggested.summary
            self.next_lesson_btn.layout.display = ""
        if self.on_close is not None:
            self.on_close()

    def _open_next(self) -> None:
        if self._suggested is not None and self.on_open_lesson is not None:
            self.on_open_lesson(self._suggested)

    def _ended(self, ended: bool) -> None:
        """Show the end of the lesson (True) or a step (False)."""
        for part in self._step_parts:
            part.layout.display = "none" if ended else ""
        self.again_btn.layout.display = "" if ended else "none"
        if ended:
            self.step_box.remove_class("sp-has-table")
        else:
            self.practise_btn.layout.display = self.next_lesson_btn.layout.display = "none"

    def _again(self) -> None:
        """The lesson again from its first step (what was learnt stays saved)."""
        self.run = LessonRun(self.run.lesson, self.run.progress, start=0)
        self.bar.max = self.run.total
        self.feedback.value = ""
        self.after.children = []
        self._show(moved=True)

    def _practise(self) -> None:
        """Open the puzzles that practise the lesson: the app's Puzzles page, or here."""
        lesson = self.run.lesson
        if self.on_practise is not None:
            self.on_practise(lesson)
            return
        from ..puzzles.widget import PuzzlePlayer

        progress = self.run.progress
        player = PuzzlePlayer(learner=progress.learner if progress else None)
        if not player.practise(lesson_name(lesson), list(lesson.practice_puzzles)):
            self._sorry(_("The puzzles for this lesson could not be loaded. Try the "
                          "puzzles notebook."))
            return
        self.practise_btn.layout.display = "none"
        self.after.children = [player]


class LessonMenu(widgets.VBox):
    """Every lesson with done marks, "continue where you left off", and broken
    lessons shown with what is wrong. Asks the learner's name if it is not known."""

    def __init__(self, lessons: List[Union[Lesson, BrokenLesson]], user: Optional[str] = None,
                 store: Any = None, open_id: Optional[str] = None) -> None:
        self.lessons = lessons
        self.store = store
        self.open_id = open_id
        self.progress: Optional[ProgressStore] = None
        super().__init__()
        self.add_class("sp-lesson")
        if user:
            self.sign_in(user)
        else:
            self._ask_name()

    def _ask_name(self) -> None:
        name = widgets.Text(placeholder=_("your name"), description=_("Learner:"))
        go = _button(_("Start"), button_style="primary")
        note = widgets.HTML(CSS + _("Type your name so that your progress is kept for you."))

        def start(_click: Any) -> None:
            if name.value.strip():
                self.sign_in(name.value)
            else:
                note.value = CSS + "<b>" + escape(_("Please type your name first.")) + "</b>"

        go.on_click(start)
        self.children = [note, widgets.HBox([name, go])]

    def sign_in(self, user: str) -> None:
        self.progress = ProgressStore(user, self.store)
        chosen = [l for l in self.lessons if l.id == self.open_id]
        if chosen and isinstance(chosen[0], Lesson):
            self.open_lesson(chosen[0], title=False)  # its notebook has the title
        else:
            self.show_menu()

    def show_menu(self) -> None:
        p = self.progress
        assert p is not None
        title = _("Spar lessons for {learner}").format(learner=escape(p.learner))
        rows: List[widgets.Widget] = [widgets.HTML(f"{CSS}<h3>{title}</h3>")]
        b = self._continue_button()
        if b is not None:
            rows.append(b)
        for lesson in self.lessons:
            rows.append(self._row(lesson))
        self.children = rows

    def _next_after(self) -> Optional[Lesson]:
        """The first lesson not finished after the last one opened (else before it)."""
        p = self.progress
        assert p is not None
        lessons = [l for l in self.lessons if isinstance(l, Lesson)]
        return next_to_take(lessons, set(p.finished_lessons(l.id for l in lessons)), p.last)

    def _continue_button(self) -> Optional[widgets.Button]:
        """Back to the step the learner left, or on to the next lesson not finished."""
        p = self.progress
        assert p is not None
        lessons = [l for l in self.lessons if isinstance(l, Lesson)]
        last = next((l for l in lessons if l.id == p.last), None)
        if last is None:
            return None
        if not p.finished(last.id):
            text = _("Continue where you left off: lesson {number}, step {step}").format(
                number=last.number, step=p.at(last.id) + 1)
            target = last
        else:
            following = self._next_after()
            if following is None:
                return None
            target = following
            text = _("Next lesson: {number}. {title}").format(number=target.number,
                                                              title=target.title)
        b = _button(text, button_style="success")
        b.layout.align_self = "flex-start"
        b.on_click(lambda _: self.open_lesson(target))
        return b

    def _row(self, lesson: Union[Lesson, BrokenLesson]) -> widgets.Widget:
        if isinstance(lesson, BrokenLesson):
            problems = "".join(f"<li>{escape(str(pr))}</li>" for pr in lesson.problems[:5])
            broken = _("{title}: this lesson could not be loaded.").format(
                title=f"<b>{escape(lesson.title)}</b>")
            return widgets.HTML(f"<div class='sp-broken'>{broken}<ul>{problems}</ul></div>")
        p = self.progress
        assert p is not None
        done = len(p.done(lesson.id))
        mark = "&#10003; " if p.finished(lesson.id) else ""
        stars = lesson_stars(lesson, p.answers(lesson.id))
        mark += stars_html(stars) + " " if stars else ""
        b = _button(_("Lesson {number}: {title}").format(number=lesson.number, title=lesson.title),
                    lesson.summary)
        b.layout.width = "340px"
        b.on_click(lambda _: self.open_lesson(lesson))
        # Translators: the same English for every count; the form follows {done}, the
        # steps done ("1 étape sur 9", "3 étapes sur 9").
        steps = ngettext("{done} of {steps} steps &middot; about {minutes} minutes",
                         "{done} of {steps} steps &middot; about {minutes} minutes", done).format(
            done=done, steps=len(lesson.steps), minutes=lesson.minutes)
        info = widgets.HTML(f"&nbsp;{mark}{steps}")
        return widgets.HBox([b, info])

    def open_lesson(self, lesson: Lesson, title: bool = True) -> None:
        menu = _button(_("All lessons"))
        menu.layout.align_self = "flex-start"
        player = LessonPlayer(lesson, self.progress, title=title)
        player.next_lesson = self._next_after
        player.on_open_lesson = self.open_lesson
        menu.on_click(lambda _: self.show_menu())
        self.children = [menu, player]


def lesson_widget(lesson_id: Optional[str] = None, user: Optional[str] = None,
                  folder: Any = None, store: Any = None) -> widgets.Widget:
    """The menu of every lesson, or one lesson's player (a broken one shows its problems).
    ``user`` defaults to the signed-in user (JupyterHub); else the learner is asked.
    ``store``: the progress database (:class:`~spar_tutor.store.Store`; default this
    server's)."""
    from .loader import load_all
    from ..learning.progress import current_user

    lessons = load_all(folder)
    user = user or current_user()
    if lesson_id is None:
        return LessonMenu(lessons, user, store)
    if not any(l.id == lesson_id for l in lessons):
        missing = _("No lesson called {lesson}.").format(lesson=escape(lesson_id))
        return widgets.HTML(f"<div class='sp-broken'>{missing}</div>")
    return LessonMenu(lessons, user, store, open_id=lesson_id)
