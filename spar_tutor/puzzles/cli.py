"""The ``spar-tutor puzzles`` commands: ``generate``, ``check`` and ``list``.

``spar_tutor.cli`` finds this module and calls :func:`register`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, List, Optional



def register(subparsers: Any) -> None:
    """Add ``puzzles`` (with ``generate``, ``check``, ``list``) to ``spar-tutor``."""
    top = subparsers.add_parser("puzzles", help="generate, check and list puzzles",
                                description="Puzzles: Spar endings checked by the solver "
                                "(docs/puzzles.md).")
    sub = top.add_subparsers(dest="puzzles_command", metavar="ACTION")
    top.set_defaults(func=lambda args: _usage(top))

    p = sub.add_parser(
        "generate", help="make new puzzles from seeded deals",
        description="Deal seeded hands, let bots play them down to TRICKS tricks to go, and "
        "keep the positions where the seat to move can make sure of some points with at most "
        "MAX_WINNING first cards. Each puzzle is rated and passes the loader's checks; the same "
        "arguments always give the same puzzles.",
        epilog="example: spar-tutor puzzles generate --players 3 --tricks 3 --count 5 --seed 1 "
        "--out my-puzzles/")
    p.add_argument("--players", type=int, required=True, help="number of players (2 to 7)")
    p.add_argument("--tricks", type=int, required=True,
                   help="tricks to go, the current one included (2 up to the hand size)")
    p.add_argument("--count", type=int, default=5, help="how many puzzles (default: 5)")
    p.add_argument("--seed", type=int, default=0, help="seed (default: 0)")
    p.add_argument("--preset", default="standard", help="rules preset (default: standard)")
    p.add_argument("--bonus", action="store_true", help="turn the two-trick bonus on")
    p.add_argument("--dry-wet", action="store_true", help="turn dry and wet on (with the bonus)")
    p.add_argument("--max-winning", type=int, default=1,
                   help="most first cards that may keep the goal (default: 1, a unique answer)")
    p.add_argument("--closed", action="store_true",
                   help="closed puzzles: solvable seeing only your own hand (small positions)")
    p.add_argument("--stock-unknown", action="store_true",
                   help="with --closed: the whole deal and its tricks, the stock unknown to the "
                   "learner (only the cards played are known, as at a real table)")
    p.add_argument("--mid-trick", action="store_true",
                   help="start part-way through a trick, some cards already played")
    p.add_argument("--defence", type=int, default=0, metavar="POINTS",
                   help="defence puzzles: some losing first card lets another player make sure "
                   "of at least POINTS points (default: 0, not asked)")
    p.add_argument("--max-tries", type=int, default=2000,
                   help="deals to try before giving up (default: 2000)")
    p.add_argument("--out", default=None,
                   help="folder to write the puzzle file to (default: print it)")
    p.add_argument("--json", action="store_true", help="print a JSON summary instead of TOML")
    p.set_defaults(func=_generate)

    p = sub.add_parser("check", help="load puzzle files and report every problem",
                       description="Check puzzle files (default: the curated collection) "
                       "against the solver and print how they are spread over themes, goals, "
                       "players and rules; exit status 2 if any problem is found.")
    p.add_argument("paths", nargs="*", help="puzzle files or folders")
    p.set_defaults(func=_check)

    p = sub.add_parser("list", help="list the curated puzzles",
                       description="List the puzzles with their band, rating and goal.")
    p.add_argument("--folder", default=None, help="a puzzle folder (default: the curated one)")
    p.set_defaults(func=_list)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _generate(args: argparse.Namespace) -> int:
    from .generate import Request, generate
    from .toml_out import collection_toml

    request = Request(players=args.players, tricks=args.tricks, count=args.count, seed=args.seed,
                      preset=args.preset, bonus=args.bonus, dry_wet=args.dry_wet,
                      max_winning=args.max_winning, closed=args.closed,
                      mid_trick=args.mid_trick, max_tries=args.max_tries,
                      defence=args.defence, stock_unknown=args.stock_unknown)
    made = generate(request)
    if args.json:
        print(json.dumps([{"puzzle": g.table, "difficulty": g.difficulty.to_json()}
                          for g in made]))
    else:
        title = (f"Generated puzzles: {args.players} players, {args.tricks} tricks to go, "
                 f"seed {args.seed}")
        text = collection_toml((g.table for g in made), title)
        if args.out:
            folder = Path(args.out)
            folder.mkdir(parents=True, exist_ok=True)
            name = f"{made[0].table['id'].rsplit('-', 1)[0]}.toml" if made else "empty.toml"
            path = folder / name
            path.write_text(text, encoding="utf-8")
            print(f"wrote {len(made)} puzzles to {path}", file=sys.stderr)
        else:
            sys.stdout.write(text)
    for g in made:
        d = g.difficulty
        print(f"{g.table['id']}: {g.table['band']} {g.table['rating']}, "
              f"{_count(g.table['points'], 'point')}, winning {g.table['winning']} ({d.losing} of "
              f"{d.legal} cards lose, {d.tempting} tempting, "
              f"{_count(d.critical, 'critical decision')})", file=sys.stderr)
    if len(made) < args.count:
        print(f"only {len(made)} of {args.count} found in {args.max_tries} deals; try "
              "another seed or more --max-tries", file=sys.stderr)
    return 0


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _check(args: argparse.Namespace) -> int:
    from .loader import load_collection, load_file
    from .spread import spread

    problems, passed = [], []
    paths: List[Optional[Path]] = [Path(p) for p in args.paths] or [None]
    for path in paths:
        if path is None or path.is_dir():
            c = load_collection(path)
            problems += c.problems
            passed += c.puzzles
        else:
            puzzles, found = load_file(path)
            problems += found
            passed += puzzles
    for p in problems:
        print(p)
    print(f"{len(passed)} puzzles passed, {len(problems)} problems")
    for line in spread(passed).lines():
        print(line)
    return 2 if problems else 0


def _list(args: argparse.Namespace) -> int:
    from .loader import load_collection

    c = load_collection(args.folder)
    for i, p in enumerate(c.puzzles, start=1):
        kind = "open" if p.open else "closed"
        print(f"{i:3} {p.id:32} {p.band:12} {p.rating:5} {p.players}p {p.tricks}t "
              f"{kind:6} {p.rules_words:32} {p.title}")
    for problem in c.problems:
        print(f"problem: {problem}")
    return 0


__all__ = ["register"]
