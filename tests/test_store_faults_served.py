"""The progress file cut to 0 bytes while the app is served (a real Voila server, the app's
own kernels, a learner's tab as the browser's websocket messages: benchmarks/voila_client.py):
the learner's next step comes within seconds and says that progress is saved in a new file,
every answer given before is there, and the cut file and its -wal are left as they were, also
after the server and its kernels have stopped."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
from pathlib import Path

from spar_tutor.i18n import _
from spar_tutor.learning.progress import MOVED
from spar_tutor.lessons import ProgressStore
from spar_tutor.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import app_server  # noqa: E402
from voila_client import VoilaSession  # noqa: E402

STEP_LIMIT_S = 15.0


def digest(path: Path):
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def test_a_file_cut_to_0_bytes_while_serving_loses_nothing():
    server = app_server.start()
    path = server.home / "spar-tutor.sqlite"
    try:
        server.wait_preheated(1, timeout=180)
        tab = VoilaSession(server.url, "learner=Ama&page=lessons&lesson=1", timeout=60).open()
        tab.wait_for(lambda: "Step 1 of" in tab.text(), "lesson 1")
        tab.wait_idle(tab.click(tab.button("Next")), "step 2")
        tab.wait_for(lambda: "Step 2 of" in tab.text(), "step 2")
        tab.wait_idle(tab.click(tab.button("35")), "the answer")  # right: acknowledged
        tab.wait_for(lambda: "four suits of nine cards is 36" in tab.text(), "the feedback")
        os.truncate(path, 0)
        harmed = {"file": digest(path), "wal": digest(path.with_name(path.name + "-wal"))}
        assert harmed["wal"] is not None
        began = time.monotonic()
        tab.wait_idle(tab.click(tab.button("Next")), "step 3")
        tab.wait_for(lambda: "Step 3 of" in tab.text(), "step 3", timeout=STEP_LIMIT_S)
        assert time.monotonic() - began < STEP_LIMIT_S
        tab.wait_for(lambda: _(MOVED) in tab.text(), "the notice", timeout=5)
        # a reload: a new tab for Ama comes back to where she was
        again = VoilaSession(server.url, "learner=Ama", timeout=60).open()
        again.wait_for(lambda: "Hello, Ama!" in again.text(), "the greeting")
        again.wait_for(lambda: any(str(s.get("description", "")).startswith("Continue lesson 1")
                                   for s in again.states.values()), "where Ama left off")
        tab.close()
        again.close()
    finally:
        server.stop(remove=False)  # Voila shuts its kernels down: they end the ordinary way
    try:
        files_left_as_they_were(server, harmed)
    finally:
        shutil.rmtree(server.connections.parent, ignore_errors=True)


def files_left_as_they_were(server: app_server.AppServer, harmed: dict) -> None:
    path = server.home / "spar-tutor.sqlite"
    log = server.log()
    assert path.stat().st_size == 0 and digest(path) == harmed["file"]
    assert digest(path.with_name(path.name + "-wal")) == harmed["wal"]
    fresh = server.home / "spar-tutor-2.sqlite"
    assert (server.home / "spar-tutor.sqlite.moved").read_text().splitlines()[0] == fresh.name
    store = Store.open(f"sqlite:///{fresh}")
    answers = ProgressStore("ama", store).answers("01_pack")
    store.close()
    assert [(a.step, a.answer) for a in answers][:2] == [(0, None), (1, "35")], answers
    assert "is left as it was" in log and "spar-tutor-2.sqlite" in log
