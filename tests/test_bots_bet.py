"""Bots offer and match bets from their chance of winning the hand (issue 14), so bets
happen at a ghana_table game; a weak hand does not match a big bet."""

from spar_tutor.session import GameSession
from spar_tutor.session.bets import bet_is_mistake


def bots_only_hands(seeds):
    for seed in seeds:
        s = GameSession("ghana_table", ["beginner"] * 4, seed=seed)
        assert s.state.is_over() and s.bet_round is not None and s.bet_round.closed
        yield s


def test_bots_offer_and_match_bets_at_a_ghana_table_game():
    offered = matched = 0
    for s in bots_only_hands(range(12)):
        r = s.bet_round
        for bet in r.bets:
            offered += 1
            matched += bool(bet.accepted_by)
            # every bet a bot makes is one it expects to win money on
            for seat in (bet.seat,) + bet.accepted_by:
                assert not bet_is_mistake(r.chance(seat), 4)
    assert offered >= 4 and matched >= 2, (offered, matched)


def test_a_weak_hand_does_not_match_a_big_bet_and_a_strong_one_matches_a_small_one():
    weak_declined = strong_matched = 0
    for seed in range(10):
        for amount in (1, 40):
            s = GameSession("ghana_table", ["human", "beginner", "beginner", "beginner"],
                            seed=seed)
            while s.pending != "bets":
                assert s.cut(None).ok if s.pending == "cut" else s.move(s.offers()[-1]).ok
            r = s.bet_round
            assert s.pending == "bets" and r.offer_due(0)
            s.offer_bet(amount)
            mine = r.bets[-1]
            for seat in (1, 2, 3):
                chance = r.chance(seat)
                if chance < 0.25 and amount == 40:
                    assert seat not in mine.accepted_by
                    weak_declined += 1
                if chance >= 0.4 and amount == 1 and r.available(seat) >= 1:
                    assert seat in mine.accepted_by
                    strong_matched += 1
    assert weak_declined >= 5 and strong_matched >= 1, (weak_declined, strong_matched)
