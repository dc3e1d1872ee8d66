"""HTML pictures for lesson steps: Markdown text, cards, the table, the deal.

Pure functions of the step and its live state (no widgets). The table and
deal pictures are the app's own (:mod:`spar_tutor.widgets`) when present;
otherwise a plain layout of the same facts.
"""

from __future__ import annotations

import re
from html import escape
from typing import Iterable, List, Optional, Sequence

from ..cards import Card, parse_card, sort_hand
from ..render import back_svg, card_svg, hand_svg
from ..state import HandState, Trick

CARD_W = 58


_CARD_CODE = re.compile(r"(?<![\w/#&;=-])(10|[6-9TJQKA])([SHDC])(?![\w-])")


def cardify(html: str) -> str:
    """Card codes in text (``6S``, ``KH``, ``10C``) as coloured suit symbols."""
    def one(m: "re.Match[str]") -> str:
        card = parse_card(m.group(0))
        red = " sp-red" if card.suit in "HD" else ""
        return f'<span class="sp-c{red}" title="{card.name}">{card.symbol_text}</span>'

    return _CARD_CODE.sub(one, html)


def md(text: str) -> str:
    """Markdown (with tables) as HTML, card codes drawn as suit symbols."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return cardify(str(render(text or "")))


def cards_html(cards: Iterable[Card], width: float = CARD_W, overlap: float = 0.0) -> str:
    cs = list(cards)
    if not cs:
        return ""
    return hand_svg(cs, width_per_card=width, overlap=overlap)


def card_list(texts: Sequence[str]) -> List[Card]:
    return [parse_card(t) for t in texts]


def names_for(step, players: int) -> List[str]:
    return [step.name(s) for s in range(players)]


def table_picture(state: HandState, step, tricks: Sequence[Trick] = (),
                  hand_below: bool = False, played: Sequence[Card] = ()) -> str:
    """The table: every seat's cards (others face down if the step hides them; the
    learner's left out when ``hand_below``), declarations, and in the middle the
    finished ``tricks`` if given, else the trick being played."""
    names = names_for(step, state.players)
    rows = []
    for seat in range(state.players):
        hand = sort_hand(state.hand(seat))
        if seat == step.seat and hand_below:
            pic = "<i>your cards are below</i>" if hand else ""
        elif step.hidden and seat != step.seat:
            pic = hand_svg(hand, face_down=True, width_per_card=34, overlap=0.5) if hand else ""
        else:
            pic = cards_html(hand, 44, 0.3)
        mark = "<br><small>dealer</small>" if seat == state.dealer else ""
        me = " sp-me" if seat == step.seat else ""
        rows.append(f'<div class="sp-seat{me}"><span class="sp-name"><b>{escape(names[seat])}'
                    f'</b>{mark}</span> {pic} {_declared(state, seat, step.seat)}</div>')
    if tricks:
        first = state.rules.hand_size - len(state.tricks) + 1
        number = {id(t): first + i for i, t in enumerate(state.tricks)}
        middle = "".join(f'<div class="sp-one"><small>trick {number.get(id(t), "")}</small>'
                         f'<div>{_trick_html(state, t, names)}</div></div>' for t in tricks)
    else:
        middle = _trick_html(state, None, names)
    if played:
        middle = (f"<div><small>played so far, by suit</small><br>"
                  f"{cards_html(sort_hand(played), 40, 0.45)}</div>{middle}")
    return (f'<div class="sp-table" role="img" aria-label="the table">{"".join(rows)}'
            f'<div class="sp-trick">{middle}</div></div>')


def _declared(state: HandState, seat: int, learner: Optional[int]) -> str:
    out = []
    held = set(state.hand(seat))
    dry, wet = state.dry[seat], state.wet[seat]
    if dry is not None:
        out.append(f"dry {card_svg(dry, width=30)}" if dry in held
                   else f"dry {_sym(dry)} (played)")
    if wet is not None:
        if wet not in held and (state.wet_shown[seat] or seat == learner or state.is_over()):
            out.append(f"wet {_sym(wet)} (played)")
        elif state.wet_shown[seat]:
            out.append(f"wet, turned face up {card_svg(wet, width=30)}")
        elif seat == learner:
            out.append(f"wet, face down (only you know it) {card_svg(wet, width=30)}")
        else:
            out.append(f"wet {back_svg(width=30, label='face-down wet card')}")
    return " &nbsp; ".join(out)


def _sym(card: Card) -> str:
    return cardify(str(card))


def _trick_html(state: HandState, trick: Optional[Trick], names: Sequence[str]) -> str:
    if trick is not None:
        leader, cards, winner = trick.leader, trick.cards, trick.winner
    else:
        leader, cards, winner = state.leader, state.current_trick, None
    if not cards and state.tricks and not state.is_over():
        last = state.tricks[-1]
        return (f"<div><i>The last trick, won by {escape(names[last.winner or 0])}:</i></div>"
                + _trick_html(state, last, names)
                + f"<div><i>{escape(names[state.to_move or 0])} to lead the next trick</i></div>")
    if not cards and state.phase in ("declare", "under_ten"):
        return f"<i>Before the first lead: {escape(names[state.to_move or 0])} to decide</i>"
    if not cards:
        return f"<i>{escape(names[state.to_move or 0])} to lead</i>" if not state.is_over() else ""
    parts = []
    width = CARD_W if trick is None else 44
    for i, c in enumerate(cards):
        seat = (leader + i) % state.players
        star = " sp-won" if seat == winner else ""
        parts.append(f'<span class="sp-played{star}">{card_svg(c, width=width)}'
                     f'<br>{escape(names[seat])}</span>')
    return "".join(parts)


def deal_picture(run, step) -> str:
    """The deal so far: the stock and each seat's cards as they arrive."""
    hands = run.hands_so_far()
    left = len(run.deal.pack) - run.shown
    names = names_for(step, run.deal.players)
    rows = [f'<div class="sp-seat"><span class="sp-name"><b>{escape(names[s])}</b>'
            f'{"<br><small>dealer</small>" if s == run.deal.dealer else ""}</span> '
            f'{cards_html(hands[s], 40, 0.3) if hands[s] else "<i>no cards yet</i>"}</div>'
            for s in range(run.deal.players)]
    pack = back_svg(width=40, label=f"{left} cards face down") if left else ""
    return (f'<div class="sp-table">{"".join(rows)}<div class="sp-trick">{pack} '
            f'{left} cards not dealt yet</div></div>')


CSS = """<style>
.sp-lesson {max-width: 820px; font-size: 15px; line-height: 1.45}
.sp-table {background: #0b6b3a; color: #fff; border-radius: 18px; padding: 10px 14px;
  margin: 6px 0}
.sp-seat, .sp-row {margin: 4px 0; display: flex; align-items: center; gap: 6px}
.sp-name {display: inline-block; width: 70px; flex: none}
.sp-c {font-weight: bold; white-space: nowrap} .sp-red {color: #c62828}
.sp-table .sp-red {color: #ffab91}
.sp-me b {color: #ffd54f}
.sp-trick {background: #095c31; border-radius: 12px; padding: 8px; margin-top: 6px;
  min-height: 40px}
.sp-played {display: inline-block; text-align: center; margin-right: 10px}
.sp-one {display: inline-block; vertical-align: top; margin-right: 18px}
.sp-won svg {outline: 3px solid #ffd54f; border-radius: 6px}
.sp-feedback-right {border-left: 6px solid #1b7f3b; background: #e8f5e9; padding: 8px}
.sp-feedback-wrong {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-feedback-hint {border-left: 6px solid #1565c0; background: #e3f2fd; padding: 8px}
.sp-broken {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-lesson table {border-collapse: collapse} .sp-lesson td, .sp-lesson th
  {border: 1px solid #bbb; padding: 2px 8px}
</style>"""
