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
from ..engine.words import players_of, short_name
from .svg import back_svg, card_svg, hand_svg
from .text import cardify

FELT_W, FELT_H = 680, 490
TRICK_CARD_W = 54
DECL_CARD_W = 30
#: The seats' boxes start on this ellipse round the centre (their inner edge) and grow
#: away from it, so whatever a seat shows never reaches the trick inside.
SEAT_RX, SEAT_RY = 170, 118
#: Up to four players, each card of the trick lies in front of its player, on this
#: smaller ellipse; with more players the trick is a row across the middle, in the
#: order the cards were played (there is no room for a ring of them).
TRICK_RX, TRICK_RY = 118, 62
RING_PLAYERS = 4
#: The width of a trick card, and of a slot in the row of five to seven.
ROW_CARD_W = {5: 46, 6: 40, 7: 40}
ROW_GAP = 4
#: How much wider than its card the caption of a card played from the side may be (up to
#: four players): a long name ("Robot 2 ouvre") wraps under its card, not across to a
#: seat's box.
CAPTION_SPARE = 12
#: A card's height for its width.
CARD_RATIO = 1.4
#: How far below the middle the row of five to seven cards lies (room under it for a
#: caption of three lines).
ROW_DY = -14


def _angle(seat: int, viewer: int, players: int, clockwise: bool) -> float:
    """The direction of a seat from the centre (radians; the viewer's is straight down)."""
    k = (seat - viewer) % players
    return math.radians(90 + (1 if clockwise else -1) * k * 360 / players)


def _at_side(theta: float) -> bool:
    """Whether the direction ``theta`` (:func:`_angle`) is to the left or right of the
    centre, not above or below it."""
    return abs(math.cos(theta)) >= 0.5


def seat_position(seat: int, viewer: int, players: int, clockwise: bool = True,
                  scale: float = 1.0) -> Tuple[float, float]:
    """Where a seat sits on the felt (px): the point of its box nearest the centre, with
    the viewer at the bottom and the others round the table in play order."""
    theta = _angle(seat, viewer, players, clockwise)
    return (FELT_W / 2 + SEAT_RX * scale * math.cos(theta),
            FELT_H / 2 + SEAT_RY * scale * math.sin(theta))


def seat_style(seat: int, viewer: int, players: int, clockwise: bool = True) -> str:
    """The CSS that puts a seat's box in place: it grows away from the centre, from
    :func:`seat_position` (the top seat's box grows upward, the left one's leftward)."""
    x, y = seat_position(seat, viewer, players, clockwise)
    theta = _angle(seat, viewer, players, clockwise)
    tx, ty = -50 + 50 * math.cos(theta), -50 + 50 * math.sin(theta)
    wide = "" if _at_side(theta) else ";max-width:260px"  # at the top or bottom
    return f"{_at(x, y)};transform:translate({tx:.0f}%,{ty:.0f}%){wide}"


def trick_card_width(players: int) -> int:
    """How wide the trick's cards are drawn (px)."""
    return TRICK_CARD_W if players <= RING_PLAYERS else ROW_CARD_W[players]


def trick_position(seat: int, order: int, viewer: int, players: int,
                   clockwise: bool = True) -> Tuple[float, float]:
    """Where the ``order``-th card of a trick (0: the lead), played by ``seat``, lies (px,
    its centre): in front of the seat, or its slot in the row across the middle."""
    if players > RING_PLAYERS:
        slot = trick_card_width(players) + ROW_GAP
        return FELT_W / 2 + (order - (players - 1) / 2) * slot, FELT_H / 2 + ROW_DY
    theta = _angle(seat, viewer, players, clockwise)
    return FELT_W / 2 + TRICK_RX * math.cos(theta), FELT_H / 2 + TRICK_RY * math.sin(theta)


def _backs(count: int) -> str:
    """A fan of ``count`` hidden cards (which cards does not matter: only backs show)."""
    return hand_svg([Card(6, "S")] * count, face_down=True, width_per_card=22, overlap=0.55,
                    label=ngettext("{n} hidden card", "{n} hidden cards", count).format(n=count))


def _at(x: float, y: float) -> str:
    return f"left:{x:.0f}px;top:{y:.0f}px"


def dealer_chip() -> str:
    """The dealer's badge beside a name, a word like the "leader" and "to play" badges (a
    bare "D" was a code learners had to guess; the title stays for screen readers)."""
    # Translators: the dealer's badge beside a name, beside "leader" and "to play"
    badge, title = pgettext("dealer badge", "dealer"), _("dealer")
    return f'<span class="spar-chip spar-chip-dealer" title="{title}">{badge}</span>'


def seat_name_html(name: str, extra: str = "") -> str:
    """A seat's name, a bot's strength in smaller letters ("Kofi (robot débutant)"): the
    box stays narrow enough for seven players, in French too. ``extra``: HTML after it
    (a badge)."""
    first = short_name(name)
    role = "" if first == name else \
        f' <span class="spar-seat-role">{escape(name[len(first) + 1:])}</span>'
    return f'<div class="spar-seat-name">{escape(first)}{role}{extra}</div>'


def _seat_box(state: HandState, seat: int, names: Sequence[str], viewer: int,
              scores: Optional[Sequence[int]], four: bool, clockwise: bool,
              show_own: bool = False, open_hands: bool = False, quiet: bool = False,
              paused: bool = False) -> str:
    """One seat: its name and badges, its points, its cards (open, or backs) and the
    dry and wet cards it declared. ``quiet``: no leader or to-play badge (a question
    about the trick, whose answer they would give away); ``paused``: no to-play badge."""
    classes = ["spar-seat"]
    turn = state.to_move == seat and not quiet and not paused
    if turn:
        classes.append("spar-turn")
    if seat == viewer:
        classes.append("spar-you")
    chips = ""
    if seat == state.dealer:
        chips += dealer_chip()
    if state.leader == seat and not state.is_over() and not quiet:
        chips += '<span class="spar-chip spar-chip-lead">' + _("leader") + "</span>"
    if turn:
        chips += '<span class="spar-chip spar-chip-turn">' + _("to play") + "</span>"
    lines = [seat_name_html(names[seat])]
    if scores is not None:
        chips = f'<span class="spar-points">{escape(points(scores[seat]))}</span>{chips}'
    if chips:
        lines.append(f"<div>{chips}</div>")
    # declared cards show with their owner until they are played
    in_hand = set(state.hand(seat))
    dry = state.dry[seat] if state.dry[seat] in in_hand else None
    wet = state.wet[seat] if state.wet[seat] in in_hand else None
    cards = []
    held = len(state.hand(seat))
    if held and ((seat == viewer and show_own) or (seat != viewer and open_hands)):
        cards.append(_open_hand(state, seat, dry, wet, four))
    else:
        backs = held - (dry is not None) - (wet is not None)  # those two are drawn apart
        if seat != viewer and backs:
            cards.append(f'<div class="spar-decl">{_backs(backs)}</div>')
        if dry is not None:
            cards.append(f'<div class="spar-decl">'
                         f'{card_svg(dry, width=DECL_CARD_W, four_colour=four)}<br>'
                         + _("dry") + "</div>")
        if wet is not None:
            cards.append(_wet_card(state, seat, wet, viewer, four))
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
    style = seat_style(seat, viewer, state.players, clockwise)
    return (f'<div class="{" ".join(classes)}" style="{style}" '
            f'data-seat="{seat}">{"".join(lines)}</div>')


def _open_hand(state: HandState, seat: int, dry: Optional[Card], wet: Optional[Card],
               four: bool) -> str:
    """A hand shown face up in its seat: the declared cards outlined in it and named under it."""
    declared = [c for c in (dry, wet) if c is not None]
    pic = hand_svg(sort_hand(state.hand(seat)), width_per_card=32, overlap=0.3,
                   four_colour=four, selected=declared)
    named = [_("dry {card}").format(card=dry.symbol_text)] if dry is not None else []
    if wet is not None:
        named.append((_("wet {card}") if wet_face_up(state, seat)
                      else _("wet {card} (hidden)")).format(card=wet.symbol_text))
    comma = _(", ")
    words = f'<div class="spar-decl">{escape(comma.join(named))}</div>' if named else ""
    return f"<div>{pic}{words}</div>"


def _wet_card(state: HandState, seat: int, wet: Card, viewer: int, four: bool) -> str:
    """A declared wet card beside a hidden hand: face up once turned, else its back (the
    viewer's own shows its face to them)."""
    if wet_face_up(state, seat):
        pic = card_svg(wet, width=DECL_CARD_W, four_colour=four)
        words = _("wet (turned face up)")
    elif sees_wet(state, seat, viewer):  # the viewer's own, face down to the others
        pic = card_svg(wet, width=DECL_CARD_W, four_colour=four,
                       label=_("your wet {card}, face down to the others").format(card=wet.name))
        words = _("wet (hidden)")
    else:
        pic, words = back_svg(width=DECL_CARD_W, label=_("a wet card, face down")), _("wet")
    return f'<div class="spar-decl">{pic}<br>{words}</div>'


def _trick_cards(state: HandState, trick: Trick, names: Sequence[str], viewer: int, four: bool,
                 clockwise: bool, mark_winner: bool = True) -> str:
    n = state.players
    winning = trick.winner
    if winning is None and trick.cards:
        winning = trick_winner(state.rules, trick.leader, trick.cards, n)
    if not mark_winner:
        winning = None
    out = []
    width = trick_card_width(n)
    for i, card in enumerate(trick.cards):
        seat = trick.seat_of(i, n)
        x, y = trick_position(seat, i, viewer, n, clockwise)
        who = short_name(names[seat])
        # Translators: under the card that was led to a trick: "Kofi led"
        if i:
            caption = escape(who)
        elif players_of(names).is_you(seat):
            caption = _("You led")
        else:
            caption = _("{player} led").format(player=escape(who))
        cls = "spar-trick-card" + (" spar-winning" if seat == winning else "") \
            + (" spar-led" if i == 0 else "")
        style = _at(x, y)
        if n > RING_PLAYERS:  # hung from the card's top: a caption of two lines keeps it level
            cls += " spar-in-row"
            style = _at(x, y - width * CARD_RATIO / 2) + f";width:{width + ROW_GAP}px"
        elif _at_side(_angle(seat, viewer, n, clockwise)):
            style += f";max-width:{width + CAPTION_SPARE}px"
        out.append(f'<div class="{cls}" style="{style}" data-seat="{seat}">'
                   f'{card_svg(card, width=width, four_colour=four)}'
                   f'<span>{caption}</span></div>')
    return "".join(out)


def _pile_trick(trick: Trick, names: Sequence[str], players: int, four: bool,
                hide_winner: bool) -> str:
    """A trick of the pile: each card with its player's name under it (who could not
    follow is what a player reads from the pile), the winner's name in bold."""
    out = []
    for i, card in enumerate(trick.cards):
        seat = trick.seat_of(i, players)
        won = seat == trick.winner and not hide_winner
        out.append(f'<span class="spar-pile-card{" spar-pile-won" if won else ""}">'
                   f'{card_svg(card, width=32, four_colour=four)}'
                   f'<span>{escape(short_name(names[seat]))}</span></span>')
    return f'<span class="spar-pile-trick">{"".join(out)}</span>'


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
               out_of_play: bool = False, side: bool = True, paused: bool = False) -> str:
    """The whole table as HTML (needs the CSS of :mod:`spar_tutor.widgets.common`): the
    felt, and beside it (unless ``side`` is false: the play screen shows it elsewhere)
    :func:`side_html`.

    ``show_own`` draws the viewer's cards in their seat (the replay has no hand widget),
    ``open_hands`` the other seats' cards face up (a lesson's or a puzzle's open position).
    ``asking`` is what a question is about, so the picture does not tell: ``"winner"`` (the
    last finished trick lies in the middle with no winner marked) or ``"points"`` (no
    result). ``played_before``: cards played before an end position, listed by suit;
    ``out_of_play``: list by suit every card in no hand and not played in this state
    (a closed puzzle: played before, or never dealt). ``paused``: the game waits for
    something other than a card (the bets), so no seat is marked to play."""
    clockwise = state.rules.direction == "clockwise"
    label = _("the card table")
    n = state.players  # the seats in play order from the viewer's left, the viewer last
    seats = "".join(_seat_box(state, (viewer + k) % n, names, viewer, scores, four_colour,
                              clockwise, show_own, open_hands, quiet=asking == "winner",
                              paused=paused)
                    for k in range(1, n + 1))
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
    row = bool(cards) and state.players > RING_PLAYERS  # the words go above the trick's row
    card_h = trick_card_width(state.players) * CARD_RATIO
    centre_y = FELT_H / 2 + (ROW_DY - card_h / 2 - 28 if row else 0)
    if cards and state.players == 3:
        # the two side cards leave a narrow gap between them: the words go above them,
        # where no seat sits ("Pli 1 : qui le gagne ?" touched both cards)
        centre_y = FELT_H / 2 - TRICK_RY * 0.5 - card_h / 2 - 24
    felt = (f'<div class="spar-felt" style="width:{FELT_W}px;height:{FELT_H}px" '
            f'aria-label="{label}">'
            f'<div class="spar-oval"></div><div class="spar-trick">{cards}</div>'
            f'<div class="spar-centre" style="{_at(FELT_W / 2, centre_y)}">{centre}</div>'
            f'{seats}</div>')
    beside = side_html(state, names, four_colour, hide_last_winner=asking == "winner",
                       played_before=played_before, out_of_play=out_of_play) if side else ""
    return f'<div class="spar-table">{felt}{beside}</div>'


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
        suits = [[c for c in sort_hand(played_before) if c.suit == suit] for suit in "SHDC"]
        pics = '<div class="spar-pile-row" style="flex-wrap:wrap">' + " ".join(
            hand_svg(cards, width_per_card=26, overlap=0.3, four_colour=four)
            for cards in suits if cards) + "</div>"
        parts.append("<div><h4>" + _("Played before, by suit") + f"</h4>{pics}</div>")
    if out_of_play:
        parts.append(out_of_play_html(state))
    rows = []
    first = state.trick_number - len(state.tricks)
    seats = players_of(names)
    for i, t in enumerate(state.tricks, start=first):
        if t.winner is None:
            winner = _("nobody")
        elif seats.is_you(t.winner):
            winner = seats.name(t.winner)  # "won by you"
        else:
            winner = short_name(names[t.winner])  # "Esi", as under its card
        hidden = hide_last_winner and t is state.tricks[-1]
        if hidden:
            winner = "?"
        # Translators: a row of the pile: "Trick 2: (its cards) won by Kofi"
        row = _("Trick {number}: {cards} won by {player}").format(
            number=i, cards=_pile_trick(t, names, state.players, four, hidden),
            player=escape(winner))
        rows.append(f'<div class="spar-pile-row">{row}</div>')
    if first > 1 and not rows:  # an end position: the tricks before it are not recorded
        if first == 2:
            before = (_("trick 1: already played (its cards are under \"Played before, by "
                        "suit\")") if played_before else _("trick 1: already played"))
        elif first == 3:
            before = (_("tricks 1 and 2: already played (their cards are under \"Played "
                        "before, by suit\")") if played_before
                      else _("tricks 1 and 2: already played"))
        else:
            before = (_("tricks 1 to {last}: already played (their cards are under "
                        "\"Played before, by suit\")") if played_before
                      else _("tricks 1 to {last}: already played"))
        rows.append(before.format(last=first - 1))
    elif not rows:
        rows.append(_("no trick finished yet"))
    parts.append("<div><h4>" + _("Played cards (they stay face up)") + "</h4>" + "".join(rows)
                 + "</div>")
    for seat, shown in state.exchanged:
        head = escape(players_of(names).say(_("Out of play: your under-ten hand"),
                                            _("Out of play: {player}'s under-ten hand"), seat))
        parts.append(f"<div><h4>{head}</h4>"
                     f'{hand_svg(shown, width_per_card=26, overlap=0.2, four_colour=four)}</div>')
    return '<div class="spar-side">' + "".join(parts) + "</div>"


def out_of_play_html(state: HandState) -> str:
    """The cards out of play (played before, or never dealt), suit by suit; nothing when
    there are none. A stock given with the position is not out of play: its cards are as
    hidden as the others' hands (only the under card, once shown, is known)."""
    held = sum(c.bit for c in state.stock)
    for s in range(state.players):
        held |= state.hand_mask(s)
    played = {c for t in state.tricks for c in t.cards} | set(state.current_trick)
    out = [c for c in cards_of_mask(state.rules.deck_mask & ~held) if c not in played]
    if not out:
        return ""
    rows = []
    for suit in "SHDC":
        ranks = " ".join(_rank(c) for c in sort_hand(out) if c.suit == suit)
        suits, listed = _(SUIT_NAMES[suit]), ranks or _("none")
        rows.append(f"<div>{SUIT_SYMBOLS[suit]} {suits}: {escape(listed)}</div>")
    return ("<div><h4>" + _("Out of play (played before, or never dealt)") + "</h4>"
            + "".join(rows) + "</div>")


def _rank(card: Card) -> str:
    return str(card)[:-1].replace("T", "10")
