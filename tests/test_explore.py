"""The simulations behind the explore notebooks: seeded, sane, engine only."""

from spar_tutor import explore


def test_same_seed_same_numbers():
    assert explore.last_trick_ranks(3, 50, seed=4) == explore.last_trick_ranks(3, 50, seed=4)
    assert explore.lead_value(4, 50, seed=2) == explore.lead_value(4, 50, seed=2)


def test_last_trick_ranks_cover_every_hand():
    counts = explore.last_trick_ranks(2, 200, seed=1)
    assert sum(counts.values()) == 200 and set(counts) <= set(range(6, 15))


def test_leading_the_last_trick_is_worth_more_than_a_fair_share():
    for players in (2, 4, 7):
        wins, points = explore.lead_value(players, 300, seed=players)
        assert wins > 1 / players and points > 0


def test_sticky_cards_counts_both_kinds_of_deal():
    result = explore.sticky_cards(3, 120, seed=3)
    assert result["shuffled"]["deals"] + result["re-formed"]["deals"] == 120
    assert result["re-formed"]["deals"] > 0
    for row in result.values():
        assert 0 <= row["neighbours same suit"] <= 1
