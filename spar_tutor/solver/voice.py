"""The tutor's voice: reasons said as whole sentences, one table of thresholds, one
wording for each figure, and the hint ladder that Play, lessons and puzzles share.

Every sentence here is a whole sentence of the catalogue with named placeholders,
never clauses glued together, so a translator can write it as their language says it.
A :class:`~.reasons.Reason` (the idea a card serves, with its cards and players) is said
by :func:`card_sentence` (what the card does, with every hand open), :func:`nudge`,
:func:`idea` and :func:`answer` (the three rungs of a :class:`Ladder`), and a broken rule
of thumb by :func:`tip`.

Figures are said one way each: a chance as "32 deals out of 100" (:func:`deals`), points
on average as "about 1 point every 3 hands" (:func:`every_hands`).

>>> from spar_tutor.engine.cards import Card
>>> deals(0.32), every_hands(0.34), every_hands(2.0)
('32 deals out of 100', 'about 1 point every 3 hands', 'about 2 points a hand')
>>> tip(Reason("save_six", Card.parse("6S"), keeper=Card.parse("6S")))
'Tip: keep 6♠ for the last trick, where it scores more than a higher card.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Literal, Optional, Tuple

from ..engine.cards import SUIT_NAMES, SUIT_SINGULAR
from ..engine.state import Move
from ..engine.words import Players, card_text
from ..i18n import N_, _, ngettext
from .reasons import Idea, Reason


@dataclass(frozen=True)
class Thresholds:
    """Every threshold the hints and the review judge by, in one place."""

    #: Expected points a choice must give up, from the player's view, to be a mistake
    #: (the review), and for the level-3 hint to give the tip it broke.
    mistake: float = 0.4
    #: ... to be "a little worse" (not a mistake); less is "just as good".
    slip: float = 0.1
    #: Expected points a card must give up under the graded model, with every hand open,
    #: for the hindsight to name the better card.
    graded_margin: float = 0.1
    #: Wins in 100 deals below which the best choice is not praised: nothing won often.
    rarely: int = 5
    #: Wins in 100 deals below which the best card is "your best chance, but a small one".
    long_shot: int = 10
    #: Chances that differ by at most this many in 100 look alike on the hint's chart.
    alike_percent: int = 2


#: The thresholds (:class:`Thresholds`): the review, the hints and the lessons read these.
THRESHOLDS = Thresholds()


# -- figures: one wording each -------------------------------------------------------------

def deals(share: float) -> str:
    """A chance as deals out of 100: "32 deals out of 100" (French "32 donnes sur 100")."""
    n = round(100 * share)
    return ngettext("{n} deal out of 100", "{n} deals out of 100", n).format(n=n)


def every_hands(points: float) -> str:
    """Points on average, as a learner can see them: "about 1 point every 3 hands" below one
    point a hand, "about 2 points a hand" from there."""
    if points < 0.05:
        return _("almost no points")
    if points < 0.75:
        hands = max(2, round(1 / points))
        return ngettext("about 1 point every {n} hand", "about 1 point every {n} hands",
                        hands).format(n=hands)
    n = max(1, round(points))
    return ngettext("about {n} point a hand", "about {n} points a hand", n).format(n=n)


def more_every_hands(points: float) -> str:
    """Points more on average, said as :func:`every_hands` says points: "about 1 point more
    every 5 hands"."""
    if points < 0.75:
        hands = max(2, round(1 / max(points, 0.01)))
        return ngettext("about 1 point more every {n} hand", "about 1 point more every {n} hands",
                        hands).format(n=hands)
    n = max(1, round(points))
    return ngettext("about {n} point more a hand", "about {n} points more a hand", n).format(n=n)


def sure_points(n: int, two_tricks: bool = False) -> str:
    """The points a card makes sure of, as a sentence of its own."""
    if two_tricks:
        return ngettext("You are sure of {n} point, from the last two tricks together.",
                        "You are sure of {n} points, from the last two tricks together.",
                        n).format(n=n)
    return ngettext("You are sure of {n} point.", "You are sure of {n} points.", n).format(n=n)


# -- the ladder ------------------------------------------------------------------------------

RungKind = Literal["nudge", "idea", "answer"]
#: The rungs in order, and what each is called above its words.
RUNG_TITLES: Dict[RungKind, str] = {"nudge": N_("A nudge"), "idea": N_("The idea"),
                                    "answer": N_("The computer's card")}


@dataclass(frozen=True)
class Rung:
    """One rung of a hint ladder: its kind and its words (in the learner's language)."""

    kind: RungKind
    text: str

    @property
    def title(self) -> str:
        return _(RUNG_TITLES[self.kind])


@dataclass(frozen=True)
class Ladder:
    """The hints of one decision, gentlest first: a nudge that names no card, the idea
    applied here, then the answer with its reason (``move``: the answer's choice, if it
    is a move). ``why_not``: for other choices, why not them, in a sentence each."""

    nudge: Rung
    idea: Rung
    answer: Rung
    move: Optional[Move] = None
    why_not: Tuple[Tuple[Move, str], ...] = field(default=())

    @classmethod
    def of(cls, nudge: str, idea: str, answer: str, move: Optional[Move] = None,
           why_not: Tuple[Tuple[Move, str], ...] = ()) -> "Ladder":
        """A ladder from its three texts."""
        return cls(Rung("nudge", nudge), Rung("idea", idea), Rung("answer", answer), move,
                   why_not)

    @property
    def rungs(self) -> Tuple[Rung, Rung, Rung]:
        return (self.nudge, self.idea, self.answer)

    def rung(self, number: int) -> Rung:
        """Rung ``number`` (1 to 3; beyond 3, the answer again)."""
        return self.rungs[max(1, min(number, 3)) - 1]


# -- saying a reason ---------------------------------------------------------------------------

def _values(reason: Reason, players: Optional[Players]) -> Dict[str, object]:
    """The placeholders a reason's sentences may use."""
    def named(seat: Optional[int]) -> str:
        if seat is None:
            return ""
        return players.name(seat) if players is not None else _("seat {seat}").format(seat=seat)

    suit = reason.suit
    return dict(card=card_text(reason.card), trick=reason.trick, player=named(reason.player),
                other=card_text(reason.other) if reason.other else "",
                keeper=card_text(reason.keeper) if reason.keeper else "",
                suit=_(SUIT_SINGULAR[suit]) if suit else "",
                suits=_(SUIT_NAMES[suit]) if suit else "",
                stop_trick=reason.stop_trick,
                stop_card=card_text(reason.stop_card) if reason.stop_card else "")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


#: What a card does along the open-hand line, by (its own trick, the ending): the main
#: sentence of an explanation.
MAIN: Dict[Tuple[str, str], str] = {
    ("wins", "lead_follow"): N_("{card} wins trick {trick}, and then you lead {keeper} to the "
                                "last trick, which nobody can follow."),
    ("wins", "lead_beat"): N_("{card} wins trick {trick}, and then you lead {keeper} to the "
                              "last trick, which nobody can beat."),
    ("wins", "led_to_you"): N_("{card} wins trick {trick}, and then {player} has to lead "
                               "{suits} to your {keeper} in the last trick."),
    ("gives", "lead_follow"): N_("{card} gives trick {trick} to {player}, but you win the "
                                 "lead back and lead {keeper}, which nobody can follow."),
    ("gives", "lead_beat"): N_("{card} gives trick {trick} to {player}, but you win the lead "
                               "back and lead {keeper}, which nobody can beat."),
    ("gives", "led_to_you"): N_("{card} gives trick {trick} to {player}, who then has to "
                                "lead {suits} to your {keeper} in the last trick."),
    ("last", "lead_follow"): N_("Nobody can follow {card} in the last trick."),
    ("last", "lead_beat"): N_("Nobody can beat {card} in the last trick."),
    ("last", "win_last"): N_("{card} wins the last trick."),
    ("last", "led_to_you"): N_("{card} wins the last trick."),
}
#: How the others stop a card that makes nothing sure, by the ending.
STOPPED: Dict[str, str] = {
    "stopped_follow": N_("After {card}, {player} can take trick {stop_trick} with "
                         "{stop_card} and lead {other}, which you cannot follow."),
    "stopped_beat": N_("After {card}, {player} can take trick {stop_trick} with {stop_card} "
                       "and lead {other}, which you cannot beat."),
    "stopped_last": N_("After {card}, {player} can still win the last trick with {other}."),
    "stopped": N_("After {card}, the others can still stop you."),
}
#: Why a card wins its trick (counting the suit), a sentence of its own.
WINS: Dict[str, str] = {
    "void": N_("Nobody else holds a {suit}."),
    "last_above": N_("{card} is the last {suit} above {other}."),
    "highest": N_("{card} is the highest {suit} played."),
}


def card_sentence(reason: Reason, players: Optional[Players] = None) -> str:
    """The main sentence on what a card does, every hand open (at most 25 words): the
    trick it goes to and how the last trick goes, or how the others stop it."""
    values = _values(reason, players)
    if reason.idea == "stopped":
        return _(STOPPED[reason.ending or "stopped"]).format(**values)
    own = "wins" if reason.own in ("wins", "anyway") else reason.own
    template = MAIN.get((own, reason.ending))
    if template is None:  # a line the table does not tell: what it is worth is enough
        return _("After {card}, you can win the last trick.").format(**values)
    return _capital(_(template).format(**values))


def wins_sentence(reason: Reason, players: Optional[Players] = None) -> str:
    """Why the card wins its trick, counting the suit ("" when the line does not say)."""
    if not reason.wins:
        return ""
    return _capital(_(WINS[reason.wins]).format(**_values(reason, players)))


def explanation(reason: Reason, players: Optional[Players] = None) -> str:
    """A card explained with every hand open: the main sentence, why it wins its trick,
    and the points it makes sure of (short sentences, each whole)."""
    said = [card_sentence(reason, players), wins_sentence(reason, players)]
    if reason.sure:
        said.append(sure_points(reason.sure, reason.two_tricks))
    return " ".join(s for s in said if s)


#: The first rung, by idea: a question that points at the idea and names no card.
NUDGES: Dict[Idea, str] = {
    "only_card": N_("How many of your cards may you play here?"),
    "follow_suit": N_("Which suit was led first? Which of your cards are of that suit?"),
    "last_trick": N_("Only the last trick scores. Which of your cards can still win it?"),
    "lead_last": N_("Who must win trick {trick} for your last card to score?"),
    "keep_lead": N_("Which of your cards can nobody beat? Count the cards still out in each "
                    "suit."),
    "give_up_lead": N_("Must you win trick {trick}? Think about who leads after it."),
    "save_six": N_("Which card do you want to still hold when the last trick comes?"),
    "throw_spare": N_("You cannot follow suit. Which of your cards has no job left?"),
    "spend_high": N_("Which of your cards will be worth least at the end?"),
    "lead_low": N_("Trick {trick} scores nothing. Which card can you give away now, and which "
                   "cards will win the lead back later?"),
    "choose_last": N_("You have two cards left: one to lead now, one for the last trick. "
                      "Which one has the better chance in the last trick?"),
    "lose_first": N_("Which of your cards can never win a trick? When is the best time to "
                     "lose it?"),
    "count_suit": N_("How many {suits} are still out, and who holds them?"),
    "no_chance": N_("Can any of your cards still win the last trick? If not, which can you "
                    "spare?"),
    "long_shot": N_("Which of your cards gives you any chance at all of the last trick?"),
    "stopped": N_("Work back from the last trick: who must lead it for you to win it?"),
    "figures": N_("Work back from the last trick: which card do you want to lead to it, and "
                  "which cards must go before?"),
}
#: The second rung, for the ideas that read the same with open and hidden hands.
IDEAS: Dict[Idea, str] = {
    "follow_suit": N_("You must follow suit when you can. Any card of the suit will do."),
    "last_trick": N_("The leader of the last trick wins it unless someone follows suit "
                     "higher."),
    "spend_high": N_("At the end a high card scores only 1 point. Spend high cards early, "
                     "to take the lead."),
    "lose_first": N_("A card that can never win should go first, while you still have high "
                     "cards to win the lead back."),
    "count_suit": N_("Count the {suits} still out: a card above all of them cannot be "
                     "beaten."),
    "no_chance": N_("When no card can win the last trick any more, play the card you need "
                    "least."),
    "long_shot": N_("Keep the card that still has a chance of the last trick."),
    "stopped": N_("The others can always stop you here. Keep the most chances for the last "
                  "trick."),
    "lead_low": N_("Only the last trick scores. A lower card led now costs little, and your "
                   "high cards can win the lead back later."),
    "choose_last": N_("You choose which card plays the last trick. If someone beats the card "
                      "you lead now, they lead the last trick, and your other card must beat "
                      "theirs."),
}
#: The second rung with every hand open: the idea and what it means here.
IDEAS_OPEN: Dict[Idea, str] = {
    **IDEAS,
    "only_card": N_("You must follow suit when you can, and only one of your cards can."),
    "lead_last": N_("Whoever wins trick {trick} leads the last trick. You want that lead, to "
                    "lead {keeper} to it."),
    "keep_lead": N_("A card nobody can beat wins its trick and keeps the lead for you. Keep "
                    "{keeper} for the last trick."),
    "give_up_lead": N_("Losing a trick on purpose can be right. The player who wins it must "
                       "lead next, and may have to lead into your {keeper}."),
    "save_six": N_("Only the last trick scores, and a 6 or 7 scores more there than a higher "
                   "card. Keep {keeper} for the last trick, and play another card first."),
    "throw_spare": N_("A card of another suit never wins the trick. Throw the card least "
                      "likely to win the last trick."),
    "figures": N_("Plan from the last trick: the card you want to win it with, and who must "
                  "lead to it."),
}
#: The second rung with hidden hands: the idea and what the learner can see of it.
IDEAS_VIEW: Dict[Idea, str] = {
    **IDEAS,
    "only_card": N_("{suits} were led, and you must follow suit when you can."),
    "lead_last": N_("Whoever wins this trick leads the last one. Take it if you hold a card "
                    "that can then win the last trick."),
    "keep_lead": N_("Count the {suits} you have seen: a card above all those still out "
                    "cannot be beaten, and it keeps the lead for you."),
    "give_up_lead": N_("You do not have to win this trick. Letting it go makes someone else "
                       "lead the next one."),
    "save_six": N_("Only the last trick scores, and your {keeper} scores more there than a "
                   "higher card. Keep it for the end, and play another card now."),
    "throw_spare": N_("A card of another suit never wins the trick. Throw the card least "
                      "likely to win the last trick, and keep your winners."),
    "figures": N_("No simple rule decides this one. The computer plays the hand out many "
                  "times, with the cards you cannot see dealt in different ways, and counts "
                  "which card does best."),
}
#: The third rung with hidden hands: the card to play and its reason, in one sentence.
ANSWERS_VIEW: Dict[Idea, str] = {
    "only_card": N_("{card} is the only card you may play."),
    "follow_suit": N_("Play {card}: any card of the suit will do, and this one costs least."),
    "last_trick": N_("Play {card}: it is your best chance in the last trick."),
    "lead_last": N_("Play {card}: it can take this trick, and then you lead the last one."),
    "keep_lead": N_("Play {card}: no card still out can beat it, so you keep the lead."),
    "give_up_lead": N_("Play {card} and let this trick go: someone else must then lead."),
    "save_six": N_("Play {card}, and keep {keeper} for the last trick."),
    "throw_spare": N_("Throw {card}: of your cards, it is the one you need least."),
    "spend_high": N_("Play {card} now, while a high card can still take the lead."),
    "lead_low": N_("Play {card}: it costs little now, and you keep {other} to win the lead "
                   "back."),
    "choose_last": N_("Lead {card} now, and keep {other} for the last trick."),
    "lose_first": N_("Play {card}: it could never win a trick, so let it go first."),
    "count_suit": N_("Play {card}: no card still out can beat it."),
    "no_chance": N_("No card can win this hand for you now. Any card will do, {card} for "
                    "example."),
    "long_shot": N_("Play {card}: it is your best chance, but a small one."),
    "stopped": N_("Play {card}: it keeps the most chances."),
    "figures": N_("Play {card}: in the deals the computer tried, it did best."),
}
#: A rule of thumb a card broke, in the review of a mistake (lessons 9 and 12).
TIPS: Dict[Idea, str] = {
    "save_six": N_("Tip: keep {keeper} for the last trick, where it scores more than a "
                   "higher card."),
    "throw_spare": N_("Tip: when you cannot follow suit, throw away the card with no job: "
                      "the one least likely to help you win the last trick."),
    "lead_last": N_("Tip: win the second-to-last trick if you hold a card that can win the "
                    "last one: its winner leads the last trick."),
    "lose_first": N_("Tip: high cards usually take the lead early, but first lose a card "
                     "that can never win, if you have one."),
    "spend_high": N_("Tip: spend high cards early, usually: they take the lead, and at the "
                     "end they score only 1 point."),
}


def nudge(reason: Reason) -> str:
    """The first rung for a reason: a question that names no card."""
    return _(NUDGES[reason.idea]).format(**_values(reason, None))


def idea(reason: Reason, open_hands: bool, players: Optional[Players] = None) -> str:
    """The second rung: the idea and what it means in this position (``open_hands``: the
    position shows every hand, so the line may be read; else only the learner's view)."""
    table = IDEAS_OPEN if open_hands else IDEAS_VIEW
    template = table[reason.idea]
    if "{keeper}" in template and reason.keeper is None:
        template = IDEAS_VIEW["figures"] if not open_hands else IDEAS_OPEN["figures"]
    return _capital(_(template).format(**_values(reason, players)))


def answer(reason: Reason, open_hands: bool, players: Optional[Players] = None) -> str:
    """The third rung, the computer's card: the card to play and its reason, in one or two
    short sentences (open hands: what the card does along the line)."""
    values = _values(reason, players)
    if not open_hands:
        template = ANSWERS_VIEW[reason.idea]
        if "{keeper}" in template and reason.keeper is None:
            template = ANSWERS_VIEW["figures"]
        return _capital(_(template).format(**values))
    # Translators: the card to play; the next sentence says what it does
    play = _("Play {card}.").format(**values)
    return f"{play} {card_sentence(reason, players)}"


def tip(reason: Reason) -> str:
    """The rule of thumb a card broke, as a tip ("" when the idea has none)."""
    template = TIPS.get(reason.idea)
    return _(template).format(**_values(reason, None)) if template else ""


__all__ = ["ANSWERS_VIEW", "IDEAS", "IDEAS_OPEN", "IDEAS_VIEW", "Ladder", "MAIN", "NUDGES", "Rung",
           "RungKind", "STOPPED", "THRESHOLDS", "TIPS", "Thresholds", "WINS", "answer",
           "card_sentence", "deals", "every_hands", "explanation", "idea", "more_every_hands",
           "nudge",
           "sure_points", "tip", "wins_sentence"]
