"""The one family of errors spar_tutor raises.

Every error is a :class:`SparError`, which is also a :class:`ValueError`, and
carries what it can of *where* things went wrong (card, seat, 1-based play
number, rule, file and line) both as attributes and in its message.
"""

from __future__ import annotations

from typing import Any, Optional


class SparError(ValueError):
    """Base class of every error raised by spar_tutor."""

    def __init__(
        self,
        message: str,
        *,
        card: Any = None,
        seat: Optional[int] = None,
        play: Optional[int] = None,
        rule: Optional[str] = None,
        file: Optional[str] = None,
        line: Optional[int] = None,
    ) -> None:
        self.card = card
        self.seat = seat
        self.play = play
        self.rule = rule
        self.file = file
        self.line = line
        self.reason = message
        super().__init__(self._compose(message))

    def _compose(self, message: str) -> str:
        where = []
        if self.file is not None:
            where.append(f"{self.file}" + (f" line {self.line}" if self.line is not None else ""))
        if self.play is not None:
            where.append(f"play {self.play}")
        if self.seat is not None and f"seat {self.seat}" not in message:
            where.append(f"seat {self.seat}")
        text = (", ".join(where) + ": " if where else "") + message
        if self.rule and "(rule:" not in message:
            text += f" (rule: {self.rule})"
        return text

    def located(self, file: Optional[str] = None, line: Optional[int] = None) -> "SparError":
        """Return a copy of this error that also names a file and line."""
        err = type(self).__new__(type(self))
        SparError.__init__(
            err,
            self.reason,
            card=self.card,
            seat=self.seat,
            play=self.play,
            rule=self.rule,
            file=file if file is not None else self.file,
            line=line if line is not None else self.line,
        )
        return err


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters: how an error message shows a
    value read from a file, which may be a very long text or a huge number.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a number too long to write; deep nesting
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


class NotationError(SparError):
    """Text that is not a card, a list of cards or a move."""


class RulesError(SparError):
    """An unknown preset or option, a bad value, or options that cannot go together."""


class DealError(SparError):
    """A deal or position that cannot exist: wrong pack, duplicate card, bad sizes."""


class IllegalMoveError(SparError):
    """A move the rules do not allow in this state (out of turn, not in hand, ...)."""


class DealFileError(SparError):
    """A deal file that is not valid JSON or not of the documented shape."""


class ViewError(SparError):
    """A question about a seat's view that the seat cannot know the answer to."""


class FileError(SparError):
    """A data file that cannot be read, or is not UTF-8 text, JSON or TOML
    (:mod:`spar_tutor.engine.files`)."""
