"""prelead_values: under ten, dry and wet valued from a seat's view."""

from __future__ import annotations

import pytest

from spar_tutor import Action, HandState, Rules
from spar_tutor.engine.deal import deal
from spar_tutor.solver import prelead_values
from spar_tutor.solver.bots import ExpertBot


def _wet_decisions(count: int):
    """The first ``count`` seeded three-seat ghana_table deals in which a seat, its dry in
    place, is offered a wet: that decision's state."""
    rules = Rules.preset("ghana_table")
    found = []
    index = 0
    while len(found) < count:
        index += 1
        state = deal(rules, 3, index % 3, seed=f"wet:{index}").start()
        while state.phase in ("under_ten", "declare"):
            moves = state.legal_moves()
            if any(isinstance(m, Action) and m.kind == "wet" for m in moves):
                found.append(state)
                break
            dries = [m for m in moves if isinstance(m, Action) and m.kind == "dry"]
            state = state.apply(dries[0] if dries else moves[0])
    return found


@pytest.mark.parametrize("state", _wet_decisions(4))
def test_a_wet_is_played_out_like_passing_and_never_worth_less(state: HandState) -> None:
    """The others cannot see a wet, so its play-outs are passing's; only the score counts
    it, and a declared card that does not win costs nothing."""
    view = state.view(state.to_move)
    values = {v.action: v for v in prelead_values(view, worlds=30, seed=3)}
    passing = next(v for a, v in values.items() if a.kind == "pass")
    wets = [v for a, v in values.items() if a.kind == "wet"]
    assert wets
    for wet in wets:
        assert wet.win_chance == passing.win_chance
        assert wet.expected >= passing.expected
    assert list(values)[0].kind == "wet"
    assert ExpertBot(5, prelead_worlds=10).choose(view).kind == "wet"


def test_a_wet_that_wins_live_adds_its_double() -> None:
    """Where the wet card wins one of the last two tricks in some play-outs, the wet is
    worth more than passing, not only level with it."""
    gains = []
    for state in _wet_decisions(4):
        values = prelead_values(state.view(state.to_move), worlds=30, seed=3)
        passing = next(v for v in values if v.action.kind == "pass")
        gains.append(values[0].expected - passing.expected)
    assert max(gains) > 0.5
