"""The words of the lesson and puzzle files, for the message catalogue.

A lesson or puzzle file holds its positions and answers once, in the compact notation,
and its words in English. A second language translates only the words, in the same
gettext catalogue as the code (docs/translating.md, "Lessons and puzzles"): the English
text is the message id, so a changed English sentence shows up as a new message and its
old translation as fuzzy, exactly as for the code.

- :func:`lesson_words` and :func:`puzzle_words` list the words of a file's data (what a
  learner reads), stripped the way the loaders strip them;
- :func:`extract_toml` is the Babel extractor for the files (``babel.cfg``:
  ``[spar_tutor.learning.content.extract_toml: lessons/**.toml]``);
- :func:`in_language` is what the loaders call on each word once a file has loaded and
  passed its checks: the word in the language in use (English stays as it is; a word
  not translated yet stays in English with a small note, :data:`NOT_TRANSLATED`).

Standard library only (Babel calls the extractor; the tutor never needs Babel).

>>> words = dict(lesson_words({"title": "Tricks", "step": [{"text": " A trick. ",
...                                                          "wrong": {"7S": "No."}}]}))
>>> words["step 1 text"], words["step 1 wrong 7S"]
('A trick.', 'No.')
"""

from __future__ import annotations

import re
import tomllib
from typing import IO, Any, Dict, Iterator, List, Optional, Sequence, Tuple

from ..i18n import N_, _, is_translated
from ..i18n.money import in_currency

#: A step's keys that hold words (its ``wrong`` table's texts and its text options too).
STEP_WORDS = ("title", "text", "prompt", "nudge", "hint", "right", "replay")
#: The keys of a whole hand's trick (``[[step.trick]]``) that hold words (and its ``wrong``).
TRICK_WORDS = ("comment", "nudge", "hint")
#: A puzzle's keys that hold words.
PUZZLE_WORDS = ("title", "goal", "nudge", "hint", "explanation")
#: An option that needs no translation: numbers and card codes only ("35", "6S 7S 8H").
_NOT_WORDS = re.compile(r"^[\s\d.,:+-]*$|^(\s*(10|[2-9TJQKA])[SHDC])+\s*$")


#: After a lesson's or a puzzle's words that are not in the learner's language yet (a test
#: fails until they are: tests/test_content_translated.py).
NOT_TRANSLATED = N_("(not translated yet)")


def in_language(text: str) -> str:
    """``text`` from a lesson or puzzle file, in the language in use (empty stays empty:
    gettext would answer the catalogue's header for it). Words the language's catalogue
    lacks stay in English, followed by a small note: on a line of its own after several
    lines (Markdown), else after a space."""
    if not text:
        return text
    if is_translated(text):
        return in_currency(_(text))
    return in_currency(text) + ("\n\n" if "\n" in text else " ") + _(NOT_TRANSLATED)


def option_in_language(text: str, options: Sequence[Any]) -> str:
    """An answer button's label in the language in use. One of the step's own ``options``
    that is words is a lesson's words (:func:`in_language`, with the note when not
    translated yet); numbers, cards, names and words a step kind made stay as they are,
    translated when the catalogue has them."""
    if text in options and not _NOT_WORDS.match(text):
        return in_language(text)
    return in_currency(_(text) if text and is_translated(text) else text)


def _text(value: Any) -> Optional[str]:
    return value.strip() if isinstance(value, str) and value.strip() else None


def lesson_words(data: Dict[str, Any]) -> Iterator[Tuple[str, str]]:
    """(where, words) for every text a learner reads in a lesson file's data."""
    for key in ("title", "summary"):
        if _text(data.get(key)):
            yield key, _text(data[key]) or ""
    for n, step in enumerate(data.get("step", ()), start=1):
        if not isinstance(step, dict):
            continue
        yield from _table_words(step, STEP_WORDS, f"step {n}")
        for option in step.get("options", ()):
            if isinstance(option, str) and not _NOT_WORDS.match(option):
                yield f"step {n} option", option
        tricks = step.get("trick", ())
        for k, trick in enumerate(tricks if isinstance(tricks, list) else (), start=1):
            if isinstance(trick, dict):  # a whole hand's trick
                yield from _table_words(trick, TRICK_WORDS, f"step {n} trick {k}")


def _table_words(table: Dict[str, Any], keys: Sequence[str], where: str
                 ) -> Iterator[Tuple[str, str]]:
    """(where, words) of a step's (or a whole hand's trick's) texts and ``wrong`` table."""
    for key in keys:
        text = _text(table.get(key))
        if text:
            yield f"{where} {key}", text
    wrong = table.get("wrong", {})
    for answer, value in (wrong.items() if isinstance(wrong, dict) else ()):
        text = _text(value)
        if text:
            yield f"{where} wrong {answer}", text


def puzzle_words(data: Dict[str, Any]) -> Iterator[Tuple[str, str]]:
    """(where, words) for every text a learner reads in a puzzle file's data."""
    for n, puzzle in enumerate(data.get("puzzle", ()), start=1):
        if not isinstance(puzzle, dict):
            continue
        name = puzzle.get("id", f"#{n}")
        for key in PUZZLE_WORDS:
            text = _text(puzzle.get(key))
            if text:
                yield f"puzzle {name} {key}", text


def file_words(text: str) -> Iterator[Tuple[str, str]]:
    """The words of a lesson or a puzzle file, from its TOML text (a file with
    ``[[puzzle]]`` tables is a puzzle file)."""
    data = tomllib.loads(text)
    return puzzle_words(data) if "puzzle" in data else lesson_words(data)


def _lines(text: str) -> Dict[str, int]:
    """Where each piece of words starts in the file (1-based), by its ``where`` name,
    found from the headers and keys (the first line of a table when a key is not found)."""
    lines = text.splitlines()
    blocks: List[Tuple[int, int]] = []
    starts = [i for i, line in enumerate(lines) if re.match(r"^\s*\[\[\s*(step|puzzle)\s*\]\]", line)]
    for k, start in enumerate(starts):
        blocks.append((start, starts[k + 1] if k + 1 < len(starts) else len(lines)))
    found: Dict[str, int] = {}

    def key_line(lo: int, hi: int, key: str) -> int:
        pattern = re.compile(rf'^\s*"?{re.escape(key)}"?\s*=')
        for i in range(lo, hi):
            if pattern.match(lines[i]):
                return i + 1
        return lo + 1

    top = starts[0] if starts else len(lines)
    for key in ("title", "summary"):
        found[key] = key_line(0, top, key)
    for n, (lo, hi) in enumerate(blocks, start=1):
        # a whole hand's [[step.trick]] tables come after the step's own keys
        heads = [i for i in range(lo, hi)
                 if re.match(r"^\s*\[\[\s*step\.trick\s*\]\]", lines[i])]
        own = heads[0] if heads else hi
        for key in STEP_WORDS + PUZZLE_WORDS + ("options",):
            found[f"{n} {key}"] = key_line(lo, own, key)
        wrong = next((i for i in range(lo, own) if re.match(r"^\s*\[step\.wrong\]", lines[i])), lo)
        found[f"{n} wrong"] = wrong
        for k, head in enumerate(heads, start=1):
            end = heads[k] if k < len(heads) else hi
            for key in TRICK_WORDS:
                found[f"{n} trick {k} {key}"] = key_line(head, end, key)
            found[f"{n} trick {k} wrong"] = next(
                (i for i in range(head, end)
                 if re.match(r"^\s*\[step\.trick\.wrong\]", lines[i])), head)
    return found


def extract_toml(fileobj: IO[bytes], keywords: Any, comment_tags: Sequence[str],
                 options: Dict[str, Any]) -> Iterator[Tuple[int, Optional[str], str, List[str]]]:
    """Babel's extractor for lesson and puzzle files: each text a learner reads, with its
    line and where it is in the file as the translator's comment."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = _lines(text)
    ids = {}
    data = tomllib.loads(text)
    for n, puzzle in enumerate(data.get("puzzle", ()), start=1):
        if isinstance(puzzle, dict):
            ids[str(puzzle.get("id", f"#{n}"))] = n
    for where, words in file_words(text):
        parts = where.split(" ")
        if parts[0] == "step" and parts[2] == "trick":
            trick = f"{parts[1]} trick {parts[3]}"
            line = lines.get(f"{trick} {parts[4]}", 1)
            if parts[4] == "wrong":
                line = _wrong_line(text, line, " ".join(parts[5:]))
        elif parts[0] == "step":
            key = "wrong" if parts[2] == "wrong" else ("options" if parts[2] == "option" else parts[2])
            line = lines.get(f"{parts[1]} {key}", 1)
            if key == "wrong":
                answer = " ".join(parts[3:])
                line = _wrong_line(text, line, answer)
        elif parts[0] == "puzzle":
            line = lines.get(f"{ids.get(parts[1], 0)} {parts[2]}", 1)
        else:
            line = lines.get(parts[0], 1)
        yield line, None, words, [where]


def extract_notebook(fileobj: IO[bytes], keywords: Any, comment_tags: Sequence[str],
                     options: Dict[str, Any]) -> Iterator[Tuple[int, Optional[str], Any,
                                                                List[str]]]:
    """Babel's extractor for the explore notebooks: the ``_("...")`` words of their code
    cells (a chart's axes and legend), each with the number of its cell."""
    import io
    import json

    from babel.messages.extract import extract_python

    cells = json.loads(fileobj.read().decode(options.get("encoding", "utf-8")))["cells"]
    for number, cell in enumerate(cells, start=1):
        if cell.get("cell_type") != "code":
            continue
        source = "".join(cell.get("source", []))
        found: Iterator[Any] = extract_python(io.BytesIO(source.encode("utf-8")), keywords,
                                              comment_tags, options)  # type: ignore[arg-type]
        for line, funcname, message, comments in found:
            yield line, funcname, message, [f"code cell {number}", *comments]


def _wrong_line(text: str, table_line: int, answer: str) -> int:
    """The line of one answer's feedback in a step's ``[step.wrong]`` table."""
    lines = text.splitlines()
    pattern = re.compile(rf'^\s*"?{re.escape(answer)}"?\s*=')
    for i in range(table_line, len(lines)):
        if lines[i].lstrip().startswith("[") and i > table_line:
            break
        if pattern.match(lines[i]):
            return i + 1
    return table_line + 1


__all__ = ["NOT_TRANSLATED", "PUZZLE_WORDS", "STEP_WORDS", "TRICK_WORDS", "extract_toml",
           "file_words", "in_language",
           "lesson_words", "option_in_language", "puzzle_words"]
