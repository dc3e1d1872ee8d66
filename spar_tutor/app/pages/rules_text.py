"""Words for the rules reference, written for learners (the tables come from the engine;
each game's own words are its :class:`~spar_tutor.engine.rules.Preset`)."""

from __future__ import annotations

from typing import Dict, Tuple

#: option -> (name shown, what it means at the table).
HOUSE_RULES: Dict[str, Tuple[str, str]] = {
    "two_trick_bonus": (
        "Two-trick bonus",
        "Win the final two tricks yourself, each with a 6 or a 7 and not in the same suit, "
        "and you score more than for one card: 6 for two sixes, 5 for a six and a seven, 4 "
        "for two sevens."),
    "dry_wet": (
        "Dry and wet",
        "Before the first lead you may put one 6 or 7 face up in front of you (your dry), "
        "then another 6 or 7 of a different suit face down (your wet). If they win at the "
        "end they count double. The danger: everyone can see your dry and lead its suit "
        "early to force it out."),
    "offside": (
        "Offside",
        "Not following suit when you could is a renege. It is allowed, but when it comes "
        "to light you are offside: you lose 3 points and the hand stops there."),
    "under_ten": (
        "Under ten",
        "If none of your five cards is higher than a 9, you may show them and take five "
        "new cards from the stock before play starts."),
    "under_card": (
        "Under card",
        "While the next-to-last trick is being played, one player may ask to see the bottom "
        "card of the stock. Everyone sees it, and now everyone knows it is out of play."),
    "cut": (
        "Cut",
        "The player just before the dealer may cut the pack before the deal."),
    "shuffle_every": (
        "Shuffling custom",
        "The pack is not shuffled every hand when few people play: only every third hand "
        "with two players and every second with three. In between, the played cards are "
        "simply gathered and dealt again."),
    "stake": (
        "Stakes",
        "Points can be paid for: after each hand every other player pays the winner the "
        "points times the stake. (The app only keeps count; no real money.)"),
    "betting": (
        "Bets",
        "Before the first trick a player may offer a bet; it stands if someone matches it. "
        "A bettor who wins the hand takes the bets."),
}

#: scoring system -> a note on why it pays the way it does.
SCORING_NOTES: Dict[str, str] = {
    "spar": (
        "Why does a 6 pay most? It is the weakest card in its suit, so winning the last "
        "trick with it means you steered the whole hand so that nobody could beat it. A 7 "
        "is almost as hard, an 8 or higher is easy."),
    "jeu_de_carte": (
        "With no 6s in the pack, the 7 is the weakest card of each suit, so it is the one "
        "that pays extra."),
    "sipa": (
        "Only sevens earn extra, and more the longer the run: the same player has to take "
        "the last two or three tricks, each with a 7."),
    "agram": (
        "Only the last trick counts and any card will do: each hand won is one point."),
}

#: Words used at the table, in the order a learner meets them.
WORDS: Tuple[Tuple[str, str], ...] = (
    ("trick", "one card from each player, played in turn; the top card in the led suit "
     "takes it"),
    ("lead", "play the first card of a trick; whoever took the last trick leads the next"),
    ("follow suit", "play a card in the led suit. You must when you can, but low is fine: "
     "you never have to beat the card on the table"),
    ("hand", "one deal played out, trick by trick, until the last trick decides who scores"),
    ("match", "hands played one after another until someone reaches the target score"),
    ("dry / wet", "a 6 or 7 shown (dry) or hidden (wet) before play, worth double at the end"),
    ("offside", "the fine for a renege that came to light"),
    ("under ten", "a hand with nothing higher than a 9, which may be swapped"),
)
