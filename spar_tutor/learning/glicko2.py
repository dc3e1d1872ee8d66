"""Glicko-2 ratings, written from Mark Glickman's paper "Example of the Glicko-2 system"
(glicko.net/glicko/glicko2.pdf, revised 2022), steps 1 to 8.

A rating is three numbers: the rating ``r``, its deviation ``RD`` (how unsure it is: a
new player's is 350) and the volatility ``sigma`` (how much the player's strength moves).
:func:`update` gives the rating after one rating period's results; a period with no
results only widens the deviation (step 6). The paper's worked example (it gives
r' = 1464.06, RD' = 151.52 and sigma' = 0.05999, from rounded steps):

>>> player = Glicko(1500, 200, 0.06)
>>> after = update(player, [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0),
...                         (Glicko(1700, 300), 0.0)], tau=0.5)
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

Why not the ``glicko2`` package on PyPI (2.1.0): its step 5 function ``f`` uses the
rating (mu squared) where the paper has the deviation (phi squared), which its tests
miss because the paper's example has mu = 0; and it is untyped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Tuple

#: Glicko-2's scale: 173.7178 rating points to one unit of mu (400 / ln 10).
SCALE = 173.7178
CENTRE = 1500.0
#: The system constant (how fast the volatility may move); the paper suggests 0.3 to 1.2
#: and lichess uses 0.75.
TAU = 0.75
#: The convergence tolerance of step 5 (the paper's value).
EPSILON = 0.000001


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale: rating, deviation (RD) and volatility."""

    rating: float = CENTRE
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def mu(self) -> float:
        """Step 2: the rating on the Glicko-2 scale."""
        return (self.rating - CENTRE) / SCALE

    @property
    def phi(self) -> float:
        """Step 2: the deviation on the Glicko-2 scale."""
        return self.deviation / SCALE


def g(phi: float) -> float:
    """How much a result counts, given the opponent's deviation (step 3)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Glicko, opponent: Glicko) -> float:
    """The score ``player`` is expected to make against ``opponent`` (step 3's E)."""
    return 1.0 / (1.0 + math.exp(-g(opponent.phi) * (player.mu - opponent.mu)))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Glicko, results: Iterable[Tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """The player's rating after one rating period: ``results`` are (opponent, score)
    pairs, the score 1 for a win, 1/2 for a draw and 0 for a loss (steps 3 to 8)."""
    results = list(results)
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not results:  # step 6 alone: a period without games
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inverse = 0.0
    gain = 0.0
    for opponent, score in results:
        weight, e = g(opponent.phi), expected(player, opponent)
        v_inverse += weight * weight * e * (1.0 - e)
        gain += weight * (score - e)
    v = 1.0 / v_inverse
    new_sigma = _volatility(sigma, phi, v, v * gain, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    return Glicko(new_mu * SCALE + CENTRE, new_phi * SCALE, new_sigma)
