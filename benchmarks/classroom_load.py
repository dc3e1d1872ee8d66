"""A class of 20 opening the app at once against one server: does every tab work, alone?

    python benchmarks/classroom_load.py [--sessions 20] [--timeout 300]

Serves the app as ``spar-tutor serve`` does, then starts every session at the
same moment, each as a protocol-level client (benchmarks/voila_client.py): it
loads the page (the server starts a kernel and runs the app for it), reads the
widgets' state over the kernel's websocket, and clicks buttons the way the
browser does. Each session is a different learner (``?learner=Learner N``).

Why not 20 Chromium tabs? They would fit in memory (about 150-250 MB each) but
not in time: this machine has 2 cores, and 20 tabs parsing Voila's 5 MB of
JavaScript would compete with the server they are meant to measure. In a
classroom the browsers run on the learners' own devices; what the server sees
is exactly these HTTP and websocket messages. ``benchmarks/app_bench.py`` and
the browser tests time the real browser.

The server is started as for ``spar-tutor serve --class-size 20``: twenty
kernels preheated before the class arrives, refilled a minute later. With
``--class-size 1`` (plain ``spar-tutor``) the other nineteen kernels start
when the class arrives, all at once on two cores.

Each session then does what a learner does first: opens the Rules, opens Play
and plays a card, opens lesson 1 and goes one step on.

Reported: time to first view per session (page fetched and widgets' state
received), the time of those clicks, kernel memory per session (RSS, with every
one of those pages built), the Voila server's memory, and the checks: every
session's own learner greeted, no other learner's name anywhere in its widgets,
one kernel per session, and each learner's progress file holding their own step
and nobody else's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Dict, List

import app_server
from voila_client import VoilaSession

GREETING = "Hello, {name}!"


def learner(i: int) -> str:
    return f"Learner {i:02d}"


def hand_buttons(session: VoilaSession) -> List[str]:
    """The learner's cards on the play table (buttons drawn as cards)."""
    return [m for m, s in session.states.items() if s.get("_model_name") == "ButtonModel"
            and "spar-card-btn" in s.get("_dom_classes", ())]


def play_a_card(session: VoilaSession, result: dict) -> None:
    """Open Play, click a card the rules allow, wait until it has left the hand."""
    t = time.monotonic()
    session.click(session.button("Play"))
    session.wait_for(lambda: len(hand_buttons(session)) == 5, "the five cards of the hand")
    result["play_page_s"] = time.monotonic() - t
    playable = [m for m in hand_buttons(session)
                if "spar-unplayable" not in session.states[m].get("_dom_classes", ())]
    card = session.states[playable[0]]["description"]
    t = time.monotonic()
    session.click(playable[0])
    session.wait_for(lambda: card not in [session.states[m]["description"]
                                          for m in hand_buttons(session)], "the card played")
    result["card_click_s"] = time.monotonic() - t
    result["card"] = card


def take_a_lesson_step(session: VoilaSession) -> None:
    """Open lesson 1 and go one step on (the step is kept in the learner's progress)."""
    session.click(session.button("Lessons"))
    session.click(session.button("Lesson 1: The pack and the ranks"))
    session.wait_for(lambda: "Step 1 of" in session.text(), "lesson 1")
    session.click(session.button("Next"))
    session.wait_for(lambda: "Step 2 of" in session.text(), "step 2")


def play_again(session: VoilaSession, result: dict) -> None:
    """Back on Play, one more card (while the server may be refilling its kernel pool)."""
    session.click(session.button("Play"))
    session.wait_for(lambda: hand_buttons(session), "the hand")
    session.drain(0.5)
    playable = [m for m in hand_buttons(session)
                if "spar-unplayable" not in session.states[m].get("_dom_classes", ())]
    if not playable:  # the hand is over: a new one
        session.click(session.button("Next hand"))
        session.wait_for(lambda: len(hand_buttons(session)) == 5, "a new hand")
        playable = [m for m in hand_buttons(session)
                    if "spar-unplayable" not in session.states[m].get("_dom_classes", ())]
    card = session.states[playable[0]]["description"]
    before = len(hand_buttons(session))
    t = time.monotonic()
    session.click(playable[0])
    session.wait_for(lambda: len(hand_buttons(session)) < before, "the card played")
    result["late_card_click_s"] = time.monotonic() - t


def run_session(i: int, url: str, start: threading.Barrier, results: Dict[int, dict],
                timeout: float, stay: float = 0) -> None:
    name = learner(i)
    result: dict = {"name": name, "ok": False, "checks": []}
    results[i] = result
    session = VoilaSession(url, f"learner={name.replace(' ', '%20')}", timeout=timeout)
    result["session"] = session
    try:
        start.wait()
        began = time.monotonic()
        session.open()
        result.update(session.timings, kernel_id=session.kernel_id)
        session.wait_for(lambda: GREETING.format(name=name) in session.text(), "the greeting")
        result["checks"].append("greeted")
        t = time.monotonic()
        session.click(session.button("Rules"))
        session.wait_for(lambda: "Rules of Spar" in session.text(), "the rules page")
        result["rules_click_s"] = time.monotonic() - t
        result["checks"].append("rules page")
        play_a_card(session, result)
        result["checks"].append("played a card")
        take_a_lesson_step(session)
        result["checks"].append("lesson step")
        if stay:
            time.sleep(max(0.0, stay - (time.monotonic() - began)))
            play_again(session, result)
            result["checks"].append("played again")
        result["ok"] = True
    except Exception as e:  # reported per session below
        result["error"] = f"{type(e).__name__}: {e}"
        result["trace"] = traceback.format_exc()


def isolation_problems(results: Dict[int, dict]) -> List[str]:
    """Any session showing another learner's name, or sharing a kernel."""
    problems = []
    names = {i: r["name"] for i, r in results.items()}
    for i, r in results.items():
        session: VoilaSession = r["session"]
        if not r["ok"]:
            continue
        session.drain(0.2)
        text = session.text()
        others = [n for j, n in names.items() if j != i and n in text]
        if others:
            problems.append(f"{r['name']} sees {others}")
    kernels = [r.get("kernel_id") for r in results.values() if r["ok"]]
    if len(set(kernels)) != len(kernels):
        problems.append("two sessions share a kernel")
    return problems


def progress_problems(results: Dict[int, dict], home: Path) -> List[str]:
    """Each learner's progress file holds only their own step, and nobody else's."""
    problems = []
    files = {}
    for path in (home / "progress").glob("*.json"):
        data = json.loads(path.read_text())
        files[data["user"]] = data
    for r in results.values():
        if not r["ok"]:
            continue
        data = files.get(r["name"])
        if data is None:
            problems.append(f"no progress kept for {r['name']}")
        elif data["lessons"].get("01_pack", {}).get("at") != 1:
            problems.append(f"{r['name']}'s progress is not at lesson 1, step 2")
    strangers = set(files) - {r["name"] for r in results.values()}
    if strangers:
        problems.append(f"progress for learners who never came: {sorted(strangers)}")
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--class-size", type=int, default=None,
                        help="as spar-tutor serve --class-size: kernels kept ready "
                        "(default: as many as sessions; 1 is what plain 'spar-tutor' does)")
    parser.add_argument("--stay", type=float, default=0, metavar="S",
                        help="S seconds after arriving, every learner plays another card "
                        "(70: while the server refills its pool of ready kernels)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds the whole class may take (default 300)")
    args = parser.parse_args(argv)

    ready = args.sessions if args.class_size is None else args.class_size
    server = app_server.start(pool_size=ready)
    results: Dict[int, dict] = {}
    try:
        started = time.monotonic()
        server.wait_preheated(1, kernels=ready)
        print(f"server ready with {ready} preheated kernel(s) after "
              f"{time.monotonic() - started:.0f} s", flush=True)
        barrier = threading.Barrier(args.sessions)
        threads = [threading.Thread(target=run_session, daemon=True,
                                    args=(i, server.url, barrier, results, args.timeout,
                                          args.stay))
                   for i in range(1, args.sessions + 1)]
        began = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(max(1.0, args.timeout - (time.monotonic() - began)))
        elapsed = time.monotonic() - began
        problems = isolation_problems(results) + progress_problems(results, server.home)
        memory = {r["name"]: app_server.rss_mb(server.kernel_of(r["kernel_id"]))
                  for r in results.values() if r.get("kernel_id") and server.kernel_of(r["kernel_id"])}
        server_mb = app_server.rss_mb(server.process.pid)
        for r in results.values():
            r["session"].close()
    finally:
        server.stop()

    ok = [r for r in results.values() if r["ok"]]
    print(f"{len(ok)} of {args.sessions} sessions worked, all started at once; "
          f"the whole class took {elapsed:.1f} s (limit {args.timeout:.0f} s)")
    for r in sorted(results.values(), key=lambda r: r["name"]):
        if not r["ok"]:
            print(f"  {r['name']}: FAILED {r.get('error')}")
    firsts = sorted(r["first_view_s"] for r in ok)
    if firsts:
        print(f"time to first view: median {statistics.median(firsts):.1f} s, "
              f"fastest {firsts[0]:.1f} s, slowest {firsts[-1]:.1f} s")
        for key, what in (("rules_click_s", "click to the Rules page (built on first visit)"),
                          ("play_page_s", "click to the Play page (a table dealt)"),
                          ("card_click_s", "click on a card until it is played")):
            times = sorted(r[key] for r in ok)
            print(f"{what}: median {statistics.median(times):.2f} s, slowest {times[-1]:.2f} s")
        if args.stay:
            late = sorted(r["late_card_click_s"] for r in ok)
            print(f"a card played {args.stay:.0f} s after arriving (the pool refilling): median "
                  f"{statistics.median(late):.2f} s, slowest {late[-1]:.2f} s")
        cards = [r["card"] for r in ok]
        print(f"cards played first: {len(set(cards))} different cards among {len(cards)} learners "
              "(each session deals its own match)")
    if memory:
        mbs = sorted(memory.values())
        print(f"memory per session (its kernel): median {statistics.median(mbs):.0f} MB, "
              f"largest {mbs[-1]:.0f} MB, all {len(mbs)} kernels {sum(mbs):.0f} MB; "
              f"Voila server {server_mb:.0f} MB")
    print("isolation: " + ("every session sees only its own learner, one kernel each; "
                           "each learner's progress file has their own step and nobody else's"
                           if not problems else "PROBLEMS: " + "; ".join(problems)))
    passed = len(ok) == args.sessions and not problems and elapsed <= args.timeout
    print("class passed" if passed else "CLASS FAILED")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
