"""The widgets without a browser: build them, .click() buttons, check the session and traits."""

import json
import logging
import re

import pytest

from spar_tutor import PRESETS, Action
from spar_tutor.engine.cards import SUIT_NAMES, SUIT_SINGULAR
from spar_tutor.session import GameSession
from spar_tutor.widgets import (
    DealWidget, DeclarationsPanel, HandWidget, PlayTable, SavePanel, SetupPanel, TableWidget,
)
from spar_tutor.widgets.common import SORRY
from spar_tutor.render.table import table_html
from tests.doubles import first_legal_factory
from tests.test_session import GHANA, illegal_card, play_until_follow

FOUR = ["human", "beginner", "beginner", "beginner"]


def session(rules="standard", seats=FOUR, seed=1):
    return GameSession(rules, seats, seed=seed, bot_factory=first_legal_factory)


def button_for(hand, card):
    return next(b for b in hand.buttons if b.description == card.name)


def finish_hand(table):
    while not table.session.state.is_over():
        card = table.session.legal_cards()[0]
        button_for(table.hand, card).click()


def test_hand_shows_every_card_as_a_named_button():
    s = session()
    hand = HandWidget(s)
    names = [b.description for b in hand.buttons]
    assert sorted(names) == sorted(c.name for c in s.state.hand(0))
    assert all("spar-card-btn" in b._dom_classes for b in hand.buttons)
    assert "data:image/svg+xml;base64," in hand._style.value


def test_clicking_a_card_plays_it_and_the_bots_answer():
    s = session()
    table = PlayTable(s)
    card = s.legal_cards()[0]
    button_for(table.hand, card).click()
    assert card not in s.state.hand(0)
    assert s.is_human_turn
    assert len(table.hand.buttons) == 4
    assert "Your turn" in table.status.value


def test_unplayable_card_is_dimmed_says_why_and_changes_nothing():
    s = session()
    table = PlayTable(s)
    assert play_until_follow(s)
    card = illegal_card(s)
    b = button_for(table.hand, card)
    assert "spar-unplayable" in b._dom_classes and "follow suit" in b.tooltip
    state = s.state
    b.click()
    assert s.state is state
    assert "follow suit" in table.status.value and "spar-warn" in table.status.value


def test_the_prompt_says_what_the_follow_suit_rule_allows_now():
    """When a suit was led the prompt says whether the learner must follow it (and so why
    some cards are grey) or holds none and may play any card."""
    said = {}
    for seed in range(1, 40):
        s = session(seed=seed)
        table = PlayTable(s)
        while not s.state.is_over() and len(said) < 2:
            state = s.state
            if state.current_trick and state.to_move == 0:
                led = state.current_trick[0].suit
                holds = any(c.suit == led for c in state.hand(0))
                said.setdefault(holds, (SUIT_NAMES[led], SUIT_SINGULAR[led], table.prompt()))
            button_for(table.hand, s.legal_cards()[0]).click()
        if len(said) == 2:
            break
    suits, suit, prompt = said[True]
    assert prompt.endswith(f"Your turn: {suits} were led, so play a {suit}.")
    suits, suit, prompt = said[False]
    assert prompt.endswith(f"Your turn: {suits} were led. You have no {suit}, so you may play "
                           "any card.")


def test_the_prompt_says_who_took_the_trick_before():
    """The trick is gathered up as the bots play on: the learner reads who took it."""
    s = session(seed=3)
    table = PlayTable(s)
    assert not re.search(r"won trick \d", table.prompt())  # the first trick: none before
    seen = 0
    while not s.state.is_over():
        state = s.state
        if state.tricks and state.to_move == 0:
            t = state.tricks[-1]
            who = "You" if t.winner == 0 else s.name(t.winner)
            card = t.winning_card(state.players).symbol_text
            assert table.prompt().startswith(
                f"{who} won trick {len(state.tricks)} with {card}. Your turn"), table.prompt()
            seen += 1
        button_for(table.hand, s.legal_cards()[0]).click()
    assert seen >= 3


def test_the_prompt_answers_show_the_under_card():
    """After "Show the under card" the line the learner reads names it, for that trick."""
    s = session(rules=GHANA, seed=5)
    table = PlayTable(s)
    asked = False
    while not s.state.is_over():
        kinds = {a.kind for a in s.offers()}
        if "under_card" in kinds and not asked:
            assert "under card" not in table.prompt()
            [button] = [b for b in table.declarations._buttons.children
                        if b.description == "Show the under card"]
            button.click()
            card = s.state.under_card.symbol_text
            assert table.prompt().startswith(
                f"The under card is {card} (you asked to see it). "), table.prompt()
            asked = True
        elif s.state.phase == "play":
            if asked and s.state.tricks_left == 1 and s.state.to_move == 0:
                assert "under card" not in table.prompt()  # only while its trick lasts
            s.play(s.legal_cards()[0])
        else:
            s.move(Action("pass"))
    assert asked


def test_double_click_plays_one_card():
    s = session()
    hand = HandWidget(s)
    b = button_for(hand, s.legal_cards()[0])
    b.click()
    plays = s.state.plays_made
    b.click()  # the same (now stale) button again
    assert s.state.plays_made == plays


def table_draws(table, click):
    """How many times the table was drawn during ``click()``."""
    drawn = []
    table.table.observe(lambda change: drawn.append(change["new"]), names="value")
    click()
    return len(drawn)


def test_quick_bots_answer_in_one_drawing_of_the_table():
    s = session(seed=3)
    table = PlayTable(s)
    for _ in range(4):  # the bots answer at once: one drawing a click, not one a move
        assert table_draws(table, lambda: button_for(table.hand, s.legal_cards()[0]).click()) == 1


def test_slow_bots_are_drawn_while_they_think():
    from tests.test_session import ThinkingBot

    s = GameSession("standard", ["human", "expert", "expert", "expert"], seed=2, dealer=3,
                    bot_factory=lambda spec, seed: ThinkingBot(spec, seed))
    table = PlayTable(s)
    draws = table_draws(table, lambda: button_for(table.hand, s.legal_cards()[0]).click())
    assert draws >= 2  # the table moved on before the last bot was done


def test_a_click_makes_no_new_button_and_sends_pictures_once_a_hand():
    s = session(seed=3)
    hand = HandWidget(s)
    pictures = hand._style.value
    old = list(hand.buttons)
    card = s.legal_cards()[0]
    played = button_for(hand, card)
    played.click()
    assert hand.buttons == [b for b in old if b is not played]  # the same buttons, redrawn
    assert len({(b.layout.model_id, b.style.model_id) for b in old}) == 1  # shared: one
    # message a new button, not three
    assert all(b.comm is not None for b in hand.buttons)
    assert hand._style.value == pictures  # nothing new to draw in this hand
    plays = s.state.plays_made
    played.click()  # the played card's button, no longer on show, plays nothing
    assert s.state.plays_made == plays and card not in s.state.hand(s.viewer)


def test_undo_redo_and_next_hand_buttons():
    s = session()
    table = PlayTable(s)
    assert table.undo.disabled
    button_for(table.hand, s.legal_cards()[0]).click()
    assert not table.undo.disabled
    table.undo.click()
    assert len(s.state.hand(0)) == 5 and not table.redo.disabled
    table.redo.click()
    assert len(s.state.hand(0)) == 4
    assert table.next_hand.disabled
    finish_hand(table)
    assert not table.next_hand.disabled and "Next hand" in table.status.value
    table.next_hand.click()
    assert s.hand_number == 2 and len(table.hand.buttons) == 5


def test_table_draws_two_to_seven_seats():
    for n in range(2, 8):
        s = session(seats=["human"] + ["random"] * (n - 1))
        html = table_html(s.state, [seat.name for seat in s.seats], 0)
        assert len(re.findall(r'class="spar-seat[" ]', html)) == n
        text = re.sub(r"<[^>]+>", "", html)  # a bot's strength sits on a line of its own
        assert all(seat.name in text for seat in s.seats)
        assert html.count(">dealer</span>") == 1


def test_table_marks_turn_leader_and_trick():
    s = session()
    t = TableWidget(s)
    assert "spar-turn" in t.value and "leader" in t.value and "Trick 1 of 5" in t.value
    s.play(s.legal_cards()[0])
    assert "won trick 1" in t.value or "Trick 2 of 5" in t.value
    assert "Played cards" in t.value and "won by" in t.value


def test_declarations_panel_offers_only_what_is_allowed():
    plain = DeclarationsPanel(session())
    assert plain.layout.display == "none"
    s = session(rules=GHANA, seed=3)
    panel = DeclarationsPanel(s)
    labels = [b.description for b in panel._buttons.children]
    assert panel.layout.display is None and "No dry" in labels
    dry = next(b for b in panel._buttons.children if b.description.startswith("Dry"))
    dry.click()
    assert s.state.dry[0] is not None


def test_under_ten_buttons():
    s = session(rules=GHANA, seed=0)
    panel = DeclarationsPanel(s)
    assert "under ten" in panel._question.value
    next(b for b in panel._buttons.children if b.description == "Exchange my hand").click()
    assert s.state.exchanged and s.state.exchanged[0][0] == 0


def test_hint_levels_one_and_two_in_the_panel():
    table = PlayTable(session())
    table.hints.buttons[1].click()
    assert "A nudge" in table.hints.answer.value
    table.hints.buttons[2].click()
    assert "The idea" in table.hints.answer.value
    button_for(table.hand, table.session.legal_cards()[0]).click()
    assert "Stuck?" in table.hints.answer.value


def test_the_hint_panel_says_why_its_buttons_are_off_after_the_hand():
    table = PlayTable(session())
    finish_hand(table)
    assert all(b.disabled for b in table.hints.buttons.values())
    assert "The hand is over: no more hints." in table.hints.answer.value
    assert "Stuck?" not in table.hints.answer.value


def test_scoreboard_after_a_hand_has_totals_and_a_chart():
    table = PlayTable(session())
    finish_hand(table)
    board = table.scoreboard
    assert "Hand 1:" in board.table.value
    assert board.chart.value.startswith("<svg") and "Chart of the score over the hands" in board.chart.value


def test_stakes_show_in_the_ledger():
    s = session(rules=GHANA, seed=3)
    table = PlayTable(s)
    assert "Money (cedis)" in table.scoreboard.table.value
    stake = s.rules.stake
    assert stake == 1 and ("Stakes: for each point a player scores, every other player pays "
                           "them 1 cedi.") in table.scoreboard.table.value


def test_deal_widget_steps_packet_by_packet():
    s = session()
    d = DealWidget(s)
    assert "about to deal" in d.picture.value
    d.step.click()
    seat, _, cards = s.deal.packets()[0]
    assert f"{len(cards)} cards to {s.seating.name(seat)}" in d.picture.value
    d.slider.value = d.slider.max
    assert "The deal is done" in d.picture.value
    assert len(s.deal.packets()) == 8  # 3 then 2 to each of 4 players


def test_deal_widget_buttons_have_names_and_play_deals_to_the_end():
    d = DealWidget(session())
    named = {b.description: b for b in (d.play, d.stop, d.step)}
    assert set(named) == {"Play the deal", "Stop", "Step"} and all(b.tooltip for b in named.values())
    assert d.stop.disabled and not d.play.disabled
    d.play.click()  # outside a kernel there is no waiting: every packet at once
    assert d.slider.value == d.slider.max and "The deal is done" in d.picture.value
    assert not d.playing and d.stop.disabled and not d.play.disabled
    d.play.click()  # from the start again
    assert d.slider.value == d.slider.max


def test_deal_widget_stop_keeps_the_picture_where_it_is(monkeypatch):
    import spar_tutor.widgets.deal_view as deal_view

    later = []

    class Loop:
        def call_later(self, delay, fn):
            later.append((delay, fn))

    monkeypatch.setattr(deal_view, "_kernel_loop", lambda: Loop())
    d = DealWidget(session(), interval_ms=500)
    d.play.click()
    assert d.slider.value == 1 and d.playing and not d.stop.disabled and d.play.disabled
    assert later and later[0][0] == 0.5
    later.pop()[1]()
    assert d.slider.value == 2
    d.stop.click()
    later.pop()[1]()  # the packet already asked for does not come
    assert d.slider.value == 2 and not d.playing and d.stop.disabled


def test_setup_starts_a_new_match():
    s = session()
    setup = SetupPanel(s)
    setup.preset.value = "seven_card"
    setup.players.value = 3
    setup.bot_choices[1].value = "random"
    setup.start.click()
    assert s.rules.name == "seven_card" and s.players == 3
    assert [seat.spec for seat in s.seats] == ["human", "beginner", "random"]
    assert setup.note.value.startswith("New match: Seven-card Spar (Ghana), 3 players")


def test_start_a_new_match_deals_new_cards():
    s = session()
    setup = SetupPanel(s)
    before = [s.state.hand(seat) for seat in range(s.players)]
    setup.start.click()
    after = [s.state.hand(seat) for seat in range(s.players)]
    assert after != before
    setup.start.click()
    assert [s.state.hand(seat) for seat in range(s.players)] not in (before, after)
    again = session()
    SetupPanel(again).start.click()
    assert [again.state.hand(seat) for seat in range(again.players)] == after  # seeded


def test_setup_names_each_game_as_its_preset_does():
    setup = SetupPanel(session())
    assert list(setup.preset.options) == [(p.title, p.name) for p in PRESETS.values()]
    assert ("Sipa (Togo)", "sipa") in setup.preset.options


def test_save_and_resume_panel():
    s = session()
    panel = SavePanel(s)
    s.play(s.legal_cards()[0])
    panel.save.click()
    assert 'download="spar-match.json"' in panel.link.value
    text = s.dumps()
    s.play(s.legal_cards()[0])
    assert not panel.resume_text("{bad json")
    assert "Could not resume" in panel.note.value
    assert panel.resume_text(text)
    assert json.loads(s.dumps())["hands"] == json.loads(text)["hands"]


def test_four_colour_toggle_redraws_the_cards():
    table = PlayTable(session())
    table.four_colour.value = True
    assert all(any(c.endswith("4") for c in b._dom_classes if c.startswith("spar-c-"))
               for b in table.hand.buttons)


def test_an_unexpected_error_shows_a_short_message(monkeypatch, caplog):
    s = session()
    table = PlayTable(s)
    monkeypatch.setattr(s, "play", lambda *a, **k: 1 / 0)
    with caplog.at_level(logging.ERROR):
        table.hand.buttons[0].click()
    assert SORRY in table.status.value and "Traceback" not in table.status.value
    assert "ZeroDivisionError" in caplog.text
    monkeypatch.undo()
    button_for(table.hand, s.legal_cards()[0]).click()  # still usable
    assert len(s.state.hand(0)) == 4


def test_play_a_whole_match_to_the_end_and_start_again():
    table = PlayTable(session(rules="agram", seats=["human", "random"], seed=5))
    s = table.session
    while not s.match.is_over():
        finish_hand(table)
        if not s.match.is_over():
            table.next_hand.click()
    assert table.next_hand.description == "New match"
    assert "the match" in table.status.value
    old_seed = s.seed
    table.next_hand.click()
    assert s.match.hands_played == 0 and not s.state.is_over()
    assert s.seed != old_seed  # a new match deals new cards


def test_seats_go_round_in_play_order_either_way():
    from spar_tutor.render.table import FELT_W, seat_position

    me_x, me_y = seat_position(0, 0, 4)
    left_x, _ = seat_position(1, 0, 4, clockwise=True)
    right_x, _ = seat_position(1, 0, 4, clockwise=False)
    assert me_y > 300 and left_x < FELT_W / 2 < right_x


def test_coach_words_for_every_phase():
    from spar_tutor.session import coach

    s = session(rules=GHANA, seed=0)
    nudge, idea = coach.decision_rungs(s.state.view(0))
    assert "9" in nudge and "Under ten" in idea
    assert (s.hint(1).text, s.hint(2).text) == (nudge, idea)
    s = session(rules=GHANA, seed=3)
    nudge, idea = coach.decision_rungs(s.state.view(0))
    assert "dry" in nudge.lower() and "double" in idea
    assert len({s.hint(1).text, s.hint(2).text, s.hint(3).text}) == 3
    s = session()
    while s.state.tricks_left > 1:
        s.play(s.legal_cards()[0])
    assert "last trick" in s.hint(1).text or "only card" in s.hint(3).text


def test_an_end_position_says_its_earlier_tricks_were_played_before_it():
    from spar_tutor.engine.dealfile import DealFile
    from spar_tutor.render.table import side_html
    names = ["You", "Ama"]
    late = DealFile.loads('{"rules": "standard", "hands": ["6S 8H AD", "7S 9H KD"]}').state()
    assert "tricks 1 and 2: already played" in side_html(late, names)
    assert "by suit" not in side_html(late, names)
    later = DealFile.loads('{"rules": "standard", "hands": ["6S 8H", "7S 9H"]}').state()
    assert "tricks 1 to 3: already played" in side_html(later, names)
    assert '(their cards are under "Played before, by suit")' in side_html(
        late, names, played_before=late.hand(0)[:1])
    fresh = DealFile.loads('{"rules": "standard", "hands": ["6S 8H AD 9C TC", '
                           '"7S 9H KD JC QC"]}').state()
    assert "no trick finished yet" in side_html(fresh, names)
    assert "already played" not in side_html(fresh, names)
    one = DealFile.loads('{"rules": "standard", "hands": ["6S 8H AD", "7S 9H KD"], '
                         '"plays": "AD KD"}').state()
    assert "Trick 3:" in side_html(one, names) and "already played" not in \
        side_html(one, names)
