"""A match: hands in sequence until the target score (or a fixed number of hands).

>>> from spar_tutor.engine.rules import Rules
>>> m = Match.new(Rules.preset("standard"), players=3, seed=1)
>>> state = m.deal().start()
>>> while not state.is_over():
...     state = state.apply(state.legal_moves()[0])
>>> m2 = m.record(state)
>>> m2.hands_played, sum(m2.scores) == state.result.points[state.result.winner]
(1, True)

The winner of a hand deals the next; after an offside the same dealer deals
again. With the ``shuffle_every`` option the pack is shuffled only every few
hands and otherwise re-formed from the last hand's cards (RULES.md 2,
'Shuffling custom'). Money (stakes and bets) is a ledger of numbers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import List, NamedTuple, Optional, Sequence, Tuple

from ..i18n import _
from .cards import Card
from .deal import Deal, deal, shuffled_pack
from .errors import IllegalMoveError, RulesError
from .rules import Rules
from .scoring import OFFSIDE_PENALTY
from .state import HandState
from .words import Players, Said


class Bet(NamedTuple):
    """A bet offered by ``seat`` before the first trick, matched by ``accepted_by``."""

    seat: int
    amount: int
    accepted_by: Tuple[int, ...] = ()


class HandRecord(NamedTuple):
    """One hand of the match, as the scoreboard shows it."""

    number: int
    dealer: int
    points: Tuple[int, ...]
    money: Tuple[int, ...]
    ended_by: str
    reason: str
    shuffled: bool
    said: Optional[Said] = None
    #: The part of ``money`` that bets moved (empty when no bet stood).
    bet_money: Tuple[int, ...] = ()

    def words(self, players: Players) -> str:
        """How the hand ended, in a learner's words (see :meth:`HandResult.words`)."""
        return players.tell(self.said) if self.said is not None else self.reason


@dataclass(frozen=True)
class Match:
    """The state of a match between hands. Immutable: :meth:`record` returns a new one."""

    rules: Rules
    players: int
    seed: object
    dealer: int
    scores: Tuple[int, ...]
    money: Tuple[int, ...]
    hands_played: int = 0
    pack: Optional[Tuple[Card, ...]] = None  # the re-formed pack for the next deal, if unshuffled
    since_shuffle: int = 0
    history: Tuple[HandRecord, ...] = ()

    @classmethod
    def new(cls, rules: Rules, players: int, seed: object = None,
            dealer: Optional[int] = None) -> "Match":
        """A new match. The first dealer is drawn by lot from ``seed`` unless given."""
        rules.check_players(players)
        if dealer is None:
            dealer = random.Random(f"{seed}:first dealer").randrange(players)
        elif not 0 <= dealer < players:
            raise RulesError(f"dealer must be a seat from 0 to {players - 1}", rule="dealer")
        bank = rules.buy_in if rules.betting else 0
        return cls(rules, players, seed, dealer, (0,) * players, (bank,) * players)

    # -- dealing -----------------------------------------------------------------

    def shuffle_due(self) -> bool:
        """Whether the next deal starts with a shuffle (the shuffling custom)."""
        return self.pack is None or self.since_shuffle >= self.rules.shuffle_period(self.players)

    def deal(self, cut: Optional[int] = None) -> Deal:
        """Deal the next hand: shuffle if due, else deal the re-formed pack; cut if asked."""
        if self.is_over():
            raise IllegalMoveError(_("the match is over: start a new one"), rule="end of match")
        if self.pack is None or self.shuffle_due():
            pack = shuffled_pack(self.rules, random.Random(f"{self.seed}:{self.hands_played}"))
        else:
            pack = self.pack
        return deal(self.rules, self.players, self.dealer, pack, cut=cut)

    # -- after a hand --------------------------------------------------------------

    def record(self, final: HandState, bets: Sequence[Bet] = ()) -> "Match":
        """The match after the finished hand ``final`` (and the hand's bets)."""
        result = final.result
        if result is None:
            raise IllegalMoveError(_("the hand is not over yet"), rule="end of hand")
        if final.players != self.players:
            raise RulesError("that hand has a different number of players", rule="players")
        n = self.players
        scores = tuple(s + p for s, p in zip(self.scores, result.points))
        money = list(self.money)
        stake = self.rules.stake
        if stake and result.offender is not None:
            for seat in range(n):
                if seat != result.offender:
                    money[seat] += -OFFSIDE_PENALTY * stake
                    money[result.offender] += OFFSIDE_PENALTY * stake
        elif stake and result.winner is not None:
            won = result.points[result.winner] * stake
            for seat in range(n):
                if seat != result.winner:
                    money[seat] -= won
                    money[result.winner] += won
        before_bets = tuple(money)
        for bet in self.check_bets(bets):
            players = (bet.seat,) + tuple(bet.accepted_by)
            if result.winner in players:
                for seat in players:
                    money[seat] -= bet.amount
                money[result.winner] += bet.amount * len(players)
        bet_money = tuple(m - b for m, b in zip(money, before_bets))
        shuffled = self.shuffle_due()
        record = HandRecord(
            self.hands_played + 1, self.dealer, result.points,
            tuple(m - o for m, o in zip(money, self.money)), result.ended_by, result.reason,
            shuffled, result.said, bet_money if any(bet_money) else (),
        )
        return replace(
            self,
            dealer=self.dealer if result.winner is None else result.winner,
            scores=scores,
            money=tuple(money),
            hands_played=self.hands_played + 1,
            pack=reformed_pack(final),
            since_shuffle=1 if shuffled else self.since_shuffle + 1,
            history=self.history + (record,),
        )

    def check_bets(self, bets: Sequence[Bet]) -> List[Bet]:
        """The bets that stand (at least one acceptor), checked against the rules
        and bankrolls; raises :class:`IllegalMoveError` on a bad bet. What a seat
        puts forward (its offers, matched or not, and the bets it matches) may not
        exceed its money."""
        if bets and not self.rules.betting:
            raise IllegalMoveError(_("betting is off in {rules}").format(rules=self.rules.name),
                                   rule="betting")
        standing = []
        committed = [0] * self.players
        for bet in bets:
            if not isinstance(bet.seat, int) or not 0 <= bet.seat < self.players:
                raise IllegalMoveError(_("no seat {seat} to bet").format(seat=bet.seat),
                                       rule="betting")
            amount = bet.amount
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                raise IllegalMoveError(_("a bet must be a positive whole amount, not {amount}")
                                       .format(amount=repr(amount)), seat=bet.seat, rule="betting")
            acceptors = tuple(bet.accepted_by)
            for s in acceptors:
                if (not isinstance(s, int) or s == bet.seat or not 0 <= s < self.players
                        or acceptors.count(s) > 1):
                    raise IllegalMoveError(_("seat {seat} cannot accept seat {bettor}'s bet")
                                           .format(seat=s, bettor=bet.seat), rule="betting")
            for s in (bet.seat,) + acceptors:
                committed[s] += amount
                if committed[s] > self.money[s]:
                    raise IllegalMoveError(
                        _("seat {seat} has {money} and cannot stake {stake}").format(
                            seat=s, money=self.money[s], stake=committed[s]),
                        seat=s, rule="betting")
            if acceptors:  # a bet nobody matched does not stand
                standing.append(bet)
        return standing

    # -- the end ---------------------------------------------------------------------

    def is_over(self) -> bool:
        if self.rules.fixed_hands is not None:
            return self.hands_played >= self.rules.fixed_hands
        return max(self.scores) >= self.rules.target

    def winners(self) -> Tuple[int, ...]:
        """The seats that won the match (several only on a tie after fixed hands)."""
        if not self.is_over():
            return ()
        best = max(self.scores)
        return tuple(s for s, p in enumerate(self.scores) if p == best)


def reformed_pack(final: HandState) -> Tuple[Card, ...]:
    """The pack put back together without shuffling, top first: the cards played
    in the order played, the under-ten hands shown, the cards left in hands after
    an offside (seat by seat), then the stock unchanged."""
    cards: List[Card] = [c for t in final.tricks for c in t.cards]
    if final.abandoned_trick is not None:
        cards.extend(final.abandoned_trick.cards)
    cards.extend(c for _, shown in final.exchanged for c in shown)
    for seat in range(final.players):
        cards.extend(final.hand(seat))
    cards.extend(final.stock)
    return tuple(cards)
