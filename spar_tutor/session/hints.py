"""The hint ladder and the table of values of a :class:`GameSession`, from what the learner
can see.

Every decision the learner meets gets one :class:`~spar_tutor.solver.voice.Ladder`: a
nudge that names no card, the idea applied here, and the computer's card with its
reason. All three are made from the same choice, so they never disagree: the solver
values every choice from the learner's view (:func:`spar_tutor.solver.hint` for a card,
:func:`~spar_tutor.solver.prelead_values` for under ten, dry and wet,
:func:`~spar_tutor.solver.hand_chance` for the bets), the best one is chosen, and the
idea behind it is read off the view (:func:`spar_tutor.solver.reasons.view_reason`) and
said by :mod:`spar_tutor.solver.voice`. The cut, the under card and the bets have three
rungs of their own (:mod:`.coach`).

**Only the view.** The values are keyed and seeded by the learner's
:class:`~spar_tutor.engine.view.SeatView` alone (:func:`view_key`), so the same view with
the hidden cards dealt differently gives the same ladder, word for word.

**One model of value.** The values are kept in one table per session
(:meth:`SessionHints.values`, :meth:`SessionHints.chance`); the level-3 hint reads it, and
so does the review (:func:`.review.review_hand`), which judges every decision of the hand
with the same figures: the hint's choice is never called a mistake.

:func:`hint_ladder` is the same ladder for any seat's view, outside a session (a table
of several learners asks it so).
"""

from __future__ import annotations

import json
import logging
import zlib
from dataclasses import replace
from typing import Any, Collection, Dict, List, NamedTuple, Optional, Protocol, Sequence, Tuple

from ..engine.cards import Card
from ..engine.state import PLAY, UNDER_CARD, UNDER_TEN, Action, HandState, Move, move_label
from ..engine.view import SeatView
from ..engine.words import Players, card_text
from ..i18n import _, join_names, ngettext
from ..i18n.money import money as in_money
from ..solver.reasons import broken_rule, view_reason
from ..solver.voice import THRESHOLDS, Ladder, deals, every_hands, tip
from ..solver import voice
from .bets import BetRound, offer_amount, should_match
from .coach import BETS, CUT, UNDER_CARD as UNDER_CARD_RUNGS, decision_rungs
from .values import PendingKind

log = logging.getLogger(__name__)

HINT_BUDGET_MS = 300
PRELEAD_WORLDS = 60
BET_HINT_WORLDS = 200
#: Positions kept in the table of values before it starts again (a long match).
TABLE_SIZE = 400
#: The titles of the three levels (the ladder's rungs).
LEVEL_TITLES = {1: voice.RUNG_TITLES["nudge"], 2: voice.RUNG_TITLES["idea"],
                3: voice.RUNG_TITLES["answer"]}


class CardValue(NamedTuple):
    """One legal card's (or pre-lead action's) value in a level-3 hint."""

    card: Optional[Card]  # None for an action
    win_chance: float  # 0..1: how often this choice wins the hand (over the worlds tried)
    expected: float  # expected points for the learner
    label: str = ""  # words for the choice ("6♠", "dry 6♦", "pass")
    move: Optional[Move] = None  # the choice itself (a card or an action)


class Valued(NamedTuple):
    """Every choice of one decision, best first, valued from the player's view: the one
    model of value that the level-3 hint and the review both read."""

    choices: Tuple[CardValue, ...]
    worlds: int
    answer: Any = None  # the solver's answer (a Hint for cards)


def just_as_good(best: Any, other: Any) -> bool:
    """Whether the hint calls ``other`` just as good as ``best`` (and its chart colours it
    gold too): as many points on average, to within what the review calls a slip (so the
    review says "as good as the best choice" too), and, on the chart, a chance of winning
    the hand no further below (9% and 0% are not "just as good", however few the points)."""
    return bool(best.expected - other.expected < THRESHOLDS.slip
                and round(100 * best.win_chance) - round(100 * other.win_chance)
                <= THRESHOLDS.alike_percent)


class HintAnswer(NamedTuple):
    """A hint: ``text`` for every level; ``values`` and ``best`` at level 3. For the bets,
    level 3 advises ``offer`` (the amount; 0: no bet) and which offers to ``match``.
    ``why_not``: at level 3, for each other choice, why not it (a sentence each)."""

    level: int
    title: str
    text: str
    values: Tuple[CardValue, ...] = ()
    best: Optional[Move] = None
    worlds: int = 0
    offer: Optional[int] = None
    match: Tuple[int, ...] = ()
    #: The cards the text calls just as good as ``best`` (:func:`just_as_good`).
    as_good: Tuple[Any, ...] = ()
    why_not: Tuple[Tuple[Move, str], ...] = ()


class HintTable(Protocol):
    """What the hints read of a game (a :class:`~spar_tutor.session.GameSession` is one)."""

    @property
    def state(self) -> HandState: ...
    @property
    def viewer(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def pending(self) -> Optional[PendingKind]: ...
    @property
    def is_human_turn(self) -> bool: ...
    @property
    def bet_round(self) -> Optional[BetRound]: ...
    @property
    def seating(self) -> Players: ...


def view_key(view: SeatView) -> str:
    """The key of a decision in the table of values: everything the seat may know, and
    nothing it may not (two deals that look the same from the seat share their values)."""
    return json.dumps(view.to_json(), sort_keys=True, default=str)


def _seed(key: str) -> int:
    return zlib.crc32(key.encode()) & 0xFFFFFFFF


class SessionHints:
    """The hint and review service of one session (``session.hints``). ``worlds``: a fixed
    number of deals for each card hint (the same words every time; default: a time
    budget, :data:`HINT_BUDGET_MS`)."""

    def __init__(self, solver: Any = None, worlds: Optional[int] = None) -> None:
        self._solver = solver
        self.worlds = worlds
        self._ladders: Dict[int, Ladder] = {}
        self._answers: Dict[Tuple[int, int], HintAnswer] = {}
        self._values: Dict[str, Valued] = {}
        self._chances: Dict[str, float] = {}

    @property
    def solver(self) -> Any:
        """The solver module (imported on first use; a test may pass its own)."""
        if self._solver is None:
            from .. import solver  # type: ignore[attr-defined, unused-ignore]

            self._solver = solver
        return self._solver

    # -- the one model of value ------------------------------------------------------------

    def values(self, state: HandState, seat: int) -> Valued:
        """Every choice of ``seat`` (to move in ``state``) valued from its view, best first;
        asked of the solver once per view, then kept (the hint and the review read it)."""
        return self.view_values(state.view(seat))

    def view_values(self, view: SeatView) -> Valued:
        """:meth:`values` for a view."""
        key = view_key(view)
        found = self._values.get(key)
        if found is None:
            if len(self._values) >= TABLE_SIZE:
                self._values.clear()
            found = self._values[key] = self._value(view, _seed(key))
        return found

    def _value(self, view: SeatView, seed: int) -> Valued:
        if view.phase != PLAY:
            found = list(self.solver.prelead_values(view, worlds=PRELEAD_WORLDS, seed=seed))
            return Valued(tuple(CardValue(None, float(v.win_chance), float(v.expected),
                                          move_label(v.action), v.action) for v in found),
                          PRELEAD_WORLDS, found)
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(cards) == 1:
            only = cards[0]
            return Valued((CardValue(only, float("nan"), float("nan"), card_text(only), only),), 0)
        if self.worlds is not None:
            answer = self.solver.hint(view, worlds=self.worlds, seed=seed)
        else:
            answer = self.solver.hint(view, seed=seed, budget_ms=HINT_BUDGET_MS)
        return Valued(tuple(CardValue(m.card, float(m.win_chance), float(m.expected),
                                      card_text(m.card), m.card) for m in answer.moves),
                      int(getattr(answer, "worlds", 0) or 0), answer)

    def chance(self, state: HandState, seat: int) -> float:
        """``seat``'s chance of winning the hand from its view (for the bets), kept like
        :meth:`values`."""
        return self.view_chance(state.view(seat))

    def view_chance(self, view: SeatView) -> float:
        """:meth:`chance` for a view."""
        key = view_key(view)
        if key not in self._chances:
            self._chances[key] = float(self.solver.hand_chance(
                view, worlds=BET_HINT_WORLDS, seed=_seed(key)).win_chance)
        return self._chances[key]

    # -- the ladder ----------------------------------------------------------------------------

    def hint(self, level: int, game: HintTable) -> HintAnswer:
        """The hint of ``level`` (1-3) for the human to move in ``game``: that rung of the
        decision's ladder (:meth:`ladder`)."""
        if level not in LEVEL_TITLES:
            return HintAnswer(level, _("Hint"), _("Hints come in levels 1, 2 and 3."))
        title = _(LEVEL_TITLES[level])
        if not game.pending and not game.is_human_turn:
            text = _("The hand is over.") if game.state.is_over() else _("Hints are for your turn.")
            return HintAnswer(level, title, text)
        key = (game.version, level)
        if key not in self._answers:
            self._answers = {k: v for k, v in self._answers.items() if k[0] == game.version}
            self._answers[key] = self._answer(level, title, game)
        return self._answers[key]

    def _answer(self, level: int, title: str, game: HintTable) -> HintAnswer:
        ladder = self.ladder(game)
        text = ladder.rung(level).text
        if level < 3:
            return HintAnswer(level, title, text)
        if game.pending == "cut":
            return HintAnswer(3, title, text)
        if game.pending == "bets":
            return self._bets_answer(game, text)
        valued = self.values(game.state, game.viewer)
        values = valued.choices
        same = tuple(v.card for v in values[1:] if v.card is not None
                     and just_as_good(values[0], v)) if len(values) > 1 else ()
        best = ladder.move if ladder.move in game.state.legal_moves() else None
        return HintAnswer(3, title, text, values, best, valued.worlds, as_good=same,
                          why_not=ladder.why_not)

    def ladder(self, game: HintTable) -> Ladder:
        """The ladder of the decision the human in ``game`` faces now (kept for this version
        of the game)."""
        found = self._ladders.get(game.version)
        if found is None:
            self._ladders = {}
            view = game.state.view(game.viewer)
            found = self._ladders[game.version] = self.view_ladder(
                view, game.seating, game.pending, game.bet_round)
        return found

    def view_ladder(self, view: SeatView, players: Players,
                    pending: Optional[PendingKind] = None,
                    bet_round: Optional[BetRound] = None, card: Optional[Card] = None
                    ) -> Ladder:
        """The ladder of ``view``'s seat: the cut or the bets while ``pending``, else its
        decision before the lead or its card (``card``: the card the answer plays, when a
        lesson states it; default the best by the figures)."""
        if pending == "cut":
            return Ladder.of(_(CUT[0]), _(CUT[1]), _(CUT[2]))
        if pending == "bets":
            return Ladder.of(_(BETS[0]), _(BETS[1]), self._bets_words(view, players, bet_round))
        if view.phase != PLAY:
            return self._prelead_ladder(view)
        ladder = self._card_ladder(view, card)
        if UNDER_CARD in view.legal_moves:  # the under card has its own words at each rung
            extra = [_(text) for text in UNDER_CARD_RUNGS]
            ladder = Ladder.of(f"{ladder.nudge.text} {extra[0]}", f"{ladder.idea.text} {extra[1]}",
                               f"{ladder.answer.text} {extra[2]}", ladder.move, ladder.why_not)
        return ladder

    def _card_ladder(self, view: SeatView, card: Optional[Card] = None) -> Ladder:
        """A card decision: the best card by the hint's figures (or ``card``), the idea
        behind it read off the view, and for each other card why not."""
        values = [v for v in self.view_values(view).choices if v.card is not None]
        if card is not None:  # the answer a lesson states goes first
            values = sorted(values, key=lambda v: v.card != card)
        best = values[0]
        assert best.card is not None
        reason = view_reason(view, best.card)
        figure = ""
        if len(values) > 1:
            if best.win_chance == 0:  # every card scores nothing: say so, not in zeros
                reason = replace(reason, idea="no_chance")
            elif round(100 * best.win_chance) < THRESHOLDS.long_shot:
                reason = replace(reason, idea="long_shot")
            if round(100 * best.win_chance) >= 100:
                figure = _("With {card} you win the hand in every deal the computer "
                           "tries.").format(card=card_text(best.card))
            elif best.win_chance > 0:
                figure = _("With {card} you win the hand in about {deals}.").format(
                    card=card_text(best.card), deals=deals(best.win_chance))
        answer = [voice.answer(reason, open_hands=False), figure]
        same = [v.card for v in values[1:] if v.card is not None and just_as_good(best, v)]
        if same and reason.idea != "no_chance":  # the review calls these "as good as the best choice": say so now
            answer.append(ngettext("{cards} is just as good.", "{cards} are just as good.",
                                   len(same)).format(cards=join_names([card_text(c) for c in same])))
        answer.append(_more_wins(values))
        why_not = tuple((v.card, why_not_words(view, best, v)) for v in values[1:]
                        if v.card is not None)
        return Ladder.of(voice.nudge(reason), voice.idea(reason, open_hands=False),
                         " ".join(t for t in answer if t), best.card, why_not)

    def _prelead_ladder(self, view: SeatView) -> Ladder:
        """Under ten, dry or wet: the nudge and the idea, then the computer's choice and how
        it works out."""
        nudge, idea = decision_rungs(view)
        values = self.view_values(view).choices
        if not values or values[0].move is None:
            return Ladder.of(nudge, idea, idea)
        top = values[0]
        action = top.move
        assert isinstance(action, Action)
        # Translators: what the computer would do, then how it works out (its own sentence)
        answer = _("{choice} That way you win the hand in about {deals}.").format(
            choice=_advice(view, action), deals=deals(top.win_chance))
        if action.kind == "wet":
            answer += " " + _("A wet costs you nothing if it does not win, and the others "
                              "cannot see which card it is.")
        elif view.dry[view.seat] is None and view.phase != UNDER_TEN:
            shown = self._shown_words(view, dried=action.kind == "dry")
            if shown:
                answer = f"{answer} {shown}"
        why_not = tuple((v.move, _("{choice}: you win the hand in about {deals}.").format(
            choice=_capital(v.label), deals=deals(v.win_chance)))
            for v in values[1:] if v.move is not None)
        return Ladder.of(nudge, idea, answer, action, why_not)

    def _shown_words(self, view: SeatView, dried: bool) -> str:
        """What a dry gives away, measured in games where everyone sees only their own
        cards, in words that agree with the advice (``dried``: the advice is to dry)."""
        measure = getattr(self.solver, "dry_shown_figure", None)
        figure = measure(view.rules, view.players) if measure is not None else None
        return figure.advice(dried) if figure is not None else ""

    def _bets_words(self, view: SeatView, players: Players,
                    bet_round: Optional[BetRound]) -> str:
        """The bets' answer: the seat's chance from its view, a fair share, and the advice."""
        n = view.players
        chance = self.view_chance(view)
        text = _("In the deals the computer tried, you won the hand in about {deals}. With "
                 "{players} players, a fair share is {share}.").format(
                     deals=deals(chance), players=n, share=deals(1 / n))
        advice = [text]
        r = bet_round
        me = view.seat
        if r is not None and r.offer_due(me):
            offer = offer_amount(chance, n, r.available(me))
            advice.append(_("Offer a bet of {amount}.").format(amount=in_money(offer)) if offer else
                          _("Do not offer a bet: you are not well above a fair share."))
        for i in r.answers_due(me) if r is not None else []:
            assert r is not None
            bet = r.bets[i]
            yes = should_match(chance, n, bet.amount, r.available(me))
            advice.append((_("Match {player}'s bet of {amount}.") if yes else
                           _("Decline {player}'s bet of {amount}.")).format(
                               player=players.name(bet.seat), amount=in_money(bet.amount)))
        return " ".join(advice)

    def _bets_answer(self, game: HintTable, text: str) -> HintAnswer:
        """Level 3 of the bets, with the amount to offer and the offers to match."""
        me, n = game.viewer, game.state.players
        chance = self.chance(game.state, me)
        offer: Optional[int] = None
        match: List[int] = []
        r = game.bet_round
        if r is not None and r.offer_due(me):
            offer = offer_amount(chance, n, r.available(me))
        for i in r.answers_due(me) if r is not None else []:
            assert r is not None
            if should_match(chance, n, r.bets[i].amount, r.available(me)):
                match.append(i)
        return HintAnswer(3, _(LEVEL_TITLES[3]), text, worlds=BET_HINT_WORLDS, offer=offer,
                          match=tuple(match))


def hint_ladder(view: SeatView, players: Players, *, solver: Any = None,
                worlds: Optional[int] = None, pending: Optional[PendingKind] = None,
                bet_round: Optional[BetRound] = None) -> Ladder:
    """The hint ladder of ``view``'s seat (to move, or deciding the cut or the bets while
    ``pending``), from that view alone: what :meth:`SessionHints.view_ladder` gives."""
    return SessionHints(solver, worlds).view_ladder(view, players, pending, bet_round)


def why_not_words(view: SeatView, best: CardValue, other: CardValue) -> str:
    """Why not ``other`` rather than ``best`` (a card each, valued from ``view``), in a
    sentence or two: just as good; or it wins more often but for fewer points; or the
    rule of thumb it breaks and what it brings on average."""
    assert best.card is not None and other.card is not None
    names = dict(card=card_text(other.card), best=card_text(best.card))
    if just_as_good(best, other):
        return _("{card} is just as good as {best}.").format(**names)
    if round(100 * other.win_chance) > round(100 * best.win_chance):
        return _("{card} wins the hand more often, in about {deals}, but for fewer points: "
                 "{average}, against {best_average} for {best}.").format(
                     deals=deals(other.win_chance), average=every_hands(other.expected),
                     best_average=every_hands(best.expected), **names)
    said = _("{card} brings {average}, and {best} {best_average}.").format(
        average=every_hands(other.expected), best_average=every_hands(best.expected), **names)
    reason = broken_rule(view, other.card, best.card)
    rule = tip(reason) if reason is not None else ""
    return f"{rule} {said}" if rule else said


def _more_wins(values: Sequence[CardValue]) -> str:
    """When a card the chart shows winning more often is not the best (the best scores more
    points on average), a sentence saying so, else "" (the learner reads the chart too)."""
    best = values[0]
    other = max((v for v in values[1:] if v.card is not None), default=None,
                key=lambda v: v.win_chance)
    if (other is None or other.card is None or best.card is None
            or round(other.win_chance * 100) <= round(best.win_chance * 100)
            or round(other.expected, 1) >= round(best.expected, 1)
            or just_as_good(best, other)):  # "... is just as good" says it: not both
        return ""
    return _("{other} wins the hand more often, in about {deals}, but its wins bring fewer "
             "points. The computer picks the card with the most points over many "
             "hands.").format(other=card_text(other.card), deals=deals(other.win_chance))


def _advice(view: SeatView, action: Action) -> str:
    """What the computer would do before the first lead, as advice."""
    if action.kind == "dry" and action.card is not None:
        return _("Declare {card} as your dry.").format(card=card_text(action.card))
    if action.kind == "wet" and action.card is not None:
        return _("Declare {card} as your wet.").format(card=card_text(action.card))
    if action.kind == "under_ten":
        return _("Exchange your hand.")
    if view.phase == UNDER_TEN:
        return _("Keep your hand.")
    return _("Declare no wet.") if view.dry[view.seat] is not None else _("Declare no dry.")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["CardValue", "HintAnswer", "HintTable", "LEVEL_TITLES", "SessionHints", "Valued",
           "hint_ladder", "just_as_good", "view_key", "why_not_words"]
