"""Nobody sees a card they may not see: every message the learners' kernels receive from
the table service, read whole, holds no hidden card of another seat.

Three learners and a bot play whole hands of Ghana table rules (the cut, under ten, dry
and wet, bets, the under card, offside) and of Standard Spar, in English and in French,
through the service on HTTP. Each learner's client keeps every answer it receives: the
pictures of the table after every change, the answers to their moves, the hints at every
level, the review after each hand, and the answers to moves for every card of the pack
(a learner trying to find out where a card is). After each answer, every card that seat
may not see at that moment (another seat's hand and face-down wet, the stock but the
under card shown) is looked for in it in every way a card is written: its code (7H), its
symbol (7♥, R♥ in French), its name (seven of hearts, le sept de cœur).
"""

from __future__ import annotations

import json
import re
from typing import Dict, Iterable, List, Set

import pytest

from tables_helpers import RecordingClient, ServiceThread, ticket

from spar_tutor.engine.cards import Card
from spar_tutor.engine.view import SeatView
from spar_tutor.i18n import speaking
from spar_tutor.server.tables.service import TableService
from spar_tutor.store import Store

LEARNERS = ("Ama", "Kofi", "Esi")


def hidden_from(view: SeatView, state) -> Set[Card]:
    """The cards of the pack that ``view``'s seat may not see now (the cards of a trick
    left unfinished by an offside lay face up on the table too)."""
    seen = set(view.seen_cards())
    if state.abandoned_trick is not None:
        seen |= set(state.abandoned_trick.cards)
    return {Card(r, s) for r in range(2, 15) for s in "SHDC"
            if state.rules.deck_mask & Card(r, s).bit and Card(r, s) not in seen}


def ways_of_writing(card: Card, language: str) -> List[re.Pattern]:
    with speaking(language):
        words = [card.symbol_text, card.name]
    return [re.compile(r"(?<![A-Za-z0-9])" + re.escape(str(card)) + r"(?![A-Za-z0-9])")] + [
        re.compile(re.escape(w)) for w in words]


def texts(data) -> Iterable[str]:
    """Every string in a JSON answer (keys too)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from texts(v)
    elif isinstance(data, list):
        for v in data:
            yield from texts(v)


class Learner:
    """A learner's kernel: every answer it receives is read at once, against what its seat
    may not see at that moment."""

    def __init__(self, name: str, service: ServiceThread, language: str) -> None:
        self.name, self.service = name, service
        self.client = RecordingClient(service.url)
        self.language = language
        self.ticket = None
        self.read = 0

    def call(self, name: str, asked: Set[Card] = frozenset(), **body):
        answer = self.client.call(name, lang=self.language, **body, **self.ticket.body())
        self.check(asked)
        return answer

    def check(self, asked: Set[Card] = frozenset()) -> None:
        """The answers not read yet (but ``asked``: a card the learner named themselves,
        said back to them)."""
        table = self.service.service.table(self.ticket.code)
        new = self.client.answers[self.read:]
        self.read = len(self.client.answers)
        if table.session is None:
            return
        state = table.game().state
        seat = self.ticket.seat
        for card in hidden_from(state.view(seat), state) - set(asked):
            for call, raw in new:
                text = "\n".join(texts(json.loads(raw.decode("utf-8"))))
                for way in ways_of_writing(card, self.language):
                    found = way.search(text)
                    assert not found, (
                        f"{self.name} (seat {seat}) was told {card} ({way.pattern}) in the "
                        f"answer to {call}: " + text[max(0, found.start() - 300):][:600]
                        .replace("\n", " | "))


def play(learners: Dict[str, Learner], table, hands: int) -> Set[str]:
    """Play ``hands`` hands, each learner looking at the table after every change and
    poking at it; returns what the learners decided (cut, bets, declare, renege, card)."""
    finished = 0
    decided: Set[str] = set()
    for _step in range(4000):
        s = table.game()
        if finished >= hands or table.status != "playing":
            return decided
        for learner in learners.values():
            learner.call("poll", wait=0)
        deciding = table.deciding()
        assert deciding, "nobody to decide while the match goes on"
        learner = next(l for l in learners.values() if l.ticket.seat == deciding[0])
        picture = learner.call("poll", wait=0)
        if picture["over"]:
            for other in learners.values():
                assert other.call("review")["hand_number"] == s.hand_number
            for other in learners.values():
                other.call("act", action={"kind": "next"})
            finished += 1
        elif picture.get("cut"):
            decided.add("cut")
            learner.call("act", action={"kind": "cut", "lift": 7})
        elif picture.get("bets"):
            decided.add("bets")
            bets = picture["bets"]
            if bets["offer_most"]:
                learner.call("act", action={"kind": "offer", "amount": min(3, bets["offer_most"])})
            else:
                learner.call("act", action={"kind": "answer", "index": bets["answers"][0]["index"],
                                            "accept": True})
        else:
            for level in (1, 2, 3):
                learner.call("hint", level=level)
            # a learner trying every card of the pack, to find out where each one is
            seat = learner.ticket.seat
            for card in hidden_from(s.state.view(seat), s.state):
                answer = learner.call("act", asked={card}, action={"kind": "move",
                                                                   "move": str(card)})
                assert answer["ok"] is False
                learner.call("act", asked={card}, action={"kind": "renege", "move": str(card)})
            moves = picture["offers"] or [h["card"] for h in picture["hand"] if h["playable"]]
            reneges = [h["card"] for h in picture["hand"] if h.get("renege")]
            if reneges and s.hand_number == 2:  # an offside: its end is kept quiet too
                decided.add("renege")
                assert learner.call("act", action={"kind": "renege", "move": reneges[0]})["ok"]
            else:
                decided.add("declare" if picture["offers"] else "card")
                learner.call("act", action={"kind": "move", "move": moves[-1]})
    raise AssertionError("the hands did not end")


EVERY_DECISION = {"cut", "bets", "declare", "renege", "card"}


@pytest.mark.parametrize("rules,language,seed,decisions", [
    ("ghana_table", "en", "a", EVERY_DECISION), ("ghana_table", "fr", "b", {"card", "bets"}),
    ("ghana_table", "en", "c", {"card", "bets"}), ("standard", "en", "d", {"card"})])
def test_no_learner_is_ever_sent_another_seats_hidden_card(rules, language, seed, decisions):
    service = ServiceThread(TableService(Store.memory(), seeds=lambda: f"privacy-{seed}"),
                            tick=None)
    try:
        learners = {name: Learner(name, service, language) for name in LEARNERS}
        first = learners["Ama"]
        first.ticket = ticket(first.client.call("create", name="Ama", rules=rules, players=4,
                                                hints=True, bots="beginner"))
        for name in LEARNERS[1:]:
            learners[name].ticket = ticket(learners[name].client.call(
                "join", code=first.ticket.code, name=name))
        first.call("start")
        table = service.service.table(first.ticket.code)
        decided = play(learners, table, hands=3)
        assert decisions <= decided  # the deals of this seed ask for these decisions
        assert table.game().hand_number >= 3 or table.status == "over"
        assert sum(l.read for l in learners.values()) > 200
        kinds = {call for l in learners.values() for call, _raw in l.client.answers}
        assert {"poll", "act", "hint", "review"} <= kinds
    finally:
        service.stop()
