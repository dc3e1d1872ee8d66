"""The solver's commands for ``spar-tutor``: ``solve``, ``hint`` and ``arena``.

``spar_tutor.cli`` finds this module and calls :func:`register`. Errors are
:class:`~spar_tutor.engine.errors.SparError`; the main command prints them on one
line and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Callable, List

from ..engine.dealfile import load_json_lines
from ..engine.errors import DealFileError, SparError
from ..engine.files import read_text


def register(subparsers: Any) -> None:
    """Add ``solve``, ``hint`` and ``arena`` to the ``spar-tutor`` command."""
    p = subparsers.add_parser(
        "solve", help="value every legal card of the player to move (open hand)",
        description="Value every legal card of the player to move, all hands open: the "
        "points it guarantees, the chance of winning and expected points under the graded "
        "model, and a principal line. FILE is a deal file or JSON lines (one deal file per "
        "line, one result per line).")
    p.add_argument("file", help="a deal file (JSON) or JSON lines")
    p.add_argument("--json", action="store_true", help="print JSON (one object per input)")
    p.add_argument("--plain", action="store_true",
                   help="skip the graded model (guarantees and lines only; faster)")
    p.set_defaults(func=_solve)

    p = subparsers.add_parser(
        "hint", help="value the cards of one seat from what it can see",
        description="Hidden-card hint: sample the cards seat S cannot see, consistently with "
        "everything public, and value each of its legal cards over those worlds.")
    p.add_argument("file", help="a deal file (JSON)")
    p.add_argument("--seat", type=int, default=None,
                   help="the seat asking (default: the player to move)")
    p.add_argument("--worlds", type=int, default=None,
                   help="number of worlds (default: as many as --budget-ms allows)")
    p.add_argument("--seed", type=int, default=0, help="sampling seed (default: 0)")
    p.add_argument("--budget-ms", type=float, default=300,
                   help="time budget when --worlds is not given (default: 300)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_hint)

    p = subparsers.add_parser(
        "arena", help="let bots play seeded hands against each other",
        description="Bots play seeded hands (the dealer moves round); prints each seat's "
        "total points. A seat is random, beginner, expert or path/to/file.py:ClassName.")
    p.add_argument("--seats", required=True,
                   help="comma-separated bots, one per seat, e.g. expert,beginner,random")
    p.add_argument("--hands", type=int, default=100, help="hands to play (default: 100)")
    p.add_argument("--seed", type=int, default=0, help="deal seed (default: 0)")
    p.add_argument("--preset", default="standard", help="rules preset (default: standard)")
    p.add_argument("--expert-worlds", type=int, default=None,
                   help="at most this many deals per decision for expert bots (default: "
                   "the table's fixed work, reproducible)")
    p.add_argument("--expert-budget-ms", type=float, default=None,
                   help="instead of --expert-worlds, think this long per decision, as in "
                   "a game session (not reproducible)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_arena)


def _read(path: str) -> str:
    return read_text(path, DealFileError, "deal file")


def _solve(args: argparse.Namespace) -> int:
    from .solution import solve

    files = load_json_lines(_read(args.file), args.file)
    if not files:
        raise DealFileError("no deal in the file", file=args.file)
    for df in files:
        solution = solve(df.state(), graded=not args.plain)
        if args.json:
            print(json.dumps(solution.to_json()), flush=True)
        else:
            print(f"seat {solution.to_move} to move")
            for mv in solution.moves:
                print(f"  {mv.card}: sure of {mv.guaranteed}, wins {mv.win_chance:.0%}, "
                      f"expects {mv.expected:.2f}  line {' '.join(map(str, mv.line))}")
                print(f"      {solution.explain(mv.card)}")
    return 0


def _hint(args: argparse.Namespace) -> int:
    from ..engine.dealfile import DealFile
    from .hints import hint

    state = DealFile.loads(_read(args.file), args.file).state()
    seat = state.to_move if args.seat is None else args.seat
    if seat is None:
        raise SparError("the hand is over: there is nothing to hint", file=args.file,
                        rule="hint")
    result = hint(state.view(seat), worlds=args.worlds, seed=args.seed, budget_ms=args.budget_ms)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(f"seat {result.seat}, {result.worlds} worlds")
        for mv in result.moves:
            print(f"  {mv.card}: wins {mv.win_chance:.0%} (+/- {mv.stderr:.0%}), expects "
                  f"{mv.expected:.2f} (spread {mv.spread:.2f})")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from ..engine.rules import Rules
    from .arena import play_arena

    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    if args.hands < 1:
        raise SparError(f"--hands must be 1 or more, not {args.hands}", rule="arena")
    if args.expert_worlds is not None and args.expert_worlds < 1:
        raise SparError(f"--expert-worlds must be 1 or more, not {args.expert_worlds}",
                        rule="arena")
    budget = args.expert_budget_ms
    if budget is not None and budget <= 0:
        raise SparError(f"--expert-budget-ms must be more than 0, not {budget}", rule="arena")
    result = play_arena(specs, args.hands, args.seed, Rules.preset(args.preset),
                        expert_worlds=None if budget else args.expert_worlds,
                        expert_budget_ms=budget)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for seat in result.to_json()["seats"]:
            print(f"seat {seat['seat']} {seat['bot']}: {seat['points']} points, "
                  f"{seat['hands_won']} hands won ({seat['points_per_hand']} a hand)")
    return 0


COMMANDS: List[Callable[[argparse.Namespace], int]] = [_solve, _hint, _arena]
