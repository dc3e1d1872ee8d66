"""The walk: one learner, one browser page, everything a learner reads.

In one session of the app (one kernel) the walk plays a whole hand of Ghana table rules
(a cut, a dry, bets, a card the rules refuse, all three hint levels, then the review and
its replay), goes through every step of every lesson (a hint and one wrong answer for
each question, a wrong card played out then "Try again", then the right one) and every puzzle (both hints, a wrong card, the
solution card by card). After every click it reads the words the page shows
(``innerText``: text, button labels, menus) and looks for card codes (7S), seat numbers
and jargon (:mod:`walk`). Everything found is written to
``test-artifacts/walk-words.txt``, and the test fails if anything was.

Lessons and puzzles are deterministic, so the walk knows the answers from a copy of the
same lesson or puzzle player run in the test (its "shadow"): after each click the walk
waits until the page shows what the shadow shows (no sleeps). The hand of Play is dealt
at random: the walk answers whatever the page asks.

Screenshots: ``walk-*.png`` (Play, a lesson and a puzzle at 1280 x 900 and 390 x 844).

The walkers read the app's words through the catalogue (``_("Finish")``), so the same
walk runs in another language when the test process speaks it too (test_walk_french.py).
"""

from __future__ import annotations

import copy
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import ipywidgets as widgets
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from spar_tutor.app import course
from spar_tutor.i18n import _
from spar_tutor.lessons import guarantees
from spar_tutor.lessons.widget import LessonPlayer
from spar_tutor.puzzles.widget import PuzzlePlayer, default_collection
from spar_tutor.widgets.hints import LABELS
from test_app import FIRST_VISIT_MS, heading, nav, open_app
from tests.lesson_helpers import right_answers
from walk import Worklist, shown_text, squeezed

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 45_000
"""For the page to show what a click did (a busy machine; a quiet one takes well under 1 s)."""
TAP_MS = 20_000
"""For a click in the Play hand to change the page before the walk looks again."""
HAND_S = 240
"""For the whole hand of Play, from the deal to the review."""

#: (what, CSS selector) of the lesson player's parts that a click changes.
LESSON_PARTS = [("title and words", ".sp-lesson .sp-area-text"),
                ("question", ".sp-lesson .sp-area-prompt"),
                ("feedback", ".sp-lesson .sp-area-feedback"),
                ("progress", ".sp-lesson .widget-hbox .widget-html")]
#: The same for the puzzle player.
PUZZLE_PARTS = [("heading", ".spar-pz .spar-pz-head-area"),
                ("goal", ".spar-pz .spar-pz-goal-area"),
                ("message", ".spar-pz .spar-pz-status-area"),
                ("solution", ".spar-pz .spar-pz-solution-area")]


# -- reading the page ----------------------------------------------------------------


def page_words(page: Page) -> str:
    """Every word the app shows now: its text, button labels and menus."""
    return page.locator(".spar-shell").inner_text()


def wait_for_words(page: Page, parts: Sequence[Tuple[str, str]], want: Sequence[str],
                   answers: Optional[Tuple[str, str]] = None) -> None:
    """Wait until each part of the page (CSS selector) shows the words ``want`` (and the
    buttons under ``answers[0]`` are ``answers[1]``: labels, ``#`` after a disabled one,
    joined by ``|``); fail saying which part differs."""
    probes = [[selector, squeezed(text)] for (_what, selector), text in zip(parts, want)]
    script = """([probes, answers]) => {
        const squeeze = s => s.replace(/\\s+/g, '').toLowerCase();
        const seen = e => e && e.checkVisibility();  // a hidden part shows no words
        const shown = sel => { const e = document.querySelector(sel);
                               return seen(e) ? squeeze(e.innerText) : ''; };
        const buttons = sel => [...document.querySelectorAll(sel + ' button')].filter(seen)
            .map(b => b.innerText.trim() + (b.disabled ? '#' : '')).join('|');
        return probes.every(([sel, want]) => shown(sel) === want)
            && (!answers || buttons(answers[0]) === answers[1]);
    }"""
    try:
        page.wait_for_function(script, arg=[probes, answers], timeout=WAIT_MS)
    except Exception as error:  # say which part is not what the kernel holds
        differ = []
        for (what, selector), (_sel, want) in zip(parts, probes):
            part = page.locator(selector).first
            got = squeezed(part.inner_text()) if part.is_visible() else ""
            if got != want:
                differ.append(f"{what}: page {got[:200]!r}\n  kernel {want[:200]!r}")
        raise AssertionError("the page did not show what the kernel holds:\n"
                             + "\n".join(differ or [f"answers {answers}"])) from error


def click(page: Page, scope: str, name: str) -> None:
    """Click the button called ``name`` (its label, or a card's name) inside ``scope``.

    A mouse click where the button is, without Playwright's checks that it is visible,
    still and enabled (``force``): the walk clicks only once the page shows what the
    kernel holds, and the checks took 30 of each click's 72 ms (measured over the walk's
    1,385 clicks). A button hidden or covered still fails: the page does not change."""
    page.locator(scope).get_by_role("button", name=name, exact=True).first.click(force=True)


def screenshots(voila_page: Any, name: str) -> None:
    """``walk-<name>-1280.png`` and ``walk-<name>-390.png``, then back to the desktop."""
    page = voila_page.page
    voila_page.screenshot(f"walk-{name}-1280")
    page.set_viewport_size(PHONE)
    voila_page.screenshot(f"walk-{name}-390")
    page.set_viewport_size(DESKTOP)


# -- lessons ---------------------------------------------------------------------------


class LessonWalk:
    """One lesson clicked through on the page and, click for click, in its shadow."""

    def __init__(self, page: Page, lesson: Any, found: Worklist,
                 on_wrong: Optional[Callable[[], None]] = None) -> None:
        """``on_wrong`` is called once, after the first wrong answer (screenshots)."""
        self.page, self.lesson, self.found, self.on_wrong = page, lesson, found, on_wrong
        self.shadow = LessonPlayer(lesson)

    def sync(self, where: str) -> None:
        """Wait until the page shows the shadow's step, then read it."""
        s = self.shadow
        want = [shown_text(s.text), shown_text(s.prompt), shown_text(s.feedback),
                shown_text(s.label)]
        wait_for_words(self.page, LESSON_PARTS, want,
                       (".sp-lesson .sp-area-answers", button_states(s.answers)))
        self.found.scan(f"lesson {self.lesson.number} step {s.run.index + 1} {where}",
                        page_words(self.page))

    def press(self, name: str, where: str) -> None:
        """Click the button ``name`` on the page and in the shadow."""
        found = [b for b in _buttons(self.shadow) if b.description == name
                 and b.layout.display != "none"]
        assert found, f"lesson {self.lesson.number}: no button {name!r}"
        # a click lands only on a button the page shows enabled: on a busy machine a step's
        # words came before its Next was enabled, and the click on it was lost (CI, lesson 13)
        expect(self.page.locator(".sp-lesson").get_by_role("button", name=name, exact=True)
               .first).to_be_enabled(timeout=WAIT_MS)
        click(self.page, ".sp-lesson", name)
        found[0].click()
        self.sync(where)

    def walk(self) -> None:
        self.sync("first")
        for _index in range(2 * self.shadow.run.total):  # each step, then those missed once more
            self.question()
            name = self.shadow.next_btn.description  # "Finish" on the very last question
            self.press(name, "next")
            if name == _("Finish"):
                break
        assert _("End of lesson {number}.").split("{")[0].strip() in self.shadow.feedback.value

    def question(self) -> None:
        """A question: any tool, a hint, one wrong answer, then the right answers."""
        if not self.shadow.run.step.is_question:
            return
        self.use_tool()
        self.press(_("Hint"), "hint")
        wrong = wrong_answer(self.shadow)
        if wrong is not None:
            self.press(wrong, "wrong answer")
            self.use_tool()  # a deal that waited for the first answer
            if self.on_wrong is not None:
                self.on_wrong()
                self.on_wrong = None
            if getattr(self.shadow.run.current, "out", None) is not None:
                self.press(_("Try again"), "try again")  # a wrong card played out
        step, live = self.shadow.run.step, self.shadow.run.current
        if step.kind == "play":
            while not live.state.is_over():
                best, _value = guarantees.best_moves(live.state, step.seat)
                self.press(best[0].name, "playing")
        elif step.kind == "hand":  # a whole hand: the lesson's cards, then every hand open
            while not live.state.is_over():
                self.press(live.expected().name, "playing the hand")
            self.press(_("See every hand"), "every hand face up")
            while not live.answers().tools[-1].disabled:
                self.press(_("Next trick"), "the open replay")
        else:
            for name in right_answers(self.shadow):
                self.press(name, "right answer")
        assert self.shadow.run.current.finished, f"{step.title}: not answered"

    def use_tool(self) -> None:
        """The step's last tool ("Deal them all"), when it is on."""
        for tool in self.shadow.run.current.answers().tools[-1:]:
            if not tool.disabled:
                self.press(tool.label, "tool")


def _buttons(root: widgets.Widget, shown: bool = False) -> List[widgets.Button]:
    """The buttons under a widget (``shown``: only those the page shows, none under a
    hidden part)."""
    if shown and getattr(root.layout, "display", None) == "none":
        return []
    if isinstance(root, widgets.Button):
        return [root]
    return [b for child in getattr(root, "children", ()) for b in _buttons(child, shown)]


def button_states(root: widgets.Widget) -> str:
    """The buttons the page shows under a widget, as :func:`wait_for_words` compares
    them: labels, ``#`` after a disabled one, joined by ``|``."""
    return "|".join(b.description + ("#" if b.disabled else "") for b in _buttons(root, shown=True))


def wrong_answer(player: LessonPlayer) -> Optional[str]:
    """The label of the first answer button that is wrong now (tried on a copy)."""
    live = player.run.current
    answers = live.answers()
    tries: List[Tuple[str, Any]] = [(c.name, str(c)) for c in answers.cards
                                    if c not in answers.found]
    tries += [(b.description, value) for b, (_text, value)
              in zip(_buttons(player.answers)[len(answers.tools):], answers.choices)]
    for name, value in tries:
        if not copy.deepcopy(live).answer(value).correct:
            return name
    return None


# -- puzzles ---------------------------------------------------------------------------


class PuzzleWalk:
    """Every puzzle clicked through on the page and in a shadow player."""

    def __init__(self, page: Page, found: Worklist,
                 on_wrong: Optional[Callable[[], None]] = None) -> None:
        """``on_wrong`` is called once, on the first puzzle's solution (screenshots)."""
        self.page, self.found, self.on_wrong = page, found, on_wrong
        self.shadow = PuzzlePlayer(collection=default_collection())

    def sync(self, where: str) -> None:
        s = self.shadow
        want = [shown_text(s.header), shown_text(s.goal), shown_text(s.status),
                shown_text(s.solution_box)]
        # the buttons too: a click lands only on a button the page shows enabled (the
        # words of the next puzzle could come before its Hint button was enabled again,
        # and the click on the disabled button was lost)
        wait_for_words(self.page, PUZZLE_PARTS, want,
                       (".spar-pz .spar-pz-buttons-area", button_states(s.buttons)))
        number = s.collection.index(s.game.puzzle) + 1
        self.found.scan(f"puzzle {number} {where}", page_words(self.page))

    def press(self, button: widgets.Button, where: str) -> None:
        click(self.page, ".spar-pz", button.description)
        button.click()
        self.sync(where)

    def walk(self, puzzles: Optional[int] = None) -> None:
        """Every puzzle (the first ``puzzles`` only, if given)."""
        s = self.shadow
        self.sync("first")
        for _index in s.collection.puzzles[:puzzles]:
            self.press(s.hint_btn, "hint")
            self.press(s.hint_btn, "second hint")
            game = s.game
            assert game is not None
            good = set(game.good_cards())
            wrong = [c for c in game.legal_cards() if c not in good]
            if wrong:
                card = [b for b in _buttons(s.hand_row) if b.description == wrong[0].name][0]
                self.press(card, "wrong card")
            self.press(s.solution_btn, "solution")
            if self.on_wrong is not None:
                self.on_wrong()
                self.on_wrong = None
            number = s.collection.index(game.puzzle) + 1
            while not s.fwd_btn.disabled:  # read in the shadow: the page shows the same
                s.fwd_btn.click()
                self.found.scan(f"puzzle {number} solution step {s.step_at + 1}",
                                shown_text(s))
            self.press(s.next_btn, "next")


# -- a hand of Play --------------------------------------------------------------------

def declarations() -> Tuple[str, ...]:
    """The declarations' buttons (their first words), in the order the walk prefers them
    (a dry and a wet show their words)."""
    return (_("Dry {card} (shown face up)").split("{")[0].strip(),
            _("Wet {card} (kept face down)").split("{")[0].strip(),
            _("Show the under card"), _("Keep my hand"), _("No dry"), _("No wet"))


def enabled_buttons(page: Page) -> List[str]:
    """The labels of the Play table's buttons a learner can press now (shown, enabled)."""
    return page.evaluate(f"() => ({BUTTONS})")


#: JavaScript: the labels of the Play table's buttons that are shown and enabled.
BUTTONS = """[...document.querySelectorAll('.spar-app button')]
    .filter(b => !b.disabled && b.offsetParent !== null).map(b => b.innerText.trim())"""
#: JavaScript: what the Play table asks the learner now (``null`` while it asks nothing:
#: the bots are playing, or the page has not caught up), given the declarations' prefixes,
#: the other questions' buttons and the review's button.
ASKED = f"""([declare, asks, review]) => {{
    const buttons = {BUTTONS};
    const playable = document.querySelectorAll(
        '.spar-app .spar-card-btn:not(.spar-unplayable)').length;
    const over = buttons.includes(review);
    const asked = over || playable > 0 || buttons.some(
        b => asks.includes(b) || declare.some(d => b.startsWith(d)));
    return asked ? {{over, playable, buttons}} : null;
}}"""


class HandWalk:
    """A hand of Ghana table rules on the Play page: the walk answers whatever is asked.

    What the page shows may be a moment behind the kernel (the bots' cards, then the next
    question, arrive one after the other), so a button the walk sees may be gone when it
    clicks: :meth:`tap` then clicks nothing and the walk looks again."""

    def __init__(self, page: Page, found: Worklist, on_hints: Callable[[], None]) -> None:
        """``on_hints`` is called once the three hints are shown (screenshots)."""
        self.page, self.found, self.on_hints = page, found, on_hints
        self.hints: List[str] = [_(LABELS[level]) for level in sorted(LABELS)]
        self.refused = self.offered = False
        self.declare = declarations()
        self.cut, self.offer, self.no_bet, self.decline = (
            _("Cut"), _("Offer this bet"), _("No bet"), _("Decline"))
        self.review = _("Review this hand")

    def tap(self, where: str, selector: str, name: Optional[str] = None,
            changes: str = ".spar-app") -> bool:
        """Click the first enabled button matching ``selector`` (and called ``name``) if the
        page shows one, wait until the words in ``changes`` change, and read the page."""
        before = self.page.locator(changes).first.inner_text()
        clicked = self.page.evaluate(TAP, [selector, name])
        if clicked:
            try:
                self.page.wait_for_function(
                    "([sel, before]) => { const e = document.querySelector(sel);"
                    " return e && e.innerText !== before; }", arg=[changes, before],
                    timeout=TAP_MS)
            except PlaywrightTimeoutError:
                # The button was drawn for a moment that had passed (the kernel had moved
                # on to the bots or a question not drawn yet) and the click changed
                # nothing: look again. A hand that never ends fails on HAND_S.
                return False
            self.found.scan(f"play: {where}", page_words(self.page))
        return clicked

    def press(self, name: str, where: str) -> bool:
        return self.tap(where, ".spar-app button", name)

    def walk(self) -> None:
        page = self.page
        deadline = time.monotonic() + HAND_S
        while True:
            assert time.monotonic() < deadline, f"the hand did not end: {enabled_buttons(page)}"
            asks = [self.cut, self.offer, self.no_bet, self.decline]
            now = page.wait_for_function(ASKED, arg=[list(self.declare), asks, self.review],
                                         timeout=WAIT_MS).json_value()
            if now["over"]:
                break
            self.step(now["buttons"], now["playable"])
        assert not self.hints, f"hints not asked for: {self.hints}"
        assert self.press(self.review, "review")
        expect(page.locator(".spar-app .spar-review")).to_be_visible(timeout=WAIT_MS)
        slider = page.locator(".spar-app .spar-replay").locator("xpath=..").locator(
            ".noUi-target").first
        slider.scroll_into_view_if_needed()
        track = slider.bounding_box()
        assert track is not None, "the replay has no slider"
        before = page.locator(".spar-app").inner_text()
        # a click at the right end of the slider: the last move
        page.mouse.click(track["x"] + track["width"] - 1, track["y"] + track["height"] / 2)
        page.wait_for_function("(before) => document.querySelector('.spar-app').innerText"
                               " !== before", arg=before, timeout=WAIT_MS)
        self.found.scan("play: the replay's last move", page_words(page))

    def step(self, buttons: List[str], playable: int) -> None:
        """Answer what the page asks now."""
        if self.cut in buttons:
            self.press(self.cut, "cut")
        elif any(b.startswith(self.declare) for b in buttons):
            name = next(b for prefix in self.declare for b in buttons if b.startswith(prefix))
            self.press(name, f"declare ({name.split()[0]})")
        elif self.offer in buttons and not self.offered:
            self.offered = self.press(self.offer, "bet")
        elif self.no_bet in buttons:
            self.press(self.no_bet, "no bet")
        elif self.decline in buttons:
            self.press(self.decline, "decline a bet")
        else:
            assert playable, buttons
            self.play_card()

    def play_card(self) -> None:
        """All three hints (on the first card), a card the rules refuse (once), a card."""
        while self.hints and self.tap(f"hint {self.hints[0]}", ".spar-app button",
                                      self.hints[0], changes=".spar-app .spar-hint-text"):
            self.hints.pop(0)
            if not self.hints:
                self.on_hints()
        if not self.refused:  # the rules refuse it: why, and the offer of a renege
            self.refused = self.tap("a card the rules refuse",
                                    ".spar-app .spar-card-btn.spar-unplayable")
        self.tap("a card", ".spar-app .spar-card-btn:not(.spar-unplayable)")


#: JavaScript: click the first enabled button matching a selector (and called a name, if
#: one is given); true if there was one.
TAP = """([selector, name]) => {
    const b = [...document.querySelectorAll(selector)].find(
        b => !b.disabled && b.offsetParent !== null && (!name || b.innerText.trim() === name));
    if (!b) return false;
    b.click();
    return true;
}"""


# -- the walk --------------------------------------------------------------------------


def test_walk_every_lesson_puzzle_and_a_hand_for_codes_seats_and_jargon(
        app_server, voila_page, artifacts_dir):
    page = voila_page.page
    page.set_viewport_size(DESKTOP)
    found = Worklist()
    times = {"start": time.monotonic()}
    open_app(voila_page, app_server, "page=play&game=ghana_table")
    expect(page.get_by_text("Ghana table rules").first).to_be_visible(timeout=FIRST_VISIT_MS)
    found.scan("play: first", page_words(page))
    HandWalk(page, found, lambda: screenshots(voila_page, "play")).walk()
    times["hand"] = time.monotonic()

    for lesson in course.playable():
        nav(voila_page, "Lessons").click()
        expect(heading(voila_page, "Lessons")).to_be_visible(timeout=FIRST_VISIT_MS)
        click(page, ".spar-shell", f"Lesson {lesson.number}: {lesson.title}")
        shoot = (lambda: screenshots(voila_page, "lesson")) if lesson.number == 4 else None
        LessonWalk(page, lesson, found, shoot).walk()
    times["lessons"] = time.monotonic()

    nav(voila_page, "Puzzles").click()
    expect(heading(voila_page, "Puzzles")).to_be_visible(timeout=FIRST_VISIT_MS)
    PuzzleWalk(page, found, lambda: screenshots(voila_page, "puzzle")).walk()
    times["puzzles"] = time.monotonic()

    took = {step: round(at - before) for (step, at), before
            in zip(list(times.items())[1:], list(times.values()))}
    report = found.report(artifacts_dir / "walk-words.txt",
                          f"The walk (seconds: {took})")
    assert found.places > 500, "the walk read fewer places than it should"
    assert not found.found, "\n".join(report.splitlines()[:60]) + \
        "\n... (all of them in test-artifacts/walk-words.txt)"
