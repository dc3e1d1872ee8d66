"""One JSON file per learner: where it lives, how it is named, read and written.

The files live in a folder of ``$SPAR_TUTOR_HOME`` (default ``~/.spar-tutor``),
one folder per kind of progress (lessons in ``progress/``, puzzles in
``puzzles/``), so a lesson player and a puzzle player open side by side never
overwrite each other. A learner's name is turned into a safe file name, so it can
never point outside that folder, and two names never share a file:

>>> safe_name("../../etc/passwd").startswith("etc_passwd-")
True
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Callable, ClassVar, Dict, Optional, Tuple

from ..engine.errors import FileError, shown
from ..engine.files import parse_json, read_text
from ..i18n import N_

log = logging.getLogger("spar_tutor.learning")

#: Shown where a learner's progress file could not be read (translate where shown).
COULD_NOT_READ = N_("We could not read your saved progress, so this page starts without it. "
                    "What you do from now on is saved. Please tell your teacher.")


def home() -> Path:
    """The tool's folder: ``$SPAR_TUTOR_HOME`` or ``~/.spar-tutor``."""
    env = os.environ.get("SPAR_TUTOR_HOME")
    return Path(env) if env else Path.home() / ".spar-tutor"


def current_user() -> Optional[str]:
    """The signed-in user on a shared server (JupyterHub), if known."""
    for var in ("SPAR_TUTOR_USER", "JUPYTERHUB_USER"):
        if os.environ.get(var, "").strip():
            return os.environ[var].strip()
    return None


def safe_name(user: str) -> str:
    """A file name for ``user``: letters, digits, ``_`` and ``-`` only, plus a short
    hash of the exact name so that different names never collide."""
    if not isinstance(user, str) or not user.strip():
        raise ValueError("a learner needs a name")
    base = re.sub(r"[^A-Za-z0-9_-]+", "_", user.strip()).strip("_-")[:40] or "learner"
    digest = hashlib.sha256(user.strip().encode("utf-8")).hexdigest()[:10]
    return f"{base}-{digest}"


class ProgressFile:
    """One learner's progress file: ``{NAME_KEY: name, SECTION: {...}, "last": ...}``.

    A subclass names its folder under :func:`home`, the key that holds the
    learner's name and the section of its entries; it reads and changes
    ``self.data`` and calls :meth:`save`. A file that cannot be read (damaged, of
    another learner, unreadable) reads as no progress and :attr:`problem` says why;
    the first save moves it aside (``NAME.json.unreadable``), so nothing is lost.
    Writes are atomic; a folder that cannot be written is logged, not raised
    (``unsaved`` is then set and progress lasts for the page).
    """

    FOLDER: ClassVar[str]
    NAME_KEY: ClassVar[str]
    SECTION: ClassVar[str]

    def __init__(self, learner: str, root: Optional[Path] = None) -> None:
        self.learner = learner.strip()
        folder = (Path(root) if root else home() / self.FOLDER).resolve()
        self.path = folder / (safe_name(learner) + ".json")
        if self.path.parent != folder:  # cannot happen with safe_name; checked anyway
            raise ValueError(f"unsafe learner name {learner!r}")
        #: Why the learner's file could not be read (None: read, or no file yet).
        self.problem: Optional[str] = None
        self._unreadable: Optional[Tuple[int, int]] = None  # that file, to move aside
        self.data: Dict[str, Any] = self._read()
        self.unsaved = False  # set when a save failed (a read-only folder, a full disk)

    def _empty(self) -> Dict[str, Any]:
        return {self.NAME_KEY: self.learner, self.SECTION: {}, "last": None}

    @staticmethod
    def _check_entry(raw: Any) -> Dict[str, Any]:
        """One entry of the section, checked, with defaults for missing keys; raises
        :class:`FileError` saying what is wrong (each subclass says what an entry is)."""
        raise NotImplementedError

    def _read(self) -> Dict[str, Any]:
        """The learner's progress; none if there is no file yet, or if it cannot be read
        (:attr:`problem` then says why)."""
        if not self.path.exists():
            return self._empty()
        try:
            data = read_progress_file(self.path, self.NAME_KEY, self.SECTION, self._check_entry)
            if data[self.NAME_KEY] != self.learner:
                raise FileError("this file holds another learner's progress",
                                file=str(self.path), rule=f"key {self.NAME_KEY}")
        except FileError as e:
            log.warning("%s of %r could not be read: %s", self.FOLDER, self.learner, e)
            self.problem = str(e)
            self._unreadable = _file_id(self.path)
            return self._empty()
        return data

    def save(self) -> bool:
        """Write the file atomically (a crash never leaves half a file); False if the
        folder cannot be written. A file that could not be read is moved aside first."""
        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self._unreadable is not None and _file_id(self.path) == self._unreadable:
                self._move_aside()
            self._unreadable = None
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.FOLDER}-")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.data, f, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("%s of %r not saved to %s: %s", self.FOLDER, self.learner, self.path, e)
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)
            self.unsaved = True
            return False
        return True

    def _move_aside(self) -> None:
        """Keep the file that could not be read as ``NAME.json.unreadable`` (``-2``, ...)."""
        aside = self.path.with_name(self.path.name + ".unreadable")
        number = 1
        while aside.exists():
            number += 1
            aside = self.path.with_name(f"{self.path.name}.unreadable-{number}")
        os.replace(self.path, aside)
        log.warning("%s of %r: the file that could not be read is kept as %s", self.FOLDER,
                    self.learner, aside)

    @property
    def could_not_read(self) -> bool:
        """Whether the learner's file is there but could not be read (see :attr:`problem`)."""
        return self.problem is not None

    @property
    def last(self) -> Optional[str]:
        """The lesson or puzzle the learner was on last."""
        last = self.data.get("last")
        return last if isinstance(last, str) else None


def _file_id(path: Path) -> Optional[Tuple[int, int]]:
    """Which file is at ``path`` now (device and inode), or None."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def read_progress_file(path: Path, name_key: str, section: str,
                       entry: Callable[[Any], Dict[str, Any]]) -> Dict[str, Any]:
    """A progress file, read and checked: ``{name_key: NAME, section: {ID: entry}, "last":
    ID or None}`` (other keys kept), each entry as ``entry(raw)`` returns it. Raises
    :class:`FileError` naming the file for anything else: a file that cannot be read, is
    not UTF-8 JSON, or holds a wrong value."""
    source = str(path)
    data = parse_json(read_text(path, what="progress file"), source)
    if not isinstance(data, dict):
        raise FileError("not a progress file: it must hold one JSON object", file=source)
    name = data.get(name_key)
    if not isinstance(name, str) or not name.strip():
        raise FileError(f"not a progress file: \"{name_key}\" must be the learner's name",
                        file=source, rule=f"key {name_key}")
    entries = data.get(section, {})
    if not isinstance(entries, dict):
        raise FileError(f"\"{section}\" must be an object", file=source, rule=f"key {section}")
    last = data.get("last")
    if last is not None and not isinstance(last, str):
        raise FileError("\"last\" must be text or null", file=source, rule="key last")
    checked = {}
    for key, raw in entries.items():
        try:
            checked[key] = entry(raw)
        except FileError as e:
            raise FileError(f"\"{section}\", {shown(key)}: {e.reason}", file=source,
                            rule=f"key {section}") from None
    return {**data, section: checked, "last": last}


def whole_number(raw: Dict[str, Any], key: str, default: int, most: int) -> int:
    """``raw[key]``, a whole number from 0 to ``most`` (``default`` when missing)."""
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise FileError(f"\"{key}\" must be a whole number from 0 to {most}, not {shown(value)}")
    return value


def yes_no(raw: Dict[str, Any], key: str) -> bool:
    """``raw[key]``, true or false (false when missing)."""
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise FileError(f"\"{key}\" must be true or false, not {shown(value)}")
    return value
