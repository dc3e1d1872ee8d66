"""What the walk-everything test looks for in the words a learner reads, and how it keeps
a worklist of what it found (where it was seen, and the words around it)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Tuple

#: (what is wrong, pattern) for text a learner reads.
RULES: List[Tuple[str, "re.Pattern[str]"]] = [
    ("card code", re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")),
    ("seat number", re.compile(r"\bseat \d+\b", re.IGNORECASE)),
    ("jargon 'cash'", re.compile(r"\bcash(?:es|ed|ing)?\b", re.IGNORECASE)),
    ("jargon 'main line'", re.compile(r"\bmain line\b", re.IGNORECASE)),
    ("jargon 'under the model of play'", re.compile(r"\bunder the model of play\b",
                                                    re.IGNORECASE)),
    ("jargon 'give or take'", re.compile(r"\bgive or take\b", re.IGNORECASE)),
    # a puzzle's rating is shown as a level; the learner's own is said ("Your puzzle rating:
    # 820", "Your first puzzle rating: 610")
    ("raw rating", re.compile(r"\b(?<!your puzzle )(?<!your first puzzle )(?:rating|beginner|intermediate|advanced|"
                              r"expert)\s*:?\s*\d{3,4}\b", re.IGNORECASE)),
]

_HIDDEN = re.compile(r"<(style|svg|script)\b.*?</\1>", re.IGNORECASE | re.DOTALL)
#: A closed "Why not X?" (an HTML details element): only its summary shows.
_CLOSED = re.compile(r"<details(?![^>]*\bopen)[^>]*>\s*(<summary\b.*?</summary>).*?</details>",
                     re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def html_text(markup: str) -> str:
    """The words an HTML fragment shows (styles, scripts and pictures left out, and what a
    closed details element holds under its summary)."""
    shown = _CLOSED.sub(r" \1 ", _HIDDEN.sub(" ", markup))
    return " ".join(html.unescape(_TAG.sub(" ", shown)).split())


def offences(text: str) -> List[Tuple[str, str]]:
    """(what is wrong, the words around it) for everything wrong in ``text``."""
    found = []
    for what, pattern in RULES:
        for m in pattern.finditer(text):
            start, end = max(0, m.start() - 40), min(len(text), m.end() + 40)
            found.append((what, " ".join(text[start:end].split())))
    return found


@dataclass
class Worklist:
    """Every offence found, once per (what, words), with the first places it was seen."""

    found: Dict[Tuple[str, str], List[str]] = field(default_factory=dict)
    places: int = 0

    def scan(self, where: str, text: str) -> None:
        """Look at the words a learner reads at ``where``."""
        self.places += 1
        for what, words in offences(text):
            seen = self.found.setdefault((what, words), [])
            if len(seen) < 3:
                seen.append(where)

    def lines(self) -> List[str]:
        """The worklist, one line per offence: what, where, and the words."""
        return [f"{what} | {'; '.join(where)} | {words}"
                for (what, words), where in sorted(self.found.items())]

    def report(self, path: Path, title: str) -> str:
        """Write the worklist to ``path`` (and return it) for the people fixing words."""
        body = "\n".join(self.lines()) or "nothing found"
        text = (f"{title}: {len(self.found)} offences in {self.places} places looked at\n"
                f"(what | where | the words around it)\n{body}\n")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(text)
        return text


def shown_text(widget) -> str:
    """The words a widget tree shows on the page, as the browser draws them: HTML as text,
    buttons by their labels; hidden parts left out (no tooltips: they show on hover)."""
    import ipywidgets as widgets

    layout = getattr(widget, "layout", None)
    if layout is not None and getattr(layout, "display", None) == "none":
        return ""
    parts: List[str] = []
    if isinstance(widget, widgets.HTML):
        parts.append(html_text(widget.value))
    elif isinstance(widget, (widgets.Label, widgets.Button)):
        parts.append(widget.value if isinstance(widget, widgets.Label) else widget.description)
    for child in getattr(widget, "children", ()):
        parts.append(shown_text(child))
    return " ".join(p for p in parts if p)


def squeezed(text: str) -> str:
    """Text without its spaces and in lower case: how the walk compares the words the
    kernel's widgets hold with the words the page shows (line breaks and CSS capitals
    differ, the words do not)."""
    return re.sub(r"\s+", "", text).lower()
