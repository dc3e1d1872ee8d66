"""What each key of a lesson file holds: checked before a step's kind sees it.

A kind's check reads its keys as the type it expects (a whole number of players, a
list of options ...); a lesson file with another type there (a list of players, a
number 10^40 as the seat) is reported as a problem of the file here, naming the key,
and never reaches the kind as a ``TypeError`` or a loop of 10^40 rounds.

>>> wrong_type("players", 3), wrong_type("players", [3]), wrong_type("seat", 99)
(None, 'must be a whole number from 2 to 7', 'must be a whole number from 0 to 6')
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

#: The most players a table has (seats are 0 to one less).
MOST_PLAYERS = 7
#: The most options a question may offer (a row of buttons).
MOST_OPTIONS = 30
#: The most tricks a whole hand has (seven-card Spar).
MOST_TRICKS = 7
#: The most worlds an odds step may ask the solver to sample (a check takes seconds).
MOST_WORLDS = 20_000


def _whole(low: int, high: Optional[int] = None) -> Tuple[Callable[[Any], bool], str]:
    def ok(value: Any) -> bool:
        return (isinstance(value, int) and not isinstance(value, bool) and low <= value
                and (high is None or value <= high))

    return ok, (f"must be a whole number from {low} to {high}" if high is not None
                else f"must be a whole number of {low} or more")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_text_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _is_number_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_number(v) for v in value)


def _is_plain(value: Any) -> bool:
    return isinstance(value, str) or _is_number(value)


SEAT = _whole(0, MOST_PLAYERS - 1)

#: For each key of a lesson file or step: a test of its value and what it must be.
KEY_TYPES: Dict[str, Tuple[Callable[[Any], bool], str]] = {
    # the lesson
    "number": _whole(0),
    "minutes": _whole(0, 600),
    "names": (_is_text_list, "must be a list of names"),
    # every step
    "seat": SEAT,
    "hidden": (lambda v: isinstance(v, bool), "must be true or false"),
    "cards": (lambda v: isinstance(v, str) or _is_text_list(v), "must be card codes"),
    "answer": (lambda v: _is_plain(v) or isinstance(v, bool) or _is_text_list(v),
               "must be text, a number or a list of texts"),
    "options": (lambda v: isinstance(v, list) and len(v) <= MOST_OPTIONS
                and all(_is_plain(o) for o in v),
                f"must be a list of at most {MOST_OPTIONS} texts or numbers"),
    # the kinds' own keys
    "players": _whole(2, MOST_PLAYERS),
    "dealer": SEAT,
    "who": SEAT,
    "seed": (lambda v: isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)),
             "must be a whole number or text"),
    "rules": (lambda v: isinstance(v, (str, dict)), "must be a preset's name or a table"),
    "ask": (lambda v: isinstance(v, str), "must be text"),
    "fact": (lambda v: isinstance(v, str), "must be text"),
    "rule": (lambda v: isinstance(v, str), "must be text"),
    "goal": (lambda v: isinstance(v, str) or _whole(0, 1000)[0](v),
             "must be text or a whole number of points"),
    "worlds": _whole(1, MOST_WORLDS),
    "compare": (_is_text_list, "must be a list of moves"),
    "tolerance": (lambda v: isinstance(v, dict) and all(_is_number(x) for x in v.values()),
                  "must be a table of numbers"),
    "chances": (_is_number_list, "must be a list of numbers"),
    "points": (_is_number_list, "must be a list of numbers"),
    "trick": (lambda v: isinstance(v, list) and len(v) <= MOST_TRICKS,
              f"must be at most {MOST_TRICKS} [[step.trick]] tables"),
    "replay": (lambda v: isinstance(v, str), "must be text"),
}


def wrong_type(key: str, value: Any) -> Optional[str]:
    """What ``value`` must be, if it is not what ``key`` holds (None: it is, or the key
    is not in :data:`KEY_TYPES`)."""
    ok, words = KEY_TYPES.get(key, (lambda v: True, ""))
    return None if ok(value) else words


__all__ = ["KEY_TYPES", "MOST_OPTIONS", "MOST_PLAYERS", "MOST_WORLDS", "wrong_type"]
