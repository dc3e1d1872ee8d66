"""Hints at three levels and the post-hand review, for a :class:`GameSession`.

Levels 1 and 2 are words from :mod:`spar_tutor.session.coach`; level 3 asks the
solver (:func:`spar_tutor.solver.hint`) for every legal card's value from what
the learner can see (never the hidden cards). The review asks
:func:`spar_tutor.solver.analyse_play` what each card the learner played cost.
Answers are cached until the game moves on. The session owns a
:class:`SessionHints` and shows it the game through :class:`HintTable` (what
the hints read of it) or plain arguments; the hints never change the game.
"""

from __future__ import annotations

import logging
from typing import (
    Any, Collection, Dict, List, NamedTuple, Optional, Protocol, Sequence, Tuple,
)

from ..engine.cards import Card
from ..engine.state import PLAY, UNDER_TEN, Action, HandState, Move, move_label
from ..engine.words import Players, card_text
from ..i18n import N_, _, points
from .coach import nudge, principle
from .values import PendingKind

log = logging.getLogger(__name__)

HINT_BUDGET_MS = 300
BET_HINT_WORLDS = 200
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


class HintAnswer(NamedTuple):
    """A hint: ``text`` for every level; ``values`` and ``best`` at level 3."""

    level: int
    title: str
    text: str
    values: Tuple[CardValue, ...] = ()
    best: Optional[Move] = None
    worlds: int = 0


class ReviewLine(NamedTuple):
    """One card the learner played, with what the solver says it cost."""

    trick: int
    card: Card
    best: Card
    cost: float
    text: str


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


class SessionHints:
    """The hint and review service of one session (``session.hints``)."""

    def __init__(self, solver: Any = None) -> None:
        self._solver = solver
        self._cache: Dict[Tuple[int, int], HintAnswer] = {}
        self._review: Optional[Tuple[int, List[ReviewLine]]] = None

    @property
    def solver(self) -> Any:
        """The solver module (imported on first use; a test may pass its own)."""
        if self._solver is None:
            from .. import solver  # type: ignore[attr-defined, unused-ignore]

            self._solver = solver
        return self._solver

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
        if view.phase != PLAY:
            return self._prelead(view, game.version)
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if len(cards) == 1:
            only = card_text(cards[0])
            return HintAnswer(3, title, _("{card} is the only card you may play.").format(
                card=only), (CardValue(cards[0], float("nan"), float("nan"), only),), cards[0])
        answer = self.solver.hint(view, seed=game.version, budget_ms=HINT_BUDGET_MS)
        values = tuple(CardValue(m.card, float(m.win_chance), float(m.expected),
                                 card_text(m.card)) for m in answer.moves)
        best = values[0].card if values else None
        if best is None:
            return HintAnswer(3, title, principle(view))
        why = _sentence(answer.explain(best))
        # Translators: the card to play, then why (sentences of its own)
        text = _("Play {card}. {why}").format(card=card_text(best), why=why).strip()
        return HintAnswer(3, title, text, values, best, int(getattr(answer, "worlds", 0) or 0))

    def _before_play(self, level: int, game: HintTable) -> HintAnswer:
        """Hints for the cut (it is luck) and the bets (the solver's chance of winning)."""
        title = _(LEVEL_TITLES[level])
        if game.pending == "cut":
            return HintAnswer(level, title, _(CUT_WORDS))
        if level < 3:
            return HintAnswer(level, title, _(BET_WORDS[level]))
        n = game.state.players
        chance = self.solver.hand_chance(game.state.view(game.viewer), worlds=BET_HINT_WORLDS,
                                         seed=game.version).win_chance
        text = _("The computer dealt the cards you cannot see {deals} times. You won the hand "
                 "in about {chance} of every 100 deals. With {players} players, a fair share is "
                 "{share} in 100. Bet when you are well above it.").format(
                     deals=BET_HINT_WORLDS, chance=round(chance * 100), players=n,
                     share=round(100 / n))
        return HintAnswer(3, title, text, worlds=BET_HINT_WORLDS)

    def _prelead(self, view: Any, version: int) -> HintAnswer:
        """Level 3 before the first lead: the solver's value of each offered action."""
        found = list(self.solver.prelead_values(view, seed=version))
        values = tuple(CardValue(None, float(v.win_chance), float(v.expected),
                                 move_label(v.action)) for v in found)
        if not values:
            return HintAnswer(3, _(LEVEL_TITLES[3]), principle(view))
        top = values[0]
        # Translators: what the computer would do, then how it works out (its own sentence)
        text = _("{choice} In about {chance} of every 100 deals the computer tried, you win the "
                 "hand that way, with {points} points on average.").format(
                     choice=_advice(view, found[0].action), chance=round(top.win_chance * 100),
                     points=f"{top.expected:.1f}")
        moves = [m for m in view.legal_moves if m == found[0].action]
        return HintAnswer(3, _(LEVEL_TITLES[3]), text, values, moves[0] if moves else None)

    def review(self, states: Sequence[HandState], humans: Collection[int],
               players: Players) -> List[ReviewLine]:
        """Each card a ``humans`` seat played in the hand of ``states`` (up to now), with
        its cost in words, the players named by ``players`` (empty before the hand ends)."""
        final = states[-1]
        if not final.is_over():
            return []
        if self._review is not None and self._review[0] == id(final):
            return self._review[1]
        start = next(st for st in states if st.phase == PLAY)
        reviews = self.solver.analyse_play(start, final, players=players)
        lines = []
        for r in reviews:
            if r.seat not in humans:
                continue
            trick = (r.play - 1) // final.players + 1 if r.play else 0
            text = _sentence(_review_text(r)).rstrip(".")
            graded = not r.cost and r.expected_cost >= 0.1 and r.best_graded is not None
            cost = r.expected_cost if graded else float(r.cost)
            lines.append(ReviewLine(trick, r.card, r.best_graded if graded else r.best, cost, text))
        self._review = (id(final), lines)
        return lines


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


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if not text or text.endswith(".") else ".")


def _review_text(r: Any) -> str:
    """'played KH: lost 2 points; 6C would have kept the lead' style words."""
    explanation = (r.explanation or "").strip()
    card = card_text(r.card)
    for prefix in (f"{card}: ", f"{card} - "):
        if explanation.startswith(prefix):
            explanation = explanation[len(prefix):]
    if explanation.startswith(f"{card} cost "):  # the head says that already
        explanation = explanation.partition("; ")[2]
    from ..solver.review import GRADED_MARGIN

    graded_cost = getattr(r, "expected_cost", 0.0)
    if r.cost <= 1e-9 and graded_cost >= GRADED_MARGIN:
        head = _("played {card}: about {points} points given up on average").format(
            card=card, points=f"{graded_cost:.1f}")
    elif r.cost <= 1e-9:
        head = _("played {card}: nothing lost").format(card=card)
    else:
        head = _("played {card}: lost {points}").format(card=card, points=_points(r.cost))
        explanation = explanation or _("{card} was better").format(card=card_text(r.best))
    # Translators: what a played card cost, then the solver's explanation
    if not explanation:
        return head
    return _("{head}; {explanation}").format(head=head, explanation=explanation)


def _points(cost: float) -> str:
    if abs(cost - round(cost)) < 1e-9:
        return points(int(round(cost)))
    return _("{points} points").format(points=f"{cost:.1f}")
