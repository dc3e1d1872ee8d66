"""Hints at three levels and the post-hand review, for a :class:`GameSession`.

Levels 1 and 2 are words from :mod:`spar_tutor.session.coach`; level 3 asks the
solver for every choice's value from what the learner can see (never the hidden
cards): :func:`spar_tutor.solver.hint` for a card, :func:`~spar_tutor.solver.prelead_values`
for under ten, dry and wet, :func:`~spar_tutor.solver.hand_chance` for the bets.

**One model of value.** Those values are kept in one table per session
(:meth:`SessionHints.values`, :meth:`SessionHints.chance`), keyed by the position
and the seat. The level-3 hint reads it, and so does the review
(:meth:`SessionHints.review`), which judges every decision of the hand from the
player's view with the same figures (:func:`spar_tutor.solver.review.judge`): the
hint's choice is never called a mistake. The review shows apart, and names as such,
the hindsight "with all cards seen" (:func:`spar_tutor.solver.analyse_play`).

The session owns a :class:`SessionHints` and shows it the game through
:class:`HintTable` (what the hints read of it); the hints never change the game.
"""

from __future__ import annotations

import logging
import zlib
from typing import (
    Any, Collection, Dict, Hashable, List, NamedTuple, Optional, Protocol, Sequence, Tuple,
)

from ..engine.cards import Card
from ..engine.state import DECLARE, PLAY, UNDER_TEN, Action, HandState, Move, move_label, move_said
from ..engine.words import Players, card_text
from ..i18n import N_, _, join_names, ngettext, number, pgettext, points
from .bets import BetRound, bet_is_mistake, match_needs, offer_amount, should_match
from .coach import mistake_rule, nudge, principle
from .values import PendingKind

log = logging.getLogger(__name__)

HINT_BUDGET_MS = 300
PRELEAD_WORLDS = 60
#: Below this many wins in 100, the best card is "your best chance, but a small one".
LONG_SHOT = 10
BET_HINT_WORLDS = 200
#: Positions kept in the table of values before it starts again (a long match).
TABLE_SIZE = 400
# English, marked for the catalogue: shown through _()
CUT_WORDS = N_("The cut is luck: nobody knows the order of the pack, so any number of cards "
               "is as good as another. Cutting (or not) is your right, not a skill.")
BET_WORDS = {
    1: N_("A bet pays only if you win the hand: how likely is that with these cards?"),
    2: N_("A bet stands if someone matches it. If a bettor wins the hand they take that bet's "
          "money; if anyone else wins, every bettor takes their own back. So bet on a hand "
          "that can win the last trick, such as a 6 or 7 you can keep for it."),
}
LEVEL_TITLES = {1: N_("A nudge"), 2: N_("The rule"), 3: N_("The computer's answer")}


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
    answer: Any = None  # the solver's answer (a Hint for cards), for its explanation


#: Cards whose chances of winning the hand differ by at most this many in 100 look alike to
#: a learner reading the hint's chart (its percentages are whole numbers).
ALIKE_PERCENT = 2


def just_as_good(best: Any, other: Any) -> bool:
    """Whether the hint calls ``other`` just as good as ``best`` (and its chart colours it
    gold too): as many points on average, to within what the review calls a slip (so the
    review says "as good as the best choice" too), and, on the chart, a chance of winning
    the hand no further below (9% and 0% are not "just as good", however few the points)."""
    from ..solver.review import SLIP_POINTS

    return bool(best.expected - other.expected < SLIP_POINTS
                and round(100 * best.win_chance) - round(100 * other.win_chance)
                <= ALIKE_PERCENT)


class HintAnswer(NamedTuple):
    """A hint: ``text`` for every level; ``values`` and ``best`` at level 3. For the bets,
    level 3 advises ``offer`` (the amount; 0: no bet) and which offers to ``match``."""

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


class ReviewLine(NamedTuple):
    """One decision the learner made, judged from what they could see (``text``, ``cost``,
    ``mistake``) and, apart, with all cards seen (``hindsight``, ``hindsight_cost``).
    ``trick`` is 0 before the first trick (under ten, dry and wet, bets)."""

    trick: int
    card: Optional[Card]  # the card played (None for another decision)
    best: Optional[Move]  # the best choice from the learner's view
    cost: float  # expected points given up, from the learner's view
    text: str
    mistake: bool = False
    hindsight: str = ""
    hindsight_cost: float = 0.0
    move: Optional[Move] = None
    kind: str = "card"  # card, under_ten, declare, under_card, bet
    tip: str = ""  # for a mistaken card: the rule of thumb it broke, if one fits


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


def position_key(state: HandState, seat: int) -> Tuple[Hashable, ...]:
    """The key of a decision in the table of values: the seat, every hand and the moves."""
    return (seat, state.dealer, tuple(state.hand_mask(s) for s in range(state.players)),
            state.history)


def _seed(key: Tuple[Hashable, ...]) -> int:
    return zlib.crc32(repr(key).encode()) & 0xFFFFFFFF


class SessionHints:
    """The hint and review service of one session (``session.hints``)."""

    def __init__(self, solver: Any = None) -> None:
        self._solver = solver
        self._cache: Dict[Tuple[int, int], HintAnswer] = {}
        self._values: Dict[Tuple[Hashable, ...], Valued] = {}
        self._chances: Dict[Tuple[Hashable, ...], float] = {}
        self._review: Optional[Tuple[int, List[ReviewLine]]] = None

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
        asked of the solver once per position, then kept (the hint and the review read it)."""
        key = position_key(state, seat)
        found = self._values.get(key)
        if found is None:
            if len(self._values) >= TABLE_SIZE:
                self._values.clear()
            found = self._values[key] = self._value(state, seat, _seed(key))
        return found

    def _value(self, state: HandState, seat: int, seed: int) -> Valued:
        view = state.view(seat)
        if view.phase != PLAY:
            found = list(self.solver.prelead_values(view, worlds=PRELEAD_WORLDS, seed=seed))
            return Valued(tuple(CardValue(None, float(v.win_chance), float(v.expected),
                                          move_label(v.action), v.action) for v in found),
                          PRELEAD_WORLDS, found)
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(cards) == 1:
            only = cards[0]
            return Valued((CardValue(only, float("nan"), float("nan"), card_text(only), only),), 0)
        answer = self.solver.hint(view, seed=seed, budget_ms=HINT_BUDGET_MS)
        return Valued(tuple(CardValue(m.card, float(m.win_chance), float(m.expected),
                                      card_text(m.card), m.card) for m in answer.moves),
                      int(getattr(answer, "worlds", 0) or 0), answer)

    def chance(self, state: HandState, seat: int) -> float:
        """``seat``'s chance of winning the hand from its view (for the bets), kept like
        :meth:`values`."""
        key = position_key(state, seat)
        if key not in self._chances:
            self._chances[key] = float(self.solver.hand_chance(
                state.view(seat), worlds=BET_HINT_WORLDS, seed=_seed(key)).win_chance)
        return self._chances[key]

    # -- hints ---------------------------------------------------------------------------------

    def hint(self, level: int, game: HintTable) -> HintAnswer:
        """The hint of ``level`` (1-3) for the human to move in ``game``."""
        if level not in LEVEL_TITLES:
            return HintAnswer(level, _("Hint"), _("Hints come in levels 1, 2 and 3."))
        if game.pending:
            return self._before_play(level, game)
        if not game.is_human_turn:
            text = _("The hand is over.") if game.state.is_over() else _("Hints are for your turn.")
            return HintAnswer(level, _(LEVEL_TITLES[level]), text)
        key = (game.version, level)
        if key not in self._cache:
            self._cache = {k: v for k, v in self._cache.items() if k[0] == game.version}
            self._cache[key] = self._make(level, game)
        return self._cache[key]

    def _make(self, level: int, game: HintTable) -> HintAnswer:
        view = game.state.view(game.viewer)
        title = _(LEVEL_TITLES[level])
        if level == 1:
            return HintAnswer(1, title, nudge(view))
        if level == 2:
            return HintAnswer(2, title, principle(view))
        valued = self.values(game.state, game.viewer)
        if view.phase != PLAY:
            return self._prelead(view, valued)
        values = valued.choices
        if len(values) == 1:
            only = values[0]
            return HintAnswer(3, title, _("{card} is the only card you may play.").format(
                card=only.label), values, only.card)
        best = values[0].card if values else None
        if best is None:
            return HintAnswer(3, title, principle(view))
        wins = round(values[0].win_chance * 100)
        if values[0].win_chance == 0:  # every card scores nothing: say so, not in zeros
            return HintAnswer(3, title, _(
                "No card can win this hand for you now: in every deal the computer tried, "
                "another player won the last trick whatever you played. Any card will do, "
                "{card} for example.").format(card=card_text(best)), values, best, valued.worlds)
        if wins < LONG_SHOT:
            text = _("Play {card}: it is your best chance, but a small one. In about {wins} of "
                     "every 100 deals the computer tried, {card} won the hand.").format(
                         card=card_text(best), wins=max(wins, 1))
        else:
            why = _sentence(valued.answer.explain(best))
            # Translators: the card to play, then why (sentences of its own)
            text = _("Play {card}. {why}").format(card=card_text(best), why=why).strip()
            text += _more_wins(values)
        same = tuple(v.card for v in values[1:] if v.card is not None
                     and just_as_good(values[0], v))
        if same:  # the review calls these "as good as the best choice": say so now
            text += " " + ngettext("{cards} is just as good.", "{cards} are just as good.",
                                   len(same)).format(
                                       cards=join_names([card_text(c) for c in same]))
        if wins >= LONG_SHOT:  # the figures say which card; a rule of thumb says why
            text += _why_not(view, values)
        return HintAnswer(3, title, text, values, best, valued.worlds, as_good=same)

    def _before_play(self, level: int, game: HintTable) -> HintAnswer:
        """Hints for the cut (it is luck) and the bets (the solver's chance of winning)."""
        title = _(LEVEL_TITLES[level])
        if game.pending == "cut":
            return HintAnswer(level, title, _(CUT_WORDS))
        if level < 3:
            return HintAnswer(level, title, _(BET_WORDS[level]))
        me, n = game.viewer, game.state.players
        chance = self.chance(game.state, me)
        text = _("The computer dealt the cards you cannot see {deals} times. You won the hand "
                 "in about {chance} of every 100 deals. With {players} players, a fair share is "
                 "{share} in 100.").format(deals=BET_HINT_WORLDS, chance=round(chance * 100),
                                           players=n, share=round(100 / n))
        advice: List[str] = []
        offer: Optional[int] = None
        match: List[int] = []
        r = game.bet_round
        if r is not None and r.offer_due(me):
            offer = offer_amount(chance, n, r.available(me))
            advice.append(_("Offer a bet of {amount}.").format(amount=offer) if offer else
                          _("Do not offer a bet: you are not well above a fair share."))
        for i in r.answers_due(me) if r is not None else []:
            assert r is not None
            bet = r.bets[i]
            yes = should_match(chance, n, bet.amount, r.available(me))
            if yes:
                match.append(i)
            advice.append((_("Match {player}'s bet of {amount}.") if yes else
                           _("Decline {player}'s bet of {amount}.")).format(
                               player=game.seating.name(bet.seat), amount=bet.amount))
        text = " ".join([text] + advice)
        return HintAnswer(3, title, text, worlds=BET_HINT_WORLDS, offer=offer, match=tuple(match))

    def _prelead(self, view: Any, valued: Valued) -> HintAnswer:
        """Level 3 before the first lead: the solver's value of each offered action."""
        values = valued.choices
        if not values or values[0].move is None:
            return HintAnswer(3, _(LEVEL_TITLES[3]), principle(view))
        top = values[0]
        action = top.move
        assert isinstance(action, Action)
        # Translators: what the computer would do, then how it works out (its own sentence)
        text = _("{choice} In about {chance} of every 100 deals the computer tried, you win the "
                 "hand that way, with {points} points on average.").format(
                     choice=_advice(view, action), chance=round(top.win_chance * 100),
                     points=number(top.expected, 1))
        if action.kind == "wet":
            text = f"{text} " + _("A wet costs you nothing if it does not win, and the others "
                                  "cannot see which card it is.")
        elif view.phase == DECLARE:
            shown = self._shown_words(view)
            if shown:
                text = f"{text} {shown}"
        best = action if action in view.legal_moves else None
        return HintAnswer(3, _(LEVEL_TITLES[3]), text, values, best, valued.worlds)

    def _shown_words(self, view: Any) -> str:
        """What a dry gives away, measured in games where everyone sees only their own cards."""
        measure = getattr(self.solver, "dry_shown_figure", None)
        figure = measure(view.rules, view.players) if measure is not None else None
        return figure.advice() if figure is not None else ""

    # -- the review ------------------------------------------------------------------------------

    def review(self, states: Sequence[HandState], humans: Collection[int], players: Players,
               bets: Optional[BetRound] = None) -> List[ReviewLine]:
        """Every decision a ``humans`` seat made in the hand of ``states`` (empty before the
        hand ends): under ten, dry and wet, the bets (``bets``: the hand's betting round),
        the under card and each card, judged from the player's view with the values of
        :meth:`values` (what the level-3 hint showed), and the hindsight with all cards seen."""
        final = states[-1]
        if not final.is_over():
            return []
        if self._review is not None and self._review[0] == id(final):
            return self._review[1]
        from ..solver.review import Choice, judge, judgement_words

        hindsight = self._hindsight(states, players)
        lines: List[ReviewLine] = []
        for before, after in zip(states, states[1:]):
            seat, move = after.history[-1]
            if before.phase == PLAY and before.plays_made == 0 and bets is not None \
                    and not any(line.kind == "bet" for line in lines):
                lines.extend(self._bet_lines(before, final, bets, humans, players))
            if seat not in humans:
                continue
            said = _pass_said(before, seat, move) or players.tell(move_said(seat, move))
            if isinstance(move, Action) and move.kind == "under_card":
                text = _("{said} Everyone saw it ({card}), so it told the others as much as "
                         "you: neither good nor bad.").format(
                             said=said, card=card_text(after.under_card) if after.under_card
                             else "")
                lines.append(ReviewLine(before.trick_number, None, None, 0.0, text,
                                        move=move, kind="under_card"))
                continue
            valued = self.values(before, seat)
            choices = [Choice(v.move, v.win_chance, v.expected) for v in valued.choices
                       if v.move is not None]
            j = judge(choices, move)
            dried = before.dry[seat] is not None
            words = judgement_words(j, before.phase, dried)
            cost = 0.0 if j.choices == 1 else j.cost
            if isinstance(move, Card) and before.phase == PLAY:
                if j.played is None:
                    words = _("A mistake: you did not follow suit when you could.")
                    cost = 0.0
                tip = mistake_rule(before.view(seat), move, j.best.move) \
                    if j.mistake and j.played is not None and isinstance(j.best.move, Card) else ""
                h_text, h_cost = hindsight.get(before.plays_made + 1, ("", 0.0))
                if j.choices == 1:  # nothing to see in hindsight either
                    h_text, h_cost = "", 0.0
                lines.append(ReviewLine(before.trick_number, move, j.best.move, cost,
                                        f"{said} {words}", j.played is None or j.mistake,
                                        h_text, h_cost, move, "card", tip))
                continue
            kind = "under_ten" if before.phase == UNDER_TEN else "declare"
            lines.append(ReviewLine(0, None, j.best.move, cost, f"{said} {words}", j.mistake,
                                    _declared_hindsight(final, seat, move), 0.0, move, kind))
        self._review = (id(final), lines)
        return lines

    def _hindsight(self, states: Sequence[HandState], players: Players
                   ) -> Dict[int, Tuple[str, float]]:
        """Each card's open-hand review, with all cards seen, by its number in the hand."""
        start = next((st for st in states if st.phase == PLAY), None)
        if start is None:
            return {}
        out = {}
        for r in self.solver.analyse_play(start, states[-1], players=players):
            what = _review_text(r)
            text = _("With all cards seen: {what}").format(
                what=what if what.endswith(".") else what + ".")
            out[r.play] = (text, float(r.cost))
        return out

    def _bet_lines(self, state: HandState, final: HandState, bets: BetRound,
                   humans: Collection[int], players: Players) -> List[ReviewLine]:
        """The learners' bets: each offer, match and refusal, judged by the betting rule
        from their chance of winning (the same figure as the level-3 hint)."""
        lines = []
        n = state.players
        for seat in humans:
            chance = self.chance(state, seat)
            share = round(100 / n)
            figures = dict(chance=round(chance * 100), share=share)
            for i, bet in enumerate(bets.bets):
                if bet.seat == seat:
                    made = True
                    said = _("You offered a bet of {amount}.").format(amount=bet.amount)
                elif seat in bet.accepted_by:
                    made = True
                    said = _("You matched {player}'s bet of {amount}.").format(
                        player=players.name(bet.seat), amount=bet.amount)
                elif (i, seat) in bets.answered:
                    made = False
                    said = _("You declined {player}'s bet of {amount}.").format(
                        player=players.name(bet.seat), amount=bet.amount)
                else:
                    continue
                mistake = made and bet_is_mistake(chance, n)
                if mistake:
                    words = _("A mistake, from what you could see: you won about {chance} of "
                              "100 deals, less than a fair share ({share}), so on average "
                              "this bet loses money.").format(**figures)
                elif made:
                    words = _("Good: from what you could see, you won about {chance} of 100 "
                              "deals, more than a fair share ({share}).").format(**figures)
                else:
                    money = bets.could_answer_with(seat, i)
                    needs = dict(amount=bet.amount, needs=round(
                        100 * match_needs(n, bet.amount, money)), **figures)
                    if should_match(chance, n, bet.amount, money):
                        words = _("Declining is allowed: nobody has to bet. But from what you "
                                  "could see, you won about {chance} of 100 deals, and matching "
                                  "a bet of {amount} needs about {needs}: you could have "
                                  "matched it.").format(**needs)
                    else:
                        words = _("Good: from what you could see, you won about {chance} of "
                                  "100 deals, and matching a bet of {amount} needs about "
                                  "{needs}.").format(**needs)
                lines.append(ReviewLine(0, None, None, 0.0, f"{said} {words}", mistake,
                                        _bet_hindsight(bets, i, seat, made, final, players),
                                        0.0, None, "bet"))
            if seat in bets.offered and not any(b.seat == seat for b in bets.bets):
                words = (_("From what you could see, you won about {chance} of 100 deals, well "
                           "above a fair share ({share}): you could have offered a bet.")
                         if offer_amount(chance, n, bets.available(seat)) else
                         _("Good: from what you could see, you won about {chance} of 100 deals "
                           "(a fair share is {share}), not enough for a bet.")).format(**figures)
                lines.append(ReviewLine(0, None, None, 0.0, _("You offered no bet.") + " " + words,
                                        False, "", 0.0, None, "bet"))
        return lines


def _pass_said(before: HandState, seat: int, move: Move) -> str:
    """A learner's "pass" in the review, by what it passed on: "You declared no wet." (the
    table's "You passed." does not say which)."""
    if not isinstance(move, Action) or move.kind != "pass":
        return ""
    if before.phase == UNDER_TEN:
        return _("You kept your hand.")
    return _("You declared no wet.") if before.dry[seat] is not None else _("You declared no dry.")


def _declared_hindsight(final: HandState, seat: int, move: Move) -> str:
    """With all cards seen: whether a declared card won one of the last two tricks."""
    if not isinstance(move, Action) or move.kind not in ("dry", "wet") or move.card is None:
        return ""
    card = move.card
    won = any(t.winner == seat and t.winning_card(final.players) is card
              for t in final.tricks[-2:])
    if won:
        return _("With all cards seen: {card} won one of the last two tricks, so it scored "
                 "double.").format(card=card_text(card))
    played = next((i for i, t in enumerate(final.tricks) if card in t.cards), None)
    if played is not None and played < len(final.tricks) - 2:
        return _("With all cards seen: {card} had to be played in trick {number}, before the "
                 "last two, so it scored nothing extra.").format(card=card_text(card),
                                                                 number=played + 1)
    return _("With all cards seen: {card} did not win one of the last two tricks, so it "
             "scored nothing extra.").format(card=card_text(card))


def _bet_hindsight(bets: BetRound, index: int, seat: int, made: bool, final: HandState,
                   players: Players) -> str:
    """With all cards seen: what the bet did to the learner's money."""
    bet = bets.bets[index]
    winner = final.result.winner if final.result is not None else None
    who = _("nobody") if winner is None else players.name(winner)
    if not made:
        if winner == seat:
            return _("With all cards seen: you won the hand, so matching would have won you "
                     "{amount}.").format(amount=bet.amount)
        if winner == bet.seat:
            return _("With all cards seen: {player} won the hand, so matching would have cost "
                     "you {amount}.").format(player=who, amount=bet.amount)
        return _("With all cards seen: {player} won the hand.").format(player=who)
    if not bet.accepted_by:
        return _("With all cards seen: nobody matched the bet, so it did not stand.")
    bettors = (bet.seat,) + tuple(bet.accepted_by)
    if winner == seat:
        return _("With all cards seen: you won the hand and the bet: {amount}.").format(
            amount=bet.amount * (len(bettors) - 1))
    if winner in bettors:
        return _("With all cards seen: {player} won the hand, so you lost {amount}.").format(
            player=who, amount=bet.amount)
    return _("With all cards seen: {player} won the hand, so every bettor took their own "
             "money back.").format(player=who)


def _advice(view: Any, action: Action) -> str:
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


def _more_wins(values: Sequence[CardValue]) -> str:
    """When a card the chart shows winning more often is not the best (the best scores more
    points on average), a sentence saying so, else "" (the learner reads the chart too)."""
    best = values[0]
    wins = round(best.win_chance * 100)
    other = max((v for v in values[1:] if v.card is not None), default=None,
                key=lambda v: v.win_chance)
    if (other is None or other.card is None or best.card is None
            or round(other.win_chance * 100) <= wins
            or round(other.expected, 1) >= round(best.expected, 1)
            or just_as_good(best, other)):  # "... is just as good" says it: not both
        return ""
    return " " + _("{other} wins the hand more often, about {wins} times in 100, but its wins "
                   "bring fewer points: {points} on average, against {best_points} for {card}. "
                   "The computer picks the card with the most points on average.").format(
                       other=card_text(other.card), wins=round(other.win_chance * 100),
                       points=number(other.expected, 1), best_points=number(best.expected, 1),
                       card=card_text(best.card))


def _why_not(view: Any, values: Sequence[CardValue]) -> str:
    """The rule of thumb (lessons 9 and 12) that the best card keeps and a card the review
    would call a mistake breaks, as " Tip: ...", else "": the figures say which card, the
    tip says why. The worst cards are tried first (the tip is the one the review of that
    card would give)."""
    from ..solver.review import MISTAKE_POINTS

    best = values[0]
    if best.card is None:
        return ""
    for other in sorted(values[1:], key=lambda v: v.expected):
        if other.card is not None and best.expected - other.expected >= MISTAKE_POINTS:
            tip = mistake_rule(view, other.card, best.card)
            if tip:
                return " " + tip
    return ""


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if not text or text.endswith(".") else ".")


def _review_text(r: Any) -> str:
    """'K♥ cost you 2 points; with 6♣: ...' style words (the hindsight, open-hand)."""
    explanation = (r.explanation or "").strip()
    card = card_text(r.card)
    for prefix in (f"{card}: ", f"{card} - "):
        if explanation.startswith(prefix):
            explanation = explanation[len(prefix):]
    if r.cost > 0 and explanation.startswith(_cost_said(r)):  # the head says that already
        explanation = explanation.partition("; ")[2]
    from ..solver.review import GRADED_MARGIN

    graded_cost = getattr(r, "expected_cost", 0.0)
    if r.cost <= 1e-9 and graded_cost >= GRADED_MARGIN:
        head = _("{card} gave up about {points} points on average").format(
            card=card, points=number(graded_cost, 1))
    elif r.cost <= 1e-9:
        if explanation.startswith(f"{card} "):  # "A♦ kept the 1 point...": says it already
            return explanation
        head = _("{card} cost you nothing").format(card=card)
    else:
        head = _("{card} cost you {points}").format(card=card, points=_points(r.cost))
        explanation = explanation or _("{card} was better").format(card=card_text(r.best))
    # Translators: what a played card cost, then the solver's explanation
    if not explanation:
        return head
    return _("{head}; {explanation}").format(head=head, explanation=explanation)


def _cost_said(r: Any) -> str:
    """How the open-hand review's explanation begins when the card cost points ("K♥ cost 2
    points"), in the learner's language: the same sentence as
    :func:`spar_tutor.solver.review.analyse_play` writes, cut before its "; with ...". """
    from ..solver.review import cost_sentence

    return cost_sentence(r.card, int(r.cost), r.best, "").partition(";")[0]


def _points(cost: float) -> str:
    if abs(cost - round(cost)) < 1e-9:
        return points(int(round(cost)))
    if abs(cost) < 2:  # French says "0,5 point" (English "0.5 points")
        return pgettext("a number of points with decimals, below 2",
                        "{points} points").format(points=number(cost, 1))
    return _("{points} points").format(points=number(cost, 1))
