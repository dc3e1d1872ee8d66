"""Reading a data file: bytes, then UTF-8 text, then JSON or TOML, each failure one error.

Deal files, lesson and puzzle files, saved games and progress files all come through
here, so that a file that cannot be read, is not UTF-8 text, or is not valid JSON or
TOML gives one :class:`~spar_tutor.engine.errors.SparError` naming the file (and the
line where it is known), never an ``OSError``, ``UnicodeDecodeError`` or
``RecursionError`` from deep inside. The parsed data is plain and bounded too: no
number past 64 bits, no infinity, no nesting deeper than :data:`MAX_DEPTH`, no text a
terminal or a browser cannot be sent.

>>> parse_json('{"hands": ["6S", "7H"]}', "deal.json")
{'hands': ['6S', '7H']}
>>> parse_json('{"hands": ["6S", "7H"]', "deal.json")
Traceback (most recent call last):
...
spar_tutor.engine.errors.FileError: deal.json line 1: not valid JSON: Expecting ',' delimiter (column 23)
>>> decode("Dealer: Kofi, mise: 5 €".encode("cp1252"), "deal.json")
Traceback (most recent call last):
...
spar_tutor.engine.errors.FileError: deal.json line 1: not UTF-8 text (byte 0x80 at column 23): save the file as UTF-8
"""

from __future__ import annotations

import codecs
import json
import math
import re
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Type, Union

from .errors import FileError, SparError

#: A data file bigger than this is refused (the biggest shipped file is a few kilobytes).
MAX_BYTES = 5_000_000
#: The deepest nesting of lists and tables in a data file (a deal file needs 3).
MAX_DEPTH = 32
#: Whole numbers are 64-bit, as in TOML.
MAX_INT = 2**63 - 1

_TOML_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")
_SURROGATE = re.compile("[\ud800-\udfff]")
_UTF16_32 = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
             (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


def read_text(path: Union[str, Path], error: Type[SparError] = FileError,
              what: str = "file") -> str:
    """The text of a UTF-8 file (a byte-order mark is dropped); a file that cannot be
    read or is not UTF-8 raises ``error`` naming it (``what``: "deal file", ...)."""
    return decode(read_bytes(path, error, what), str(path), error)


def read_bytes(path: Union[str, Path], error: Type[SparError] = FileError,
               what: str = "file") -> bytes:
    """The bytes of a data file (at most :data:`MAX_BYTES`); a file that cannot be read or
    is bigger raises ``error`` naming it."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise error(f"cannot read the {what}: {e.strerror or e}", file=str(p)) from None
    if len(data) > MAX_BYTES:
        raise error(f"too big for a data file (over {MAX_BYTES // 1_000_000} MB)", file=str(p))
    return data


def decode(data: bytes, source: Optional[str], error: Type[SparError] = FileError) -> str:
    """UTF-8 bytes as text; other encodings and binary data raise ``error``."""
    if len(data) > MAX_BYTES:
        raise error(f"too big for a data file (over {MAX_BYTES // 1_000_000} MB)", file=source)
    for bom, name in _UTF16_32:
        if data.startswith(bom):
            raise error(f"saved as {name} text: save the file as UTF-8", file=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise error(f"not UTF-8 text (byte 0x{data[e.start]:02x} at column {column}): save "
                    "the file as UTF-8", file=source, line=line) from None
    nul = text.find("\0")
    if nul >= 0:
        raise error("not text (it holds a NUL character): save the file as UTF-8 text",
                    file=source, line=text.count("\n", 0, nul) + 1)
    return text


def parse_json(text: str, source: Optional[str], error: Type[SparError] = FileError) -> Any:
    """The JSON value of ``text``, checked by :func:`check_plain`; raises ``error``."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise error(f"not valid JSON: {e.msg} (column {e.colno})", file=source,
                    line=e.lineno) from None
    except RecursionError:
        raise error(f"not a data file: lists or objects nested more than {MAX_DEPTH} deep",
                    file=source) from None
    except ValueError as e:  # a number of thousands of digits, NaN or Infinity
        raise error(f"not valid JSON: {_number_words(e)}", file=source) from None
    check_plain(data, source, error)
    return data


def parse_toml(text: str, source: Optional[str], error: Type[SparError] = FileError) -> Dict[str, Any]:
    """The TOML table of ``text``, checked by :func:`check_plain`; raises ``error``."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = _TOML_WHERE.search(str(e))
        what = str(e)[:m.start()] if m else str(e)
        where = "" if not m else f" (column {m[2]})" if m[1] else " (at the end of the file)"
        raise error(f"not valid TOML: {what}{where}", file=source,
                    line=int(m[1]) if m and m[1] else None) from None
    except RecursionError:
        raise error(f"not a data file: arrays or tables nested more than {MAX_DEPTH} deep",
                    file=source) from None
    except ValueError as e:  # a number of thousands of digits
        raise error(f"not valid TOML: {_number_words(e)}", file=source) from None
    check_plain(data, source, error)
    return data


def check_plain(data: Any, source: Optional[str], error: Type[SparError] = FileError) -> None:
    """Raise ``error`` if parsed data holds a number past 64 bits, an infinite number,
    text that is not Unicode (a lone surrogate) or nesting deeper than :data:`MAX_DEPTH`."""
    todo: List[Tuple[Any, str, int]] = [(data, "", 0)]
    while todo:
        value, where, depth = todo.pop()
        at = f" at {where}" if where else ""
        if depth > MAX_DEPTH:
            raise error(f"not a data file: nested more than {MAX_DEPTH} deep{at}", file=source)
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, where or "the top", source, error)
                todo.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            todo.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, where or "the top", source, error)
        elif isinstance(value, bool):
            pass
        elif isinstance(value, int) and not -MAX_INT - 1 <= value <= MAX_INT:
            raise error(f"the number{at} is too big", file=source)
        elif isinstance(value, float) and not math.isfinite(value):
            raise error(f"the number{at} is not a finite number", file=source)


def _check_text(text: str, where: str, source: Optional[str], error: Type[SparError]) -> None:
    half = _SURROGATE.search(text)
    if half:
        raise error(f"the text at {where} holds \\u{ord(half[0]):04x}, half of a character "
                    "(a lone surrogate)", file=source)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in JSON")


def _number_words(e: ValueError) -> str:
    if "integer string conversion" in str(e):
        return "a number has thousands of digits"
    return str(e)


__all__ = ["MAX_BYTES", "MAX_DEPTH", "check_plain", "decode", "parse_json", "parse_toml",
           "read_bytes", "read_text"]
