"""The rules reference's tables, generated from the engine's presets and scoring.

Nothing here is copied by hand: change a preset in :mod:`spar_tutor.engine.rules` or a
figure in :func:`spar_tutor.engine.scoring.scoring_table` and the page follows.

>>> pack_text(Rules.preset("standard"))
'35 cards: 6 to ace, without the ace of spades'
>>> pack_text(Rules.preset("agram"))
'35 cards: 3 to 10 and ace, without the ace of spades'
"""

from __future__ import annotations

from html import escape
from typing import Iterable, List, Sequence

from ...engine.rules import PRESETS, Rules, find_preset
from ...engine.scoring import scoring_table
from ...i18n import N_, _, pgettext
from .rules_text import HOUSE_RULES

_ORDER = "23456789TJQKA"
_RANK_WORDS = {"T": "10", "J": N_("jack"), "Q": N_("queen"), "K": N_("king"), "A": N_("ace")}


def _rank(r: str) -> str:
    """A rank as a list of the pack's ranks says it: "ace", "10" (French "l'as", "le 10",
    so that "de ... à ..." is written "du 3 au 10")."""
    number = r if r not in _RANK_WORDS or r == "T" else None
    if number is None:
        return _(_RANK_WORDS[r])
    # Translators: a number card's rank in a list of the pack's ranks ("3 to 10 and ace");
    # French gives it its article ("le {rank}"), which "de" and "à" then join ("du 3 au 10")
    return pgettext("rank in the pack", "{rank}").format(rank=_RANK_WORDS.get(r, r))


def _ranks_words(ranks: List[str]) -> str:
    """The ranks in runs: "6 to ace", "3 to 10 and ace"."""
    runs: List[List[str]] = []
    for r in ranks:
        if runs and _ORDER.index(r) == _ORDER.index(runs[-1][-1]) + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    parts = [_rank(run[0]) if len(run) == 1
             # Translators: a run of ranks, "6 to ace" (numbers of players have their own)
             else _("{low} to {high}").format(low=_rank(run[0]), high=_rank(run[-1]))
             for run in runs]
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} and {second}").format(first=text, second=part)
    return text


def pack_text(rules: Rules) -> str:
    """The pack in words: how many cards, which ranks."""
    ranks = _ranks_words(sorted(rules.ranks, key=_ORDER.index))
    if "A" in rules.ranks and not rules.ace_of_spades:
        return _("{count} cards: {ranks}, without the ace of spades").format(
            count=rules.deck_size, ranks=ranks)
    return _("{count} cards: {ranks}").format(count=rules.deck_size, ranks=ranks)


def hand_text(rules: Rules) -> str:
    """Cards per player and the packets they are dealt in."""
    return _("{cards} ({packets})").format(
        cards=rules.hand_size, packets=" + ".join(str(p) for p in rules.packets))


def house_rules_on(rules: Rules) -> List[str]:
    """Names of the house rules this preset plays with."""
    return [_(HOUSE_RULES[k][0]) for k in HOUSE_RULES if getattr(rules, k)]


NUM = ' class="num"'


def _table(head: Sequence[str], rows: Iterable[Sequence[object]], caption: str,
           numeric: Sequence[int] = ()) -> str:
    """A reference table. One of three columns or more is drawn on a phone as a card a
    row, each cell under its column's name (``data-label``): eight columns do not fit."""
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = []
    for row in rows:
        cells = "".join(
            f'<td{NUM if i in numeric else ""} data-label="{escape(head[i], quote=True)}">'
            f"<span>{escape(str(c))}</span></td>" for i, c in enumerate(row))
        body.append(f"<tr>{cells}</tr>")
    stack = " spar-stack" if len(head) >= 3 else ""
    return (f'<table class="spar-ref-table{stack}"><caption class="spar-muted">'
            f"{escape(caption)}</caption><thead><tr>{th}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def presets_table() -> str:
    """Every preset in one table (HTML)."""
    rows = []
    for preset in PRESETS.values():
        r = preset.rules()
        direction = _("clockwise") if r.direction == "clockwise" else _("counter-clockwise")
        extras = ", ".join(house_rules_on(r)) or _("none")
        rows.append([_(preset.title), pack_text(r), hand_text(r),
                     # Translators: how many players, "2 to 7"
                     pgettext("players", "{low} to {high}").format(low=r.min_players,
                                                                   high=r.max_players),
                     direction, r.max_hand_score(), r.target, extras])
    head = [_("Game"), _("Pack"), _("Cards each"), _("Players"), _("Direction"),
            _("Most a hand can score"), _("Target score"), _("House rules")]
    return _table(head, rows, _("The games the tutor knows"), numeric=(5, 6))


def scoring_html(name: str) -> str:
    """The scoring table of one preset (HTML)."""
    preset = find_preset(name)
    rows = []
    for what, points in scoring_table(preset.rules()):
        words = _(what)
        rows.append([words[:1].upper() + words[1:], points])
    return _table([_("What happens at the end of the hand"), _("Points")], rows,
                  _("Scoring in {game}").format(game=_(preset.title)), numeric=(1,))


def house_rules_table() -> str:
    """Each house rule, what it means, and which presets use it (HTML)."""
    rows = []
    for option, (title, words) in HOUSE_RULES.items():
        used = [_(p.label) for p in PRESETS.values() if getattr(p.rules(), option)]
        rows.append([_(title), _(words), ", ".join(used) or _("none yet")])
    return _table([_("House rule"), _("What it means"), _("Played in")], rows, _("House rules"))
