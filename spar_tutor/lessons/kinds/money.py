"""``money``: the hand in the position is over; the learner clicks what one player (``who``)
pays or gets in all, stakes and bets together. ``bets`` lists the hand's bets (``{ seat,
amount, matched = [...] }``); the stake is the rules' (``ghana_table``: 1 a point).

The answer is what the engine's match ledger moves (:meth:`spar_tutor.engine.match.Match.
record`): every other player pays the winner the points times the stake; an offside
player pays 3 stakes to each other player; a bettor who wins takes the bet's money, and
when anyone else wins (or the hand ends offside) every bettor takes their own back. The
right answer is followed by what each player pays or gets.
"""

from __future__ import annotations

from typing import Any, List, Tuple

from ...engine.errors import SparError, shown
from ...engine.match import Bet, Match
from ...engine.state import HandState
from ...engine.words import Players
from ...i18n import _
from ...i18n.money import money
from ...render.text import md
from ...session.bets import bet_words
from ..check import Found, need_finished_hand, need_seat, wrong_keys
from ..model import Step
from ..rungs import answer_is
from ..steps import Answers, ChoiceRun, Feedback, StepRun, step_players
from .base import StepKind, register


def the_bets(step: Step) -> List[Bet]:
    """The hand's bets as the step gives them (unchecked)."""
    return [Bet(b.get("seat", -1), b.get("amount", 0), tuple(b.get("matched", ())))
            for b in step.extra.get("bets", ()) if isinstance(b, dict)]


def ledger(state: HandState, bets: List[Bet]) -> Tuple[int, ...]:
    """What each seat pays (negative) or gets, stakes and bets, by the engine's match."""
    match = Match.new(state.rules, state.players, dealer=state.dealer)
    return match.record(state, bets).history[-1].money


def check(step: Step, found: Found) -> None:
    """A finished hand with stakes or bets; the answer is the engine's ledger for ``who``."""
    state = need_finished_hand(step, found)
    if state is None:
        return
    raw = step.extra.get("bets", [])
    if not isinstance(raw, list) or not all(isinstance(b, dict) for b in raw):
        found.append(("bets", "'bets' lists bets as { seat = 0, amount = 10, matched = [1] }"))
        return
    bets = the_bets(step)
    if not state.rules.stake and not bets:
        found.append(("position", "these rules have no stake, and the step no bet: nothing is paid"))
        return
    try:
        moved = ledger(state, bets)
    except SparError as e:
        found.append(("bets", f"bets: {e.reason}"))
        return
    who = need_seat(step, state, "who", found, "the seat asked about")
    if who is None:
        return
    if step.answer != moved[who]:
        found.append(("answer", f"the engine moves {moved[who]} for seat {who} (all seats: "
                                f"{list(moved)}), not {shown(step.answer)}"))
    options = [o for o in step.options if isinstance(o, int) and not isinstance(o, bool)]
    if len(options) != len(step.options) or len(options) < 2:
        found.append(("options", "a money step's options are at least two whole amounts"))
    elif step.answer not in options:
        found.append(("options", "the options must include the answer"))
    wrong_keys(step, found, {str(o) for o in step.options}, {str(step.answer)})


def paid_words(players: Players, seat: int, amount: int) -> str:
    """An answer's label: "Kofi pays 9 cedis", "You get 3 cedis", "Ama pays nothing and
    gets nothing"."""
    if amount > 0:
        return players.say(_("You get {amount}"), _("{player} gets {amount}"), seat,
                           amount=money(amount))
    if amount < 0:
        return players.say(_("You pay {amount}"), _("{player} pays {amount}"), seat,
                           amount=money(-amount))
    return players.say(_("You pay nothing and get nothing"),
                       _("{player} pays nothing and gets nothing"), seat)


def everyone_words(players: Players, moved: Tuple[int, ...]) -> str:
    """What every player pays or gets, in play order, as one sentence."""
    said = []
    for seat, amount in enumerate(moved):
        if amount > 0:
            said.append(players.say(_("you get {amount}"), _("{player} gets {amount}"), seat,
                                    amount=money(amount)))
        elif amount < 0:
            said.append(players.say(_("you pay {amount}"), _("{player} pays {amount}"), seat,
                                    amount=money(-amount)))
        else:
            said.append(players.say(_("you pay nothing"), _("{player} pays nothing"), seat))
    # Translators: after a money question, e.g. "In all: you pay 13 cedis, Ama gets 29 cedis."
    return _("In all: {list}.").format(list=_(", ").join(said))


class MoneyRun(ChoiceRun):
    """What one player pays or gets in all: the options are said as sentences."""

    def __init__(self, step: Step) -> None:
        super().__init__(step)
        self.hand = step.state()
        self.bets = the_bets(step)
        self.players = step_players(self.hand, step)
        self.who: int = step.extra.get("who", 0)

    def label(self, amount: Any) -> str:
        return paid_words(self.players, self.who, int(amount))

    def answers(self) -> Answers:
        return Answers(choices=tuple((self.label(o), o) for o in self.step.options))

    def everyone(self) -> str:
        """What every player pays or gets, in play order."""
        return everyone_words(self.players, ledger(self.hand, self.bets))

    def _right(self, extra: str = "") -> Feedback:
        return super()._right(self.everyone())

    def picture(self) -> str:
        """The finished hand, and the bets under it."""
        lines = [bet_words(self.players, b, _("You offered a bet of {amount}: matched by "
                                              "{names}."),
                           _("{player} offered a bet of {amount}: matched by {names}."))
                 for b in self.bets if b.accepted_by]
        stake = self.hand.rules.stake
        if stake:
            lines.insert(0, _("The stake is {amount} a point.").format(amount=money(stake)))
        return super().picture() + "".join(f"<p>{md(line)}</p>" for line in lines)


def nudge(live: StepRun) -> str:
    """Who won, and whether the winner was in a bet."""
    result = live.step.state().result
    if result is not None and result.offender is not None:
        return _("Who was caught? What does that player pay each of the others?")
    return _("Who won the hand, and how many points? Was the winner in a bet?")


def answer(live: StepRun) -> str:
    """The amount as its button says, with the step's reason, and everyone's."""
    assert isinstance(live, MoneyRun)
    return f"{answer_is(live, live.label(live.step.answer))} {live.everyone()}"


register(StepKind("money", question=True, keys=frozenset({"who", "bets"}), check=check,
                  run=MoneyRun, nudge=nudge, answer=answer))
