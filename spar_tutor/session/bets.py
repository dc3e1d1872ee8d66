"""The bets of one hand as a session plays them (RULES.md 2, 'Money': bets).

Before the first trick every seat may offer one bet and match the others'
offers. The engine checks every step (:meth:`Match.check_bets`: whole positive
amounts, nobody putting forward more money than they have); this module keeps
the round and the one betting rule that the bots follow, the level-3 hint advises
and the review judges by (:func:`offer_amount`, :func:`should_match`,
:func:`bet_is_mistake`):

* a seat's *chance* is the solver's :func:`~spar_tutor.solver.hand_chance` of
  its view (sampled deals, seeded): how often it wins the hand;
* it **offers** when its chance is at least ``OFFER_SHARE`` times a fair share
  (one in the number of players), more money the further above it is;
* it **matches** an offer it can afford when its chance is at least ``ACCEPT_SHARE``
  times a fair share, plus ``RISK`` times the share of its money the bet puts at
  risk: a weak hand matches nothing, a middling one only a small bet;
* a bet made (offered or matched) with a chance below a fair share is a mistake:
  on average it loses money.

Humans decide for themselves: the round stays open until every human who has
money left has offered a bet or said no, and answered every offer they can afford.
"""

from __future__ import annotations

import zlib
from typing import Any, Callable, Dict, List, Sequence, Set, Tuple

from ..engine.errors import IllegalMoveError
from ..engine.match import Bet, Match
from ..engine.state import HandState
from ..engine.words import Players
from ..i18n import _, join_names
from ..i18n.money import money as in_money

OFFER_SHARE = 1.6
ACCEPT_SHARE = 1.2
#: How much more chance a bettor needs per share of its money a bet puts at risk.
RISK = 0.5
#: The largest share of its money a seat offers.
MAX_OFFER = 0.25
BET_WORLDS = 40


def offer_amount(chance: float, players: int, money: int) -> int:
    """What a seat with ``chance`` of winning the hand offers (0: no bet), ``money`` in hand.

    >>> offer_amount(0.3, 4, 100), offer_amount(0.5, 4, 100), offer_amount(0.9, 4, 100)
    (0, 12, 25)
    """
    share = 1.0 / players
    if money <= 0 or chance < OFFER_SHARE * share:
        return 0
    return min(money, max(1, int(money * min(MAX_OFFER, (chance - share) / 2))))


def should_match(chance: float, players: int, amount: int, money: int) -> bool:
    """Whether a seat with ``chance`` and ``money`` it may still put forward matches a bet
    of ``amount``.

    >>> should_match(0.1, 4, 1, 100), should_match(0.4, 4, 5, 100), should_match(0.4, 4, 90, 100)
    (False, True, False)
    """
    if amount > money or money <= 0:
        return False
    return chance >= match_needs(players, amount, money)


def match_needs(players: int, amount: int, money: int) -> float:
    """The chance of winning the hand that matching a bet of ``amount`` needs, with
    ``money`` to put forward (a bigger bet, against less money, needs more).

    >>> round(match_needs(4, 13, 89), 2)
    0.37
    """
    return ACCEPT_SHARE / players + RISK * amount / max(money, 1)


def bet_is_mistake(chance: float, players: int) -> bool:
    """A bet made with this chance loses money on average (below a fair share)."""
    return chance < 1.0 / players


class BetRound:
    """The offers and answers of one hand's bets. Raises the engine's
    :class:`~spar_tutor.engine.errors.IllegalMoveError` for a bet it refuses."""

    def __init__(self, match: Match, humans: Sequence[int],
                 chance: Callable[[int], float]) -> None:
        self.match = match
        self.money = tuple(match.money)  # before the hand's bets are settled
        self.humans = list(humans)
        self._chance = chance
        self._chances: Dict[int, float] = {}
        self.bets: List[Bet] = []
        self.offered: Set[int] = set()  # seats that offered a bet or said no
        self.answered: Set[Tuple[int, int]] = set()  # (offer index, seat) decided
        self.closed = False

    # -- what each seat may do ------------------------------------------------------

    def chance(self, seat: int) -> float:
        """The seat's chance of winning the hand (asked of the solver once)."""
        if seat not in self._chances:
            self._chances[seat] = self._chance(seat)
        return self._chances[seat]

    def available(self, seat: int) -> int:
        """The money ``seat`` may still put forward in this round."""
        used = sum(b.amount for b in self.bets if b.seat == seat or seat in b.accepted_by)
        return self.match.money[seat] - used

    def could_answer_with(self, seat: int, index: int) -> int:
        """The most ``seat`` could have put forward when it answered offer ``index``: its
        money before the hand, less its other bets of the round (at most what it had then)."""
        used = sum(b.amount for i, b in enumerate(self.bets)
                   if i != index and (b.seat == seat or seat in b.accepted_by))
        return self.money[seat] - used

    def offer_due(self, seat: int) -> bool:
        return seat not in self.offered and self.available(seat) > 0

    def answers_due(self, seat: int) -> List[int]:
        """The offers ``seat`` still has to match or decline (those it can afford)."""
        return [i for i, b in enumerate(self.bets) if b.seat != seat
                and (i, seat) not in self.answered and b.amount <= self.available(seat)]

    def waiting_for(self) -> List[int]:
        """The humans who still have something to decide."""
        return [h for h in self.humans if self.offer_due(h) or self.answers_due(h)]

    # -- acting ---------------------------------------------------------------------------

    def open(self, bots: Sequence[int]) -> None:
        """The bots (in play order) offer, and answer each other's offers."""
        for seat in bots:
            amount = offer_amount(self.chance(seat), self.match.players, self.available(seat))
            if amount > 0:
                self._add(Bet(seat, amount))
                self._bots_answer(len(self.bets) - 1, bots)
            self.offered.add(seat)
        self._close_if_done()

    def offer(self, seat: int, amount: int, bots: Sequence[int]) -> Tuple[int, ...]:
        """``seat`` offers ``amount`` (0: no bet); the bots answer at once. Returns who matched."""
        if seat in self.offered:
            raise IllegalMoveError(_("seat {seat} has already made its offer this hand").format(
                seat=seat), seat=seat, rule="betting")
        if amount == 0:
            self.offered.add(seat)
            self._close_if_done()
            return ()
        self._add(Bet(seat, amount))
        self.offered.add(seat)
        self._bots_answer(len(self.bets) - 1, bots)
        self._close_if_done()
        return self.bets[-1].accepted_by

    def answer(self, seat: int, index: int, accept: bool) -> None:
        """``seat`` matches (``accept``) or declines offer number ``index``."""
        if not 0 <= index < len(self.bets) or self.bets[index].seat == seat \
                or (index, seat) in self.answered:
            raise IllegalMoveError(_("seat {seat} has no offer number {index} to answer").format(
                seat=seat, index=index), seat=seat, rule="betting")
        if accept:
            bet = self.bets[index]
            self._check(index, bet._replace(accepted_by=bet.accepted_by + (seat,)))
        self.answered.add((index, seat))
        self._close_if_done()

    def _bots_answer(self, index: int, bots: Sequence[int]) -> None:
        for seat in bots:
            bet = self.bets[index]
            if seat == bet.seat:
                continue
            self.answered.add((index, seat))
            if should_match(self.chance(seat), self.match.players, bet.amount,
                            self.available(seat)):
                self._check(index, bet._replace(accepted_by=bet.accepted_by + (seat,)))

    def _add(self, bet: Bet) -> None:
        self.match.check_bets(self.bets + [bet])
        self.bets.append(bet)

    def _check(self, index: int, bet: Bet) -> None:
        trial = self.bets[:index] + [bet] + self.bets[index + 1:]
        self.match.check_bets(trial)
        self.bets = trial

    def _close_if_done(self) -> None:
        self.closed = not self.waiting_for()

    # -- words ------------------------------------------------------------------------------

    def lines(self, players: Players) -> List[str]:
        """Each offer and who matched it, in words."""
        out = []
        for b in self.bets:
            if b.accepted_by:
                you, other = (_("You offer a bet of {amount}: matched by {names}."),
                              _("{player} offers a bet of {amount}: matched by {names}."))
            elif self.closed:
                you, other = (_("You offer a bet of {amount}: nobody matched it."),
                              _("{player} offers a bet of {amount}: nobody matched it."))
            else:
                you, other = (_("You offer a bet of {amount}: waiting for answers."),
                              _("{player} offers a bet of {amount}: waiting for answers."))
            out.append(bet_words(players, b, you, other))
        return out


def bet_words(players: Players, bet: Bet, you: str, other: str) -> str:
    """A sentence about ``bet``: ``you`` when the learner made it, else ``other``
    (placeholders ``{player}``, ``{amount}`` and ``{names}``, who matched it)."""
    return players.say(you, other, bet.seat, amount=in_money(bet.amount),
                       names=join_names([players.name(s) for s in bet.accepted_by]))


def bet_chance(solver: Any, state: HandState, seat: int, seed: str) -> float:
    """A bot's chance of winning the hand from its view of ``state`` (seeded)."""
    number = zlib.crc32(f"{seed}:{seat}".encode()) & 0xFFFFFFFF
    return float(solver.hand_chance(state.view(seat), worlds=BET_WORLDS, seed=number).win_chance)
