"""The state of one hand of Spar, from the deal to the score.

A :class:`HandState` is immutable: :meth:`HandState.apply` returns a new state
and never changes the one you hold, so undo is keeping the old state.

A move is either a :class:`~spar_tutor.engine.cards.Card` (play it) or an
:class:`Action` (an under-ten exchange, a dry or wet declaration, a pass, or
asking to see the under card). :meth:`HandState.legal_moves` lists the moves
the rules allow, in a fixed order (cards by index, then actions);
:meth:`HandState.explain_illegal` says in words why a move is not allowed.

The hand goes through phases: ``under_ten`` (only with that option), then
``declare`` (only with ``dry_wet``), then ``play``, then ``over``. Seats are
numbered in play order; seat ``(dealer + 1) % players`` leads the first trick
(the dealer with ``first_lead = "dealer"``).

>>> from spar_tutor.engine.cards import parse_cards
>>> from spar_tutor.engine.rules import Rules
>>> state = HandState.new(Rules.preset("standard"), ["6S 7H 8D", "9S 8H TD"], dealer=1)
>>> state.to_move, [str(m) for m in state.legal_moves()]
(0, ['6S', '7H', '8D'])
>>> state = state.apply(Card.parse("7H")).apply(Card.parse("8H"))
>>> state.to_move
1
>>> state = state.apply(Card.parse("9S"))
>>> state.explain_illegal(Card.parse("8D"))
'spades were led and seat 0 holds a spade (6S): a player must follow suit'
>>> for card in ("6S", "TD", "8D"):
...     state = state.apply(Card.parse(card))
>>> state.result.points, state.result.reason
((0, 1), 'seat 1 won the last trick with TD: 1')
"""

from __future__ import annotations

from typing import (
    TYPE_CHECKING, Any, Dict, Final, Iterable, List, Literal, NamedTuple, Optional, Sequence,
    Tuple, Union,
)

from ..i18n import N_, _, points as points_words
from .cards import (
    CARD_BY_BIT, SUIT_MASKS, cards_of_suit_mask, SUIT_NAMES, SUIT_SINGULAR, Card, cards_of_mask,
    format_cards, parse_card, sort_hand,
)
from .errors import DealError, IllegalMoveError, NotationError, shown
from .rules import Rules
from .scoring import OFFSIDE_PENALTY, score
from .words import Players, Said

if TYPE_CHECKING:
    from .view import SeatView

#: The phases of a hand, in order (``under_ten`` and ``declare`` only with their options).
Phase = Literal["under_ten", "declare", "play", "over"]
UNDER_TEN: Final = "under_ten"
DECLARE: Final = "declare"
PLAY: Final = "play"
OVER: Final = "over"

#: What an :class:`Action` does (see its docstring).
ActionKind = Literal["under_ten", "dry", "wet", "pass", "under_card"]
#: The two declarations: a dry (face up) and a wet (face down).
Declaration = Literal["dry", "wet"]

#: Every card ranked 9 or lower: the cards of an under-ten hand.
LOW_MASK = 0
for _c in CARD_BY_BIT.values():
    if _c.rank <= 9:
        LOW_MASK |= _c.bit
#: Every 6 and 7: the cards that may be declared dry or wet.
SIX_SEVEN_MASK = 0
for _c in CARD_BY_BIT.values():
    if _c.rank in (6, 7):
        SIX_SEVEN_MASK |= _c.bit


class Action(NamedTuple):
    """A move that is not playing a card.

    ``kind`` is ``"under_ten"`` (exchange an under-ten hand), ``"dry"`` or
    ``"wet"`` (declare ``card``), ``"pass"`` (decline the current offer) or
    ``"under_card"`` (ask to see the bottom card of the stock).
    """

    kind: ActionKind
    card: Optional[Card] = None

    def __str__(self) -> str:
        if self.kind in ("dry", "wet"):
            return f"{self.kind} {self.card}"
        return self.kind.replace("_", " ")

    def __repr__(self) -> str:
        return f"Action({self.kind!r}" + (f", {self.card!r})" if self.card else ")")

    @classmethod
    def dry(cls, card: Card) -> "Action":
        return cls("dry", card)

    @classmethod
    def wet(cls, card: Card) -> "Action":
        return cls("wet", card)


EXCHANGE: Final = Action("under_ten")
PASS: Final = Action("pass")
UNDER_CARD: Final = Action("under_card")

Move = Union[Card, Action]
_ACTION_WORDS = {
    "pass": PASS, "p": PASS, "-": PASS,
    "under_ten": EXCHANGE, "under ten": EXCHANGE, "ut": EXCHANGE,
    "under_card": UNDER_CARD, "under card": UNDER_CARD, "uc": UNDER_CARD,
}


def parse_move(text: str) -> Move:
    """A move from text: a card (``"6S"``), ``"dry 6S"``, ``"wet 7H"``, ``"pass"``,
    ``"under ten"`` (or ``"ut"``), ``"under card"`` (or ``"uc"``)."""
    t = " ".join(text.strip().lower().split())
    if t in _ACTION_WORDS:
        return _ACTION_WORDS[t]
    kind, _sep, rest = t.partition(" ")
    if kind in ("dry", "wet") and rest:
        card = parse_card(rest)
        return Action.dry(card) if kind == "dry" else Action.wet(card)
    try:
        return parse_card(t)
    except NotationError:
        raise NotationError(
            f"not a move: {shown(text)} (a card like '6S', 'dry 6S', 'wet 7H', 'pass', "
            f"'under ten' or 'under card')",
            card=text,
        ) from None


def format_move(move: Move) -> str:
    """The text of a move; :func:`parse_move` reads it back."""
    return str(move)


class Trick(NamedTuple):
    """A finished (or abandoned) trick: ``cards`` in play order from ``leader``."""

    leader: int
    cards: Tuple[Card, ...]
    winner: Optional[int]

    def seat_of(self, i: int, players: int) -> int:
        """The seat that played ``cards[i]``."""
        return (self.leader + i) % players

    def winning_card(self, players: int) -> Optional[Card]:
        if self.winner is None:
            return None
        return self.cards[(self.winner - self.leader) % players]


class HandResult(NamedTuple):
    """How a hand ended. ``points`` has one int per seat (only one is not 0).

    ``reason`` is the engine's words (a seat's number, card codes: deal files, the
    command line); ``said`` the learner's sentence, said to a table of players by
    :meth:`words`."""

    points: Tuple[int, ...]
    winner: Optional[int]
    ended_by: str  # "last_trick" or "offside"
    reason: str
    offender: Optional[int] = None
    said: Optional[Said] = None

    def words(self, players: Players) -> str:
        """How the hand ended, in a learner's words ("You won the last trick with 6♠:
        3 points.")."""
        return players.tell(self.said) if self.said is not None else self.reason


class Renege(NamedTuple):
    """A failure to follow suit, not yet proven (``offside`` on)."""

    seat: int
    suit_index: int
    play: int
    card: Card


def trick_winner(rules: Rules, leader: int, cards: Sequence[Card], players: int) -> int:
    """The seat that wins a complete trick (RULES.md 1, 'trick winner')."""
    led = cards[0].suit
    best = 0
    followed = False
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit == led:
            followed = True
            if c.rank > cards[best].rank:
                best = i
    if not followed and rules.unfollowed_trick == "highest":
        for i in range(1, len(cards)):
            if cards[i].rank > cards[best].rank:
                best = i
    return (leader + best) % players


class HandState:
    """One hand of Spar at one moment. Immutable; see the module docstring."""

    # The state is a bag of private attributes, copied whole on each move
    # (one dict copy is the cheapest way to make a new state in Python).
    _rules: Rules
    _n: int
    _dealer: int
    _hands: Tuple[int, ...]
    _stock: Tuple[Card, ...]
    _phase: Phase
    _to_move: int
    _prelead_index: int
    _leader: int
    _trick: Tuple[Card, ...]
    _tricks: Tuple[Trick, ...]
    _nplays: int
    _tricks_total: int
    _first_trick: int
    _dry: Tuple[Optional[Card], ...]
    _wet: Tuple[Optional[Card], ...]
    _wet_shown: Tuple[bool, ...]
    _exchanged: Tuple[Tuple[int, Tuple[Card, ...]], ...]
    _under_card: Optional[Card]
    _under_card_seat: Optional[int]
    _reneges: Tuple[Renege, ...]
    _abandoned: Optional[Trick]
    _result: Optional[HandResult]
    _history: Tuple[Tuple[int, Move], ...]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("HandState is immutable: apply() returns a new state")

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        hands: Sequence[Union[str, Iterable[Card]]],
        dealer: Optional[int] = None,
        *,
        stock: Union[str, Iterable[Card]] = (),
        leader: Optional[int] = None,
        declarations: Sequence[Dict[str, Any]] = (),
    ) -> "HandState":
        """A hand at its start (or an end-position with fewer cards each).

        ``hands`` are one per seat, in play order (text or cards); ``stock`` is
        the undealt rest, top card first. Full-size hands begin with the
        phases before the first lead that the rules have; shorter hands (all of
        one size) are an end position: play starts at once with ``leader``
        (default: the usual first leader), and ``declarations`` (dicts with
        ``seat``, ``dry`` and optional ``wet`` cards) are put in place directly.
        """
        n = len(hands)
        rules.check_players(n)
        if dealer is None:
            dealer = n - 1
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat from 0 to {n - 1}, not {shown(dealer)}", rule="dealer")
        parsed = [_card_list(h, f"hand of seat {i}") for i, h in enumerate(hands)]
        stock_cards = _card_list(stock, "stock")
        seen: Dict[Card, str] = {}
        for where, cards in [(f"seat {i}", h) for i, h in enumerate(parsed)] + [("the stock", stock_cards)]:
            for c in cards:
                if not rules.deck_mask & c.bit:
                    raise DealError(
                        f"{c} is not in the {rules.name} pack ({where})", card=c, rule="deck"
                    )
                if c in seen:
                    raise DealError(
                        f"{c} is dealt twice ({seen[c]} and {where})", card=c, rule="deck"
                    )
                seen[c] = where
        sizes = {len(h) for h in parsed}
        size = len(parsed[0])
        if len(sizes) != 1 or not 1 <= size <= rules.hand_size:
            raise DealError(
                "hands must all have the same size, from 1 to "
                f"{rules.hand_size} cards, not {[len(h) for h in parsed]}",
                rule="hand size",
            )
        masks = tuple(sum(c.bit for c in h) for h in parsed)
        first = dealer if rules.first_lead == "dealer" else (dealer + 1) % n
        if size == rules.hand_size:
            if leader is not None and leader != first:
                raise DealError(
                    f"seat {first} leads the first trick of a full hand, not seat {leader}",
                    seat=leader, rule="first lead",
                )
            if declarations:
                raise DealError(
                    "declarations in a full hand are made as moves in the declare phase",
                    rule="dry and wet",
                )
            return cls._start(rules, masks, dealer, tuple(stock_cards))
        s = cls._start(rules, masks, dealer, tuple(stock_cards), size)
        d = s.__dict__
        if leader is None:
            leader = first
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n:
            raise DealError(f"leader must be a seat from 0 to {n - 1}, not {shown(leader)}",
                            rule="leader")
        d["_leader"] = d["_to_move"] = leader
        s._place_declarations(d, declarations)
        return s

    @classmethod
    def _start(cls, rules: Rules, hands: Tuple[int, ...], dealer: int, stock: Tuple[Card, ...],
               size: Optional[int] = None) -> "HandState":
        """A hand's first state from checked masks (the deal's fast path). With
        ``size`` below the hand size, an end position with play about to start."""
        n = len(hands)
        s = object.__new__(cls)
        d = s.__dict__
        first = dealer if rules.first_lead == "dealer" else (dealer + 1) % n
        d.update(
            _rules=rules, _n=n, _dealer=dealer, _hands=hands, _stock=stock, _phase=PLAY,
            _to_move=first, _prelead_index=0, _leader=first, _trick=(), _tricks=(), _nplays=0,
            _tricks_total=rules.hand_size, _first_trick=rules.hand_size - (size or rules.hand_size),
            _dry=(None,) * n, _wet=(None,) * n, _wet_shown=(False,) * n,
            _exchanged=(), _under_card=None, _under_card_seat=None, _reneges=(),
            _abandoned=None, _result=None, _history=(),
        )
        if size is None and (rules.under_ten or rules.dry_wet):
            d["_phase"] = UNDER_TEN if rules.under_ten else DECLARE
            s._skip_to_decision(d)
        return s

    def _place_declarations(self, d: Dict[str, Any], declarations: Sequence[Dict[str, Any]]) -> None:
        """Put dry and wet cards in place for an end position (validated)."""
        dry = list(d["_dry"])
        wet = list(d["_wet"])
        for decl in declarations:
            seat = decl.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < self._n:
                raise DealError(f"declaration for an unknown seat {shown(seat)}", rule="dry and wet")
            if not self._rules.dry_wet:
                raise IllegalMoveError(
                    _("seat {seat} cannot declare: dry and wet are off in {rules}").format(
                        seat=seat, rules=self._rules.name),
                    seat=seat, rule="dry and wet",
                )
            if dry[seat] is not None:
                raise DealError(f"seat {seat} has two declarations", seat=seat, rule="dry and wet")
            for kind in _DECLARATIONS:
                text = decl.get(kind)
                if text is None:
                    continue
                card = text if isinstance(text, Card) else parse_card(text)
                why = _declare_problem(kind, card, d["_hands"][seat], dry[seat], seat)
                if why:
                    raise IllegalMoveError(why, card=card, seat=seat, rule=f"{kind} declaration")
                (dry if kind == "dry" else wet)[seat] = card
        d["_dry"], d["_wet"] = tuple(dry), tuple(wet)

    # -- read-only facts ------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def players(self) -> int:
        return self._n

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def phase(self) -> Phase:
        """``"under_ten"``, ``"declare"``, ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def to_move(self) -> Optional[int]:
        """The seat whose decision it is, or None when the hand is over."""
        return None if self._phase == OVER else self._to_move

    @property
    def leader(self) -> int:
        """The seat that led (or will lead) the current trick."""
        return self._leader

    @property
    def hands(self) -> Tuple[Tuple[Card, ...], ...]:
        """Every seat's cards (all hidden information: use :meth:`view` for one seat)."""
        return tuple(tuple(cards_of_mask(h)) for h in self._hands)

    def hand(self, seat: int) -> Tuple[Card, ...]:
        """One seat's cards, in index order."""
        return tuple(cards_of_mask(self._hands[seat]))

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    @property
    def stock(self) -> Tuple[Card, ...]:
        """The undealt cards, top first."""
        return self._stock

    @property
    def current_trick(self) -> Tuple[Card, ...]:
        """The cards of the trick in progress, in play order from :attr:`leader`."""
        return self._trick

    @property
    def tricks(self) -> Tuple[Trick, ...]:
        """The finished tricks of this hand (in an end position, those played since)."""
        return self._tricks

    @property
    def trick_number(self) -> int:
        """The 1-based number of the current trick in the whole hand."""
        return self._first_trick + len(self._tricks) + 1

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return self._tricks_total - self._first_trick - len(self._tricks)

    @property
    def plays_made(self) -> int:
        """Cards played so far in this hand (play numbers are 1-based)."""
        return self._nplays

    @property
    def history(self) -> Tuple[Tuple[int, Move], ...]:
        """Every move applied since :meth:`new`, as (seat, move)."""
        return self._history

    @property
    def dry(self) -> Tuple[Optional[Card], ...]:
        """Each seat's dry card (face up), or None."""
        return self._dry

    @property
    def wet(self) -> Tuple[Optional[Card], ...]:
        """Each seat's wet card (hidden unless :attr:`wet_shown`), or None."""
        return self._wet

    @property
    def wet_shown(self) -> Tuple[bool, ...]:
        """Whether each seat's wet card has been turned face up (its dry went early)."""
        return self._wet_shown

    @property
    def exchanged(self) -> Tuple[Tuple[int, Tuple[Card, ...]], ...]:
        """Under-ten hands shown and put out of play: (seat, cards)."""
        return self._exchanged

    @property
    def under_card(self) -> Optional[Card]:
        """The bottom card of the stock, once someone has asked to see it."""
        return self._under_card

    @property
    def under_card_seat(self) -> Optional[int]:
        return self._under_card_seat

    @property
    def reneges(self) -> Tuple[Renege, ...]:
        """Failures to follow suit not yet proven (only with ``offside``)."""
        return self._reneges

    @property
    def abandoned_trick(self) -> Optional[Trick]:
        """The trick abandoned by an offside, if any."""
        return self._abandoned

    @property
    def result(self) -> Optional[HandResult]:
        """How the hand ended, or None while it is going on."""
        return self._result

    def is_over(self) -> bool:
        return self._phase == OVER

    def declared(self, seat: int) -> Tuple[Card, ...]:
        """A seat's dry and wet cards (whatever is declared)."""
        return tuple(c for c in (self._dry[seat], self._wet[seat]) if c is not None)

    # -- moves ----------------------------------------------------------------

    def legal_moves(self) -> List[Move]:
        """The moves the rules allow now, cards (by index) first, then actions.

        A renege (not following suit while able) is never listed, even with
        ``offside`` on, where :meth:`apply` accepts it: see :meth:`can_renege`."""
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[self._to_move]
            moves: List[Move] = []
            if self._trick:
                follow = hand & SUIT_MASKS[self._trick[0].suit_index]
                if follow:
                    moves.extend(cards_of_suit_mask(follow))
                    hand = 0
            for suit_mask in SUIT_MASKS:
                if hand & suit_mask:
                    moves.extend(cards_of_suit_mask(hand & suit_mask))
            if self._rules.under_card and self._under_card_open():
                moves.append(UNDER_CARD)
            return moves
        if phase == OVER:
            return []
        if phase == UNDER_TEN:
            return [EXCHANGE, PASS]
        seat = self._to_move
        kind: Declaration = "dry" if self._dry[seat] is None else "wet"
        declare: List[Move] = [Action(kind, c) for c in self._declarable(seat, kind)]
        return declare + [PASS]

    def legal_cards(self) -> List[Card]:
        """The cards the player to move may play (empty outside the play phase)."""
        return [m for m in self.legal_moves() if isinstance(m, Card)]

    def can_renege(self, card: Card) -> bool:
        """True if playing ``card`` now is a renege that ``offside`` allows."""
        return (
            self._phase == PLAY
            and self._rules.offside
            and bool(self._trick)
            and bool(self._hands[self._to_move] & card.bit)
            and card.suit != self._trick[0].suit
            and bool(self._hands[self._to_move] & SUIT_MASKS[self._trick[0].suit_index])
        )

    def explain_illegal(self, move: Move, players: Optional[Players] = None) -> Optional[str]:
        """Why ``move`` is not allowed now, in words; None if it is allowed.

        Without ``players``, the engine's words for developers and authors ("seat 0
        holds ...", card codes); with them, whole sentences for a learner, the
        players named and the learner spoken to ("You must follow suit: ...").
        With ``offside`` on a renege is allowed (None is returned); use
        :meth:`can_renege` to warn the player."""
        problem = self._problem(move)
        if problem is None:
            return None
        return problem.words if players is None else players.tell(problem.said)

    def _problem(self, move: Move) -> Optional["_Refusal"]:
        """Why ``move`` is illegal (the engine's words, the rule, the learner's), or None."""
        phase, seat = self._phase, self._to_move
        if phase == OVER:
            return _Refusal(_("the hand is over"), "end of hand",
                            (Said.plain(N_("The hand is over.")),))
        if isinstance(move, Card):
            if phase != PLAY:
                return _Refusal(
                    _("no card is played yet: it is the {phase} (seat {seat} to decide)").format(
                        phase=_(_PHASE_WORDS[phase]), seat=seat), "before the first lead",
                    (Said.plain(N_("No card is played yet: this is the {phase}."),
                                phase=_(_PHASE_WORDS[phase])),))
            if not self._hands[seat] & move.bit:
                where = self._whereabouts(move)
                return _Refusal(
                    _("seat {seat} does not hold {card}").format(seat=seat, card=move)
                    + (" " + where[0] if where else ""), "cards in hand",
                    (_not_holding(seat, move),) + where[1:])
            if self._trick:
                led = self._trick[0]
                follow = self._hands[seat] & SUIT_MASKS[led.suit_index]
                if move.suit != led.suit and follow and not self._rules.offside:
                    held = sort_hand(cards_of_mask(follow))
                    return _Refusal(
                        _("{suits} were led and seat {seat} holds a {suit} ({cards}): a "
                          "player must follow suit").format(
                              suits=_(SUIT_NAMES[led.suit]), seat=seat,
                              suit=_(SUIT_SINGULAR[led.suit]), cards=format_cards(held)),
                        "follow suit",
                        (Said.about(seat, N_("You must follow suit: {suits} were led and you "
                                             "hold {cards}."),
                                    N_("{player} must follow suit: {suits} were led and "
                                       "{player} holds {cards}."),
                                    suits=_(SUIT_NAMES[led.suit]), cards=tuple(held)),))
            return None
        if not isinstance(move, Action):
            return _Refusal(_("not a move: {move}").format(move=repr(move)), "moves",
                            (Said.plain(N_("That is not a move.")),))
        kind = move.kind
        if kind == "under_card":
            return self._under_card_problem()
        if kind == "under_ten":
            if not self._rules.under_ten:
                return _Refusal(_("the under ten rule is off in {rules}").format(
                    rules=self._rules.name), "under ten", (_off_in_this_game(),))
            if phase != UNDER_TEN:
                return _Refusal(_("under ten is decided before the first lead, and that time "
                                  "has passed"), "under ten",
                                (Said.plain(N_("Under ten is decided before the first lead, "
                                               "and that time has passed.")),))
            return None  # the phase offers it only to eligible seats
        if kind == "pass":
            if phase == PLAY:
                return _Refusal(
                    _("a player cannot pass in play: play a card"), "play",
                    (Said.about(seat, N_("You cannot pass now: play a card."),
                                N_("{player} cannot pass now: {player} must play a card.")),))
            return None
        if kind in ("dry", "wet"):
            return self._declare_refusal(kind, move)
        return _Refusal(_("unknown action {action}").format(action=repr(kind)), "moves",
                        (Said.plain(N_("That is not a move.")),))

    def _under_card_problem(self) -> Optional["_Refusal"]:
        """Why the player to move may not ask for the under card now, or None."""
        if self._phase != PLAY:
            return _Refusal(_("the under card can only be asked for during play"),
                            "under card",
                            (Said.plain(N_("The under card can only be asked for during "
                                           "play.")),))
        if not self._rules.under_card:
            return _Refusal(_("the under card rule is off in {rules}").format(
                rules=self._rules.name), "under card", (_off_in_this_game(),))
        asked = self._under_card_seat
        if asked is not None:
            return _Refusal(
                _("seat {seat} already asked to see the under card (once per hand)").format(
                    seat=asked), "under card",
                (Said.about(asked, N_("You have already asked to see the under card. It "
                                      "can be asked for once a hand."),
                            N_("{player} has already asked to see the under card. It can be "
                               "asked for once a hand.")),))
        if not self._stock:
            return _Refusal(_("there is no stock, so there is no under card"), "under card",
                            (Said.plain(N_("There is no stock, so there is no under "
                                           "card.")),))
        if self.tricks_left != 2:
            return _Refusal(
                _("the under card may be asked for only during the second-to-last trick (this "
                  "is trick {number} of {tricks})").format(number=self.trick_number,
                                                           tricks=self._tricks_total),
                "under card",
                (Said.plain(N_("The under card may be asked for only during the "
                               "second-to-last trick. This is trick {number} of {tricks}."),
                            number=self.trick_number, tricks=self._tricks_total),))
        return None

    def _declare_refusal(self, kind: Declaration, move: Action) -> Optional["_Refusal"]:
        """Why the player to move may not declare ``move`` (a dry or a wet) now, or None."""
        seat = self._to_move
        if not self._rules.dry_wet:
            return _Refusal(_("dry and wet are off in {rules}").format(rules=self._rules.name),
                            "dry and wet", (_off_in_this_game(),))
        if self._phase != DECLARE:
            return _Refusal(
                _("a dry or wet is declared before the first lead, in play order (now: "
                  "{phase})").format(phase=_(_PHASE_WORDS[self._phase])), "dry and wet",
                (Said.plain(N_("A dry or a wet is declared before the first lead, and that "
                               "time has passed.")),))
        dry = self._dry[seat]
        if kind == "dry" and dry is not None:
            return _Refusal(
                _("seat {seat} has already declared a dry ({card})").format(seat=seat, card=dry),
                "dry", (Said.about(seat, N_("You have already declared a dry: {card}."),
                                   N_("{player} has already declared a dry: {card}."),
                                   card=dry),))
        why = _declare_refusal(kind, move.card, self._hands[seat], dry, seat)
        return _Refusal(why[0], kind, (why[1],)) if why else None

    def _whereabouts(self, card: Card) -> Tuple[Any, ...]:
        """Where a card the mover does not hold is: the engine's words, then the
        learner's (empty if it is nowhere to be found)."""
        if not self._rules.deck_mask & card.bit:
            return (_("({card} is not in the {rules} pack)").format(card=card,
                                                                   rules=self._rules.name),
                    Said.plain(N_("There is no {card} in this game's pack."), card=card))
        if any(card in t.cards for t in self._tricks) or card in self._trick:
            return (_("({card} has been played)").format(card=card),
                    Said.plain(N_("{card} has been played already."), card=card))
        for other, hand in enumerate(self._hands):
            if hand & card.bit:
                return (_("({card} is in seat {seat}'s hand)").format(card=card, seat=other),
                        Said.about(other, N_("You have {card}."), N_("{player} has {card}."),
                                   card=card))
        return ()

    def apply(self, move: Move, seat: Optional[int] = None) -> "HandState":
        """The state after ``move`` by the player to move (by ``seat``, checked,
        if given). Raises :class:`IllegalMoveError` (naming seat, card, play
        number and rule) if the rules forbid it. ``self`` is never changed."""
        if seat is not None and seat != self._to_move:
            self._out_of_turn(move, seat)
        if type(move) is Card and self._phase == PLAY:
            seat = self._to_move
            hand = self._hands[seat]
            if not hand & move.bit:
                self._raise(move)
            trick = self._trick
            if trick:
                led = trick[0].suit_index
                if move.suit_index != led and hand & SUIT_MASKS[led]:
                    if not self._rules.offside:
                        self._raise(move)
                    return self._play(seat, move, Renege(seat, led, self._nplays + 1, move))
            return self._play(seat, move, None)
        problem = self._problem(move)
        if problem:
            self._raise(move, problem)
        return self._act(move)  # type: ignore[arg-type]

    def _out_of_turn(self, move: Move, seat: int) -> None:
        card = move if isinstance(move, Card) else getattr(move, "card", None)
        whose = (_("the hand is over") if self._phase == OVER
                 else _("it is seat {seat}'s turn").format(seat=self._to_move))
        raise IllegalMoveError(
            _("seat {seat} cannot {action}: {why}").format(seat=seat, action=_verb(move),
                                                          why=whose),
            card=card, seat=seat, play=self._nplays + 1 if isinstance(move, Card) else None,
            rule="turn order",
        )

    def _raise(self, move: Move, problem: Optional["_Refusal"] = None) -> None:
        problem = problem or self._problem(move)
        words, rule = (problem.words, problem.rule) if problem else (_("not allowed"), "moves")
        card = move if isinstance(move, Card) else getattr(move, "card", None)
        play = self._nplays + 1 if isinstance(move, Card) else None
        raise IllegalMoveError(
            _("seat {seat} cannot {action}: {why}").format(seat=self._to_move, action=_verb(move),
                                                          why=words),
            card=card, seat=self._to_move, play=play, rule=rule,
        )

    def _copy(self) -> Tuple["HandState", Dict[str, Any]]:
        """A new state object and its attribute dict, equal to this one."""
        new = object.__new__(HandState)
        d = new.__dict__
        d.update(self.__dict__)
        return new, d

    def _play(self, seat: int, card: Card, renege: Optional[Renege]) -> "HandState":
        new = object.__new__(HandState)
        d = new.__dict__
        d.update(self.__dict__)
        n = self._n
        hands = list(self._hands)
        hands[seat] ^= card.bit
        d["_hands"] = tuple(hands)
        trick = self._trick + (card,)
        d["_trick"] = trick
        d["_nplays"] = self._nplays + 1
        d["_history"] = self._history + ((seat, card),)
        if renege is not None:
            d["_reneges"] = self._reneges + (renege,)
        elif self._reneges:
            for r in self._reneges:
                if r.seat == seat and r.suit_index == card.suit_index:
                    return self._offside(new, d, r, card)
        if card is self._dry[seat] and self._wet[seat] is not None and self.tricks_left > 2:
            shown = list(self._wet_shown)
            shown[seat] = True
            d["_wet_shown"] = tuple(shown)
        if len(trick) < n:
            d["_to_move"] = (seat + 1) % n
            return new
        winner = trick_winner(self._rules, self._leader, trick, n)
        tricks = self._tricks + (Trick(self._leader, trick, winner),)
        d["_tricks"] = tricks
        d["_trick"] = ()
        d["_leader"] = d["_to_move"] = winner
        if not hands[0]:
            d["_phase"] = OVER
            d["_result"] = self._score(tricks, winner)
        return new

    def _score(self, tricks: Tuple[Trick, ...], winner: int) -> HandResult:
        n = self._n
        wins = [(t.winner, t.winning_card(n)) for t in tricks[-3:]]
        declared = self.declared(winner) if self._rules.dry_wet else ()
        scored = score(self._rules, wins, declared)  # type: ignore[arg-type]
        pts = [0] * n
        pts[winner] = scored.points
        # Translators: who won, then the scoring's words: "seat 2 won the last trick with 6S: 3"
        return HandResult(tuple(pts), winner, "last_trick",
                          _("seat {seat} {result}").format(seat=winner, result=scored.why),
                          said=scored.said)

    def _offside(self, new: "HandState", d: Dict[str, Any], renege: Renege,
                 proof: Card) -> "HandState":
        pts = [0] * self._n
        pts[renege.seat] = OFFSIDE_PENALTY
        led_suit = _(SUIT_NAMES["SHDC"[renege.suit_index]])
        reason = _("seat {seat} is offside: at play {play} they played {card} on {suits} while "
                   "holding {proof}, proven when {proof} was played: {points}").format(
                       seat=renege.seat, play=renege.play, card=renege.card, suits=led_suit,
                       proof=proof, points=OFFSIDE_PENALTY)
        d["_abandoned"] = Trick(self._leader, d["_trick"], None)
        d["_trick"] = ()
        d["_phase"] = OVER
        said = Said.about(
            renege.seat,
            N_("You are offside: when {suits} were led you played {card}, but you held "
               "{proof}. You score {points}."),
            N_("{player} is offside: when {suits} were led {player} played {card}, but held "
               "{proof}. {player} scores {points}."),
            suits=led_suit, card=renege.card, proof=proof, points=points_words(OFFSIDE_PENALTY))
        d["_result"] = HandResult(tuple(pts), None, "offside", reason, renege.seat, said)
        return new

    def _act(self, action: Action) -> "HandState":
        new, d = self._copy()
        seat = self._to_move
        d["_history"] = self._history + ((seat, action),)
        kind = action.kind
        if kind == "under_card":
            d["_under_card"] = self._stock[-1]
            d["_under_card_seat"] = seat
            return new
        if kind == "under_ten":
            hands = list(self._hands)
            shown = tuple(cards_of_mask(hands[seat]))
            hands[seat] = sum(c.bit for c in self._stock[:5])
            d["_hands"] = tuple(hands)
            d["_stock"] = self._stock[5:]
            d["_exchanged"] = self._exchanged + ((seat, shown),)
            d["_prelead_index"] = self._prelead_index + 1
        elif kind == "dry":
            dry = list(self._dry)
            dry[seat] = action.card
            d["_dry"] = tuple(dry)
            # the same seat now decides on a wet (skipped if it has none to offer)
        elif kind == "wet":
            wet = list(self._wet)
            wet[seat] = action.card
            d["_wet"] = tuple(wet)
            d["_prelead_index"] = self._prelead_index + 1
        else:  # pass
            d["_prelead_index"] = self._prelead_index + 1
        new._skip_to_decision(d)
        return new

    # -- the phases before the first lead --------------------------------------

    def _skip_to_decision(self, d: Dict[str, Any]) -> None:
        """Move ``d`` on to the next seat that has a decision to make, or to play."""
        n = self._n
        first = d["_leader"]
        while d["_phase"] in (UNDER_TEN, DECLARE):
            k = d["_prelead_index"]
            if k >= n:
                d["_phase"] = DECLARE if d["_phase"] == UNDER_TEN and self._rules.dry_wet else PLAY
                d["_prelead_index"] = 0
                d["_to_move"] = first
                continue
            seat = (first + k) % n
            d["_to_move"] = seat
            hand = d["_hands"][seat]
            if d["_phase"] == UNDER_TEN:
                if not hand & ~LOW_MASK and len(d["_stock"]) >= 5:
                    return
            else:
                dry = d["_dry"][seat]
                if dry is None and hand & SIX_SEVEN_MASK & self._rules.deck_mask:
                    return
                if dry is not None and hand & SIX_SEVEN_MASK & ~SUIT_MASKS[dry.suit_index]:
                    return
            d["_prelead_index"] = k + 1

    def _declarable(self, seat: int, kind: Declaration) -> List[Card]:
        hand = self._hands[seat]
        return [c for c in cards_of_mask(hand & SIX_SEVEN_MASK)
                if not _declare_problem(kind, c, hand, self._dry[seat], seat)]

    def under_ten_eligible(self, seat: int) -> bool:
        """True if the seat's hand is all 9s and lower and five cards remain in the stock."""
        return (self._rules.under_ten and not self._hands[seat] & ~LOW_MASK
                and len(self._stock) >= 5 and self._rules.hand_size == 5)

    def _under_card_open(self) -> bool:
        return (self._rules.under_card and self._under_card_seat is None and bool(self._stock)
                and self.tricks_left == 2)

    # -- views, text ------------------------------------------------------------

    def view(self, seat: int) -> "SeatView":
        """What ``seat`` may know: see :class:`spar_tutor.engine.view.SeatView`."""
        from .view import SeatView

        return SeatView.of(self, seat)

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_cards(cards_of_mask(h))) for h in self._hands)
        return (f"<HandState {self._rules.name} {self._phase} trick {self.trick_number} "
                f"to_move={self.to_move} hands=[{hands}] trick={format_cards(self._trick)!r}>")


_DECLARATIONS: Tuple[Declaration, ...] = ("dry", "wet")

_PHASE_WORDS: Dict[Phase, str] = {
    UNDER_TEN: N_("under-ten round"),
    DECLARE: N_("dry and wet round"),
    PLAY: N_("play"),
    OVER: N_("end of the hand"),
}


def move_said(seat: int, move: Move) -> Said:
    """A move as a learner's sentence about its player: "Kofi played 7♥.", "You
    declared a dry: 6♠." (say it with :meth:`~spar_tutor.engine.words.Players.tell`)."""
    if isinstance(move, Card):
        return Said.about(seat, N_("You played {card}."), N_("{player} played {card}."),
                          card=move)
    if move.kind == "dry" and move.card is not None:
        return Said.about(seat, N_("You declared a dry: {card}, face up."),
                          N_("{player} declared a dry: {card}, face up."), card=move.card)
    if move.kind == "wet" and move.card is not None:  # the others do not see which card
        return Said.about(seat, N_("You declared a wet: {card}, face down."),
                          N_("{player} declared a wet, face down."), card=move.card)
    if move.kind == "under_ten":
        return Said.about(seat, N_("You showed an under-ten hand and took five new cards."),
                          N_("{player} showed an under-ten hand and took five new cards."))
    if move.kind == "under_card":
        return Said.about(seat, N_("You asked to see the under card."),
                          N_("{player} asked to see the under card."))
    return Said.about(seat, N_("You passed."), N_("{player} passed."))


def move_label(move: Move) -> str:
    """A move in a few words, for a button or a chart: "7♥", "dry 7♥", "pass"."""
    if isinstance(move, Card):
        return move.symbol_text
    if move.kind == "dry" and move.card is not None:
        return _("dry {card}").format(card=move.card.symbol_text)
    if move.kind == "wet" and move.card is not None:
        return _("wet {card}").format(card=move.card.symbol_text)
    words = {"under_ten": N_("exchange the hand"), "pass": N_("pass"),
             "under_card": N_("see the under card")}
    return _(words[move.kind]) if move.kind in words else str(move)


def _verb(move: Move) -> str:
    """What a move does, after "seat 2 cannot ..."."""
    if isinstance(move, Card):
        return _("play {card}").format(card=move)
    if move.kind == "dry":
        return _("dry {card}").format(card=move.card)
    if move.kind == "wet":
        return _("wet {card}").format(card=move.card)
    words = {"under_ten": N_("exchange an under-ten hand"), "pass": N_("pass"),
             "under_card": N_("ask for the under card")}
    return _(words[move.kind]) if move.kind in words else str(move)


def _declare_problem(kind: Declaration, card: Optional[Card], hand: int, dry: Optional[Card],
                     seat: int) -> Optional[str]:
    """Why ``seat`` may not declare ``card`` as dry or wet (RULES.md 'Dry and wet'), in
    the engine's words."""
    why = _declare_refusal(kind, card, hand, dry, seat)
    return why[0] if why else None


def _declare_refusal(kind: Declaration, card: Optional[Card], hand: int, dry: Optional[Card],
                     seat: int) -> Optional[Tuple[str, Said]]:
    """Why ``seat`` may not declare ``card`` as dry or wet: the engine's words and the
    learner's, or None if it may."""
    if card is None:
        return ((_("a wet needs a card"), Said.plain(N_("A wet needs a card.")))
                if kind == "wet" else
                (_("a dry needs a card"), Said.plain(N_("A dry needs a card."))))
    if not hand & card.bit:
        return (_("seat {seat} does not hold {card}").format(seat=seat, card=card),
                _not_holding(seat, card))
    if card.rank not in (6, 7):
        if kind == "wet":
            return (_("only a 6 or a 7 can be wet, and {card} is not").format(card=card),
                    Said.plain(N_("Only a 6 or a 7 can be a wet, and {card} is not."),
                               card=card))
        return (_("only a 6 or a 7 can be dry, and {card} is not").format(card=card),
                Said.plain(N_("Only a 6 or a 7 can be a dry, and {card} is not."), card=card))
    if kind == "wet":
        if dry is None:
            return (_("a wet needs a dry in place first"),
                    Said.plain(N_("A wet needs a dry first.")))
        if card is dry:
            return (_("{card} is already the dry").format(card=card),
                    Said.plain(N_("{card} is the dry already."), card=card))
        if card.suit == dry.suit:
            suits = _(SUIT_NAMES[card.suit])
            return (_("the wet cannot be the same suit as the dry ({dry}): {suits} twice is not "
                      "allowed").format(dry=dry, suits=suits),
                    Said.plain(N_("The wet cannot be of the same suit as the dry ({dry}): "
                                  "two {suits} are not allowed."), dry=dry, suits=suits))
    return None


def _not_holding(seat: int, card: Card) -> Said:
    return Said.about(seat, N_("You do not hold {card}."), N_("{player} does not hold {card}."),
                      card=card)


def _off_in_this_game() -> Said:
    return Said.plain(N_("That rule is not played in this game."))


class _Refusal(NamedTuple):
    """Why a move is refused: the engine's words (for developers and authors, with the
    seat's number and the card's code), the rule, and the learner's sentences."""

    words: str
    rule: str
    said: Tuple[Said, ...]


def _card_list(value: Union[str, Iterable[Card]], where: str) -> List[Card]:
    if isinstance(value, str):
        try:
            from .cards import parse_cards

            return parse_cards(value)
        except NotationError as e:
            raise DealError(f"{where}: {e}", card=e.card, rule="notation") from None
    cards = list(value)
    for c in cards:
        if not isinstance(c, Card):
            raise DealError(f"{where}: {shown(c)} is not a card", rule="notation")
    return cards
