"""``pick_card``: the learner clicks a card of their hand; ``goal`` ``legal`` (any
legal card), ``all_legal`` (every legal card), ``win`` (the cards that win the trick,
playing last), ``best`` (the solver's best), ``stop`` (the cards that hold the seat
``stop``, a player near the target, to the fewest points it can make sure of) or
``card`` (the listed cards).

A card that breaks the follow-suit rule is refused with the rule's reason. A wrong but
legal card is played out (:mod:`..playout`): the trick in a ``win`` question, else the
rest of the hand, with the points compared with the best card's; then "Try again"."""

from __future__ import annotations

from typing import Any, FrozenSet, Optional, Set

from ...engine.errors import shown
from ...engine.cards import SUIT_NAMES, SUIT_SINGULAR, Card, parse_card
from ...solver import solve, voice
from ...engine.state import PLAY, HandState, trick_winner
from ...engine.words import card_text
from .. import guarantees
from ..check import Found, cards_in, learner_to_move, need_position, need_seat, wrong_keys
from ..model import Step
from ..playout import finish_trick, play_out
from ..rungs import answer_is, answer_of, computer_card, computer_nudge, first_answer_card
from ..steps import (Answers, Feedback, PositionRun, StepRun, Tool, follow_words,
                     hand_answers, parse_answer_cards, points_words, step_players, symbols)
from .base import StepKind, register
from ...i18n import _, ngettext


def check(step: Step, found: Found) -> None:
    """Every expected card is legal; ``win`` cards win; ``best`` is exactly the solver's
    set of best cards (and not every legal card)."""
    state = need_position(step, found)
    if state is None or not learner_to_move(step, state, PLAY, found):
        return
    goal = step.extra.get("goal", "legal")
    hand = {str(c) for c in state.hand(step.learner)}
    legal = {str(c) for c in state.legal_cards()}
    if goal in ("legal", "all_legal"):
        right = legal
        if legal == hand and goal == "legal":
            found.append(("position", "every card is legal here, so there is nothing to learn"))
    elif goal == "win":
        if len(state.current_trick) != state.players - 1:
            found.append(("position", "a 'win' question needs the learner to play last to the trick"))
            return
        right = {c for c in legal if trick_winner(state.rules, state.leader, state.current_trick
                                                  + (parse_card(c),), state.players) == step.seat}
        answer = {str(c) for c in cards_in(step.answer, "answer", found)}
        if answer != right:
            found.append(("answer", f"the cards that win this trick are "
                                    f"{' '.join(sorted(right)) or 'none'}, not {' '.join(sorted(answer))}"))
    elif goal == "stop":
        stopped = _check_stop(step, state, legal, found)
        if stopped is None:
            return
        right = stopped
        answer = {str(c) for c in cards_in(step.answer, "answer", found)}
        if answer != right:
            found.append(("answer", f"the cards that hold seat {step.extra['stop']} to the fewest "
                                    f"points are {' '.join(sorted(right))}, not "
                                    f"{' '.join(sorted(answer))}"))
    elif goal in ("best", "card"):
        answer = {str(c) for c in cards_in(step.answer, "answer", found)}
        for c in sorted(answer - legal):
            found.append(("answer", f"{c} cannot be played here: {state.explain_illegal(parse_card(c))}"))
        if goal == "best" and answer <= legal:
            best, value = guarantees.best_moves(state, step.learner)
            best_set = {str(c) for c in best}
            if answer != best_set:
                found.append(("answer", f"the solver's best cards are {' '.join(sorted(best_set))} "
                                        f"(guaranteeing {value} points), not {' '.join(sorted(answer))}"))
            if best_set == legal:
                found.append(("answer", "every legal card is equally good: not a 'best card' question"))
        right = answer
    else:
        found.append(("goal", f"'goal' must be legal, all_legal, win, best, stop or card, not "
                              f"{shown(goal)}"))
        return
    wrong_keys(step, found, hand | {"illegal", "legal"}, right)


def _check_stop(step: Step, state: HandState, legal: Set[str], found: Found) -> Optional[Set[str]]:
    """The legal cards after which seat ``stop`` can make sure of the fewest points (the
    others playing against it, every hand open), or None (and a problem)."""
    stop = need_seat(step, state, "stop", found, "the seat of another player", other=True)
    if stop is None:
        return None
    values = {c: guarantees.guaranteed(state.apply(parse_card(c)), stop) for c in legal}
    low = min(values.values())
    right = {c for c, v in values.items() if v == low}
    if right == legal:
        found.append(("answer", f"every legal card holds seat {stop} to {low} points: not a "
                                "'stop' question"))
        return None
    return right


class PickCardRun(PositionRun):
    """Click a card to play: any legal card, or the best one (solver-checked)."""

    hand_below = True

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.position = self.state
        self.goal: str = step.extra.get("goal", "legal")
        self.can_retry = self.goal == "all_legal"
        self.found: Set[Card] = set()
        #: A right card the lesson's story does not go on with (the next step goes on
        #: from ``step.story``): the learner is told what it does, and offered the story's.
        self.off_story: Optional[Card] = None
        self.targets: FrozenSet[Card]
        if self.goal in ("legal", "all_legal"):
            self.targets = frozenset(self.state.legal_cards())
        else:
            self.targets = parse_answer_cards(step.answer)

    def _answer(self, value: Any) -> Feedback:
        card = parse_card(str(value))
        if card in self.targets and self.goal == "all_legal":
            self.found.add(card)
            left = len(self.targets - self.found)
            if left:
                return Feedback(True, ngettext("Yes, you may play {card}. {left} more to find.",
                                               "Yes, you may play {card}. {left} more to find.",
                                               left).format(card=card_text(card), left=left))
            return self._right()
        if card in self.targets:
            if self.goal != "all_legal":
                self.state = self.state.apply(card)  # show the card on the table
            story = self.step.story
            if story is not None and story != str(card):
                self.off_story = card
                return Feedback(True, self._off_story_words(card, parse_card(story)), True)
            return self._right()
        why = follow_words(self.state, card)
        if why:
            return self._wrong(card if str(card) in self.step.wrong else "illegal",
                               _("That breaks the follow-suit rule."), why)
        return self._play_out(card)

    def _off_story_words(self, card: Card, story: Card) -> str:
        """A right card that is not the one the lesson's hand goes on with: what the card
        really played does (the step's own words are about the story's card), that it is
        as good, and where the lesson goes on from."""
        players = step_players(self.position, self.step)
        does = voice.card_sentence(solve(self.position).reason(card), players)
        said = _("{card} is just as good as {story}, the lesson's card.").format(
            card=card_text(card), story=card_text(story))
        goes_on = _("The next steps go on from {story}. Play it instead, or press Next: the "
                    "lesson will say where its hand differs from yours.").format(
                        story=card_text(story))
        return f"{said} {does} {goes_on}"

    def take_back(self) -> None:
        """Play the story's card instead of the right card the learner played."""
        if self.off_story is None or self.step.story is None:
            return
        self.off_story = None
        self.state = self.position.apply(parse_card(self.step.story))

    def _play_out(self, card: Card) -> Feedback:
        """A wrong but legal card played out (:mod:`..playout`): to the end of its trick
        in a "win" question, else to the end of the hand, compared with the best card."""
        key = card if str(card) in self.step.wrong else "legal"
        learner = self.step.learner
        if self.goal == "win":
            self.out = finish_trick(self.state, card)
            trick = self.out.end.tricks[-1]
            win = trick.winning_card(self.state.players)
            assert trick.winner is not None and win is not None, "a finished trick has a winner"
            won = step_players(self.state, self.step).say(
                _("You won the trick with {card}."), _("{player} won the trick with {card}."),
                trick.winner, card=win)
            # Translators: a wrong card played to a lesson's trick, then who won the trick
            played = _("You played {card}. {won}").format(card=card_text(card), won=won)
            return self._wrong(key, _("That card is allowed, but it is not the one asked for."),
                               played)
        # a card that does not stop a player is played out as that player's best line
        self.out = play_out(self.state, card,
                            int(self.step.extra["stop"]) if self.goal == "stop" else learner)
        extra = self.played_out_words(self.out)
        if self.goal == "best":
            end = self.out.end.result
            assert end is not None, "a hand played out is over"
            best = points_words(guarantees.guaranteed(self.position, learner))
            if end.winner != learner:  # else the result has said the learner's points
                extra += " " + _("You scored {points}.").format(
                    points=points_words(end.points[learner]))
            # the lesson's words on the card come between: "then nobody can follow..."
            # read as the best card's story when they came after it
            return self._wrong(key, "", extra,
                               _("The best card makes sure of {best}.").format(best=best))
        return self._wrong(key, _("That card is allowed, but it is not the one asked for."), extra)

    def answers(self) -> Answers:
        if self.out is not None:
            return self.try_again_answers()
        if self.off_story is not None and self.step.story is not None:
            story = card_text(parse_card(self.step.story))
            return Answers(tools=(Tool(_("Play {card} instead, as the lesson does").format(
                card=story), self.take_back, fresh=True),))
        return hand_answers(self.state, self.step, self.found)


def nudge(live: StepRun) -> str:
    """Which suit was led (any legal card), what beats the trick (win), or the idea behind
    the answer card (best, card)."""
    assert isinstance(live, PickCardRun)
    if live.goal in ("legal", "all_legal"):
        return _(voice.NUDGES["follow_suit"])
    if live.goal == "win":
        return _("Which card is winning the trick so far? Which of yours can beat it?")
    if live.goal == "stop":
        return _("Who is closest to the target? After each of your cards, who could win the "
                 "last trick?")
    return computer_nudge(live, live.position, first_answer_card(live.step, live.position))


def answer(live: StepRun) -> str:
    """The cards that may be played and why, the cards that win the trick and why, or the
    answer card with what it does."""
    assert isinstance(live, PickCardRun)
    state = live.position
    led = state.current_trick[0].suit if state.current_trick else ""
    cards = symbols(sorted(live.targets, key=lambda c: c.index))
    if live.goal in ("legal", "all_legal") and led:
        return _("You may play {cards}: {suits} were led, and you must follow suit.").format(
            cards=cards, suits=_(SUIT_NAMES[led]))
    if live.goal == "win" and led:
        top = max((c for c in state.current_trick if c.suit == led), key=lambda c: c.rank)
        return ngettext("{cards} wins the trick: it beats {card}, the highest {suit} on the "
                        "table.", "{cards} win the trick: each beats {card}, the highest "
                        "{suit} on the table.", len(live.targets)).format(
                            cards=cards, card=card_text(top), suit=_(SUIT_SINGULAR[led]))
    if live.goal == "stop":
        return answer_is(live, answer_of(live.step))
    return computer_card(live, state, first_answer_card(live.step, state))


register(StepKind("pick_card", question=True, keys=frozenset({"goal", "stop"}), check=check,
                  run=PickCardRun, nudge=nudge, answer=answer))
