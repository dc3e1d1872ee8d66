"""Bots: every phase, never an illegal move, loading user bots, and their strength."""

import pytest

from spar_tutor.engine.cards import Card
from spar_tutor.engine.rules import Rules
from spar_tutor.solver import BeginnerBot, BotError, ExpertBot, RandomBot, make_bot
from spar_tutor.solver.arena import play_arena, play_hand
from spar_tutor.engine.state import Action


@pytest.mark.parametrize("preset, players", [("ghana_table", 4), ("ghana_table", 3),
                                             ("standard", 7), ("sipa", 4), ("agram", 3),
                                             ("seven_card", 5)])
def test_every_bot_plays_every_phase_legally(preset, players):
    rules = Rules.preset(preset)
    phases = set()
    makers = [lambda s: RandomBot(s), lambda s: BeginnerBot(s),
              lambda s: ExpertBot(s, worlds=4, prelead_worlds=4)]
    for hand in range(3 if preset == "ghana_table" else 1):
        bots = [makers[(s + hand) % 3](f"{hand}:{s}") for s in range(players)]

        class Watch:
            def __init__(self, bot):
                self.bot, self.name = bot, bot.name

            def choose(self, view):
                phases.add(view.phase)
                move = self.bot.choose(view)
                assert move in view.legal_moves
                return move

        final = play_hand([Watch(b) for b in bots], rules, hand % players, f"seed{hand}")
        assert final.is_over() and final.result.ended_by == "last_trick"
    if rules.dry_wet:
        assert {"declare", "play"} <= phases


def test_beginner_rules_before_the_lead():
    from spar_tutor.engine.deal import deal
    rules = Rules.preset("ghana_table")
    bot = BeginnerBot(0)
    for seed in range(40):
        state = deal(rules, 4, 3, seed=seed).start()
        while state.phase in ("under_ten", "declare"):
            view = state.view(state.to_move)
            move = bot.choose(view)
            assert move in view.legal_moves
            if state.phase == "under_ten":
                holds_six = any(c.rank == 6 for c in view.hand)
                assert move == (Action("pass") if holds_six else Action("under_ten"))
            state = state.apply(move)


def test_make_bot_specs(tmp_path):
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("beginner", 1), BeginnerBot)
    assert isinstance(make_bot("expert", 1), ExpertBot)
    assert make_bot("expert", 1, budget_ms=40).budget_ms == 40
    assert isinstance(make_bot("beginner", 1, budget_ms=40), BeginnerBot)
    path = tmp_path / "b.py"
    path.write_text("class First:\n"
                    "    def __init__(self, seed):\n        self.seed = seed\n"
                    "    def choose(self, view):\n        return view.legal_moves[0]\n"
                    "class NoSeed:\n    def choose(self, view):\n        return view.legal_moves[-1]\n"
                    "class Broken:\n    pass\n")
    assert make_bot(f"{path}:First", 7).seed == 7
    assert make_bot(f"{path}:NoSeed", 7).choose.__name__ == "choose"
    for spec, words in [("nobody", "unknown bot"), (f"{path}:Missing", "has no"),
                        (f"{path}:Broken", "choose"), ("nope.py:Bot", "not found")]:
        with pytest.raises(BotError, match=words):
            make_bot(spec)
    bad = tmp_path / "bad.py"
    bad.write_text("raise RuntimeError('boom')\n")
    with pytest.raises(BotError, match="boom"):
        make_bot(f"{bad}:X")


def test_an_illegal_move_is_an_error(tmp_path):
    path = tmp_path / "cheat.py"
    path.write_text("from spar_tutor.engine.cards import Card\n"
                    "class Cheat:\n    def choose(self, view):\n        return Card.parse('AH')\n")
    with pytest.raises(BotError, match="not one of the legal moves"):
        play_arena([f"{path}:Cheat", "random"], 3, seed=1)


def test_the_documented_example_bot():
    class HighCardBot:
        name = "high card"

        def choose(self, view):
            cards = [m for m in view.legal_moves if isinstance(m, Card)]
            if not cards:
                return Action("pass")
            return max(cards, key=lambda c: c.rank)

    final = play_hand([HighCardBot(), RandomBot(1), BeginnerBot(2)],
                      Rules.preset("ghana_table"), 0, "doc")
    assert final.is_over()


@pytest.mark.parametrize("players", [3, 4])
def test_beginner_beats_random(players):
    specs = ["beginner"] + ["random"] * (players - 1)
    result = play_arena(specs, 1500, seed=11)
    per_hand = [p / result.hands for p in result.totals]
    assert per_hand[0] > max(per_hand[1:]) + 0.05


def test_expert_beats_beginner_beats_random():
    # 3 players, 500 seeded hands, 12 worlds a decision: a small but real match
    result = play_arena(["expert", "beginner", "random"], 500, seed=5, expert_worlds=12)
    expert, beginner, random_ = (p / result.hands for p in result.totals)
    assert expert > beginner + 0.04 and beginner > random_ + 0.04


def test_the_expert_goes_to_the_graded_model_when_max_n_would_give_up(monkeypatch):
    """On the clock, a decision with more than CLOCK_CARDS cards left skips max^n (the
    clock cannot stop it before its fewest deals); with fixed work every decision tries
    it, unless ``open_cards`` says otherwise."""
    from spar_tutor.engine.deal import deal
    from spar_tutor.solver import bots

    tried = []
    real = bots.maxn_values
    monkeypatch.setattr(bots, "maxn_values", lambda view, rng, **kw: tried.append(
        sum(view.hand_sizes)) or real(view, rng, **kw))
    state = deal(Rules.preset("standard"), 4, 0, seed=2).start()  # 20 cards left
    view = state.view(state.to_move)
    assert sum(view.hand_sizes) > ExpertBot.CLOCK_CARDS
    for bot in (ExpertBot(1, budget_ms=50), ExpertBot(1, open_cards=17)):
        assert bot.choose(view) in view.legal_moves and tried == []
    assert ExpertBot(1, work=2000).choose(view) in view.legal_moves  # fixed work: tried
    assert tried == [20]

    while sum(state.view(0).hand_sizes) > 16:  # 16 cards: max^n with fixed work, not on the clock
        state = state.apply(state.legal_cards()[0])
    view = state.view(state.to_move)
    tried.clear()
    ExpertBot(1, budget_ms=50).choose(view)
    assert tried == []
    ExpertBot(1, work=2000).choose(view)
    assert tried == [16]
