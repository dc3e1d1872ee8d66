"""The shared tables' service over HTTP (a real tornado server on 127.0.0.1, in a thread):
making and joining a table, the bots in the empty seats, and every move going through
the engine at the table: a move for another seat, out of turn, or sent twice at the same
moment is refused with the engine's reason, or played once."""

from __future__ import annotations

import threading

import pytest

from tables_helpers import TEACHER_KEY, RecordingClient, ServiceThread, ticket

from spar_tutor.server.tables.client import Refused
from spar_tutor.server.tables.codes import ALPHABET, clean_code, digest, matches, new_code
from spar_tutor.server.tables.service import TableService, _groups
from spar_tutor.store import Store


@pytest.fixture
def service():
    running = ServiceThread(TableService(Store.memory()))
    yield running
    running.stop()


def sit_two(service, rules="standard", players=4):
    ama, kofi = RecordingClient(service.url), RecordingClient(service.url)
    a = ticket(ama.call("create", name="Ama", rules=rules, players=players, bots="beginner"))
    k = ticket(kofi.call("join", code=a.code, name="Kofi"))
    return ama, a, kofi, k


def test_codes_have_four_characters_none_that_look_alike():
    for letter in "0O1IL2Z5S8B6GUV":
        assert letter not in ALPHABET
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == 4 and set(c) <= set(ALPHABET) for c in codes)
    assert new_code(taken=set(codes)) not in codes
    assert clean_code(" hx4r ") == "HX4R" and clean_code("HX4") is None and clean_code(7) is None
    assert matches("s3cret", digest("s3cret")) and not matches("s3cres", digest("s3cret"))
    assert not matches("", "")


def test_a_table_is_made_joined_and_started_with_bots_in_the_empty_seats(service):
    ama, a, kofi, k = sit_two(service)
    assert (a.seat, k.seat) == (0, 1) and a.code == k.code
    waiting = kofi.call("poll", wait=0, **k.body())
    assert [s["kind"] for s in waiting["seats"]] == ["learner", "you", "empty", "empty"]
    with pytest.raises(Refused, match="Only the classmate who made the table can start it"):
        kofi.call("start", **k.body())
    ama.call("start", **a.body())
    seats = kofi.call("poll", wait=0, **k.body())["seats"]
    assert [s["kind"] for s in seats] == ["learner", "you", "bot", "bot"]
    assert seats[0]["label"] == "Ama" and seats[2]["label"].endswith("(beginner)")
    with pytest.raises(Refused, match="started without you"):
        RecordingClient(service.url).call("join", code=a.code, name="Esi")
    with pytest.raises(Refused, match="No table has the code QQQQ"):
        ama.call("join", code="QQQQ", name="Esi")


def test_the_classmate_sees_only_their_own_cards_and_the_view_of_their_seat(service):
    ama, a, kofi, k = sit_two(service)
    ama.call("start", **a.body())
    table = service.service.table(a.code)
    state = table.game().state
    for client, t in ((ama, a), (kofi, k)):
        picture = client.call("poll", wait=0, **t.body())
        assert {h["card"] for h in picture["hand"]} == {str(c) for c in state.hand(t.seat)}
        assert picture["view"] == state.view(t.seat).to_json()


def _to_move(service, code):
    table = service.service.table(code)
    return table.game().state.to_move


def test_moves_for_another_seat_out_of_turn_and_twice_at_once(service):
    ama, a, kofi, k = sit_two(service)
    ama.call("start", **a.body())
    table = service.service.table(a.code)
    mover = table.game().state.to_move
    me, my_ticket, other, other_ticket = ((ama, a, kofi, k) if mover == 0 else (kofi, k, ama, a))
    state = table.game().state
    card = state.legal_cards()[0]
    # another seat, with its own secret unknown: refused whatever is sent
    for secret in ("", "guess", other_ticket.secret[:-1] + "x", None):
        with pytest.raises(Refused, match="not your seat"):
            other.call("act", code=a.code, seat=my_ticket.seat, secret=secret,
                       action={"kind": "move", "move": str(card)})
    with pytest.raises(Refused, match="not your seat"):
        other.call("act", code=a.code, seat=7, secret=other_ticket.secret,
                   action={"kind": "move", "move": str(card)})
    # out of turn: the engine's reason, nothing changes
    before = table.version
    theirs = table.game().state.hand(other_ticket.seat)[0]
    answer = other.call("act", action={"kind": "move", "move": str(theirs)}, **other_ticket.body())
    assert answer["ok"] is False
    name = "Ama" if mover == 0 else "Kofi"
    assert answer["message"] == f"Wait: it is {name}'s turn."
    assert table.version == before and table.game().state is state
    # a card that is not theirs, or not a card at all
    answer = me.call("act", action={"kind": "move", "move": str(theirs)}, **my_ticket.body())
    assert answer["ok"] is False and table.game().state is state
    # not "Kofi has 7♠.", as the engine says it to one learner at a bot table
    assert answer["message"] == f"You do not hold {theirs.symbol_text}."
    answer = me.call("act", action={"kind": "move", "move": "XX"}, **my_ticket.body())
    assert answer == {"ok": False, "message": "That is not a move.", "version": table.version}
    # the same card twice at the same moment, from two threads: played once
    answers = []
    go = threading.Barrier(2)

    def send():
        go.wait()
        answers.append(me.call("act", action={"kind": "move", "move": str(card)},
                               version=table.version, **my_ticket.body()))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(a["ok"] for a in answers) == [False, True]
    refused = next(a for a in answers if not a["ok"])
    assert refused["message"] in ("The table has moved on: look again, then choose.",
                                  f"Wait: it is {'Kofi' if mover == 0 else 'Ama'}'s turn.")
    history = table.game().state.history
    assert [m for _s, m in history].count(card) == 1


def test_two_different_cards_at_once_from_both_learners(service):
    """Both learners click at the same moment: each card is played at most once, in turn
    order; a card refused says why (not their turn, or the engine's rule)."""
    ama, a, kofi, k = sit_two(service, players=2)
    ama.call("start", **a.body())
    table = service.service.table(a.code)
    first = table.game().state.to_move
    go = threading.Barrier(2)
    answers, cards = {}, {}

    def send(client, t):
        cards[t.seat] = table.game().state.hand(t.seat)[0]
        go.wait()
        answers[t.seat] = client.call("act", action={"kind": "move", "move": str(cards[t.seat])},
                                      **t.body())

    threads = [threading.Thread(target=send, args=(c, t)) for c, t in ((ama, a), (kofi, k))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert answers[first]["ok"] is True  # the mover's card is always played
    history = table.game().state.history
    played = [seat for seat, answer in answers.items() if answer["ok"]]
    assert history[0] == (first, cards[first])
    assert [(seat, cards[seat]) for seat in sorted(played, key=lambda s: s != first)] == \
        list(history[:len(played)])
    for seat, answer in answers.items():
        if not answer["ok"]:
            assert answer["message"].startswith("Wait: it is") or "were led" in answer["message"]


def test_a_teacher_call_needs_the_key(service):
    client = RecordingClient(service.url)
    with pytest.raises(Refused, match="for teachers only"):
        client.call("teacher/tables")
    with pytest.raises(Refused, match="for teachers only"):
        client.call("teacher/tables", key=TEACHER_KEY[:-1])
    assert client.call("teacher/tables", key=TEACHER_KEY) == {"tables": []}


def test_the_class_is_seated_by_four_with_bots_where_needed():
    assert [len(g) for g in _groups([str(i) for i in range(10)], 4)] == [4, 3, 3]
    assert [len(g) for g in _groups(["a", "b", "c", "d", "e"], 4)] == [3, 2]
    assert _groups([], 4) == []
    assert [len(g) for g in _groups(["a"], 4)] == [1]


def test_a_move_for_a_seat_that_is_not_yours_is_refused_whatever_is_sent(service):
    """Kofi sends Ama's move with his own secret, with her seat written every way JSON
    allows, or no seat at all: refused, and nothing changes at the table."""
    ama, a, kofi, k = sit_two(service, players=2)
    ama.call("start", **a.body())
    table = service.service.table(a.code)
    mover = table.game().state.to_move
    mine, theirs = (a, k) if mover == a.seat else (k, a)
    client = kofi if theirs is k else ama
    card = str(table.game().state.legal_cards()[0])
    before = table.version
    seats = [mine.seat, str(mine.seat), float(mine.seat), [mine.seat], {"seat": mine.seat},
             mine.seat == 1, -1, None, 2, 10 ** 20]
    for seat in seats:
        for secret in (theirs.secret, mine.secret.upper(), mine.secret + " ", {"secret": 1}):
            with pytest.raises(Refused, match="That is not your seat at this table."):
                client.call("act", code=a.code, seat=seat, secret=secret,
                            action={"kind": "move", "move": card})
    with pytest.raises(Refused, match="That is not your seat at this table."):
        client.call("act", code=a.code, secret=theirs.secret, action={"kind": "move", "move": card})
    assert table.version == before and table.game().state.history == ()
