"""Save and resume a :class:`~spar_tutor.session.GameSession` as JSON.

The file holds what is needed to replay the match through the engine, so a
resumed game is checked move by move (a tampered file cannot make an illegal
position)::

    {"format": "spar-tutor-match", "version": 1,
     "rules": "standard",                      # Rules.to_json()
     "seats": [{"name": "You", "player": "human"},
               {"name": "Bot 1 (beginner)", "player": "beginner"}, ...],
     "seed": 0, "first_dealer": 2,
     "hands": [["7H", "8H", ...], ...]}        # every hand's moves; the last is the current one

Anything wrong raises :class:`SessionFileError` (a :class:`SparError`) naming
the problem.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

from .errors import SparError
from .match import Match
from .rules import Rules
from .state import Move, format_move, parse_move

FORMAT = "spar-tutor-match"
VERSION = 1


class SessionFileError(SparError):
    """A saved match that cannot be resumed."""


def session_to_json(session: Any) -> Dict[str, Any]:
    """The JSON-ready dict of a session."""
    hands = [[format_move(m) for m in moves] for moves in session.finished_hands]
    hands.append([format_move(m) for m in session.moves()])
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": session.rules.to_json(),
        "seats": [{"name": s.name, "player": s.spec} for s in session.seats],
        "seed": session.seed,
        "first_dealer": session.first_dealer,
        "hands": hands,
    }


def session_from_text(cls: Any, text: str, **kwargs: Any) -> Any:
    """A session from saved JSON text."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as e:
        raise SessionFileError(f"the saved game is not valid JSON ({e})", rule="save file") from None
    return session_from_json(cls, data, **kwargs)


def _need(data: Dict[str, Any], key: str, kind: Any, words: str) -> Any:
    if key not in data:
        raise SessionFileError(f"the saved game has no \"{key}\" ({words})", rule=f"key {key}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SessionFileError(f"\"{key}\" must be {words}, not {value!r}", rule=f"key {key}")
    return value


def session_from_json(cls: Any, data: Any, **kwargs: Any) -> Any:
    """A session replayed from :func:`session_to_json` data."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SessionFileError(f"not a saved spar-tutor match (\"format\" must be \"{FORMAT}\")",
                               rule="save file")
    version = data.get("version")
    if version != VERSION:
        raise SessionFileError(f"saved with format version {version!r}; this spar-tutor reads "
                               f"version {VERSION}", rule="key version")
    rules = Rules.from_json(data.get("rules", "standard"))
    seats_json = _need(data, "seats", list, "a list of seats")
    specs = []
    for i, seat in enumerate(seats_json):
        if not isinstance(seat, dict) or not isinstance(seat.get("player"), str):
            raise SessionFileError(f"seat {i} must be {{\"name\": ..., \"player\": ...}}",
                                   seat=i, rule="key seats")
        specs.append(seat["player"])
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise SessionFileError(f"\"seed\" must be a number or text, not {seed!r}", rule="key seed")
    dealer = _need(data, "first_dealer", int, "a seat number")
    hands = _need(data, "hands", list, "a list of hands, each a list of moves")
    if not hands:
        raise SessionFileError("\"hands\" is empty: the current hand is missing", rule="key hands")
    session = cls(rules, specs, seed=seed, dealer=dealer, **kwargs)
    for i, seat in enumerate(seats_json):
        if isinstance(seat.get("name"), str) and seat["name"].strip():
            session.seats[i] = session.seats[i]._replace(name=seat["name"].strip()[:40])
    match: Match = Match.new(rules, len(specs), seed=seed, dealer=dealer)
    finished: List[List[Move]] = []
    for number, moves_json in enumerate(hands, start=1):
        deal = match.deal()
        states = [deal.start()]
        moves = _moves(moves_json, number)
        for play, move in enumerate(moves, start=1):
            try:
                states.append(states[-1].apply(move))
            except SparError as e:
                raise SessionFileError(f"hand {number}, move {play} ({move}): {e.reason}",
                                       rule="key hands") from None
        if number < len(hands):
            if not states[-1].is_over():
                raise SessionFileError(f"hand {number} is not finished, but a later hand follows",
                                       rule="key hands")
            match = match.record(states[-1])
            finished.append(moves)
            if match.is_over():
                raise SessionFileError(f"the match was over after hand {number}",
                                       rule="key hands")
    session._restore(finished, match, states, deal)
    return session


def _moves(value: Any, number: int) -> List[Move]:
    if not isinstance(value, list):
        raise SessionFileError(f"hand {number} must be a list of moves", rule="key hands")
    out = []
    for play, text in enumerate(value, start=1):
        if not isinstance(text, str):
            raise SessionFileError(f"hand {number}, move {play}: {text!r} is not a move",
                                   rule="key hands")
        try:
            out.append(parse_move(text))
        except SparError as e:
            raise SessionFileError(f"hand {number}, move {play}: {e.reason}",
                                   rule="key hands") from None
    return out
