"""The cut and bet panels, the hidden hand before the cut and the money ledger, by .click()."""

from spar_tutor import Bet, Rules
from spar_tutor.session import GameSession
from spar_tutor.widgets import BetPanel, CutPanel, PlayTable
from tests.doubles import first_legal_factory

FOUR = ["human", "beginner", "beginner", "beginner"]


def table(rules, dealer=None, seed=1):
    return PlayTable(GameSession(rules, FOUR, seed=seed, dealer=dealer,
                                 bot_factory=first_legal_factory))


def test_the_cut_panel_asks_the_cutter_and_hides_the_cards():
    t = table(Rules.preset("standard", cut=True), dealer=1)
    s = t.session
    assert t.cutting.layout.display is None and t.hand.buttons == []
    assert "may cut" in t.table.value and "about to deal" in t.cutting.question.value
    assert "cut the pack" in t.status.value and "Ama deals" in t.title.value
    assert t.cutting.lift.max == 34
    t.cutting.lift.value = 12
    t.cutting.cut_button.click()
    assert s.pending is None and s.deal.cut == 12 and t.cutting.layout.display == "none"
    assert len(t.hand.buttons) == 5 and "You cut 12 cards" in t.status.value
    assert t.deal.slider.max > 0  # the deal of the cut pack can be watched


def test_no_cut_button():
    t = table(Rules.preset("standard", cut=True), dealer=1)
    uncut = t.session.deal.pack
    t.cutting.no_cut.click()
    assert t.session.deal.pack == uncut and "did not cut" in t.status.value


def test_the_bet_panel_offers_and_the_bots_answer(monkeypatch):
    monkeypatch.setattr("spar_tutor.session.money.bet_chance",
                        lambda solver, state, seat, seed: 0.5 if seat == 1 else 0.0)
    t = table(Rules.preset("standard", betting=True, buy_in=40))
    s = t.session
    panel = t.betting
    assert panel.layout.display is None and "40 cedis to bet with" in panel.info.value
    assert "Ama offers a bet of 5" in panel.info.value  # (0.5 - 0.25) / 2 of 40
    assert panel.amount.max == 40 and panel.amount.value == 4
    assert all("spar-unplayable" in b._dom_classes for b in t.hand.buttons)
    assert "spar-chip-turn" not in t.table.value  # nobody is to play while bets are made
    panel.amount.value = 9
    panel.offer.click()
    assert s.bet_round.bets[-1] == Bet(0, 9, (1,)) and "matched the bet of 9" in t.status.value
    assert panel.offer_box.layout.display == "none"
    decline = panel.offers.children[0].children[2]
    decline.click()
    assert s.pending is None and panel.layout.display == "none"
    assert "spar-chip-turn" in t.table.value  # the first lead is awaited
    assert "This hand: you bet 9 cedis, matched by Ama." in t.scoreboard.table.value
    assert "Money: everyone started with 40 cedis." in t.scoreboard.table.value


def test_no_bet_and_the_ledger_after_the_hand(monkeypatch):
    monkeypatch.setattr("spar_tutor.session.money.bet_chance",
                        lambda solver, state, seat, seed: 0.9)
    t = table(Rules.preset("standard", betting=True, buy_in=40))
    s = t.session
    t.betting.no_bet.click()
    for _ in range(3):  # match every bot's offer (the panel redraws after each)
        if t.betting.offers.children:
            t.betting.offers.children[0].children[1].click()
    assert s.pending is None
    while not s.state.is_over():
        next(b for b in t.hand.buttons if b.description == s.legal_cards()[0].name).click()
    change = s.match.history[-1].money
    assert "Money:" in t.scoreboard.table.value or not any(change)
    assert "<td>" + str(s.match.money[0]) + "</td>" in t.scoreboard.table.value


def test_panels_stay_hidden_without_the_options():
    s = GameSession("standard", FOUR, seed=1, bot_factory=first_legal_factory)
    assert CutPanel(s).layout.display == "none" and BetPanel(s).layout.display == "none"


def test_hints_during_the_cut_and_the_bets():
    t = table(Rules.preset("standard", cut=True), dealer=1)
    assert not t.hints.buttons[1].disabled
    t.hints.buttons[1].click()
    assert "know the order of the pack" in t.hints.answer.value  # the nudge: a question
    t.hints.buttons[2].click()
    assert "The cut is luck" in t.hints.answer.value  # the idea
    t.hints.buttons[3].click()
    assert "no choice is better than another" in t.hints.answer.value


def test_the_ledger_says_which_part_of_the_money_a_bet_moved():
    from spar_tutor.widgets.scoreboard import money_words

    names = ["You", "Kofi", "Ama"]
    assert money_words([-11, -1, 12], names, [-10, 0, 10]) == (
        "Money: You -11 (-1 for the hand, -10 for the bet), Kofi -1, "
        "Ama +12 (+2 for the hand, +10 for the bet).")
    assert money_words([-10, 0, 10], names, [-10, 0, 10]) == (
        "Money: You -10 (for the bet), Ama +10 (for the bet).")
    assert money_words([-1, -1, 2], names) == "Money: You -1, Kofi -1, Ama +2."
