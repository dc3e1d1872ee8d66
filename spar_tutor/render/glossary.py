"""The words of the game, explained where a learner first meets them.

``GLOSSARY`` is the one list of terms and their definitions (marked for the message
catalogue). :func:`glossary_html` finds the first use of each term in a page's HTML
and marks it: the definition shows on hover and on focus (a tap on a phone focuses it),
so nobody has to leave the page to look a word up.

Which words of a sentence stand for a term is each language's own table,
``spar_tutor/i18n/glossary/<language>.toml``, which a translator reads and fills in: the
forms of each term, and the phrases where a form means something else (French "une
partie d'un paquet" is a part, not a match; "6♦ donne le pli" is the verb). A form inside
such a phrase is never marked. The table also says how the language joins a term and its
meaning (French "pli : une carte…").

>>> seen = set()
>>> html = glossary_html("<p>A trick is won. The next trick is led.</p>", seen)
>>> html.count('class="spar-term"')
2
>>> sorted(seen)
['lead', 'trick']
>>> glossary_html("<p>Another trick.</p>", seen)
'<p>Another trick.</p>'
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

from ..engine.errors import SparError
from ..i18n import N_, _, language


@dataclass(frozen=True)
class Term:
    """One word of the game: its key, its name and what it means. The words that stand for
    it in a sentence are each language's own: see :func:`forms`."""

    key: str
    word: str
    definition: str

    def meaning(self) -> str:
        """The definition in the current language."""
        return _(self.definition)

    def name(self) -> str:
        """The word in the current language."""
        return _(self.word)


#: Every term, in the order a learner meets them in the lessons.
GLOSSARY: Tuple[Term, ...] = (
    Term("hand", N_("hand"),
         N_("The cards you hold. It also means one deal, played trick by trick to the end.")),
    # A word of its own in some languages (French "donne"), where "hand" means only the
    # cards you hold; English says "hand" for both, so its table leaves this one out.
    Term("deal", N_("deal"),
         N_("One deal of the cards, played trick by trick to the last trick.")),
    Term("trick", N_("trick"),
         N_("One card from each player, played in turn. The highest card of the suit that "
            "was led wins it.")),
    Term("lead", N_("lead"),
         N_("To play the first card of a trick. Whoever wins a trick leads the next one.")),
    Term("follow", N_("follow"),
         N_("To play a card of the suit that was led. You must do it if you can.")),
    Term("void", N_("void"),
         N_("Having no cards of a suit. If you are void in hearts, you cannot follow a "
            "heart, so you may play any card.")),
    Term("stock", N_("stock"),
         N_("The cards left over after the deal. They stay face down.")),
    Term("renege", N_("renege"),
         N_("To play another suit when you could follow. It is against the rules.")),
    Term("offside", N_("offside"),
         N_("The penalty when a renege is found out: the player scores -3, nobody else "
            "scores, and the same dealer deals again.")),
    Term("dry", N_("dry"),
         N_("A 6 or 7 you show face up before the first card is led. If it wins the last "
            "trick, it scores double. If your dry and your wet win the last two tricks, the "
            "two-trick bonus is doubled.")),
    Term("wet", N_("wet"),
         N_("One more 6 or 7, of another suit, put face down after your dry. Like the dry, "
            "it scores double if it wins the last trick.")),
    Term("live", N_("live"),
         N_("A dry or wet card is live when it is played in one of the last two tricks. "
            "Only a live card counts double.")),
    Term("under_ten", N_("under ten"),
         N_("A hand with no card higher than 9. You may show it and swap it for five new "
            "cards from the stock.")),
    Term("safe", N_("safe"),
         N_("A card is safe when nobody else holds a higher card of its suit. A safe 6 "
            "wins the last trick when its owner leads it.")),
    Term("guard", N_("guard"),
         N_("A higher card of the same suit, kept to stop another player's 6 or 7. While "
            "you keep it, their card loses when it is led.")),
    Term("match", N_("match"),
         N_("Hands played one after another, until a player reaches the target or the "
            "agreed number of hands is played.")),
    Term("target", N_("target"),
         N_("The score that wins the match, for example 10 points.")),
)

TERMS: Dict[str, Term] = {t.key: t for t in GLOSSARY}

#: Each language's table of the words that stand for the terms (``<language>.toml``: the
#: format is explained at the top of ``en.toml``).
TABLES_DIR = Path(__file__).resolve().parent.parent / "i18n" / "glossary"


class GlossaryTableError(SparError):
    """A language's glossary table is not as en.toml explains: the message names the file
    and what is wrong there."""


@dataclass(frozen=True)
class Table:
    """One language's words for the terms, read from its ``<language>.toml``."""

    forms: Dict[str, Tuple[str, ...]]
    not_phrases: Tuple[str, ...]
    term_and_meaning: str
    lowercase_meaning: bool


def _phrase_pattern(phrases: Sequence[str]) -> "re.Pattern[str]":
    """Any of ``phrases`` as whole words: letter case ignored, a space for any spaces, an
    apostrophe for either apostrophe."""
    def one(phrase: str) -> str:
        body = re.escape(phrase).replace(r"\ ", r"\s+").replace("'", "['’]")
        return (r"\b" if phrase[:1].isalnum() else "") + body + (
            r"\b" if phrase[-1:].isalnum() else "")
    if not phrases:
        return re.compile(r"(?!x)x")
    return re.compile("|".join(one(p) for p in sorted(phrases, key=len, reverse=True)),
                      re.IGNORECASE)


def read_table(path: Path) -> Table:
    """The glossary table in ``path``, checked: every section a term (or ``[language]``),
    every term with a list of forms, no form given to two terms."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise GlossaryTableError(f"{path.name}: {e}") from e
    settings = data.pop("language", {})
    forms: Dict[str, Tuple[str, ...]] = {}
    not_phrases: List[str] = []
    owner: Dict[str, str] = {}
    for key, section in data.items():
        if key not in TERMS:
            raise GlossaryTableError(
                f"{path.name}: [{key}] is not a term of the glossary (the terms: "
                f"{', '.join(TERMS)})")
        words = section.get("forms") if isinstance(section, dict) else None
        if not isinstance(words, list) or not words or not all(
                isinstance(w, str) and w.strip() for w in words):
            raise GlossaryTableError(f"{path.name}: [{key}] needs forms = [\"...\", ...]")
        for word in words:
            seen = owner.setdefault(" ".join(word.lower().split()), key)
            if seen != key:
                raise GlossaryTableError(
                    f"{path.name}: the form {word!r} is given to [{seen}] and to [{key}]")
        forms[key] = tuple(" ".join(w.split()) for w in words)
        not_phrases += [" ".join(p.split()) for p in section.get("not", [])]
    template = settings.get("term_and_meaning", "{term}: {meaning}")
    if "{term}" not in template or "{meaning}" not in template:
        raise GlossaryTableError(
            f"{path.name}: [language] term_and_meaning needs {{term}} and {{meaning}}")
    return Table(forms, tuple(not_phrases), template, bool(settings.get("lowercase_meaning")))


@lru_cache(maxsize=None)
def table(lang: str) -> Table:
    """The glossary table of language ``lang`` (English's where it has none)."""
    path = TABLES_DIR / f"{lang}.toml"
    return read_table(path if path.exists() else TABLES_DIR / "en.toml")


def terms_in_language() -> Tuple[Term, ...]:
    """The terms the current language has words for, in the glossary's order."""
    forms = table(language()).forms
    return tuple(t for t in GLOSSARY if t.key in forms)


_LANGUAGES: Dict[str, Tuple[Dict[str, str], "re.Pattern[str]", "re.Pattern[str]"]] = {}


def _forms() -> Tuple[Dict[str, str], "re.Pattern[str]", "re.Pattern[str]"]:
    """Each form's term, the pattern that finds the forms, and the one that finds the
    phrases where a form means something else, in the current language."""
    if language() not in _LANGUAGES:
        found = table(language())
        form_of = {form.lower(): key for key, forms in found.forms.items() for form in forms}
        _LANGUAGES[language()] = (form_of, _phrase_pattern(list(form_of)),
                                  _phrase_pattern(found.not_phrases))
    return _LANGUAGES[language()]


_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9-]*)")
#: Where a term is never marked: headings, buttons and links (already interactive),
#: code, pictures, and a term already marked.
_SKIP = {"h1", "h2", "h3", "h4", "h5", "h6", "a", "button", "code", "pre", "script",
         "style", "svg", "title", "textarea", "select", "option", "label", "caption", "th"}
_VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"}

#: Styles of a marked term: its definition (``data-def``) is drawn by CSS on hover and on
#: keyboard focus (a tap on a phone focuses the term), light text on a dark box in both
#: themes; on a phone it sits at the bottom of the screen. Drawn by CSS, the definition
#: is no text of the page: reading or copying a sentence gives the sentence only.
CSS = """<style>
.spar-term {border-bottom: 1px dotted currentColor; cursor: help; position: relative;}
.spar-term:focus {outline: 2px solid #1565c0; outline-offset: 1px;}
.spar-term::after {content: attr(data-def); display: none; position: absolute; left: 0;
  top: 1.45em; z-index: 30; box-sizing: border-box; width: max-content;
  max-width: min(300px, 78vw); padding: 6px 10px; border-radius: 6px; background: #1f2a24;
  color: #ffffff; font-size: 14px; font-weight: normal; font-style: normal; line-height: 1.35;
  text-align: left; white-space: normal; box-shadow: 0 2px 8px rgba(0, 0, 0, .35);}
.spar-term:hover::after, .spar-term:focus::after {display: block;}
@media (max-width: 600px) {
  .spar-term::after {position: fixed; left: 8px; right: 8px; top: auto; bottom: 12px;
    width: auto; max-width: none; font-size: 15px;}
}
.spar-glossary dt {font-weight: bold; margin-top: 6px;}
.spar-glossary dd {margin: 0 0 4px 18px;}
</style>"""


def term_html(shown: str, term: Term) -> str:
    """``shown`` (the word as written) marked as ``term``: focusable, its definition in
    ``data-def`` (drawn by :data:`CSS`) and ``aria-description`` (read by screen readers)."""
    found = table(language())
    meaning = term.meaning()
    if found.lowercase_meaning and meaning[:2].istitle():
        meaning = meaning[0].lower() + meaning[1:]
    meaning = escape(found.term_and_meaning.format(term=term.name(), meaning=meaning))
    return (f'<span class="spar-term" tabindex="0" role="term" data-term="{term.key}" '
            f'data-def="{meaning}" aria-description="{meaning}">{shown}</span>')


def _pieces(html: str) -> Iterator[Tuple[str, bool]]:
    """The HTML cut into (piece, is_text_to_mark): tags and skipped text are not marked."""
    stack: List[Tuple[str, bool]] = []
    for piece in _TAG.split(html):
        if not piece:
            continue
        if not piece.startswith("<"):
            yield piece, not any(skip for _, skip in stack)
            continue
        yield piece, False
        m = _TAG_NAME.match(piece)
        if m is None:
            continue
        closing, name = m.group(1) == "/", m.group(2).lower()
        if closing:
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == name:
                    del stack[i:]
                    break
        elif name not in _VOID and not piece.rstrip().endswith("/>"):
            skip = name in _SKIP or 'class="spar-term"' in piece
            stack.append((name, skip))


def glossary_html(html: str, seen: Optional[Set[str]] = None) -> str:
    """``html`` with the first use of each glossary term marked (see :func:`term_html`).

    ``seen`` holds the keys of the terms already marked on the page; pass the same
    set for every piece of one page so that each term is marked once. Text inside
    headings, links, buttons, code and pictures is left alone.
    """
    done: Set[str] = seen if seen is not None else set()
    form_of, forms, other_meanings = _forms()
    out: List[str] = []
    for piece, markable in _pieces(html):
        if not markable:
            out.append(piece)
            continue
        elsewhere = [m.span() for m in other_meanings.finditer(piece)]

        def one(m: "re.Match[str]") -> str:
            key = form_of[re.sub(r"\s+", " ", m.group(0).lower())]
            inside = any(a < m.end() and m.start() < b for a, b in elsewhere)
            if key in done or inside:
                return m.group(0)
            done.add(key)
            return term_html(m.group(0), TERMS[key])

        out.append(forms.sub(one, piece))
    return "".join(out)


def glossary_list_html() -> str:
    """Every term and its definition, as a definition list (the Rules page)."""
    items = "".join(f"<dt>{escape(t.name())}</dt><dd>{escape(t.meaning())}</dd>"
                    for t in terms_in_language())
    return f'<dl class="spar-glossary">{items}</dl>'


__all__ = ["CSS", "GLOSSARY", "GlossaryTableError", "TERMS", "Table", "Term", "glossary_html",
           "glossary_list_html", "read_table", "table", "term_html", "terms_in_language"]
