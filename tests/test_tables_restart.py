"""A server restart loses no table: the table service, in its own process (``python -m
spar_tutor.server.tables``), is killed in the middle of a hand (SIGKILL: nothing is
saved on the way out) and started again on the same database; the table comes back
where it was, its learners' secrets still act for their seats, and the hand goes on to
its end. On SQLite and on a real PostgreSQL server."""

from __future__ import annotations

from tables_helpers import RecordingClient, ServiceProcess, TEACHER_KEY, ticket


def _decide(client, t, picture):
    """The learner's first choice, whatever they must decide."""
    if picture.get("cut"):
        return client.call("act", action={"kind": "cut", "lift": 5}, **t.body())
    if picture.get("bets"):
        bets = picture["bets"]
        if bets["offer_most"]:
            return client.call("act", action={"kind": "offer", "amount": 2}, **t.body())
        return client.call("act", action={"kind": "answer", "index": bets["answers"][0]["index"],
                                          "accept": True}, **t.body())
    moves = picture["offers"] or [h["card"] for h in picture["hand"] if h["playable"]]
    return client.call("act", action={"kind": "move", "move": moves[0]}, **t.body())


def _play(seats, until):
    """Let the learners decide in turn until ``until(pictures)``; the last pictures."""
    for _step in range(400):
        pictures = [client.call("poll", wait=0, **t.body()) for client, t in seats]
        if until(pictures):
            return pictures
        for (client, t), picture in zip(seats, pictures):
            if picture.get("deciding") and not picture.get("over"):
                assert _decide(client, t, picture)["ok"]
                break
        else:
            raise AssertionError("nobody could decide: " + " | ".join(
                p["status_line"] for p in pictures))
    raise AssertionError("the table did not get there")


def test_the_table_comes_back_after_a_restart_and_goes_on(database_url, tmp_path):
    service = ServiceProcess(database_url, tmp_path / "tables.log")
    try:
        ama, kofi = RecordingClient(service.url), RecordingClient(service.url)
        a = ticket(ama.call("create", name="Ama", rules="ghana_table", players=3,
                            bots="beginner"))
        k = ticket(kofi.call("join", code=a.code, name="Kofi"))
        ama.call("start", **a.body())
        seats = [(ama, a), (kofi, k)]
        # into the middle of the first hand: two tricks played
        before = _play(seats, lambda ps: ps[0].get("view", {}).get("trick_number", 1) >= 3)
        service.kill()
        service.start()
        ama.url = kofi.url = service.url  # a new port: the kernels are told again
        after = [client.call("poll", wait=0, **t.body()) for client, t in seats]
        for old, new in zip(before, after):
            assert new["view"] == old["view"]  # the same hand, the same moves, the same cards
            assert new["seats"] == old["seats"] and new["hand_number"] == old["hand_number"]
        rows = RecordingClient(service.url).call("teacher/tables", key=TEACHER_KEY)["tables"]
        assert [row["code"] for row in rows] == [a.code]
        # the hand goes on to its end, with the secrets given before the restart
        end = _play(seats, lambda ps: all(p["over"] for p in ps))
        assert end[0]["result"] and end[0]["view"]["trick_number"] >= 5
        # and once more: the next hand is dealt after a second restart
        for client, t in seats:
            client.call("act", action={"kind": "next"}, **t.body())
        service.kill()
        service.start()
        ama.url = kofi.url = service.url
        again = ama.call("poll", wait=0, **a.body())
        assert again["hand_number"] == 2 and not again["over"]
    finally:
        service.stop()
