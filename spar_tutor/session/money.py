"""The cut and the bets of one hand (RULES.md 2, 'Cut' and 'Money').

A :class:`HandMoney` is the part of a :class:`~spar_tutor.session.GameSession`
that knows who cuts, whether a human cut is still awaited, and the betting
round (:class:`~spar_tutor.session.bets.BetRound`) that opens at the first
lead. It knows only the match before the hand (rules, dealer, everyone's money)
and which seats are human; the session hands it the learner's cut and bets and
deals, runs the bots and tells the observers itself.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, List, Optional, Sequence

from ..engine.deal import cutter
from ..engine.match import Bet, Match
from ..engine.state import PLAY, HandState
from ..engine.words import Players
from .bets import BetRound, bet_chance
from ..i18n import N_, _, join_names
from ..i18n.money import money as in_money
from .values import Outcome, PendingKind

#: What the learner must do first (English: translate with ``_()`` where shown).
PENDING_WORDS: Dict[PendingKind, str] = {
    "cut": N_("First the cut: cut the pack, or choose not to."),
    "bets": N_("First the bets: offer one or say no, and answer the others' offers."),
}


class HandMoney:
    """The cut and the bets of one hand. ``lift`` is the cut made (None: no cut),
    ``waiting`` says a human cutter has not decided yet, and ``bets`` are the hand's
    settled bets when they are known already (a resumed game)."""

    def __init__(self, match: Match, humans: Sequence[int], *, lift: Optional[int] = None,
                 waiting: bool = False, bets: Optional[List[Bet]] = None) -> None:
        self.match = match  # the match before this hand
        self.humans = list(humans)
        self.cut_by: Optional[int] = (cutter(match.players, match.dealer)
                                      if match.rules.cut else None)
        self.cut_lift = lift
        self.cut_pending = waiting
        self.bet_round: Optional[BetRound] = None
        self.settled_bets = bets  # None until the betting round is over

    @classmethod
    def before_the_deal(cls, match: Match, humans: Sequence[int], seed: object) -> HandMoney:
        """A new hand's money: a bot cutter cuts at random (seeded by the match and the
        hand); a human cutter is waited for (:attr:`pending` is ``"cut"``)."""
        by = cutter(match.players, match.dealer) if match.rules.cut else None
        if by is None or by in humans:
            return cls(match, humans, waiting=by is not None)
        rng = random.Random(f"{seed}:cut:{match.hands_played}")
        return cls(match, humans, lift=rng.randrange(1, match.rules.deck_size))

    def with_cut(self, lift: Optional[int]) -> HandMoney:
        """The money once the human cutter has lifted ``lift`` cards (None: no cut)."""
        return HandMoney(self.match, self.humans, lift=lift)

    # -- what is pending --------------------------------------------------------------

    @property
    def pending(self) -> Optional[PendingKind]:
        """``"cut"`` or ``"bets"`` while a human must decide that before play goes on."""
        if self.cut_pending:
            return "cut"
        if self.bet_round is not None and not self.bet_round.closed:
            return "bets"
        return None

    def waiting_for(self) -> Optional[int]:
        """The human who must decide the cut or a bet now (None: nobody)."""
        if self.cut_pending and self.cut_by is not None:
            return self.cut_by
        if self.bet_round is not None and self.bet_round.waiting_for():
            return self.bet_round.waiting_for()[0]
        return None

    @property
    def bets(self) -> List[Bet]:
        """This hand's bets once the betting round is over (offers with who matched)."""
        return list(self.settled_bets or [])

    # -- the betting round ---------------------------------------------------------------

    def bets_due(self, state: HandState) -> bool:
        """The first lead is reached and the bets are still to be made."""
        return (self.match.rules.betting and self.settled_bets is None
                and self.bet_round is None and state.phase == PLAY and state.plays_made == 0)

    def open_bets(self, state: HandState, solver: Callable[[], Any], seed: object) -> None:
        """Open the bets at ``state`` (the first lead): the bots offer and answer, each
        from its chance of winning the hand (``solver()`` gives the solver)."""
        key = f"{seed}:bets:{self.match.hands_played}"
        self.bet_round = BetRound(self.match, self.humans,
                                  lambda seat: bet_chance(solver(), state, seat, key))
        self.bet_round.open(self._bots_in_order(state))
        self._settle_if_closed()

    def bet_problem(self, seat: int) -> Optional[str]:
        """Why ``seat`` may not bet now, in plain words (None if they may)."""
        r = self.bet_round
        if r is None or r.closed:
            rules = self.match.rules
            return (_("Bets are made before the first trick.") if rules.betting
                    else _("Betting is off in {rules}.").format(rules=rules.name))
        if seat not in r.humans:
            return _("Only a human player can bet here.")
        return None

    def offer(self, seat: int, amount: int, state: HandState, players: Players) -> Outcome:
        """``seat`` offers a bet of ``amount`` (0: no bet) and the bots answer at once.
        Raises the engine's error for a bet it refuses (see :meth:`bet_problem` first)."""
        matched = self._open_round().offer(seat, amount, self._bots_in_order(state))
        self._settle_if_closed()
        if not amount:
            return Outcome(True, _("No bet from you this hand.") if players.is_you(seat) else "")
        if not matched:
            return Outcome(True, _("Nobody matched the bet of {amount}: it does not stand.").format(
                amount=in_money(amount)))
        return Outcome(True, _("{names} matched the bet of {amount}.").format(
            names=join_names([players.name(s) for s in matched]), amount=in_money(amount)))

    def answer(self, seat: int, index: int, accept: bool, players: Players) -> Outcome:
        """``seat`` matches (``accept``) or declines offer number ``index`` of this round."""
        r = self._open_round()
        r.answer(seat, index, accept)
        self._settle_if_closed()
        bet = r.bets[index]  # a bot's or another human's: only humans answer here
        text = players.say(_("You matched {bettor}'s bet of {amount}.") if accept
                           else _("You declined {bettor}'s bet of {amount}."),
                           _("{player} matched {bettor}'s bet of {amount}.") if accept
                           else _("{player} declined {bettor}'s bet of {amount}."),
                           seat, bettor=players.names[bet.seat], amount=in_money(bet.amount))
        return Outcome(True, text)

    def _open_round(self) -> BetRound:
        if self.bet_round is None:
            raise RuntimeError("no betting round is open (ask bet_problem first)")
        return self.bet_round

    def _bots_in_order(self, state: HandState) -> List[int]:
        first = state.leader
        order = [(first + k) % self.match.players for k in range(self.match.players)]
        return [s for s in order if s not in self.humans]

    def _settle_if_closed(self) -> None:
        if self.bet_round is not None and self.bet_round.closed:
            self.settled_bets = list(self.bet_round.bets)
