"""``decide``: the table's decisions that are not card play, made on a real position with
the learner's cards in view: exchange an under-ten hand or keep it, answer a bet that
another player offers, ask to see the under card, and the cards played after them.

``answer`` lists the learner's decisions in order: ``"under ten"`` or ``"pass"`` (keep
the hand), ``"match"`` or ``"decline"`` (the step's ``bet``: ``{ seat, amount }``,
offered before the first lead), ``"under card"``, and cards (``"QH"``). Each is checked
when the lesson loads: the engine allows it at that point; an under-ten choice is the
one the solver's hidden-card values put first (:func:`spar_tutor.solver.prelead_values`
from the learner's view, ``worlds`` and ``seed``; the win chances the step may state for it
and the next choice, ``chances``, are checked as ``odds`` checks them); a bet answer is the one the betting
rule gives for the learner's chance of winning the hand
(:func:`spar_tutor.session.bets.should_match`, the chance from
:func:`spar_tutor.solver.prelead.hand_chance`, seeded); a card is one of the solver's
best. Asking for the under card is checked by the engine only (everyone sees the card,
so no outcome changes).

The learner clicks the decisions as Play labels them ("Exchange my hand", "Match 10
cedis", "Show the under card") or their cards; each right decision is made on the table
(the new hand, the under card, the bet matched), so the learner sees what it does.
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

from ...engine.cards import Card, parse_card, sort_hand
from ...engine.errors import SparError
from ...engine.match import Bet, Match
from ...engine.state import DECLARE, PLAY, UNDER_TEN, Action, HandState, Move, parse_move
from ...engine.words import card_text
from ...i18n import _
from ...i18n.money import money
from ...render.text import md
from ...session.bets import should_match
from ...session.coach import BETS, decision_rungs, offer_label
from ...solver import prelead_values
from ...solver.prelead import hand_chance
from .. import guarantees
from ..check import Found, need_position, wrong_keys
from ..model import Step
from ..rungs import answer_is, computer_nudge
from ..steps import Answers, Feedback, PositionRun, StepRun, follow_words, step_players
from .base import StepKind, register
from .odds import TOLERANCE, stated

#: The answers to the step's bet.
BET_ANSWERS = ("match", "decline")
#: The solver's deals for an under-ten choice or a bet, unless the step says.
WORLDS, SEED = 300, 7


def the_bet(step: Step) -> Optional[Bet]:
    """The bet offered to the learner (``bet = { seat, amount }``), or None."""
    bet = step.extra.get("bet")
    if not isinstance(bet, dict):
        return None
    return Bet(bet.get("seat"), bet.get("amount"))  # type: ignore[arg-type]


def bet_label(bet: Bet, answer: str) -> str:
    """The button of a bet answer, as Play says it: "Match 10 cedis" or "Decline"."""
    return _("Match {amount}").format(amount=money(bet.amount)) if answer == "match" \
        else _("Decline")


def bet_truth(state: HandState, seat: int, bet: Bet, worlds: int, seed: int) -> Tuple[str, float]:
    """"match" or "decline", as the betting rule answers ``bet`` for ``seat``, and the
    seat's chance of winning the hand that it rests on."""
    chance = hand_chance(state.view(seat), worlds=worlds, seed=seed).win_chance
    matched = should_match(chance, state.players, bet.amount, state.rules.buy_in)
    return ("match" if matched else "decline"), chance


def check(step: Step, found: Found) -> None:
    """Every decision is allowed when it comes, and is the solver's (under ten, cards) or
    the betting rule's (a bet)."""
    state = need_position(step, found)
    if state is None:
        return
    if state.is_over():
        found.append(("position", "a decide step needs a decision to make: the hand is over"))
        return
    if step.seat is None:
        step.seat = state.to_move
    seat = step.learner
    answer = step.answer
    if not isinstance(answer, list) or not answer or not all(isinstance(a, str) for a in answer):
        found.append(("answer", "'answer' lists the decisions in order, e.g. [\"under ten\"] or "
                                "[\"match\"]"))
        return
    worlds, seed = step.extra.get("worlds", WORLDS), step.extra.get("seed", SEED)
    if not isinstance(worlds, int) or worlds < 40 or not isinstance(seed, int):
        found.append(("worlds", "'worlds' is a whole number of 40 or more, 'seed' a whole number"))
        return
    bet = the_bet(step)
    if not _bet_sound(step, state, bet, found):
        return
    allowed, right = set(BET_ANSWERS) if bet else set(), set()
    for i, text in enumerate(answer):
        if text in BET_ANSWERS:
            if i != 0 or bet is None:
                found.append(("answer", f"{text} answers the step's 'bet', and comes first"))
                return
            truth, chance = bet_truth(state, seat, bet, worlds, seed)
            if text != truth:
                found.append(("answer", f"with a chance of {chance:.0%} to win the hand the "
                                        f"betting rule says {truth}, not {text}"))
            right.add(text)
            continue
        if i == 0 and bet is not None:
            found.append(("answer", "the step's bet is answered first: match or decline"))
            return
        try:
            move = parse_move(text)
        except SparError as e:
            found.append(("answer", f"answer: {e.reason}"))
            return
        if state.to_move != seat:
            found.append(("answer", f"after {answer[i - 1]} seat {state.to_move} is to move, "
                                    f"not the learner (seat {seat})"))
            return
        allowed |= {str(m) for m in state.legal_moves()} | {str(c) for c in state.hand(seat)}
        why = state.explain_illegal(move)
        if why:
            found.append(("answer", f"{move} is not allowed: {why}"))
            return
        if not _solver_agrees(step, state, seat, move, worlds, seed, found):
            return
        right.add(str(move))
        state = state.apply(move)
    wrong_keys(step, found, allowed | {"illegal"}, right)


def _bet_sound(step: Step, state: HandState, bet: Optional[Bet], found: Found) -> bool:
    """A bet offered before the first lead, by another seat, that the engine accepts."""
    if "bet" in step.extra and bet is None:
        found.append(("bet", "'bet' is { seat = ..., amount = ... }"))
        return False
    if bet is None:
        return True
    if state.phase != PLAY or state.plays_made or state.tricks:
        found.append(("bet", "a bet is answered before the first lead: the position must be "
                             "at the first lead, with no card played"))
        return False
    if bet.seat == step.seat:
        found.append(("bet", "the bet is offered to the learner by another seat"))
        return False
    try:
        Match.new(state.rules, state.players, dealer=state.dealer).check_bets(
            [bet._replace(accepted_by=(step.learner,))])
    except SparError as e:
        found.append(("bet", f"bet: {e.reason}"))
        return False
    return True


def _solver_agrees(step: Step, state: HandState, seat: int, move: Move, worlds: int, seed: int,
                   found: Found) -> bool:
    """The under-ten choice the solver puts first (and the chances the step states for it
    and the next choice), or one of its best cards."""
    if state.phase in (UNDER_TEN, DECLARE):
        values = prelead_values(state.view(seat), worlds=worlds, seed=seed)
        top = values[0]
        if top.action != move:
            found.append(("answer", f"the solver's first choice is {top.action} (it wins "
                                    f"{top.win_chance:.0%} of its deals), not {move}"))
            return False
        if "chances" in step.extra and len(values) > 1:
            words = " ".join((step.text, step.prompt, step.hint, step.right, *step.wrong.values()))
            compare = [top.action, values[1].action]
            stated(step.extra["chances"], "chances", [top.win_chance, values[1].win_chance],
                   TOLERANCE["chance"], compare, words, found, percent=True)
    elif isinstance(move, Card):
        best, value = guarantees.best_moves(state, seat)
        if move not in best:
            found.append(("answer", f"the solver's best cards are "
                                    f"{' '.join(sorted(str(m) for m in best))} (guaranteeing "
                                    f"{value} points), not {move}"))
            return False
    return True


class DecideRun(PositionRun):
    """The decisions in order; each right one is made on the table."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.todo: List[str] = list(step.answer or ())
        self.bet = the_bet(step)
        #: "match" or "decline" once the learner has answered the bet.
        self.bet_answer: Optional[str] = None

    @property
    def bet_open(self) -> bool:
        return self.bet is not None and self.bet_answer is None

    @property
    def hand_below(self) -> bool:  # type: ignore[override]
        """The learner's cards are buttons while a card may be played, else in the table."""
        return bool(self.todo) and not self.bet_open and self.state.phase == PLAY

    def _answer(self, value: Any) -> Feedback:
        text = str(value)
        want = self.todo[0] if self.todo else None
        if text in BET_ANSWERS:
            if text != want:
                return self._wrong(text, _("Think again about your chance of winning this hand."))
            self.bet_answer = text
            return self._made(text)
        move = parse_move(text)
        if self.bet_open:
            return Feedback(False, _("First answer the bet."))
        if isinstance(move, Card):
            why = follow_words(self.state, move)
            if why:
                return self._wrong(move if text in self.step.wrong else "illegal",
                                   _("That breaks the follow-suit rule."), why)
        if want is None or move != parse_move(want):
            return self._wrong(move, _("Not that one. Try again, or ask for a hint."))
        self.state = self.state.apply(move)
        return self._made(text)

    def _made(self, text: str) -> Feedback:
        """A right decision made: the step's words if it is done, else what comes next,
        and what the decision showed (the under card)."""
        self.todo.pop(0)
        said = ""
        if text == "under card" and self.state.under_card is not None:
            said = _("Everyone now sees the under card: {card}. Nobody holds it.").format(
                card=card_text(self.state.under_card))
        if not self.todo:
            return self._right(said)
        return Feedback(True, " ".join(t for t in (said or _("Done."),
                                                   _("Now the next decision.")) if t))

    def answers(self) -> Answers:
        state, seat = self.state, self.step.learner
        if not self.todo:
            return Answers()
        if self.bet_open:
            assert self.bet is not None
            return Answers(choices=tuple((bet_label(self.bet, a), a) for a in BET_ANSWERS))
        if state.to_move != seat:
            return Answers()
        has_dry = state.dry[seat] is not None
        choices = tuple((offer_label(m, state.phase, has_dry), str(m))
                        for m in state.legal_moves() if isinstance(m, Action))
        cards = tuple(sort_hand(state.hand(seat))) if state.phase == PLAY else ()
        return Answers(choices=choices, cards=cards)

    def picture(self) -> str:
        """The table, and the bet offered (and the learner's answer) under it."""
        bet = self.bet
        if bet is None:
            return super().picture()
        players = step_players(self.state, self.step)
        words = players.say(_("You offer a bet of {amount}."),
                            _("{player} offers a bet of {amount}."), bet.seat,
                            amount=money(bet.amount))
        if self.bet_answer == "match":
            words += " " + _("You match it.")
        elif self.bet_answer == "decline":
            words += " " + _("You decline it.")
        return super().picture() + f"<p>{md(words)}</p>"


def answer_labels(step: Step) -> List[str]:
    """The buttons a learner clicks to answer the step, in order (a card by its symbols)."""
    state = step.state()
    labels = []
    for text in step.answer or ():
        if text in BET_ANSWERS:
            bet = the_bet(step)
            assert bet is not None, "a bet answer needs the step's bet"
            labels.append(bet_label(bet, text))
            continue
        move = parse_move(text)
        labels.append(card_text(move) if isinstance(move, Card) else offer_label(
            move, state.phase, state.dry[step.learner] is not None))
        state = state.apply(move)
    return labels


def nudge(live: StepRun) -> str:
    """The question behind the decision now: the bet, under ten, or the card to play."""
    assert isinstance(live, DecideRun)
    state = live.state
    if live.bet_open:
        return _(BETS[0])
    if state.phase in (UNDER_TEN, DECLARE) and state.to_move == live.step.seat:
        return decision_rungs(state.view(live.step.learner))[0]
    want = live.todo[0] if live.todo else None
    if want is not None and isinstance(parse_move(want), Card):
        return computer_nudge(live, state, parse_card(want))
    return _("What could you learn before you play? Who else would learn it too?")


def answer(live: StepRun) -> str:
    """The decisions still to make, as their buttons say, with the step's reason."""
    assert isinstance(live, DecideRun)
    labels = answer_labels(live.step)[len(live.step.answer or ()) - len(live.todo):]
    said = labels[0] if labels else ""
    for label in labels[1:]:
        said = _("{first}, then {then}").format(first=said, then=label)
    return answer_is(live, said)


register(StepKind("decide", question=True, keys=frozenset({"bet", "worlds", "seed", "chances"}),
                  check=check, run=DecideRun, nudge=nudge, answer=answer))
