"""The session and widgets with the real solver: its bots, hint level 3 and the review."""

import re

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.engine.state import Action, move_label
from spar_tutor.session import GameSession, ReviewLine
from spar_tutor.widgets import PlayTable
from tests.test_session import GHANA


@pytest.mark.parametrize("strength", ["random", "beginner", "expert"])
def test_real_bots_play_legal_moves_to_the_end(strength):
    s = GameSession("standard", ["human", strength, strength], seed=2)
    while not s.state.is_over():
        assert s.is_human_turn
        assert s.play(s.legal_cards()[0]).ok
    assert s.state.result is not None and len(s.state.tricks) == 5


def test_real_bots_take_the_ghana_table_phases():
    s = GameSession("ghana_table", ["human", "expert", "beginner", "random"], seed=4)
    while not s.state.is_over():
        offers = s.offers()
        if s.pending == "cut":
            assert s.cut(7).ok
        elif s.pending == "bets":
            assert s.offer_bet(0).ok
            for i in s.bet_round.answers_due(0):
                assert s.answer_bet(i, False).ok
        elif s.state.phase != "play":
            assert s.move(offers[-1]).ok  # pass
        else:
            assert s.play(s.legal_cards()[0]).ok
    assert s.match.hands_played == 1


def test_hint_level_three_values_every_legal_card():
    s = GameSession("standard", ["human", "beginner", "beginner", "beginner"], seed=6)
    s.play(s.legal_cards()[0])
    while len(s.legal_cards()) == 1:
        only = s.legal_cards()[0]
        assert s.hint(3).text == f"{only.symbol_text} is the only card you may play."
        s.play(s.legal_cards()[0])
    answer = s.hint(3)
    legal = set(s.legal_cards())
    assert {v.card for v in answer.values} == legal
    card = answer.best.symbol_text
    assert answer.best in legal and answer.text.startswith((f"Play {card}", f"Throw {card}"))
    # the one wording of a chance: "deals out of 100"
    assert re.search(rf"With {card} you win the hand in about \d+ deals? out of 100\.",
                     answer.text), answer.text
    assert "of every 100" not in answer.text and "points on average" not in answer.text
    assert all(0.0 <= v.win_chance <= 1.0 for v in answer.values)
    assert s.hint(3) is answer  # cached until the game moves on


def test_hint_panel_draws_the_solver_chart():
    table = PlayTable(GameSession("standard", ["human", "beginner", "beginner"], seed=3))
    table.hints.buttons[3].click()
    assert "<b>The computer&#x27;s card</b>: " in table.hints.answer.value
    assert "<svg" in table.hints.answer.value and "hands won in 100 hands" in table.hints.answer.value


def test_review_names_every_card_the_learner_played():
    s = GameSession("standard", ["human", "beginner", "beginner", "beginner"], seed=8)
    played = []
    while not s.state.is_over():
        card = s.legal_cards()[-1]
        played.append(card)
        s.play(card)
    lines = s.review()
    assert [line.card for line in lines] == played
    assert [line.trick for line in lines] == [1, 2, 3, 4, 5]
    for line in lines:
        assert line.cost >= 0 and line.text.startswith(f"You played {line.card.symbol_text}.")
        if line.text.endswith("It was your only choice."):  # nothing to see in hindsight
            assert line.hindsight == "" and line.hindsight_cost == 0
            continue
        assert line.hindsight.startswith("With all cards seen: ")
        assert bool(re.search(r"cost you \d", line.hindsight)) == (line.hindsight_cost > 1e-9)
        if line.mistake:
            assert line.best.symbol_text in line.text


def test_review_panel_after_a_hand():
    table = PlayTable(GameSession("standard", ["human", "random"], seed=1))
    s = table.session
    while not s.state.is_over():
        s.play(s.legal_cards()[0])
    table.review.button.click()
    assert "Your decisions, hand 1" in table.review.lines.value
    assert "With all cards seen (hindsight)" in table.review.lines.value
    table.review.slider.value = 3
    assert "Move 3 of" in table.review.step_text.value


def test_the_review_panel_shows_a_mistakes_tip_on_a_line_of_its_own(monkeypatch):
    table = PlayTable(GameSession("standard", ["human", "random"], seed=1))
    s = table.session
    while not s.state.is_over():
        s.play(s.legal_cards()[0])
    line = ReviewLine(1, Card.parse("KD"), Card.parse("9S"), 0.5, "You played K♦. A mistake.",
                      True, tip="Tip: when you cannot follow suit, throw away the card with "
                                "no job.")
    monkeypatch.setattr(s, "review", lambda: [line])
    table.review.button.click()
    value = table.review.lines.value
    tip = re.search(r"<div class='spar-review-tip'[^>]*>(.*?)</div>", value)
    assert tip and "throw away the card with no job" in tip.group(1)
    assert "var(--spar-ink" in tip.group(0)  # advice in plain ink, not the mistake's red


def test_the_review_explains_its_rule_words_once_on_hover():
    """A ghana_table review speaks of the dry, the wet and tricks: the first use of each
    is marked with its meaning (as in lessons and puzzles), later ones are plain."""
    table = PlayTable(GameSession(GHANA, ["human", "beginner", "beginner", "beginner"], seed=4))
    s = table.session
    assert s.move(Action.dry(Card.parse("6S"))).ok
    while not s.state.is_over():
        assert s.move(Action("pass") if s.state.phase != "play" else s.legal_cards()[0]).ok
    table.review.button.click()
    value = table.review.lines.value
    marked = re.findall(r'data-term="(\w+)"', value)
    assert "dry" in marked and len(marked) == len(set(marked))  # each term once
    assert ".spar-term" in value  # the glossary's own style comes with it


def test_hint_level_three_before_the_first_lead_values_the_offers():
    s = GameSession(GHANA, ["human", "beginner", "beginner", "beginner"], seed=3)
    assert s.state.phase == "declare"
    answer = s.hint(3)
    assert {v.label for v in answer.values} == {move_label(a) for a in s.offers()}
    assert {v.label for v in answer.values} == {"pass", "dry 6♦"}
    assert answer.best in s.offers()
    assert answer.text.startswith("Declare no dry. That way you win the hand in about "
                                  if answer.best == Action("pass")
                                  else "Declare 6♦ as your dry. That way you win the hand in ")
    if answer.best == Action("pass"):  # the figure beside the advice agrees with it
        assert "Drying still paid" not in answer.text


def test_hint_level_three_offers_the_wet_and_says_it_costs_nothing():
    """A wet is face down and costs nothing if it does not win: the hint puts it first."""
    s = GameSession(GHANA, ["human", "beginner", "beginner", "beginner"], seed=4)
    assert s.move(Action.dry(Card.parse("6S"))).ok
    assert {str(a) for a in s.offers()} == {"wet 7C", "pass"}
    answer = s.hint(3)
    assert answer.best == Action.wet(Card.parse("7C"))
    assert answer.text.startswith("Declare 7♣ as your wet. That way you win the hand in about ")
    assert answer.text.endswith("A wet costs you nothing if it does not win, and the others "
                                "cannot see which card it is.")
    wet, passing = answer.values[0], answer.values[1]
    assert wet.expected >= passing.expected and wet.win_chance == passing.win_chance


def test_review_says_what_a_costly_card_lost_and_what_was_better():
    s = GameSession("standard", ["human", "beginner", "beginner"], seed=0)
    while not s.state.is_over():
        s.play(s.legal_cards()[0])
    costly = [line for line in s.review() if line.hindsight_cost > 0]
    assert costly
    for line in costly:
        assert re.search(r"cost you \d+ points?\. With ", line.hindsight)
        assert "seat " not in line.text + line.hindsight  # seats are named


def test_a_card_the_hint_calls_just_as_good_is_one_the_review_calls_as_good():
    """Over seeded hands, the hint names every card within the review's 'as good' margin
    of its best card, and only those; played, each is judged 'as good as the best choice'."""
    from spar_tutor.i18n import join_names
    from spar_tutor.solver.review import Choice, judge, judgement_words

    named = 0
    for seed in range(6):
        s = GameSession("standard", ["human", "beginner", "beginner"], seed=seed)
        while not s.state.is_over():
            if len(s.legal_cards()) > 1:
                answer = s.hint(3)
                best = answer.values[0]
                same = [v.card for v in answer.values[1:] if best.expected - v.expected < 0.1
                        and round(100 * best.win_chance) - round(100 * v.win_chance) <= 2]
                assert list(answer.as_good) == same  # the chart's gold bars
                words = [c.symbol_text for c in same]
                if same:
                    named += 1
                    tail = (f"{join_names(words)} is just as good." if len(same) == 1 else
                            f"{join_names(words)} are just as good.")
                    assert tail in answer.text, answer.text
                    choices = [Choice(v.card, v.win_chance, v.expected) for v in answer.values]
                    for card in same:
                        j = judge(choices, card)
                        words = judgement_words(j)
                        assert "as good as the best choice" in words or "as good as any" in words
                else:
                    assert "just as good" not in answer.text, answer.text
            s.play(s.legal_cards()[-1])
    assert named >= 3  # the sentence was tried, not only its absence


def _hint_with(values):
    """The level-3 hint at a seeded position with several legal cards, the solver's values
    given (win chance, points) per legal card, best first."""
    from spar_tutor.session.hints import CardValue, Valued

    s = GameSession("standard", ["human", "beginner", "beginner"], seed=0)
    while len(s.legal_cards()) < 3:
        s.play(s.legal_cards()[0])
    legal = s.legal_cards()
    choices = tuple(CardValue(c, w, e, c.symbol_text, c) for c, (w, e) in zip(legal, values))
    s.hints.view_values = lambda view: Valued(choices, 80, None)
    return s.hint(3), legal


def test_a_lost_hand_is_said_in_words_not_in_zeros():
    answer, legal = _hint_with([(0.0, 0.0)] * 5)
    assert answer.text == (f"No card can win this hand for you now. Any card will do, "
                           f"{legal[0].symbol_text} for example.")
    assert answer.best == legal[0] and "0 deals" not in answer.text


def test_a_long_shot_is_called_the_best_chance_but_a_small_one():
    answer, legal = _hint_with([(0.03, 0.1)] + [(0.0, 0.0)] * 4)
    card = legal[0].symbol_text
    assert answer.text.startswith(f"Play {card}: it is your best chance, but a small one. "
                                  f"With {card} you win the hand in about 3 deals out of 100.")


def test_a_card_that_never_won_is_not_just_as_good_as_one_that_sometimes_did():
    """6♠ won 8 deals in 100 and J♣ none: a few hundredths of a point apart, but the chart
    shows 8% and 0%, so the hint does not call J♣ just as good (nor colours it gold)."""
    answer, legal = _hint_with([(0.08, 0.08), (0.0, 0.02), (0.07, 0.06)] + [(0.0, 0.0)] * 2)
    assert answer.as_good == (legal[2],)
    assert answer.text.endswith(f"{legal[2].symbol_text} is just as good.")
    assert legal[1].symbol_text not in answer.text
    # behind its "Why not" button, J♣ is not called just as good either
    why = dict(answer.why_not)
    assert "just as good" not in why[legal[1]] and "just as good" in why[legal[2]]


def test_a_card_that_wins_more_often_but_is_not_the_best_is_explained():
    """The chart shows each card's wins; when one wins more often than the card the hint
    names, the hint says why it is not the best (its wins bring fewer points)."""
    answer, legal = _hint_with([(0.29, 0.9), (0.2, 0.6), (0.34, 0.3)] + [(0.1, 0.2)] * 2)
    best, other = legal[0].symbol_text, legal[2].symbol_text
    assert (f"{other} wins the hand more often, in about 34 deals out of 100, but its wins "
            "bring fewer points. The computer picks the card with the most points over many "
            "hands.") in answer.text
    assert dict(answer.why_not)[legal[2]] == (
        f"{other} wins the hand more often, in about 34 deals out of 100, but for fewer "
        f"points: about 1 point every 3 hands, against about 1 point a hand for {best}.")
    answer, legal = _hint_with([(0.34, 0.9), (0.29, 0.6)] + [(0.1, 0.2)] * 3)
    assert "more often" not in answer.text
    # a card just as good that wins a little more often: "just as good" says enough (it
    # said "K♥ wins the hand more often, ... fewer points: 2.0 ..., against 2.1" as well)
    answer, legal = _hint_with([(0.76, 2.07), (0.80, 2.03)] + [(0.1, 0.2)] * 3)
    assert "more often" not in answer.text
    assert f"{legal[1].symbol_text} is just as good." in answer.text


def test_hint_level_three_says_why_not_with_the_rule_a_worse_card_breaks():
    """The figures say which card; "Why not 6♠?" says why not, in the words the review of
    that card would use, and what it brings beside the best card."""
    from spar_tutor.engine.rules import Rules
    from spar_tutor.engine.state import HandState
    from spar_tutor.session.coach import mistake_rule
    from spar_tutor.session.hints import CardValue, why_not_words

    view = HandState.new(Rules.preset("standard"), ["6S KH 9D", "8S QH 7D"], dealer=1).view(0)
    six, king, nine = (Card.parse(c) for c in ("6S", "KH", "9D"))
    best, worse = CardValue(nine, 0.6, 1.5), CardValue(six, 0.2, 0.4)
    assert why_not_words(view, best, worse) == (
        mistake_rule(view, six, nine) + " 6♠ brings about 1 point every 2 hands, and 9♦ "
        "about 2 points a hand.")
    assert mistake_rule(view, six, nine) == ("Tip: keep 6♠ for the last trick, where it "
                                             "scores more than a higher card.")
    close = CardValue(six, 0.59, 1.45)
    assert why_not_words(view, best, close) == "6♠ is just as good as 9♦."


def test_hints_followed_for_whole_hands_often_give_a_tip():
    tips = 0
    for seed in range(6):
        s = GameSession("standard", ["human", "beginner", "beginner"], seed=seed)
        while not s.state.is_over():
            answer = s.hint(3)
            assert [card for card, _why in answer.why_not] == [
                v.card for v in answer.values[1:]]  # a "Why not" for every other card
            tips += sum("Tip: " in why for _card, why in answer.why_not)
            s.play(answer.best or s.legal_cards()[0])
    assert tips >= 2
