"""Writing puzzle tables as a TOML puzzle file (the standard library reads TOML but
does not write it). Strings are written as JSON strings, which TOML reads the same.

>>> print(puzzle_toml({"id": "a", "position": {"hands": ["6S", "7S"], "leader": 0}}), end="")
[[puzzle]]
id = "a"
position = { hands = ["6S", "7S"], leader = 0 }
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Optional


def value(v: Any) -> str:
    """One TOML value: text, whole number, true/false, list or inline table."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() else json.dumps(k)


def puzzle_toml(table: Dict[str, Any]) -> str:
    """One ``[[puzzle]]`` table, one key a line."""
    return "[[puzzle]]\n" + "".join(f"{key(k)} = {value(v)}\n" for k, v in table.items())


def collection_toml(tables: Iterable[Dict[str, Any]], title: str,
                    summary: Optional[str] = None) -> str:
    """A whole puzzle file: its title and summary, then every puzzle."""
    head = f"title = {value(title)}\n" + (f"summary = {value(summary)}\n" if summary else "")
    return head + "".join("\n" + puzzle_toml(t) for t in tables)
