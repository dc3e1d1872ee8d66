"""Shared tables under load: how long until a card played shows on the other pages?

    python benchmarks/tables_load.py --tables 8 --seats 4 [--hands 2] [--rules standard]

Serves the app as ``spar-tutor serve`` does: the table service in its own process (with
its own SQLite progress database) and Voila with a preheated kernel for every learner.
Every learner is a protocol-level client of a Voila page (benchmarks/voila_client.py:
the browser's own websocket messages, as benchmarks/classroom_load.py explains), named
``Learner 01`` ... The first learner of each table opens Play with classmates and
clicks "Make a table"; the others open the table's link (``?page=table&table=CODE``),
which seats them; the first learner starts the match. Then every table plays
``--hands`` whole hands at once, each learner clicking a card as soon as their page
lets them (and "No cut", "No bet", "Decline", the first offer and "Next hand" when the
page asks), all tables at the same time.

**Card to the other pages** is timed from the moment a learner's click leaves their
page until each of the other learners' pages at that table shows the card in the middle
of the table (in the trick, or with the trick it finished: the first picture of the
felt after the click that holds the card, as the kernel's widget updates say), one
figure per card and other page: everything between two learners' browsers (the
clicker's kernel, the table service and the engine, the database, the other kernels'
long polls, their redrawing, Voila's relay).

Printed: the load average before, while playing and after (the machine is shared:
other work slows everything), card to the other pages (p50, p95, slowest) against the
target (p95 at most 1 s), the CPU the table service, the kernels, Voila and these
clients spent per card, and memory: the table service, the Voila server, each
learner's kernel (RSS and PSS) and the whole (PSS). A table that did not finish its
hands, or a card that never showed on a page, fails the run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Set, Tuple

import app_server
from classroom_load import Classroom, cpu_seconds, load_average, percentile, pss_mb
from voila_client import VoilaSession

from spar_tutor.server.tables.run import TABLES_URL_ENV, TableProcess  # noqa: E402

P95_TARGET_S = 1.0
CARD = re.compile(r'<svg[^>]*aria-label="([^"]+)"')
"""A picture of cards, by its accessible name (the cards' names)."""
CLICK_WAIT_S = 10.0
"""How long a clicked button may stay on the page before the learner clicks again."""
HAND = re.compile(r"hand (\d+)")
CODE = re.compile(r'class="spar-code">([A-Z0-9]{4})<')


def learner(i: int) -> str:
    return f"Learner {i:02d}"


def query(**values: str) -> str:
    return "&".join(f"{k}={v.replace(' ', '%20')}" for k, v in values.items())


class Page:
    """A learner's page at a shared table, read from its widgets' states."""

    def __init__(self, session: VoilaSession) -> None:
        self.session = session
        self._ids: Dict[str, str] = {}
        self._last: Dict[str, object] = {}
        self._ticked = 0.0
        self._timer = ""

    def html(self, css: str) -> Tuple[str, str]:
        """The id and value of the HTML widget whose value holds ``css`` (found once: the
        table's widgets stay the same while the learner sits there)."""
        states = self.session.states
        found = self._ids.get(css)
        if found is None or found not in states:
            found = next((m for m, s in states.items() if s.get("_model_name") == "HTMLModel"
                          and css in str(s.get("value", ""))), None)
            if found is None:
                return "", ""
            self._ids[css] = found
        return found, str(states[found].get("value", ""))

    def hand_number(self) -> int:
        _id, title = self.html('class="spar-title"')
        found = HAND.search(title)
        return int(found.group(1)) if found else 0

    def middle(self) -> Optional[Set[str]]:
        """The names of the cards in the middle of the felt (the trick, or the trick just
        finished, or the last trick of a hand over), if the felt changed since last asked;
        else None. The seats, where a dry card lies face up before it is played, are not
        the middle."""
        _id, felt = self.html('class="spar-felt"')
        if felt is self._last.get("felt"):
            return None
        self._last["felt"] = felt
        start = felt.find('class="spar-trick"')
        end = felt.find('class="spar-seat', start)
        if start < 0:
            return set()
        # a trick finished is one picture of its cards, named "seven of hearts, ..."
        return {name for label in CARD.findall(felt[start:end]) for name in label.split(", ")}

    def tick(self, now: float) -> None:
        """What the browser's timer does while it plays (the page's heartbeat: without it,
        the table counts the learner away after a minute and a computer plays for them)."""
        states = self.session.states
        if self._timer not in states:
            self._timer = next((m for m, st in states.items()
                                if "spar-heartbeat" in st.get("_dom_classes", ())), "")
        timer = self._timer
        if not timer or not states[timer].get("playing"):
            return
        every = float(states[timer].get("interval", 7500)) / 1000
        if now - self._ticked >= every:
            self._ticked = now
            self.session.set_value(timer, value=int(states[timer].get("value", 0)) + 1)

    def visible(self, model_id: str) -> bool:
        """Whether a widget is on the page: in a box, and neither it nor a box around it
        hidden (``display: none``)."""
        states = self.session.states
        parents: Dict[str, str] = {}
        for m, s in states.items():
            for ref in s.get("children", ()):
                if isinstance(ref, str):
                    parents[ref[len("IPY_MODEL_"):]] = m
        node: Optional[str] = model_id
        if node not in parents:
            return False
        while node is not None:
            layout = str(states.get(node, {}).get("layout", ""))[len("IPY_MODEL_"):]
            if states.get(layout, {}).get("display") == "none":
                return False
            node = parents.get(node)
        return True

    def buttons(self, description: str) -> List[str]:
        return [b for b in self.session.find("ButtonModel", description=description)
                if self.visible(b)]

    def playable(self) -> List[Tuple[str, str]]:
        """The learner's cards they may play now: (button id, card name)."""
        states = self.session.states
        out = []
        for s in states.values():
            if "spar-hand-box" not in s.get("_dom_classes", ()):
                continue
            for ref in s.get("children", ()):
                b = ref[len("IPY_MODEL_"):]
                classes = states.get(b, {}).get("_dom_classes", ())
                if "spar-card-btn" in classes and "spar-unplayable" not in classes:
                    out.append((b, str(states[b].get("description", ""))))
        return out

    def offers(self) -> List[str]:
        """The declarations offered now (dry, wet, under ten, their "no")."""
        states = self.session.states
        for s in states.values():
            if s.get("_model_name") != "HBoxModel":
                continue
            kids = [ref[len("IPY_MODEL_"):] for ref in s.get("children", ())]
            words = [str(states.get(k, {}).get("description", "")) for k in kids]
            if any(w in ("No dry", "No wet", "Keep my hand") for w in words):
                return kids
        return []


class Table:
    """One table's learners and what happened there."""

    def __init__(self, number: int, learners: List[int]) -> None:
        self.number, self.learners = number, learners
        self.code = ""
        self.clicked: List[Tuple[str, int, float]] = []  # (card, who, when)
        #: each learner's pictures of the middle of the felt: (when, the cards in it)
        self.seen: Dict[int, List[Tuple[float, Set[str]]]] = {i: [] for i in learners}
        self.refused = 0  # cards clicked that stayed in the hand
        self.lock = threading.Lock()


class TablesRoom(Classroom):
    """The learners, each with their own page, at their tables."""

    def __init__(self, url: str, tables: int, seats: int, timeout: float) -> None:
        super().__init__(url, 0, timeout)
        self.url = url
        self.tables = [Table(t, list(range(t * seats + 1, (t + 1) * seats + 1)))
                       for t in range(tables)]
        self.table_of = {i: table for table in self.tables for i in table.learners}
        self.pages: Dict[int, Page] = {}
        self.seats = seats

    def first(self, i: int) -> bool:
        return self.table_of[i].learners[0] == i

    def open(self, i: int, q: str) -> None:
        session = VoilaSession(self.url, q, timeout=self.timeout)
        self.sessions[i] = session
        self.pages[i] = Page(session)
        session.open()


def timers(room: TablesRoom, stop: threading.Event) -> None:
    """The browsers' timers: every page's heartbeat ticks while the page is open, whatever
    its learner is doing (waiting for the others to sit down, too)."""
    while not stop.wait(1.0):
        for page in list(room.pages.values()):
            try:
                page.tick(time.monotonic())
            except Exception:  # a page closed or broken: its learner's thread says so
                pass


def make_table(room: TablesRoom, i: int, rules: str) -> None:
    """The table's first learner: Play with classmates, the game, "Make a table"."""
    room.open(i, query(page="table", learner=learner(i)))
    s = room.sessions[i]
    s.wait_for(lambda: room.pages[i].buttons("Make a table") and not s.states[
        room.pages[i].buttons("Make a table")[0]].get("disabled"), "Make a table")
    if rules != "standard":
        game = next(m for m in s.find("DropdownModel") if s.states[m].get("description") == "Game")
        names = [str(o) for o in s.states[game].get("_options_labels", ())]
        from spar_tutor.engine.rules import PRESETS

        s.wait_idle(s.set_value(game, index=names.index(PRESETS[rules].title)), "the game")
    players = next(m for m in s.find("DropdownModel") if s.states[m].get("description") == "Players")
    labels = [str(o) for o in s.states[players].get("_options_labels", ())]
    s.wait_idle(s.set_value(players, index=labels.index(str(room.seats))), "the players")
    s.click(room.pages[i].buttons("Make a table")[0])
    found = s.wait_for(lambda: CODE.search(s.text()), "the table's code")
    room.table_of[i].code = found.group(1)


def sit_down(room: TablesRoom, i: int) -> None:
    """Another learner: the table's link seats them."""
    code = room.table_of[i].code
    room.open(i, query(page="table", table=code, learner=learner(i)))
    s = room.sessions[i]
    s.wait_for(lambda: CODE.search(s.text()) and "spar-seat-list" in s.text(), "a seat")


def start(room: TablesRoom, i: int) -> None:
    """The first learner starts once everyone sits at the table."""
    s, page = room.sessions[i], room.pages[i]
    others = room.seats - 1
    s.wait_for(lambda: page.html("spar-seat-list")[1].count("(a classmate)") == others,
               "the classmates at the table")
    s.wait_idle(s.click(page.buttons("Start the match")[0]), "the start")


def play(room: TablesRoom, i: int, hands: int, timeout: float) -> None:
    """Play ``hands`` hands: click whatever the page asks as soon as it asks; note each
    picture of the middle of the table, and when it came."""
    s, page, table = room.sessions[i], room.pages[i], room.table_of[i]
    s.attended = True  # every message read here, as it comes (a card's time is its arrival)
    waiting: Optional[Tuple[str, float]] = None  # the button clicked, until it goes
    clicked: Optional[Tuple[str, int, float]] = None  # a card clicked: counted once it goes
    quiet_since = time.monotonic()
    while True:
        came = s.receive(0.2)
        now = time.monotonic()
        if came:
            middle = page.middle()
            if middle is not None:
                table.seen[i].append((now, middle))
            quiet_since = now
            continue  # read everything that came before deciding
        if now - quiet_since > timeout:
            raise TimeoutError(f"{learner(i)}'s page did not move for {timeout:.0f} s: "
                               + " ".join(re.sub(r"<[^>]+>", " ", page.html(
                                   'class="spar-status')[1]).split())[:300])
        if waiting is not None and page.visible(waiting[0]):
            if now - waiting[1] < CLICK_WAIT_S:
                continue  # the click is on its way: its button goes when the page is redrawn
            if clicked is not None:  # the card stayed in the hand: not played
                table.refused += 1
        elif clicked is not None:
            with table.lock:
                table.clicked.append(clicked)
        waiting, clicked = None, None
        if page.hand_number() >= hands and page.buttons("Review this hand"):
            return  # the last hand is over
        cards = page.playable()
        if cards:
            button, name = cards[0]
            clicked = (name, i, time.monotonic())
            s.click(button)
            waiting = (button, time.monotonic())
            continue
        for words in ("No cut", "No bet", "Decline", "Next hand"):
            found = page.buttons(words)
            if found:
                s.click(found[0])
                waiting = (found[0], time.monotonic())
                break
        else:
            offers = page.offers()
            if offers:
                s.click(offers[-1])
                waiting = (offers[-1], time.monotonic())


def sightings(room: TablesRoom) -> Tuple[List[float], List[str]]:
    """Card to the other pages, one figure per card and other page: the first picture of
    the middle after the click that holds the card (a card shows in the middle once a hand,
    and every page has shown the end of a hand before the next is dealt); the cards that
    never showed on a page."""
    times, missing = [], []
    for table in room.tables:
        for card, who, clicked in table.clicked:
            for other in table.learners:
                if other == who:
                    continue
                seen = next((t for t, cards in table.seen[other] if t >= clicked
                             and card in cards), None)
                if seen is None:
                    missing.append(f"table {table.code}: {card}, played by {learner(who)}, "
                                   f"never showed on {learner(other)}'s page")
                else:
                    times.append(seen - clicked)
    return times, missing


def memory(server: app_server.AppServer, service: TableProcess, room: TablesRoom) -> str:
    own = [server.kernel_of(s.kernel_id) for s in room.working.values()]
    own_pids = [p for p in own if p is not None]
    rss = sorted(app_server.rss_mb(p) for p in own_pids)
    pss = sorted(pss_mb(p) for p in own_pids)
    service_mb = app_server.rss_mb(service.process.pid)
    voila_mb = app_server.rss_mb(server.process.pid)
    total = pss_mb(service.process.pid) + pss_mb(server.process.pid) + sum(
        pss_mb(p) for p in server.kernel_pids())
    if not rss:
        return "memory: no learner's kernel found"
    return (f"memory: table service {service_mb:.0f} MB RSS ({pss_mb(service.process.pid):.0f} "
            f"MB PSS); Voila server {voila_mb:.0f} MB; a learner's kernel at a table: RSS "
            f"median {statistics.median(rss):.0f} MB, largest {rss[-1]:.0f} MB, PSS median "
            f"{statistics.median(pss):.0f} MB; all together {total / 1024:.2f} GB PSS "
            f"({len(own_pids)} learners' kernels and "
            f"{len(server.kernel_pids()) - len(own_pids)} ready ones)")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8, help="tables playing at once (8)")
    parser.add_argument("--seats", type=int, default=4, help="learners at each table (4)")
    parser.add_argument("--hands", type=int, default=2, help="hands each table plays (2)")
    parser.add_argument("--rules", default="standard", help="the game (standard)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds a step may take, or a page may wait (300)")
    args = parser.parse_args(argv)
    learners = args.tables * args.seats
    print(f"before: {load_average()}", flush=True)
    work = Path(tempfile.mkdtemp(prefix="spar-tables-bench-"))
    env = {**os.environ, "SPAR_TUTOR_HOME": str(work),
           "PYTHONPATH": os.pathsep.join([str(app_server.ROOT), os.environ.get("PYTHONPATH", "")])}
    service_log = open(work / "tables.log", "wb")
    service = TableProcess.start(str(work), env, log=service_log)
    if service is None:
        print("the table service did not start:\n"
              + (work / "tables.log").read_text(errors="replace")[-3000:])
        return 1
    server = app_server.start(pool_size=learners, env={TABLES_URL_ENV: service.url,
                                                       "SPAR_TUTOR_HOME": str(work)})
    room = TablesRoom(server.url, args.tables, args.seats, args.timeout)
    cpu: Dict[str, float] = {}
    wall = 0.0
    stop_timers = threading.Event()
    during = ""
    try:
        began = time.monotonic()
        try:
            server.wait_preheated(1, kernels=learners, timeout=max(180, 10 * learners))
        except TimeoutError:  # a kernel that died starting (two kernels given one port):
            # the learners beyond the ready kernels wait for one to start, as in a class
            ready = server.log().count("waiting for the page request")
            if not ready:
                print("Voila's log:\n" + server.log()[-3000:])
                raise
            print(f"only {ready} of {learners} kernels got ready (see Voila's log below)")
        print(f"server ready with {learners} preheated kernels after "
              f"{time.monotonic() - began:.0f} s; {load_average()}", flush=True)
        firsts = [t.learners[0] for t in room.tables]
        room.sessions = {}
        threading.Thread(target=timers, args=(room, stop_timers), daemon=True).start()
        run_each(room, firsts, lambda i: make_table(room, i, args.rules))
        run_each(room, [i for t in room.tables for i in t.learners[1:] if t.code],
                 lambda i: sit_down(room, i))
        run_each(room, [t.learners[0] for t in room.tables if t.code], lambda i: start(room, i))
        print(f"{sum(1 for t in room.tables if t.code)} tables made, "
              f"{len(room.working)} learners seated; {load_average()}", flush=True)

        def spent() -> Dict[str, float]:
            kernels = server.kernel_pids()
            return {"table service": cpu_seconds(service.process.pid),
                    "kernels": sum(cpu_seconds(p) for p in kernels),
                    "Voila": cpu_seconds(server.process.pid),
                    "clients": sum(os.times()[:2])}

        before, t0 = spent(), time.monotonic()
        playing = threading.Thread(target=lambda: run_each(
            room, [i for i in room.working], lambda i: play(room, i, args.hands, args.timeout)))
        playing.start()
        playing.join(min(5.0, args.timeout))
        during = load_average()
        playing.join()
        wall = time.monotonic() - t0
        after = spent()
        cpu = {k: after[k] - before[k] for k in after}
        mem = memory(server, service, room)
        for session in room.sessions.values():
            session.close()
    finally:
        stop_timers.set()
        voila_log = server.log().splitlines()
        kernel_errors = [line for n, line in enumerate(voila_log)
                         if any(" ERROR " in before for before in voila_log[max(0, n - 12):n + 1])]
        server.stop()
        service.stop()
        service_log.close()
        logged = (work / "tables.log").read_text(errors="replace").splitlines()
        problems = [line for line in logged if " ERROR " in line or "Traceback" in line]
        away = [line.split(" INFO ", 1)[-1] for line in logged if "is away" in line]
        shutil.rmtree(work, ignore_errors=True)

    print(f"{len(room.working)} of {learners} learners' pages worked")
    for line in problems[:10]:
        print(f"  the table service's log: {line}")
    for line in kernel_errors[:40]:
        print(f"  Voila's log: {line}")
    for i, error in sorted(room.errors.items()):
        print(f"  {learner(i)}: FAILED {error.splitlines()[0]}")
    times, missing = sightings(room)
    clicks = sum(len(t.clicked) for t in room.tables)
    refused = sum(t.refused for t in room.tables)
    if refused:
        print(f"  REFUSED: {refused} card(s) clicked stayed in the learner's hand")
    for line in missing[:10]:
        print(f"  MISSING: {line}")
    if missing:
        print(f"  MISSING: {len(missing)} sightings in all")
    for line in away[:10]:
        print(f"  AWAY: {line}")
    ok = not room.errors and not missing and bool(times) and not problems and not refused \
        and not away
    if times:
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        ok = ok and p95 <= P95_TARGET_S
        print(f"card to the other pages: p50 {p50:.2f} s, p95 {p95:.2f} s, slowest "
              f"{max(times):.2f} s over {len(times)} sightings of {clicks} cards played "
              f"(target p95 {P95_TARGET_S:.0f} s: {'ok' if p95 <= P95_TARGET_S else 'OVER'})")
        print(f"  while playing ({wall:.1f} s; {during}): CPU per card played: " + ", ".join(
            f"{k} {1000 * v / max(clicks, 1):.0f} ms" for k, v in cpu.items())
              + f"; all of these kept {sum(cpu.values()) / max(wall, 1e-9):.2f} cores busy")
    else:
        print("card to the other pages: no card was seen")
    print(mem if room.sessions else "memory: not measured")
    print(f"after: {load_average()}")
    print("tables passed" if ok else "TABLES FAILED")
    return 0 if ok else 1


def run_each(room: TablesRoom, who: Sequence[int], what) -> None:
    """``what(i)`` for each learner ``i`` in ``who`` at once; a failure is that learner's
    (with what their page says)."""
    def run(i: int) -> None:
        try:
            what(i)
        except Exception as e:  # reported at the end
            import traceback

            said = ""
            if i in room.sessions:
                said = " ".join(re.sub(r"<[^>]+>", " ", room.sessions[i].text()).split())
            room.errors[i] = (f"{type(e).__name__}: {e}; the page says: {said[-400:]}\n"
                              f"{traceback.format_exc()}")

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in who
               if i not in room.errors]
    for t in threads:
        t.start()
    for t in threads:
        t.join(room.timeout + 60)


if __name__ == "__main__":
    sys.exit(main())
