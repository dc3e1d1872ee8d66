"""The pages that watch a shared table draw its first picture, however soon it comes.

A page keeps a thread that waits for the table to change (a long poll); its first answer
comes at once. It came before the page had kept the thread, under load, and was dropped
(``'SharedTableView' object has no attribute 'watcher'``): the learner saw an empty
table until someone played, and the teacher an empty view of a paused table. Here the
first poll is answered before ``start()`` returns, as fast as a thread could ever be."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tables_helpers import TEACHER_KEY, RecordingClient, ServiceThread, ticket

from spar_tutor.app.pages.class_tables import ClassTables
from spar_tutor.app.pages.table_view import SharedTableView
from spar_tutor.server.classroom import TEACHER_KEY_ENV
from spar_tutor.server.tables.client import TABLES_URL_ENV, TableClient, Ticket, Watcher
from spar_tutor.server.tables.service import TableService
from spar_tutor.store import Store


@pytest.fixture
def service(monkeypatch):
    running = ServiceThread(TableService(Store.memory()))
    monkeypatch.setenv(TABLES_URL_ENV, running.url)
    monkeypatch.setenv(TEACHER_KEY_ENV, TEACHER_KEY)
    started = Watcher.start

    def first_answer_at_once(watcher):
        watcher.once()  # the thread's first poll, answered before start() returns
        return started(watcher)

    monkeypatch.setattr(Watcher, "start", first_answer_at_once)
    yield running
    running.stop()


def test_a_learners_page_draws_the_first_picture(service):
    seat = ticket(RecordingClient(service.url).call("create", name="Ama", rules="standard",
                                                    players=2))
    view = SharedTableView(TableClient(), Ticket(seat.code, seat.seat, seat.secret),
                           say=lambda text: None, on_leave=lambda: None)
    try:
        assert seat.code in view.title.value
        assert "(you)" in view.seats.value
    finally:
        view.leave(False)


def test_the_teachers_view_draws_the_first_picture_of_a_paused_table(service):
    seat = ticket(RecordingClient(service.url).call("create", name="Ama", rules="standard",
                                                    players=2))
    RecordingClient(service.url).call("start", **seat.body())
    RecordingClient(service.url).call("teacher/pause", code=seat.code, paused=True,
                                      key=TEACHER_KEY)
    tables = ClassTables(SimpleNamespace(say=lambda text: None), learners=lambda: [])
    try:
        tables.watch(seat.code)
        assert seat.code in tables.title.value and "Paused." in tables.title.value
        assert "spar-felt" in tables.felt.value
    finally:
        tables.stop_watching()


def test_the_teacher_seats_the_learners_seen_today_not_themselves(service):
    from spar_tutor.store.schema import utcnow

    seen = [SimpleNamespace(name=name, last_seen=utcnow()) for name in ("Ama", "Mrs Owusu")]
    seen.append(SimpleNamespace(name="Kofi", last_seen=None))  # never seen
    app = SimpleNamespace(say=lambda text: None, learner=SimpleNamespace(name="mrs owusu"))
    tables = ClassTables(app, learners=lambda: seen)
    tables.redraw()
    assert [box.description for box in tables.who.children] == ["Ama"]
