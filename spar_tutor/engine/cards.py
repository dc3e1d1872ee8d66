"""Cards and card notation.

A card is written rank then suit: ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (``10`` is
accepted for ``T``), suits ``S H D C`` (any case, and the suit symbols are
accepted too). Formatting always gives the canonical form, so
``format_cards(parse_cards(text))`` round-trips canonical text.

>>> Card.parse("10d")
Card.parse('TD')
>>> str(Card.parse("6♠"))
'6S'
>>> format_cards(sorted(parse_cards("AH 6S 7h")))
'6S 7H AH'

Cards are interned: there is exactly one object per card, so ``is`` and ``==``
agree, and cards are cheap to hash and compare. Each card also has a bit
(``card.bit``) so a set of cards can be held as an ``int`` mask; the engine
and the solver use masks internally.
"""

from __future__ import annotations

from typing import Dict, Iterable, Iterator, List, Sequence, Tuple

from ..i18n import N_, _, language, pgettext
from .errors import NotationError, shown

SUITS = "SHDC"
#: Suit words in English (marked for the catalogue: show them through ``_()``).
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_SINGULAR = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"), "C": N_("club")}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_SYMBOL_TO_SUIT = {
    "\u2660": "S", "\u2664": "S",
    "\u2665": "H", "\u2661": "H",
    "\u2666": "D", "\u2662": "D",
    "\u2663": "C", "\u2667": "C",
}
RANK_CHARS = "23456789TJQKA"
#: Rank words, as a card's name starts (``"{rank} of {suit}"``). Translators: in a language
#: with articles the rank takes its own ("la dame", "le 10", "l'as" in French).
RANK_NAMES = {
    2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"),
    8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"),
    13: N_("king"), 14: N_("ace"),
}

SUIT_BITS = 13
#: Mask of every card of suit index ``i``: ``SUIT_MASKS[i]``.
SUIT_MASKS: Tuple[int, ...] = tuple(((1 << SUIT_BITS) - 1) << (SUIT_BITS * i) for i in range(4))


class Card:
    """One playing card. Immutable and interned: build it with ``Card(rank, suit)``
    or :meth:`Card.parse`; both return the one shared object for that card.

    ``rank`` is an ``int`` from 2 to 14 (11 J, 12 Q, 13 K, 14 A); ``suit`` is one
    of ``"S" "H" "D" "C"``.
    """

    __slots__ = ("rank", "suit", "suit_index", "index", "bit", "_text")

    rank: int
    suit: str
    suit_index: int
    index: int
    bit: int
    _text: str

    def __new__(cls, rank: int, suit: str) -> "Card":
        try:
            return _CARDS[(rank, suit)]
        except (KeyError, TypeError):
            raise NotationError(f"no such card: rank {shown(rank)}, suit {shown(suit)}") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> "Card":
        card = object.__new__(cls)
        s = SUITS.index(suit)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("suit_index", s),
            ("index", s * SUIT_BITS + rank - 2),
            ("bit", 1 << (s * SUIT_BITS + rank - 2)),
            ("_text", RANK_CHARS[rank - 2] + suit),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> Tuple[object, Tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse one card: ``"6S"``, ``"10d"``, ``"T♦"``, ``"ah"``."""
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card whose ``index`` is ``index`` (suit-major, 13 slots a suit)."""
        return CARD_BY_INDEX[index]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __format__(self, spec: str) -> str:
        return format(self._text, spec)

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __le__(self, other: "Card") -> bool:
        return self.index <= other.index

    def __gt__(self, other: "Card") -> bool:
        return self.index > other.index

    def __ge__(self, other: "Card") -> bool:
        return self.index >= other.index

    @property
    def rank_char(self) -> str:
        return self._text[0]

    @property
    def name(self) -> str:
        """Words for the card, e.g. ``"six of spades"`` (``"la dame de cœur"`` in French):
        for screen readers and lessons."""
        # Translators: a card's name; {rank} is a rank word with its article if the
        # language has one ("la dame"), {suit} a suit word ("cœur")
        return _("{rank} of {suit}").format(rank=_(RANK_NAMES[self.rank]),
                                            suit=_(SUIT_NAMES[self.suit]))

    @property
    def letter(self) -> str:
        """The rank as the card's corner shows it, in the learner's language: ``"Q"``
        (``"D"``, dame, in French), ``"10"`` for the ten."""
        if self.rank < 11:
            return "10" if self.rank == 10 else self._text[0]
        return _face_letters(language())[self.rank]

    @property
    def symbol_text(self) -> str:
        """Rank and suit symbol, e.g. ``"6♠"``, ``"10♦"``, ``"Q♥"`` (``"D♥"`` in French)."""
        return self.letter + SUIT_SYMBOLS[self.suit]

    def _repr_svg_(self) -> str:
        from ..render import card_svg  # lazily: the engine never loads the renderer

        return card_svg(self)


_LETTERS: Dict[str, Dict[int, str]] = {}


def face_letters() -> Dict[int, str]:
    """The court cards' and the ace's corner letters in the language in use, by rank:
    ``{11: "J", 12: "Q", 13: "K", 14: "A"}`` (``V``, ``D``, ``R``, ``A`` in French)."""
    return dict(_face_letters(language()))


def _face_letters(lang: str) -> Dict[int, str]:
    """The court cards' and the ace's letters in ``lang`` (the language in use)."""
    if lang not in _LETTERS:
        _LETTERS[lang] = {
            # Translators: the letter on a jack's corner (French: V, valet)
            11: pgettext("card letter", "J"),
            # Translators: the letter on a queen's corner (French: D, dame)
            12: pgettext("card letter", "Q"),
            # Translators: the letter on a king's corner (French: R, roi)
            13: pgettext("card letter", "K"),
            # Translators: the letter on an ace's corner (French: A, as)
            14: pgettext("card letter", "A"),
        }
    return _LETTERS[lang]


_CARDS: Dict[Tuple[int, str], Card] = {}
for _suit in SUITS:
    for _rank in range(2, 15):
        _CARDS[(_rank, _suit)] = Card._make(_rank, _suit)

#: Every card by its ``index``; indexes 0..51.
CARD_BY_INDEX: Tuple[Card, ...] = tuple(sorted(_CARDS.values(), key=lambda c: c.index))
#: Every card by its ``bit``.
CARD_BY_BIT: Dict[int, Card] = {c.bit: c for c in CARD_BY_INDEX}


def parse_card(text: str) -> Card:
    """Parse one card in the notation (see the module docstring)."""
    if not isinstance(text, str):
        raise NotationError(f"a card must be text like '6S', not {shown(text)}")
    t = text.strip()
    if len(t) < 2:
        raise NotationError(f"not a card: {shown(text)} (write rank then suit, e.g. '6S')", card=text)
    suit_char = t[-1]
    suit = _SYMBOL_TO_SUIT.get(suit_char, suit_char.upper())
    rank_text = t[:-1].upper()
    if rank_text == "10":
        rank_text = "T"
    if suit not in SUITS:
        raise NotationError(
            f"not a card: {shown(text)}: unknown suit {shown(suit_char)} (use S H D C or a suit symbol)",
            card=text,
        )
    if len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise NotationError(
            f"not a card: {shown(text)}: unknown rank {shown(t[:-1])} (use 2-9, T or 10, J, Q, K, A)",
            card=text,
        )
    return _CARDS[(RANK_CHARS.index(rank_text) + 2, suit)]


def parse_cards(text: "str | Iterable[str]") -> List[Card]:
    """Parse cards separated by spaces or commas (or a list of card strings)."""
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
    else:
        parts = list(text)
    return [parse_card(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as canonical text, separated by single spaces, in the given order."""
    return " ".join(c._text for c in cards)


def cards_of_mask(mask: int) -> List[Card]:
    """The cards of a bit mask, in index order (suit-major, rank ascending)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_BY_BIT[low])
        mask ^= low
    return out


_SUIT_RUNS: Dict[int, Tuple[Card, ...]] = {}


def cards_of_suit_mask(mask: int) -> Tuple[Card, ...]:
    """The cards of a mask holding one suit only, in index order (cached: hot path)."""
    try:
        return _SUIT_RUNS[mask]
    except KeyError:
        cards = _SUIT_RUNS[mask] = tuple(cards_of_mask(mask))
        return cards


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


def sort_hand(cards: Iterable[Card]) -> List[Card]:
    """Cards in display order: spades, hearts, diamonds, clubs; high to low in each suit."""
    return sorted(cards, key=lambda c: (c.suit_index, -c.rank))


def iter_suits(cards: Sequence[Card]) -> Iterator[Tuple[str, List[Card]]]:
    """The cards grouped by suit, in display order, skipping empty suits."""
    by_suit: Dict[str, List[Card]] = {}
    for c in sort_hand(cards):
        by_suit.setdefault(c.suit, []).append(c)
    for s in SUITS:
        if s in by_suit:
            yield s, by_suit[s]
