"""The solver's verdicts on the course's positions, kept between processes.

Checking a puzzle, or the cards of a lesson's whole hand, with the solver takes most of the
time of loading the puzzles and the lessons, in every kernel. A verdict (the list of
problems found, empty for a sound position) depends only on the position's own table and on
the code that judges it, so a :class:`Verdicts` keeps them in a file under
``$SPAR_TUTOR_HOME/cache/``, keyed by a hash of both: ``spar-tutor serve`` checks the course
once at start, and every kernel then reads the verdicts instead of asking the solver. A
changed position, or changed engine, solver or judging code, has another key: it is checked
again (and kept). A cache that cannot be read or written is only slower, never wrong.
The puzzles' cache is :mod:`spar_tutor.puzzles.verdicts`; the lessons' is
:data:`spar_tutor.lessons.kinds.hand.VERDICTS`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

log = logging.getLogger("spar_tutor.learning")

Found = List[Tuple[Optional[str], str]]
MOST_VERDICTS = 10_000
"""Verdicts kept in a file at most (old ones go first)."""
_PACKAGE = Path(__file__).resolve().parents[1]


class Verdicts:
    """The verdicts kept in ``$SPAR_TUTOR_HOME/cache/<file>``, which depend on the code of
    ``code`` (folders and files of the package, such as ``"solver"`` or
    ``"puzzles/judge.py"``)."""

    def __init__(self, file: str, code: Sequence[str]) -> None:
        self.file = file
        self.code = tuple(code)
        self._hash: Optional[str] = None
        self._verdicts: Optional[Dict[str, Found]] = None
        self._changed = False

    def code_hash(self) -> str:
        """A hash of the code the verdicts depend on."""
        if self._hash is None:
            digest = hashlib.sha256()
            for part in self.code:
                path = _PACKAGE / part
                for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
                    digest.update(file.relative_to(_PACKAGE).as_posix().encode())
                    digest.update(file.read_bytes())
            self._hash = digest.hexdigest()[:16]
        return self._hash

    def cache_file(self) -> Path:
        """Where the verdicts are kept: ``$SPAR_TUTOR_HOME/cache/<file>``."""
        from ..store import home

        return home() / "cache" / self.file

    def _load(self) -> Dict[str, Found]:
        if self._verdicts is None:
            self._verdicts = {}
            try:
                data = json.loads(self.cache_file().read_text(encoding="utf-8"))
                if isinstance(data, dict) and isinstance(data.get("verdicts"), dict):
                    self._verdicts = {
                        k: [(p[0], p[1]) for p in v] for k, v in data["verdicts"].items()
                        if isinstance(v, list) and all(isinstance(p, list) and len(p) == 2
                                                       for p in v)}
            except (OSError, ValueError, TypeError):
                pass  # none yet, or unreadable: checked again, and written anew
        return self._verdicts

    def key_of(self, raw: Any) -> str:
        """The key of a position's verdict: its content and the judging code."""
        text = json.dumps(raw, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(f"{self.code_hash()}\n{text}".encode()).hexdigest()

    def verdict(self, raw: Any, judge: Callable[[], Found]) -> Found:
        """The solver's verdict on the position ``raw``: kept, or ``judge()`` now."""
        verdicts = self._load()
        key = self.key_of(raw)
        if key not in verdicts:
            verdicts[key] = judge()
            self._changed = True
        return list(verdicts[key])

    def save(self) -> None:
        """Write the verdicts found since the file was read (atomically; failures logged)."""
        if not self._changed or self._verdicts is None:
            return
        path = self.cache_file()
        kept = dict(list(self._verdicts.items())[-MOST_VERDICTS:])
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=".verdicts-")
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                json.dump({"verdicts": kept}, f)
            os.replace(scratch, path)
            self._changed = False
        except OSError as e:
            log.info("the verdicts in %s are not kept (%s): they are checked again next time",
                     self.file, e)


__all__ = ["Found", "MOST_VERDICTS", "Verdicts"]
