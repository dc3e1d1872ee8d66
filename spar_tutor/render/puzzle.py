"""The puzzle table as HTML (no widgets): the other hands, the trick, the tricks played.

Every card is drawn as a card (``spar_tutor.render``) with its code under it,
so the picture also reads as text. In a closed puzzle the other hands are
face down and the cards out of play are listed by suit, as a player would
remember them.
"""

from __future__ import annotations

from html import escape
from typing import Optional

from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, cards_of_mask, sort_hand
from ..lessons.pictures import cardify
from ..render import back_svg, card_svg
from ..engine.state import HandState, Trick

SMALL = 46
TRICK = 58

CSS = """<style>
.spar-pz { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1a1a1a; }
.spar-pz-table { background: #1b6e3f; border: 8px solid #6b3f1d; border-radius: 16px;
  padding: 8px 12px; color: #fff; display: flex; flex-direction: column; gap: 6px;
  max-width: 760px; }
.spar-pz-seats { display: flex; flex-wrap: wrap; gap: 4px 18px; }
.spar-pz-seat { display: flex; align-items: center; gap: 10px; min-height: 40px;
  flex: 1 1 320px; }
.spar-pz-name { min-width: 90px; font-weight: bold; font-size: 14px; }
.spar-pz-name small { display: block; font-weight: normal; font-size: 12px; color: #d9f2e1; }
.spar-pz-cards { display: flex; gap: 4px; flex-wrap: wrap; align-items: center; }
.spar-pz-card { text-align: center; font-size: 11px; line-height: 1.1; }
.spar-pz-card svg { display: block; border-radius: 4px; }
.spar-pz-turn { color: #ffd54f; }
.spar-pz-trick { background: rgba(0,0,0,.22); border-radius: 10px; padding: 6px 10px;
  display: flex; gap: 14px; align-items: flex-end; flex-wrap: wrap; }
.spar-pz-trick-title { font-size: 13px; min-width: 150px; align-self: center; }
.spar-pz-win svg { box-shadow: 0 0 0 3px #ffd54f; }
.spar-pz-done { font-size: 12px; color: #e8f5ec; }
.spar-pz-out { font-size: 13px; color: #e8f5ec; line-height: 1.4; }
.spar-pz-goal { font-size: 16px; padding: 8px 12px; border-radius: 8px; background: #fff6e0;
  border-left: 6px solid #d9a521; max-width: 740px; }
.spar-pz-status { font-size: 15px; padding: 6px 10px; border-radius: 6px; background: #f3f7f4;
  border-left: 5px solid #17803d; min-height: 22px; max-width: 740px; }
.spar-pz-status.spar-pz-wrong { background: #fdecea; border-left-color: #b3261e; }
.spar-pz-status.spar-pz-solved { background: #e3f4e8; border-left-color: #17803d;
  font-weight: bold; }
.spar-pz-meta { font-size: 13px; color: #41524a; }
.spar-pz .sp-c { font-weight: bold; white-space: nowrap; } .spar-pz .sp-red { color: #c62828; }
.spar-pz-table .sp-c { color: #fff; } .spar-pz-table .sp-red { color: #ffab91; }
</style>"""


def words_html(text: str) -> str:
    """Plain text as HTML, card codes (``6S``, ``TD``) drawn as coloured suit symbols."""
    return cardify(escape(text))


def picture(card: Card, width: float = SMALL, label: Optional[str] = None,
            win: bool = False) -> str:
    """A card face with its code (or ``label``) under it."""
    cls = "spar-pz-card spar-pz-win" if win else "spar-pz-card"
    return (f'<div class="{cls}">{card_svg(card, width=width)}'
            f"{words_html(label if label is not None else str(card))}</div>")


def back(width: float = 30) -> str:
    """A small face-down card (closed puzzles)."""
    return f'<div class="spar-pz-card">{back_svg(width=width, label="hidden card")}</div>'


def seat_name(seat: int, learner: int) -> str:
    return "You" if seat == learner else f"Seat {seat}"


def table_html(state: HandState, learner: int, open_hands: bool,
               start: Optional[HandState] = None) -> str:
    """The table: each other seat's hand, the trick being played, the tricks played in
    this puzzle (since ``start``) and, when the hands are closed, the cards out of play."""
    n = state.players
    seats = [_seat_row(state, (learner + k) % n, learner, open_hands) for k in range(1, n)]
    rows = [f'<div class="spar-pz-seats">{"".join(seats)}</div>', _trick_row(state, learner, start)]
    first = len(start.tricks) if start is not None else 0
    done = state.tricks[first:]
    if done:
        rows.append('<div class="spar-pz-done">Tricks played: '
                    + "; ".join(_trick_words(t, state, learner, first + i + 1 + _offset(start))
                                for i, t in enumerate(done)) + "</div>")
    if not open_hands:
        rows.append(out_of_play_html(state, learner))
    return f'<div class="spar-pz spar-pz-table">{"".join(rows)}</div>'


def _offset(start: Optional[HandState]) -> int:
    """Trick numbers in the whole hand: the puzzle's first trick is not always trick 1."""
    if start is None:
        return 0
    return start.trick_number - 1 - len(start.tricks)


def _seat_row(state: HandState, seat: int, learner: int, open_hands: bool) -> str:
    hand = sort_hand(state.hand(seat))
    turn = state.to_move == seat and not state.is_over()
    notes = []
    if state.dry[seat] is not None:
        notes.append(f"dry {state.dry[seat]}")
    if state.wet[seat] is not None:
        shown = open_hands or state.wet_shown[seat]
        notes.append(f"wet {state.wet[seat]}" if shown else "a wet, face down")
    if turn:
        notes.append('<span class="spar-pz-turn">to play</span>')
    small = f"<small>{', '.join(notes)}</small>" if notes else ""
    if open_hands:
        cards = "".join(picture(c) for c in hand)
    else:
        known = {state.dry[seat]} | ({state.wet[seat]} if state.wet_shown[seat] else set())
        hidden = sum(1 for c in hand if c not in known)
        cards = "".join(picture(c) for c in hand if c in known) + "".join(
            back() for _ in range(hidden)) + (
            f'<span class="spar-pz-done">&nbsp;{hidden} hidden card{"s" if hidden != 1 else ""}'
            "</span>" if hidden else "")
    if not hand:
        cards = '<span class="spar-pz-done">no cards left</span>'
    return (f'<div class="spar-pz-seat"><div class="spar-pz-name">{seat_name(seat, learner)}'
            f'{small}</div><div class="spar-pz-cards">{cards}</div></div>')


def _trick_row(state: HandState, learner: int, start: Optional[HandState] = None) -> str:
    """The trick being played; between tricks, the one just finished (and who leads now)."""
    n = state.players
    who = seat_name(state.leader, learner)
    now = (f"Trick {state.trick_number}: {who} {'lead' if who == 'You' else 'leads'}"
           f" &middot; {state.tricks_left} trick{'s' if state.tricks_left != 1 else ''} to go")
    if state.current_trick:
        trick = Trick(state.leader, state.current_trick, None)
        title = f"Trick {state.trick_number}"
        if state.to_move == learner:
            title += "<br>your turn to play"
        winning: Optional[Card] = _winning_so_far(trick, n)
    elif state.tricks and (start is None or len(state.tricks) > len(start.tricks)):
        trick = state.tricks[-1]
        number = state.trick_number - 1
        won = seat_name(trick.winner, learner) if trick.winner is not None else "nobody"
        title = (f"Trick {number}: won by {won.lower() if won == 'You' else won}")
        if not state.is_over():
            title += f"<br><br>{now}"
        winning = trick.winning_card(n)
    else:
        return f'<div class="spar-pz-trick"><div class="spar-pz-trick-title">{now}</div></div>'
    cards = "".join(picture(c, TRICK, seat_name(trick.seat_of(i, n), learner) + f" {c}",
                            win=c is winning)
                    for i, c in enumerate(trick.cards))
    return (f'<div class="spar-pz-trick"><div class="spar-pz-trick-title">{title}'
            f"</div>{cards}</div>")


def _winning_so_far(trick: Trick, n: int) -> Card:
    led = trick.cards[0]
    follows = [c for c in trick.cards if c.suit == led.suit]
    return max(follows, key=lambda c: c.rank)


def _trick_words(t: Trick, state: HandState, learner: int, number: int) -> str:
    n = state.players
    cards = ", ".join(f"{seat_name(t.seat_of(i, n), learner)} {c}" for i, c in enumerate(t.cards))
    winner = seat_name(t.winner, learner).lower() if t.winner is not None else "nobody"
    return words_html(f"trick {number}: {cards}, won by {winner}")


def out_of_play_html(state: HandState, learner: int) -> str:
    """The cards out of play (played before, or never dealt), suit by suit."""
    held = 0
    for s in range(state.players):
        held |= state.hand_mask(s)
    played: set[Card] = set()
    for t in state.tricks:
        played.update(t.cards)
    played.update(state.current_trick)
    out = [c for c in cards_of_mask(state.rules.deck_mask & ~held) if c not in played]
    rows = []
    for suit in "SHDC":
        ranks = " ".join(_rank(c) for c in sort_hand(out) if c.suit == suit)
        rows.append(f"<div>{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}: {escape(ranks or 'none')}</div>")
    return ('<div class="spar-pz-out"><b>Out of play</b> (played before, or never dealt):'
            + "".join(rows) + "</div>")


def _rank(card: Card) -> str:
    return str(card)[:-1].replace("T", "10")

