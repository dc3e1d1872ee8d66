"""Explore: seeded simulations that deal thousands of hands and count, behind the
explore notebooks and the app's Explore page (engine only; plain numbers out).

>>> from spar_tutor import explore
>>> sum(explore.last_trick_ranks(players=3, hands=20, seed=1).values())
20
"""

from .simulations import (Policy, last_trick_ranks, lead_value, make_policy, play_out,
                          sticky_cards, suit_runs)

__all__ = ["Policy", "last_trick_ranks", "lead_value", "make_policy", "play_out",
           "sticky_cards", "suit_runs"]
