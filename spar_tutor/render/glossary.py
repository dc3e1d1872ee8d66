"""The words of the game, explained where a learner first meets them.

``GLOSSARY`` is the one list of terms and their definitions (marked for the message
catalogue). :func:`glossary_html` finds the first use of each term in a page's HTML
and marks it: the definition shows on hover and on focus (a tap on a phone focuses it),
so nobody has to leave the page to look a word up.

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
from dataclasses import dataclass
from html import escape
from typing import Dict, Iterator, List, Optional, Set, Tuple

from ..i18n import N_, _, language, pgettext


@dataclass(frozen=True)
class Term:
    """One word of the game: its name, the forms it takes in a sentence, and what it means."""

    key: str
    word: str
    forms: Tuple[str, ...]
    definition: str

    def meaning(self) -> str:
        """The definition in the current language."""
        return _(self.definition)

    def name(self) -> str:
        """The word in the current language."""
        return _(self.word)

    def forms_in_language(self) -> Tuple[str, ...]:
        """The forms the term takes in a sentence in the current language: the catalogue's
        ``pgettext("glossary forms", "hand|hands")``, the forms joined by ``|``."""
        english = "|".join(self.forms)
        found = pgettext("glossary forms", english)
        if found == english:
            return self.forms
        return tuple(f.strip() for f in found.split("|") if f.strip())


#: Every term, in the order a learner meets them in the lessons.
GLOSSARY: Tuple[Term, ...] = (
    Term("hand", N_("hand"), ("hand", "hands"),
         N_("The cards you hold. It also means one deal, played trick by trick to the end.")),
    Term("trick", N_("trick"), ("trick", "tricks"),
         N_("One card from each player, played in turn. The highest card of the suit that "
            "was led wins it.")),
    Term("lead", N_("lead"), ("lead", "leads", "led", "leading", "leader"),
         N_("To play the first card of a trick. Whoever wins a trick leads the next one.")),
    Term("follow", N_("follow"), ("follow suit", "follows suit", "followed suit",
                                  "following suit", "follow", "follows", "followed",
                                  "following"),
         N_("To play a card of the suit that was led. You must do it if you can.")),
    Term("void", N_("void"), ("void",),
         N_("Having no cards of a suit. If you are void in hearts, you cannot follow a "
            "heart, so you may play any card.")),
    Term("stock", N_("stock"), ("stock",),
         N_("The cards left over after the deal. They stay face down.")),
    Term("renege", N_("renege"), ("renege", "reneges", "reneged", "reneging"),
         N_("To play another suit when you could follow. It is against the rules.")),
    Term("offside", N_("offside"), ("offside",),
         N_("The penalty when a renege is found out: the player scores -3, nobody else "
            "scores, and the same dealer deals again.")),
    Term("dry", N_("dry"), ("dry", "dries", "dried", "drying"),
         N_("A 6 or 7 you show face up before the first card is led. If it wins the last "
            "trick, it scores double. If your dry and your wet win the last two tricks, the "
            "two-trick bonus is doubled.")),
    Term("wet", N_("wet"), ("wet",),
         N_("One more 6 or 7, of another suit, put face down after your dry. Like the dry, "
            "it scores double if it wins the last trick.")),
    Term("live", N_("live"), ("live",),
         N_("A dry or wet card is live when it is played in one of the last two tricks. "
            "Only a live card counts double.")),
    Term("under_ten", N_("under ten"), ("under ten", "under-ten"),
         N_("A hand with no card higher than 9. You may show it and swap it for five new "
            "cards from the stock.")),
    Term("safe", N_("safe"), ("safe",),
         N_("A card is safe when nobody else holds a higher card of its suit. A safe 6 "
            "wins the last trick when its owner leads it.")),
    Term("guard", N_("guard"), ("guard", "guards", "guarded"),
         N_("A higher card of the same suit, kept to stop another player's 6 or 7. While "
            "you keep it, their card loses when it is led.")),
    Term("match", N_("match"), ("match", "matches"),
         N_("Hands played one after another, until a player reaches the target or the "
            "agreed number of hands is played.")),
    Term("target", N_("target"), ("target",),
         N_("The score that wins the match, for example 10 points.")),
)

TERMS: Dict[str, Term] = {t.key: t for t in GLOSSARY}


def _mark_forms() -> None:
    """The terms' forms, marked for the catalogue (never called: Babel reads them here)."""
    # Translators: a glossary term's forms in a sentence, joined by "|" (French "pli|plis");
    # the glossary marks the first of them on a page
    pgettext("glossary forms", "hand|hands")
    pgettext("glossary forms", "trick|tricks")
    pgettext("glossary forms", "lead|leads|led|leading|leader")
    pgettext("glossary forms", "follow suit|follows suit|followed suit|following suit|follow|"
                               "follows|followed|following")
    pgettext("glossary forms", "void")
    pgettext("glossary forms", "stock")
    pgettext("glossary forms", "renege|reneges|reneged|reneging")
    pgettext("glossary forms", "offside")
    pgettext("glossary forms", "dry|dries|dried|drying")
    pgettext("glossary forms", "wet")
    pgettext("glossary forms", "live")
    pgettext("glossary forms", "under ten|under-ten")
    pgettext("glossary forms", "safe")
    pgettext("glossary forms", "guard|guards|guarded")
    pgettext("glossary forms", "match|matches")
    pgettext("glossary forms", "target")


_LANGUAGES: Dict[str, Tuple[Dict[str, str], "re.Pattern[str]"]] = {}


def _forms() -> Tuple[Dict[str, str], "re.Pattern[str]"]:
    """Each form's term, and the pattern that finds the forms, in the current language."""
    if language() not in _LANGUAGES:
        form_of = {form.lower(): t.key for t in GLOSSARY for form in t.forms_in_language()}
        pattern = re.compile(
            r"\b(" + "|".join(re.escape(f).replace(r"\ ", r"\s+")
                              for f in sorted(form_of, key=len, reverse=True)) + r")\b",
            re.IGNORECASE)
        _LANGUAGES[language()] = (form_of, pattern)
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
    meaning = escape(f"{term.name()}: {term.meaning()}")
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
    form_of, forms = _forms()
    out: List[str] = []
    for piece, markable in _pieces(html):
        if not markable:
            out.append(piece)
            continue

        def one(m: "re.Match[str]") -> str:
            key = form_of[re.sub(r"\s+", " ", m.group(0).lower())]
            if key in done:
                return m.group(0)
            done.add(key)
            return term_html(m.group(0), TERMS[key])

        out.append(forms.sub(one, piece))
    return "".join(out)


def glossary_list_html() -> str:
    """Every term and its definition, as a definition list (the Rules page)."""
    items = "".join(f"<dt>{escape(t.name())}</dt><dd>{escape(t.meaning())}</dd>"
                    for t in GLOSSARY)
    return f'<dl class="spar-glossary">{items}</dl>'


__all__ = ["CSS", "GLOSSARY", "TERMS", "Term", "glossary_html", "glossary_list_html",
           "term_html"]
