"""Shared helpers for the engine tests (imported by name: tests/ is on sys.path)."""

from __future__ import annotations

from typing import Any, Dict

from spar_tutor import Card, DealFile, HandState, parse_cards


def play_out(state: HandState, cards: str) -> HandState:
    """Apply a space-separated list of moves (cards) in order."""
    for text in cards.split():
        state = state.apply(Card.parse(text))
    return state


def position(rules: Any = "standard", **keys: Any) -> HandState:
    """The state described by a deal-file object with these keys."""
    obj: Dict[str, Any] = {"rules": rules, **keys}
    return DealFile.from_json(obj).state()


__all__ = ["play_out", "position", "parse_cards"]
