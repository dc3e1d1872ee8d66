"""The table service: every shared table of a server, what learners and teachers may ask
of them, and their rows in the progress database.

:class:`TableService` is plain Python (no web server: :mod:`.web` puts it on HTTP).
Each call names a table by its code and, for a learner, their seat and its secret;
it takes that table's lock, does the work through the table and the engine, saves
what changed (:mod:`.storage`), and answers in the caller's language
(:func:`spar_tutor.i18n.speaking`: the service answers learners of several languages
from several threads at once). A refusal is a :class:`~.table.TableError`, whose
message is for the learner. Teachers' calls need ``teacher`` (the web layer checks the
key, or the hub's admin list).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence

from ...engine.rules import PRESETS, Rules, find_preset
from ...engine.state import format_move
from ...i18n import _, speaking
from ...i18n.money import set_currency
from ...learning.class_settings import class_settings
from ...store import Store
from ...store.names import learner_key, shown_name
from .codes import clean_code, new_code
from .seen import seat_picture, table_row, teacher_picture
from .storage import TableRecord, restore_tables
from .table import AWAY_S, BOT_STRENGTHS, IDLE_S, CLOSED, OPEN, OVER, PLAYING, SharedTable, TableError

log = logging.getLogger("spar_tutor.tables")

MAX_TABLES = 300
"""Live tables at most (a class needs one per four learners)."""
FORGET_S = 3600.0
"""Seconds a finished match stays in memory (its learners read the end) before it goes."""
IDLE_CLOSE_S = 6 * 3600.0
"""Seconds a table in which no learner has been heard may wait before it is closed."""
CLASS_TABLE = 4
"""How many learners the teacher's "start tables" seats at each table."""
MAX_NAME = 30
SETTINGS_S = 30.0
"""How often the service reads the class's settings again (a teacher may change the
currency on the Class page)."""


@dataclass(frozen=True)
class Caller:
    """Who asks: the learner's ``name`` (the hub's user, when signed in there; None: as
    given in the request) and whether they are a teacher."""

    name: Optional[str] = None
    teacher: bool = False


def _name(caller: Caller, given: Any) -> str:
    """The learner's name: the hub's (with capitals, as the app shows it: "ama" is
    "Ama"), else the one given (cleaned), else refused."""
    name = shown_name(caller.name) if caller.name else given
    if not isinstance(name, str) or not " ".join(name.split()):
        raise TableError(_("Type your name on Home first, so the others know who you are."))
    return " ".join(name.split())[:MAX_NAME]


class TableService:
    """Every shared table of this server; see the module's docstring."""

    def __init__(self, store: Optional[Store] = None,
                 clock: Callable[[], float] = time.monotonic, away_s: float = AWAY_S,
                 idle_s: float = IDLE_S, seeds: Callable[[], str] = lambda: secrets.token_hex(16)
                 ) -> None:
        self.store = store
        #: Each new table's seed for its deals: 128 random bits (a learner who knew it, or
        #: could guess it from their own cards, would know every hand); tests give theirs.
        self.seeds = seeds
        self.clock = clock
        self.away_s, self.idle_s = away_s, idle_s
        self._tables: Dict[str, SharedTable] = {}
        self._records: Dict[str, TableRecord] = {}
        self._ended: Dict[str, float] = {}
        self._lock = threading.Lock()
        #: Called with (code, version) after any change at a table (from any thread).
        self.listeners: List[Callable[[str, int], None]] = []
        self._settings_read = clock()
        self.read_currency()
        if store is not None:
            for table, record in restore_tables(store):
                self._add(table, record)
            log.info("brought back %d table(s) from %s", len(self._tables), store.url)

    # -- the tables ------------------------------------------------------------------

    def _add(self, table: SharedTable, record: Optional[TableRecord]) -> None:
        table.clock = self.clock
        table.away_s, table.idle_s = self.away_s, self.idle_s
        for p in table.learners():
            p.heard = self.clock()
        table.on_change = self._changed
        self._tables[table.code] = table
        if record is not None:
            self._records[table.code] = record

    def _changed(self, table: SharedTable) -> None:
        for listener in list(self.listeners):
            try:
                listener(table.code, table.version)
            except Exception:
                log.exception("a listener of table %s failed", table.code)

    def read_currency(self) -> None:
        """Count bets and stakes in the class's currency (the Class page's, else ``serve
        --currency``, else each learner's language's), as the learners' pages do."""
        if self.store is not None:
            set_currency(class_settings(self.store).currency)

    def money(self) -> bool:
        """Whether a table made now plays stakes and bets: the class's setting (the Class
        page's, kept in the database, else ``serve --no-money``; a service without a
        database, a test's, plays them)."""
        return class_settings(self.store).money if self.store is not None else True

    def table(self, code: Any) -> SharedTable:
        """The live table with this code; a learner who mistyped it is told so."""
        clean = clean_code(code)
        found = self._tables.get(clean) if clean else None
        if found is None:
            raise TableError(_("No table has the code {code}. Check it with the classmate "
                               "who made the table.").format(code=str(code).strip()[:8] or "…"))
        return found

    def codes(self) -> List[str]:
        """The codes of the live tables."""
        with self._lock:
            return sorted(self._tables)

    def _save(self, table: SharedTable) -> None:
        record = self._records.get(table.code)
        if record is not None:
            record.save(table)

    def _new_table(self, rules: Any, players: Any, hints: Any, bots: Any,
                   created_by: str) -> SharedTable:
        if rules not in PRESETS:
            raise TableError(_("There is no game called {rules}.").format(rules=str(rules)[:40]))
        if not isinstance(players, int) or isinstance(players, bool):
            raise TableError(_("Choose how many players sit at the table."))
        chosen = Rules.preset(rules)
        if not chosen.min_players <= players <= chosen.max_players:
            raise TableError(_("{rules} is for {low} to {high} players.").format(
                rules=find_preset(rules).title, low=chosen.min_players, high=chosen.max_players))
        if bots not in BOT_STRENGTHS:
            raise TableError(_("Choose beginner or expert computer players."))
        with self._lock:
            if len(self._tables) >= MAX_TABLES:
                raise TableError(_("This server has as many tables as it can hold. Try again "
                                   "when a match is over."))
            table = SharedTable(new_code(self._tables), chosen, players, hints=bool(hints),
                                bots=bots, money=self.money(), seed=self.seeds(),
                                created_by=created_by)
            record = TableRecord.create(self.store, table) if self.store is not None else None
            self._add(table, record)
        return table

    # -- learners -------------------------------------------------------------------------

    def create(self, caller: Caller, name: Any, rules: Any, players: Any, hints: Any = True,
               bots: Any = "beginner") -> Dict[str, Any]:
        """A new table with the caller at its first seat: its code, their seat and secret."""
        who = _name(caller, name)
        table = self._new_table(rules, players, hints, bots, learner_key(who))
        return self.join(caller, table.code, who)

    def join(self, caller: Caller, code: Any, name: Any) -> Dict[str, Any]:
        """Sit at the table ``code``: the seat and its secret (which the page keeps)."""
        who = _name(caller, name)
        table = self.table(code)
        with table.lock:
            seat, secret = table.sit(who, signed_in=caller.name is not None)
            self._save(table)
        return {"code": table.code, "seat": seat, "secret": secret}

    def start(self, code: Any, seat: Any, secret: Any) -> None:
        """The table's creator starts the match: bots fill the empty seats."""
        table = self.table(code)
        with table.lock:
            place = table.place_of(seat, secret)
            if place.learner != table.created_by:
                raise TableError(_("Only the classmate who made the table can start it."))
            table.start()
            self._save(table)

    def act(self, code: Any, seat: Any, secret: Any, action: Any, version: Any = None,
            language: str = "en") -> Dict[str, Any]:
        """A learner's move (see :meth:`SharedTable.act`): ``ok`` and a sentence for them."""
        table = self.table(code)
        if not isinstance(action, dict):
            raise TableError(_("That is not a move."))
        with speaking(language), table.lock:
            place = table.place_of(seat, secret)
            outcome = table.act(place.seat, action,
                                version if isinstance(version, int) else None)
            self._save(table)
            return {"ok": outcome.ok, "message": outcome.message, "version": table.version}

    def picture(self, code: Any, seat: Any, secret: Any, language: str = "en",
                four_colour: bool = False) -> Dict[str, Any]:
        """What the learner at ``seat`` sees now (:func:`.seen.seat_picture`)."""
        table = self.table(code)
        with speaking(language), table.lock:
            place = table.place_of(seat, secret)
            return seat_picture(table, place.seat, four_colour)

    def version(self, code: Any) -> int:
        """How many changes the table has seen (a page waits for the next one)."""
        return self.table(code).version

    def beat(self, code: Any, seat: Any, secret: Any) -> None:
        """The learner's page is open (it says so every few seconds)."""
        table = self.table(code)
        with table.lock:
            table.heard(table.place_of(seat, secret).seat)
            self._save(table)

    def hint(self, code: Any, seat: Any, secret: Any, level: Any,
             language: str = "en") -> Dict[str, Any]:
        """Hint ``level`` for the learner, from their view only (if the table allows it)."""
        table = self.table(code)
        if level not in (1, 2, 3):
            raise TableError(_("Hints come in levels 1, 2 and 3."))
        with speaking(language), table.lock:
            place = table.place_of(seat, secret)
            answer = table.hint(place.seat, level)
        return {"level": answer.level, "title": answer.title, "text": answer.text,
                "values": [{"label": v.label, "win_chance": v.win_chance, "expected": v.expected,
                            "move": None if v.move is None else format_move(v.move)}
                           for v in answer.values],
                "best": None if answer.best is None else format_move(answer.best),
                "as_good": [format_move(m) for m in answer.as_good],
                "worlds": answer.worlds}

    def review(self, code: Any, seat: Any, secret: Any, language: str = "en") -> Dict[str, Any]:
        """The learner's decisions in the hand just over, each judged from their view."""
        table = self.table(code)
        with speaking(language), table.lock:
            place = table.place_of(seat, secret)
            if table.session is None or not table.session.state.is_over():
                return {"hand_number": 0, "lines": []}
            lines = table.review(place.seat)
            number = table.session.hand_number
        return {"hand_number": number,
                "lines": [{"trick": r.trick, "text": r.text, "mistake": bool(r.mistake),
                           "hindsight": r.hindsight, "tip": r.tip} for r in lines]}

    def mine(self, caller: Caller, name: Any) -> List[Dict[str, Any]]:
        """The live tables with a seat for this learner (their own, or one the teacher
        set for them)."""
        try:
            key = learner_key(_name(caller, name))
        except (TableError, ValueError):
            return []
        with self._lock:
            tables = list(self._tables.values())
        out = []
        for table in tables:
            with table.lock:
                if table.status in (OPEN, PLAYING) and any(
                        p.learner == key for p in table.learners()):
                    out.append({"code": table.code, "rules": table.rules.name,
                                "status": table.status})
        return out

    # -- the teacher --------------------------------------------------------------------------

    def _teacher(self, caller: Caller) -> None:
        if not caller.teacher:
            raise TableError(_("That is for teachers only."), rule="teacher")

    def tables(self, caller: Caller, language: str = "en") -> List[Dict[str, Any]]:
        """Every live table: players, score, who is to play."""
        self._teacher(caller)
        with self._lock:
            tables = sorted(self._tables.values(), key=lambda t: t.code)
        out = []
        with speaking(language):
            for table in tables:
                with table.lock:
                    if table.status in (OPEN, PLAYING, OVER):
                        out.append(table_row(table))
        return out

    def watch(self, caller: Caller, code: Any, language: str = "en",
              four_colour: bool = False) -> Dict[str, Any]:
        """One table as the teacher sees it: every hand open."""
        self._teacher(caller)
        table = self.table(code)
        with speaking(language), table.lock:
            return teacher_picture(table, four_colour)

    def pause(self, caller: Caller, code: Any, paused: bool) -> None:
        """Pause the table's play, or let it go on (which closes the open hands)."""
        self._teacher(caller)
        table = self.table(code)
        with table.lock:
            table.pause(bool(paused))
            self._save(table)

    def show(self, caller: Caller, code: Any, note: Any) -> None:
        """Pause and open every hand to the table's players, with the teacher's line."""
        self._teacher(caller)
        table = self.table(code)
        with table.lock:
            if table.session is None:
                raise TableError(_("The match has not started yet."))
            table.show(note if isinstance(note, str) else "")
            self._save(table)

    def seat_class(self, caller: Caller, names: Any, rules: Any = "standard",
                   bots: Any = "beginner", hints: Any = True) -> List[str]:
        """Tables for the learners ``names``, :data:`CLASS_TABLE` at a table (the last ones
        share out what is left; bots fill their seats), started at once: each learner
        takes their seat with the code. Returns the codes."""
        self._teacher(caller)
        if not isinstance(names, list) or not names:
            raise TableError(_("Choose the learners to seat."))
        learners = list(dict.fromkeys(" ".join(str(n).split())[:MAX_NAME] for n in names
                                      if isinstance(n, str) and n.strip()))
        groups = _groups(learners, CLASS_TABLE)
        codes = []
        for group in groups:
            table = self._new_table(rules, CLASS_TABLE, hints, bots, "")
            with table.lock:
                for seat, name in enumerate(group):
                    table.reserve(seat, name)
                table.start()
                self._save(table)
            codes.append(table.code)
        return codes

    # -- time going by -----------------------------------------------------------------------------

    def tick(self) -> None:
        """Once a second: mark away the learners not heard from, play on for them, and let
        finished or forgotten tables go; now and then, read the class's currency."""
        now = self.clock()
        if now - self._settings_read >= SETTINGS_S:
            self._settings_read = now
            self.read_currency()
        with self._lock:
            tables = list(self._tables.values())
        for table in tables:
            with table.lock:
                try:
                    if table.tick():
                        self._save(table)
                except Exception:
                    log.exception("table %s: its clock failed", table.code)
                if self._finished(table, now):
                    if table.status != CLOSED and table.status != OVER:
                        table.status = CLOSED
                    self._save(table)
                    with self._lock:
                        self._tables.pop(table.code, None)
                        self._records.pop(table.code, None)
                        self._ended.pop(table.code, None)

    def _finished(self, table: SharedTable, now: float) -> bool:
        """A match over for :data:`FORGET_S`, or nobody heard for :data:`IDLE_CLOSE_S`."""
        if table.status in (OVER, CLOSED):
            ended = self._ended.setdefault(table.code, now)
            return now - ended > FORGET_S
        heard = max([p.heard for p in table.learners()] or [now])
        return now - heard > IDLE_CLOSE_S


def _groups(names: Sequence[str], size: int) -> List[List[str]]:
    """``names`` at tables of ``size``: as many full tables as fit; what is left shares
    the last tables (two learners rather than one alone with three bots)."""
    if not names:
        return []
    count = max(1, -(-len(names) // size))
    groups: List[List[str]] = [[] for _ in range(count)]
    for i, name in enumerate(names):
        groups[i % count].append(name)
    return groups


def play_language(language: Any) -> str:
    """A request's language, as the service speaks it."""
    from ...i18n import known_language

    return known_language(language if isinstance(language, str) else None) or "en"


__all__ = ["CLASS_TABLE", "Caller", "TableError", "TableService", "play_language"]
