import pytest

from spar_tutor import Bet, IllegalMoveError, Match, Rules
from spar_tutor.engine.match import reformed_pack


def play_hand(match, pick=lambda moves: moves[0]):
    state = match.deal().start()
    while not state.is_over():
        state = state.apply(pick(state.legal_moves()))
    return state


def test_first_dealer_by_lot_is_seeded():
    rules = Rules.preset("standard")
    dealers = {Match.new(rules, 4, seed=s).dealer for s in range(20)}
    assert dealers == {0, 1, 2, 3}
    assert Match.new(rules, 4, seed=3).dealer == Match.new(rules, 4, seed=3).dealer


def test_winner_deals_next_and_scores_add_up():
    m = Match.new(Rules.preset("standard"), 3, seed=1)
    for _ in range(5):
        final = play_hand(m)
        m2 = m.record(final)
        assert m2.dealer == final.result.winner
        assert sum(m2.scores) - sum(m.scores) == max(final.result.points)
        m = m2
    assert m.hands_played == 5 and len(m.history) == 5


def test_match_ends_at_target_or_after_fixed_hands():
    m = Match.new(Rules.preset("standard", target=10), 2, seed=2)
    while not m.is_over():
        m = m.record(play_hand(m))
    assert max(m.scores) >= 10 and m.winners() == (m.scores.index(max(m.scores)),)
    with pytest.raises(IllegalMoveError, match="match is over"):
        m.deal()
    m = Match.new(Rules.preset("standard", fixed_hands=3), 4, seed=2)
    while not m.is_over():
        m = m.record(play_hand(m))
    assert m.hands_played == 3


def test_shuffling_custom_reforms_the_pack():
    rules = Rules.preset("standard", shuffle_every=True)
    m = Match.new(rules, 3, seed=4)          # 3 players: shuffle every 2 hands
    assert m.shuffle_due()
    final = play_hand(m)
    m = m.record(final)
    assert not m.shuffle_due()
    played = [c for t in final.tricks for c in t.cards]
    assert list(m.deal().pack[:15]) == played          # played cards first, in order
    assert m.deal().pack[15:] == final.stock
    m = m.record(play_hand(m))
    assert m.shuffle_due()
    assert [h.shuffled for h in m.history] == [True, False]


def test_reformed_pack_keeps_every_card():
    m = Match.new(Rules.preset("ghana_table"), 4, seed=5)
    final = play_hand(m)
    assert sorted(reformed_pack(final)) == sorted(Rules.preset("ghana_table").deck)


def test_stakes_ledger():
    m = Match.new(Rules.preset("standard", stake=2), 3, seed=6)
    final = play_hand(m)
    m2 = m.record(final)
    w = final.result.winner
    pts = final.result.points[w]
    assert m2.money[w] == 2 * 2 * pts and sum(m2.money) == 0


def test_offside_pays_three_stakes_to_each_and_the_same_dealer_deals():
    from engine_helpers import position, play_out
    rules = {"preset": "standard", "offside": True, "stake": 1}
    m = Match.new(Rules.from_json(rules), 2, seed=1, dealer=1)
    state = play_out(position(rules, hands=["AH 6C 9D TS 7S", "8H 7C 9S KD 8S"], dealer=1),
                     "AH 9S 6C 7C KD TS 8H")
    m2 = m.record(state)
    assert m2.scores == (0, -3) and m2.money == (3, -3) and m2.dealer == 1


def test_bets_pay_the_winning_bettor_or_refund():
    rules = Rules.preset("standard", betting=True, buy_in=50)
    m = Match.new(rules, 3, seed=7)
    final = play_hand(m)
    w = final.result.winner
    others = [s for s in range(3) if s != w]
    won = m.record(final, [Bet(w, 10, (others[0],))])
    assert won.money[w] == 60 and won.money[others[0]] == 40
    bets = [0, 0, 0]
    bets[w], bets[others[0]] = 10, -10
    assert won.history[-1].bet_money == tuple(bets)  # the part of the money bets moved
    refunded = m.record(final, [Bet(others[0], 10, (others[1],))])
    assert refunded.money == (50, 50, 50) and refunded.history[-1].bet_money == ()
    unmatched = m.record(final, [Bet(w, 10, ())])
    assert unmatched.money == (50, 50, 50)
    with pytest.raises(IllegalMoveError, match="cannot stake 60"):
        m.record(final, [Bet(w, 60, (others[0],))])
    with pytest.raises(IllegalMoveError, match="betting is off"):
        Match.new(Rules.preset("standard"), 3, seed=7).record(final, [Bet(w, 1, (others[0],))])


def test_what_a_seat_puts_forward_is_checked_even_unmatched():
    m = Match.new(Rules.preset("standard", betting=True, buy_in=50), 3, seed=7)
    with pytest.raises(IllegalMoveError, match="cannot stake 60"):
        m.check_bets([Bet(0, 60, ())])
    with pytest.raises(IllegalMoveError, match="cannot stake 55"):
        m.check_bets([Bet(0, 30, ()), Bet(1, 25, (0,))])
    with pytest.raises(IllegalMoveError, match="positive whole amount"):
        m.check_bets([Bet(0, True, (1,))])
    with pytest.raises(IllegalMoveError, match="cannot accept"):
        m.check_bets([Bet(0, 5, (1, 1))])
    assert m.check_bets([Bet(0, 5, ()), Bet(1, 5, (2,))]) == [Bet(1, 5, (2,))]
