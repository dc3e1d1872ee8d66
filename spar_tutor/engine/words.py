"""How the tutor names cards and players to a learner: the one place for both.

A card is its rank and suit symbol, ``"A♦"``, ``"10♣"`` (``10``, never ``T``):
:func:`card_text` (the HTML form, in the suit's colour, is
:func:`spar_tutor.render.text.card_html`). The compact codes (``AD``, ``TC``) are
for deal files, lesson authors and developers' errors only.

Players are called by name ("Kofi", "Ama (expert)"), and the learner is "you". A sentence
about the learner is its own message in the catalogue, in the second person ("You
are offside."), never the third-person sentence with "You" put in ("You is
offside"). :class:`Players` knows which seat is the learner's, so it picks the
right sentence by seat, never by comparing a name with "You":

>>> from spar_tutor.i18n import _
>>> table = Players(("You", "Kofi", "Ama"), you=0)
>>> [table.say(_("You lead."), _("{player} leads."), seat) for seat in (0, 1)]
['You lead.', 'Kofi leads.']
>>> table.say(_("You won the last trick with {card}."),
...           _("{player} won the last trick with {card}."), 2, card=Card.parse("TC"))
'Ama won the last trick with 10♣.'

The engine does not know the names, so a reason it gives a learner is a
:class:`Said`: both messages and their values, said later to a table of players
(:meth:`Players.tell`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Sequence, Tuple, Union, overload

from ..i18n import _
from .cards import Card

#: What fills a placeholder of a learner's sentence: words (already in the learner's
#: language), a number, a card or some cards.
Value = Union[str, int, Card, Tuple[Card, ...]]


def card_text(card: Card) -> str:
    """A card as a learner reads it in plain text: ``"7♥"``, ``"10♣"``."""
    return card.symbol_text


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a learner reads them, in the order given: ``"A♦ Q♦ 8♦"``."""
    return " ".join(card_text(c) for c in cards)


def spoken(value: Value) -> str:
    """A placeholder's value as the learner reads it (cards by :func:`card_text`)."""
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple):
        return cards_text(value)
    return str(value)


@dataclass(frozen=True)
class Said:
    """A sentence about one player, kept in parts until it is said to a table.

    ``you`` and ``other`` are messages of the catalogue (marked with ``N_()``): the
    sentence when ``seat`` is the learner, and about anyone else, whose name fills
    ``{player}``. ``values`` fill the other placeholders. ``seat`` None: a sentence
    about nobody in particular (``other`` only). ``kind`` tags what the sentence
    is about for code that needs to know (``"two_tricks"``: a score from the last
    two tricks together).
    """

    you: str
    other: str
    seat: Optional[int] = None
    values: Tuple[Tuple[str, Value], ...] = ()
    kind: str = ""

    @classmethod
    def about(cls, seat: Optional[int], you: str, other: str, kind: str = "",
              **values: Value) -> "Said":
        """The sentence ``you``/``other`` about ``seat``, with its values."""
        return cls(you, other, seat, tuple(values.items()), kind)

    @classmethod
    def plain(cls, message: str, **values: Value) -> "Said":
        """A sentence about nobody in particular."""
        return cls(message, message, None, tuple(values.items()))

    def to(self, players: "Players") -> str:
        """The sentence in the current language, said to ``players``."""
        if self.seat is None:
            return _(self.other).format(**{k: spoken(v) for k, v in self.values})
        return players.say(_(self.you), _(self.other), self.seat, **dict(self.values))


@dataclass(frozen=True)
class Players(Sequence[str]):
    """The names at a table, by seat, and which seat is the learner's (``you``; None
    when nobody at the table is "you", as when two learners share a screen).

    A sequence of the seats' labels (``players[seat]``), so the table's pictures read
    it as they read a list of names; the learner's name is what the table shows
    for them ("You"). A label may say more than the name sentences use: a bot is
    "Kofi (beginner)" by its seat and in the score table, and "Kofi" in "Kofi leads"
    (``labels``; by default the names)."""

    names: Tuple[str, ...]
    you: Optional[int] = None
    labels: Tuple[str, ...] = ()

    @classmethod
    def of(cls, names: Sequence[str], you: Optional[int] = None) -> "Players":
        """The players with these names; ``names`` may be a :class:`Players` already,
        whose learner stays unless ``you`` is given."""
        if isinstance(names, Players):
            return names if you is None else cls(names.names, you, names.labels)
        return cls(tuple(names), you)

    @classmethod
    def labelled(cls, labels: Sequence[str], you: Optional[int] = None) -> "Players":
        """The players whose seats show ``labels``; sentences call each by its
        :func:`short_name` ("Kofi" for "Kofi (beginner)")."""
        return cls(tuple(short_name(label) for label in labels), you, tuple(labels))

    @overload
    def __getitem__(self, seat: int) -> str: ...
    @overload
    def __getitem__(self, seat: slice) -> Sequence[str]: ...

    def __getitem__(self, seat: Union[int, slice]) -> Union[str, Sequence[str]]:
        return (self.labels or self.names)[seat]

    def __len__(self) -> int:
        return len(self.names)

    def __iter__(self) -> Iterator[str]:
        return iter(self.labels or self.names)

    def is_you(self, seat: Optional[int]) -> bool:
        """Whether ``seat`` is the learner's."""
        return seat is not None and seat == self.you

    def name(self, seat: int) -> str:
        """A seat as the middle of a sentence names it: "you" for the learner
        ("Kofi gives the trick to you"), else its name."""
        # Translators: the learner, in the middle of a sentence ("... to you")
        return _("you") if self.is_you(seat) else self.names[seat]

    def say(self, you: str, other: str, seat: int, **values: Value) -> str:
        """``you`` (translated) when ``seat`` is the learner, else ``other`` with the
        seat's name as ``{player}``; cards in ``values`` are said by :func:`card_text`."""
        words = {k: spoken(v) for k, v in values.items()}
        if self.is_you(seat):
            return you.format(**words)
        return other.format(player=self.names[seat], **words)

    def tell(self, said: Union[Said, Sequence[Said]]) -> str:
        """One :class:`Said` (or several, as one text) in the current language."""
        if isinstance(said, Said):
            return said.to(self)
        return " ".join(s.to(self) for s in said)


def short_name(label: str) -> str:
    """What a sentence calls a player whose seat shows ``label``: "Kofi" for "Kofi
    (expert)" (the strength is said by the seat and the score table)."""
    first, paren, rest = label.partition(" (")
    return first if paren and rest.endswith(")") else label


def players_of(names: Sequence[str]) -> Players:
    """``names`` as :class:`Players` (a plain list of names has no learner)."""
    return Players.of(names)


__all__ = ["Players", "Said", "Value", "card_text", "cards_text", "players_of", "short_name",
           "spoken"]
