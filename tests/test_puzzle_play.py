"""Playing a puzzle without widgets: strongest defence, feedback, hints, the solution."""

import pytest

from spar_tutor.learning.rungs import gives_away

from spar_tutor.engine.cards import Card
from spar_tutor.puzzles import load_collection
from spar_tutor.puzzles.play import PuzzleGame, winning_line

COLLECTION = load_collection()
C = Card.parse


def game(puzzle_id):
    return PuzzleGame(COLLECTION.find(puzzle_id))


def solve_by_play(g):
    """Play a good card at every turn; return the feedback kinds."""
    kinds = []
    while not g.solved:
        kinds.append(g.play(g.good_cards()[0]).kind)
    return kinds


@pytest.mark.parametrize("puzzle", COLLECTION.puzzles, ids=[p.id for p in COLLECTION.puzzles])
def test_every_puzzle_can_be_solved_and_scores_its_goal(puzzle):
    g = PuzzleGame(puzzle)
    assert g.good_cards() == sorted(puzzle.winning, key=lambda c: c.index)
    kinds = solve_by_play(g)
    assert kinds[-1] == "solved" and set(kinds[:-1]) <= {"good"}
    assert g.state.result.points[puzzle.seat] == puzzle.points
    assert g.clean


@pytest.mark.parametrize("puzzle", COLLECTION.puzzles, ids=[p.id for p in COLLECTION.puzzles])
def test_the_solution_line_keeps_the_goal(puzzle):
    steps = PuzzleGame(puzzle).solution()
    assert steps[0].card == puzzle.winning[0] and steps[0].seat == puzzle.seat
    end = steps[-1].state
    assert end.is_over() and end.result.points[puzzle.seat] == puzzle.points
    # the result in words: its points ("2 points"), or Agram's hand won (worth 1 point)
    assert "point" in steps[-1].caption or (puzzle.position.rules.name == "agram"
                                             and "and so the hand" in steps[-1].caption)


def test_a_solve_says_what_help_it_had():
    """"Solved!" only for a clean solve: the rating counts the help, and so do the words."""
    g = game("ace-first-six-last")
    g.hints = 2
    g.play(C("AD"))
    assert g.play(C("6C")).text.startswith("Solved, with more than one hint. You won")
    g = game("ace-first-six-last")
    g.play(C("6C")), g.play(C("6C"))
    g.play(C("AD"))
    assert g.play(C("6C")).text.startswith("Solved, after 2 wrong cards. You won")


def test_a_wrong_card_is_not_played_and_says_why():
    g = game("ace-first-six-last")
    feedback = g.play(C("6C"))
    assert feedback.kind == "wrong"
    assert feedback.text == ("6♣ loses the goal: with it you can be sure of only 1 point, "
                             "not 3 points. 6♣ wins trick 4, and then you lead A♦ to the last "
                             "trick, which nobody can follow.")
    assert feedback.refutation and g.state is g.start and g.mistakes == 1
    assert g.play(C("AD")).kind == "good"
    assert g.play(C("6C")).text == ("Solved, after 1 wrong card. You won the last trick "
                                    "with 6♣: 3 points.")
    assert g.solved and not g.clean
    assert g.play(C("AD")).kind == "over"


def test_too_many_answers_to_list_say_who_won_the_trick_and_what_was_led_next():
    """Seven players: the six answers are not listed; the words say who won the learner's
    trick and with what, and the card led to the next one (on the table)."""
    g = game("seven-throw-the-middle-club")
    feedback = g.play(C("QC"))
    assert feedback.kind == "good"
    trick = next(t for t in g.state.tricks if C("QC") in t.cards)
    winner = g.puzzle.names[trick.winner]
    won = trick.winning_card(g.state.players)
    led = g.state.current_trick[0]
    assert (f"Good: Q♣ keeps the goal. {winner} won the trick with {won.symbol_text} and "
            f"led {led.symbol_text} to the next one. Your turn again.") == feedback.text
    assert g.state.leader == trick.winner
    assert "see the table" not in feedback.text


def test_illegal_cards_and_turns():
    g = game("ace-wins-trick-four")  # seat 1 led QH; the learner holds TH AH
    assert g.play(C("9D")).kind == "illegal"
    assert set(g.legal_cards()) == {C("TH"), C("AH")}
    g2 = game("throw-the-jack")
    fb = g2.play(C("KC"))
    assert fb.kind == "illegal"


def test_defence_answers_until_the_learner_moves_again():
    g = game("duck-the-diamond")  # three players: 6D, then seat 2 must lead its heart
    fb = g.play(C("6D"))
    assert fb.kind == "good" and [s for s, _ in fb.replies] == [1, 2, 2]
    assert g.learner_to_move() and g.state.current_trick == (C("8H"),)


def test_hints_climb_a_ladder_that_ends_with_the_answer_and_costs_the_solve():
    g = game("king-for-a-king")
    nudge = g.hint()
    assert nudge == g.puzzle.nudge != g.puzzle.hint  # the file's own nudge, then its idea
    assert gives_away(nudge) is None
    assert g.hint() == g.puzzle.hint  # the file's hint is the idea
    assert g.answer_next and not g.saw_answer
    assert g.hint().startswith("Play K♦. ")
    assert g.saw_answer and g.gave_up and not g.clean
    g.play(C("KD"))  # a new decision: a fresh ladder
    assert not g.answer_next
    later = [g.hint(), g.hint(), g.hint()]
    assert len(set(later)) == 3 and later[2].startswith("Play ")
    assert gives_away(later[0]) is None


def test_a_puzzle_that_writes_its_own_nudge_starts_with_it():
    import dataclasses

    puzzle = dataclasses.replace(game("king-for-a-king").puzzle,
                                 nudge="Who must win the fourth trick?")
    g = PuzzleGame(puzzle)
    assert g.hint() == "Who must win the fourth trick?" and g.hint() == puzzle.hint


def test_closed_puzzle_hint_does_not_show_the_hidden_cards():
    g = game("closed-lose-the-club")
    g.hint(), g.hint()
    assert g.hint() == "Play 9♣: it keeps the goal wherever the hidden cards are."


def test_closed_puzzle_judges_every_layout():
    g = game("closed-lose-the-club")
    assert g.closed is not None and len(g.group) > 1
    assert not g.keeps(C("6H")) and g.keeps(C("9C"))
    solve_by_play(g)
    assert g.solved


def test_restart_and_solution_marks():
    g = game("draw-the-queen")
    g.play(C("KS"))
    g.restart()
    assert g.state is g.start and g.played == [] and g.mistakes == 0
    g.solution()
    assert g.saw_solution
    solve_by_play(g)
    assert not g.clean


def test_winning_line_for_a_closed_puzzle_uses_cards_good_in_every_layout():
    puzzle = COLLECTION.find("closed-throw-the-six")
    g = PuzzleGame(puzzle)
    steps = winning_line(puzzle, g.judge, g.closed)
    assert steps[0].card == C("6S") and steps[-1].state.result.points[0] == 1


def test_the_puzzle_model_does_not_import_widgets():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    code = ("import sys, spar_tutor.puzzles, spar_tutor.puzzles.play, spar_tutor.puzzles.generate\n"
            "print(','.join(m for m in ('ipywidgets', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                         env={"PYTHONPATH": str(root)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("puzzle", COLLECTION.puzzles, ids=[p.id for p in COLLECTION.puzzles])
def test_the_defence_holds_the_learner_to_the_goal(puzzle):
    """Against the strongest defence the learner's guarantee (the solver's public
    ``guaranteed(state, seat)``) stays exactly the goal, and no other reply lowers it."""
    from spar_tutor.solver import guaranteed

    g = PuzzleGame(puzzle)
    state = g.state
    while not state.is_over():
        if state.to_move == puzzle.seat:
            state = state.apply(g.judge.line(state)[0][1])
            continue
        card = g.judge.defence(state)
        after = state.apply(card)
        value = after.result.points[puzzle.seat] if after.is_over() else guaranteed(after, puzzle.seat)
        assert value == puzzle.points
        assert all((s.result.points[puzzle.seat] if s.is_over() else guaranteed(s, puzzle.seat))
                   >= value for s in (state.apply(c) for c in state.legal_cards()))
        state = after
