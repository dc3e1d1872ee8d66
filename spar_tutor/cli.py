"""The ``spar-tutor`` command.

``spar-tutor`` with no subcommand serves the web app (same as ``spar-tutor serve``).
Every error in the user's input prints one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence

from .engine.errors import SparError
from .server.serve import CULL_DISCONNECTED_TIMEOUT, CULL_IDLE_TIMEOUT, CULL_INTERVAL

EXIT_BAD_INPUT = 2


def _replay(args: argparse.Namespace) -> int:
    from .engine.dealfile import DealFile, replay_json

    df = DealFile.load(args.file)
    state = df.state()
    if args.json:
        print(json.dumps(replay_json(state)))
        return 0
    print(replay_text(df))
    return 0


def replay_text(df: "Any") -> str:
    """A readable trick-by-trick account of a deal file."""
    from .engine.state import Action

    states = df.states()
    first, final = states[0], states[-1]
    rules = final.rules
    lines = [f"{df.title or 'Deal'} ({rules.name}, {final.players} players, dealer seat {final.dealer})"]
    for seat, hand in enumerate(df.hands):
        lines.append(f"  seat {seat}: {' '.join(str(c) for c in hand)}")
    for seat, move in final.history:
        if isinstance(move, Action) and move.kind != "under_card":
            lines.append(f"  seat {seat}: {move}")
    n = final.players
    for number, trick in enumerate(final.tricks, start=first.trick_number):
        played = ", ".join(f"seat {trick.seat_of(i, n)} {c}" for i, c in enumerate(trick.cards))
        lines.append(f"Trick {number}: {played} -> seat {trick.winner} wins with "
                     f"{trick.winning_card(n)}")
    if final.under_card is not None:
        lines.append(f"Seat {final.under_card_seat} asked for the under card: {final.under_card}")
    if final.abandoned_trick is not None:
        t = final.abandoned_trick
        played = ", ".join(f"seat {t.seat_of(i, n)} {c}" for i, c in enumerate(t.cards))
        lines.append(f"Abandoned trick: {played}")
    if final.result:
        lines.append(f"Result: {final.result.reason}")
        lines.append("Points: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(final.result.points)))
    else:
        if final.current_trick:
            lines.append("Trick in progress: " + " ".join(str(c) for c in final.current_trick))
        lines.append(f"In progress: seat {final.to_move} to move ({final.phase})")
    return "\n".join(lines)


def _deal(args: argparse.Namespace) -> int:
    from .engine.deal import deal
    from .engine.dealfile import DealFile
    from .engine.rules import Rules

    rules = Rules.preset(args.preset)
    d = deal(rules, args.players, args.dealer if args.dealer is not None else args.players - 1,
             seed=args.seed)
    df = DealFile(rules, d.hands, d.dealer, d.stock)
    sys.stdout.write(df.dumps())
    return 0


def _serve(args: argparse.Namespace) -> int:
    from .server.classroom import setup_server, teacher_key
    from .server.serve import WILDCARD_HOSTS, app_url, serve

    shown = "127.0.0.1" if args.host in WILDCARD_HOSTS else args.host
    key = teacher_key(args.teacher_key, args.teacher_key_file)
    setup_server(args.database, key, app_url(shown, args.port), currency=args.currency,
                 money=not args.no_money)
    return serve(port=args.port, host=args.host, theme=args.theme,
                 open_browser=args.open, pool_size=args.class_size, language=args.lang) or 0


EPILOG = """\
examples:
  spar-tutor                          serve the app on http://127.0.0.1:8866/
  spar-tutor serve --host 0.0.0.0 --class-size 30
                                      serve a class of 30 on this machine's network
  spar-tutor serve --theme dark --open
  spar-tutor serve --lang fr          the app in French for every learner (each can
                                      still choose English in the app)
  spar-tutor serve --host 0.0.0.0 --teacher-key-file key.txt
                                      and the teacher sees the class's progress on the
                                      Class page (its link is printed)
  spar-tutor serve --lang fr --currency cfa
                                      stakes and bets in francs CFA (--no-money: none)
  spar-tutor class report --csv > class.csv
  spar-tutor deal --players 4 --seed 7 > hand.json
  spar-tutor replay hand.json

Run 'spar-tutor COMMAND --help' for the options of one command.
"""

SERVE_DESCRIPTION = (
    "Serve the spar-tutor web app (home, lessons, puzzles, play, explore, rules) with Voila "
    "and print its address. Each browser tab gets its own game; learners' progress is kept "
    "per name in a database: SQLite in $SPAR_TUTOR_HOME (default ~/.spar-tutor), or the "
    "one --database (or $SPAR_TUTOR_DATABASE_URL) names. Voila is configured here, not "
    "from your Jupyter settings: a preheated kernel for a fast first page; a closed page's "
    f"kernel stopped within {(CULL_DISCONNECTED_TIMEOUT + CULL_INTERVAL) / 60:g} minutes, "
    f"an open page's kernel after {CULL_IDLE_TIMEOUT // 60} minutes without a click; no code "
    "and no error tracebacks shown. Stop with Ctrl-C."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spar-tutor",
        description="Learn the card game Spar. With no command, serves the web app on\n"
        "localhost (the same as 'spar-tutor serve').",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    p = sub.add_parser("serve", help="serve the web app in the browser with Voila (the default)",
                       description=SERVE_DESCRIPTION)
    _serve_options(p)
    p.set_defaults(func=_serve)

    p = sub.add_parser("replay", help="play through a deal file and show the tricks and points",
                       description="Play through a deal file (docs/deal-files.md) and show every "
                       "trick, who won it and the points.")
    p.add_argument("file", help="a deal file (JSON)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.set_defaults(func=_replay)

    p = sub.add_parser("deal", help="deal a random hand and print it as a deal file",
                       description="Shuffle (seeded) and deal one hand; print it as a deal file.")
    p.add_argument("--preset", default="standard", help="rules preset (default: standard)")
    p.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
    p.add_argument("--dealer", type=int, default=None, help="dealer seat (default: the last)")
    p.add_argument("--seed", default=None, help="shuffle seed (default: random)")
    p.set_defaults(func=_deal)

    for register in EXTRA_COMMANDS:
        register(sub)
    _serve_options(parser)
    parser.set_defaults(func=_serve)
    return parser


def _serve_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=8866, help="port to serve on (default: 8866)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default: 127.0.0.1; 0.0.0.0 for a classroom)")
    p.add_argument("--theme", choices=("light", "dark"), default="light",
                   help="colour theme of the app (default: light)")
    p.add_argument("--open", action="store_true", help="open the app in a web browser")
    p.add_argument("--lang", default=None, metavar="LANG",
                   help="the app's language for learners who have not chosen one: en or fr "
                   "(default: $SPAR_TUTOR_LANG, else en)")
    p.add_argument("--class-size", type=int, default=1, metavar="N",
                   help="learners who will open the app at the same moment: N app kernels are "
                   "kept ready (about 75 MB each) so that each first page shows at once "
                   "(default: 1)")
    p.add_argument("--database", metavar="URL", default=None,
                   help="where learners' progress is kept: a database address such as "
                   "postgresql+psycopg://user:password@host/spar (default: "
                   "$SPAR_TUTOR_DATABASE_URL, else SQLite in $SPAR_TUTOR_HOME/spar-tutor.sqlite; "
                   "an address with a password is better in $SPAR_TUTOR_DATABASE_URL: other "
                   "users of this computer can see a command line)")
    p.add_argument("--teacher-key", metavar="KEY", default=None,
                   help="open the Class page (the class's progress) to whoever has KEY in the "
                   "link: ?page=class&key=KEY (8 to 1000 characters; the link is printed). "
                   "Other users of this computer can see a command line: prefer "
                   "--teacher-key-file or $SPAR_TUTOR_TEACHER_KEY")
    p.add_argument("--teacher-key-file", metavar="FILE", default=None,
                   help="the teacher's key is the first line of FILE")
    p.add_argument("--currency", choices=("cedis", "cfa", "tokens"), default=None,
                   help="what stakes and bets are counted in: cedis, cfa (francs CFA) or tokens "
                   "(default: $SPAR_TUTOR_CURRENCY, else cedis in English and francs CFA in "
                   "French; the teacher can change it on the Class page)")
    p.add_argument("--no-money", action="store_true",
                   help="no stakes and no bets at the Play table, for a class that should not "
                   "bet (the teacher can change it on the Class page)")


#: Functions that add subcommands (the solver and puzzle modules register theirs here).
EXTRA_COMMANDS: List[Callable[[Any], None]] = []


def _load_extra_commands() -> None:
    for module in ("spar_tutor.solver.cli", "spar_tutor.puzzles.cli", "spar_tutor.server.classroom"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as e:
            if e.name and module.startswith(e.name):
                continue
            raise
        if mod.register not in EXTRA_COMMANDS:
            EXTRA_COMMANDS.append(mod.register)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    _load_extra_commands()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except SparError as e:
        print(f"spar-tutor: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (OSError, json.JSONDecodeError) as e:
        print(f"spar-tutor: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
