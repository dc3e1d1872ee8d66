"""What the learner cannot see is never used (issue 35): every level of the Play hint, its
"Why not" lines and the review's judgement of a card are made from the learner's view
alone. The same view with the hidden cards dealt another way gives the same words.

Each position is a seeded deal played some way into the hand; its twin deals the cards
the learner cannot see (the others' unplayed cards, the stock) again, keeping every card
played, every void shown, and every declared card, and the test checks that the twin
shows the learner exactly the same view before it asks for the hints in both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import List, Optional, Tuple

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.engine.deal import deal
from spar_tutor.engine.rules import Rules
from spar_tutor.engine.state import PLAY, HandState
from spar_tutor.engine.words import Players
from spar_tutor.session.bets import BetRound
from spar_tutor.session.hints import SessionHints, hint_ladder
from spar_tutor.session.values import PendingKind
from spar_tutor.solver.review import Choice, judge, judgement_words

#: Deals a hint tries here: fixed, so that a hint's figures are the same every time.
WORLDS = 30
NAMES = Players.of(["You", "Ama", "Kofi", "Esi"], you=0)


@dataclass
class Table:
    """What the hints read of a game (:class:`~spar_tutor.session.hints.HintTable`)."""

    state: HandState
    viewer: int = 0
    version: int = 0
    pending: Optional[PendingKind] = None
    is_human_turn: bool = True
    bet_round: Optional[BetRound] = None
    seating: Players = NAMES


def redealt(state: HandState, seat: int, rng: random.Random) -> Optional[HandState]:
    """``state`` with the cards ``seat`` cannot see dealt again among the others (their
    unplayed cards that are not declared, and the stock), every void kept; ``None`` when
    no other layout fits or the hidden cards have nowhere else to go."""
    view = state.view(seat)
    played = {c for t in state.tricks for c in t.cards} | set(state.current_trick)
    voids = view.voids()
    declared = {c for c in tuple(state.dry) + tuple(state.wet) if c is not None}
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hand(s) if c not in declared]
    if len(set(pool)) < 2:
        return None
    sizes = {s: sum(1 for c in state.hand(s) if c not in declared) for s in others}
    for _attempt in range(200):
        rng.shuffle(pool)
        hands, i = {}, 0
        for s in others:
            hands[s] = pool[i:i + sizes[s]]
            i += sizes[s]
        if any(c.suit in voids[s] for s in others for c in hands[s]):
            continue
        if all(set(hands[s]) == {c for c in state.hand(s) if c not in declared}
               for s in others):
            continue  # the same layout: not a redeal
        twin = replay(state, seat, hands, declared)
        if twin is not None and twin.view(seat).to_json() == view.to_json():
            return twin
    return None


def replay(state: HandState, seat: int, hands: dict, declared: set) -> Optional[HandState]:
    """The hand of ``state`` from its first decision, the others holding ``hands`` (their
    unplayed, undeclared cards) with what they played and declared, the same moves made."""
    dealt = []
    for s in range(state.players):
        if s == seat:
            held = list(state.hand(s))
        else:
            held = list(hands[s]) + [c for c in state.hand(s) if c in declared]
        held += [m for who, m in state.history if who == s and isinstance(m, Card)]
        dealt.append(" ".join(str(c) for c in held))
    try:
        twin = HandState.new(state.rules, dealt, state.dealer, stock=state.stock)
        for who, move in state.history:
            twin = twin.apply(move, who)
    except Exception:  # a layout the engine refuses (an exchange, a renege): try another
        return None
    return twin


def positions(preset: str, seeds: range) -> List[Tuple[HandState, HandState]]:
    """(position, its twin) at the learner's (seat 0's) card decisions of seeded hands."""
    rules = Rules.preset(preset, cut=False, betting=False, under_ten=False) \
        if preset == "ghana_table" else Rules.preset(preset)
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = deal(rules, 4, 3, seed=seed).start()
        while not state.is_over():
            seat = state.to_move
            assert seat is not None
            if seat == 0 and state.phase == PLAY and len(state.legal_cards()) > 1 \
                    and state.tricks:
                twin = redealt(state, 0, rng)
                if twin is not None:
                    found.append((state, twin))
            moves = state.legal_moves()
            state = state.apply(rng.choice(moves))
    return found


def words(state: HandState) -> List[str]:
    """Every level of the hint, each "Why not" line, and the review's judgement of each
    card the learner could play, at seat 0's decision."""
    hints = SessionHints(worlds=WORLDS)
    table = Table(state)
    said = []
    for level in (1, 2, 3):
        answer = hints.hint(level, table)
        said.append(answer.text)
        said += [f"{card}: {why}" for card, why in answer.why_not]
    valued = hints.values(state, 0)
    choices = [Choice(v.move, v.win_chance, v.expected) for v in valued.choices]
    said += [judgement_words(judge(choices, c.move)) for c in choices]
    return said


@pytest.mark.parametrize("preset", ["standard", "ghana_table"])
def test_every_hint_level_is_the_same_with_the_hidden_cards_dealt_another_way(preset):
    pairs = positions(preset, range(6))
    assert len(pairs) >= 6, "too few positions were redealt to prove anything"
    differed = 0
    for state, twin in pairs:
        assert twin.view(0).to_json() == state.view(0).to_json()
        assert any(twin.hand(s) != state.hand(s) for s in range(1, 4))  # really redealt
        assert words(twin) == words(state), state
        # the open-hand line (what a lesson with open hands may say) does see them
        from spar_tutor.solver import solve

        card = state.legal_cards()[0]
        differed += solve(state).explain(card) != solve(twin).explain(card)
    assert differed, "no open-hand sentence changed: the twins did not test anything"


def test_the_public_ladder_of_a_view_is_the_sessions():
    """A table of several learners asks :func:`hint_ladder` with a seat's view: the same
    three rungs the session shows."""
    state, _twin = positions("standard", range(2))[0]
    ladder = hint_ladder(state.view(0), NAMES, worlds=WORLDS)
    hints = SessionHints(worlds=WORLDS)
    assert [hints.hint(level, Table(state)).text for level in (1, 2, 3)] == \
        [rung.text for rung in ladder.rungs]
