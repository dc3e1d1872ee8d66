"""Shared tables in the progress database: every sitting and every move is a row, so a
server that restarts brings each table back where it was.

:class:`TableRecord` writes what changed at a table since it last saved: who sat down
(a row of ``shared_table_seats``), the moves (rows of ``shared_table_moves``: each card
and declaration, the cut, the settled bets, the start of the match and of each next
hand), and the table's own row (status, the teacher's pause, show and note).
:func:`restore_tables` reads back every table still open or in play, and replays its
moves through the engine (:meth:`GameSession.from_json`: a row that the rules do not
allow brings that table back only as far as it was allowed).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Set, Tuple

from sqlalchemy import insert, select, update

from ...engine.errors import SparError
from ...engine.match import Bet
from ...engine.rules import Rules
from ...engine.state import format_move, parse_move
from ...session import PlayedHand, Seat
from ...session.file import match_json
from ...store import Store
from ...store.schema import SharedMove, SharedSeat, SharedTable as TableRow, utcnow
from .table import CLOSED, OPEN, PLAYING, Place, SharedTable, TableSession

log = logging.getLogger("spar_tutor.tables")

#: A row of shared_table_moves, before it is numbered: (hand, kind, seat, move).
Row = Tuple[int, str, Optional[int], str]


@dataclass
class _Hand:
    """How much of one hand is saved already."""

    cut: bool = False
    bets: bool = False
    moves: int = 0


@dataclass
class TableRecord:
    """One table's rows: what is saved already, and how to save what is new."""

    store: Store
    table_id: int
    moves: int = 0  # rows of shared_table_moves so far
    started: bool = False
    hands: Dict[int, _Hand] = field(default_factory=dict)
    sittings: Dict[int, Tuple[str, str, bool]] = field(default_factory=dict)
    row: Tuple[str, bool, bool, str] = ("", False, False, "")

    @classmethod
    def create(cls, store: Store, table: SharedTable) -> "TableRecord":
        """Add the table's row; its sittings and moves come with :meth:`save`."""
        now = utcnow()
        with store.write() as session:
            table_id = session.scalar(insert(TableRow).values(
                code=table.code, rules=table.rules.name, players=table.players,
                hints=table.hints, bots=table.bots, money=table.money, seed=table.seed,
                status=table.status,
                paused=table.paused, shown=table.shown, note=table.note or None,
                created_by=table.created_by, created_at=now, updated_at=now)
                .returning(TableRow.id))
        assert table_id is not None
        record = cls(store, int(table_id))
        record.row = _row_state(table)
        return record

    def save(self, table: SharedTable) -> None:
        """Write everything that changed at ``table`` since the last save, in one
        transaction (a failure is logged: the table goes on, and the next save tries again)."""
        sittings = {p.seat: (p.name, p.secret, p.bot) for p in table.places if not p.empty}
        new_seats = [(seat, s) for seat, s in sittings.items() if self.sittings.get(seat) != s]
        rows, hands = self._new_rows(table)
        row = _row_state(table)
        if not new_seats and not rows and row == self.row:
            return
        now = utcnow()
        try:
            with self.store.write() as session:
                for seat, (name, secret, bot) in new_seats:
                    place = table.places[seat]
                    session.execute(insert(SharedSeat).values(
                        table_id=self.table_id, seat=seat, name=name, learner=place.learner,
                        bot=bot, secret=secret, sat_at=now))
                for number, (hand, kind, mover, move) in enumerate(rows, start=self.moves + 1):
                    session.execute(insert(SharedMove).values(
                        table_id=self.table_id, number=number, hand=hand, kind=kind, seat=mover,
                        move=move, made_at=now))
                if row != self.row or rows:
                    status, paused, shown, note = row
                    session.execute(update(TableRow).where(TableRow.id == self.table_id).values(
                        status=status, paused=paused, shown=shown, note=note or None,
                        updated_at=now))
        except Exception:
            log.exception("table %s: could not save its changes (it goes on)", table.code)
            return
        self.sittings.update(new_seats)
        self.moves += len(rows)
        self.hands = hands
        self.started = self.started or table.session is not None
        self.row = row

    def _new_rows(self, table: SharedTable) -> Tuple[List[Row], Dict[int, _Hand]]:
        """The moves rows not saved yet, and how much of each hand is saved with them."""
        s = table.session
        hands = {number: _Hand(h.cut, h.bets, h.moves) for number, h in self.hands.items()}
        if s is None:
            return [], hands
        rows: List[Row] = []
        if not self.started:
            rows.append((1, "start", None, str(s.first_dealer)))
        played = [*s.finished_hands, s.played_hand()]
        history = s.state.history
        for number, hand in enumerate(played, start=1):
            saved = hands.setdefault(number, _Hand())
            if number > 1 and number not in self.hands:
                rows.append((number, "next", None, ""))
            if not saved.cut and hand.cut is not None:
                rows.append((number, "cut", None, str(hand.cut)))
                saved.cut = True
            if not saved.bets and hand.bets is not None and table.rules.betting:
                rows.append((number, "bets", None, json.dumps(
                    [[b.seat, b.amount, list(b.accepted_by)] for b in hand.bets])))
                saved.bets = True
            current = number == len(played)
            for i in range(saved.moves, len(hand.moves)):
                seat = history[i][0] if current else None
                rows.append((number, "move", seat, format_move(hand.moves[i])))
            saved.moves = len(hand.moves)
        return rows, hands


def _row_state(table: SharedTable) -> Tuple[str, bool, bool, str]:
    return (table.status, table.paused, table.shown, table.note)


# -- bringing the tables back ---------------------------------------------------------------


def restore_tables(store: Store) -> List[Tuple[SharedTable, TableRecord]]:
    """Every table still open or in play, as it was when its last move was saved."""
    out = []
    with store.read() as session:
        tables = session.scalars(select(TableRow).where(
            TableRow.status.in_([OPEN, PLAYING]))).all()
        found = [(t.id, t.code, t.rules, t.players, t.hints, t.bots, t.money, t.seed, t.status,
                  t.paused, t.shown, t.note or "", t.created_by) for t in tables]
        seats: Dict[int, List[Any]] = {}
        for s in session.scalars(select(SharedSeat).order_by(SharedSeat.id)):
            seats.setdefault(s.table_id, []).append((s.seat, s.name, s.learner, s.bot, s.secret))
        moves: Dict[int, List[Row]] = {}
        ids: Set[int] = {row[0] for row in found}
        for m in session.scalars(select(SharedMove).where(SharedMove.table_id.in_(ids))
                                 .order_by(SharedMove.table_id, SharedMove.number)):
            moves.setdefault(m.table_id, []).append((m.hand, m.kind, m.seat, m.move))
    for (table_id, code, rules, players, hints, bots, money, seed, status, paused, shown, note,
         created_by) in found:
        try:
            table = SharedTable(code, Rules.preset(rules), players, hints=hints, bots=bots,
                                money=money, seed=seed, created_by=created_by, paused=paused,
                                shown=shown, note=note)
            for seat, name, learner, bot, secret in seats.get(table_id, []):
                # every learner has the away time to come back to their page
                table.places[seat] = Place(seat, name, learner, secret, bot, heard=table.clock())
            record = TableRecord(store, table_id)
            rows = moves.get(table_id, [])
            record.sittings = {p.seat: (p.name, p.secret, p.bot) for p in table.places
                               if not p.empty}
            record.row = _row_state(table)
            record.moves = len(rows)
            if status == PLAYING:
                table.session = _replayed(table, rows)
                table.status = PLAYING
                record.started = True
                record.hands = _saved_hands(rows)
            out.append((table, record))
        except (SparError, ValueError, KeyError, IndexError) as e:
            log.error("table %s could not be brought back: %s", code, e)
            try:
                with store.write() as session:
                    session.execute(update(TableRow).where(TableRow.id == table_id)
                                    .values(status=CLOSED, updated_at=utcnow()))
            except Exception:
                log.exception("table %s: could not close it", code)
    return out


def _saved_hands(rows: List[Row]) -> Dict[int, _Hand]:
    hands: Dict[int, _Hand] = {}
    for hand, kind, _seat, _move in rows:
        saved = hands.setdefault(hand, _Hand())
        if kind == "cut":
            saved.cut = True
        elif kind == "bets":
            saved.bets = True
        elif kind == "move":
            saved.moves += 1
    return hands


def _replayed(table: SharedTable, rows: List[Row]) -> TableSession:
    """The table's match from its rows, every move through the engine."""
    first_dealer = next(int(move) for _h, kind, _s, move in rows if kind == "start")
    count = max([1] + [hand for hand, *_rest in rows])
    hands = []
    for number in range(1, count + 1):
        mine = [r for r in rows if r[0] == number]
        cut = next((int(r[3]) for r in mine if r[1] == "cut"), None)
        if cut is None and not table.rules.cut:
            cut = 0
        bets_row = next((json.loads(r[3]) for r in mine if r[1] == "bets"), None)
        bets = ([Bet(seat, amount, tuple(by)) for seat, amount, by in bets_row]
                if bets_row is not None else None if table.rules.betting else [])
        hands.append(PlayedHand([parse_move(r[3]) for r in mine if r[1] == "move"], cut, bets))
    seats = [Seat("", table.bots) if p.bot else Seat(p.name, "human") for p in table.places]
    data = match_json(table.rules, seats, table.seed, first_dealer, hands)
    session = TableSession.from_json(data, avoid_names=[p.name for p in table.learners()])
    assert isinstance(session, TableSession)
    return session


__all__ = ["TableRecord", "restore_tables"]
