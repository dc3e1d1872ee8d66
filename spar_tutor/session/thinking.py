"""How long the bots may think after a learner's action, on a machine shared by a class.

The bots that answer one human action share ``CLICK_THINK_MS`` of CPU time
(each bot with a ``budget_ms`` gets its share: what is left over the bots still
to play before a human, at least ``MIN_THINK_MS``). A bot's ``budget_ms`` is
wall-clock time, which is the same thing on a quiet machine. On a server where
thirty learners click in the same second, every kernel gets a share of the
cores, so a millisecond of thinking takes many milliseconds of waiting: a
:class:`ThinkingClock` measures that (the wall time over the CPU time its
kernel has had since the action) and stretches each bot's budget by it, so the
bots still get their CPU time, but never keeps the learner waiting more than
``CLICK_WAIT_MS`` for the thinking. When the machine is too busy for everyone's
full share within that time, every kernel gets the same part of the cores for
it: the machine's thinking is shared fairly between the learners, by the
operating system's scheduler, with no bookkeeping between kernels.

>>> clock = ThinkingClock(cpu=lambda: 0.0, wall=lambda: 0.0)
>>> clock.share(bots_to_come=2)    # a quiet start: half of CLICK_THINK_MS each
95.0
"""

from __future__ import annotations

import time
from typing import Callable, Optional, Tuple

CLICK_THINK_MS = 190
"""CPU time (ms) all the bots answering one human action may think, together (issue 4: a
card click answered within 300 ms; benchmarks/widget_bench.py)."""
CLICK_WAIT_MS = 400
"""The longest (ms) a learner waits for the bots' thinking when the server is busy
(benchmarks/classroom_load.py: thirty learners clicking at once, answered within 1 s)."""
MIN_THINK_MS = 15
"""The least (ms) a thinking bot is given, whatever is left."""
MEASURE_MS = 10
"""How long (ms) after the action the clock starts to trust its measure of how busy the
machine is."""
CPU_CLOCK: Callable[[], float] = time.process_time
"""The CPU time of this process (seconds): the kernel's share of the machine."""


class ThinkingClock:
    """The thinking time of the bots answering one human action (module docstring).

    ``busy`` is how much wall time a millisecond of CPU took before (the last action's
    measure), used until this action has been measured; ``cpu`` and ``wall`` are the
    clocks (seconds), :data:`CPU_CLOCK` and a monotonic clock by default."""

    def __init__(self, busy: float = 1.0, *, cpu: Optional[Callable[[], float]] = None,
                 wall: Optional[Callable[[], float]] = None) -> None:
        self._cpu = cpu or CPU_CLOCK
        self._wall = wall or time.perf_counter
        self._cpu_start, self._wall_start = self._cpu(), self._wall()
        self._busy = max(1.0, busy)
        self.shared = 0
        """How many budgets were given out."""

    def used(self) -> Tuple[float, float]:
        """CPU and wall milliseconds since the action."""
        return ((self._cpu() - self._cpu_start) * 1000, (self._wall() - self._wall_start) * 1000)

    @property
    def busy(self) -> float:
        """Wall time per unit of CPU time since the action (1: the kernel had a core to
        itself), once there is enough to measure."""
        cpu_ms, wall_ms = self.used()
        if wall_ms >= MEASURE_MS:
            self._busy = max(1.0, wall_ms / max(cpu_ms, 0.1))
        return self._busy

    def share(self, bots_to_come: int) -> float:
        """The ``budget_ms`` (wall time) for the next bot, with ``bots_to_come`` bots (this one
        included) to play before a human."""
        cpu_ms, wall_ms = self.used()
        to_come = max(1, bots_to_come)
        cpu_share = max(0.0, CLICK_THINK_MS - cpu_ms) / to_come
        wait_share = max(0.0, CLICK_WAIT_MS - wall_ms) / to_come
        self.shared += 1
        return max(float(MIN_THINK_MS), min(cpu_share * self.busy, wait_share))
