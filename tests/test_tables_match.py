"""A shared table plays a whole match as a bot table does (the same session and engine):
the winner deals, the cut, under ten, dry and wet, the bets, the under card and offside,
to the match's end; the creator's choices hold (hints allowed or not, beginner or expert
computer players); a class without money plays without stakes and bets, in its currency;
and a learner's hints and review are made from their own view alone."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Set

import pytest

from spar_tutor.engine.state import HandState
from spar_tutor.engine.view import SeatView
from spar_tutor.i18n.money import set_currency
from spar_tutor.learning.class_settings import save_class_settings
from spar_tutor.server.tables.service import Caller, TableService
from spar_tutor.session.hints import SessionHints
from spar_tutor.store import Store

LEARNER = Caller()
#: A seed whose deals give the learners every decision of Ghana table rules in one match
#: (found by trying seeds: an under-ten hand comes about once in 80 hands a seat).
MATCH_SEED = "match-6"


class Learner:
    """A learner at a table, deciding through the service as their page does."""

    def __init__(self, service: TableService, answer: Dict[str, Any]) -> None:
        self.service = service
        self.code, self.seat, self.secret = answer["code"], answer["seat"], answer["secret"]

    def picture(self) -> Dict[str, Any]:
        return self.service.picture(self.code, self.seat, self.secret)

    def act(self, **action: Any) -> Dict[str, Any]:
        return self.service.act(self.code, self.seat, self.secret, action)


def seat_two(service: TableService, rules: str = "ghana_table", players: int = 3,
             **choices: Any) -> List[Learner]:
    ama = Learner(service, service.create(LEARNER, "Ama", rules, players, **choices))
    kofi = Learner(service, service.join(LEARNER, ama.code, "Kofi"))
    service.start(ama.code, ama.seat, ama.secret)
    return [ama, kofi]


def decide(learner: Learner, picture: Dict[str, Any], done: Set[str], renege: bool) -> None:
    """The learner's choice, trying each kind of decision the table offers: a cut, a bet
    and a match, under ten, a dry and a wet, the under card, a renege (once, if ``renege``)."""
    if picture.get("cut"):
        done.add("cut")
        assert learner.act(kind="cut", lift=5)["ok"]
        return
    bets = picture.get("bets")
    if bets:
        if bets["offer_most"]:
            done.add("bet offered")
            assert learner.act(kind="offer", amount=min(2, bets["offer_most"]))["ok"]
        else:
            done.add("bet matched")
            assert learner.act(kind="answer", index=bets["answers"][0]["index"], accept=True)["ok"]
        return
    offers = [m for m in picture["offers"] if m != "pass"]  # "dry 6S", "under ten", ...
    if offers:
        first = offers[0].split()[0]
        done.add(first if first in ("dry", "wet") else offers[0])
        assert learner.act(kind="move", move=offers[0])["ok"], offers[0]
        return
    reneges = [h["card"] for h in picture["hand"] if h["renege"]]
    if renege and reneges and "offside" not in done:
        done.add("offside")
        assert learner.act(kind="renege", move=reneges[0])["ok"]
        return
    cards = [h["card"] for h in picture["hand"] if h["playable"]]
    assert learner.act(kind="move", move=cards[0])["ok"]


def test_a_whole_match_of_ghana_table_rules_as_at_a_bot_table():
    service = TableService(Store.memory(), seeds=lambda: MATCH_SEED)
    learners = seat_two(service)
    table = service.table(learners[0].code)
    done: Set[str] = set()
    dealers: List[int] = []
    results: List[Optional[int]] = []
    for _step in range(3000):
        s = table.game()
        if table.status == "over":
            break
        if s.state.is_over():
            for learner in learners:
                learner.act(kind="next")
            continue
        if len(dealers) < s.hand_number:
            dealers.append(s.deal.dealer)
        deciding = table.deciding()
        assert deciding, "the table waits for nobody"
        learner = next(l for l in learners if l.seat == deciding[0])
        before = s.hand_number
        decide(learner, learner.picture(), done, renege=s.hand_number >= 2)
        if s.state.is_over() and s.hand_number == before and len(results) < before:
            results.append(s.state.result.winner)
    else:
        pytest.fail("the match did not end")
    s = table.game()
    assert s.match.is_over() and table.status == "over"
    # every learner is told who won the match, the same way as at a bot table
    for learner in learners:
        picture = learner.picture()
        assert picture["match_over"] and picture["match_result"]
    # the winner of a hand deals the next (after an offside or a hand nobody won, the same
    # dealer deals again)
    hands = s.finished_hands + [s.played_hand()]
    assert len(dealers) == len(hands) >= 3
    for number, (dealer, winner) in enumerate(zip(dealers, results), start=1):
        if number < len(dealers):
            assert dealers[number] == (dealer if winner is None else winner), number
    assert {"cut", "bet offered", "bet matched", "dry", "wet", "under card", "under ten",
            "offside"} <= done, done
    # the money the stakes and bets moved adds up to nothing
    assert sum(s.match.money) == sum(type(s.match).new(s.rules, 3, seed="x").money)


def test_hints_are_as_the_creator_chose():
    service = TableService(Store.memory(), seeds=lambda: "hints")
    off = seat_two(service, "standard", 2, hints=False)
    assert off[0].picture()["hints"] is False
    mover = next(l for l in off if l.seat in service.table(l.code).deciding())
    answer = service.hint(mover.code, mover.seat, mover.secret, 1)
    assert answer["text"] == "Hints are off at this table." and answer["values"] == []
    on = seat_two(service, "standard", 2, hints=True)
    assert on[1].picture()["hints"] is True


@pytest.mark.parametrize("strength", ["beginner", "expert"])
def test_the_computer_players_are_as_the_creator_chose(strength):
    service = TableService(Store.memory(), seeds=lambda: "bots")
    ama = Learner(service, service.create(LEARNER, "Ama", "standard", 4, bots=strength))
    service.start(ama.code, ama.seat, ama.secret)
    table = service.table(ama.code)
    seats = table.game().seats
    assert [seat.spec for seat in seats] == ["human", strength, strength, strength]
    labels = [row["label"] for row in ama.picture()["seats"]]
    assert all(label.endswith(f"({strength})") for label in labels[1:]), labels
    # a computer player standing in for an away learner is of the same strength
    assert type(table._bot(0)).__name__ == type(seats[1].bot).__name__


def test_a_class_without_money_plays_without_stakes_and_bets_in_its_currency(tmp_path):
    store = Store.open(f"sqlite:///{tmp_path / 'class.sqlite'}")
    try:
        save_class_settings(store, currency="tokens", money=False)
        service = TableService(store, seeds=lambda: "no-money")
        learners = seat_two(service)
        table = service.table(learners[0].code)
        assert table.rules.name == "ghana_table" and not table.rules.betting \
            and table.rules.stake == 0
        assert all("money" not in row for row in learners[0].picture()["seats"])
        assert table.game().pending != "bets"
        # the same after a restart: the table keeps the class's choice of its making
        save_class_settings(store, currency="tokens", money=True)
        again = TableService(store).table(learners[0].code)
        assert not again.rules.betting and again.rules.stake == 0
        # a table made now plays them, its bets counted in the class's tokens
        betting = TableService(store, seeds=lambda: "money")
        ama, kofi = seat_two(betting)
        assert betting.table(ama.code).rules.betting
        for _step in range(20):
            for learner in (ama, kofi):
                picture = learner.picture()
                if picture.get("deciding") and not picture.get("bets"):
                    decide(learner, picture, set(), renege=False)
            if betting.table(ama.code).game().pending == "bets":
                break
        mover = next(l for l in (ama, kofi) if l.picture().get("bets", {}) and
                     l.picture()["bets"]["offer_most"])
        assert mover.act(kind="offer", amount=2)["ok"]
        lines = " ".join(ama.picture()["bets"]["lines"] + kofi.picture()["bets"]["lines"])
        assert "2 tokens" in lines, lines
    finally:
        set_currency(None)
        store.close()


def key(view: SeatView) -> str:
    return json.dumps(view.to_json(), sort_keys=True, default=str)


class Spy:
    """The solver, recording what the hints and the review ask it about."""

    def __init__(self) -> None:
        from spar_tutor import solver

        self.solver = solver
        self.asked: List[Any] = []
        self.hindsight: List[Any] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.solver, name)
        if not callable(found):
            return found

        def call(*args: Any, **kwargs: Any) -> Any:
            if name == "analyse_play":  # the review's hindsight: all cards seen, hand over
                self.hindsight.append(args[1])
            else:
                self.asked.extend(a for a in (*args, *kwargs.values())
                                  if isinstance(a, (SeatView, HandState)))
            return found(*args, **kwargs)

        return call


def test_a_learners_hints_and_review_come_from_their_own_view():
    service = TableService(Store.memory(), seeds=lambda: "views")
    learners = seat_two(service, "ghana_table", 3)
    table = service.table(learners[0].code)
    spies = {}
    for learner in learners:
        spies[learner.seat] = Spy()
        table._coaches[learner.seat] = SessionHints(solver=spies[learner.seat], worlds=12)
    views: Dict[int, List[str]] = {l.seat: [] for l in learners}
    for _step in range(400):
        s = table.game()
        if s.state.is_over():
            break
        learner = next(l for l in learners if l.seat == table.deciding()[0])
        picture = learner.picture()
        for level in (1, 2, 3):
            service.hint(learner.code, learner.seat, learner.secret, level)
        if not picture.get("cut") and len(s.state.legal_moves()) > 1:  # the solver is asked
            views[learner.seat].append(key(s.state.view(learner.seat)))
        decide(learner, picture, set(), renege=False)
    assert table.game().state.is_over()
    for learner in learners:
        review = service.review(learner.code, learner.seat, learner.secret)
        assert review["lines"]
        spy = spies[learner.seat]
        # the solver was asked about this learner's views only, never the whole table
        assert spy.asked and all(isinstance(a, SeatView) for a in spy.asked), \
            [type(a).__name__ for a in spy.asked]
        assert {v.seat for v in spy.asked} == {learner.seat}
        # ... the views they had at each decision (the hints' and the review's)
        assert {key(v) for v in spy.asked} >= set(views[learner.seat])
        # the review's hindsight sees all cards only once the hand is over
        assert all(final.is_over() for final in spy.hindsight)
