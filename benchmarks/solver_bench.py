"""Solver benchmark: everything issue 3's Performance section asks for.

    PYTHONPATH=. python benchmarks/solver_bench.py [--deals 100] [--arena-hands 2000]
        [--only exact,three,graded,hint,minimax,arena,time,agreement,strength]
    python benchmarks/solver_bench.py --only time [--time-hands 30]
    python benchmarks/solver_bench.py --only agreement [--agreement-positions 60]
    python benchmarks/solver_bench.py --only strength [--strength-deals 3:334,4:334,ghana:334]
        [--workers 2] [--results .bench]

Times are CPU seconds of this process (``time.process_time``: one core, pure
Python), so other load on the machine disturbs them less than wall time; the
hint works to a budget of CPU time (its thread's) and is also timed on the wall
clock. Hint agreement counts a hint's card as right when the deep analysis values it
within ``TIE_TOLERANCE`` points of its best (equal cards are equally right). Percentiles are
over seeded deals: deal ``i`` of a configuration uses seed ``i`` and the last
seat deals, so seat 0 leads.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Dict, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from spar_tutor.engine.deal import deal  # noqa: E402
from spar_tutor.engine.rules import Rules  # noqa: E402
from spar_tutor.solver import hint, solve  # noqa: E402
from spar_tutor.solver.arena import play_arena  # noqa: E402
from spar_tutor.solver.bots import ExpertBot  # noqa: E402
from spar_tutor.solver._position import Position  # noqa: E402
from spar_tutor.solver._search import Searcher  # noqa: E402
from spar_tutor.engine.state import PASS, PLAY, HandState  # noqa: E402
from spar_tutor.session.hints import HINT_BUDGET_MS  # noqa: E402
from strength import section_strength  # noqa: E402

#: (label, preset, players, target p50 ms, target p99 ms)
EXACT = [("2 players x 5", "standard", 2, None, 10), ("3 players x 5", "standard", 3, None, 10),
         ("4 players x 5", "standard", 4, 3, 30), ("7 players x 5", "standard", 7, 10, 300),
         ("5 players x 7", "seven_card", 5, 10, 300)]


def pct(values: Sequence[float], q: float) -> float:
    """The q-th percentile of ``values`` by the nearest-rank method (p99 of 100 values
    is the 99th smallest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def first_lead(preset: str, players: int, seed: int) -> HandState:
    return deal(Rules.preset(preset), players, players - 1, seed=seed).start()


def exact_values(state: HandState) -> Tuple[float, int]:
    """CPU ms and nodes to value every legal card exactly (open hand)."""
    start = time.process_time()
    pos = Position.of(state)
    searcher = Searcher(pos.table, pos.players, pos.to_move)
    searcher.move_values(pos)
    return (time.process_time() - start) * 1000, searcher.nodes


def verdict(value: float, target: "float | None") -> str:
    if target is None:
        return ""
    return f" (target <= {target:g}: {'met' if value <= target else 'MISSED'})"


def section_exact(deals: int) -> None:
    print("\n== Exact values for every legal card at the first lead (open hand) ==")
    for label, preset, players, t50, t99 in EXACT:
        times, nodes = [], []
        for seed in range(deals):
            ms, count = exact_values(first_lead(preset, players, seed))
            times.append(ms)
            nodes.append(count)
        total_s = sum(times) / 1000
        print(f"{label:>14}: p50 {pct(times, 50):7.2f} ms{verdict(pct(times, 50), t50)}, "
              f"p99 {pct(times, 99):8.1f} ms{verdict(pct(times, 99), t99)}, max {max(times):8.1f} ms")
        print(f"{'':>14}  nodes p50 {pct(nodes, 50):.0f}, p99 {pct(nodes, 99):.0f}, "
              f"max {max(nodes)}, mean {statistics.mean(nodes):.0f}; "
              f"{sum(nodes) / total_s:,.0f} nodes/s")


def section_three(deals: int) -> None:
    print("\n== Any position with 3 tricks left: every legal card exact (target <= 2 ms) ==")
    worst = 0.0
    for label, preset, players, _, _ in EXACT:
        rules = Rules.preset(preset)
        times = []
        rng = random.Random(7)
        for seed in range(deals):
            state = deal(rules, players, players - 1, seed=seed).start()
            # play on at random to a random point of the third trick from the end
            stop = (rules.hand_size - 3) * players + rng.randrange(players)
            while state.plays_made < stop:
                state = state.apply(rng.choice(state.legal_cards()))
            times.append(exact_values(state)[0])
        worst = max(worst, max(times))
        print(f"{label:>14}: p50 {pct(times, 50):5.2f} ms, p99 {pct(times, 99):5.2f} ms, "
              f"max {max(times):5.2f} ms")
    print(f"{'':>14}  worst of all: {worst:.2f} ms{verdict(worst, 2)}")


def section_graded(deals: int) -> None:
    print("\n== Graded values for every card at the first lead, 4 players (target p50 <= 50 ms) ==")
    times = []
    for seed in range(deals):
        state = first_lead("standard", 4, seed)
        start = time.process_time()
        solve(state)
        times.append((time.process_time() - start) * 1000)
    print(f"solve() with guarantees, graded values, lines and explanations: p50 "
          f"{pct(times, 50):.1f} ms{verdict(pct(times, 50), 50)}, p99 {pct(times, 99):.1f} ms, "
          f"max {max(times):.1f} ms")


def section_hint(deals: int) -> None:
    print("\n== Hidden-card hint, 4 players, first lead, 300 ms budget "
          "(target: standard error <= 0.05) ==")
    walls, worlds, errors = [], [], []
    for seed in range(deals):
        state = first_lead("standard", 4, seed)
        start = time.perf_counter()
        result = hint(state.view(state.to_move), seed=seed, budget_ms=300)
        walls.append((time.perf_counter() - start) * 1000)
        worlds.append(result.worlds)
        errors.append(max(mv.stderr for mv in result.moves))
    print(f"wall time p50 {pct(walls, 50):.0f} ms, max {max(walls):.0f} ms; worlds used p50 "
          f"{pct(worlds, 50):.0f}, min {min(worlds)}; largest standard error of a printed win "
          f"chance: p50 {pct(errors, 50):.3f}, max {max(errors):.3f}{verdict(max(errors), 0.05)}")


def tree_size(state: HandState) -> int:
    """Nodes plain minimax visits from ``state`` (every legal card sequence), counted
    exactly with a table of subtree sizes (they depend only on the position)."""
    pos = Position.of(state)
    memo: Dict[tuple, int] = {}

    def size(p: Position) -> int:
        key = (p.hands, p.leader, p.trick)
        got = memo.get(key)
        if got is not None:
            return got
        total = 1
        legal = p.legal()
        while legal:
            bit = legal & -legal
            legal ^= bit
            child, points = p.play(bit)
            total += 1 if points is not None else size(child)
        memo[key] = total
        return total

    return size(pos)


def section_minimax(deals: int) -> None:
    print("\n== Node count against plain minimax, 4 players x 5, first lead ==")
    plain, ours = [], []
    for seed in range(deals):
        state = first_lead("standard", 4, seed)
        plain.append(tree_size(state))
        ours.append(exact_values(state)[1])
    print(f"plain minimax (whole tree, every card): mean {statistics.mean(plain):,.0f}, "
          f"max {max(plain):,} nodes")
    print(f"this search (every card, exact):        mean {statistics.mean(ours):,.0f}, "
          f"max {max(ours):,} nodes ({statistics.mean(plain) / statistics.mean(ours):,.0f} times "
          "fewer on average)")


def section_arena(hands: int, worlds: int) -> None:
    print(f"\n== Arena: {hands} seeded hands each, dealer moving round, expert with "
          f"{worlds} worlds a decision ==")
    for specs in (["expert", "beginner", "random"], ["expert", "beginner", "random", "random"]):
        start = time.perf_counter()
        result = play_arena(specs, hands, seed=2024, expert_worlds=worlds)
        per = [p / hands for p in result.totals]
        shown = ", ".join(f"{b} {p:.3f}" for b, p in zip(result.bots, per))
        won = ", ".join(f"{b} {w}" for b, w in zip(result.bots, result.wins))
        print(f"{len(specs)} players: points a hand: {shown}; hands won: {won} "
              f"({time.perf_counter() - start:.0f} s)")


#: (label, preset, players) of the tables the time section plays.
TIME_TABLES = [("3 seats, standard", "standard", 3), ("4 seats, standard", "standard", 4),
               ("3 seats, ghana_table", "ghana_table", 3),
               ("4 seats, ghana_table", "ghana_table", 4)]


def section_time(hands: int) -> None:
    print(f"\n== Time of an expert decision at the table: {hands} seeded hands a table, "
          "every seat the default expert (fixed work), decisions with a choice "
          "(target p95 <= 200 ms) ==")
    for label, preset, players in TIME_TABLES:
        rules = Rules.preset(preset)
        cpu, wall, phases = [], [], {"before the lead": 0, "play": 0}
        for h in range(hands):
            bots = [ExpertBot(f"time:{h}:{s}") for s in range(players)]
            state = deal(rules, players, h % players, seed=f"time:{h}").start()
            while not state.is_over():
                seat = state.to_move
                assert seat is not None
                view = state.view(seat)
                c0, w0 = time.process_time(), time.perf_counter()
                move = bots[seat].choose(view)
                c1, w1 = time.process_time(), time.perf_counter()
                if len(view.legal_moves) > 1:
                    cpu.append((c1 - c0) * 1000)
                    wall.append((w1 - w0) * 1000)
                    phases["play" if view.phase == PLAY else "before the lead"] += 1
                state = state.apply(move, seat)
        p95 = pct(cpu, 95)
        print(f"{label:>22}: CPU p50 {pct(cpu, 50):5.0f} ms, p95 {p95:5.0f} ms"
              f"{verdict(p95, 200)}, max {max(cpu):5.0f} ms; wall p50 {pct(wall, 50):5.0f}, "
              f"p95 {pct(wall, 95):5.0f} ms ({len(cpu)} decisions: "
              f"{phases['play']} cards, {phases['before the lead']} before the lead)")


def agreement_positions(count: int) -> "list[HandState]":
    """Seeded play positions: 3 and 4 seats, standard and ghana_table, played on at
    random (declarations passed) to a random point before the last two tricks."""
    out = []
    for i in range(count):
        rng = random.Random(f"agreement:{i}")
        preset = ("standard", "ghana_table")[i % 2]
        players = (3, 4)[i // 2 % 2]
        rules = Rules.preset(preset)
        state = deal(rules, players, i % players, seed=f"agreement:{i}").start()
        while state.phase != PLAY:
            state = state.apply(PASS if PASS in state.legal_moves()
                                else rng.choice(state.legal_moves()))
        stop = rng.randrange((rules.hand_size - 2) * players)
        while state.plays_made < stop or len(state.legal_cards()) < 2:
            state = state.apply(rng.choice(state.legal_cards()))
        out.append(state)
    return out


#: Hint agreement: the hint's card counts as the deep analysis' best card when the deep
#: analysis values it within this many points a hand of its best (cards of equal value are
#: equally right; 0.05 points is a twentieth of the smallest score).
TIE_TOLERANCE = 0.05


def section_agreement(positions: int, deep_ms: float) -> None:
    print(f"\n== Hint agreement: a {HINT_BUDGET_MS} ms hint against a {deep_ms / 1000:g} s "
          f"deep analysis, {positions} seeded positions (target >= 95%) ==")
    print(f"Agreement: the hint's card is worth, by the deep analysis, within {TIE_TOLERANCE} "
          "points a hand of the deep analysis' best card. Both are hint(): the budget is CPU "
          "time of the thread; the hint may stop early once its best card is clearly ahead, "
          "the deep analysis never does; they draw their deals from different seeds.")
    same = same_value = agree = 0
    worlds_fast, worlds_deep, cpu_fast, wall_fast, gaps = [], [], [], [], []
    for i, state in enumerate(agreement_positions(positions)):
        view = state.view(state.to_move)
        c0, w0 = time.thread_time(), time.perf_counter()
        fast = hint(view, seed=i, budget_ms=HINT_BUDGET_MS)
        cpu_fast.append((time.thread_time() - c0) * 1000)
        wall_fast.append((time.perf_counter() - w0) * 1000)
        deep = hint(view, seed=10_000 + i, budget_ms=deep_ms, settle=False)
        worlds_fast.append(fast.worlds)
        worlds_deep.append(deep.worlds)
        gap = deep.best.expected - deep.value(fast.best.card).expected
        gaps.append(gap)
        same += fast.best.card is deep.best.card
        same_value += gap <= 1e-12
        agree += gap <= TIE_TOLERANCE + 1e-12
    print(f"agreement (within {TIE_TOLERANCE} points): {agree}/{positions} = "
          f"{agree / positions:.1%} (target >= 95%: "
          f"{'met' if agree >= 0.95 * positions else 'MISSED'})")
    print(f"the very card the deep analysis lists first: {same}/{positions} = "
          f"{same / positions:.1%}; a card of exactly the deep best's value: {same_value}/"
          f"{positions} = {same_value / positions:.1%}; largest shortfall "
          f"{max(gaps):.3f} points")
    print(f"the hint: worlds p50 {pct(worlds_fast, 50)}, min {min(worlds_fast)}; CPU ms p50 "
          f"{pct(cpu_fast, 50):.0f}, max {max(cpu_fast):.0f}; wall ms p50 {pct(wall_fast, 50):.0f}"
          f", max {max(wall_fast):.0f}. The deep analysis: worlds p50 {pct(worlds_deep, 50)}, "
          f"min {min(worlds_deep)}")


def main(argv: "Sequence[str] | None" = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="seeded deals per configuration")
    parser.add_argument("--arena-hands", type=int, default=2000, help="hands per arena match")
    parser.add_argument("--arena-worlds", type=int, default=30,
                        help="worlds per expert decision in the arena")
    parser.add_argument("--only", default="exact,three,graded,hint,minimax,arena",
                        help="comma-separated sections to run")
    parser.add_argument("--time-hands", type=int, default=30,
                        help="seeded hands a table for the time section")
    parser.add_argument("--agreement-positions", type=int, default=60,
                        help="seeded positions for the hint agreement")
    parser.add_argument("--deep-ms", type=float, default=10_000,
                        help="the deep analysis' time a position (hint agreement)")
    parser.add_argument("--strength-deals", default="",
                        help="deals per strength case, e.g. 3:334,4:334,ghana:334 (the default)")
    parser.add_argument("--strength-cases", default="",
                        help="only these strength cases, e.g. 3,ghana (default: all)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes sharing the strength deals")
    parser.add_argument("--results", default=str(Path(__file__).resolve().parents[1] / ".bench"),
                        help="folder for the strength results (resumable)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cpus, load average {load:.1f}; CPU times of one process")
    only = set(args.only.split(","))
    if "exact" in only:
        section_exact(args.deals)
    if "three" in only:
        section_three(args.deals)
    if "graded" in only:
        section_graded(args.deals)
    if "hint" in only:
        section_hint(args.deals)
    if "minimax" in only:
        section_minimax(args.deals)
    if "arena" in only:
        section_arena(args.arena_hands, args.arena_worlds)
    if "time" in only:
        section_time(args.time_hands)
    if "agreement" in only:
        section_agreement(args.agreement_positions, args.deep_ms)
    if "strength" in only:
        deals = {k: int(v) for k, v in (item.split(":") for item in
                                         args.strength_deals.split(",") if item)}
        cases = [c for c in args.strength_cases.split(",") if c] or None
        section_strength(deals, args.workers, Path(args.results), cases)


if __name__ == "__main__":
    main()
