"""The cut and the bets of a :class:`~spar_tutor.session.GameSession` (RULES.md 2,
'Cut' and 'Money'), as a mixin: the session deals only after a human cutter has
cut (or said no; bots cut at random), and stops at the first lead while the
bets are open (:class:`~spar_tutor.session_bets.BetRound`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, List, Optional, Sequence

from .engine.errors import SparError
from .engine.match import Bet, Match
from .engine.rules import Rules
from .session_bets import BetRound, bet_chance
from .session_values import Outcome, Seat
from .engine.state import PLAY, HandState

if TYPE_CHECKING:  # pragma: no cover
    from .session_hints import SessionHints


class CutAndBets:
    """The session's cut and bets (mixed into GameSession, whose attributes it uses)."""

    rules: Rules
    seats: List[Seat]
    seed: Any
    version: int
    hints: "SessionHints"
    deal: Any
    cut_by: Optional[int]
    cut_pending: bool
    cut_lift: Optional[int]
    bet_round: Optional[BetRound]
    _closed_bets: Optional[List[Bet]]
    _match_before: Match
    _cursor: int
    _floor: int

    if TYPE_CHECKING:  # provided by GameSession
        @property
        def players(self) -> int: ...
        @property
        def human_seats(self) -> List[int]: ...
        @property
        def viewer(self) -> int: ...
        @property
        def state(self) -> HandState: ...
        def name(self, seat: int) -> str: ...
        def friendly(self, text: str) -> str: ...
        def emit(self, kind: str, message: str = "") -> None: ...
        def _changed(self, message: str = "") -> None: ...
        def _run_bots(self) -> None: ...
        def _start_hand(self, lift: Optional[int], waiting: bool = False,
                        bets: Optional[List[Bet]] = None) -> None: ...

    @property
    def pending(self) -> Optional[str]:
        """``"cut"`` or ``"bets"`` while a human must decide that before play goes on."""
        if self.cut_pending:
            return "cut"
        if self.bet_round is not None and not self.bet_round.closed:
            return "bets"
        return None

    @property
    def bets(self) -> List[Bet]:
        """This hand's bets once the betting round is over (offers with who matched)."""
        return list(self._closed_bets or [])

    def cut(self, lift: Optional[int], *, version: Optional[int] = None) -> Outcome:
        """The human cutter lifts ``lift`` cards (1 to pack size - 1) or, with None, does not cut."""
        if version is not None and version != self.version:
            return Outcome(False, "")
        if not self.cut_pending:
            return Outcome(False, "There is no cut to make now.")
        try:
            self._start_hand(lift)
        except SparError as e:
            return Outcome(False, self.friendly(e.reason))
        self._run_bots()
        what = f"cut {lift} cards" if lift else "did not cut"
        news = f"{self.name(self.cut_by or 0)} {what}; {self.name(self.deal.dealer)} deals."
        self._changed(news)
        self.emit("news", news)
        return Outcome(True, news)

    def offer_bet(self, amount: int, *, seat: Optional[int] = None,
                  version: Optional[int] = None) -> Outcome:
        """The human (``seat``, default the viewer) offers a bet of ``amount`` (0: no bet)."""
        return self._bet_action(seat, version, lambda r, who: self._offered(
            who, amount, r.offer(who, amount, self._bots_in_order())))

    def answer_bet(self, index: int, accept: bool, *, seat: Optional[int] = None,
                   version: Optional[int] = None) -> Outcome:
        """The human matches (``accept``) or declines offer number ``index`` of this round."""
        def answer(r: BetRound, who: int) -> Outcome:
            r.answer(who, index, accept)
            bet = r.bets[index]
            verb = "matched" if accept else "declined"
            return Outcome(True, f"{self.name(who)} {verb} {self.name(bet.seat)}'s bet of "
                                 f"{bet.amount}.")

        return self._bet_action(seat, version, answer)

    def _bet_action(self, seat: Optional[int], version: Optional[int],
                    act: Callable[[BetRound, int], Outcome]) -> Outcome:
        if version is not None and version != self.version:
            return Outcome(False, "")
        r = self.bet_round
        if r is None or r.closed:
            return Outcome(False, "Bets are made before the first trick." if self.rules.betting
                           else f"Betting is off in {self.rules.name}.")
        who = self.viewer if seat is None else seat
        if who not in r.humans:
            return Outcome(False, "Only a human player can bet here.")
        try:
            outcome = act(r, who)
        except SparError as e:
            return Outcome(False, self.friendly(e.reason))
        if r.closed:
            self._close_bets()
            self._run_bots()
        self._changed("bet")
        if outcome.message:
            self.emit("news", outcome.message)
        return outcome

    def _offered(self, seat: int, amount: int, matched: Sequence[int]) -> Outcome:
        if not amount:
            return Outcome(True, "No bet from you this hand." if self.name(seat) == "You"
                           else "")
        if not matched:
            return Outcome(True, f"Nobody matched the bet of {amount}: it does not stand.")
        names = " and ".join(self.name(s) for s in matched)
        return Outcome(True, f"{names} matched the bet of {amount}.")

    def _bots_in_order(self) -> List[int]:
        first = self.state.leader
        order = [(first + k) % self.players for k in range(self.players)]
        return [s for s in order if not self.seats[s].is_human]

    def _open_bets(self) -> None:
        """The first lead is reached: open the bets (the bots offer and answer)."""
        state = self.state
        seed = f"{self.seed}:bets:{self._match_before.hands_played}"
        self.bet_round = BetRound(self._match_before, self.human_seats,
                                  lambda seat: bet_chance(self.hints.solver, state, seat, seed))
        self._floor = self._cursor  # undo does not go back past the bets, once they open
        self.bet_round.open(self._bots_in_order())
        if self.bet_round.closed:
            self._close_bets()

    def _close_bets(self) -> None:
        assert self.bet_round is not None
        self._closed_bets = list(self.bet_round.bets)

    def _bets_due(self, state: HandState) -> bool:
        return (self.rules.betting and self._closed_bets is None and self.bet_round is None
                and state.phase == PLAY and state.plays_made == 0)


PENDING_WORDS = {
    "cut": "First the cut: cut the pack, or choose not to.",
    "bets": "First the bets: offer one or say no, and answer the others' offers.",
}
