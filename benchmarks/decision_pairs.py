"""A quick, paired test of an idea for the expert, one decision at a time.

    python benchmarks/decision_pairs.py path/to/variant.py:factory [--preset standard]
        [--players 3] [--deals 0:400] [--out FILE] [--results DIR]

The strength benchmark (``--only strength``) plays whole hands, and luck makes it slow:
2,000 hands give an interval of about ±0.035 points a hand. Most decisions of an
idea are the same as the shipped expert's, and those cannot make a difference. So this
tool plays the strength benchmark's deals (one expert against baselines, the expert in
every seat) with the shipped expert, asks the variant too at each of the expert's
decisions, and where the variant picks another move, plays the hand out from the true
deal with the variant's move too, the same bots afterwards (the shipped move's play-out is
the hand as played). The sum of the differences, per hand, is what the variant's choices are
worth at one decision (the first-order effect of the idea), with an interval from the
decisions that differ only. 1,000 hands give about ±0.01 points a hand.

``factory`` is a function of a seed that returns a bot (like ``SPAR_EXPERT`` in
strength.py); it is created with the seed the shipped expert gets, and asked at every
move of the expert, forced moves too, so that both draw the same random numbers. The baseline's
answers are shared with the strength benchmark through ``--results``.

Each hand is one JSON line in ``--out`` (appended, so a run can be stopped and
resumed with another ``--deals`` range), and the summary is printed at the end.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import strength  # noqa: E402
from spar_tutor.engine.deal import deal  # noqa: E402
from spar_tutor.engine.rules import Rules  # noqa: E402
from spar_tutor.engine.state import HandState  # noqa: E402
from spar_tutor.solver.bots import ExpertBot, checked_move  # noqa: E402


def load_factory(spec: str) -> Callable[[str], Any]:
    path, _, name = spec.rpartition(":")
    module_spec = importlib.util.spec_from_file_location("spar_variant", path)
    if module_spec is None or module_spec.loader is None:
        raise SystemExit(f"cannot load the variant {path!r}")
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return getattr(module, name)  # type: ignore[no-any-return]


def play_out(state: HandState, bots: Sequence[Any]) -> Sequence[int]:
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state = state.apply(checked_move(bots[seat], state.view(seat)), seat)
    return state.result.points  # type: ignore[union-attr]


def play_deal(variant: Callable[[str], Any], preset: str, players: int, index: int
              ) -> List[Dict[str, Any]]:
    """Deal ``index`` with the expert in each seat: one row a hand."""
    rules = Rules.preset(preset)
    seed = f"strength:{preset}:{players}:{index}"
    rows = []
    for me in range(players):
        bots: List[Any] = [ExpertBot(f"{seed}:{s}") if s == me else strength.make_baseline(f"{seed}:{s}")
                           for s in range(players)]
        other = variant(f"{seed}:{me}")
        state = deal(rules, players, index % players, seed=seed).start()
        asked = 0
        pairs = []
        while not state.is_over():
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if seat == me:
                # both are asked even for a forced move: a bot may draw its random
                # numbers there too, and the two must stay in step
                move = checked_move(bots[seat], view)
                alt = checked_move(other, view)
                asked += len(view.legal_moves) > 1
                if alt != move:
                    varied = play_out(state.apply(alt, seat), copy.deepcopy(bots))
                    pairs.append({"trick": view.trick_number, "shipped": str(move),
                                  "variant": str(alt), "points": [None, varied[me]]})
            else:
                move = checked_move(bots[seat], view)
            state = state.apply(move, seat)
        points = state.result.points[me]  # type: ignore[union-attr]
        for pair in pairs:  # the shipped move's play-out is the hand as played
            pair["points"][0] = points
        rows.append({"deal": index, "seat": me, "decisions": asked, "pairs": pairs,
                     "points": points})
    return rows


def summary(rows: Sequence[Dict[str, Any]]) -> str:
    diffs = [p["points"][1] - p["points"][0] for r in rows for p in r["pairs"]]
    hands = len(rows)
    decisions = sum(r["decisions"] for r in rows)
    lines = [f"{hands} hands, {decisions} expert decisions, {len(diffs)} differ"]
    if len(diffs) > 1 and hands:
        lines.append(f"variant minus shipped: {_per_hand(diffs, hands)} points a hand")
        by_trick: Dict[int, List[int]] = {}
        for r in rows:
            for p in r["pairs"]:
                by_trick.setdefault(p["trick"], []).append(p["points"][1] - p["points"][0])
        for trick in sorted(by_trick):
            got = by_trick[trick]
            lines.append(f"  trick {trick}: {len(got)} differ, {sum(got):+d} points"
                         + (f" ({_per_hand(got, hands)} a hand)" if len(got) > 1 else ""))
    return "\n".join(lines)


def _per_hand(diffs: Sequence[int], hands: int) -> str:
    """The differences' sum a hand, with its 95% interval (only the pairs vary)."""
    half = 1.96 * statistics.stdev(diffs) * math.sqrt(len(diffs)) / hands
    return f"{sum(diffs) / hands:+.4f} ± {half:.4f}"


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", help="path/to/file.py:factory (a function of a seed)")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--deals", default="0:400", help="first:end of the deals")
    parser.add_argument("--out", default=str(ROOT / ".bench" / "pairs.jsonl"))
    parser.add_argument("--results", default=str(ROOT / ".bench"),
                        help="folder of the baseline's answers (shared with strength.py)")
    args = parser.parse_args(list(argv) or None)
    strength.CachedBaseline.folder = Path(args.results)
    Path(args.results).mkdir(parents=True, exist_ok=True)
    variant = load_factory(args.variant)
    first, _, end = args.deals.partition(":")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a") as f:
        for index in range(int(first), int(end)):
            for row in play_deal(variant, args.preset, args.players, index):
                f.write(json.dumps(row) + "\n")
            f.flush()
    print(summary([json.loads(line) for line in out.read_text().splitlines() if line.strip()]))


if __name__ == "__main__":
    main(sys.argv[1:])
