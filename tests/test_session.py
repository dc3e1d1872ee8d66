"""GameSession: bots, illegal clicks, double clicks, undo/redo, events, save/resume, phases."""

import json
import re

CARD_NAME = re.compile(r"\b(10|[2-9TJQKA])[SHDC♠♥♦♣]")

import pytest

from spar_tutor import Action, Card, Rules, SparError, i18n
from spar_tutor.session import GameSession, Seat
from spar_tutor.session.file import SessionFileError
from tests.doubles import FirstLegalBot, first_legal_factory

FOUR = ["human", "beginner", "beginner", "beginner"]
# the Ghana table rules without the cut and bets (tests/test_session_money.py has those),
# so that these seeds deal the hands the tests want
GHANA = Rules.preset("ghana_table", cut=False, betting=False)


def session(rules="standard", seats=FOUR, seed=1, **kw):
    return GameSession(rules, seats, seed=seed, bot_factory=first_legal_factory, **kw)


def illegal_card(s):
    """A card the human holds but may not play now (None if every card is legal)."""
    legal = set(s.legal_cards())
    return next((c for c in s.state.hand(s.viewer) if c not in legal), None)


def play_until_follow(s):
    """Play first legal cards until the human must follow suit and holds another suit."""
    while not s.state.is_over():
        if illegal_card(s) is not None:
            return True
        s.play(s.legal_cards()[0])
    return False


def test_bots_play_until_the_human_decides():
    s = session()
    assert s.is_human_turn and s.state.to_move == 0
    before = len(s.state.current_trick)
    assert before == (0 - s.state.leader) % 4  # every bot before the human has played
    s.play(s.legal_cards()[0])
    assert s.is_human_turn or s.state.is_over()


def test_names_say_who_is_who():
    s = session()
    assert [seat.name for seat in s.seats] == [
        "You", "Ama (beginner)", "Kofi (beginner)", "Esi (beginner)"]
    two = session(seats=["human", "human", "random"])
    assert [seat.name for seat in two.seats] == ["Player 1", "Player 2", "Ama (random)"]
    # the bots are named in their order, wherever the humans sit: never by seat number
    mixed = session(seats=["expert", "human", "beginner", "random"])
    assert [seat.name for seat in mixed.seats] == [
        "Ama (expert)", "You", "Kofi (beginner)", "Esi (random)"]
    # sentences call a bot by its first name; its seat and the score table add its strength
    assert s.name(1) == "Ama" and s.seating.name(1) == "Ama" and s.seating[1] == "Ama (beginner)"
    assert list(s.seating) == [seat.name for seat in s.seats]
    assert s.seating.say("You lead.", "{player} leads.", 2) == "Kofi leads."
    assert len({seat.name.split(" (")[0] for seat in session(
        "standard", seats=["human"] + ["beginner"] * 6).seats}) == 7  # seven players


def test_bot_names_in_french_say_robot_so_a_womans_name_needs_no_feminine_ending():
    i18n.set_language("fr")
    try:
        assert [seat.name for seat in session().seats][1:] == [
            "Ama (robot débutant)", "Kofi (robot débutant)", "Esi (robot débutant)"]
    finally:
        i18n.set_language("en")


def test_illegal_card_explains_and_changes_nothing():
    s = session()
    assert play_until_follow(s)
    card = illegal_card(s)
    state, version = s.state, s.version
    outcome = s.play(card)
    assert not outcome.ok
    assert "follow suit" in outcome.message and "you hold" in outcome.message
    assert "seat 0" not in outcome.message
    assert s.state is state and s.version == version


def test_card_not_held_and_out_of_turn_are_refused():
    s = session()
    foreign = next(c for c in s.rules.deck if c not in s.state.hand(0))
    assert not s.play(foreign).ok
    while not s.state.is_over():
        s.play(s.legal_cards()[0])
    assert s.play(Card.parse("6S")).message == "The hand is over."


def test_double_click_plays_one_card():
    s = session()
    version = s.version
    card = s.legal_cards()[0]
    assert s.play(card, version=version).ok
    played = s.state.plays_made
    second = s.play(s.legal_cards()[0], version=version)  # the same screen clicked again
    assert not second.ok and second.message == ""
    assert s.state.plays_made == played


def test_undo_goes_back_to_the_previous_decision_and_redo_forward():
    s = session()
    first = s.state
    s.play(s.legal_cards()[0])
    second = s.state
    s.play(s.legal_cards()[0])
    assert s.can_undo
    assert s.undo().ok and s.state is second
    assert s.undo().ok and s.state is first
    assert not s.undo().ok and not s.can_undo
    assert s.redo().ok and s.state is second
    s.play(s.legal_cards()[-1])  # a new move drops the redo future
    assert not s.can_redo


def test_undo_after_the_hand_takes_the_points_back():
    s = session()
    while not s.state.is_over():
        s.play(s.legal_cards()[0])
    assert sum(s.match.scores) > 0 and s.match.hands_played == 1
    s.undo()
    assert not s.state.is_over() and s.match.hands_played == 0 and sum(s.match.scores) == 0
    s.redo()
    assert s.state.is_over() and s.match.hands_played == 1


def test_events_reach_observers_and_a_broken_observer_is_skipped():
    s = session()
    seen = []
    s.subscribe(lambda e: 1 / 0)
    unsubscribe = s.subscribe(lambda e: seen.append(e.kind))
    while not s.state.is_over():
        s.play(s.legal_cards()[0])
    assert seen.count("changed") == 5 and seen[-1] == "hand_over"
    unsubscribe()
    s.next_hand()
    assert seen[-1] == "hand_over"


def test_a_failing_bot_plays_a_legal_card_instead():
    class Broken:
        def choose(self, view):
            raise RuntimeError("bug in bot")

    s = GameSession("standard", ["human", Seat("Ama (broken)", "broken", Broken())], seed=2)
    while not s.state.is_over():
        assert s.play(s.legal_cards()[0]).ok
    assert s.state.result is not None


def test_next_hand_and_the_end_of_the_match():
    s = session(rules="agram", seats=["human", "random"], seed=5)
    hands = 0
    while not s.match.is_over():
        while not s.state.is_over():
            s.play(s.legal_cards()[0])
        hands += 1
        if not s.match.is_over():
            assert s.next_hand().ok
    assert max(s.match.scores) == 5 and hands >= 5
    assert "the match" in s.match_result()
    assert not s.next_hand().ok
    s.start_match()
    assert s.match.hands_played == 0


def test_restart_with_new_settings():
    s = session()
    s.restart("seven_card", ["human", "random", "expert"], seed=9)
    assert s.players == 3 and s.rules.name == "seven_card" and len(s.state.hand(0)) == 7
    with pytest.raises(SparError):
        s.restart("seven_card", ["human"] * 6)


def test_save_and_resume_round_trip():
    s = session(seed=4)
    while not s.state.is_over():
        s.play(s.legal_cards()[-1])
    s.next_hand()
    s.play(s.legal_cards()[0])
    text = s.dumps()
    data = json.loads(text)
    assert data["format"] == "spar-tutor-match" and data["version"] == 2
    back = GameSession.loads(text, bot_factory=first_legal_factory)
    assert back.match.scores == s.match.scores and back.hand_number == 2
    assert back.state.hands == s.state.hands and back.state.history == s.state.history
    assert [seat.name for seat in back.seats] == [seat.name for seat in s.seats]
    assert back.dumps() == text


def test_resume_keeps_observers():
    s = session()
    other = session(seed=8)
    other.play(other.legal_cards()[0])
    seen = []
    s.subscribe(lambda e: seen.append(e.message))
    s.resume(other.dumps())
    assert s.state.history == other.state.history and seen == ["resumed"]


@pytest.mark.parametrize("mutate, words", [
    (lambda d: "not json {", "not valid JSON"),
    (lambda d: {**d, "format": "chess"}, "format"),
    (lambda d: {**d, "version": 99}, "version 99"),
    (lambda d: {k: v for k, v in d.items() if k != "hands"}, "\"hands\""),
    (lambda d: {**d, "hands": [{"moves": ["ZZ"]}]}, "hand 1, move 1"),
    (lambda d: {**d, "hands": [{"moves": ["AS"]}]}, "hand 1, move 1 (AS)"),
    (lambda d: {**d, "hands": [{"moves": []}, {"moves": []}]}, "hand 1 is not finished"),
    (lambda d: {**d, "hands": [["7H"]]}, "hand 1 must be"),
    (lambda d: {**d, "hands": [{"cut": 3, "moves": []}]}, "the cut rule is off"),
    (lambda d: {**d, "hands": [{"cut": None, "moves": []}]}, "the cut is missing"),
    (lambda d: {**d, "hands": [{"cut": "top", "moves": []}]}, "number of cards"),
    (lambda d: {**d, "hands": [{"bets": [{"seat": 0, "amount": 5}], "moves": []}]},
     "betting is off"),
    (lambda d: {**d, "seats": ["human"]}, "seat 0"),
    (lambda d: {**d, "rules": "poker"}, "unknown preset"),
])
def test_bad_save_files_name_the_problem(mutate, words):
    s = session()
    data = mutate(json.loads(s.dumps()))
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SparError) as err:
        GameSession.loads(text, bot_factory=first_legal_factory)
    assert words in str(err.value)
    with pytest.raises(SparError):
        s.resume(text)  # and the running game is untouched
    assert s.state.plays_made >= 0


def test_bad_save_file_is_a_session_file_error():
    with pytest.raises(SessionFileError):
        GameSession.loads("[]", bot_factory=first_legal_factory)


def test_dry_and_wet_offered_only_when_allowed():
    assert session().offers() == []
    s = session(rules=GHANA, seed=3)
    offers = s.offers()
    assert s.state.phase == "declare" and Action("pass") in offers
    dry = next(a for a in offers if a.kind == "dry")
    assert s.move(dry).ok
    assert s.state.dry[0] == dry.card
    assert not s.move(Action("dry", dry.card)).ok  # a second dry is refused, nothing changes


def test_under_ten_offered_to_an_under_ten_hand():
    s = session(rules=GHANA, seed=0)
    assert s.state.phase == "under_ten"
    assert {a.kind for a in s.offers()} == {"under_ten", "pass"}
    old = s.state.hand(0)
    assert s.move(Action("under_ten")).ok
    assert s.state.exchanged[0] == (0, old)


def test_under_card_offered_in_the_second_to_last_trick():
    s = session(rules=GHANA, seed=5)
    offered = False
    while not s.state.is_over():
        kinds = {a.kind for a in s.offers()}
        if "under_card" in kinds:
            assert s.state.tricks_left == 2
            assert s.move(Action("under_card")).ok and s.state.under_card is not None
            offered = True
        elif s.state.phase == "play":
            s.play(s.legal_cards()[0])
        else:
            s.move(Action("pass"))
    assert offered


def test_renege_needs_insisting_with_offside_on():
    s = session(rules=GHANA, seed=3)
    while s.state.phase != "play":
        s.move(Action("pass"))
    assert play_until_follow(s)
    card = illegal_card(s)
    assert s.state.can_renege(card)
    outcome = s.play(card)
    assert not outcome.ok and "renege" in outcome.message
    assert s.renege(card).ok
    assert s.state.reneges or s.state.is_over()


def test_the_three_hint_levels_recommend_the_same_card():
    """Level 1 names no card, level 2 is the idea behind the card level 3 plays, and all
    three come from the same choice (one ladder)."""
    from spar_tutor.solver import voice
    from spar_tutor.solver.reasons import view_reason

    s = session()
    for _turn in range(3):
        one, two, three = s.hint(1), s.hint(2), s.hint(3)
        assert one.level == 1 and one.text and not one.values
        assert not CARD_NAME.search(one.text), one.text
        assert len({one.text, two.text, three.text}) == 3
        if len(s.legal_cards()) > 1 and round(100 * three.values[0].win_chance) >= 10:
            reason = view_reason(s.state.view(0), three.best)
            assert two.text == voice.idea(reason, open_hands=False)
            assert one.text == voice.nudge(reason)
        s.play(three.best or s.legal_cards()[0])
        if s.state.is_over():
            break
    assert s.hint(7).text.startswith("Hints come")


def test_session_imports_no_widgets_or_charts():
    import subprocess
    import sys

    code = ("import sys, spar_tutor.session, spar_tutor.session.coach\n"
            "bad = [m for m in ('ipywidgets', 'matplotlib') if m in sys.modules]\n"
            "assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_each_move_before_the_bots_finish_is_announced():
    s = session()
    seen = []
    s.subscribe(lambda e: seen.append((e.kind, e.message)))
    card = s.legal_cards()[0]
    s.play(card)
    moved = [m for k, m in seen if k == "moved"]
    assert moved and moved[0] == f"You played {card.symbol_text}."
    assert all(re.fullmatch(r"(Ama|Kofi|Esi) played (10|[2-9JQKA])[♠♥♦♣]\.", m)
               for m in moved[1:]), moved
    assert seen[-1][0] == "changed"


class ThinkingBot(FirstLegalBot):
    """Records the thinking time the session gives it, and spends it (sleeps)."""

    def __init__(self, spec="expert", seed=0):
        super().__init__(spec, seed)
        self.budget_ms = 300.0
        self.given = []

    def choose(self, view):
        import time

        self.given.append(self.budget_ms)
        time.sleep(self.budget_ms / 1000)
        return super().choose(view)


def test_bots_share_the_thinking_time_of_one_click(monkeypatch):
    import time

    from spar_tutor.session import CLICK_THINK_MS, MIN_THINK_MS, thinking

    # a quiet machine: the kernel has a core to itself (the bots sleep, so CPU time is
    # counted as the wall clock; spar_tutor.session.thinking stretches it on a busy one)
    monkeypatch.setattr(thinking, "CPU_CLOCK", time.perf_counter)

    bots = []

    def factory(spec, seed):
        bots.append(ThinkingBot(spec, seed))
        return bots[-1]

    s = GameSession("standard", ["human", "expert", "expert", "expert"], seed=2, dealer=3,
                    bot_factory=factory)  # the human leads: three bots follow each card
    s.play(s.legal_cards()[0])
    first, second, third = (b.given[0] for b in bots)
    assert CLICK_THINK_MS / 3 - 5 <= first <= CLICK_THINK_MS / 3 + 1  # three bots to come
    assert min(second, third) >= MIN_THINK_MS
    given = [ms for b in bots for ms in b.given]
    assert sum(given) <= CLICK_THINK_MS + MIN_THINK_MS * len(given)


def test_the_coachs_doctests_pass_and_a_forced_card_gets_no_question():
    """A forced card is said to be forced at every level: no "win it or keep it?"."""
    import doctest

    from spar_tutor.engine.state import HandState
    from spar_tutor.engine.words import Players
    from spar_tutor.session import coach
    from spar_tutor.session.hints import SessionHints

    assert doctest.testmod(coach).failed == 0
    state = HandState.new(Rules.preset("standard"), ["6S 7H KD", "9S 8H TD"], dealer=1)
    forced = state.apply(Card.parse("6S"))  # one spade: 9S must be played
    ladder = SessionHints().view_ladder(forced.view(1), Players.of(["Ama", "You"], you=1))
    assert ladder.nudge.text == "How many of your cards may you play here?"
    assert ladder.idea.text == "Spades were led, and you must follow suit when you can."
    assert ladder.answer.text == "9♠ is the only card you may play."
