"""The strength benchmark: the expert bot against the independent PIMC baseline.

    python benchmarks/solver_bench.py --only strength [--strength-deals 3:334,4:...]
        [--workers 2] [--results DIR]

Each case deals seeded hands and plays every deal once for every *seat order*: every
way of seating the two bots with both at the table, as evenly as the table allows
(3 seats: one expert and two baselines or two experts and one baseline, each in
every seat; 4 seats: two of each in every arrangement). Each bot so sits in every
seat equally often with the same cards, and the deal's luck cancels out of the
difference: the difference is paired by deal, and its 95% interval is over deals.

Work is fixed (worlds and deals, never a clock), so a run is reproducible. Each
finished deal is written as one JSON line under ``--results`` (keyed by a
fingerprint of the bots' code and settings), so an interrupted run resumes where it
stopped, and ``--workers`` processes share the deals.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import itertools
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from pimc_baseline import PimcBot, view_key  # noqa: E402
from spar_tutor.engine.deal import deal  # noqa: E402
from spar_tutor.engine.rules import Rules  # noqa: E402
from spar_tutor.engine.state import Action, HandState, Move  # noqa: E402
from spar_tutor.engine.view import SeatView  # noqa: E402
from spar_tutor.solver.bots import ExpertBot, checked_move  # noqa: E402


@dataclass(frozen=True)
class Case:
    """One line of the table: a preset at a table size, and how many deals."""

    key: str
    label: str
    preset: str
    players: int
    deals: int


#: The table's cases (deals x seat orders = hands).
CASES = (
    Case("3", "3 seats, standard", "standard", 3, 334),
    Case("4", "4 seats, standard", "standard", 4, 334),
    Case("ghana", "3 seats, ghana_table (bonus, dry and wet)", "ghana_table", 3, 334),
)

#: The baseline's deals per decision (issue 14: up to 100).
BASELINE_DEALS = 100


def seat_orders(players: int) -> List[str]:
    """Every seating of experts ('E') and baselines ('B'), both present, with as even a
    split as the table allows."""
    counts = {players // 2, (players + 1) // 2}
    return ["".join(o) for o in itertools.product("EB", repeat=players)
            if o.count("E") in counts]


#: Another expert to measure instead, "path/to/file.py:factory" (a function of the seed);
#: from the environment variable SPAR_EXPERT (for trying ideas), else the built-in one.
EXPERT_SPEC = os.environ.get("SPAR_EXPERT", "")


def make_expert(seed: str) -> Any:
    """The expert as the arena plays it by default (fixed work)."""
    if EXPERT_SPEC:
        path, _, name = EXPERT_SPEC.rpartition(":")
        spec = importlib.util.spec_from_file_location("spar_expert_variant", path)
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        return getattr(module, name)(seed)
    return ExpertBot(seed)


class CachedBaseline:
    """The baseline, its answers kept on disk: each of its decisions depends only on its
    seed and its view (see :func:`pimc_baseline.view_key`), so a view met again (another
    run, a changed expert) is answered from the file. Its times are kept with it."""

    name = "pimc"
    folder: Optional[Path] = None
    _known: Optional[Dict[str, Tuple[str, float]]] = None

    def __init__(self, seed: str) -> None:
        self.bot = PimcBot(seed, deals=BASELINE_DEALS)
        self.last_ms = 0.0

    _read: Dict[Path, int] = {}  # how far each file has been read

    @classmethod
    def known(cls, refresh: bool = False) -> Dict[str, Tuple[str, float]]:
        """The answers on file (with ``refresh``, also those other processes have added
        since: runs side by side share their work)."""
        if cls._known is None:
            cls._known = {}
            refresh = True
        if refresh and cls.folder is not None:
            for path in cls.folder.glob(f"pimc-{baseline_fingerprint()}-*.jsonl"):
                start = cls._read.get(path, 0)
                if path.stat().st_size <= start:
                    continue
                with path.open("rb") as f:
                    f.seek(start)
                    data = f.read()
                end = data.rfind(b"\n") + 1  # a line still being written waits
                cls._read[path] = start + end
                for line in data[:end].decode().splitlines():
                    try:
                        key, move, ms = json.loads(line)
                    except ValueError:
                        continue
                    cls._known[key] = (move, ms)
        return cls._known

    def choose(self, view: SeatView) -> Move:
        key = f"{self.bot.seed}|{view_key(view)}"
        got = self.known().get(key) or self.known(refresh=True).get(key)
        if got is not None:
            self.last_ms = got[1]
            return next(m for m in view.legal_moves if str(m) == got[0])
        start = time.process_time()
        move = self.bot.choose(view)
        self.last_ms = (time.process_time() - start) * 1000
        self.known()[key] = (str(move), self.last_ms)
        if self.folder is not None:
            with (self.folder / f"pimc-{baseline_fingerprint()}-{os.getpid()}.jsonl").open("a") as f:
                f.write(json.dumps([key, str(move), self.last_ms]) + "\n")
        return move


def make_baseline(seed: str) -> Any:
    return CachedBaseline(seed)


def baseline_fingerprint() -> str:
    h = hashlib.sha256((ROOT / "benchmarks" / "pimc_baseline.py").read_bytes())
    h.update(str(BASELINE_DEALS).encode())
    return h.hexdigest()[:12]


#: Calls whose string arguments are words for the learner (the catalogue's markers).
WORD_CALLS = frozenset({"_", "N_", "ngettext", "pgettext", "npgettext"})


def _code_only(node: Any) -> Any:
    """A file's syntax tree as nested tuples, without its words: comments, docstrings and
    the strings given to ``_()``, ``ngettext()``... say nothing about how the bots play,
    so rewording a sentence does not throw away hours of results. Written out field by
    field (not ``ast.dump``, whose output changes between Python versions)."""
    if isinstance(node, list):
        body = node
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]  # a docstring
        return tuple(_code_only(item) for item in body)
    if not isinstance(node, ast.AST):
        return repr(node)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in WORD_CALLS:
        args = tuple("words" if isinstance(a, ast.Constant) and isinstance(a.value, str)
                     else _code_only(a) for a in node.args)
        return ("Call", node.func.id, args, _code_only(node.keywords))
    return (type(node).__name__,) + tuple(
        _code_only(getattr(node, field, None)) for field in node._fields
        if field not in ("type_comment", "type_params", "kind"))


def code_hash(path: Path) -> bytes:
    """The bytes :func:`fingerprint` hashes for one Python file: its code, not its words."""
    return repr(_code_only(ast.parse(path.read_text(encoding="utf-8")))).encode()


def solver_files_played(start: str = "bots") -> List[Path]:
    """The solver's files the bots run: ``solver/bots.py`` and every solver file it
    imports, and they import, by relative import (``from ._maxn import ...``). The
    review, the explanations and the command line are not among them, so changing how
    they speak or compute keeps the results."""
    folder = ROOT / "spar_tutor" / "solver"
    seen: Dict[str, Path] = {}
    todo = [start]
    while todo:
        name = todo.pop()
        path = folder / f"{name}.py"
        if name in seen or not path.exists():
            continue
        seen[name] = path
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:  # from ._maxn import ...
                    todo.append(node.module.split(".")[0])
                else:  # from . import hints
                    todo.extend(alias.name for alias in node.names)
    return sorted(seen.values())


def fingerprint() -> str:
    """A hash of the bots' code and settings: results of other code are not reused.
    Words do not count (:func:`code_hash`), nor solver files the bots do not run
    (:func:`solver_files_played`)."""
    h = hashlib.sha256()
    for path in solver_files_played() + [
            ROOT / "benchmarks" / "pimc_baseline.py", ROOT / "benchmarks" / "strength.py"]:
        h.update(code_hash(path))
    h.update(EXPERT_SPEC.encode())
    if EXPERT_SPEC:
        h.update(Path(EXPERT_SPEC.rpartition(":")[0]).read_bytes())
    return h.hexdigest()[:12]


def play_deal(case: Case, index: int) -> Dict[str, Any]:
    """Play deal ``index`` of ``case`` once per seat order: points and decision times."""
    rules = Rules.preset(case.preset)
    n = case.players
    dealer = index % n
    seed = f"strength:{case.preset}:{n}:{index}"
    hands = []
    times: Dict[str, List[float]] = {"E": [], "B": []}
    declared: Dict[str, int] = {"E": 0, "B": 0}
    for order in seat_orders(n):
        # a bot's seed is its seat's, whatever the order: a baseline that meets the same
        # view in two orders answers the same (and from the file, the second time)
        bots = [make_expert(f"{seed}:{s}") if kind == "E" else make_baseline(f"{seed}:{s}")
                for s, kind in enumerate(order)]
        state: HandState = deal(rules, n, dealer, seed=seed).start()
        while not state.is_over():
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            start = time.process_time()
            move = checked_move(bots[seat], view)
            spent = (time.process_time() - start) * 1000
            if order[seat] == "B":
                spent = bots[seat].last_ms  # its own thinking time, even when remembered
            if len(view.legal_moves) > 1:
                times[order[seat]].append(spent)
            if isinstance(move, Action) and move.kind in ("dry", "wet"):
                declared[order[seat]] += 1
            state = state.apply(move, seat)
        hands.append({"order": order, "points": list(state.result.points)})  # type: ignore[union-attr]
    return {"deal": index, "hands": hands, "ms": times, "declared": declared}


def _play(args: Tuple[Case, int, Path]) -> Dict[str, Any]:
    CachedBaseline.folder = args[2]
    return play_deal(args[0], args[1])


def results_file(folder: Path, case: Case) -> Path:
    return folder / f"strength-{case.key}-{fingerprint()}.jsonl"


def load(path: Path) -> Dict[int, Dict[str, Any]]:
    done: Dict[int, Dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["deal"]] = row
    return done


def run_case(case: Case, folder: Path, workers: int, progress: Callable[[str], None]
             ) -> Dict[int, Dict[str, Any]]:
    """Play the deals of ``case`` not yet in its results file (resumable)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = results_file(folder, case)
    done = load(path)
    todo = [i for i in range(case.deals) if i not in done]
    if not todo:
        return done
    started = time.perf_counter()
    jobs: Iterable[Dict[str, Any]]
    pool = multiprocessing.Pool(workers) if workers > 1 else None
    try:
        jobs = (pool.imap_unordered(_play, [(case, i, folder) for i in todo]) if pool
                else (_play((case, i, folder)) for i in todo))
        with path.open("a") as out:
            for k, row in enumerate(jobs, 1):
                out.write(json.dumps(row) + "\n")
                out.flush()
                done[row["deal"]] = row
                if k % max(1, len(todo) // 20) == 0 or k == len(todo):
                    spent = time.perf_counter() - started
                    progress(f"  {case.label}: {len(done)}/{case.deals} deals "
                             f"({spent:.0f} s, about {spent / k * (len(todo) - k):.0f} s to go)")
    finally:
        if pool:
            pool.close()
            pool.join()
    return done


@dataclass(frozen=True)
class Summary:
    hands: int
    expert: float  # points a hand
    baseline: float
    diff: float
    half: float  # half-width of the 95% interval of diff
    expert_ms: Tuple[float, float, float]  # mean, p50, p95 per decision
    baseline_ms: Tuple[float, float, float]
    declared: Tuple[int, int]

    @property
    def relative(self) -> float:
        return self.diff / self.baseline if self.baseline else float("nan")


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def summarise(rows: Sequence[Dict[str, Any]]) -> Summary:
    diffs = []
    e_total = b_total = 0.0
    e_count = b_count = 0
    hands = 0
    ms: Dict[str, List[float]] = {"E": [], "B": []}
    declared = [0, 0]
    for row in rows:
        e = [p for h in row["hands"] for kind, p in zip(h["order"], h["points"]) if kind == "E"]
        b = [p for h in row["hands"] for kind, p in zip(h["order"], h["points"]) if kind == "B"]
        diffs.append(statistics.mean(e) - statistics.mean(b))
        e_total += sum(e)
        b_total += sum(b)
        e_count += len(e)
        b_count += len(b)
        hands += len(row["hands"])
        ms["E"] += row["ms"]["E"]
        ms["B"] += row["ms"]["B"]
        declared[0] += row.get("declared", {}).get("E", 0)
        declared[1] += row.get("declared", {}).get("B", 0)
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")

    def timing(values: List[float]) -> Tuple[float, float, float]:
        return (statistics.mean(values) if values else float("nan"), pct(values, 50),
                pct(values, 95))

    return Summary(hands, e_total / e_count, b_total / b_count, mean, half, timing(ms["E"]),
                   timing(ms["B"]), (declared[0], declared[1]))


def table(results: Sequence[Tuple[Case, Summary]]) -> str:
    lines = [f"{'case':<44} {'hands':>6} {'expert':>7} {'PIMC':>7} {'difference (95%)':>19} "
             f"{'rel.':>6}  {'expert ms a decision':>22}  {'PIMC ms a decision':>22}",
             f"{'':<44} {'':>6} {'pts/hand':>7} {'pts/hand':>7} {'':>19} {'':>6}  "
             f"{'mean / p50 / p95':>22}  {'mean / p50 / p95':>22}"]
    for case, s in results:
        goal = s.relative >= 0.05 and s.diff - s.half > 0
        lines.append(
            f"{case.label:<44} {s.hands:>6} {s.expert:>7.3f} {s.baseline:>7.3f} "
            f"{s.diff:>+8.3f} ± {s.half:<8.3f} {s.relative:>+6.1%}  "
            f"{s.expert_ms[0]:>6.0f} / {s.expert_ms[1]:>5.0f} / {s.expert_ms[2]:>5.0f}  "
            f"{s.baseline_ms[0]:>6.0f} / {s.baseline_ms[1]:>5.0f} / {s.baseline_ms[2]:>5.0f}"
            f"  {'goal met' if goal else 'goal NOT met'}")
    return "\n".join(lines)


def section_strength(deals: Dict[str, int], workers: int, folder: Path,
                     only_cases: Optional[Sequence[str]] = None) -> None:
    print("\n== Strength: the expert against an independent exact PIMC baseline "
          f"({BASELINE_DEALS} deals a decision, max^n on open hands) ==")
    print("Every deal is played once per seat order (3 seats: EBB BEB BBE EEB EBE BEE; "
          "4 seats: every EEBB arrangement); points a hand per bot; the difference is "
          "paired by deal. Goal: expert ahead by 5% or more, interval above zero, at no "
          "more time per decision. Times: CPU ms per decision with a choice.", flush=True)
    results = []
    for case in CASES:
        if only_cases and case.key not in only_cases:
            continue
        case = Case(case.key, case.label, case.preset, case.players,
                    deals.get(case.key, case.deals))
        rows = run_case(case, folder, workers, lambda line: print(line, flush=True))
        rows_in = [rows[i] for i in sorted(rows) if i < case.deals]
        results.append((case, summarise(rows_in)))
    print(table(results))


__all__ = ["CASES", "Case", "section_strength", "seat_orders", "summarise", "play_deal"]
