"""What one seat of a shared table may see, as data for its page, in its language.

:func:`seat_picture` is everything a learner's page is sent: the table drawn from that
seat (:func:`spar_tutor.render.table.table_html` with the seat at the bottom and every
other hand face down), the seat's own cards with why any cannot be played, what it may
decide now (a card, a declaration, the cut, the bets, the next hand), the words for
its status line, and its :class:`~spar_tutor.engine.view.SeatView` as JSON. No other
seat's hidden card is in it, unless the teacher has opened every hand to the table
(``shown``). :func:`teacher_picture` draws every hand, for the teacher;
:func:`table_row` is a table's line in the teacher's list.

Call these with the table's lock held, inside :func:`spar_tutor.i18n.speaking`.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ...engine.cards import SUIT_NAMES, SUIT_SINGULAR, Card, sort_hand
from ...engine.rules import find_preset
from ...engine.state import PLAY, Action
from ...engine.words import Players, short_name
from ...i18n import _
from ...render.deal import deal_html
from ...render.table import side_html, table_html
from ...session.bets import bet_words
from .table import OPEN, SharedTable


def seat_picture(table: SharedTable, seat: int, four_colour: bool = False) -> Dict[str, Any]:
    """Everything the page of the learner at ``seat`` shows now (see the module)."""
    place = table.places[seat]
    players = table.players_for(seat)
    out: Dict[str, Any] = {
        "version": table.version, "code": table.code, "status": table.status,
        "rules": find_preset(table.rules.name).title, "hints": table.hints,
        "paused": table.paused, "shown": table.shown, "note": table.note,
        "seat": seat, "away": place.away, "creator": place.learner == table.created_by,
        "seats": seat_list(table, players, seat),
        # how often the page says it is open: four times within the away time
        "beat_s": max(0.5, table.away_s / 4),
    }
    s = table.session
    if s is None:
        out["status_line"] = _waiting_words(table, seat)
        return out
    with s.said_to(players):
        out.update(_playing(table, seat, players, four_colour))
    return out


def _playing(table: SharedTable, seat: int, players: Players, four_colour: bool
             ) -> Dict[str, Any]:
    """The picture of a table in play, said to ``seat``."""
    s = table.game()
    place = table.places[seat]
    out: Dict[str, Any] = {}
    state = s.state
    deciding = table.deciding()
    mine = seat in deciding
    out.update(hand_number=s.hand_number, dealer=players.names[s.deal.dealer],
               deciding=mine, over=state.is_over(), match_over=state.is_over() and
               s.match.is_over(), ready=place.ready, phase=state.phase,
               view=state.view(seat).to_json())
    out["felt"], out["side"] = _drawn(table, seat, players, four_colour)
    hand = sort_hand(state.hand(seat)) if not s.cut_pending else []
    out["hand"] = [_card(s, card, mine and state.to_move == seat and s.pending is None)
                   for card in hand]
    out["offers"] = ([str(m) for m in state.legal_moves() if isinstance(m, Action)]
                     if mine and state.to_move == seat and s.pending is None else [])
    out["has_dry"] = state.dry[seat] is not None
    out["cut"] = ({"most": table.rules.deck_size - 1}
                  if mine and s.cut_pending else None)
    out["bets"] = _bets(table, seat, players) if s.pending == "bets" else None
    out["result"] = state.result.words(players) if state.result else ""
    out["match_result"] = s.match_result() if out["match_over"] else ""
    out["status_line"] = _status(table, seat, players)
    return out


def seat_list(table: SharedTable, players: Players, viewer: Optional[int]) -> List[Dict[str, Any]]:
    """Each seat: its label, whether it is the viewer's, a learner's, a bot's or empty,
    whether its learner is away (a bot plays for them), and its points and money."""
    s = table.session
    out = []
    for p, label in zip(table.places, players):
        kind = ("you" if p.seat == viewer else "learner" if p.learner_seat
                else "bot" if p.bot else "empty")
        row: Dict[str, Any] = {"label": label, "kind": kind, "away": bool(p.away)}
        if s is not None:
            row["points"] = s.match.scores[p.seat]
            if table.rules.stake or table.rules.betting:
                row["money"] = s.match.money[p.seat]
        out.append(row)
    return out


def _drawn(table: SharedTable, seat: int, players: Players, four: bool) -> List[str]:
    """The felt and what lies beside it, drawn from ``seat`` (every hand open while the
    teacher shows them)."""
    s = table.game()
    if s.cut_pending:  # nothing is dealt before the cut: the pack, face down
        cutter = s.cut_by if s.cut_by is not None else seat
        words = _("{deals} {cuts}").format(
            deals=players.say(_("You are about to deal."), _("{player} is about to deal."),
                              s.deal.dealer),
            cuts=players.say(_("You may cut the pack."), _("{player} may cut the pack."),
                             cutter))
        return ['<div class="spar-table">' + deal_html(s.deal, 0, players, seat, four, words)
                + "</div>", ""]
    felt = table_html(s.state, players, seat, scores=s.match.scores, four_colour=four,
                      result_text=s.state.result.words(players) if s.state.result else "",
                      open_hands=table.shown, side=False,
                      paused=s.pending is not None or table.paused)
    return [felt, side_html(s.state, players, four)]


def _card(s: Any, card: Card, playable_now: bool) -> Dict[str, Any]:
    """One of the seat's own cards: whether it may be played now, and if not, why."""
    why = s.card_problem(card) if playable_now else ""
    return {"card": str(card), "playable": playable_now and not why, "why": why or "",
            "renege": bool(why) and s.state.can_renege(card)}


def _bets(table: SharedTable, seat: int, players: Players) -> Dict[str, Any]:
    """The bets so far in words, and what ``seat`` may still decide: an offer (up to
    ``offer_most``) and the offers to match or decline."""
    r = table.game().bet_round
    assert r is not None
    answers = [{"index": i, "text": bet_words(players, r.bets[i], "", _(
        "{player} offers a bet of {amount}."))} for i in r.answers_due(seat)]
    return {"lines": r.lines(players),
            "offer_most": r.available(seat) if r.offer_due(seat) else 0,
            "answers": answers}


def _waiting_words(table: SharedTable, seat: int) -> str:
    """Before the start: who is still awaited, and who starts."""
    if table.status != OPEN:
        return _("This table is closed.")
    if table.places[seat].learner == table.created_by:
        return _("When your classmates have sat down, start the match. Computer players "
                 "take the empty seats.")
    return _("Waiting for the match to start.")


def _status(table: SharedTable, seat: int, players: Players) -> str:
    """The seat's status line: what to do now, or whom the table waits for."""
    s = table.game()
    state = s.state
    if table.paused:
        return (_("Your teacher is showing every hand. Look, then wait for play to go on.")
                if table.shown else _("Your teacher has paused the game. Wait a moment."))
    if table.places[seat].away:
        return _("You were away, so the computer played for you. Click \"I am back\" to "
                 "play again.")
    if state.is_over():
        result = state.result.words(players) if state.result else ""
        if s.match.is_over():
            # Translators: two sentences: how the hand ended, then who won the match
            return _("{result} {match}").format(result=result, match=s.match_result())
        if table.places[seat].ready:
            return _("{result} Waiting for the others to be ready for the next hand.").format(
                result=result)
        return _("{result} Click Next hand when you are ready, or review this hand below.").format(
            result=result)
    deciding = table.deciding()
    if seat not in deciding:
        if not deciding:
            return _("Wait a moment: the others are playing.")
        who = deciding[0]
        if s.cut_pending:
            return _("Waiting for {player} to cut the pack.").format(player=players.name(who))
        if s.pending == "bets":
            return _("Waiting for the others to bet.")
        return _("Waiting for {player}.").format(player=players.name(who))
    if s.cut_pending:
        return _("You may cut the pack before the deal: choose how many cards to lift.")
    if s.pending == "bets":
        return _("Bets before the first trick: offer one or say no, and answer any offers.")
    if state.phase != PLAY:
        return _("Your turn: answer the question under the table.")
    if state.current_trick:
        suit = state.current_trick[0].suit
        words = {"suits": _(SUIT_NAMES[suit]), "suit": _(SUIT_SINGULAR[suit])}
        if any(c.suit == suit for c in state.hand(seat)):
            return _("Your turn: {suits} were led, so play a {suit}.").format(**words)
        return _("Your turn: {suits} were led. You have no {suit}, so you may play any "
                 "card.").format(**words)
    return _("Your turn to lead trick {number} of {tricks}. Click a card to play it.").format(
        number=state.trick_number, tricks=state.rules.tricks)


def teacher_picture(table: SharedTable, four_colour: bool = False) -> Dict[str, Any]:
    """The table as the teacher sees it: every hand face up, whose turn it is."""
    players = table.players_for(None)
    out = table_row(table)
    s = table.session
    if s is None:
        return out
    if s.cut_pending:
        out["felt"], out["side"] = _drawn(table, 0, players, four_colour)
        return out
    state = s.state
    out["felt"] = table_html(state, players, 0, scores=s.match.scores, four_colour=four_colour,
                             result_text=state.result.words(players) if state.result else "",
                             show_own=True, open_hands=True, side=False,
                             paused=s.pending is not None or table.paused)
    out["side"] = side_html(state, players, four_colour)
    return out


def table_row(table: SharedTable) -> Dict[str, Any]:
    """A table in the teacher's list: its code, rules, players, score and who is to play."""
    players = table.players_for(None)
    s = table.session
    out: Dict[str, Any] = {
        "version": table.version, "code": table.code, "status": table.status,
        "rules": find_preset(table.rules.name).title, "paused": table.paused,
        "shown": table.shown, "note": table.note,
        "seats": seat_list(table, players, None), "to_play": "", "hand_number": 0,
    }
    if s is None:
        return out
    out["hand_number"] = s.hand_number
    deciding = table.deciding()
    to_move = deciding[0] if deciding else s.state.to_move
    if to_move is not None and not s.state.is_over():
        out["to_play"] = short_name(players[to_move])
    if s.state.is_over():  # how the hand ended, and the match if it is over
        with s.said_to(players):
            result = s.state.result.words(players) if s.state.result else ""
            out["result"] = (_("{result} {match}").format(result=result, match=s.match_result())
                             if s.match.is_over() else result)
    return out
