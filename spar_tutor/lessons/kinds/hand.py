"""``hand``: a whole hand with hidden cards, played by the learner from the first lead to
the last trick, with a comment after every trick (as the bridge learn-to-play courses
do); then every hand is shown face up, with a comment on what the others held.

The file tells the lesson's hand trick by trick (``[[step.trick]]``: the trick's cards
from its leader on, the ``comment`` after it, and at the learner's card the ``hint`` and
an optional ``nudge`` and ``[step.trick.wrong]`` words). While the learner plays the
lesson's cards, the others play theirs and each trick gets its comment. A learner who
plays another card leaves the lesson's hand:

* a card the computer, seeing only the learner's cards, calls a mistake
  (:func:`~spar_tutor.solver.review.judge`) is played out to the end of the hand, with
  why it was a mistake from what the learner could see; "Try again" goes back;
* any other card is played, and the hand goes on from it: the others play as the
  computer's bots do (each sees only its own cards), and the comment after each trick
  is read off the learner's view (:mod:`..told`).

At every decision the hint ladder is made from the learner's view alone (the Play page's
ladder, :meth:`~spar_tutor.session.hints.SessionHints.view_ladder`, with a fixed number of
deals): the lesson's nudge or the idea behind its card, the trick's ``hint``, and the
computer's card (the lesson's, while on it). When the hand is over, "See every hand"
replays it trick by trick with every hand face up and the step's ``replay`` words.

Checked when the lesson loads: a trick for each trick of the hand, every card the file
plays held and allowed (and never a renege), every learner card of the lesson's one the
hint's figures call the best or just as good, every text naming only cards the learner
can see at that point (the replay's words may name any card of the pack).
"""

from __future__ import annotations

import copy
import zlib
from typing import Any, Dict, List, Optional, Set, Tuple

from ...engine.cards import Card, parse_card
from ...engine.errors import shown
from ...engine.state import PLAY, HandState
from ...engine.view import SeatView
from ...engine.words import card_text
from ...i18n import _
from ...learning.rungs import CARD, CARD_WORDS, gives_away
from ...learning.verdicts import Verdicts
from ...render.table import table_html
from ...render.text import md
from ...session.hints import SessionHints, just_as_good, view_key
from ...solver import voice
from ...solver.bots import ExpertBot
from ...solver.reasons import view_reason
from ...solver.review import Choice, judge, judgement_words
from ..check import Found, need_position
from ..model import Step, TrickNote
from ..playout import PlayedOut
from ..rungs import HIDDEN_WORLDS
from ..steps import (Answers, Feedback, PositionRun, StepRun, Tool, follow_words, hand_answers,
                     step_players)
from ..told import trick_news
from .base import StepKind, register

#: Deals each bot tries a move once the learner's hand has left the lesson's (as ``play``).
BOT_WORLDS = 40
#: The solver's verdicts on the lessons' hands, kept between processes: they depend on the
#: rules, the solver, the hint's figures and this check.
VERDICTS = Verdicts("lesson-verdicts.json",
                    ("engine", "solver", "session/hints.py", "lessons/kinds/hand.py",
                     "lessons/rungs.py"))


# -- the lesson's hand, card by card ----------------------------------------------------------

def script(step: Step) -> List[Card]:
    """Every card of the lesson's hand, in the order played."""
    return [card for note in step.tricks for card in note.plays]


def played(start: HandState, state: HandState) -> List[Card]:
    """The cards played since ``start`` (the position's first decision)."""
    return [m for _seat, m in state.history[len(start.history):] if isinstance(m, Card)]


def may_play(state: HandState) -> List[Card]:
    """The cards the player to move may play in a lesson: no renege, even with offside."""
    return [c for c in state.legal_cards() if not state.can_renege(c)]


def named_cards(text: str) -> Set[Card]:
    """The cards a text names: codes (QD, 10H), symbols (Q♦) and English words ("the six
    of spades")."""
    found = {parse_card(m.group(1)) for m in CARD.finditer(text)}
    ranks = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
             "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K",
             "ace": "A"}
    for m in CARD_WORDS.finditer(text):
        found.add(parse_card(ranks[m.group(1).lower()] + m.group(2)[0].upper()))
    return found


# -- the load-time check ----------------------------------------------------------------------

def check(step: Step, found: Found) -> None:
    """See the module: the tricks against the rules, the learner's cards against the
    hint's figures, and the words against what the learner can see."""
    state = need_position(step, found)
    if state is None:
        return
    if state.phase != PLAY or state.tricks or state.current_trick:
        found.append(("position", "a whole hand starts at its first lead: full hands and "
                                  "no card played ('plays' is left out)"))
        return
    if len(state.hand(0)) != state.rules.hand_size:
        found.append(("position", f"a whole hand starts with {state.rules.hand_size} cards "
                                  "each, not an end position"))
        return
    if step.seat is None:
        found.append(("seat", "a hand step needs the learner's 'seat'"))
        return
    step.hidden = True  # a whole hand is always played with the others' cards hidden
    if step.nudge:
        found.append(("nudge", "a hand step's nudges go in its [[step.trick]] tables"))
    if not step.replay:
        found.append(("replay", "a hand step needs 'replay': what the others held, said "
                                "with every hand face up"))
    tricks = state.rules.tricks
    if len(step.tricks) != tricks:
        found.append(("trick", f"a whole hand of {tricks} tricks needs {tricks} "
                               f"[[step.trick]] tables, not {len(step.tricks)}"))
        return
    _seen_in(step, [("text", step.text), ("prompt", step.prompt), ("title", step.title),
                    ("hint", step.hint)], state, "at the first lead", found)
    decisions: List[Tuple[str, HandState, Card]] = []
    for number, note in enumerate(step.tricks, start=1):
        state = _check_trick(step, number, note, state, decisions, found)
        if state is None:
            return
    _seen_in(step, [("right", step.right)], state, "at the end of the hand", found)
    assert step.position is not None
    raw = {"position": step.position.to_json(), "seat": step.seat,
           "plays": [str(c) for c in script(step)]}
    found += VERDICTS.verdict(raw, lambda: _check_cards(step.learner, decisions))
    pack = state.rules.deck_mask
    strangers = sorted(str(c) for c in named_cards(step.replay) if not pack & c.bit)
    if strangers:
        found.append(("replay", f"the replay names {' '.join(strangers)}, which is not in the "
                                f"pack of these rules"))


def _check_trick(step: Step, number: int, note: TrickNote, state: HandState,
                 decisions: List[Tuple[str, HandState, Card]], found: Found
                 ) -> Optional[HandState]:
    """Check one trick of the lesson's hand against the rules and its words against what
    the learner can see (noting the learner's choice of card in ``decisions``, for the
    solver); the state after it (None if it cannot be played)."""
    where = f"trick {number}"
    if len(note.plays) != state.players:
        found.append((where + " plays", f"{where}: a trick has one card from each of the "
                                        f"{state.players} players, not {len(note.plays)}"))
        return None
    if not note.comment:
        found.append((where, f"{where}: each trick needs its 'comment'"))
    decided = False
    for card in note.plays:
        seat = state.to_move
        assert seat is not None
        why = state.explain_illegal(card)
        if why is None and state.can_renege(card):
            why = "that is a renege: the lesson's hand keeps the follow-suit rule"
        if why is not None:
            found.append((where + " plays", f"{where}: {step.name(seat)} cannot play {card}: "
                                            f"{why}"))
            return None
        if seat == step.seat:
            decided = _check_decision(step, where, note, state, card, found)
            if decided:
                decisions.append((where, state, card))
        state = state.apply(card)
    if not decided and (note.hint or note.nudge or note.wrong):
        found.append((where, f"{where}: the learner has only one card to play here: no "
                             "'hint', 'nudge' or 'wrong' to write"))
    _seen_in(step, [(where + " comment", note.comment)], state, f"after {where}", found)
    return state


def _check_decision(step: Step, where: str, note: TrickNote, state: HandState, card: Card,
                    found: Found) -> bool:
    """Check the words at the learner's card in one trick; whether it was a choice (more
    than one card allowed)."""
    cards = may_play(state)
    if len(cards) == 1:
        return False
    if not note.hint:
        found.append((where, f"{where}: the learner chooses a card here: write its 'hint'"))
    if note.nudge:
        problem = gives_away(note.nudge)
        if problem:
            found.append((where + " nudge", f"{where}: the nudge must not give the answer "
                                            f"away: {problem}"))
    for key in note.wrong:
        if key == str(card):
            found.append((where + " wrong", f"{where}: 'wrong' has {key}, the lesson's card"))
        elif key not in {str(c) for c in cards}:
            found.append((where + " wrong", f"{where}: 'wrong' has {shown(key)}, which the "
                                            f"learner cannot play (cards: "
                                            f"{' '.join(str(c) for c in cards)})"))
    _seen_in(step, [(where + " hint", note.hint)]
             + [(where + " wrong", text) for text in note.wrong.values()], state,
             f"at the learner's card in {where}", found)
    return True


def _check_cards(seat: int, decisions: List[Tuple[str, HandState, Card]]) -> Found:
    """The solver's verdict on the learner's cards of the lesson's hand: at each choice,
    the card is the one the hint's figures put first, or just as good (so the hint, made
    from the learner's view, never contradicts the lesson)."""
    found: Found = []
    hints = SessionHints(worlds=HIDDEN_WORLDS)
    for where, state, card in decisions:
        choices = _choices(hints, state, seat)
        best = choices[0]
        mine = next((v for v in choices if v.card == card), None)
        if mine is None or (mine is not best and not just_as_good(best, mine)):
            worth = f"{mine.expected:.2f}" if mine is not None else "nothing"
            found.append((where + " plays", f"{where}: seeing only the learner's cards, the "
                                            f"computer's best card is {best.card} "
                                            f"({best.expected:.2f} points on average), and "
                                            f"{card} brings {worth}: play a card the hint "
                                            "agrees with"))
    return found


def _choices(hints: SessionHints, state: HandState, seat: int) -> List[Any]:
    """The hint's figures for each card ``seat`` may play (no renege), best first."""
    allowed = set(may_play(state))
    return [v for v in hints.values(state, seat).choices if v.card in allowed]


def _seen_in(step: Step, texts: List[Tuple[str, str]], state: HandState, when: str,
             found: Found) -> None:
    """Each text names only cards the learner can see in ``state``."""
    seen = state.view(step.learner).seen_cards()
    for key, text in texts:
        hidden = sorted(str(c) for c in named_cards(text) - seen)
        if hidden:
            found.append((key, f"{key} names {' '.join(hidden)}, which the learner cannot see "
                               f"{when}"))


# -- the run ----------------------------------------------------------------------------------

class HandRun(PositionRun):
    """A whole hand: the learner plays their seat, the others play the lesson's cards (or
    the bots' once the learner has left the lesson's hand), a comment after each trick;
    then the open replay."""

    hand_below = True
    can_retry = True

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.start = self.state
        self.script = script(step)
        #: One table of values for the hints and the judging of cards (the learner's view).
        self.hints = SessionHints(worlds=HIDDEN_WORLDS)
        #: The trick at which the learner's hand left the lesson's (None: it has not).
        self.left: Optional[int] = None
        #: The open replay's place on show (0: the deal, N: after trick N); None: not open.
        self.replay: Optional[int] = None
        self.news: List[str] = []
        self._others()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "HandRun":
        """A copy to try an answer on (the walk's wrong answer); the table of values is
        shared: it holds the solver, and what it knows is the same for both."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        for key, value in self.__dict__.items():
            if key != "hints":
                setattr(twin, key, copy.deepcopy(value, memo))
        return twin

    # -- the hand -------------------------------------------------------------------------

    @property
    def on_script(self) -> bool:
        return self.left is None

    def trick_number(self, state: Optional[HandState] = None) -> int:
        """The trick under way (1 for the first)."""
        state = state or self.state
        return state.rules.tricks - state.tricks_left + 1

    def expected(self) -> Optional[Card]:
        """The lesson's card for the learner now (None off the lesson's hand, or when it is
        not the learner's turn)."""
        if not self.on_script or self.state.to_move != self.step.seat:
            return None
        return self.script[len(played(self.start, self.state))]

    def view(self, state: Optional[HandState] = None) -> SeatView:
        return (state or self.state).view(self.step.learner)

    def _others(self) -> None:
        """The others' cards, until the learner is to play or the hand is over."""
        while not self.state.is_over() and self.state.to_move != self.step.seat:
            self._play(self._their_card(self.state))

    def _their_card(self, state: HandState) -> Card:
        """The lesson's card on its hand; else the bot's, seeing only its own cards (seeded
        by what it sees: the same view plays the same card)."""
        if self.on_script:
            return self.script[len(played(self.start, state))]
        return bot_card(state)

    def _play(self, card: Card) -> None:
        """Play a card; when it ends a trick, say what the trick tells."""
        before = len(self.state.tricks)
        self.state = self.state.apply(card)
        if len(self.state.tricks) > before:
            self.news.append(self._comment(len(self.state.tricks) - len(self.start.tricks)))

    def _comment(self, number: int) -> str:
        """The comment after trick ``number``: the lesson's, while the trick was the
        lesson's, else what the learner's view tells."""
        note = self.step.tricks[number - 1]
        trick = self.state.tricks[-1]
        if self.on_script and tuple(trick.cards) == note.plays:
            comment = note.comment
        else:
            comment = trick_news(self.view(), step_players(self.state, self.step))
        return _("Trick {number}: {comment}").format(number=number, comment=comment)

    def _answer(self, value: Any) -> Feedback:
        self.replay = None
        card = parse_card(str(value))
        why = follow_words(self.state, card)
        if why:
            return Feedback(False, why + " " + self._wrong_words(card))
        if card not in may_play(self.state):
            return Feedback(False, _("You do not hold {card}.").format(card=card_text(card)))
        self.news = []
        lesson = self.expected()
        if card == lesson:
            self._play(card)
            self._others()
            return self._told()
        verdict = self._judge(card)
        if verdict.mistake:
            self.out = self._played_out(card)
            said = [self.played_out_words(self.out), judgement_words(verdict),
                    self._wrong_words(card)]
            return Feedback(False, " ".join(t for t in said if t))
        # off the lesson's hand a good card goes on quietly; a card a little worse says so
        said = [judgement_words(verdict)] if lesson is not None or verdict.slip else []
        said.append(self._wrong_words(card))
        if lesson is not None:
            self.left = self.trick_number()
            said.append(_("The lesson's hand went on with {card}. Now it goes on from yours: "
                          "the others play as the computer does, and the comments say what "
                          "you can see.").format(card=card_text(lesson)))
        self._play(card)
        self._others()
        return self._told(" ".join(t for t in said if t))

    def _wrong_words(self, card: Card) -> str:
        """The lesson's words on this card at this trick (while on its hand)."""
        if not self.on_script or self.state.is_over():
            return ""
        return self.step.tricks[self.trick_number() - 1].wrong.get(str(card), "")

    def _judge(self, card: Card) -> Any:
        """The card judged from the learner's view, by the hint's figures."""
        valued = _choices(self.hints, self.state, self.step.learner)
        return judge([Choice(v.card, v.win_chance, v.expected) for v in valued], card)

    def _played_out(self, card: Card) -> PlayedOut:
        """A mistake played to the end: the learner's other cards by the hint, the others'
        by the bots (nobody sees a card they should not)."""
        end = self.state.apply(card)
        while not end.is_over():
            if end.to_move == self.step.seat:
                end = end.apply(_choices(self.hints, end, self.step.learner)[0].card)
            else:
                end = end.apply(bot_card(end))
        return PlayedOut(self.state, card, end)

    def _told(self, first: str = "") -> Feedback:
        """The feedback after the learner's card: what the learner is told, the tricks'
        comments, and at the end the result."""
        said = [first] + self.news
        if not self.state.is_over():
            return Feedback(True, " ".join(t for t in said if t))
        if self.on_script:  # the last trick's comment says how the hand ended
            said.append(self.step.right)
        else:
            result = self.state.result
            assert result is not None, "the hand is over"
            said.append(result.words(step_players(self.state, self.step)))
            said.append(_("Your hand left the lesson's at trick {number}. See every hand to "
                          "find out what the others held.").format(number=self.left))
        return Feedback(True, " ".join(t for t in said if t), True)

    # -- what the player shows ---------------------------------------------------------------

    def states(self) -> List[HandState]:
        """The hand as played, for the replay: the deal, then the table after each trick."""
        out, state = [self.start], self.start
        for _seat, move in self.state.history[len(self.start.history):]:
            state = state.apply(move)
            if not state.current_trick:
                out.append(state)
        return out

    def open_replay(self) -> None:
        self.replay = 0

    def step_replay(self, by: int) -> None:
        assert self.replay is not None
        self.replay = max(0, min(self.replay + by, len(self.states()) - 1))

    def picture(self) -> str:
        if self.replay is None:
            return super().picture()
        state = self.states()[self.replay]
        players = step_players(state, self.step)
        table = table_html(state, list(players), self.step.learner, show_own=True,
                           open_hands=True)
        where = (_("Every hand face up, as dealt.") if self.replay == 0 else
                 _("Every hand face up, after trick {number}.").format(number=self.replay))
        return (f"<div class='sp-replay'><p><b>{where}</b></p>{md(self.step.replay)}</div>"
                f"{table}")

    def answers(self) -> Answers:
        if self.out is not None:
            return self.try_again_answers()
        if self.replay is not None:
            last = len(self.states()) - 1
            return Answers(tools=(
                Tool(_("Previous trick"), lambda: self.step_replay(-1), self.replay == 0),
                Tool(_("Next trick"), lambda: self.step_replay(1), self.replay == last)))
        if self.state.is_over():
            return Answers(tools=(Tool(_("See every hand"), self.open_replay),))
        return hand_answers(self.state, self.step)

    def hint(self) -> str:
        """The idea at this decision: the lesson's words for the trick while on its hand,
        else the idea read off the learner's view."""
        if self.state.is_over() or self.state.to_move != self.step.seat:
            return self.step.hint
        if self.on_script:
            note = self.step.tricks[self.trick_number() - 1]
            return note.hint or self.step.hint
        return self.ladder().idea.text

    def ladder(self, card: Optional[Card] = None) -> voice.Ladder:
        """The Play page's ladder for the learner's view now (``card``: the lesson's)."""
        return self.hints.view_ladder(self.view(), step_players(self.state, self.step),
                                      card=card)


def bot_card(state: HandState) -> Card:
    """The card the bot of the seat to move plays, seeing only its own cards: seeded by
    its view, so the same view plays the same card every time."""
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    move = ExpertBot(zlib.crc32(view_key(view).encode()), worlds=BOT_WORLDS).choose(view)
    assert isinstance(move, Card), "in play a bot plays a card"
    return move


def nudge(live: StepRun) -> str:
    """The lesson's nudge for this trick, or the idea behind its card, or (off its hand)
    the nudge of the learner's view: never a card."""
    assert isinstance(live, HandRun)
    if live.state.is_over() or live.state.to_move != live.step.seat:
        return _(voice.NUDGES["figures"])
    lesson = live.expected()
    if lesson is None:
        return live.ladder().nudge.text
    note = live.step.tricks[live.trick_number() - 1]
    return note.nudge or voice.nudge(view_reason(live.view(), lesson))


def answer(live: StepRun) -> str:
    """The computer's card from the learner's view (the lesson's card, while on its hand)."""
    assert isinstance(live, HandRun)
    if live.state.is_over() or live.state.to_move != live.step.seat:
        return live.step.right
    return live.ladder(live.expected()).answer.text


register(StepKind("hand", question=True, keys=frozenset({"trick", "replay"}), check=check,
                  run=HandRun, nudge=nudge, answer=answer))
