"""The table drawn as HTML: a green felt oval, seats around it, the trick in the middle.

:func:`table_html` is a pure function of a hand state (no widgets), and the one
picture of a table: the live table, the replay, the lessons, the puzzles and the
tests all draw it. The viewer's seat is at the bottom; the others follow in play
order, clockwise or counter-clockwise as the rules say. A lesson or a puzzle may
open the other hands, keep quiet about what it asks (the winner of the last trick,
the hand's points), list cards played before an end position or the cards out of play.
"""

from __future__ import annotations

import math
from html import escape
from typing import List, Optional, Sequence, Tuple

from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, cards_of_mask, sort_hand
from ..engine.state import HandState, Trick, trick_winner
from ..engine.view import sees_wet, wet_face_up
from ..i18n import _, ngettext, pgettext, points
from ..engine.words import players_of
from .svg import back_svg, card_svg, hand_svg
from .text import cardify

FELT_W, FELT_H = 680, 450
TRICK_CARD_W = 54
DECL_CARD_W = 30


def seat_position(seat: int, viewer: int, players: int, clockwise: bool = True,
                  scale: float = 1.0) -> Tuple[float, float]:
    """Where a seat sits on the felt (px): the viewer at the bottom, then round the table."""
    k = (seat - viewer) % players
    theta = math.radians(90 + (1 if clockwise else -1) * k * 360 / players)
    rx, ry = (FELT_W / 2 - 96) * scale, (FELT_H / 2 - 64) * scale
    return FELT_W / 2 + rx * math.cos(theta), FELT_H / 2 + ry * math.sin(theta)


def _backs(count: int) -> str:
    """A fan of ``count`` hidden cards (which cards does not matter: only backs show)."""
    return hand_svg([Card(6, "S")] * count, face_down=True, width_per_card=22, overlap=0.55,
                    label=ngettext("{n} hidden card", "{n} hidden cards", count).format(n=count))


def _at(x: float, y: float) -> str:
    return f"left:{x:.0f}px;top:{y:.0f}px"


def _seat_box(state: HandState, seat: int, names: Sequence[str], viewer: int,
              scores: Optional[Sequence[int]], four: bool, clockwise: bool,
              show_own: bool = False, open_hands: bool = False) -> str:
    x, y = seat_position(seat, viewer, state.players, clockwise)
    classes = ["spar-seat"]
    turn = state.to_move == seat
    if turn:
        classes.append("spar-turn")
    if seat == viewer:
        classes.append("spar-you")
    chips = ""
    if seat == state.dealer:
        # Translators: the dealer's badge, one letter (D for dealer)
        badge, title = pgettext("dealer badge", "D"), _("dealer")
        chips += f'<span class="spar-chip spar-chip-dealer" title="{title}">{badge}</span>'
    if state.leader == seat and not state.is_over():
        chips += '<span class="spar-chip spar-chip-lead">' + _("leader") + "</span>"
    if turn:
        chips += '<span class="spar-chip spar-chip-turn">' + _("to play") + "</span>"
    lines = [f'<div class="spar-seat-name">{escape(names[seat])}</div>']
    if chips:
        lines.append(f"<div>{chips}</div>")
    if scores is not None:
        lines.append(f"<div>{points(scores[seat])}</div>")
    cards = []
    held = len(state.hand(seat))
    if held and ((seat == viewer and show_own) or (seat != viewer and open_hands)):
        cards.append(hand_svg(sort_hand(state.hand(seat)), width_per_card=32, overlap=0.3,
                              four_colour=four))
    elif seat != viewer and held:
        count = ngettext("{n} card", "{n} cards", held).format(n=held)
        cards.append(f'<div class="spar-decl">{_backs(held)}<br>{count}</div>')
    # declared cards show in front of their owner until they are played
    in_hand = set(state.hand(seat))
    dry = state.dry[seat] if state.dry[seat] in in_hand else None
    wet = state.wet[seat] if state.wet[seat] in in_hand else None
    if dry is not None:
        cards.append(f'<div class="spar-decl">{card_svg(dry, width=DECL_CARD_W, four_colour=four)}'
                     "<br>" + _("dry") + "</div>")
    if wet is not None:
        if wet_face_up(state, seat):
            pic = card_svg(wet, width=DECL_CARD_W, four_colour=four)
            words = _("wet (turned face up)")
        elif sees_wet(state, seat, viewer):  # the viewer's own, face down to the others
            pic = card_svg(wet, width=DECL_CARD_W, four_colour=four,
                           label=_("your wet {card}, face down to the others").format(
                               card=wet.name))
            words = _("wet (hidden)")
        else:
            pic, words = back_svg(width=DECL_CARD_W, label=_("a wet card, face down")), _("wet")
        cards.append(f'<div class="spar-decl">{pic}<br>{words}</div>')
    spent = [(_("dry {card} played") if kind == "dry" else _("wet {card} played")).format(
                 card=c.symbol_text)
             for kind, c in (("dry", state.dry[seat]), ("wet", state.wet[seat]))
             if c is not None and c not in in_hand
             and (kind == "dry" or sees_wet(state, seat, viewer))]
    if spent:
        comma = _(", ")
        lines.append(f'<div class="spar-decl">{escape(comma.join(spent))}</div>')
    if cards:
        lines.append('<div class="spar-seat-cards">' + "".join(cards) + "</div>")
    return (f'<div class="{" ".join(classes)}" style="{_at(x, y)}" '
            f'data-seat="{seat}">{"".join(lines)}</div>')


def _trick_cards(state: HandState, trick: Trick, names: Sequence[str], viewer: int, four: bool,
                 clockwise: bool, mark_winner: bool = True) -> str:
    n = state.players
    cx, cy = FELT_W / 2, FELT_H / 2
    winning = trick.winner
    if winning is None and trick.cards:
        winning = trick_winner(state.rules, trick.leader, trick.cards, n)
    if not mark_winner:
        winning = None
    out = []
    width = TRICK_CARD_W if n <= 4 else TRICK_CARD_W - 4 * (n - 4)  # 42 px at seven seats
    reach = 0.44 if n <= 4 else 0.52
    for i, card in enumerate(trick.cards):
        seat = trick.seat_of(i, n)
        sx, sy = seat_position(seat, viewer, n, clockwise)
        x, y = cx + (sx - cx) * reach, cy + (sy - cy) * (reach - 0.08)
        who = names[seat].split(" (")[0]  # "Bot 2 (expert)": the name is enough here
        # Translators: under the card that was led to a trick: "Kofi led"
        if i:
            caption = escape(who)
        elif players_of(names).is_you(seat):
            caption = _("You led")
        else:
            caption = _("{player} led").format(player=escape(who))
        cls = "spar-trick-card" + (" spar-winning" if seat == winning else "")
        style = _at(x, y)
        out.append(f'<div class="{cls}" style="{style}">'
                   f'{card_svg(card, width=width, four_colour=four)}'
                   f'{caption}</div>')
    return "".join(out)


def _centre(state: HandState, names: Sequence[str], result_text: str,
            four: bool = False, asking: str = "") -> str:
    """The words in the middle (with the last trick, small, between tricks)."""
    total = state.rules.tricks
    if asking == "winner" and state.tricks:
        return _("Trick {number}: who wins it?").format(number=state.trick_number - 1)
    if asking == "points" and state.is_over():
        result_text = _("The hand is over. How many points?")
    if state.is_over():
        last = state.abandoned_trick or (state.tricks[-1] if state.tricks else None)
        cards = ""
        if last is not None:
            win = last.winning_card(state.players)
            cards = "<br>" + hand_svg(last.cards, width_per_card=40, overlap=0.0, four_colour=four,
                                      selected=[win] if win else [])
        return f'<div class="spar-banner">{cardify(escape(result_text))}{cards}</div>'
    trick_words = _("Trick {number} of {tricks}").format(number=state.trick_number, tricks=total)
    if state.current_trick:
        return trick_words
    phase_words = {"under_ten": _("Under-ten round"), "declare": _("Dry and wet round")}
    head = phase_words.get(state.phase, trick_words)
    players = players_of(names)
    lead = players.say(_("You lead"), _("{player} leads"), state.leader)
    if state.tricks:
        t = state.tricks[-1]
        win = t.winning_card(state.players)
        assert t.winner is not None and win is not None, "a finished trick has a winner"
        won = players.say(_("You won trick {number} with {card}:"),
                          _("{player} won trick {number} with {card}:"), t.winner,
                          number=state.trick_number - 1, card=win)
        cards = hand_svg(t.cards, width_per_card=30, overlap=0.0, four_colour=four,
                         selected=[win])
        return (f'{head}<br><span style="font-size:12px">{cardify(escape(won))}</span><br>{cards}'
                f'<br>{escape(lead)}')
    return f"{head}<br>{escape(lead)}"


def table_html(state: HandState, names: Sequence[str], viewer: int = 0, *,
               scores: Optional[Sequence[int]] = None, four_colour: bool = False,
               result_text: str = "", show_own: bool = False, open_hands: bool = False,
               asking: str = "", played_before: Sequence[Card] = (),
               out_of_play: bool = False) -> str:
    """The whole table as HTML (needs the CSS of :mod:`spar_tutor.widgets.common`).

    ``show_own`` draws the viewer's cards in their seat (the replay has no hand widget),
    ``open_hands`` the other seats' cards face up (a lesson's or a puzzle's open position).
    ``asking`` is what a question is about, so the picture does not tell: ``"winner"`` (the
    last finished trick lies in the middle with no winner marked) or ``"points"`` (no
    result). ``played_before``: cards played before an end position, listed by suit;
    ``out_of_play``: list by suit every card in no hand and not played in this state
    (a closed puzzle: played before, or never dealt)."""
    clockwise = state.rules.direction == "clockwise"
    label = _("the card table")
    seats = "".join(_seat_box(state, s, names, viewer, scores, four_colour, clockwise, show_own,
                              open_hands) for s in range(state.players))
    centre = _centre(state, names,
                     result_text or (state.result.words(players_of(names)) if state.result
                                     else ""), four_colour,
                     asking)
    cards = ""
    if asking == "winner" and state.tricks:
        cards = _trick_cards(state, state.tricks[-1], names, viewer, four_colour, clockwise,
                             mark_winner=False)
    elif state.current_trick:
        trick = Trick(state.leader, state.current_trick, None)
        cards = _trick_cards(state, trick, names, viewer, four_colour, clockwise)
    felt = (f'<div class="spar-felt" style="width:{FELT_W}px;height:{FELT_H}px" '
            f'aria-label="{label}">'
            f'<div class="spar-oval"></div>{cards}'
            f'<div class="spar-centre" style="{_at(FELT_W / 2, FELT_H / 2)}">{centre}</div>'
            f'{seats}</div>')
    side = side_html(state, names, four_colour, hide_last_winner=asking == "winner",
                     played_before=played_before, out_of_play=out_of_play)
    return f'<div class="spar-table">{felt}{side}</div>'


def side_html(state: HandState, names: Sequence[str], four: bool = False, *,
              hide_last_winner: bool = False, played_before: Sequence[Card] = (),
              out_of_play: bool = False) -> str:
    """Beside the table: the stock and under card, the face-up pile of played tricks
    (numbered in the whole hand), any cards played before an end position and (with
    ``out_of_play``) the cards out of play."""
    parts: List[str] = []
    if state.stock:
        stock = len(state.stock)
        pics = back_svg(width=34, label=ngettext("the stock, {n} card", "the stock, {n} cards",
                                                 stock).format(n=stock))
        if state.under_card is not None:
            who = (players_of(names).name(state.under_card_seat)
                   if state.under_card_seat is not None else "")
            pics += (f' {card_svg(state.under_card, width=34, four_colour=four)} '
                     + _("under card<br>(asked by {player})").format(player=escape(who)))
        head = ngettext("Stock: {n} card", "Stock: {n} cards", stock).format(n=stock)
        parts.append(f'<div><h4>{head}</h4>'
                     f'<div class="spar-pile-row">{pics}</div></div>')
    if played_before:
        pics = hand_svg(sort_hand(played_before), width_per_card=26, overlap=0.45,
                        four_colour=four)
        parts.append("<div><h4>" + _("Played before, by suit") + f"</h4>{pics}</div>")
    if out_of_play:
        parts.append(out_of_play_html(state))
    rows = []
    first = state.trick_number - len(state.tricks)
    for i, t in enumerate(state.tricks, start=first):
        winner = players_of(names).name(t.winner) if t.winner is not None else _("nobody")
        if hide_last_winner and t is state.tricks[-1]:
            winner = "?"
        # Translators: a row of the pile: "Trick 2: (its cards) won by Kofi"
        row = _("Trick {number}: {cards} won by {player}").format(
            number=i, cards=hand_svg(t.cards, width_per_card=32, overlap=0.3, four_colour=four),
            player=escape(winner))
        rows.append(f'<div class="spar-pile-row">{row}</div>')
    if first > 1 and not rows:  # an end position: the tricks before it are not recorded
        if first == 2:
            before = (_("trick 1: played before this position (their cards are above, by suit)")
                      if played_before else _("trick 1: played before this position"))
        else:
            before = (_("tricks 1 to {last}: played before this position (their cards are "
                        "above, by suit)") if played_before
                      else _("tricks 1 to {last}: played before this position"))
        rows.append(before.format(last=first - 1))
    elif not rows:
        rows.append(_("none yet"))
    parts.append("<div><h4>" + _("Played cards (they stay face up)") + "</h4>" + "".join(rows)
                 + "</div>")
    for seat, shown in state.exchanged:
        head = escape(players_of(names).say(_("Out of play: your under-ten hand"),
                                            _("Out of play: {player}'s under-ten hand"), seat))
        parts.append(f"<div><h4>{head}</h4>"
                     f'{hand_svg(shown, width_per_card=26, overlap=0.2, four_colour=four)}</div>')
    return '<div class="spar-side">' + "".join(parts) + "</div>"


def out_of_play_html(state: HandState) -> str:
    """The cards out of play (played before, or never dealt), suit by suit."""
    held = 0
    for s in range(state.players):
        held |= state.hand_mask(s)
    played = {c for t in state.tricks for c in t.cards} | set(state.current_trick)
    out = [c for c in cards_of_mask(state.rules.deck_mask & ~held) if c not in played]
    rows = []
    for suit in "SHDC":
        ranks = " ".join(_rank(c) for c in sort_hand(out) if c.suit == suit)
        suits, listed = _(SUIT_NAMES[suit]), ranks or _("none")
        rows.append(f"<div>{SUIT_SYMBOLS[suit]} {suits}: {escape(listed)}</div>")
    return ("<div><h4>" + _("Out of play (played before, or never dealt)") + "</h4>"
            + "".join(rows) + "</div>")


def _rank(card: Card) -> str:
    return str(card)[:-1].replace("T", "10")
