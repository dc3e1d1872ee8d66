"""A game of Spar at a table of humans and bots: what every play screen drives.

A :class:`GameSession` owns the match, the seats, the current hand's states
(with undo/redo), runs the bots until a human has to decide, and tells its
observers when anything changes. It imports no ipywidgets: the widgets in
:mod:`spar_tutor.widgets` are thin views that call it and redraw on its events.

>>> s = GameSession(seats=["human", "random", "random"], seed=3)
>>> s.is_human_turn
True
>>> card = s.legal_cards()[0]
>>> s.play(card).ok
True

Every action goes through :meth:`HandState.apply`; an illegal one returns an
:class:`Outcome` whose ``message`` says why in plain words and changes
nothing. With the ``cut`` option the seat before the dealer may cut before
each deal (:meth:`GameSession.cut`; bots cut at random), and with ``betting``
the seats may bet before the first trick (:meth:`GameSession.offer_bet`,
:meth:`GameSession.answer_bet`; :mod:`spar_tutor.session.money` and
:mod:`spar_tutor.session.bets`). Save and resume: :meth:`GameSession.to_json`
and :meth:`GameSession.from_json` (see :mod:`spar_tutor.session.file`).

The session owns two parts with small interfaces of their own: the money of the
current hand (:class:`~spar_tutor.session.money.HandMoney`: the cut and the
bets) and the hints (:class:`~spar_tutor.session.hints.SessionHints`), which
read the game through a narrow protocol and never change it.
"""

from __future__ import annotations

import json
import logging
import zlib
from typing import Any, Callable, Collection, Dict, List, Optional, Sequence, Tuple, Union

from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.errors import SparError, shown
from ..engine.match import Bet, Match
from ..engine.rules import Rules
from ..engine.cards import SUIT_NAMES
from ..engine.state import PLAY, Action, HandState, Move, move_said
from ..engine.words import Players, short_name
from ..i18n import N_, _, join_names, ngettext
from .bets import BetRound
from .file import SavedHands, SavedTable, match_json, parse_text, read_table, replay_hands
from .hints import HintAnswer, SessionHints
from .review import ReviewLine, review_hand
from .money import PENDING_WORDS, HandMoney
from .thinking import ThinkingClock
from .values import Event, EventKind, Outcome, PendingKind, PlayedHand, Seat

log = logging.getLogger(__name__)

BOT_STRENGTHS = ("random", "beginner", "expert")
#: Each strength in words (English, marked for the catalogue).
BOT_LABELS = {"random": N_("random"), "beginner": N_("beginner"), "expert": N_("expert")}


#: The bots' first names, the first bot first: names heard at Spar tables from Accra to
#: Lomé (the puzzles' players have them too). A name is the same in every language.
BOT_NAMES = ("Ama", "Kofi", "Esi", "Yao", "Afi", "Kossi")


def bot_first_name(number: int, avoid: Collection[str] = ()) -> str:
    """The first name of the table's ``number``-th bot (1 for the first): "Kofi" for 2;
    never one of ``avoid`` (the learner's own name: a learner called Kofi plays Ama, Esi
    and Yao)."""
    names = [name for name in BOT_NAMES if name not in avoid] or list(BOT_NAMES)
    return names[(number - 1) % len(names)]


def bot_name(number: int, spec: str, avoid: Collection[str] = ()) -> str:
    """The ``number``-th bot's name at the table, in the learner's language: "Kofi (expert)"."""
    label = BOT_LABELS.get(spec, N_("custom"))
    return _("{name} ({strength})").format(name=bot_first_name(number, avoid),
                                            strength=_(label))


# The bots' thinking time for all their moves after one human action: CLICK_THINK_MS,
# shared out by spar_tutor.session.thinking (stretched when the server is busy, at most
# CLICK_WAIT_MS of waiting). The solver's own default is 300 ms a decision.
#: An expert's time per decision when it is made (before the session shares the time out).
BOT_BUDGET_MS = 60


class GameSession:
    """A match of Spar between humans and bots; see the module docstring."""

    def __init__(
        self,
        rules: Union[str, Rules] = "standard",
        seats: Sequence[Union[str, Seat]] = ("human", "beginner", "beginner", "beginner"),
        *,
        seed: Union[int, str] = 0,
        dealer: Optional[int] = None,
        bot_factory: Optional[Callable[[str, int], Any]] = None,
        solver: Any = None,
        avoid_names: Collection[str] = (),
        stakes_and_bets: bool = True,
    ) -> None:
        #: Whether stakes and bets are played (a class may turn them off: every rules
        #: this table plays then has ``stake`` 0 and ``betting`` off).
        self.stakes_and_bets = stakes_and_bets
        self._bot_factory = bot_factory
        #: Names no bot is given (:meth:`avoid`).
        self.avoid_names = tuple(avoid_names)
        self._busy = 1.0  # how busy the machine was when the bots last thought (.thinking)
        self._observers: List[Callable[[Event], None]] = []
        self.hints = SessionHints(solver)
        self._review: Optional[Tuple[HandState, List[ReviewLine]]] = None
        self.version = 0
        self.rules = self.fit(Rules.preset(rules) if isinstance(rules, str) else rules)
        self.seed = seed
        self.seats = self._new_seats(self.rules, seats, seed)
        self.start_match(dealer)

    # -- seats ------------------------------------------------------------------

    def _new_seats(self, rules: Rules, specs: Sequence[Union[str, Seat]],
                   seed: Union[int, str]) -> List[Seat]:
        """The seats for ``specs`` (bots seeded by ``seed``); raises SparError for a bad one."""
        rules.check_players(len(specs))
        return [self._make_seat(spec, i, specs, seed) for i, spec in enumerate(specs)]

    def _make_seat(self, spec: Union[str, Seat], index: int, all_specs: Sequence[Any],
                   seed: Union[int, str]) -> Seat:
        if isinstance(spec, Seat):
            return spec
        if not isinstance(spec, str):
            raise SparError(f"seat {index} must be 'human' or a bot strength, not {shown(spec)}",
                            seat=index, rule="seats")
        if spec == "human":
            humans = [i for i, s in enumerate(all_specs) if s == "human"]
            name = _("You") if len(humans) == 1 else _("Player {number}").format(
                number=humans.index(index) + 1)
            return Seat(name, "human")
        number = sum(1 for s in all_specs[:index + 1]
                     if not (s == "human" or isinstance(s, Seat) and s.is_human))
        return Seat(bot_name(number, spec, self.avoid_names), spec,
                    self._new_bot(spec, index, seed))

    def avoid(self, names: Collection[str]) -> None:
        """Give no bot one of ``names`` (the learner's: a learner called Kofi does not
        play a bot called Kofi); the bots at the table now are renamed at once."""
        if tuple(names) == self.avoid_names:
            return
        self.avoid_names = tuple(names)
        number = 0
        seats = []
        for seat in self.seats:
            if seat.is_human:
                seats.append(seat)
                continue
            number += 1
            seats.append(seat._replace(name=bot_name(number, seat.spec, self.avoid_names)))
        self.seats = seats
        self._changed("names")

    def _new_bot(self, spec: str, index: int, seed: Union[int, str]) -> Any:
        bot_seed = zlib.crc32(f"{seed}:{index}".encode()) & 0xFFFF
        if self._bot_factory is not None:
            return self._bot_factory(spec, bot_seed)
        from ..solver.bots import make_bot  # type: ignore[import-untyped, import-not-found, unused-ignore]

        return make_bot(spec, bot_seed, budget_ms=BOT_BUDGET_MS)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def human_seats(self) -> List[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def viewer(self) -> int:
        """The seat whose cards the screen shows: the human to decide, else the first human."""
        deciding = self.money.waiting_for()
        if deciding is not None:
            return deciding
        to_move = self.state.to_move
        if to_move is not None and self.seats[to_move].is_human:
            return to_move
        humans = self.human_seats
        return humans[0] if humans else 0

    def name(self, seat: int) -> str:
        """The seat's name in a sentence: "Kofi" (its seat shows "Kofi (beginner)")."""
        return short_name(self.seats[seat].name)

    @property
    def seating(self) -> Players:
        """The seats' names, and the learner's seat: the one human at a table of bots
        (None when several humans share the screen: each is called by name)."""
        humans = self.human_seats
        return Players.labelled([seat.name for seat in self.seats],
                                humans[0] if len(humans) == 1 else None)

    # -- observers ------------------------------------------------------------------

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` on every event; returns a function that unsubscribes."""
        self._observers.append(callback)
        return lambda: self._observers.remove(callback) if callback in self._observers else None

    def emit(self, kind: EventKind, message: str = "") -> None:
        """Tell every observer; an observer that fails is logged and skipped."""
        event = Event(kind, message)
        for callback in list(self._observers):
            try:
                callback(event)
            except Exception:  # a broken view must not break the game
                log.exception("observer %r failed on %s", callback, kind)

    def _changed(self, message: str = "") -> None:
        self.version += 1
        self.emit("changed", message)
        if self.state.is_over():
            self.emit("hand_over", self.result_text())
            if self.match.is_over():
                self.emit("match_over", self.match_result())

    # -- the match and the hand -------------------------------------------------------

    def start_match(self, dealer: Optional[int] = None) -> None:
        """Start a new match with the same seats and rules (play again)."""
        self._match_before = Match.new(self.rules, self.players, seed=self.seed, dealer=dealer)
        self.first_dealer = self._match_before.dealer
        self.finished_hands: List[PlayedHand] = []
        self._deal_hand()
        self._changed("new hand")

    def restart(self, rules: Union[str, Rules, None] = None,
                seats: Optional[Sequence[Union[str, Seat]]] = None,
                seed: Union[int, str, None] = None) -> None:
        """A new match at this table, optionally with new rules, seats or seed (free play)."""
        new_rules = self.fit(self.rules if rules is None else (
            Rules.preset(rules) if isinstance(rules, str) else rules))
        specs = list(seats) if seats is not None else list(self.seats)
        new_seed = self.seed if seed is None else seed
        new_seats = self._new_seats(new_rules, specs, new_seed)
        self.rules, self.seed, self.seats = new_rules, new_seed, new_seats
        self.start_match()

    def fit(self, rules: Rules) -> Rules:
        """``rules`` as this table plays them: without stakes and bets if they are off."""
        if self.stakes_and_bets or not (rules.stake or rules.betting):
            return rules
        return rules.replace(stake=0, betting=False)

    def resume(self, text: str, source: Optional[str] = None) -> None:
        """Replace this session's match with a saved one (JSON text; ``source``, its file
        name, is named in errors); observers, hints and the bot factory stay.

        A bad file raises :class:`SparError` and leaves the game as it was."""
        try:
            table = read_table(parse_text(text, source))
            seats = self._new_seats(table.rules, table.specs, table.seed)
            hands = replay_hands(table)
        except SparError as e:
            raise (e.located(file=source) if source and not e.file else e) from None
        self._load(table, hands, seats)

    def _deal_hand(self) -> None:
        """Deal the next hand; with the cut on, a bot cutter cuts at random (seeded)
        and a human cutter is asked first (:attr:`pending` is ``"cut"``)."""
        self._start_hand(HandMoney.before_the_deal(self._match_before, self.human_seats,
                                                   self.seed))
        self._run_bots()

    def _start_hand(self, money: HandMoney) -> None:
        """Put a fresh deal in place, cut as ``money`` says. While the money waits for
        a human's cut, the uncut deal stands in and nobody moves."""
        self.deal: Deal = self._match_before.deal(cut=money.cut_lift)  # a bad cut raises here
        self.money = money
        self._states: List[HandState] = [self.deal.start()]
        self._cursor = 0
        self._floor = 0  # undo never goes back past the cut or the bets
        self._match_after: Optional[Match] = None

    @property
    def state(self) -> HandState:
        """The current state of the hand."""
        return self._states[self._cursor]

    @property
    def states(self) -> List[HandState]:
        """Every state of this hand up to now (for the replay)."""
        return self._states[: self._cursor + 1]

    @property
    def match(self) -> Match:
        """The match, including the current hand once it is over."""
        if not self.state.is_over():
            return self._match_before
        if self._match_after is None:
            self._match_after = self._match_before.record(self.state, self.bets)
        return self._match_after

    @property
    def hand_number(self) -> int:
        return self._match_before.hands_played + 1

    def next_hand(self) -> Outcome:
        """Deal the next hand once this one is over."""
        if not self.state.is_over():
            return Outcome(False, _("Finish this hand first."))
        if self.match.is_over():
            return Outcome(False, _("The match is over: start a new one."))
        self.finished_hands.append(self.played_hand())
        self._match_before = self.match
        self._deal_hand()
        self._changed("new hand")
        return Outcome(True, self.seating.say(
            _("Hand {number}: you deal."), _("Hand {number}: {player} deals."),
            self.deal.dealer, number=self.hand_number))

    def match_result(self) -> str:
        """A sentence about the end of the match ("" while it goes on)."""
        winners = self.match.winners()
        if not winners:
            return ""
        points = self.match.scores[winners[0]]
        if len(winners) == 1 and self.seating.is_you(winners[0]):
            text = ngettext("You win the match with {points} point.",
                            "You win the match with {points} points.", points)
        elif len(winners) == 1:
            text = ngettext("{name} wins the match with {points} point.",
                            "{name} wins the match with {points} points.", points)
        else:
            text = ngettext("{names} win the match with {points} point.",
                            "{names} win the match with {points} points.", points)
        names = [self.seating.name(s) for s in winners]
        return text.format(points=points, name=names[0], names=join_names(names))

    def result_text(self) -> str:
        """How the hand ended, in plain words ("" while it goes on)."""
        result = self.state.result
        return result.words(self.seating) if result else ""

    def played_hand(self) -> PlayedHand:
        """The current hand as a saved match keeps it."""
        money = self.money
        return PlayedHand(self.moves(), None if money.cut_pending else money.cut_lift or 0,
                          money.settled_bets if self.rules.betting else [])

    def moves(self) -> List[Move]:
        """The moves of the current hand so far, in order."""
        return [m for _, m in self.state.history]

    # -- whose turn -------------------------------------------------------------------

    @property
    def to_move(self) -> Optional[int]:
        return self.state.to_move

    @property
    def is_human_turn(self) -> bool:
        """A human is to play a card or declare (not while a cut or bets are pending)."""
        seat = self.state.to_move
        return seat is not None and self.seats[seat].is_human and self.pending is None

    def legal_cards(self) -> List[Card]:
        """The cards the player to move may play now."""
        return self.state.legal_cards()

    def offers(self) -> List[Action]:
        """The actions (under ten, dry, wet, pass, under card) open to the human to move."""
        if not self.is_human_turn:
            return []
        return [m for m in self.state.legal_moves() if isinstance(m, Action)]

    def card_problem(self, card: Card) -> Optional[str]:
        """Why the human to move may not play ``card`` now, in plain words (None if they may)."""
        state = self.state
        if state.is_over():
            return _("The hand is over.")
        if self.pending:
            return _(PENDING_WORDS[self.pending])
        seat = _mover(state)
        if not self.seats[seat].is_human:
            return _("Wait: it is {name}'s turn.").format(name=self.name(seat))
        if state.can_renege(card):
            led = state.current_trick[0].suit
            return self.seating.say(
                _("Playing {card} would be a renege: {suits} were led and you hold one. If "
                  "it is found out, you are offside and score -3. Follow suit instead."),
                _("Playing {card} would be a renege: {suits} were led and {player} holds "
                  "one. If it is found out, {player} is offside and scores -3. Follow suit "
                  "instead."), seat, card=card, suits=_(SUIT_NAMES[led]))
        return state.explain_illegal(card, self.seating)

    # -- acting -------------------------------------------------------------------------

    def play(self, card: Card, *, version: Optional[int] = None) -> Outcome:
        """The human to move plays ``card``; the bots then play until a human decides.

        ``version`` is :attr:`version` when the learner saw the cards: a click
        from an older screen (a double click) is ignored."""
        return self.move(card, version=version)

    def move(self, move: Move, *, version: Optional[int] = None) -> Outcome:
        """Any move of the human to move (a card or an :class:`Action`)."""
        if version is not None and version != self.version:
            return Outcome(False, "")  # a stale click: the screen has moved on
        if self.pending:
            return Outcome(False, _(PENDING_WORDS[self.pending]))
        state = self.state
        seat = state.to_move
        if seat is None:
            return Outcome(False, _("The hand is over."))
        if not self.seats[seat].is_human:
            return Outcome(False, _("Wait: it is {name}'s turn.").format(name=self.name(seat)))
        problem = (self.card_problem(move) if isinstance(move, Card)
                   else state.explain_illegal(move, self.seating))
        if problem:
            return Outcome(False, problem)
        try:
            new = state.apply(move, seat=seat)
        except SparError:  # the engine refused what it explained as allowed: a bug
            log.exception("the engine refused %s by seat %d", move, seat)
            return Outcome(False, _("That is not allowed now."))
        self._push(new)
        self._moved(seat, move)
        self._run_bots()
        self._changed(self.seating.tell(move_said(seat, move)))
        return Outcome(True, "")

    def renege(self, card: Card) -> Outcome:
        """Play ``card`` as a renege (only with ``offside``): the learner insisted."""
        if not self.is_human_turn or not self.state.can_renege(card):
            return Outcome(False, _("That is not a renege you can make now."))
        seat = _mover(self.state)
        self._push(self.state.apply(card, seat=seat))
        self._run_bots()
        self._changed(self.seating.tell(move_said(seat, card)))
        return Outcome(True, "")

    def _push(self, state: HandState) -> None:
        del self._states[self._cursor + 1:]
        self._states.append(state)
        self._cursor += 1
        self._match_after = None

    def _run_bots(self) -> None:
        """Let the bots move until a human must decide (a card, a declaration, a
        cut or the bets) or the hand is over."""
        if self.money.cut_pending:
            return
        clock = ThinkingClock(self._busy)
        state = self.state
        while not state.is_over():
            if self.money.bets_due(state):
                self.money.open_bets(state, lambda: self.hints.solver, self.seed)
                self._floor = self._cursor  # undo does not go back past the bets, once they open
            if self.pending or self.seats[_mover(state)].is_human:
                break
            seat = _mover(state)
            self._share_time(seat, clock)
            state = self._bot_move(seat, state)
            self._push(state)
            self._moved(seat, state.history[-1][1])
        if clock.shared:
            self._busy = clock.busy

    def _share_time(self, seat: int, clock: ThinkingClock) -> None:
        """Give a thinking bot (one with a ``budget_ms``) its share of the time left."""
        bot = self.seats[seat].bot
        if not isinstance(getattr(bot, "budget_ms", None), (int, float)):
            return
        to_come = 1  # this bot, and the bots after it before a human (or a whole round)
        while to_come < self.players and not self.seats[(seat + to_come) % self.players].is_human:
            to_come += 1
        bot.budget_ms = clock.share(to_come)

    def _moved(self, seat: int, move: Move) -> None:
        """Tell observers about one move while the bots are still to play."""
        if not self.state.is_over() and not self.is_human_turn:
            self.emit("moved", self.seating.tell(move_said(seat, move)))

    def _bot_move(self, seat: int, state: HandState) -> HandState:
        try:
            move = self.seats[seat].bot.choose(state.view(seat))
            if isinstance(move, Card) and move not in state.legal_cards():
                raise ValueError(f"{move} is not a legal card for the bot")
            return state.apply(move, seat=seat)
        except Exception:
            log.exception("bot at seat %d failed; it plays its first legal move", seat)
            return state.apply(state.legal_moves()[0], seat=seat)

    # -- undo and redo -----------------------------------------------------------------

    def _is_decision(self, i: int) -> bool:
        s = self._states[i]
        return i >= self._floor and not s.is_over() and self.seats[_mover(s)].is_human

    @property
    def can_undo(self) -> bool:
        return any(self._is_decision(i) for i in range(self._cursor))

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._states) - 1

    def undo(self) -> Outcome:
        """Go back to the human's previous decision in this hand."""
        for i in range(self._cursor - 1, -1, -1):
            if self._is_decision(i):
                self._cursor = i
                self._match_after = None
                self._changed("undo")
                return Outcome(True, "")
        return Outcome(False, _("Nothing to undo in this hand."))

    def redo(self) -> Outcome:
        """Go forward again to the next human decision (or the end of the hand)."""
        if not self.can_redo:
            return Outcome(False, _("Nothing to redo."))
        i = self._cursor + 1
        while i < len(self._states) - 1 and not self._is_decision(i):
            i += 1
        self._cursor = i
        self._match_after = None
        self._changed("redo")
        return Outcome(True, "")

    # -- the cut and the bets (the current hand's money) ---------------------------------

    @property
    def pending(self) -> Optional[PendingKind]:
        """``"cut"`` or ``"bets"`` while a human must decide that before play goes on."""
        return self.money.pending

    @property
    def cut_by(self) -> Optional[int]:
        """The seat that cuts this hand (None: the cut is off)."""
        return self.money.cut_by

    @property
    def cut_lift(self) -> Optional[int]:
        """The cards lifted by this hand's cut (None: no cut, or not made yet)."""
        return self.money.cut_lift

    @property
    def cut_pending(self) -> bool:
        """A human cutter has still to cut (or say no)."""
        return self.money.cut_pending

    @property
    def bet_round(self) -> Optional[BetRound]:
        """This hand's betting round once the first lead is reached (None before)."""
        return self.money.bet_round

    @property
    def bets(self) -> List[Bet]:
        """This hand's bets once the betting round is over (offers with who matched)."""
        return self.money.bets

    def cut(self, lift: Optional[int], *, version: Optional[int] = None) -> Outcome:
        """The human cutter lifts ``lift`` cards (1 to pack size - 1) or, with None, does not cut."""
        if version is not None and version != self.version:
            return Outcome(False, "")
        if not self.money.cut_pending:
            return Outcome(False, _("There is no cut to make now."))
        try:
            self._start_hand(self.money.with_cut(lift))
        except SparError:
            return Outcome(False, _("A cut lifts 1 to {most} cards.").format(
                most=self.rules.deck_size - 1))
        self._run_bots()
        players, cutter = self.seating, self.cut_by or 0
        if lift:
            cut = players.say(ngettext("You cut {lift} card.", "You cut {lift} cards.", lift),
                              ngettext("{player} cut {lift} card.", "{player} cut {lift} cards.",
                                       lift), cutter, lift=lift)
        else:
            cut = players.say(_("You did not cut."), _("{player} did not cut."), cutter)
        deals = players.say(_("You deal."), _("{player} deals."), self.deal.dealer)
        # Translators: two sentences: who cut the pack, then who deals
        news = _("{cut} {deals}").format(cut=cut, deals=deals)
        self._changed(news)
        self.emit("news", news)
        return Outcome(True, news)

    def offer_bet(self, amount: int, *, seat: Optional[int] = None,
                  version: Optional[int] = None) -> Outcome:
        """The human (``seat``, default the viewer) offers a bet of ``amount`` (0: no bet)."""
        return self._bet(seat, version,
                         lambda who: self.money.offer(who, amount, self.state, self.seating))

    def answer_bet(self, index: int, accept: bool, *, seat: Optional[int] = None,
                   version: Optional[int] = None) -> Outcome:
        """The human matches (``accept``) or declines offer number ``index`` of this round."""
        return self._bet(seat, version,
                         lambda who: self.money.answer(who, index, accept, self.seating))

    def _bet(self, seat: Optional[int], version: Optional[int],
             act: Callable[[int], Outcome]) -> Outcome:
        if version is not None and version != self.version:
            return Outcome(False, "")
        who = self.viewer if seat is None else seat
        problem = self.money.bet_problem(who)
        if problem:
            return Outcome(False, problem)
        try:
            outcome = act(who)
        except SparError as e:
            log.info("a bet refused: %s", e)
            return Outcome(False, _("That bet cannot be made now."))
        if self.money.pending is None:
            self._run_bots()
        self._changed("bet")
        if outcome.message:
            self.emit("news", outcome.message)
        return outcome

    # -- hints and review ------------------------------------------------------------------

    def hint(self, level: int) -> HintAnswer:
        """Hint ``level`` 1 (a nudge), 2 (the rule or principle) or 3 (the solver's values)."""
        return self.hints.hint(level, self)

    def review(self) -> List[ReviewLine]:
        """After the hand: each decision a human made (under ten, dry and wet, bets, the
        under card, cards), judged from what they could see, and with all cards seen."""
        final = self.states[-1]
        if self._review is not None and self._review[0] is final:
            return self._review[1]
        lines = review_hand(self.hints, self.states, self.human_seats, self.seating,
                            self.money.bet_round)
        if final.is_over():
            self._review = (final, lines)
        return lines

    # -- save and resume ---------------------------------------------------------------------

    def to_json(self) -> Dict[str, Any]:
        """The match as a JSON-ready dict (schema-versioned)."""
        return match_json(self.rules, self.seats, self.seed, self.first_dealer,
                          self.finished_hands + [self.played_hand()])

    @classmethod
    def from_json(cls, data: Any, **kwargs: Any) -> GameSession:
        """A session resumed from :meth:`to_json` data; a bad file raises SparError.
        ``kwargs`` go to the constructor (``bot_factory``, ``solver``)."""
        table = read_table(data)
        session = cls(table.rules, table.specs, seed=table.seed, dealer=table.first_dealer,
                      **kwargs)
        session._load(table, replay_hands(table), session.seats)
        return session

    def dumps(self) -> str:
        """The match as JSON text (see :meth:`to_json`)."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def loads(cls, text: str, **kwargs: Any) -> GameSession:
        """A session resumed from :meth:`dumps` text; a bad file raises SparError."""
        return cls.from_json(parse_text(text), **kwargs)

    def _load(self, table: SavedTable, hands: SavedHands, seats: List[Seat]) -> None:
        """Put a saved match in place (read and replayed by :mod:`spar_tutor.session.file`):
        its table with ``seats`` for its players (named as saved), the finished hands,
        the match before the current hand, and the current hand with its states."""
        self.rules, self.seed = table.rules, table.seed
        self.seats = [seat._replace(name=name) if name else seat
                      for seat, name in zip(seats, table.names)]
        self.first_dealer = table.first_dealer
        self.finished_hands = hands.finished
        self._match_before = hands.match
        current = hands.current
        self._start_hand(HandMoney(hands.match, self.human_seats, lift=current.cut or None,
                                   waiting=current.cut is None, bets=current.bets))
        self._states = hands.states
        self._cursor = len(hands.states) - 1
        if self.rules.betting and current.bets is not None:
            self._floor = next(i for i, st in enumerate(hands.states) if st.phase == PLAY)
        self._run_bots()
        self._changed("resumed")


def _mover(state: HandState) -> int:
    """The seat to move in a hand that is not over."""
    seat = state.to_move
    if seat is None:
        raise SparError("the hand is over: nobody is to move", rule="end of hand")
    return seat
