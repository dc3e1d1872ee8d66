"""Playing a puzzle without widgets: the learner's cards, the others' strongest defence.

>>> from spar_tutor.puzzles import load_collection
>>> game = PuzzleGame(load_collection().find("ace-first-six-last"))
>>> game.play(game.puzzle.winning[0]).kind in ("good", "solved")
True

The learner plays with :meth:`PuzzleGame.play`. A card that keeps the goal is
played and the other seats answer with the reply that holds the learner to
the least (the solver's principal line), until it is the learner's turn again
or the hand is over. A card that loses the goal is *not* played: the
feedback says why (from the solver's line) and the learner may try another
card or start again. In a closed puzzle a card must keep the goal whoever
holds the hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from ..engine.cards import Card
from ..solver import solve
from ..engine.state import HandState
from ..engine.words import Players, card_text, cards_text
from ..i18n import _, ngettext, points
from ..solver import voice
from ..solver.reasons import view_reason
from ..solver.voice import Ladder
from .judge import ClosedJudge, Judge, layouts
from .model import Puzzle

PLAYING, SOLVED, MISTAKE = "playing", "solved", "mistake"


@dataclass(frozen=True)
class Feedback:
    """What happened after the learner chose a card.

    ``kind``: ``"illegal"`` (not allowed: nothing happens), ``"wrong"`` (it throws
    the goal away: not played), ``"good"`` (played, the others answered:
    ``replies``), ``"solved"`` (the hand is over and the goal kept), or
    ``"over"`` (the puzzle is finished: start again or go on).
    """

    kind: str
    text: str
    card: Optional[Card] = None
    replies: Tuple[Tuple[int, Card], ...] = ()
    refutation: Tuple[Tuple[int, Card], ...] = ()


@dataclass(frozen=True)
class SolutionStep:
    """One card of the winning line, with the state after it and a caption."""

    seat: int
    card: Card
    state: HandState
    caption: str


@dataclass
class PuzzleGame:
    """One learner working on one puzzle (an attempt runs from the start to the goal)."""

    puzzle: Puzzle
    state: HandState = field(init=False)
    played: List[Tuple[int, Card]] = field(init=False, default_factory=list)
    mistakes: int = field(init=False, default=0)
    hints: int = field(init=False, default=0)
    saw_solution: bool = field(init=False, default=False)
    #: Whether the learner took a hint ladder's last rung, the answer (it counts as giving up).
    saw_answer: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.start = self.puzzle.state
        self.seat = self.puzzle.seat
        self.goal = self.puzzle.points
        self.judge = Judge(self.start, self.seat)
        self.closed = None if self.puzzle.open else ClosedJudge(self.start, self.seat, self.goal)
        self.restart()

    # -- the attempt ---------------------------------------------------------------

    def restart(self) -> None:
        """Back to the puzzle's position (a new attempt)."""
        self.state = self.start
        self.played = []
        self.mistakes = 0
        self.hints = 0
        self.saw_solution = False
        self.saw_answer = False
        self._hint_level: Dict[int, int] = {}
        self._ladders: Dict[int, Ladder] = {}
        self.group = list(layouts(self.start, self.seat)) if self.closed else []

    @property
    def status(self) -> str:
        if self.state.is_over():
            return SOLVED
        return MISTAKE if self.mistakes else PLAYING

    @property
    def solved(self) -> bool:
        return self.state.is_over()

    @property
    def clean(self) -> bool:
        """Solved with no wrong card, no hint beyond the first and no peek at the answer or
        the solution."""
        return (self.solved and not self.mistakes and not self.gave_up and self.hints <= 1)

    @property
    def gave_up(self) -> bool:
        """Whether the learner took the answer (the last rung of a hint) or the solution:
        the puzzle then counts as not solved for the rating."""
        return self.saw_solution or self.saw_answer

    def _solved_words(self) -> str:
        """"Solved!", or solved with the help it had (the rating counts that help, and a
        learner who reads "Solved!" does not expect the rating to go down)."""
        if self.clean:
            return _("Solved!")
        if self.saw_solution:
            return _("Solved, after looking at the solution.")
        if self.saw_answer:
            return _("Solved, after taking the answer.")
        if self.mistakes:
            return ngettext("Solved, after {count} wrong card.",
                            "Solved, after {count} wrong cards.", self.mistakes).format(
                                count=self.mistakes)
        return _("Solved, with more than one hint.")

    def half_win_reason(self) -> str:
        """Why a solve that is not :attr:`clean` counts as half a win: the help it had."""
        if self.saw_solution:
            return _("You looked at the solution, so this solve counts as half a win.")
        if self.mistakes:
            return _("You tried a card that loses the goal, so this solve counts as half a "
                     "win.")
        return _("You asked for more than one hint, so this solve counts as half a win.")

    def learner_to_move(self) -> bool:
        return not self.state.is_over() and self.state.to_move == self.seat

    def legal_cards(self) -> List[Card]:
        """The learner's legal cards now (none when it is not the learner's turn)."""
        return self.state.legal_cards() if self.learner_to_move() else []

    def play(self, card: Card) -> Feedback:
        """The learner plays ``card`` (see the module docstring)."""
        if self.state.is_over():
            return Feedback("over", _("This puzzle is finished: start again or go on to the "
                                      "next."), card)
        problem = self.state.explain_illegal(card, self.puzzle.names)
        if problem or not self.learner_to_move():
            return Feedback("illegal", problem or _("It is not your turn."), card)
        if not self.keeps(card):
            self.mistakes += 1
            return self._wrong(card)
        self._apply(card)
        replies = self._answer()
        if self.state.is_over():
            assert self.state.result is not None
            return Feedback("solved", f"{self._solved_words()} {self._result_words()}",
                            card, replies)
        return Feedback("good", self._good_words(card, replies), card, replies)

    def keeps(self, card: Card) -> bool:
        """Whether ``card`` (the learner's, to move) keeps the goal."""
        if self.closed is not None:
            return self.closed.keeps_after(self.group, card)
        return self.judge.card_values(self.state)[card] >= self.goal

    def good_cards(self) -> List[Card]:
        """The learner's cards that keep the goal now."""
        if not self.learner_to_move():
            return []
        if self.closed is not None:
            return self.closed.good_cards(self.group)
        values = self.judge.card_values(self.state)
        return sorted((c for c, v in values.items() if v >= self.goal), key=lambda c: c.index)

    def _apply(self, card: Card) -> None:
        seat = self.state.to_move
        assert seat is not None
        self.state = self.state.apply(card)
        self.played.append((seat, card))
        if self.closed is not None:
            self.group = self.closed.after(self.group, card)

    def _answer(self) -> Tuple[Tuple[int, Card], ...]:
        replies: List[Tuple[int, Card]] = []
        while not self.state.is_over() and self.state.to_move != self.seat:
            seat = self.state.to_move
            assert seat is not None
            card = self.judge.defence(self.state)
            self._apply(card)
            replies.append((seat, card))
        return tuple(replies)

    # -- words ---------------------------------------------------------------------

    def _wrong(self, card: Card) -> Feedback:
        values = self.judge.card_values(self.state)
        if values[card] >= self.goal:  # closed puzzle: fine here, but only by luck
            return Feedback("wrong", _(
                "{card} is a gamble: it works with the cards where they "
                "are, but with the hidden cards laid out another way the others "
                "could stop you. Find a card that works whoever holds what.").format(
                    card=card_text(card)),
                card)
        after = self.state.apply(card)
        refutation = tuple(self.judge.line(after))
        how = voice.card_sentence(solve(self.state).reason(card), self.puzzle.names)
        sure = values[card]
        if sure > 0:
            # Translators: {goal} is a number of points too ("not 3 points")
            text = ngettext("{card} loses the goal: with it you can be sure of only {sure} "
                            "point, not {goal}.",
                            "{card} loses the goal: with it you can be sure of only {sure} "
                            "points, not {goal}.", sure)
        else:
            text = _("{card} loses the goal: with it you cannot be sure of any points.")
        said = text.format(card=card_text(card), sure=sure, goal=points(self.goal))
        return Feedback("wrong", f"{said} {how}", card, refutation=refutation)

    def _good_words(self, card: Card, replies: Sequence[Tuple[int, Card]]) -> str:
        if len(replies) <= 3:
            answered = _(", ").join(_("{player}: {move}").format(
                player=self.puzzle.names[s], move=card_text(c)) for s, c in replies)
            said = (" " + _("The others answer: {cards}.").format(cards=answered)
                    if answered else "")
        else:  # too many cards to list: who won the trick, and what was led to the next
            said = " " + self._trick_over_words(card)
        return _("Good: {card} keeps the goal.{others} Your turn again.").format(
            card=card_text(card), others=said)

    def _trick_over_words(self, card: Card) -> str:
        """The others' answers, too many to list: who won the learner's trick and with
        what, and the card they led to the next one (the table shows the rest)."""
        done = [t for t in self.state.tricks if card in t.cards]
        if not done:  # the learner's card has not finished its trick: the rest is shown
            return _("The others have answered: see the table.")
        trick = done[-1]
        won = trick.winning_card(self.state.players)
        assert trick.winner is not None and won is not None, "a finished trick has a winner"
        led = self.state.current_trick  # the winner leads the next trick
        if led:
            return self.puzzle.names.say(
                _("You won the trick with {card} and led {next} to the next one."),
                _("{player} won the trick with {card} and led {next} to the next one."),
                trick.winner, card=won, next=led[0])
        return self.puzzle.names.say(_("You won the trick with {card}."),
                                     _("{player} won the trick with {card}."),
                                     trick.winner, card=won)

    def _result_words(self) -> str:
        return result_words(self.state, self.puzzle.names)

    def hint(self) -> str:
        """The next rung of this decision's hint ladder (:meth:`ladder`): a nudge, the
        idea, then the answer, which counts as giving up (:attr:`gave_up`)."""
        self.hints += 1
        at = len(self.played)
        level = min(self._hint_level.get(at, 0) + 1, 3)
        self._hint_level[at] = level
        if not self.learner_to_move():
            return self.puzzle.hint
        if level == 3:
            self.saw_answer = True
        return self.ladder().rung(level).text

    @property
    def answer_next(self) -> bool:
        """Whether the next hint is the answer (the Hint button says what it costs)."""
        return self.learner_to_move() and self._hint_level.get(len(self.played), 0) >= 2

    def ladder(self) -> Ladder:
        """The hint ladder of the learner's decision now: the puzzle's own nudge and idea at
        the first decision (made from the position where the file writes none, and at later
        decisions), then the computer's card and what it does. A closed puzzle says only
        what the learner's view shows."""
        at = len(self.played)
        if at not in self._ladders:
            self._ladders[at] = self._make_ladder(at)
        return self._ladders[at]

    def _make_ladder(self, at: int) -> Ladder:
        good = self.good_cards()
        card = good[0] if good else self.state.legal_cards()[0]
        names = self.puzzle.names
        if self.closed is not None:  # the line would show the hidden cards
            reason = view_reason(self.state.view(self.seat), card)
            answer = _("Play {card}: it keeps the goal wherever the hidden cards are.").format(
                card=card_text(card))
            open_hands = False
        else:
            reason = solve(self.state).reason(card)
            answer = voice.answer(reason, open_hands=True, players=names)
            open_hands = True
        if len(good) > 1:
            answer += " " + ngettext("{cards} works too.", "{cards} work too.",
                                     len(good) - 1).format(cards=cards_text(good[1:]))
        first = at == 0
        nudge = self.puzzle.nudge if first and self.puzzle.nudge else voice.nudge(reason)
        idea = self.puzzle.hint if first else voice.idea(reason, open_hands, names)
        if idea == nudge:
            idea = voice.idea(reason, open_hands, names)
        return Ladder.of(nudge, idea, answer, card)

    def why_not(self) -> List[Tuple[Card, str]]:
        """For each other legal first card, why not it: it loses the goal (and how the others
        stop it), or it works too."""
        state, names = self.start, self.puzzle.names
        solution = solve(state)
        out = []
        for mv in solution.moves:
            if mv.card == self.puzzle.winning[0]:
                continue
            if mv.card in self.puzzle.winning:
                out.append((mv.card, _("{card} works too.").format(card=card_text(mv.card))))
                continue
            reason = solution.reason(mv.card)
            loses = _("{card} loses the goal.").format(card=card_text(mv.card))
            said = [loses, voice.card_sentence(reason, names)]
            if mv.guaranteed > 0:  # what it makes sure of, below the goal
                said.append(voice.sure_points(mv.guaranteed, reason.two_tricks))
            out.append((mv.card, " ".join(said)))
        return out

    def main_sentence(self) -> str:
        """Why the first winning card works, in one sentence (at most 25 words), every hand
        seen: what the card does and how the last trick goes."""
        return voice.card_sentence(solve(self.start).reason(self.puzzle.winning[0]),
                                   self.puzzle.names)

    # -- the solution --------------------------------------------------------------

    def solution(self) -> List[SolutionStep]:
        """The winning line from the puzzle's position, against the strongest defence."""
        self.saw_solution = True
        return winning_line(self.puzzle, self.judge, self.closed)


def winning_line(puzzle: Puzzle, judge: Judge,
                 closed: Optional[ClosedJudge] = None) -> List[SolutionStep]:
    """The learner keeps the goal (the first stated winning card first), the others
    answer with their strongest defence; each step has a caption."""
    state = puzzle.state
    seat = puzzle.seat
    players = puzzle.names
    group = list(layouts(state, seat)) if closed is not None else []
    steps: List[SolutionStep] = []
    while not state.is_over():
        mover = state.to_move
        assert mover is not None
        if mover == seat:
            if not steps:
                card = puzzle.winning[0]
            elif closed is not None:
                card = closed.good_cards(group)[0]
            else:
                card = judge.line(state)[0][1]
            why = voice.card_sentence(solve(state).reason(card), players)
            caption = _("You play {card}.").format(card=card_text(card)) + " " + why
        else:
            card = judge.defence(state)
            caption = players.say(_("You play {card}."), _("{player} plays {card}."), mover,
                                  card=card)
        after = state.apply(card)
        if len(after.tricks) > len(state.tricks) and not after.is_over():
            t = after.tricks[-1]
            won = t.winning_card(state.players)
            assert t.winner is not None and won is not None, "a finished trick has a winner"
            caption += " " + players.say(_("You win trick {number} with {card}."),
                                         _("{player} wins trick {number} with {card}."),
                                         t.winner, number=state.trick_number, card=won)
        if after.is_over():
            caption += " " + result_words(after, players)
        if closed is not None:
            group = closed.after(group, card)
        steps.append(SolutionStep(mover, card, after, caption))
        state = after
    return steps


def result_words(state: HandState, players: Players) -> str:
    """"You won the last trick with 6♣: 3 points." from the engine's result."""
    result = state.result
    assert result is not None
    return result.words(players)
