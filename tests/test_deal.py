import pytest

from spar_tutor import DealError, Rules
from spar_tutor.engine.deal import cut_pack, cutter, deal, shuffled_pack


def test_packets_go_round_from_the_seat_after_the_dealer_dealer_last():
    rules = Rules.preset("standard")
    pack = rules.deck
    d = deal(rules, players=3, dealer=1, pack=pack)
    seats = [s.seat for s in d.steps]
    assert seats == [2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 1, 1]
    assert [s.packet for s in d.steps] == [1] * 9 + [2] * 6
    assert [s.card for s in d.steps] == list(pack[:15])        # from the top of the pack
    assert d.stock == pack[15:]
    assert d.hands[2] == pack[0:3] + pack[9:11]


@pytest.mark.parametrize("preset,players,packets", [
    ("seven_card", 5, [1] * 15 + [2] * 10 + [3] * 10),
    ("agram", 2, [1] * 6 + [2] * 6),
])
def test_other_packets(preset, players, packets):
    d = deal(Rules.preset(preset), players=players, dealer=0, seed=1)
    assert [s.packet for s in d.steps] == packets


def test_seven_players_leave_no_stock():
    d = deal(Rules.preset("standard"), players=7, dealer=6, seed=2)
    assert d.stock == () and sum(len(h) for h in d.hands) == 35


def test_seeded_shuffle_is_reproducible_and_complete():
    rules = Rules.preset("standard")
    assert shuffled_pack(rules, 5) == shuffled_pack(rules, 5)
    assert shuffled_pack(rules, 5) != shuffled_pack(rules, 6)
    assert sorted(shuffled_pack(rules, 5)) == sorted(rules.deck)


def test_the_cut():
    rules = Rules.preset("ghana_table")
    pack = shuffled_pack(rules, 1)
    assert cut_pack(pack, 10) == pack[10:] + pack[:10]
    assert deal(rules, 3, 0, pack, cut=10).pack == pack[10:] + pack[:10]
    assert cutter(players=4, dealer=0) == 3 and cutter(players=2, dealer=0) == 1
    with pytest.raises(DealError, match="lifts 1 to 34"):
        cut_pack(pack, 0)
    with pytest.raises(DealError, match="cut rule is off"):
        deal(Rules.preset("standard"), 3, 0, rules.deck, cut=3)


def test_bad_packs_and_seats():
    rules = Rules.preset("standard")
    with pytest.raises(DealError, match="must be the 35 cards"):
        deal(rules, 3, 0, rules.deck[:-1])
    with pytest.raises(DealError, match="dealer must be a seat"):
        deal(rules, 3, 3)
