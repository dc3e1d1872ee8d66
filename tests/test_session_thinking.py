"""The bots' thinking time after a learner's action (spar_tutor.session.thinking), on a quiet
machine and on one shared by a class: the clocks are moved by hand."""

import pytest

from spar_tutor.session import CLICK_THINK_MS, CLICK_WAIT_MS, MIN_THINK_MS, GameSession, thinking
from spar_tutor.session.thinking import ThinkingClock
from tests.test_session import ThinkingBot


class Clocks:
    """A wall clock and a CPU clock that runs ``share`` times as fast (the kernel's share
    of a core), in seconds."""

    def __init__(self, share=1.0):
        self.share = share
        self.wall_s = 100.0
        self.cpu_s = 5.0

    def wall(self):
        return self.wall_s

    def cpu(self):
        return self.cpu_s

    def think(self, ms):
        self.wall_s += ms / 1000
        self.cpu_s += ms * self.share / 1000


def shares(clocks, bots=3, busy=1.0):
    """The budgets three bots in a row are given (each spends all of it)."""
    clock = ThinkingClock(busy, cpu=clocks.cpu, wall=clocks.wall)
    given = []
    for to_come in range(bots, 0, -1):
        given.append(clock.share(to_come))
        clocks.think(given[-1])
    return given, clock


def test_alone_the_bots_share_the_thinking_time():
    given, clock = shares(Clocks(share=1.0))
    assert given == pytest.approx([CLICK_THINK_MS / 3] * 3)
    assert clock.busy == pytest.approx(1.0)


def test_on_a_busy_machine_the_bots_wait_longer_to_get_their_thinking():
    clocks = Clocks(share=0.5)  # two kernels to a core
    given, clock = shares(clocks)
    assert clock.busy == pytest.approx(2.0)
    assert sum(given) > CLICK_THINK_MS  # more waiting ...
    cpu = sum(given) * 0.5
    assert cpu > 0.8 * CLICK_THINK_MS  # ... for nearly all of the thinking
    assert sum(given) <= CLICK_WAIT_MS


def test_a_crowded_machine_never_keeps_the_learner_waiting_longer_than_the_limit():
    clocks = Clocks(share=1 / 15)  # thirty kernels on two cores
    given, _ = shares(clocks, busy=15.0)  # as busy as at the last click
    assert sum(given) == pytest.approx(CLICK_WAIT_MS)
    assert given == pytest.approx([CLICK_WAIT_MS / 3] * 3)


def test_the_last_click_tells_how_busy_the_machine_is_until_this_one_is_measured():
    clocks = Clocks(share=0.25)
    first, _ = shares(clocks, bots=1, busy=4.0)
    assert first == [pytest.approx(min(CLICK_THINK_MS * 4, CLICK_WAIT_MS))]
    fresh, _ = shares(Clocks(share=0.25), bots=1, busy=1.0)
    assert fresh == [pytest.approx(CLICK_THINK_MS)]


def test_every_thinking_bot_gets_a_little_time():
    clocks = Clocks()
    clock = ThinkingClock(cpu=clocks.cpu, wall=clocks.wall)
    clocks.think(CLICK_WAIT_MS + 50)  # something else took all the time
    assert clock.share(2) == MIN_THINK_MS


def test_a_session_remembers_how_busy_the_machine_was(monkeypatch):
    """Sleeping bots use no CPU: to their kernel the machine looks very busy."""
    bots = []

    def factory(spec, seed):
        bots.append(ThinkingBot(spec, seed))
        return bots[-1]

    s = GameSession("standard", ["human", "expert", "expert", "expert"], seed=2, dealer=3,
                    bot_factory=factory)
    s.play(s.legal_cards()[0])
    given = [b.given[0] for b in bots]
    assert sum(given) <= CLICK_WAIT_MS + MIN_THINK_MS
    assert s._busy > 4  # measured while the bots slept
    assert thinking.CPU_CLOCK is not None


def test_the_module_examples_run():
    import doctest

    result = doctest.testmod(thinking)
    assert result.attempted > 0 and result.failed == 0
