"""One shared table: who sits where, the match the engine plays, and who is away.

A :class:`SharedTable` holds a :class:`TableSession` (a
:class:`~spar_tutor.session.GameSession` whose words are said to one seat at a time)
with a human seat for each learner and a bot for each seat left empty when the
creator starts. Everything a learner does goes through :meth:`SharedTable.act`,
which first asks whether it is that seat's decision at all, then hands it to the
session, and so to the engine (``HandState.apply``, ``Match``): the winner deals, dry
and wet, under ten, the under card, the cut, bets and offside are played exactly as
at a bot table, by the same code.

A learner is **away** when their page has not been heard from for :data:`AWAY_S`
seconds (a closed tab, a laptop shut), or when a decision of theirs has waited
:data:`IDLE_S` (twice that for the next hand: time to read their review). A bot of the table's
strength then decides for them (no cut, no bets, its
choice of card), until they come back: a click, or their page heard again after
the silence. Nothing here is thread-safe by itself: the service holds
:attr:`SharedTable.lock` around every call.
"""

from __future__ import annotations

import logging
import threading
import time
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from ...engine.cards import Card
from ...engine.errors import SparError
from ...engine.rules import Rules
from ...engine.state import Move, parse_move
from ...engine.words import Players
from ...i18n import _
from ...session import GameSession, Outcome, Seat
from ...session.game import bot_name
from ...session.hints import HintAnswer, SessionHints
from ...session.review import ReviewLine, review_hand
from ...store.names import learner_key
from .codes import digest, matches, new_secret

log = logging.getLogger("spar_tutor.tables")

AWAY_S = 60.0
"""Seconds without a word from a learner's page before a bot plays for them."""
IDLE_S = 60.0
"""Seconds a decision of a learner may wait before a bot plays for them."""
OPEN, PLAYING, OVER, CLOSED = "open", "playing", "over", "closed"
BOT_STRENGTHS = ("beginner", "expert")


class TableError(SparError):
    """Something a learner asked of a table that it cannot do; the message is for them."""


@dataclass
class Place:
    """A seat of the table: a learner's (``name``), a bot's, or still empty."""

    seat: int
    name: str = ""
    learner: str = ""  # learner_key(name)
    secret: str = ""  # digest of the seat's secret ("" nobody has it yet)
    bot: bool = False
    heard: float = 0.0  # when the learner's page was last heard from (monotonic)
    away: str = ""  # "" here; "gone" (not heard from) or "idle" (did not decide)
    ready: bool = False  # wants the next hand

    @property
    def empty(self) -> bool:
        return not self.bot and not self.name

    @property
    def learner_seat(self) -> bool:
        return bool(self.name) and not self.bot


class TableSession(GameSession):
    """A :class:`GameSession` whose sentences are said to one seat (:attr:`speaker`): "you"
    for that seat, the others by name, with the seats' labels in the speaker's language."""

    speaker: Optional[int] = None
    labels: Optional[Sequence[str]] = None

    @property
    def seating(self) -> Players:
        labels = self.labels if self.labels is not None else [s.name for s in self.seats]
        return Players.labelled(labels, self.speaker)

    @contextmanager
    def said_to(self, players: Players) -> Iterator[None]:
        """Say the session's sentences to ``players.you`` while the block runs."""
        before = self.speaker, self.labels
        self.speaker, self.labels = players.you, list(players)
        try:
            yield
        finally:
            self.speaker, self.labels = before


class SeatGame:
    """The game as one seat's hints see it (:class:`~spar_tutor.session.hints.HintTable`):
    only that seat's decisions are its own."""

    def __init__(self, table: "SharedTable", seat: int) -> None:
        self._table, self._seat = table, seat
        self._session = table.game()

    @property
    def state(self) -> Any:
        return self._session.state

    @property
    def viewer(self) -> int:
        return self._seat

    @property
    def version(self) -> int:
        return self._session.version

    @property
    def pending(self) -> Any:
        pending = self._session.pending
        return pending if self._seat in self._table.deciding() else None

    @property
    def is_human_turn(self) -> bool:
        return self._session.state.to_move == self._seat and self._session.pending is None

    @property
    def bet_round(self) -> Any:
        return self._session.bet_round

    @property
    def seating(self) -> Players:
        return self._table.players_for(self._seat)


@dataclass
class SharedTable:
    """A table learners share; see the module's docstring."""

    code: str
    rules: Rules
    players: int
    hints: bool = True
    bots: str = "beginner"
    #: Stakes and bets played (the class's setting when the table was made); without them
    #: :attr:`rules` has no stake and no betting, as at a bot table of that class.
    money: bool = True
    seed: str = "0"
    created_by: str = ""
    status: str = OPEN
    paused: bool = False
    shown: bool = False
    note: str = ""
    places: List[Place] = field(default_factory=list)
    clock: Callable[[], float] = time.monotonic
    session: Optional[TableSession] = None
    version: int = 0
    #: Seconds before a learner counts as away: not heard from (:data:`AWAY_S`), or with
    #: a decision waiting (:data:`IDLE_S`).
    away_s: float = AWAY_S
    idle_s: float = IDLE_S
    #: Called after every change (the service wakes the pages waiting for one).
    on_change: Callable[["SharedTable"], None] = lambda table: None
    lock: threading.RLock = field(default_factory=threading.RLock)
    _waiting: Dict[int, float] = field(default_factory=dict)
    _stand_ins: Dict[int, Any] = field(default_factory=dict)
    _coaches: Dict[int, SessionHints] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rules.check_players(self.players)
        if not self.money and (self.rules.stake or self.rules.betting):
            self.rules = self.rules.replace(stake=0, betting=False)
        if self.bots not in BOT_STRENGTHS:
            raise TableError(f"bots must be one of {', '.join(BOT_STRENGTHS)}, not {self.bots!r}",
                             rule="bots")
        if not self.places:
            self.places = [Place(seat) for seat in range(self.players)]

    # -- seats ------------------------------------------------------------------------

    def sit(self, name: str, signed_in: bool = False) -> Tuple[int, str]:
        """Seat the learner called ``name``: their own seat if they have one here, else the
        first empty seat before the start. Returns the seat and a new secret for it.

        A seat is given back to its learner by name (with a new secret: the old one no
        longer acts for it) when the name is the hub's signed-in user (``signed_in``), or
        when the seat waits for them: the teacher set it, or its page has gone quiet. A
        name typed on one machine is not a password: while the seat's own page is open,
        the name alone does not take it."""
        key = learner_key(name)
        mine = next((p for p in self.places if p.learner_seat and p.learner == key), None)
        if mine is not None and not signed_in and mine.secret and mine.away != "gone":
            raise TableError(_("{name} is already sitting at this table, in another page. "
                               "Go on there, or close it and try again in a minute.").format(
                                   name=mine.name))
        if mine is None:
            if self.status != OPEN:
                raise TableError(_("This match has started without you: ask for the code "
                                   "of another table, or make one."))
            mine = next((p for p in self.places if p.empty), None)
            if mine is None:
                raise TableError(_("This table is full: ask for the code of another table, "
                                   "or make one."))
            mine.name, mine.learner = " ".join(name.split()), key
        secret = new_secret()
        mine.secret = digest(secret)
        self.heard(mine.seat)
        self.changed()
        return mine.seat, secret

    def reserve(self, seat: int, name: str) -> None:
        """Keep ``seat`` for the learner called ``name`` (the teacher seats a class): they
        take it when they join with the code; a bot plays it if they have not come within
        :attr:`away_s`."""
        place = self.places[seat]
        place.name, place.learner, place.secret = " ".join(name.split()), learner_key(name), ""
        place.heard, place.away = self.clock(), ""

    def place_of(self, seat: Any, secret: Any) -> Place:
        """The place of ``seat`` if ``secret`` is its own; else the learner is told no."""
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not 0 <= seat < self.players or not matches(secret, self.places[seat].secret):
            raise TableError(_("That is not your seat at this table."), rule="seat secret")
        return self.places[seat]

    def learners(self) -> List[Place]:
        """The seats of learners, in seat order."""
        return [p for p in self.places if p.learner_seat]

    def labels(self) -> List[str]:
        """Each seat's label in the language in use: a learner's name, or a bot's
        ("Kofi (beginner)"); an empty seat is "…"."""
        names = {p.name for p in self.learners()}
        out, number = [], 0
        for p in self.places:
            if p.bot:
                number += 1
                out.append(bot_name(number, self.bots, names))
            else:
                out.append(p.name or "…")
        return out

    def players_for(self, seat: Optional[int]) -> Players:
        """The seats' names as ``seat`` hears them ("you" for themselves)."""
        labels = self.labels()
        if seat is not None and 0 <= seat < self.players:
            labels[seat] = _("You")
        return Players.labelled(labels, seat)

    # -- starting ---------------------------------------------------------------------

    def start(self) -> None:
        """Fill the empty seats with bots and deal the first hand."""
        if self.status != OPEN:
            raise TableError(_("This match has already started."))
        if not self.learners():
            raise TableError(_("Nobody sits at this table yet."))
        for place in self.places:
            if place.empty:
                place.bot = True
        self.session = self._new_session()  # deals the first hand
        self.status = PLAYING
        self._after()

    def _new_session(self) -> TableSession:
        seats: List[Any] = [self.bots if p.bot else Seat(p.name, "human") for p in self.places]
        return TableSession(self.rules, seats, seed=self.seed,
                            avoid_names=[p.name for p in self.learners()])

    def game(self) -> TableSession:
        """The match being played (the table has started)."""
        if self.session is None:
            raise TableError(_("The match has not started yet."))
        return self.session

    # -- what each seat must decide ------------------------------------------------------

    def deciding(self) -> List[int]:
        """The learners' seats whose decision the table waits for now."""
        s = self.session
        if s is None or self.status != PLAYING or self.paused:
            return []
        if s.state.is_over():
            if s.match.is_over():
                return []
            return [p.seat for p in self.learners() if not p.ready and not p.away]
        if s.cut_pending and s.cut_by is not None:
            return [s.cut_by]
        if s.pending == "bets" and s.bet_round is not None:
            return list(s.bet_round.waiting_for())
        to_move = s.state.to_move
        return [to_move] if to_move is not None and self.places[to_move].learner_seat else []

    # -- acting -----------------------------------------------------------------------------

    def act(self, seat: int, action: Dict[str, Any], version: Optional[int] = None) -> Outcome:
        """Do what the learner at ``seat`` asked (see :meth:`_do` for the kinds), if it is
        theirs to decide, through the session and the engine; then play on for the seats of
        learners who are away. A stale ``version`` (the page had not seen the last change)
        is refused, so that a double click plays once."""
        place = self.places[seat]
        place.heard = self.clock()
        came_back = bool(place.away)
        place.away = ""
        kind = action.get("kind")
        if kind == "back":
            self.changed()
            return Outcome(True, "")
        if version is not None and version != self.version and kind != "next":
            if came_back:
                self.changed()
            return Outcome(False, _("The table has moved on: look again, then choose."))
        if self.paused:
            return Outcome(False, _("Your teacher has paused the game. Wait a moment."))
        s = self.game()
        with s.said_to(self.players_for(seat)):
            outcome = self._do(s, seat, action)
        if outcome.ok or came_back:
            self._after()
        return outcome

    def _do(self, s: TableSession, seat: int, action: Dict[str, Any]) -> Outcome:
        """One learner's action: ``move`` (a card or an action, as the engine writes it:
        "7H", "dry 6S"), ``renege`` (a card that does not follow suit, with offside on),
        ``cut`` (``lift``: cards, or None), ``offer`` (``amount``),
        ``answer`` (``index``, ``accept``), ``next`` (ready for the next hand)."""
        kind = action.get("kind")
        if kind == "next":
            if not s.state.is_over():
                return Outcome(False, _("Finish this hand first."))
            self.places[seat].ready = True
            return Outcome(True, "")
        if seat not in self.deciding():
            return Outcome(False, self._not_yours(s))
        if kind == "move":
            try:
                move = parse_move(str(action.get("move", "")))
            except SparError:
                return Outcome(False, _("That is not a move."))
            if isinstance(move, Card):
                problem = _not_held(s, seat, move) or s.card_problem(move)
                if problem:
                    return Outcome(False, problem)
            return s.move(move)
        if kind == "renege":  # offside on: the learner insists on a card that reneges
            try:
                card = parse_move(str(action.get("move", "")))
            except SparError:
                return Outcome(False, _("That is not a move."))
            if not isinstance(card, Card):
                return Outcome(False, _("That is not a move."))
            return Outcome(False, _not_held(s, seat, card)) if _not_held(s, seat, card) \
                else s.renege(card)
        if kind == "cut":
            lift = action.get("lift")
            if lift is not None and (not isinstance(lift, int) or isinstance(lift, bool)):
                return Outcome(False, _("A cut lifts 1 to {most} cards.").format(
                    most=self.rules.deck_size - 1))
            return s.cut(lift)
        if kind == "offer":
            amount = action.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                return Outcome(False, _("That bet cannot be made now."))
            return s.offer_bet(amount, seat=seat)
        if kind == "answer":
            index, accept = action.get("index"), action.get("accept")
            if not isinstance(index, int) or not isinstance(accept, bool):
                return Outcome(False, _("That bet cannot be made now."))
            return s.answer_bet(index, accept, seat=seat)
        return Outcome(False, _("That is not a move."))

    def _not_yours(self, s: TableSession) -> str:
        """Why a learner may not act now: whose turn it is, in their words."""
        if s.state.is_over():
            return _("The hand is over.")
        waiting = self.deciding() or ([s.state.to_move] if s.state.to_move is not None else [])
        if not waiting:
            return _("Wait a moment: the others are playing.")
        return _("Wait: it is {name}'s turn.").format(name=s.name(waiting[0]))

    # -- the table going on ------------------------------------------------------------------

    def _after(self) -> None:
        """After a change: play for the learners who are away, deal the next hand when every
        learner here is ready, and say the table changed."""
        s = self.session
        if s is not None and self.status == PLAYING and not self.paused:
            for _step in range(500):  # one decision each time round (a hand has ~40)
                if not self._step(s):
                    break
            if s.state.is_over() and s.match.is_over():
                self.status = OVER
        now = self.clock()
        deciding = set(self.deciding())
        self._waiting = {seat: self._waiting.get(seat, now) for seat in deciding}
        self.changed()

    def _step(self, s: TableSession) -> bool:
        """One decision taken for the table (a stand-in for an away learner, or the next
        deal); False when the table waits for a learner who is here."""
        if s.state.is_over():
            here = [p for p in self.learners() if not p.away]
            if s.match.is_over() or not here or not all(p.ready for p in here):
                return False
            for p in self.places:
                p.ready = False
            s.next_hand()
            return True
        deciding = self.deciding()
        away = [seat for seat in deciding if self.places[seat].away]
        if not away:
            return False
        self._stand_in(s, away[0])
        return True

    def _stand_in(self, s: TableSession, seat: int) -> None:
        """A bot decides for the away learner at ``seat``: no cut, no bet, its own card."""
        if s.cut_pending:
            s.cut(None)
            return
        r = s.bet_round
        if s.pending == "bets" and r is not None:
            if r.offer_due(seat):
                s.offer_bet(0, seat=seat)
            for index in r.answers_due(seat):
                s.answer_bet(index, False, seat=seat)
            return
        state = s.state
        try:
            move: Move = self._bot(seat).choose(state.view(seat))
            if move not in state.legal_moves():
                raise ValueError(f"{move} is not a legal move")
        except Exception:
            log.exception("the stand-in at seat %d failed; it plays its first legal move", seat)
            move = state.legal_moves()[0]
        outcome = s.move(move)
        if not outcome.ok:  # never expected: the engine's first legal move was refused
            raise RuntimeError(f"the stand-in's move {move} was refused: {outcome.message}")

    def _bot(self, seat: int) -> Any:
        if seat not in self._stand_ins:
            from ...solver.bots import make_bot  # type: ignore[import-untyped, import-not-found, unused-ignore]

            bot_seed = zlib.crc32(f"{self.seed}:stand-in:{seat}".encode()) & 0xFFFF
            self._stand_ins[seat] = make_bot(self.bots, bot_seed, budget_ms=60)
        return self._stand_ins[seat]

    # -- who is here -------------------------------------------------------------------------

    def heard(self, seat: int) -> None:
        """The learner's page at ``seat`` is open (a heartbeat); after a silence, they are
        back."""
        place = self.places[seat]
        place.heard = self.clock()
        if place.away == "gone":
            place.away = ""
            self._after()

    def tick(self) -> bool:
        """Mark away the learners not heard from for :attr:`away_s`, or whose decision
        waited :attr:`idle_s`; play on for them. True if anything changed."""
        now = self.clock()
        changed = False
        for p in self.learners():
            if p.away:
                continue
            if now - p.heard > self.away_s:
                p.away = "gone"
            elif p.seat in self._waiting and now - self._waiting[p.seat] > self._patience():
                p.away = "idle"
            if p.away:
                log.info("table %s: seat %d is away (%s): a computer player plays it",
                         self.code, p.seat, p.away)
                changed = True
        if changed:
            self._after()
        return changed

    def _patience(self) -> float:
        """How long a decision may wait before its learner counts as away."""
        s = self.session
        return 2 * self.idle_s if s is not None and s.state.is_over() else self.idle_s

    # -- the teacher -----------------------------------------------------------------------------

    def pause(self, paused: bool) -> None:
        """Stop play (``paused``) or let it go on; resuming also closes the open hands."""
        self.paused = paused
        if not paused:
            self.shown, self.note = False, ""
        self._after()

    def show(self, note: str) -> None:
        """Pause, and show every hand to the table's players with the teacher's ``note``."""
        self.paused, self.shown, self.note = True, True, " ".join(note.split())[:300]
        self._after()

    # -- hints and the review ----------------------------------------------------------------------

    def coach(self, seat: int) -> SessionHints:
        """The hints and review of one seat, from its view only."""
        if seat not in self._coaches:
            self._coaches[seat] = SessionHints()
        return self._coaches[seat]

    def hint(self, seat: int, level: int) -> HintAnswer:
        """Hint ``level`` for the learner at ``seat`` (the table allows hints)."""
        if not self.hints:
            return HintAnswer(level, _("Hint"), _("Hints are off at this table."))
        return self.coach(seat).hint(level, SeatGame(self, seat))

    def review(self, seat: int) -> List[ReviewLine]:
        """The learner's own decisions in the hand just over, judged from their view."""
        s = self.game()
        return review_hand(self.coach(seat), s.states, [seat], self.players_for(seat), s.bet_round)

    # -- changes ---------------------------------------------------------------------------------

    def changed(self) -> None:
        """Count a change and tell whoever waits for one."""
        self.version += 1
        self.on_change(self)


def _not_held(s: TableSession, seat: int, card: Card) -> str:
    """"You do not hold 7♥." when the seat does not hold ``card``, and no more: the engine's
    own answer would say who holds it (right for one learner at a bot table, a leak of a
    hidden card at a shared one). A card played already, or not in the pack, is said so."""
    state = s.state
    if card in state.hand(seat):
        return ""
    problem = state.explain_illegal(card, s.seating)
    public = not state.rules.deck_mask & card.bit or card in state.current_trick or any(
        card in t.cards for t in state.tricks)
    if public:
        return problem or ""
    return _("You do not hold {card}.").format(card=card.symbol_text)


__all__ = ["AWAY_S", "IDLE_S", "Place", "SharedTable", "TableError", "TableSession"]
