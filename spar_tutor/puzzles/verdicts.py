"""The solver's verdicts on the puzzles, kept between processes.

Checking a puzzle with the solver (:mod:`~spar_tutor.puzzles.check`) takes most of the
time of loading the collection: about 2.5 s of CPU for the 72 curated puzzles, in every
kernel, the first time a learner opens Puzzles. The verdict (the list of problems, empty
for a good puzzle) depends only on the puzzle's own table and on the code that judges it,
so it is kept in ``$SPAR_TUTOR_HOME/cache/puzzle-verdicts.json``, keyed by a hash of both:
``spar-tutor serve`` checks the puzzles once at start (:func:`warm`), and every kernel then
reads the verdicts instead of asking the solver. A changed puzzle, or changed engine,
solver or judging code, has another key: it is checked again (and kept). A cache that
cannot be read or written is only slower, never wrong.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

log = logging.getLogger("spar_tutor.puzzles")

Found = List[Tuple[Optional[str], str]]
FILE = "puzzle-verdicts.json"
MOST_VERDICTS = 10_000
"""Verdicts kept in the file at most (old ones go first)."""
_PACKAGE = Path(__file__).resolve().parents[1]
#: The code a verdict depends on: the rules and the solver, and the judging itself.
JUDGING_CODE = ("engine", "solver", "puzzles/judge.py", "puzzles/check.py")

_verdicts: Optional[Dict[str, Found]] = None
_changed = False


@functools.lru_cache(maxsize=1)
def code_hash() -> str:
    """A hash of the code the solver's verdicts depend on (:data:`JUDGING_CODE`)."""
    digest = hashlib.sha256()
    for part in JUDGING_CODE:
        path = _PACKAGE / part
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(file.relative_to(_PACKAGE).as_posix().encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


def cache_file() -> Path:
    """Where the verdicts are kept: ``$SPAR_TUTOR_HOME/cache/puzzle-verdicts.json``."""
    from ..store import home

    return home() / "cache" / FILE


def _load() -> Dict[str, Found]:
    global _verdicts
    if _verdicts is None:
        _verdicts = {}
        try:
            data = json.loads(cache_file().read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("verdicts"), dict):
                _verdicts = {k: [(p[0], p[1]) for p in v] for k, v in data["verdicts"].items()
                             if isinstance(v, list) and all(isinstance(p, list) and len(p) == 2
                                                            for p in v)}
        except (OSError, ValueError, TypeError):
            pass  # none yet, or unreadable: the puzzles are checked, and it is written anew
    return _verdicts


def key_of(raw: Any) -> str:
    """The key of a puzzle table's verdict: its content and the judging code."""
    text = json.dumps(raw, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(f"{code_hash()}\n{text}".encode()).hexdigest()


def verdict(raw: Any, judge: Callable[[], Found]) -> Found:
    """The solver's verdict on the puzzle table ``raw``: kept, or ``judge()`` now."""
    global _changed
    verdicts = _load()
    key = key_of(raw)
    if key not in verdicts:
        verdicts[key] = judge()
        _changed = True
    return list(verdicts[key])


def save() -> None:
    """Write the verdicts found since the file was read (atomically; failures logged)."""
    global _changed
    if not _changed or _verdicts is None:
        return
    path = cache_file()
    kept = dict(list(_verdicts.items())[-MOST_VERDICTS:])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=".verdicts-")
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            json.dump({"verdicts": kept}, f)
        os.replace(scratch, path)
        _changed = False
    except OSError as e:
        log.info("the puzzles' verdicts are not kept (%s): they are checked again next time", e)


def warm() -> int:
    """Check the curated puzzles now and keep the verdicts (``spar-tutor serve``, before
    the kernels start); how many puzzles loaded."""
    from .loader import load_collection

    collection = load_collection(translate=False)
    save()
    return len(collection.puzzles)
