"""Save and resume a :class:`~spar_tutor.session.GameSession` as JSON.

The file holds what is needed to replay the match through the engine, so a
resumed game is checked move by move (a tampered file cannot make an illegal
position)::

    {"format": "spar-tutor-match", "version": 2,
     "rules": "standard",                      # Rules.to_json()
     "seats": [{"name": "You", "player": "human"},
               {"name": "Ama (beginner)", "player": "beginner"}, ...],
     "seed": 0, "first_dealer": 2,
     "hands": [{"cut": 12,                     # cards lifted (0: no cut; null: not cut yet)
                "bets": [{"seat": 0, "amount": 10, "accepted_by": [2]}],  # null: not settled yet
                "moves": ["7H", "8H", ...]},   # the last hand is the current one
               ...]}

Version 1 files (each hand a plain list of moves, played without cuts or
bets) are read as version 2 with no cut and no bets. Anything wrong raises
:class:`SessionFileError` (a :class:`SparError`) naming the problem.

Reading is two steps that change nothing: :func:`read_table` (rules, seats,
seed, first dealer) and :func:`replay_hands`; the session then puts the match
in place (:meth:`GameSession.from_json`, :meth:`GameSession.resume`).
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Union

from ..engine.deal import cutter
from ..engine.errors import SparError, shown
from ..engine.files import parse_json
from ..engine.match import Bet, Match
from ..engine.rules import Rules
from ..engine.state import PLAY, HandState, Move, format_move, parse_move
from .values import PlayedHand, Seat

FORMAT = "spar-tutor-match"
VERSION = 2
#: The players a saved game may name. Never a bot's code file ("path/bot.py:Bot"): a
#: save file uploaded to the app must not run code on the server.
PLAYERS = ("human", "random", "beginner", "expert")


class SessionFileError(SparError):
    """A saved match that cannot be resumed."""


class SavedTable(NamedTuple):
    """The table of a saved match (checked): the rules, each seat's player (``"human"``
    or a bot spec) and saved name (None: the usual one), the seed, the first dealer,
    and the hands as saved (replayed by :func:`replay_hands`)."""

    rules: Rules
    specs: List[str]
    names: List[Optional[str]]
    seed: Union[int, str]
    first_dealer: int
    hands: List[Any]


class SavedHands(NamedTuple):
    """The hands of a saved match, replayed by the engine: the finished hands, the
    match before the current hand, the current hand and its states."""

    finished: List[PlayedHand]
    match: Match
    current: PlayedHand
    states: List[HandState]


def match_json(rules: Rules, seats: Sequence[Seat], seed: Union[int, str], first_dealer: int,
               hands: Sequence[PlayedHand]) -> Dict[str, Any]:
    """The JSON-ready dict of a match: its table and its hands (the last is the current one)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules.to_json(),
        "seats": [{"name": s.name, "player": s.spec} for s in seats],
        "seed": seed,
        "first_dealer": first_dealer,
        "hands": [_hand_json(h) for h in hands],
    }


def _hand_json(hand: PlayedHand) -> Dict[str, Any]:
    bets = None if hand.bets is None else [
        {"seat": b.seat, "amount": b.amount, "accepted_by": list(b.accepted_by)}
        for b in hand.bets]
    return {"cut": hand.cut, "bets": bets, "moves": [format_move(m) for m in hand.moves]}


def migrate(data: Dict[str, Any]) -> Dict[str, Any]:
    """A version 1 file as version 2: each hand's moves, with no cut and no bets."""
    hands = data.get("hands")
    if isinstance(hands, list):
        hands = [{"cut": 0, "bets": [], "moves": h} for h in hands]
    return {**data, "version": VERSION, "hands": hands}


def parse_text(text: str, source: Optional[str] = None) -> Any:
    """The JSON data of a saved match's text (``source``: the file's name, for errors)."""
    if not isinstance(text, str):
        raise SessionFileError(f"a saved game is text, not {type(text).__name__}", file=source,
                               rule="save file")
    return parse_json(text, source, SessionFileError)


def _need(data: Dict[str, Any], key: str, kind: Any, words: str) -> Any:
    if key not in data:
        raise SessionFileError(f"the saved game has no \"{key}\" ({words})", rule=f"key {key}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SessionFileError(f"\"{key}\" must be {words}, not {shown(value)}", rule=f"key {key}")
    return value


def read_table(data: Any) -> SavedTable:
    """The table of :func:`match_json` data (version 1 or 2); its hands are read by
    :func:`replay_hands`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionFileError(f"not a saved spar-tutor match (\"format\" must be \"{FORMAT}\")",
                               rule="save file")
    version = data.get("version")
    if version == 1:
        data = migrate(data)
    elif version != VERSION:
        raise SessionFileError(f"saved with format version {shown(version)}; this spar-tutor reads "
                               f"versions 1 and {VERSION}", rule="key version")
    rules = Rules.from_json(data.get("rules", "standard"))
    seats_json = _need(data, "seats", list, "a list of seats")
    specs = []
    for i, seat in enumerate(seats_json):
        if not isinstance(seat, dict) or not isinstance(seat.get("player"), str):
            raise SessionFileError(f"seat {i} must be {{\"name\": ..., \"player\": ...}}",
                                   seat=i, rule="key seats")
        if seat["player"] not in PLAYERS:
            raise SessionFileError(f"seat {i}: the player must be one of {', '.join(PLAYERS)}, "
                                   f"not {shown(seat['player'])}", seat=i, rule="key seats")
        specs.append(seat["player"])
    names = [seat["name"].strip()[:40] if isinstance(seat.get("name"), str)
             and seat["name"].strip() else None for seat in seats_json]
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise SessionFileError(f"\"seed\" must be a number or text, not {shown(seed)}", rule="key seed")
    dealer = _need(data, "first_dealer", int, "a seat number")
    hands = _need(data, "hands", list, "a list of hands")
    if not hands:
        raise SessionFileError("\"hands\" is empty: the current hand is missing", rule="key hands")
    return SavedTable(rules, specs, names, seed, dealer, hands)


def replay_hands(table: SavedTable) -> SavedHands:
    """The saved hands replayed move by move through the engine (a tampered file cannot
    make an illegal position)."""
    match: Match = Match.new(table.rules, len(table.specs), seed=table.seed,
                             dealer=table.first_dealer)
    finished: List[PlayedHand] = []
    for number, hand_json in enumerate(table.hands, start=1):
        last = number == len(table.hands)
        hand = _hand(hand_json, number, last)
        hand = PlayedHand(hand.moves, hand.cut, _bets(hand_json.get("bets"), match, number, last))
        states = _replay(match, hand, number, table.specs)
        if not last:
            if not states[-1].is_over():
                raise SessionFileError(f"hand {number} is not finished, but a later hand follows",
                                       rule="key hands")
            match = match.record(states[-1], hand.bets or [])
            finished.append(hand)
            if match.is_over():
                raise SessionFileError(f"the match was over after hand {number}",
                                       rule="key hands")
    return SavedHands(finished, match, hand, states)


def _hand(value: Any, number: int, last: bool) -> PlayedHand:
    """A hand's moves and cut (its bets are read against the match, in :func:`_bets`)."""
    if not isinstance(value, dict) or not isinstance(value.get("moves"), list):
        raise SessionFileError(f"hand {number} must be {{\"cut\": ..., \"bets\": ..., "
                               f"\"moves\": [...]}}", rule="key hands")
    cut = value.get("cut", 0)
    if cut is None and not last:
        raise SessionFileError(f"hand {number} was never cut, but a later hand follows",
                               rule="key hands")
    if cut is not None and (not isinstance(cut, int) or isinstance(cut, bool) or cut < 0):
        raise SessionFileError(f"hand {number}: \"cut\" must be a number of cards, not {shown(cut)}",
                               rule="key hands")
    return PlayedHand(_moves(value["moves"], number), cut)


def _bets(value: Any, match: Match, number: int, last: bool) -> Optional[List[Bet]]:
    """A hand's bets, checked by the engine against the money before the hand."""
    if value is None:
        if not last and match.rules.betting:
            raise SessionFileError(f"hand {number}: the bets were never settled",
                                   rule="key hands")
        return None if match.rules.betting else []
    if not isinstance(value, list):
        raise SessionFileError(f"hand {number}: \"bets\" must be a list", rule="key hands")
    bets = []
    for b in value:
        if not isinstance(b, dict) or not isinstance(b.get("accepted_by", []), list):
            raise SessionFileError(f"hand {number}: a bet must be {{\"seat\": ..., \"amount\": "
                                   f"..., \"accepted_by\": [...]}}", rule="key hands")
        bets.append(Bet(b.get("seat", -1), b.get("amount", 0), tuple(b.get("accepted_by", []))))
    try:
        match.check_bets(bets)
    except SparError as e:
        raise SessionFileError(f"hand {number}: {e.reason}", rule="key hands") from None
    return bets


def _replay(match: Match, hand: PlayedHand, number: int, specs: List[str]) -> List[HandState]:
    """The states of one saved hand, every move checked by the engine."""
    if hand.cut is None and (hand.moves or not match.rules.cut
                             or specs[cutter(match.players, match.dealer)] != "human"):
        raise SessionFileError(f"hand {number}: the cut is missing (only a human cutter "
                               "may still have to cut, before any move)", rule="key hands")
    try:
        states = [match.deal(cut=hand.cut or None).start()]
    except SparError as e:
        raise SessionFileError(f"hand {number}: {e.reason}", rule="key hands") from None
    for play, move in enumerate(hand.moves, start=1):
        if hand.bets is None and states[-1].phase == PLAY and states[-1].plays_made == 0:
            raise SessionFileError(f"hand {number}, move {play} ({move}): played before the "
                                   "bets were settled", rule="key hands")
        try:
            states.append(states[-1].apply(move))
        except SparError as e:
            raise SessionFileError(f"hand {number}, move {play} ({move}): {e.reason}",
                                   rule="key hands") from None
    return states


def _moves(value: Any, number: int) -> List[Move]:
    if not isinstance(value, list):
        raise SessionFileError(f"hand {number} must be a list of moves", rule="key hands")
    out = []
    for play, text in enumerate(value, start=1):
        if not isinstance(text, str):
            raise SessionFileError(f"hand {number}, move {play}: {shown(text)} is not a move",
                                   rule="key hands")
        try:
            out.append(parse_move(text))
        except SparError as e:
            raise SessionFileError(f"hand {number}, move {play}: {e.reason}",
                                   rule="key hands") from None
    return out
