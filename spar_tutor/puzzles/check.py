"""Checking one puzzle completely: its shape, its position, and the solver's verdict.

:func:`check_puzzle` takes the table read from a puzzle file and returns the
:class:`~spar_tutor.puzzles.model.Puzzle` (or ``None``) and a list of
``(key, what is wrong)`` pairs. The solver checks: the goal is exactly what the
seat to move can guarantee, the stated winning first cards are exactly the
cards that keep it, and a closed puzzle can be solved without seeing the other
hands. The solver's verdicts are kept between processes (:mod:`.verdicts`).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Set, Tuple

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.dealfile import DealFile
from ..engine.errors import SparError, shown
from ..engine.state import PLAY, HandState
from ..learning.rungs import gives_away
from .judge import MAX_LAYOUTS, Judge, closed_cards
from .model import BANDS, Puzzle
from .verdicts import verdict

REQUIRED = {"id": str, "title": str, "position": dict, "seat": int, "goal": str, "points": int,
            "band": str, "rating": int, "hint": str, "explanation": str, "open": bool,
            "winning": str}
OPTIONAL = {"themes": list, "nudge": str}
ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")

Found = List[Tuple[Optional[str], str]]  # (key, what is wrong)


def check_puzzle(raw: Any, collection: str = "", source: str = "",
                 line: Optional[int] = None) -> Tuple[Optional[Puzzle], Found]:
    """Check one puzzle table; returns the puzzle (None if anything is wrong) and the problems."""
    found: Found = []
    if not isinstance(raw, dict):
        return None, [(None, "a puzzle must be a table ([[puzzle]])")]
    for key in raw:
        if key not in REQUIRED and key not in OPTIONAL:
            found.append((key, f"unknown key {shown(key)} (known: "
                               f"{', '.join(sorted(list(REQUIRED) + list(OPTIONAL)))})"))
    shape: Found = []
    for key, kind in list(REQUIRED.items()) + list(OPTIONAL.items()):
        if key not in raw:
            if key in REQUIRED:
                shape.append((key, f"{shown(key)} is missing"))
        elif not isinstance(raw[key], kind) or (kind is int and isinstance(raw[key], bool)):
            shape.append((key, f"{shown(key)} must be {_kind_words(kind)}"))
    if shape:
        return None, found + shape
    found += _check_words(raw)
    try:
        position = DealFile.from_json(raw["position"])
        state = position.state()
    except SparError as e:
        return None, found + [("position", f"position: {e.reason}"
                               + (f" (rule: {e.rule})" if e.rule else ""))]
    if state.phase != PLAY or state.is_over():
        return None, found + [("position", f"the position must be in the card play, not in "
                                           f"the {state.phase} phase")]
    seat = raw["seat"]
    if seat != state.to_move:
        return None, found + [("seat", f"seat {seat} is not to move: seat {state.to_move} is")]
    try:
        winning = tuple(parse_cards(raw["winning"]))
    except SparError as e:
        return None, found + [("winning", f"winning: {e.reason}")]
    found += verdict({k: raw[k] for k in ("position", "seat", "points", "winning", "open")},
                     lambda: _check_solver(raw, state, seat, winning))
    if found:
        return None, found
    puzzle = Puzzle(
        id=raw["id"], title=raw["title"].strip(), position=position, seat=seat,
        goal=raw["goal"].strip(), points=raw["points"], band=raw["band"], rating=raw["rating"],
        hint=raw["hint"].strip(), explanation=raw["explanation"].strip(), open=raw["open"],
        nudge=raw.get("nudge", "").strip(),
        winning=tuple(sorted(winning, key=lambda c: c.index)),
        themes=tuple(raw.get("themes", ())), collection=collection, source=source, line=line)
    return puzzle, []


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _kind_words(kind: type) -> str:
    return {str: "text", int: "a whole number", bool: "true or false", dict: "a table",
            list: "a list"}[kind]


def _check_words(raw: Dict[str, Any]) -> Found:
    found: Found = []
    if not ID.match(raw["id"]):
        found.append(("id", f"id {shown(raw['id'])} must be lower-case letters, digits and '-' "
                            "(at most 40)"))
    for key in ("title", "goal", "hint", "explanation"):
        if not raw[key].strip():
            found.append((key, f"{shown(key)} is empty"))
    nudge = raw.get("nudge")
    if isinstance(nudge, str):
        problem = gives_away(nudge) if nudge.strip() else "it is empty"
        if problem:
            found.append(("nudge", f"the nudge must not give the answer away: {problem}"))
    points = raw["points"]
    unit = "point" if points == 1 else "points"
    if f"{points} {unit}" not in raw["goal"]:
        found.append(("goal", f"the goal's words must say how many: \"{points} {unit}\""))
    band, rating = raw["band"], raw["rating"]
    if band not in BANDS:
        found.append(("band", f"unknown band {shown(band)} (known: {', '.join(BANDS)})"))
    else:
        low, high = BANDS[band]
        if not low <= rating <= high:
            found.append(("rating", f"rating {rating} is not in the {band} band "
                                    f"({low} to {high})"))
    themes = raw.get("themes", [])
    if not all(isinstance(t, str) and ID.match(t) for t in themes):
        found.append(("themes", "themes must be short lower-case words like \"unblock\""))
    return found


def _check_solver(raw: Dict[str, Any], state: HandState, seat: int,
                  winning: Tuple[Card, ...]) -> Found:
    found: Found = []
    judge = Judge(state, seat)
    values = judge.card_values(state)
    best = max(values.values())
    points = raw["points"]
    if best != points:
        top = format_cards(sorted((c for c, v in values.items() if v == best),
                                  key=lambda c: c.index))
        return [("points", f"the goal is {_points(points)} but the solver says seat {seat} can "
                           f"guarantee {_points(best)} (with {top})")]
    if points <= 0:
        return [("points", "a puzzle needs a goal of at least 1 point")]
    keeping = {c for c, v in values.items() if v == points}
    illegal = [c for c in winning if c not in values]
    for c in illegal:
        why = state.explain_illegal(c) or "it is not a legal card here"
        found.append(("winning", f"{c} cannot be played here: {why[0].lower()}{why[1:]}"))
    stated = set(winning) - set(illegal)
    missing = sorted(keeping - stated, key=lambda c: c.index)
    extra = sorted(stated - keeping, key=lambda c: c.index)
    if missing:
        found.append(("winning", f"{format_cards(missing)} also keep{'s' if len(missing) == 1 else ''}"
                                 f" the goal: list {'it' if len(missing) == 1 else 'them'} in "
                                 "\"winning\""))
    for c in extra:
        found.append(("winning", f"{c} does not keep the goal: after it seat {seat} is sure of "
                                 f"only {_points(values[c])}"))
    if len(keeping) == len(values):
        found.append(("winning", "every legal card keeps the goal: there is nothing to find"))
    if not raw["open"] and not found:
        found += _check_closed(state, seat, points, keeping)
    return found


def _check_closed(state: HandState, seat: int, points: int, keeping: Set[Card]) -> Found:
    if any(state.wet[s] is not None and s != seat and not state.wet_shown[s]
           for s in range(state.players)):
        return [("open", "a closed puzzle cannot hide another seat's wet card")]
    closed = closed_cards(state, seat, points)
    if closed is None:
        return [("open", f"too many ways to lay out the hidden cards (more than {MAX_LAYOUTS}) "
                         "to check a closed puzzle: make it open or smaller")]
    if not closed:
        return [("open", "closed, the goal cannot be made sure of without seeing the other "
                         "hands: make the puzzle open")]
    lucky = sorted(keeping - set(closed), key=lambda c: c.index)
    if lucky:
        return [("open", f"closed, {format_cards(lucky)} keep{'s' if len(lucky) == 1 else ''} "
                         "the goal only in this layout of the hidden cards: make the puzzle open")]
    return []
