"""The puzzle player: a thin ipywidgets view over :class:`~spar_tutor.puzzles.play.PuzzleGame`.

>>> from spar_tutor.puzzles.widget import PuzzlePlayer
>>> player = PuzzlePlayer(learner=None)          # doctest: +SKIP
>>> player                                       # doctest: +SKIP

``PuzzlePlayer(learner="Ama")`` keeps Ama's progress (solved, attempts) in
``$SPAR_TUTOR_HOME/puzzles/``; without a learner, progress lasts for the page
only. ``open_puzzle("lead-the-six-home")`` (or a number, "3") opens one: the
app's ``?page=puzzles&puzzle=3`` calls it. Every callback is guarded: an
error is logged and the learner sees one short sentence, never a traceback.
"""

from __future__ import annotations

import functools
import logging
from html import escape
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

import ipywidgets as widgets

from ..engine.cards import Card, sort_hand
from ..engine.words import card_text
from ..i18n import N_, _, language, ngettext, number
from ..render.glossary import CSS as GLOSSARY_CSS, glossary_html
from ..render.chances import CSS as CHANCES_CSS, why_not_html
from ..render.table import table_html
from ..render.text import cardify
from .loader import collection_in_language, load_collection
from .model import BANDS, Collection, Puzzle, level_words
from ..widgets.common import CSS as WIDGET_CSS, ButtonPool, guarded_method
from ..widgets.hand import CARD_BUTTON, card_look
from .choose import next_for_you, taught_so_far
from .play import PuzzleGame, SolutionStep
from .progress import MemoryProgress, PuzzleProgress
from ..learning.rating import START

log = logging.getLogger("spar_tutor.puzzles")

#: The player's own styles; the table is the play table's (``WIDGET_CSS``).
CSS = """<style>
.spar-pz { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1a1a1a; }
.spar-pz-goal { font-size: 16px; padding: 8px 12px; border-radius: 8px; background: #fff6e0;
  border-left: 6px solid #d9a521; max-width: 740px; }
.spar-pz-status { font-size: 15px; padding: 6px 10px; border-radius: 6px; background: #f3f7f4;
  border-left: 5px solid #17803d; min-height: 22px; max-width: 740px; }
.spar-pz-status.spar-pz-wrong { background: #fdecea; border-left-color: #b3261e; }
.spar-pz-status.spar-pz-solved { background: #e3f4e8; border-left-color: #17803d;
  font-weight: bold; }
.spar-pz-meta { font-size: 13px; color: #41524a; }
.spar-pz .sp-c { font-weight: bold; white-space: nowrap; } .spar-pz .sp-red { color: #c62828; }
.spar-pz { container-type: inline-size; }
.spar-pz .spar-pz-main { flex-direction: column; overflow: visible; gap: 4px; }
@container (max-width: 600px) {
  /* a phone: each menu's name above it, the menu as wide as the screen (long titles) */
  .spar-pz .spar-pz-top .widget-dropdown { flex-wrap: wrap; width: 100% !important;
    height: auto !important; min-width: 0; }
  .spar-pz .spar-pz-top .widget-dropdown > label { width: 100%; text-align: left; }
  .spar-pz .spar-pz-top .widget-dropdown > select { flex: 1 1 100%; height: 32px;
    max-width: 100%; box-sizing: border-box; }
}
@container (min-width: 1000px) {
  .spar-pz .spar-pz-main { display: grid; column-gap: 20px; align-items: start;
    grid-template-columns: 680px minmax(300px, 1fr);
    grid-template-rows: auto auto auto auto auto auto 1fr;
    grid-template-areas: "pic head" "pic goal" "pic status" "pic hand" "pic buttons"
                         "pic solution" "pic ."; }
  .spar-pz-main > .spar-pz-head-area { grid-area: head; }
  .spar-pz-main > .spar-pz-goal-area { grid-area: goal; }
  .spar-pz-main > .spar-pz-pic-area { grid-area: pic; }
  .spar-pz-main > .spar-pz-status-area { grid-area: status; }
  .spar-pz-main > .spar-pz-hand-area { grid-area: hand; }
  .spar-pz-main > .spar-pz-buttons-area { grid-area: buttons; }
  .spar-pz-main > .spar-pz-solution-area { grid-area: solution; }
}
</style>"""

SORRY = N_("Sorry, something went wrong there (the details are in the log). Try another card.")
ALL = "all"

_ENGLISH: Optional[Collection] = None
_COLLECTIONS: Dict[str, Collection] = {}


def default_collection() -> Collection:
    """The curated puzzles, loaded (and checked by the solver) once per process, with
    their words in the language in use."""
    global _ENGLISH
    if _ENGLISH is None:
        _ENGLISH = load_collection(translate=False)
        for problem in _ENGLISH.problems:
            log.warning("puzzle not loaded: %s", problem)
    if language() not in _COLLECTIONS:
        _COLLECTIONS[language()] = collection_in_language(_ENGLISH)
    return _COLLECTIONS[language()]


def words_html(text: str, seen: Optional[Set[str]] = None) -> str:
    """Plain text as HTML, card codes (``6S``, ``TD``) drawn as coloured suit symbols,
    the glossary's terms not in ``seen`` marked (:func:`~spar_tutor.render.glossary.glossary_html`)."""
    return glossary_html(cardify(escape(text)), seen)


#: The buttons that give the answer away, and what it costs.
SHOW_ANSWER = N_("Show the answer (counts as not solved)")
SHOW_SOLUTION = N_("Show solution (counts as not solved)")
#: Why the rating went down: the answer, or the solution, was taken.
GAVE_UP = {"answer": N_("You took the answer, so this puzzle counts as not solved for your "
                        "rating. It will come back on another day."),
           "solution": N_("You looked at the solution, so this puzzle counts as not solved for "
                          "your rating. It will come back on another day.")}

#: Wraps the player's callbacks: an exception is logged, the learner reads SORRY.
guarded = guarded_method(lambda player, message: player.say(message, "wrong"), sorry=SORRY,
                         logger=log)


def rating_about_html() -> str:
    """"What is a puzzle rating?", opened by a click: what it is and what moves it."""
    about = _("Your puzzle rating is a number for how well you solve puzzles. Everyone "
              "starts at {start}. Only your first go at a puzzle counts. Solving it with no "
              "wrong card and at most one hint makes your rating go up, more for a hard "
              "puzzle. Solving it with a wrong card or more hints counts as half a win: "
              "your rating goes up a little after a hard puzzle, and down a little after an "
              "easy one. Giving up makes it go down. \"A puzzle at your level\" picks "
              "puzzles close to your rating.").format(
                  start=number(round(START.rating)))
    question = _("What is a puzzle rating?")
    return (f'<details class="spar-pz-about"><summary>{escape(question)}</summary>'
            f"{escape(about)}</details>")


class PuzzlePlayer(widgets.VBox):
    """Pick a puzzle, play it card by card against the solver's defence, see hints and
    the solution, and keep progress per learner."""

    def __init__(self, learner: Optional[str] = None, collection: Optional[Collection] = None,
                 start: Optional[str] = None, progress: Optional[PuzzleProgress] = None,
                 **kwargs: Any) -> None:
        self.progress = progress or (PuzzleProgress(learner) if learner and learner.strip()
                                     else MemoryProgress())
        # a player who has the learner's name is called by another (learning.cast)
        self.collection = (collection if collection is not None else default_collection()
                           ).recast(getattr(self.progress, "learner", None))
        self.game: Optional[PuzzleGame] = None
        self.steps: List[SolutionStep] = []
        self.step_at = -1
        self.attempt_counted = False
        self.gave_up_counted = False
        #: What giving up did to the rating, said while the solution is shown.
        self._gave_up_said: List[str] = []
        #: The lessons as (number, practice themes) and the numbers of those the learner
        #: finished, when known (the app): "A puzzle at your level" keeps to what they taught.
        self.lessons_known: Optional[Callable[[], Tuple[List[Tuple[int, Sequence[str]]],
                                                        Set[int]]]] = None
        #: The puzzles of a lesson's "Practise this" (``None``: every puzzle) and its title.
        self.practice: Optional[List[Puzzle]] = None
        self.practice_title = ""
        self._build()
        #: On a wide screen the table on the left, and on the right the goal, the messages,
        #: your cards and the buttons, all in view; else one under the other.
        self.main = widgets.Box([self.header, self.goal, self.table, self.status,
                                 self.hand_box, self.buttons, self.solution_box])
        self.main.add_class("spar-pz-main")
        for part, area in ((self.header, "head"), (self.goal, "goal"), (self.table, "pic"),
                           (self.status, "status"), (self.hand_box, "hand"),
                           (self.buttons, "buttons"), (self.solution_box, "solution")):
            part.add_class(f"spar-pz-{area}-area")
        #: Called with the puzzle whenever another puzzle is shown.
        self.on_open: Optional[Callable[[Puzzle], None]] = None
        self.notes = widgets.HTML(self._notes())
        super().__init__([self.style, self.top, self.for_you, self.practice_bar, self.notes,
                          self.main], **kwargs)
        self.add_class("spar-pz")
        if not self.collection.puzzles:
            self.say(_("The puzzles could not be loaded. Please tell your teacher."), "wrong")
            return
        self._first(start)

    @guarded
    def _first(self, start: Optional[str]) -> None:
        self.show_puzzle((start and self.collection.find(start)) or self._resume())

    # -- building ------------------------------------------------------------------

    def _build(self) -> None:
        # the play table's card buttons, ours, and the glossary's terms
        self.style = widgets.HTML(WIDGET_CSS + CSS + GLOSSARY_CSS)
        self.card_style = widgets.HTML()
        self.band = widgets.Dropdown(options=[(_("All levels"), ALL)] + [
            (level_words(b), b) for b in BANDS], value=ALL, description=_("Level"),
            layout=widgets.Layout(width="260px"))
        self.picker = widgets.Dropdown(description=_("Puzzle"),
                                       layout=widgets.Layout(width="720px", max_width="100%"))
        self.score = widgets.HTML()
        self.band.observe(self._on_band, names="value")
        self.picker.observe(self._on_pick, names="value")
        self.top = widgets.HBox([self.band, self.picker, self.score],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.top.add_class("spar-pz-top")
        self.rating_line = widgets.HTML()
        self.for_you_btn = self._button(_("A puzzle at your level"),
                                        _("A puzzle close to your puzzle rating"),
                                        self.on_for_you, style="info")
        self.for_you_why = widgets.HTML()
        #: "What is this?": what the rating is and what moves it (opened by the learner).
        self.rating_about = widgets.HTML(rating_about_html(),
                                         layout=widgets.Layout(width="100%"))
        self.for_you = widgets.HBox([self.rating_line, self.for_you_btn, self.for_you_why,
                                     self.rating_about],
                                    layout=widgets.Layout(flex_flow="row wrap",
                                                          align_items="center"))
        self.for_you.add_class("spar-pz-for-you")
        self.practice_line = widgets.HTML()
        self.all_btn = self._button(_("All puzzles"), _("Leave the practice and see every "
                                                        "puzzle"), self.on_all_puzzles)
        self.practice_bar = widgets.HBox([self.practice_line, self.all_btn],
                                         layout=widgets.Layout(flex_flow="row wrap",
                                                               align_items="center",
                                                               display="none"))
        self.practice_bar.add_class("spar-pz-practice")
        self.header = widgets.HTML()
        self.goal = widgets.HTML()
        self.table = widgets.HTML()
        self.hand_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="40px"))
        #: The hand's cards, redrawn in place (click_card guards itself).
        self.card_buttons = ButtonPool(lambda action: action, **CARD_BUTTON)
        self.hand_row.add_class("spar-hand-box")
        self.hand_title = widgets.HTML()
        self.hand_box = widgets.VBox([self.card_style, self.hand_title, self.hand_row])
        self.status = widgets.HTML()
        self.hint_btn = self._button(_("Hint"), _("A nudge; ask again for the idea, then the "
                                                  "computer's card"), self.on_hint)
        self.solution_btn = self._button(_(SHOW_SOLUTION),
                                         _("Replay the winning line step by step"),
                                         self.on_solution)
        self.restart_btn = self._button(_("Start again"), _("Back to the puzzle's first position"),
                                        self.on_restart)
        self.next_btn = self._button(_("Next puzzle"), _("Go on to the next puzzle"), self.on_next,
                                     style="success")
        # wraps: each label whole ("Show solution (counts as not solved)"), in any language
        self.buttons = widgets.HBox([self.hint_btn, self.solution_btn, self.restart_btn,
                                     self.next_btn], layout=widgets.Layout(flex_flow="row wrap"))
        self.back_btn = self._button(_("◀ Back"), _("The step before"),
                                     lambda _click: self.on_step(-1))
        self.fwd_btn = self._button(_("Next step ▶"), _("The next card of the solution"),
                                    lambda _click: self.on_step(1))
        self.caption = widgets.HTML()
        self.solution_box = widgets.VBox([])

    def _button(self, text: str, tip: str, handler: Callable[[Any], None],
                style: str = "") -> widgets.Button:
        b = widgets.Button(description=text, tooltip=tip, button_style=style,
                           layout=widgets.Layout(width="auto"))
        b.on_click(handler)
        return b

    def _notes(self) -> str:
        """A warning above the puzzles when some puzzle files did not load."""
        if not (self.collection.problems and self.collection.puzzles):
            return ""
        note = _("Some puzzles are being repaired and will be back soon.")
        return f'<p class="spar-status spar-warn" role="status">{note}</p>'

    # -- choosing a puzzle ---------------------------------------------------------

    def _resume(self) -> Puzzle:
        last = self.progress.last and self.collection.find(self.progress.last)
        if last:
            return last
        solved = self.progress.solved_ids()
        unsolved = [p for p in self.collection.puzzles if p.id not in solved]
        return unsolved[0] if unsolved else self.collection.puzzles[0]

    def _pool(self) -> List[Puzzle]:
        """The puzzles on offer: a lesson's practice set, or every puzzle."""
        return self.practice if self.practice is not None else self.collection.puzzles

    def _listed(self) -> List[Puzzle]:
        band = self.band.value
        return [p for p in self._pool() if band == ALL or p.band == band]

    def _refresh_picker(self) -> None:
        options = []
        solved_ids = self.progress.solved_ids()
        for p in self._listed():
            number = self.collection.index(p) + 1
            # the mark first: a phone's closed menu cuts the end of a long title off
            mark = "✓ " if p.id in solved_ids else ""
            # Translators: a puzzle in the menu: "✓ 3. Two players: a 6 to score (Level 1 · Beginner)"
            options.append((_("{mark}{number}. {title} ({level})").format(
                number=number, title=p.title, level=level_words(p.band), mark=mark), p.id))
        self._picking = True
        try:
            self.picker.options = options
            if self.game is not None and self.game.puzzle.id in [v for _, v in options]:
                self.picker.value = self.game.puzzle.id
        finally:
            self._picking = False
        ids = [p.id for p in self.collection.puzzles]
        solved = _("Solved {solved} of {puzzles}").format(
            solved=sum(1 for i in ids if i in solved_ids), puzzles=len(ids))
        self.score.value = f'<span class="spar-pz-meta">&nbsp;{solved}</span>'
        self._show_rating()

    # -- the learner's rating, and the next puzzle for them ---------------------------

    def _show_rating(self) -> None:
        """"Your puzzle rating: 1,520" (and whether it is still settling)."""
        rated = self.progress.puzzle_rating
        if rated is None:
            said = _("Solve a puzzle to get your puzzle rating.")
        else:
            said = _("Your puzzle rating: {rating}").format(rating=number(rated.rating))
            if not rated.settled:
                said += " " + _("(not exact yet: each puzzle you solve makes it more exact)")
        self.rating_line.value = f'<span class="spar-pz-rating" role="status">{escape(said)}</span>'

    def _rating_moved(self, before: Any, game: Any) -> List[str]:
        """How this solve moved the learner's rating, and why when it went down (a solve
        with help counts as half a win, which an easier puzzle turns into a loss)."""
        after = self.progress.puzzle_rating
        if after is None:
            return []
        if before is None:  # the learner never saw a rating: no "went down by 14"
            said = [_("Your first puzzle rating: {rating} (everyone starts at {start}).").format(
                rating=number(after.rating), start=number(round(START.rating)))]
            if after.rating < START.rating and not game.clean:
                said.append(game.half_win_reason())
            return said
        moved = after.rating - before.rating
        if moved > 0:
            return [_("Your puzzle rating went up by {points}, to {rating}.").format(
                points=number(moved), rating=number(after.rating))]
        if moved < 0 and not game.clean:
            return [_("Your puzzle rating went down by {points}, to {rating}.").format(
                        points=number(-moved), rating=number(after.rating)),
                    game.half_win_reason(),
                    _("Half a win against an easier puzzle lowers the rating.")]
        return []

    def choose_for_you(self) -> Optional[Puzzle]:
        """The puzzle "A puzzle at your level" opens: not solved yet, near the learner's
        rating (:func:`~spar_tutor.puzzles.choose.next_for_you`), of the practice set if any,
        else about what the learner's lessons taught when :attr:`lessons_known` says
        (:func:`~spar_tutor.puzzles.choose.taught_so_far`)."""
        rated = self.progress.puzzle_rating
        pool = self._pool()
        solved = self.progress.solved_ids() & {p.id for p in pool}
        if self.practice is None and self.lessons_known is not None:
            lessons, finished = self.lessons_known()
            pool = taught_so_far(pool, lessons, finished, solved) or pool
        current = self.game.puzzle.id if self.game is not None else None
        chosen = next_for_you(pool, rated.rating if rated else round(START.rating),
                              solved, current)
        return chosen.puzzle if chosen else None

    @guarded
    def on_for_you(self, _click: Any = None) -> None:
        """Open the next puzzle for the learner, and say in one sentence why it."""
        puzzle = self.choose_for_you()
        if puzzle is None:
            return
        unsolved = not self.progress.solved(puzzle.id)
        rated = self.progress.puzzle_rating is not None
        self.show_puzzle(puzzle)
        if unsolved and not rated:
            why = _("Chosen for you: an easy puzzle you have not solved yet.")
        elif unsolved:
            why = _("Chosen for you: you have not solved it yet, and its level is close to "
                    "your puzzle rating.")
        else:
            why = _("You have solved them all! This one is close to your puzzle rating: "
                    "try it again.")
        self.for_you_why.value = f'<span class="spar-pz-meta" role="status">{why}</span>'

    # -- a lesson's practice -----------------------------------------------------------

    def practise(self, title: str, puzzle_ids: List[str]) -> bool:
        """Offer only the puzzles ``puzzle_ids`` (a lesson's "Practise this", ``title``
        naming it) and open the one for the learner; False if none of them loaded."""
        ids = set(puzzle_ids)
        chosen = [p for p in self.collection.puzzles if p.id in ids]
        if not chosen:
            return False
        self.practice, self.practice_title = chosen, title
        count = ngettext("{count} puzzle", "{count} puzzles", len(chosen)).format(
            count=len(chosen))
        line = _("Practice for {lesson}: {count}.").format(lesson=escape(title), count=count)
        self.practice_line.value = f'<b class="spar-pz-practice-title">{line}</b>&nbsp;'
        self.practice_bar.layout.display = "flex"
        self.band.value = ALL
        self.show_puzzle(self.choose_for_you() or chosen[0])
        self.for_you_why.value = ""
        return True

    @guarded
    def on_all_puzzles(self, _click: Any = None) -> None:
        """Leave the practice set: every puzzle is on offer again."""
        self.practice, self.practice_title = None, ""
        self.practice_bar.layout.display = "none"
        self._refresh_picker()

    @guarded
    def _on_band(self, change: Any) -> None:
        listed = self._listed()
        if listed and (self.game is None or self.game.puzzle not in listed):
            self.show_puzzle(listed[0])
        else:
            self._refresh_picker()

    @guarded
    def _on_pick(self, change: Any) -> None:
        if getattr(self, "_picking", False) or not change["new"]:
            return
        puzzle = self.collection.find(change["new"])
        if puzzle is not None and (self.game is None or puzzle.id != self.game.puzzle.id):
            self.show_puzzle(puzzle)

    def open_puzzle(self, puzzle_id: str) -> bool:
        """Open a puzzle by id or 1-based number; False (and a message) if there is none."""
        puzzle = self.collection.find(str(puzzle_id))
        if puzzle is None:
            self.say(_("There is no puzzle {puzzle}: here is where you were.").format(
                puzzle=puzzle_id), "wrong")
            return False
        self.show_puzzle(puzzle)
        return True

    def show_puzzle(self, puzzle: Puzzle) -> None:
        """Show ``puzzle`` from its first position (leaving a practice set it is not in)."""
        if self.practice is not None and puzzle.id not in {p.id for p in self.practice}:
            self.practice, self.practice_title = None, ""
            self.practice_bar.layout.display = "none"
        if self.band.value != ALL and puzzle.band != self.band.value:
            self._picking = True
            self.band.value = ALL
            self._picking = False
        self.game = PuzzleGame(puzzle)
        self.for_you_why.value = ""
        self.progress.visit(puzzle.id)
        self.attempt_counted = False
        self.gave_up_counted = False
        self._close_solution()
        self._refresh_picker()
        self.say(_("Your turn: click one of your cards."))
        self.redraw()
        if self.on_open is not None:
            self.on_open(puzzle)

    # -- drawing -------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw the puzzle's header, goal, table and the learner's cards from the game."""
        game = self.game
        if game is None:
            return
        p = game.puzzle
        number = self.collection.index(p) + 1
        kind = _("you see every hand") if p.open else _("you see only your own hand")
        record = self.progress.record(p.id)
        tried = record.attempts
        done = " · " + _("solved ✓") if record.solved else ""
        title = _("Puzzle {number}: {title}").format(number=number, title=escape(p.title))
        meta = _("{level} · {players} players · {tricks} tricks to go · "
                 "{rules} · {kind} · tries: {tried}").format(
                     level=level_words(p.band), players=p.players,
                     tricks=p.tricks, rules=escape(p.rules_words), kind=kind, tried=tried)
        self.header.value = (f'<h3 style="margin:4px 0">{title}</h3>'
                             f'<div class="spar-pz-meta">{meta}{done}</div>')
        if self.progress.notice:
            self.header.value += f'<div class="spar-pz-meta" role="status">{self.progress.notice}</div>'
        # once cards are played, the goal's "you lead, three tricks to go" is the start's
        begun = self.step_at >= 0 or bool(game.played)  # each solution step has a card played
        goal = (_("<b>Goal</b> (set at the start of the puzzle): {goal}") if begun
                else _("<b>Goal:</b> {goal}")).format(goal=words_html(p.goal, set()))
        self.goal.value = f'<div class="spar-pz-goal">{goal}</div>'
        state = self.steps[self.step_at].state if self.step_at >= 0 else game.state
        shown = p.open or self.step_at >= 0  # the solution shows every hand
        self.table.value = table_html(state, p.names, game.seat,
                                      open_hands=shown, out_of_play=not shown)
        self._draw_hand(state)

    def _draw_hand(self, state: Any) -> None:
        game = self.game
        assert game is not None
        cards = sort_hand(state.hand(game.seat))
        playable = set(game.legal_cards()) if self.step_at < 0 else set()
        looks = [card_look(card, self._card_tip(card, card not in playable),
                           dimmed=card not in playable) for card in cards]
        self.card_style.value = "<style>" + "\n".join(rule for rule, _look in looks) + "</style>"
        self.hand_row.children = self.card_buttons.draw(
            (str(card), functools.partial(self.click_card, card), look)
            for card, (_rule, look) in zip(cards, looks))
        if state.is_over():
            title = _("{cards}: the hand is over")
        elif playable:
            title = _("{cards} (click a card to play it)")
        else:
            title = "{cards}"
        self.hand_title.value = title.format(cards="<b>" + _("Your cards") + "</b>")
        self.buttons_state()

    def _card_tip(self, card: Card, off: bool) -> str:
        game = self.game
        assert game is not None
        if not off:
            return _("Play {card}").format(card=card.name)
        if game.state.is_over():
            return _("The puzzle is over")
        return game.state.explain_illegal(card, game.puzzle.names) or _("Not now")

    def buttons_state(self) -> None:
        game = self.game
        over = game is None or game.solved
        self.hint_btn.disabled = over or self.step_at >= 0
        self.solution_btn.disabled = game is None or self.step_at >= 0
        answer = game is not None and not over and game.answer_next
        self.hint_btn.description = _(SHOW_ANSWER) if answer else _("Hint")

    def say(self, text: str, kind: str = "") -> None:
        """Show one message under the table (``kind``: "", "wrong" or "solved")."""
        cls = f"spar-pz-status spar-pz-{kind}" if kind else "spar-pz-status"
        self.status.value = (f'<div class="{cls}" role="status">'
                             f"{words_html(text, self._goal_terms())}</div>")

    def _goal_terms(self) -> Set[str]:
        """The glossary terms the goal marks: other messages mark only the rest."""
        seen: Set[str] = set()
        if self.game is not None:
            words_html(self.game.puzzle.goal, seen)
        return seen

    # -- playing -------------------------------------------------------------------

    @guarded
    def click_card(self, card: Card) -> None:
        """What a click on one of the learner's cards does (tests call it too)."""
        game = self.game
        if game is None or self.step_at >= 0:
            return
        if not self.attempt_counted and not game.played and game.learner_to_move():
            self.progress.attempt(game.puzzle.id, game.puzzle.rating)
            self.attempt_counted = True
        feedback = game.play(card)
        if feedback.kind == "solved":
            before = self.progress.puzzle_rating
            self.progress.solve(game.puzzle.id, game.clean, game.puzzle.rating)
            said = [feedback.text]
            if game.clean:
                said.append(_("Cleanly solved: well done!"))
            said += self._rating_moved(before, game)
            if self.progress.notice:
                said.append(self.progress.notice)
            said.append(_("Click Next puzzle to go on."))
            self.say(" ".join(said), "solved")
            self.solution_box.children = [self._why()]
            self._refresh_picker()
        elif feedback.kind == "wrong":
            self.say(feedback.text + " " + _("Try another card, or Show solution."), "wrong")
        elif feedback.kind == "illegal":
            self.say(feedback.text, "wrong")
        else:
            self.say(feedback.text)
        self.redraw()

    @guarded
    def on_hint(self, _click: Any = None) -> None:
        game = self.game
        if game is not None and not game.solved:
            said = [_("Hint: {hint}").format(hint=game.hint())]
            if game.saw_answer:
                said += self._gave_up()
            self.say(" ".join(said))
            self.buttons_state()

    def _gave_up(self, taken: str = "answer") -> List[str]:
        """The learner took the answer or the solution (``taken``): the puzzle counts as not
        solved for the rating (once an attempt), and the words say how the rating moved."""
        game = self.game
        if game is None or self.gave_up_counted or game.solved:
            return []
        self.gave_up_counted = True
        before = self.progress.puzzle_rating
        self.progress.give_up(game.puzzle.id, game.puzzle.rating)
        self.attempt_counted = True
        after = self.progress.puzzle_rating
        self._refresh_picker()
        if after is None or (before is not None and after.rating == before.rating):
            return []
        if before is None:
            return [_("Your first puzzle rating: {rating} (everyone starts at {start}).").format(
                rating=number(after.rating), start=number(round(START.rating))),
                _(GAVE_UP[taken])]
        return [_("Your puzzle rating went down by {points}, to {rating}.").format(
            points=number(before.rating - after.rating), rating=number(after.rating)),
            _(GAVE_UP[taken])]

    @guarded
    def on_restart(self, _click: Any = None) -> None:
        if self.game is not None:
            self.game.restart()
            self.attempt_counted = False
            self.gave_up_counted = False
            self._close_solution()
            self.say(_("Back to the start: your turn."))
            self.redraw()

    @guarded
    def on_next(self, _click: Any = None) -> None:
        """The next puzzle of the list not solved yet (the next one, once all are solved)."""
        listed = self._listed() or self._pool()
        i = listed.index(self.game.puzzle) if self.game and self.game.puzzle in listed else -1
        after = listed[i + 1:] + listed[:i + 1]
        solved = self.progress.solved_ids()
        unsolved = [p for p in after if p.id not in solved]
        self.show_puzzle(unsolved[0] if unsolved else after[0])

    # -- the solution --------------------------------------------------------------

    @guarded
    def on_solution(self, _click: Any = None) -> None:
        game = self.game
        if game is None:
            return
        self._gave_up_said = self._gave_up("solution")
        self.steps = game.solution()
        self.step_at = 0
        self.solution_box.children = [widgets.HTML(_("<b>The solution</b>, card by card "
                                                     "(all hands shown):")), self.caption,
                                      widgets.HBox([self.back_btn, self.fwd_btn]), self._why()]
        self._show_step()

    @guarded
    def on_step(self, delta: int) -> None:
        if not self.steps:
            return
        self.step_at = max(0, min(len(self.steps) - 1, self.step_at + delta))
        self._show_step()

    def _show_step(self) -> None:
        step = self.steps[self.step_at]
        said = _("Step {number} of {steps}: {caption}").format(
            number=self.step_at + 1, steps=len(self.steps),
            caption=words_html(step.caption, self._goal_terms()))
        self.caption.value = f'<div class="spar-pz-status">{said}</div>'
        self.back_btn.disabled = self.step_at == 0
        self.fwd_btn.disabled = self.step_at == len(self.steps) - 1
        self.say(" ".join([_("The solution is shown below. Click Start again to play it "
                             "yourself.")] + self._gave_up_said))
        self.redraw()

    def _why(self) -> widgets.HTML:
        """Why the answer works, once the learner has solved the puzzle or opened the
        solution: one main sentence, a "Why not X?" button for each other first card, and
        the puzzle's whole story behind one more."""
        game = self.game
        assert game is not None
        terms = self._goal_terms()
        main = words_html(game.main_sentence(), terms)
        why = _("<b>Why:</b> {explanation}").format(explanation=main)
        buttons = why_not_html([(card_text(card), text) for card, text in game.why_not()],
                               lambda text: words_html(text, terms))
        whole = escape(_("The whole story"))
        story = (f'<details class="spar-why-not"><summary>{whole}</summary>'
                 f"<div>{words_html(game.puzzle.explanation, terms)}</div></details>")
        return widgets.HTML(f'{CHANCES_CSS}<div class="spar-pz-status">{why}{buttons}'
                            f'<div class="spar-why-nots">{story}</div></div>')

    def _close_solution(self) -> None:
        self._gave_up_said = []
        self.steps = []
        self.step_at = -1
        self.solution_box.children = []

