"""Words for the rules reference, written for learners (the tables come from the engine;
each game's own words are its :class:`~spar_tutor.engine.rules.Preset`; the words of the
game are the glossary, :mod:`spar_tutor.render.glossary`).

Every text is marked for the message catalogue with ``N_`` and translated where it is
shown (:mod:`spar_tutor.app.pages.rules`).
"""

from __future__ import annotations

from typing import Dict, Tuple

from ...i18n import N_

#: The game in a minute: one short paragraph each.
BASICS: Tuple[str, ...] = (
    N_("Two to seven people play. The pack has 35 cards: 6, 7, 8, 9, 10, jack, queen, "
       "king and ace of each suit. The ace of spades is taken out, so the king is the top "
       "spade."),
    N_("Everyone gets five cards: first three, then two. The player after the dealer leads "
       "the first trick."),
    N_("If you have a card of the suit that was led, you must play one. It may be high or "
       "low: you choose. If you have none, play any card. It cannot win."),
    N_("Playing another suit when you could follow is a renege. It is against the rules."),
    N_("The highest card of the suit that was led wins the trick. There are no trumps. "
       "The winner leads the next trick."),
    N_("Only the last trick scores. Win it with a 6 and you score 3 points. A 7 scores 2 "
       "points, and any other card 1 point. The first player to reach the target wins the "
       "match."),
)

#: option -> (name shown, what it means at the table).
HOUSE_RULES: Dict[str, Tuple[str, str]] = {
    "two_trick_bonus": (
        N_("Two-trick bonus"),
        N_("The same player wins the last two tricks, each with a 6 or a 7. Then the hand "
           "scores more: 6 for two sixes, 5 for a six and a seven, 4 for two sevens. A six "
           "and a seven of the same suit get no bonus.")),
    "dry_wet": (
        N_("Dry and wet"),
        N_("Before the first card is led, you may put one 6 or 7 face up in front of you: "
           "your dry. Then you may put one more 6 or 7, of another suit, face down: your "
           "wet. A declared card counts double only when it is live, which means it is "
           "played in one of the last two tricks. The danger: everyone sees your dry, so "
           "they may lead its suit early and force it out.")),
    "offside": (
        N_("Offside"),
        N_("A renege is against the rules. Nobody stops you at the table, but when a later "
           "card shows that you could have followed, you are offside. You score -3, nobody "
           "else scores, and the same dealer deals again. With stakes, you pay each other "
           "player 3 stakes. With this rule on, the Play page lets you try a renege, so "
           "that you can see what happens.")),
    "under_ten": (
        N_("Under ten"),
        N_("If none of your five cards is higher than 9, you may show them. Then you take "
           "five new cards from the stock, before the first card is led. The stock must "
           "still have five cards.")),
    "under_card": (
        N_("Under card"),
        N_("During the second-to-last trick, one player may ask to see the bottom card of "
           "the stock, on their turn. Everyone sees it, so everyone knows it is out of "
           "play.")),
    "cut": (
        N_("Cut"),
        N_("The player just before the dealer may cut the pack before the deal.")),
    "shuffle_every": (
        N_("Shuffling custom"),
        N_("How often the pack is shuffled depends on the number of players: with two, "
           "before every third hand; with three, before every second hand; with four or "
           "more, before every hand. When it is not shuffled, the played cards are picked "
           "up in order and dealt again.")),
    "stake": (
        N_("Stakes"),
        N_("After each hand, every other player pays the winner the hand's points times "
           "the stake. An offside player pays each other player 3 stakes. The app only "
           "counts: there is no real money.")),
    "betting": (
        N_("Bets"),
        N_("Before the first trick, a player may offer a bet. It stands only if another "
           "player matches it. If a player in the bet (who offered or matched it) wins the "
           "hand, they take all the money put into that bet. "
           "If not, everyone takes their own money back.")),
}

#: scoring system -> a note on why it pays the way it does.
SCORING_NOTES: Dict[str, str] = {
    "spar": N_(
        "Why does a 6 score most? It is the lowest card of its suit: every other card of "
        "that suit beats it. To win the last trick with it, you must plan the whole hand so "
        "that nobody can beat it. A 7 is almost as hard. An 8 beats only the 6 and the 7 of "
        "its suit, and it scores 1, like an ace."),
    "jeu_de_carte": N_(
        "There are no 6s in this pack. The 7 is the lowest card of each suit, so it is the "
        "card that scores more. This is the game as it is told for some tables in Benin. "
        "The descriptions do not say which way play goes: the tutor plays clockwise, as in "
        "Spar. Agree on it at your table."),
    "sipa": N_(
        "Only sevens score more, and more for a longer run: the same player must win the "
        "last two or three tricks, each with a 7. This is the game as it is told for some "
        "tables in Togo. One description keeps the ace of spades in, 32 cards; the tutor "
        "leaves it out, as Spar does. Agree on it at your table."),
    "agram": N_(
        "Only the last trick counts, and any card will do: each hand won is one point."),
}
