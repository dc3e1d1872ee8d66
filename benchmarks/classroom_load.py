"""A class against one server: does every tab work, alone, and how long does a card click wait?

    python benchmarks/classroom_load.py --learners 30 [--bots beginner,expert] [--rounds 3]

Serves the app as ``spar-tutor serve --class-size N`` does (N kernels preheated
before the class arrives), then the whole class opens the app in the same
instant, each learner as a protocol-level client (benchmarks/voila_client.py):
it loads the page (the server hands it a preheated kernel), reads the widgets'
state over the kernel's websocket, and clicks the way the browser does. Each
learner has their own name (``?learner=Learner 07``).

Why not thirty Chromium tabs? In a classroom the browsers run on the learners'
own devices; what the server sees is exactly these HTTP and websocket messages
(in the browser's own websocket protocol), and thirty Chromiums on this
machine's two cores would compete with the server they are meant to measure.
``benchmarks/app_bench.py`` and the browser tests time the real browser.

Each learner opens Home, Rules and Play. Then, for each bot strength asked for
(``beginner``, ``expert``), every learner starts a match against three such
bots and plays ``--rounds`` cards, all the learners clicking a card in the same
instant each round. **Click to answer** is timed from the click until the page's
widgets show that the bots have played: the card has left the learner's hand and
the learner may play again (or the hand is over), as the kernel's update messages
say; what the learner waits for. A click that played nothing fails the learner.
Then each learner takes a lesson step (and with ``--tour`` asks for the solver's hint and
opens Puzzles and Explore, the most memory a kernel reaches).

Printed: the load average of the machine (other work on it slows everything);
the time to first view; click to answer, median (p50) and p95, per bot strength,
against the targets (1 s and 2 s); the CPU time the kernels, the Voila server and
these clients spent during the clicks (where the time goes); memory per kernel
(RSS, and PSS, which shares the libraries fairly between processes) and for the
whole class (the server, the learners' kernels and the ready kernels Voila
started for the next class), against the targets (100 MB a kernel, 4 GB in
all); and the checks: every learner greeted by their own name, no other
learner's name anywhere in their widgets, one kernel each, and each learner's
progress holding their own lesson step.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Set

import app_server
from voila_client import VoilaSession

from spar_tutor.widgets.setup import BOT_MENU_CLASS  # noqa: E402 (app_server puts the checkout on the path)

GREETING = "Hello, {name}!"
STRENGTHS = ("random", "beginner", "expert")
"""The bot strengths in the order of the app's bot menus."""
P50_TARGET_S = 1.0
P95_TARGET_S = 2.0
KERNEL_MB_TARGET = 100
CLASS_MB_TARGET = 4096


def learner(i: int) -> str:
    return f"Learner {i:02d}"


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


# -- what a learner does ---------------------------------------------------------------


def shown(session: VoilaSession) -> Set[str]:
    """The widgets on the page now: every model some box has as a child (a pool keeps
    buttons it no longer shows; an old menu lingers in the kernel until it is closed)."""
    return {ref[len("IPY_MODEL_"):] for s in session.states.values()
            for ref in s.get("children", ()) if isinstance(ref, str)}


def hand_buttons(session: VoilaSession) -> List[str]:
    """The learner's cards on the play table, in the hand's row (a card already played
    keeps its button in the kernel, out of the row)."""
    states = session.states
    return [ref[len("IPY_MODEL_"):] for s in states.values()
            if "spar-hand-box" in s.get("_dom_classes", ())
            for ref in s.get("children", ())
            if "spar-card-btn" in states.get(ref[len("IPY_MODEL_"):], {}).get("_dom_classes", ())]


def playable(session: VoilaSession) -> List[str]:
    return [m for m in hand_buttons(session)
            if "spar-unplayable" not in session.states[m].get("_dom_classes", ())]


def hand_over(session: VoilaSession) -> bool:
    """Whether the table offers the next hand (or a new match): this hand is over."""
    return any(not session.states[b].get("disabled") for b in
               session.find("ButtonModel", description="Next hand")
               + session.find("ButtonModel", description="New match") if b in shown(session))


def ready_to_play(session: VoilaSession) -> None:
    """Until the learner may play a card, starting the next hand if this one is over."""
    session.drain(0.2)
    if not playable(session) and hand_over(session):
        next_hand = [b for b in session.find("ButtonModel", description="Next hand")
                     + session.find("ButtonModel", description="New match")
                     if b in shown(session) and not session.states[b].get("disabled")]
        session.wait_idle(session.click(next_hand[-1]), "a new hand")
    session.wait_for(lambda: playable(session), "a card the learner may play")


def bot_menus(session: VoilaSession) -> List[str]:
    """The bots' strength menus on the free-play settings, as drawn now."""
    on_page = shown(session)
    return [m for m, s in session.states.items() if s.get("_model_name") == "DropdownModel"
            and BOT_MENU_CLASS in s.get("_dom_classes", ()) and m in on_page]


def choose_bots(session: VoilaSession, strength: str) -> None:
    """Pick ``strength`` in each bot menu of the free-play settings, start a new match."""
    menus = bot_menus(session)
    if not menus:
        raise RuntimeError("no bot menus on the Play page (their class: "
                           f"{BOT_MENU_CLASS})")
    for menu in menus:
        session.wait_idle(session.set_value(menu, index=STRENGTHS.index(strength)), "a bot menu")
    session.wait_idle(session.click(session.button("Start a new match")), "a new match")
    ready_to_play(session)


def click_a_card(session: VoilaSession) -> float:
    """Click the first card the learner may play; seconds until the page shows that the
    bots have answered: the card has left the hand and the learner may play again (or the
    hand is over). A click that played nothing is an error, not a quick answer."""
    card = playable(session)[0]
    began = time.monotonic()
    session.wait_idle(session.click(card), "the bots' answer")
    answered = session.wait_for(
        lambda: card not in hand_buttons(session) and (playable(session) or hand_over(session))
        and time.monotonic(), "the card played and the bots' answer", timeout=30)
    return float(answered) - began


# -- the class -------------------------------------------------------------------------


class Classroom:
    """The learners' threads, run step by step: every learner does a step, the next step
    starts when all are done (and, for clicks, all click in the same instant)."""

    def __init__(self, url: str, learners: int, timeout: float) -> None:
        self.sessions = {i: VoilaSession(url, f"learner={learner(i).replace(' ', '%20')}",
                                         timeout=timeout) for i in range(1, learners + 1)}
        self.errors: Dict[int, str] = {}
        self.timeout = timeout

    @property
    def working(self) -> Dict[int, VoilaSession]:
        return {i: s for i, s in self.sessions.items() if i not in self.errors}

    def step(self, what: Callable[[int, VoilaSession], Optional[float]],
             together: bool = True) -> Dict[int, float]:
        """Run ``what(i, session)`` for every working learner at once (``together``: all
        released by one barrier); returns the numbers they returned."""
        sessions = self.working
        barrier = threading.Barrier(len(sessions)) if together else None
        results: Dict[int, float] = {}

        def run(i: int, session: VoilaSession) -> None:
            try:
                if barrier is not None:
                    barrier.wait(self.timeout)
                value = what(i, session)
                if value is not None:
                    results[i] = value
            except Exception as e:  # reported at the end
                self.errors[i] = f"{type(e).__name__}: {e}\n{traceback.format_exc()}"

        threads = [threading.Thread(target=run, args=item, daemon=True) for item in sessions.items()]
        for t in threads:
            t.start()
        for t in threads:
            t.join(self.timeout)
        return results


def arrive(i: int, session: VoilaSession) -> float:
    session.open()
    name = learner(i)
    try:
        session.wait_for(lambda: GREETING.format(name=name) in session.text(), "the greeting")
    except TimeoutError as e:  # say what the page said instead (a lost page address?)
        words = " ".join(re.sub(r"<[^>]+>", " ", session.text()).split())
        raise TimeoutError(f"{e}; the page says: {words[:300]}") from None
    return session.timings["first_view_s"]


def visit_rules_and_play(i: int, session: VoilaSession) -> None:
    session.wait_idle(session.click(session.button("Rules")), "the rules page")
    session.wait_idle(session.click(session.button("Play")), "the Play page")
    ready_to_play(session)


def take_a_lesson_step(i: int, session: VoilaSession) -> None:
    """Open lesson 1 and go one step on (the step is kept in the learner's progress)."""
    session.click(session.button("Lessons"))
    session.click(session.button("Lesson 1: The pack and the ranks"))
    session.wait_for(lambda: "Step 1 of" in session.text(), "lesson 1")
    session.wait_idle(session.click(session.button("Next")), "step 2")
    session.wait_for(lambda: "Step 2 of" in session.text(), "step 2")


def take_the_tour(i: int, session: VoilaSession) -> None:
    """The heaviest things a learner can ask for: the solver's hint, the puzzles and the
    explorations (so that memory is measured at its most)."""
    session.wait_idle(session.click(session.button("Play")), "the Play page")
    ready_to_play(session)
    session.wait_idle(session.click(session.button("3 · Solver's answer")), "the solver's hint")
    session.wait_idle(session.click(session.button("Puzzles")), "the Puzzles page")
    session.wait_idle(session.click(session.button("Explore")), "the Explore page")
    for deal in ("Deal and count", "Deal for 2 to 7 players", "Deal and compare"):
        session.wait_idle(session.click(session.button(deal)), deal)


def isolation_problems(room: Classroom) -> List[str]:
    """Any learner seeing another learner's name, or two learners sharing a kernel."""
    problems = []
    names = {i: learner(i) for i in room.sessions}
    for i, session in room.working.items():
        session.drain(0.2)
        text = session.text()
        others = [n for j, n in names.items() if j != i and n in text]
        if others:
            problems.append(f"{names[i]} sees {others}")
    kernels = [s.kernel_id for s in room.working.values()]
    if len(set(kernels)) != len(kernels):
        problems.append("two learners share a kernel")
    return problems


def progress_problems(room: Classroom, home: Path) -> List[str]:
    """Each learner's progress, read through the app's own progress API, is at lesson 1,
    step 2; nobody else's changed it."""
    os.environ["SPAR_TUTOR_HOME"] = str(home)
    from spar_tutor.app.course import progress_for

    problems = []
    for i in room.working:
        progress = progress_for(learner(i))
        if progress is None or progress.at("01_pack") != 1:
            problems.append(f"{learner(i)}'s progress is not at lesson 1, step 2")
    return problems


# -- measuring the server ----------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pss_mb(pid: int) -> float:
    """Proportional set size in MB: the process's own memory plus its share of what it
    shares with others (libraries)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class CpuMeter:
    """CPU time of the server, the learners' kernels, the other kernels (ready ones being
    started) and this process (the clients) between start() and stop()."""

    def __init__(self, server: app_server.AppServer, room: "Classroom") -> None:
        self.server = server
        self.own = {server.kernel_of(s.kernel_id) for s in room.working.values()}
        self.spent = {"kernels": 0.0, "server": 0.0, "clients": 0.0, "ready kernels": 0.0}
        self.wall = 0.0

    def _now(self) -> Dict[str, float]:
        kernels = {p: cpu_seconds(p) for p in self.server.kernel_pids()}
        return {"kernels": sum(t for p, t in kernels.items() if p in self.own),
                "ready kernels": sum(t for p, t in kernels.items() if p not in self.own),
                "server": cpu_seconds(self.server.process.pid),
                "clients": sum(os.times()[:2])}

    def start(self) -> None:
        self._began, self._t = self._now(), time.monotonic()

    def stop(self) -> None:
        now = self._now()
        for key in self.spent:
            self.spent[key] += now[key] - self._began[key]
        self.wall += time.monotonic() - self._t


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + \
        f" ({os.cpu_count()} cores)"


# -- the report ----------------------------------------------------------------------------


def click_report(strength: str, times: List[float], cpu: CpuMeter, clicks: int) -> bool:
    p50, p95 = statistics.median(times), percentile(times, 0.95)
    ok = p50 <= P50_TARGET_S and p95 <= P95_TARGET_S
    print(f"click to answer, {strength} bots: p50 {p50:.2f} s, p95 {p95:.2f} s, "
          f"slowest {max(times):.2f} s over {len(times)} clicks "
          f"(targets {P50_TARGET_S:.0f} s and {P95_TARGET_S:.0f} s: {'ok' if ok else 'OVER'})")
    spent = cpu.spent
    print(f"  CPU per click: kernel {1000 * spent['kernels'] / clicks:.0f} ms, "
          f"server {1000 * spent['server'] / clicks:.0f} ms, "
          f"clients {1000 * spent['clients'] / clicks:.0f} ms; while clicking "
          f"({cpu.wall:.1f} s) ready kernels being started took "
          f"{spent['ready kernels']:.1f} s of CPU; all of these kept "
          f"{sum(spent.values()) / max(cpu.wall, 1e-9):.2f} cores busy")
    return ok


def memory_report(server: app_server.AppServer, room: Classroom) -> bool:
    own = {server.kernel_of(s.kernel_id) for s in room.working.values()} - {None}
    kernels = server.kernel_pids()
    rss = sorted(app_server.rss_mb(p) for p in own if p is not None)
    pss = sorted(pss_mb(p) for p in own if p is not None)
    ready = [p for p in kernels if p not in own]
    server_mb = app_server.rss_mb(server.process.pid)
    total = server_mb + sum(pss_mb(p) for p in kernels)
    total_rss = server_mb + sum(app_server.rss_mb(p) for p in kernels)
    if not rss:
        print("memory: no learner's kernel found")
        return False
    ok = rss[-1] <= KERNEL_MB_TARGET and total <= CLASS_MB_TARGET
    print(f"memory per learner's kernel: RSS median {statistics.median(rss):.0f} MB, largest "
          f"{rss[-1]:.0f} MB; PSS median {statistics.median(pss):.0f} MB "
          f"(target {KERNEL_MB_TARGET} MB)")
    print(f"memory of the whole class: {total / 1024:.2f} GB (PSS; {total_rss / 1024:.2f} GB "
          f"counting shared libraries in every process): Voila server {server_mb:.0f} MB, "
          f"{len(own)} learners' kernels, {len(ready)} kernels ready for the next class "
          f"(target {CLASS_MB_TARGET / 1024:.0f} GB: {'ok' if ok else 'OVER'})")
    return ok


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", "--sessions", type=int, default=30, dest="learners")
    parser.add_argument("--class-size", type=int, default=None,
                        help="as spar-tutor serve --class-size: kernels kept ready "
                        "(default: as many as learners)")
    parser.add_argument("--bots", default="beginner,expert",
                        help="bot strengths to play against, in turn (default beginner,expert)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="cards each learner plays against each strength, all the class "
                        "clicking in the same instant (default 5: a whole hand)")
    parser.add_argument("--tour", action="store_true",
                        help="then every learner asks for the solver's hint and opens Puzzles "
                        "and Explore (memory at its most; slow)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds one step of the class may take (default 300)")
    args = parser.parse_args(argv)
    strengths = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not set(strengths) <= set(STRENGTHS):
        parser.error(f"--bots: choose among {', '.join(STRENGTHS)}")

    ready = args.learners if args.class_size is None else args.class_size
    print(f"before: {load_average()}", flush=True)
    server = app_server.start(pool_size=ready)
    room = Classroom(server.url, args.learners, args.timeout)
    clicks: Dict[str, List[float]] = {}
    rounds: Dict[str, List[List[float]]] = {}
    meters: Dict[str, CpuMeter] = {}
    try:
        started = time.monotonic()
        server.wait_preheated(1, kernels=ready, timeout=max(180, 10 * ready))
        print(f"server ready with {ready} preheated kernel(s) after "
              f"{time.monotonic() - started:.0f} s; {load_average()}", flush=True)
        arrived = time.monotonic()
        firsts = room.step(arrive)
        room.step(visit_rules_and_play)
        for strength in strengths:
            room.step(lambda i, s: choose_bots(s, strength))
            meters[strength] = meter = CpuMeter(server, room)
            clicks[strength], rounds[strength] = [], []
            for _ in range(args.rounds):
                room.step(lambda i, s: ready_to_play(s), together=False)
                meter.start()
                rounds[strength].append(list(room.step(lambda i, s: click_a_card(s)).values()))
                meter.stop()
                clicks[strength] += rounds[strength][-1]
            print(f"  {strength} bots: {args.rounds} rounds played by "
                  f"{time.monotonic() - arrived:.0f} s after the class arrived; "
                  f"{load_average()}", flush=True)
        room.step(take_a_lesson_step)
        if args.tour:
            room.step(take_the_tour)
        problems = isolation_problems(room) + progress_problems(room, server.home)
        memory_ok = memory_report(server, room)
        for session in room.sessions.values():
            session.close()
    finally:
        server.stop()

    print(f"{len(room.working)} of {args.learners} learners' tabs worked")
    for i, error in sorted(room.errors.items()):
        print(f"  {learner(i)}: FAILED {error.splitlines()[0]}")
    if firsts:
        values = sorted(firsts.values())
        print(f"time to first view: median {statistics.median(values):.1f} s, "
              f"slowest {values[-1]:.1f} s")
    clicks_ok = True
    for strength in strengths:
        if clicks[strength]:
            clicks_ok &= click_report(strength, clicks[strength], meters[strength],
                                      len(clicks[strength]))
            print("  each round, p50 / slowest: " + ", ".join(
                f"{statistics.median(r):.2f} / {max(r):.2f} s" for r in rounds[strength] if r))
        else:
            clicks_ok = False
    print("isolation: " + ("every learner sees only their own name, one kernel each; each "
                           "learner's progress has their own step" if not problems
                           else "PROBLEMS: " + "; ".join(problems)))
    print(f"after: {load_average()}")
    passed = not room.errors and not problems and clicks_ok and memory_ok
    print("class passed" if passed else "CLASS FAILED")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
