"""Deal files: a JSON notation for a hand or a position (see docs/deal-files.md).

>>> text = '{"rules": "standard", "hands": ["6S 7H", "9S 8H"], "plays": "7H 8H"}'
>>> df = DealFile.loads(text)
>>> df.state().to_move
1
>>> DealFile.loads(df.dumps()) == df
True

A file is one JSON object::

    {"rules": "standard",            # a preset, or {"preset": "standard", OPTION: value, ...}
     "dealer": 2,                    # optional; default: the last seat, so seat 0 leads
     "hands": ["6S 7H KD 9C AH", ...],   # one per seat, in play order
     "stock": "8C 9D ...",           # optional: the undealt cards, top first
     "leader": 1,                    # optional, end positions only: who leads now
     "under_ten": [3],               # optional: seats that exchange an under-ten hand
     "declarations": [{"seat": 1, "dry": "6S", "wet": "7H"}],   # optional
     "plays": "AH 6H 9H",            # optional: cards played so far; "uc" asks for the under card
     "title": "...", "notes": "..."} # optional text, kept as is

With full hands the phases before the first lead are played out from
``under_ten`` and ``declarations`` (seats not listed pass) when the file has
any of those keys or any plays; otherwise the position stops at the first
decision. Shorter hands (all the same size) are an end position: declarations
are simply in place and play starts with ``leader``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .cards import Card, format_cards, parse_cards
from .errors import DealFileError, IllegalMoveError, NotationError, SparError, shown
from .files import parse_json, read_text
from .rules import Rules
from .state import DECLARE, EXCHANGE, PASS, UNDER_TEN, Action, HandState, Move, Trick, parse_move

KNOWN_KEYS = ("rules", "dealer", "hands", "stock", "leader", "under_ten", "declarations",
              "plays", "title", "notes")


@dataclass(frozen=True)
class DealFile:
    """A parsed deal file. ``state()`` gives the position it describes."""

    rules: Rules
    hands: Tuple[Tuple[Card, ...], ...]
    dealer: int
    stock: Tuple[Card, ...] = ()
    leader: Optional[int] = None
    under_ten: Tuple[int, ...] = ()
    declarations: Tuple[Tuple[int, Optional[Card], Optional[Card]], ...] = ()
    plays: Tuple[Move, ...] = ()
    extra: Tuple[Tuple[str, str], ...] = ()
    resolve_prelead: bool = False
    source: Optional[str] = field(default=None, compare=False)
    text: Optional[str] = field(default=None, compare=False, repr=False)

    # -- reading -----------------------------------------------------------------

    @classmethod
    def load(cls, path: Union[str, Path]) -> "DealFile":
        """Read a deal file; errors name the file and line."""
        return cls.loads(read_text(path, DealFileError, "deal file"), source=str(path))

    @classmethod
    def loads(cls, text: str, source: str = "<deal>") -> "DealFile":
        """Parse deal-file text (one JSON object)."""
        obj = parse_json(text, source, DealFileError)
        try:
            df = cls.from_json(obj)
            df.state()  # validate every play now, so errors come with the file
        except SparError as e:
            raise e.located(source, _line_of(text, e)) from None
        return _with_source(df, source, text)

    @classmethod
    def from_json(cls, obj: Any) -> "DealFile":
        """A DealFile from a parsed JSON object (not yet validated by play)."""
        if not isinstance(obj, dict):
            raise DealFileError("a deal file must be a JSON object with \"rules\" and \"hands\"")
        unknown = [k for k in obj if k not in KNOWN_KEYS]
        if unknown:
            raise DealFileError(f"unknown key {shown(unknown[0])} (known: {', '.join(KNOWN_KEYS)})",
                                rule=f"key {_key_name(unknown[0])}")
        if "hands" not in obj:
            raise DealFileError("a deal file needs \"hands\": one string of cards per seat",
                                rule="key hands")
        rules = Rules.from_json(obj.get("rules", "standard"))
        hands_json = obj["hands"]
        if not isinstance(hands_json, list) or not all(isinstance(h, str) for h in hands_json):
            raise DealFileError("\"hands\" must be a list of strings, one per seat", rule="key hands")
        hands = []
        for seat, text in enumerate(hands_json):
            try:
                hands.append(tuple(parse_cards(text)))
            except NotationError as e:
                raise DealFileError(f"hand of seat {seat}: {e}", seat=seat, card=e.card,
                                    rule="key hands") from None
        n = len(hands)
        rules.check_players(n)
        dealer = _seat(obj.get("dealer", n - 1), n, "dealer")
        leader = obj.get("leader")
        if leader is not None:
            leader = _seat(leader, n, "leader")
        stock = tuple(_cards(obj.get("stock", ""), "stock"))
        under_ten = tuple(_seat(s, n, "under_ten") for s in _list(obj.get("under_ten", []), "under_ten"))
        decls = []
        for item in _list(obj.get("declarations", []), "declarations"):
            if not isinstance(item, dict) or set(item) - {"seat", "dry", "wet"}:
                raise DealFileError("each declaration is {\"seat\": S, \"dry\": card, \"wet\": card}",
                                    rule="key declarations")
            seat = _seat(item.get("seat"), n, "declarations seat")
            dry = _card(item.get("dry"), "declarations dry")
            wet = _card(item.get("wet"), "declarations wet")
            if dry is None and wet is not None:
                raise IllegalMoveError(f"seat {seat} cannot wet {wet}: a wet needs a dry in place "
                                       "first", seat=seat, card=wet, rule="wet declaration")
            decls.append((seat, dry, wet))
        plays_text = obj.get("plays", "")
        if not isinstance(plays_text, str):
            raise DealFileError("\"plays\" must be a string of cards", rule="key plays")
        plays = []
        for i, token in enumerate(plays_text.split(), start=1):
            try:
                plays.append(parse_move(token))
            except NotationError as e:
                raise DealFileError(f"\"plays\" item {i}: {e}", card=token, rule="key plays") from None
        extra = []
        for key in ("title", "notes"):
            if key in obj:
                if not isinstance(obj[key], str):
                    raise DealFileError(f"\"{key}\" must be text", rule=f"key {key}")
                extra.append((key, obj[key]))
        resolve = bool(plays) or "declarations" in obj or "under_ten" in obj
        return cls(rules, tuple(hands), dealer, stock, leader, under_ten, tuple(decls),
                   tuple(plays), tuple(extra), resolve)

    # -- writing -----------------------------------------------------------------

    def to_json(self) -> Dict[str, Any]:
        """The canonical JSON object (``from_json`` of it gives an equal DealFile)."""
        out: Dict[str, Any] = {"rules": self.rules.to_json(), "dealer": self.dealer,
                               "hands": [format_cards(h) for h in self.hands]}
        if self.stock:
            out["stock"] = format_cards(self.stock)
        if self.leader is not None:
            out["leader"] = self.leader
        if self.under_ten:
            out["under_ten"] = list(self.under_ten)
        if self.declarations or (self.resolve_prelead and not self.plays and not self.under_ten):
            out["declarations"] = [
                {"seat": s, **({"dry": str(d)} if d else {}), **({"wet": str(w)} if w else {})}
                for s, d, w in self.declarations
            ]
        if self.plays:
            out["plays"] = " ".join("uc" if m == Action("under_card") else str(m) for m in self.plays)
        out.update(dict(self.extra))
        return out

    def dumps(self) -> str:
        """The canonical text of the file (compact, one line per key)."""
        obj = self.to_json()
        lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(lines) + "\n}\n"

    @property
    def title(self) -> Optional[str]:
        return dict(self.extra).get("title")

    # -- the position ------------------------------------------------------------

    def start(self) -> HandState:
        """The state before any move of the file is applied."""
        full = len(self.hands[0]) == self.rules.hand_size
        decls = [] if full else [
            {"seat": s, "dry": d, "wet": w} for s, d, w in self.declarations
        ]
        return HandState.new(self.rules, self.hands, self.dealer, stock=self.stock,
                             leader=self.leader, declarations=decls)

    def state(self) -> HandState:
        """The state after everything in the file (declarations, plays)."""
        state = self.start()
        if self.resolve_prelead:
            state = self._resolve_prelead(state)
        for move in self.plays:
            state = state.apply(move)
        return state

    def states(self) -> List[HandState]:
        """The state before each play and after the last one."""
        state = self.start()
        if self.resolve_prelead:
            state = self._resolve_prelead(state)
        out = [state]
        for move in self.plays:
            state = state.apply(move)
            out.append(state)
        return out

    def _resolve_prelead(self, state: HandState) -> HandState:
        pending_ut = list(self.under_ten)
        full = len(self.hands[0]) == self.rules.hand_size  # else start() placed them
        pending = {s: [m for m in (Action.dry(d) if d else None, Action.wet(w) if w else None) if m]
                   for s, d, w in self.declarations if full}
        while state.phase in (UNDER_TEN, DECLARE):
            seat = state.to_move
            assert seat is not None
            if state.phase == UNDER_TEN:
                move: Move = EXCHANGE if seat in pending_ut else PASS
                if seat in pending_ut:
                    pending_ut.remove(seat)
            else:
                todo = pending.get(seat) or []
                move = todo.pop(0) if todo else PASS
            state = state.apply(move)
        for seat in pending_ut:
            raise IllegalMoveError(
                f"seat {seat} cannot exchange an under-ten hand: "
                + _under_ten_words(self, seat), seat=seat, rule="under ten")
        for seat, todo in pending.items():
            if todo:
                move = todo[0]
                raise IllegalMoveError(
                    f"seat {seat} cannot {move}: " + _declare_words(state, seat, move),
                    seat=seat, card=move.card, rule=f"{move.kind} declaration")
        return state


def _under_ten_words(df: DealFile, seat: int) -> str:
    high = [c for c in df.hands[seat] if c.rank > 9]
    if not df.rules.under_ten:
        return f"the under ten rule is off in {df.rules.name}"
    if high:
        return f"the hand holds {format_cards(high)}, so it is not under ten"
    return "fewer than five cards were left in the stock"


def _declare_words(state: HandState, seat: int, move: Action) -> str:
    from .state import Declaration, _declare_problem

    if not state.rules.dry_wet:
        return f"dry and wet are off in {state.rules.name}"
    hand_mask = state.hand_mask(seat) | sum(
        c.bit for t in state.tricks for c in t.cards)  # the cards it held at the time
    kind: Declaration = "dry" if move.kind == "dry" else "wet"  # only declarations come here
    why = _declare_problem(kind, move.card, hand_mask, state.dry[seat], seat)
    return why or "it was not offered at that point"


def replay_json(state: HandState) -> Dict[str, Any]:
    """The ``spar-tutor replay --json`` object for a state."""
    def trick(t: Trick) -> Dict[str, Any]:
        return {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}

    result = state.result
    out: Dict[str, Any] = {
        "tricks": [trick(t) for t in state.tricks],
        "points": list(result.points) if result else [0] * state.players,
        "ended_by": result.ended_by if result else "in_progress",
    }
    if result:
        out["reason"] = result.reason
    if state.current_trick:
        out["current_trick"] = {"leader": state.leader,
                                "cards": [str(c) for c in state.current_trick]}
    if state.abandoned_trick is not None:
        out["abandoned_trick"] = trick(state.abandoned_trick)
    if not result:
        out["to_move"] = state.to_move
    return out


# -- small parsers with good errors -------------------------------------------------


def _key_name(key: str) -> str:
    """A key as a rule names it: as written when it is a plain name (so the file's line
    can be found), else shown safely on one line."""
    return key if key.isidentifier() else shown(key)


def _seat(value: Any, n: int, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise DealFileError(f"\"{key}\" must be a seat from 0 to {n - 1}, not {shown(value)}",
                            rule=f"key {key.split()[0]}")
    return value


def _list(value: Any, key: str) -> List[Any]:
    if not isinstance(value, list):
        raise DealFileError(f"\"{key}\" must be a list", rule=f"key {key}")
    return value


def _cards(value: Any, key: str) -> List[Card]:
    if not isinstance(value, str):
        raise DealFileError(f"\"{key}\" must be a string of cards", rule=f"key {key}")
    try:
        return parse_cards(value)
    except NotationError as e:
        raise DealFileError(f"\"{key}\": {e}", card=e.card, rule=f"key {key}") from None


def _card(value: Any, key: str) -> Optional[Card]:
    if value is None:
        return None
    cards = _cards(value, key)
    if len(cards) != 1:
        raise DealFileError(f"\"{key}\" must be one card, not {shown(value)}", rule=f"key {key.split()[0]}")
    return cards[0]


def _with_source(df: DealFile, source: str, text: str) -> DealFile:
    object.__setattr__(df, "source", source)
    object.__setattr__(df, "text", text)
    return df


def _line_of(text: str, err: SparError) -> Optional[int]:
    """The line of the key an error is about (plays, hands, ...), if it can be found."""
    rule = err.rule or ""
    key = None
    m = re.match(r"key (\w+)", rule)
    if m:
        key = m.group(1)
    elif err.play is not None or rule in ("follow suit", "cards in hand", "under card", "end of hand"):
        key = "plays"
    elif "declaration" in rule or rule in ("dry and wet", "dry", "wet"):
        key = "declarations"
    elif rule == "under ten":
        key = "under_ten"
    elif rule.startswith("options") or rule == "presets":
        key = "rules"
    elif rule in ("players", "deck", "hand size", "notation"):
        key = "hands"
    if key is None:
        return None
    pos = text.find(f'"{key}"')
    if pos < 0:
        return None
    line = text.count("\n", 0, pos) + 1
    if key == "hands" and err.seat is not None:
        # point at the seat's own string when hands are written one per line
        start = text.find("[", pos)
        idx = start
        for _ in range(err.seat + 1):
            idx = text.find('"', idx + 1)
            if idx < 0:
                return line
            idx = text.find('"', idx + 1)
        return text.count("\n", 0, max(idx, 0)) + 1
    return line


def load_json_lines(text: str, source: str = "<input>") -> List[DealFile]:
    """Deal files from JSON lines (one object a line) or a single JSON object."""
    stripped = text.strip()
    if stripped.startswith("{") and "\n" in stripped:
        try:
            parse_json(stripped, source, DealFileError)
        except DealFileError:
            pass  # not one object over several lines: JSON lines, read one by one below
        else:
            return [DealFile.loads(text, source)]
    out = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(DealFile.loads(line, source))
        except SparError as e:
            raise e.located(source, lineno) from None
    return out


__all__: Sequence[str] = ["DealFile", "replay_json", "load_json_lines"]
