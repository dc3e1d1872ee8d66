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
from .rules_text import HOUSE_RULES

_ORDER = "23456789TJQKA"
_RANK_WORDS = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def _rank(r: str) -> str:
    return _RANK_WORDS.get(r, r)


def pack_text(rules: Rules) -> str:
    """The pack in words: how many cards, which ranks."""
    ranks = sorted(rules.ranks, key=_ORDER.index)
    runs: List[List[str]] = []
    for r in ranks:
        if runs and _ORDER.index(r) == _ORDER.index(runs[-1][-1]) + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    parts = [_rank(run[0]) if len(run) == 1 else f"{_rank(run[0])} to {_rank(run[-1])}"
             for run in runs]
    text = f"{rules.deck_size} cards: " + " and ".join(parts)
    if "A" in rules.ranks and not rules.ace_of_spades:
        text += ", without the ace of spades"
    return text


def hand_text(rules: Rules) -> str:
    """Cards per player and the packets they are dealt in."""
    return f"{rules.hand_size} ({' + '.join(str(p) for p in rules.packets)})"


def house_rules_on(rules: Rules) -> List[str]:
    """Names of the house rules this preset plays with."""
    return [HOUSE_RULES[k][0] for k in HOUSE_RULES if getattr(rules, k)]


def _table(head: Sequence[str], rows: Iterable[Sequence[object]], caption: str,
           numeric: Sequence[int] = ()) -> str:
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="num">{escape(str(c))}</td>' if i in numeric else f"<td>{escape(str(c))}</td>"
            for i, c in enumerate(row))
        body.append(f"<tr>{cells}</tr>")
    return (f'<table class="spar-ref-table"><caption class="spar-muted">{escape(caption)}'
            f"</caption><thead><tr>{th}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def presets_table() -> str:
    """Every preset in one table (HTML)."""
    rows = []
    for preset in PRESETS.values():
        r = preset.rules()
        direction = "clockwise" if r.direction == "clockwise" else "counter-clockwise"
        extras = ", ".join(house_rules_on(r)) or "none"
        rows.append([preset.title, pack_text(r), hand_text(r),
                     f"{r.min_players} to {r.max_players}", direction, r.max_hand_score(),
                     r.target, extras])
    head = ["Game", "Pack", "Cards each", "Players", "Direction", "Most a hand can score",
            "Match target", "House rules"]
    return _table(head, rows, "The games the tutor knows", numeric=(5, 6))


def scoring_html(name: str) -> str:
    """The scoring table of one preset (HTML)."""
    preset = find_preset(name)
    rows = [[what[:1].upper() + what[1:], points]
            for what, points in scoring_table(preset.rules())]
    return _table(["What happens in the last tricks", "Points"], rows,
                  f"Scoring in {preset.title}", numeric=(1,))


def house_rules_table() -> str:
    """Each house rule, what it means, and which presets use it (HTML)."""
    rows = []
    for option, (title, words) in HOUSE_RULES.items():
        used = [p.label for p in PRESETS.values() if getattr(p.rules(), option)]
        rows.append([title, words, ", ".join(used) or "none yet"])
    return _table(["House rule", "What it means", "Played in"], rows, "House rules")
