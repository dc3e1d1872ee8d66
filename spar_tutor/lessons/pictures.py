"""HTML pictures for lesson steps: Markdown text, cards, the table, the deal.

Pure functions of the step and its live state (no widgets). The table and
deal pictures are the app's own (:mod:`spar_tutor.widgets`) when present;
otherwise a plain layout of the same facts.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, List, Optional, Sequence

from ..cards import Card, parse_card, sort_hand
from ..render import back_svg, card_svg, hand_svg
from ..state import HandState, Trick

CARD_W = 58


def md(text: str) -> str:
    """Markdown (with tables) as HTML."""
    import mistune

    render = mistune.create_markdown(plugins=["table"])
    return str(render(text or ""))


def cards_html(cards: Iterable[Card], width: float = CARD_W, overlap: float = 0.0) -> str:
    cs = list(cards)
    if not cs:
        return ""
    return hand_svg(cs, width_per_card=width, overlap=overlap)


def card_list(texts: Sequence[str]) -> List[Card]:
    return [parse_card(t) for t in texts]


def names_for(step, players: int) -> List[str]:
    return [step.name(s) for s in range(players)]


def table_picture(state: HandState, step, trick: Optional[Trick] = None) -> str:
    """The table: every seat's cards (others face down if the step hides them),
    declarations, and the trick in the middle (``trick``, else the current one)."""
    names = names_for(step, state.players)
    rows = []
    for seat in range(state.players):
        hand = sort_hand(state.hand(seat))
        hide = step.hidden and seat != step.seat
        pic = hand_svg(hand, face_down=True, width_per_card=34, overlap=0.5) if hide and hand \
            else cards_html(hand, 44, 0.3)
        decl = []
        if state.dry[seat] is not None:
            decl.append(f"dry {card_svg(state.dry[seat], width=30)}")
        if state.wet[seat] is not None:
            shown = state.wet_shown[seat] or seat == step.seat
            decl.append("wet " + (card_svg(state.wet[seat], width=30) if shown
                                  else back_svg(width=30, label="face-down wet card")))
        mark = " (dealer)" if seat == state.dealer else ""
        me = " sp-me" if seat == step.seat else ""
        rows.append(f'<div class="sp-seat{me}"><b>{escape(names[seat])}</b>{mark} '
                    f'{pic} {" ".join(decl)}</div>')
    middle = _trick_html(state, trick, names)
    return (f'<div class="sp-table" role="img" aria-label="the table">{"".join(rows)}'
            f'<div class="sp-trick">{middle}</div></div>')


def _trick_html(state: HandState, trick: Optional[Trick], names: Sequence[str]) -> str:
    if trick is not None:
        leader, cards, winner = trick.leader, trick.cards, trick.winner
    else:
        leader, cards, winner = state.leader, state.current_trick, None
    if not cards:
        return f"<i>{escape(names[state.to_move or 0])} to lead</i>" if not state.is_over() else ""
    parts = []
    for i, c in enumerate(cards):
        seat = (leader + i) % state.players
        star = " sp-won" if seat == winner else ""
        parts.append(f'<span class="sp-played{star}">{card_svg(c, width=CARD_W)}'
                     f'<br>{escape(names[seat])}</span>')
    return "".join(parts)


def deal_picture(run, step) -> str:
    """The deal so far: the stock and each seat's cards as they arrive."""
    hands = run.hands_so_far()
    left = len(run.deal.pack) - run.shown
    names = names_for(step, run.deal.players)
    rows = [f'<div class="sp-seat"><b>{escape(names[s])}</b>'
            f'{" (dealer)" if s == run.deal.dealer else ""} '
            f'{cards_html(hands[s], 40, 0.3) if hands[s] else "<i>no cards yet</i>"}</div>'
            for s in range(run.deal.players)]
    pack = back_svg(width=40, label=f"{left} cards face down") if left else ""
    return (f'<div class="sp-table">{"".join(rows)}<div class="sp-trick">{pack} '
            f'{left} cards not dealt yet</div></div>')


CSS = """<style>
.sp-lesson {max-width: 820px; font-size: 15px; line-height: 1.45}
.sp-table {background: #0b6b3a; color: #fff; border-radius: 18px; padding: 10px 14px;
  margin: 6px 0}
.sp-seat {margin: 4px 0} .sp-seat svg {vertical-align: middle}
.sp-me b {color: #ffd54f}
.sp-trick {background: #095c31; border-radius: 12px; padding: 8px; margin-top: 6px;
  min-height: 40px}
.sp-played {display: inline-block; text-align: center; margin-right: 10px}
.sp-won svg {outline: 3px solid #ffd54f; border-radius: 6px}
.sp-feedback-right {border-left: 6px solid #1b7f3b; background: #e8f5e9; padding: 8px}
.sp-feedback-wrong {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-feedback-hint {border-left: 6px solid #1565c0; background: #e3f2fd; padding: 8px}
.sp-broken {border-left: 6px solid #c62828; background: #fdecea; padding: 8px}
.sp-lesson table {border-collapse: collapse} .sp-lesson td, .sp-lesson th
  {border: 1px solid #bbb; padding: 2px 8px}
</style>"""
