"""Home: what Spar is, who is learning, and one click to a lesson, a game or a puzzle."""

from __future__ import annotations

from datetime import date
from html import escape
from typing import Any, Collection, List, Mapping, Optional, Set, Tuple
from urllib.parse import quote

import ipywidgets as widgets

from ...engine.cards import parse_cards
from ...i18n import N_, _, ngettext
from ...learning.progress import run_of_days
from ...render import hand_svg
from ..guard import guarded
from ..learner import Learner, check_name
from ..route import Route

WELCOME = N_("""
<h1>Akwaaba! Learn to play Spar</h1>
<p>Spar is the card game of Ghana and its neighbours: each player puts down one card per
trick, and whoever holds a card in the led suit has to play one. Only the last trick scores,
and a low card scores best there: take it with a 6 for 3 points, with a 7 for 2.</p>
""")


def _hero() -> str:
    svg = hand_svg(parse_cards("6S 7H 9D KC 6H"), width_per_card=78, overlap=0.3)
    return f'<div class="spar-hero-cards">{svg}</div>'


def _button(text: str, css: str, tooltip: str = "") -> widgets.Button:
    b = widgets.Button(description=text, tooltip=tooltip or text)
    b.add_class(css)
    return b


def today() -> date:
    """Today on the server's calendar (the test-only clock of the review schedule moves it)."""
    from ...learning.review import now

    return now().astimezone().date()


def course_path(lessons: List[Any], answers: Mapping[str, List[Any]],
                finished: Collection[str], heading: Optional[str] = None) -> str:
    """The lessons as a row of numbered badges: finished (with its stars), begun, or not
    yet, so that the learner sees the whole course and where they are in it (under
    ``heading``: "Your lessons" by default)."""
    from ...lessons.mastery import MOST, lesson_stars, stars_text

    badges = []
    for lesson in lessons:
        if lesson.id in finished:
            stars = lesson_stars(lesson, answers.get(lesson.id, []))
            state, mark = "done", f'<span class="spar-path-stars">{stars_text(stars)}</span>'
            words = ngettext("Lesson {number}: finished, {stars} of {most} star",
                             "Lesson {number}: finished, {stars} of {most} stars", MOST).format(
                number=lesson.number, stars=stars, most=MOST)
        elif answers.get(lesson.id):
            state, mark = "begun", ""
            words = _("Lesson {number}: begun").format(number=lesson.number)
        else:
            state, mark = "todo", ""
            words = _("Lesson {number}: not begun yet").format(number=lesson.number)
        label = escape(f"{words}. {lesson.title}", quote=True)
        badges.append(f'<li class="spar-path-{state}" title="{label}" aria-label="{label}">'
                      f'<span class="spar-path-number">{lesson.number}</span>{mark}</li>')
    title = escape(_("Your lessons") if heading is None else heading)
    return (f'<p class="spar-path-heading">{title}</p>'
            f'<ol class="spar-path">{"".join(badges)}</ol>')


def practice_text(days: Set[date], on: date) -> str:
    """The learner's run of days in a row, and a reason to come back tomorrow ("" for no
    run: nothing to say yet)."""
    run, today_too = run_of_days(days, on)
    if run == 0:
        return ""
    if today_too:
        if run == 1:
            return _("You practised today. Come back tomorrow: two days in a row!")
        return ngettext("You have practised {run} day in a row. Come back tomorrow to make "
                        "it {next}!",
                        "You have practised {run} days in a row. Come back tomorrow to make "
                        "it {next}!", run).format(run=run, next=run + 1)
    if run == 1:
        return _("You practised yesterday. Practise today: two days in a row!")
    return ngettext("You practised {run} day in a row, up to yesterday. Practise today to "
                    "make it {next}!",
                    "You practised {run} days in a row, up to yesterday. Practise today to "
                    "make it {next}!", run).format(run=run, next=run + 1)


def puzzle_words(solved: int, rating: Optional[int]) -> str:
    """"Puzzles solved: 3. Puzzle rating: 812." (the rating once there is one)."""
    said = _("Puzzles solved: {solved}.").format(solved=solved)
    if rating is not None:
        said += " " + _("Puzzle rating: {rating}.").format(rating=rating)
    return said


def progress_html(progress: Any, lessons: List[Any], finished: Set[str],
                  on: date) -> Tuple[str, bool]:
    """What the learner has done: the course as badges (with what they mean), the lessons
    finished (``finished``: their ids), the stars, the puzzles and the days in a row.
    Before the first answer, only the badges: the whole course, waiting. With it, whether
    the learner has done anything yet."""
    from ...lessons.mastery import MOST, lesson_stars
    from ...puzzles.progress import PuzzleProgress

    answers = progress.all_answers()
    key = escape(_("Green: finished, with its stars (up to 3). Dashed: begun. "
                   "White: not begun yet."))
    path = (course_path(lessons, answers, finished)
            + f'<p class="spar-path-key spar-muted">{key}</p>')
    puzzles = PuzzleProgress(progress.learner, progress.store)
    solved, rating = len(puzzles.solved_ids()), puzzles.rating
    if not answers and not solved and rating is None:
        return path, False
    lines = []
    if finished:
        stars = sum(lesson_stars(l, answers.get(l.id, [])) for l in lessons if l.id in finished)
        lines.append(ngettext("You have finished {done} of {lessons} lesson.",
                              "You have finished {done} of {lessons} lessons.",
                              len(lessons)).format(done=len(finished), lessons=len(lessons)))
        lines.append(ngettext("Stars: {stars} (a lesson gives up to {most}).",
                              "Stars: {stars} (a lesson gives up to {most}).", MOST).format(
            stars=stars, most=MOST))
    if solved or rating is not None:
        lines.append(puzzle_words(solved, rating))
    practice = practice_text(progress.practice_days(on), on)
    if practice:
        lines.append(practice)
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return path + (f'<ul class="spar-progress-lines">{items}</ul>' if items else ""), True


class HomePage(widgets.VBox):
    """The first screen. Its "Start lesson 1" button is what the app's benchmark waits for."""

    def __init__(self, app: Any) -> None:
        self.app = app
        safe = guarded(app.say)
        self.start = _button(_("Start lesson 1"), "spar-primary", _("Begin the first lesson"))
        self.resume = _button(_("Continue"), "spar-primary", _("Go back to where you stopped"))
        self.resume.layout.display = "none"
        self.play = _button(_("Play a game"), "spar-gold", _("Play Spar against computer players"))
        self.puzzles = _button(_("Try a puzzle"), "spar-secondary", _("Solve a Spar puzzle"))
        self.rules = _button(_("Read the rules"), "spar-secondary", _("The rules and the scoring"))
        #: Where "Start lesson 1" goes: lesson 1, or once a lesson is finished the suggested
        #: next lesson (the button then says "Next lesson: 4. Winning a trick").
        self._start_route = Route(page="lessons", lesson="1")
        self.start.on_click(safe(lambda _: app.go("lessons", self._start_route)))
        self.play.on_click(safe(lambda _: app.go("play")))
        self.puzzles.on_click(safe(lambda _: app.go("puzzles")))
        self.rules.on_click(safe(lambda _: app.go("rules")))
        self.resume.on_click(safe(lambda _: self._continue()))
        self.review = _button("", "spar-gold", _("Questions and puzzles you missed, once more"))
        self.review.layout.display = "none"
        self.review.add_class("spar-review")
        self.review.on_click(safe(lambda _: self._open_review()))
        self._resume_route: Optional[Route] = None
        self._returning = False  # the learner has done something: "Welcome back"

        self.greeting = widgets.HTML()
        self.name = widgets.Text(placeholder=_("Your first name"), description=_("Your name:"),
                                 continuous_update=False,
                                 layout=widgets.Layout(width="320px"))
        self.name.style.description_width = "initial"
        self.save_name = _button(_("That's me"), "spar-secondary",
                                 _("Keep my progress under this name"))
        self.save_name.on_click(safe(lambda _: self._set_name()))
        self._showing_kept = False  # set while the box is given the kept name
        self.name.observe(safe(lambda _: self._set_name()), names="value")  # Enter or leaving the box
        self.who = widgets.HBox([self.name, self.save_name])
        self.who.add_class("spar-row")
        self.progress = widgets.HTML()
        self.language = app.language_switch()
        languages = widgets.HBox([widgets.HTML('<span class="spar-language-label">'
                                               + escape(_("Language of the tutor:")) + "</span>"),
                                  self.language])
        languages.add_class("spar-row")
        actions = widgets.HBox([self.review, self.resume, self.start, self.play, self.puzzles, self.rules])
        actions.add_class("spar-row")
        learner_box = widgets.VBox([self.greeting, self.who, self.progress, languages])
        learner_box.add_class("spar-panel-box")
        top = f'<div class="spar-hero"><div>{_(WELCOME)}</div>{_hero()}</div>'
        super().__init__([widgets.HTML(top), actions, learner_box])
        app.on_learner(lambda learner: self.refresh())
        self.refresh()

    def show_route(self, route: Route) -> None:
        """Home has nothing to open: a link's learner is taken by the App."""
        self.refresh()

    def on_show(self) -> None:
        """Back on Home: the progress may have moved on."""
        self.refresh()

    def _set_name(self) -> None:
        """Take the typed name; an empty one, or one that had to be cleaned or shortened,
        is said so."""
        if self._showing_kept:
            return
        check = check_name(self.name.value)
        if check.name is not None:
            self.app.set_learner(check.name, source="typed")
            self._showing_kept = True  # the box shows the name as it is kept
            try:
                self.name.value = check.name
            finally:
                self._showing_kept = False
        self.app.say(check.message())

    def _continue(self) -> None:
        if self._resume_route is not None:
            self.app.go(self._resume_route.page, self._resume_route)

    def _progress_text(self) -> str:
        """Where the learner stands in the course, and the Continue button set up to match."""
        self._resume_route = None
        self.resume.layout.display = "none"
        self.start.remove_class("spar-secondary")
        self.start.add_class("spar-primary")
        self.start.layout.display = "flex"
        self.start.description = _("Start lesson 1")
        self.start.tooltip = _("Begin the first lesson")
        self._start_route = Route(page="lessons", lesson="1")
        self._returning = False
        progress = self.app.progress()
        if progress is None:
            return ""
        from .. import course

        lessons = course.playable()
        finished = set(progress.finished_lessons(l.id for l in lessons))
        done = len(finished)
        nxt = course.suggested(progress) if done else None
        if nxt is not None:
            self._start_route = Route(page="lessons", lesson=nxt.id)
            self.start.description = _("Next lesson: {number}. {title}").format(
                number=nxt.number, title=nxt.title)
            self.start.tooltip = nxt.summary
        text, self._returning = progress_html(progress, lessons, finished, today())
        if progress.notice:
            text += f'<p role="status">{escape(progress.notice)}</p>'
        point = course.resume_point(progress)
        if point is not None:
            lesson, step = point
            self._resume_route = Route(page="lessons", lesson=lesson.id)
            self.resume.description = _("Continue lesson {number}: {title}").format(
                number=lesson.number, title=lesson.title)
            self.resume.tooltip = _("Step {number} of {steps}").format(number=step + 1,
                                                                       steps=len(lesson.steps))
            self.resume.layout.display = "flex"
            self.start.remove_class("spar-primary")
            self.start.add_class("spar-secondary")
            if nxt is not None and nxt.id == lesson.id:  # Continue goes there already
                self.start.layout.display = "none"
        return text

    def _due(self) -> List[Any]:
        """The learner's review items due today (missed questions, failed puzzles)."""
        progress = self.app.progress()
        if progress is None:
            return []
        from ...learning.review import Reviews, now

        return Reviews(progress.learner, progress.store).due(now())

    def _show_review(self) -> None:
        """The "N things to review today" card, when there are any."""
        due = len(self._due())
        self.review.description = ngettext("{count} thing to review today",
                                           "{count} things to review today", due).format(count=due)
        self.review.layout.display = "flex" if due else "none"

    def _open_review(self) -> None:
        """Open the first item due: the lesson at its step, or the puzzle."""
        from ...learning.review import parse_item
        from .. import course

        for scheduled in self._due():
            kind, key, step = parse_item(scheduled.item)
            if kind == "puzzle":
                self.app.go("puzzles", Route(page="puzzles", puzzle=key))
                return
            lesson = course.find_lesson(key)
            if lesson is not None and step < len(lesson.steps):
                self.app.go("lessons")
                self.app.pages["lessons"].open_lesson(lesson, start=step)
                return

    def refresh(self) -> None:
        """Redraw for the current learner."""
        learner: Optional[Learner] = self.app.learner
        self._show_review()
        progress_text = self._progress_text()
        welcome = (_("Welcome back, {name}!") if self._resume_route or self._returning
                   else _("Welcome, {name}!"))
        if learner is None:
            self.greeting.value = _("<h3>Who is learning?</h3><p>Type your name so the tutor "
                                    "can remember your lessons.</p>")
            self.who.layout.display = "flex"
        elif learner.fixed:
            self.greeting.value = f"<h3>{welcome.format(name=escape(learner.name))}</h3>"
            self.who.layout.display = "none"
        else:
            link = "?learner=" + quote(learner.name) + (
                "&lang=" + self.app.language if self.app.location().lang else "")
            self.greeting.value = _(
                "<h3>Hello, {name}!</h3><p>To come back to your progress "
                'another day, bookmark <a href="{link}">this link</a>. '
                "Not you? Type your name again.</p>").format(name=escape(learner.name),
                                                             link=escape(link, quote=True))
            self.who.layout.display = "flex"
        self.progress.value = progress_text
