"""Why a card is good or bad, as structured reasons (no words: :mod:`.voice` says them).

A :class:`Reason` names the *idea* a card serves or breaks (keep the lead, save the 6,
give up the lead, count the suit, ...) with the cards, players and figures it is about.
Two sources, never mixed:

* **The open-hand line** (:func:`line_reasons`): with every hand seen (a puzzle, a lesson
  step with open hands, the review's hindsight), the solver's principal line says what
  the card does: the trick it goes to and why it wins or loses, who leads the last
  trick, and what stops the player.
* **The seat's view** (:func:`view_reason`, :func:`broken_rule`): with hidden hands
  (Play, a lesson step with ``hidden``), only what the seat may know: its hand, the cards
  played, the trick on the table, and the card the hint's figures put first. The same
  view with the hidden cards dealt differently gives the same reasons.

>>> from spar_tutor.engine.rules import Rules
>>> from spar_tutor.engine.state import HandState
>>> from spar_tutor.engine.cards import Card
>>> view = HandState.new(Rules.preset("standard"), ["6S KH 9D", "8S QH 7D"], dealer=1).view(0)
>>> broken_rule(view, Card.parse("6S"), Card.parse("9D")).idea
'save_six'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import List, Literal, NamedTuple, Optional, Sequence, Tuple

from ..engine.cards import CARD_BY_BIT, SUIT_MASKS, Card, cards_of_mask
from ..engine.state import PLAY
from ..engine.view import SeatView
from ._position import Position

#: The ideas a reason can name: a closed set, so a misspelt idea is a type error.
Idea = Literal[
    "only_card",     # one legal card: no choice
    "follow_suit",   # the rule: a card of the led suit must be played
    "last_trick",    # the last trick: the lead wins it unless someone follows higher
    "lead_last",     # win the second-to-last trick, to lead the last one
    "keep_lead",     # a card nobody can beat takes the trick and keeps the lead
    "give_up_lead",  # lose this trick on purpose: someone else must lead to you
    "save_six",      # keep a 6 or 7 for the last trick, where it scores more
    "throw_spare",   # cannot follow: throw the card with no job
    "spend_high",    # a high card scores little at the end: spend it early
    "lead_low",      # lead a lower card early and keep a high card to win the lead back
    "choose_last",   # two cards left, leading: which one plays the last trick
    "lose_first",    # lose a card that can never win before spending high cards
    "count_suit",    # count the cards of a suit still out
    "no_chance",     # no card wins the hand any more
    "long_shot",     # the best card wins the hand only rarely
    "stopped",       # the others can stop the card (open hand)
    "figures",       # no rule of thumb fits: the computer's count of deals decides
]
#: Why a card wins its trick: nobody else holds its suit, it is the last of its suit above
#: another card, or it is the highest of the suit on the table.
Wins = Literal["void", "last_above", "highest", ""]
#: How the last trick goes along an open-hand line.
Ending = Literal["lead_follow", "lead_beat", "led_to_you", "win_last",
                 "stopped_follow", "stopped_beat", "stopped_last", "stopped", ""]
#: What the card does to its own trick along the line.
OwnTrick = Literal["wins", "anyway", "gives", "last", ""]

Line = Sequence[Tuple[int, int]]


@dataclass(frozen=True)
class Reason:
    """One idea about one card of the learner's, with what it is about.

    ``card``: the learner's card the reason is about. ``trick``: the trick number in the
    hand it concerns. ``player``: another seat it names (who takes the trick, who must
    lead). ``other``: a second card (the card it is the last above, the card that beats
    it, the card led to the last trick). ``keeper``: the learner's card for the last
    trick. ``suit``: a suit (a letter of ``"SHDC"``). ``wins``: why ``card`` wins its
    trick. ``own`` and ``ending``: what the line does with the card's trick and with the
    last trick. ``sure``: points sure with every hand open (``None``: hands hidden).
    ``two_tricks``: the sure points come from the last two tricks together.
    """

    idea: Idea
    card: Card
    trick: int = 0
    player: Optional[int] = None
    other: Optional[Card] = None
    keeper: Optional[Card] = None
    suit: str = ""
    wins: Wins = ""
    own: OwnTrick = ""
    ending: Ending = ""
    sure: Optional[int] = None
    two_tricks: bool = False
    #: For an ending that stops the learner: the trick the stopper takes, and with what.
    stop_trick: int = 0
    stop_card: Optional[Card] = None


class TrickStory(NamedTuple):
    """One trick of a replayed line."""

    number: int  # in the whole hand, 1-based
    before: Position  # the position as the trick started (or as the line started)
    leader: int
    cards: Tuple[int, ...]  # card bits in play order from the leader
    winner: int
    winning: int  # the winning card's bit


def replay(pos: Position, line: Line, first_number: int) -> List[TrickStory]:
    """The tricks of ``line`` played from ``pos``; ``first_number`` is the current
    trick's number in the hand."""
    out = []
    cur = start = pos
    number = first_number
    for _seat, bit in line:
        if not cur.trick:
            start = cur
        nxt, points = cur.play(bit)
        full = cur.trick + (bit,)
        if len(full) == pos.players:
            winner = nxt.leader
            out.append(TrickStory(number, start, cur.leader, full, winner,
                                  full[(winner - cur.leader) % pos.players]))
            number += 1
        cur = nxt
        if points is not None:
            break
    return out


def _others_in_suit(pos: Position, seat: int, card: Card) -> List[Card]:
    """The cards of ``card``'s suit the other players hold at ``pos``."""
    mask = 0
    for s, h in enumerate(pos.hands):
        if s != seat:
            mask |= h
    return cards_of_mask(mask & SUIT_MASKS[card.suit_index])


def why_it_wins(pos: Position, seat: int, card: Card) -> Tuple[Wins, Optional[Card]]:
    """Why ``card`` beats the others' cards of its suit at ``pos`` (and the card it is
    the last above, if that is why)."""
    others = _others_in_suit(pos, seat, card)
    if not others:
        return "void", None
    below = [c for c in others if c.rank < card.rank]
    if len(below) == len(others):
        return "last_above", max(below, key=lambda c: c.rank)
    return "highest", None


def line_reasons(pos: Position, line: Line, learner: int, first_number: int,
                 guaranteed: int, two_tricks: bool = False) -> Reason:
    """The reason for the first card of ``line`` (the learner's), every hand open: what the
    line does with the card's own trick and with the last trick, and the idea that makes
    it good (or the way the others stop it)."""
    first = CARD_BY_BIT[line[0][1]]
    tricks = replay(pos, line, first_number)
    if not tricks:
        return Reason("figures", first, sure=guaranteed)
    own_trick, last = tricks[0], tricks[-1]
    second_last = tricks[-2] if len(tricks) >= 2 else None
    wins: Wins = ""
    beaten: Optional[Card] = None
    own: OwnTrick
    if own_trick is last:
        own = "last"
    elif own_trick.winner == learner and own_trick.winning == first.bit:
        own = "wins"
        wins, beaten = why_it_wins(own_trick.before, learner, first)
    elif own_trick.winner == learner:
        own = "anyway"
    else:
        own = "gives"
    lead = CARD_BY_BIT[last.cards[0]]
    win = CARD_BY_BIT[last.winning]
    base = Reason("stopped", first, own_trick.number, sure=guaranteed, own=own, wins=wins,
                  two_tricks=two_tricks)
    if guaranteed > 0:
        return _sure_reason(base, learner, own_trick, second_last, last, beaten, lead, win)
    if last.winner != learner:
        if last.leader == last.winner and second_last is not None:
            return replace(base, player=last.winner, other=lead, suit=lead.suit,
                           ending=("stopped_follow" if not _holds(last.before, learner, lead)
                                   else "stopped_beat"),
                           stop_trick=second_last.number,
                           stop_card=CARD_BY_BIT[second_last.winning])
        return replace(base, player=last.winner, other=win, suit=win.suit,
                       ending="stopped_last")
    return replace(base, ending="stopped", suit=first.suit)


def _sure_reason(base: Reason, learner: int, own_trick: TrickStory,
                 second_last: Optional[TrickStory], last: TrickStory,
                 beaten: Optional[Card], lead: Card, win: Card) -> Reason:
    """The reason for a card that keeps some points sure: how the line gets the learner
    the last trick, and the idea it serves."""
    ending: Ending
    # the player named: who must lead to the learner, or who takes the trick given up
    player: Optional[int] = own_trick.winner if base.own == "gives" else None
    if last.leader == learner:
        ending = "lead_follow" if not _others_in_suit(last.before, learner, win) else "lead_beat"
    elif last.winner == learner and base.own == "last":
        ending = "win_last"
    else:
        ending, player = "led_to_you", last.leader
    first = base.card
    idea: Idea
    if base.own == "gives":
        idea = "give_up_lead"
    elif base.own == "last":
        idea = "last_trick"
    elif second_last is own_trick and ending != "led_to_you":
        idea = "lead_last"
    elif win.rank in (6, 7) and first.rank not in (6, 7):
        idea = "save_six"
    elif base.own == "wins":
        idea = "keep_lead"
    else:
        idea = "lead_last" if ending != "led_to_you" else "give_up_lead"
    suit = (lead if ending == "led_to_you" else first if base.own == "wins" else win).suit
    return replace(base, idea=idea, player=player, keeper=win, ending=ending,
                   other=beaten if base.own == "wins" else lead, suit=suit)


def _holds(pos: Position, seat: int, card: Card) -> bool:
    return bool(pos.hands[seat] & SUIT_MASKS[card.suit_index])


# -- from the seat's view alone ----------------------------------------------------------

#: The ranks that win the last trick more points than a higher card, by scoring system.
SCORING_RANKS = {"spar": (6, 7), "jeu_de_carte": (7,), "sipa": (7,), "agram": ()}
#: A "high card" in the tips: a queen or higher (lesson 9: "an ace or king").
HIGH = 12


def _led_suit(view: SeatView) -> str:
    return view.current_trick[0].suit if view.current_trick else ""


def _can_follow(view: SeatView) -> bool:
    led = _led_suit(view)
    return bool(led) and any(c.suit == led for c in view.hand)


def _top_of_trick(view: SeatView) -> int:
    led = _led_suit(view)
    return max((c.rank for c in view.current_trick if c.suit == led), default=0)


def _takes(view: SeatView, card: Card) -> bool:
    """Whether ``card`` beats the trick on the table so far (leading: it is the lead)."""
    led = _led_suit(view)
    return not led or card.suit == led and card.rank > _top_of_trick(view)


def unbeatable(view: SeatView, card: Card) -> bool:
    """Whether no card the seat does not hold and has not seen played (in another hand,
    a dry shown, or out of play) is of ``card``'s suit and higher: counting the suit,
    nobody can beat it."""
    gone = set(view.hand) | set(view.played_cards())
    return not any(c.suit == card.suit and c.rank > card.rank
                   for c in cards_of_mask(view.rules.deck_mask) if c not in gone)


def scoring_ranks(view: SeatView) -> Tuple[int, ...]:
    """The ranks that score more than a higher card in the last trick, by the rules."""
    return SCORING_RANKS.get(view.rules.scoring, ())


def broken_rule(view: SeatView, played: Card, better: Card) -> Optional[Reason]:
    """The rule of thumb (lessons 9 and 12) that ``played`` broke and ``better`` kept,
    read off ``view`` alone (``None`` when no rule fits the pair): it names the
    misconception, not just "wrong". The first rule that fits is the reason."""
    if view.phase != PLAY or view.tricks_left <= 1 or played == better:
        return None
    special = scoring_ranks(view)
    trick = len(view.tricks) + 1
    if played.rank in special and better.rank not in special:
        return Reason("save_six", played, trick, keeper=played, suit=played.suit)
    led = _led_suit(view)
    if led and not _can_follow(view):
        return Reason("throw_spare", played, trick, suit=led)
    better_takes, played_takes = _takes(view, better), _takes(view, played)
    if view.tricks_left == 2 and led and better_takes and not played_takes:
        return Reason("lead_last", played, trick)
    if view.tricks_left > 2 and played.rank >= HIGH and played.rank > better.rank:
        return Reason("lose_first", played, trick)
    if view.tricks_left > 2 and better_takes and better.rank >= HIGH > played.rank:
        return Reason("spend_high", played, trick, other=better)
    return None


def view_reason(view: SeatView, best: Card) -> Reason:
    """The idea behind ``best`` (the card the hint's figures put first), from ``view``
    alone: what a careful player sees on the table and counts in the suits. When no rule
    of thumb fits the card, the idea is ``"figures"``: the computer's count decides."""
    legal = [m for m in view.legal_moves if isinstance(m, Card)]
    led = _led_suit(view)
    base = Reason("figures", best, view.trick_number, keeper=_keeper(view, best),
                  suit=led or best.suit)
    if view.tricks_left == 1 and not led:
        return replace(base, idea="last_trick")
    if len(legal) == 1:
        return replace(base, idea="only_card")
    if view.tricks_left == 1:
        return replace(base, idea="last_trick")
    if led and not _can_follow(view):
        return replace(base, idea="throw_spare")
    takes = _takes(view, best)
    could_take = any(_takes(view, c) for c in legal)
    if view.tricks_left == 2:
        if takes and (led or unbeatable(view, best)):
            return replace(base, idea="lead_last")
        if not takes and could_take:
            return replace(base, idea="give_up_lead")
        if not led and len(view.hand) == 2:
            kept = next(c for c in view.hand if c != best)
            return replace(base, idea="choose_last", other=kept)
        return base
    special = scoring_ranks(view)
    if base.keeper is not None and (best.rank not in special or best.rank > base.keeper.rank):
        # (a 7 spent early to keep a 6, which scores more, is the same idea)
        return replace(base, idea="save_six", suit=base.keeper.suit)
    if takes and not led and unbeatable(view, best):
        return replace(base, idea="keep_lead")
    if not takes and could_take:
        return replace(base, idea="give_up_lead")
    if not led and best.rank not in special:
        high = [c for c in view.hand if c != best and c.rank >= HIGH]
        if best.rank >= HIGH and all(c.rank <= best.rank for c in view.hand
                                     if c.suit == best.suit):
            return replace(base, idea="spend_high")
        if best.rank < HIGH and high:
            kept = max(high, key=lambda c: (c.rank, c.index))
            return replace(base, idea="lead_low", other=kept)
    return base


def _keeper(view: SeatView, played: Card) -> Optional[Card]:
    """The card the seat keeps for the last trick after ``played``: its lowest card of a
    rank that scores more there (a 6, else a 7), or ``None``."""
    special = scoring_ranks(view)
    kept = [c for c in view.hand if c is not played and c.rank in special]
    return min(kept, key=lambda c: (c.rank, c.index)) if kept else None


__all__ = ["Ending", "HIGH", "Idea", "OwnTrick", "Reason", "SCORING_RANKS", "TrickStory",
           "Wins", "broken_rule", "line_reasons", "replay", "scoring_ranks", "unbeatable",
           "view_reason", "why_it_wins"]
