"""Rules options and the named presets.

Every rule of Spar that varies between tables is an option of the frozen
:class:`Rules` dataclass. A :class:`Preset` is a named set of option values with
the words learners see for it (its name at the table, where it is played, what
it is like); :data:`PRESETS` holds them by name (like python-chess's variants):

>>> Rules.preset("standard").deck_size
35
>>> Rules.preset("ghana_table").dry_wet
True
>>> Rules.preset("standard", two_trick_bonus=True).two_trick_bonus
True
>>> PRESETS["sipa"].title, PRESETS["sipa"].options["scoring"]
('Sipa (Togo)', 'sipa')
>>> Rules.preset("standard", dry_wet=True)
Traceback (most recent call last):
...
spar_tutor.engine.errors.RulesError: dry_wet needs two_trick_bonus: the dry-and-wet ladder doubles the two-trick bonus (rule: options dry_wet + two_trick_bonus)

Option names are the ones used in deal files (``{"preset": "standard",
"two_trick_bonus": true}``). :data:`OPTION_HELP` documents each one.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Tuple

from ..i18n import N_, _
from .cards import SUITS, Card
from .errors import RulesError, shown

#: Words for every option, used by ``--help`` text, the rules reference page and errors.
OPTION_HELP: Dict[str, str] = {
    "name": "the preset these options started from",
    "ranks": "the ranks in the pack, low to high, as rank characters (e.g. '6789TJQKA')",
    "ace_of_spades": "whether the ace of spades is in the pack",
    "hand_size": "cards dealt to each player (5, 6 or 7)",
    "packets": "the deal in packets per round, e.g. [3, 2]",
    "min_players": "fewest players",
    "max_players": "most players",
    "direction": "'clockwise' or 'counterclockwise' (seats are numbered in play order either way)",
    "first_lead": "'after_dealer' (the player after the dealer leads) or 'dealer'",
    "unfollowed_trick": "when nobody follows the led suit: 'leader' (the leader wins) or "
    "'highest' (the highest rank in the trick wins, the earlier card on ties)",
    "scoring": "'spar' (6:3, 7:2, else 1), 'jeu_de_carte' (7:2, else 1), 'sipa' (7s over the last "
    "three tricks: 6/4/2, else 1) or 'agram' (1 for winning the hand)",
    "two_trick_bonus": "winning the last two tricks with 6s and 7s scores 6 (two 6s), 5 (6 and 7 "
    "of different suits) or 4 (two 7s)",
    "dry_wet": "players may declare a dry (a 6 or 7 face up) and a wet (another 6 or 7 face "
    "down, another suit) before the first lead; live declared cards score double",
    "offside": "a player may renege (not follow suit while able); when proven they score -3 "
    "and the hand ends",
    "under_ten": "a player whose five cards are all 9 or lower may exchange them for five "
    "from the stock before the first lead",
    "under_card": "during the second-to-last trick one player may ask to see the bottom card "
    "of the stock",
    "cut": "the player before the dealer may cut the pack before the deal",
    "shuffle_every": "the shuffling custom: shuffle only every 3 hands (2 players), every 2 "
    "(3 players), every hand (4 or more); otherwise the pack is re-formed unshuffled",
    "stake": "money per point: every other player pays the hand's winner points x stake "
    "(0: no stakes)",
    "betting": "players buy in and may bet before the first trick",
    "buy_in": "the bankroll each player starts with when betting",
    "target": "points that win the match",
    "fixed_hands": "play this many hands instead of playing to the target (most points wins)",
}

SCORING_SYSTEMS = ("spar", "jeu_de_carte", "sipa", "agram")


@dataclass(frozen=True)
class Rules:
    """The options of one game of Spar. Build with :meth:`preset` (or
    :meth:`from_json`); the constructor checks that the options fit together."""

    name: str = "standard"
    ranks: str = "6789TJQKA"
    ace_of_spades: bool = False
    hand_size: int = 5
    packets: Tuple[int, ...] = (3, 2)
    min_players: int = 2
    max_players: int = 7
    direction: str = "clockwise"
    first_lead: str = "after_dealer"
    unfollowed_trick: str = "leader"
    scoring: str = "spar"
    two_trick_bonus: bool = False
    dry_wet: bool = False
    offside: bool = False
    under_ten: bool = False
    under_card: bool = False
    cut: bool = False
    shuffle_every: bool = False
    stake: int = 0
    betting: bool = False
    buy_in: int = 100
    target: int = 10
    fixed_hands: Optional[int] = None

    # derived, not options
    deck: Tuple[Card, ...] = field(init=False, repr=False, compare=False)
    deck_mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._check()
        deck = tuple(
            Card(rank, suit)
            for suit in SUITS
            for rank in sorted(Card.parse(r + "S").rank for r in self.ranks)
            if self.ace_of_spades or not (suit == "S" and rank == 14)
        )
        object.__setattr__(self, "deck", deck)
        mask = 0
        for c in deck:
            mask |= c.bit
        object.__setattr__(self, "deck_mask", mask)

    # -- construction ---------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "standard", **options: Any) -> "Rules":
        """The named preset, with some options changed."""
        return cls._with(find_preset(name).values(), options)

    @classmethod
    def _with(cls, base: Mapping[str, Any], options: Mapping[str, Any]) -> "Rules":
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        values = dict(base)
        for key in LIMITS.keys() & options.keys():  # before anything is made from them
            _in_range(key, _coerce(key, options[key], None), too_large_only=True)
        if "hand_size" in options and "packets" not in options:
            size = options["hand_size"]
            if isinstance(size, int) and not isinstance(size, bool) and size >= 2:
                values["packets"] = default_packets(size)
                if "max_players" not in options:
                    pack = len(values["ranks"]) * 4 - (0 if values["ace_of_spades"] else 1)
                    values["max_players"] = min(values["max_players"], pack // size)
        for key, value in options.items():
            if key not in known:
                raise RulesError(
                    f"unknown option {shown(key)} (known: {', '.join(sorted(known))})",
                    rule="options",
                )
            values[key] = _coerce(key, value, values.get(key))
        return cls(**values)

    def replace(self, **options: Any) -> "Rules":
        """A copy with some options changed (checked like :meth:`preset`)."""
        return self._with(self.to_options(), options)

    @classmethod
    def from_json(cls, value: Any) -> "Rules":
        """Rules from a deal file's ``"rules"`` value: a preset name or
        ``{"preset": name, OPTION: value, ...}``."""
        if isinstance(value, str):
            return cls.preset(value)
        if isinstance(value, Mapping):
            options = dict(value)
            name = options.pop("preset", "standard")
            return cls.preset(name, **options)
        raise RulesError(
            f"rules must be a preset name or an object with \"preset\", not {shown(value)}",
            rule="options",
        )

    def to_options(self) -> Dict[str, Any]:
        """Every option as a plain dict (JSON-ready)."""
        out = {}
        for f in dataclasses.fields(self):
            if f.init:
                v = getattr(self, f.name)
                out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def to_json(self) -> Any:
        """The shortest JSON form: the preset name, or the preset and the changed options."""
        if self.name not in PRESETS:
            return self.to_options()
        base = PRESETS[self.name].values()
        changed = {
            k: v
            for k, v in self.to_options().items()
            if k != "name" and _coerce(k, v, None) != base[k]
        }
        if not changed:
            return self.name
        return {"preset": self.name, **changed}

    # -- checks ---------------------------------------------------------------

    def _check(self) -> None:
        def bad(msg: str, rule: str) -> RulesError:
            return RulesError(msg, rule=rule)

        if self.scoring not in SCORING_SYSTEMS:
            raise bad(f"scoring must be one of {', '.join(SCORING_SYSTEMS)}, not {shown(self.scoring)}",
                      "options scoring")
        for key, allowed in (
            ("direction", ("clockwise", "counterclockwise")),
            ("first_lead", ("after_dealer", "dealer")),
            ("unfollowed_trick", ("leader", "highest")),
        ):
            if getattr(self, key) not in allowed:
                raise bad(f"{key} must be one of {', '.join(map(repr, allowed))}, "
                          f"not {shown(getattr(self, key))}", f"options {key}")
        if not self.ranks or any(r not in "23456789TJQKA" for r in self.ranks) or len(
            set(self.ranks)
        ) != len(self.ranks):
            raise bad(f"ranks must be distinct rank characters, not {shown(self.ranks)}", "options ranks")
        if sum(self.packets) != self.hand_size or any(p <= 0 for p in self.packets):
            raise bad(f"packets {list(self.packets)} do not add up to hand_size {self.hand_size}",
                      "options packets + hand_size")
        if self.hand_size < 2:
            raise bad("hand_size must be at least 2", "options hand_size")
        deck_size = len(self.ranks) * 4 - (0 if self.ace_of_spades or "A" not in self.ranks else 1)
        if not 2 <= self.min_players <= self.max_players:
            raise bad(f"players must be 2 or more, min {self.min_players} <= max {self.max_players}",
                      "options min_players + max_players")
        if self.max_players * self.hand_size > deck_size:
            raise bad(
                f"{self.max_players} players x {self.hand_size} cards need "
                f"{self.max_players * self.hand_size} cards but the pack has {deck_size}",
                "options max_players + hand_size",
            )
        if self.dry_wet and not self.two_trick_bonus:
            raise bad("dry_wet needs two_trick_bonus: the dry-and-wet ladder doubles the "
                      "two-trick bonus", "options dry_wet + two_trick_bonus")
        if (self.two_trick_bonus or self.dry_wet) and self.scoring != "spar":
            raise bad(f"two_trick_bonus and dry_wet belong to spar scoring, not {shown(self.scoring)}",
                      "options two_trick_bonus + scoring")
        if self.under_ten and self.hand_size != 5:
            raise bad("under_ten is played with five-card hands only", "options under_ten + hand_size")
        if self.under_ten and "9" not in self.ranks:
            raise bad("under_ten needs a pack with 9s and higher cards", "options under_ten + ranks")
        if self.stake < 0:
            raise bad("stake must be 0 or more", "options stake")
        if self.buy_in < 0:
            raise bad("buy_in must be 0 or more", "options buy_in")
        if self.target <= 0:
            raise bad("target must be a positive number of points", "options target")
        if self.fixed_hands is not None and self.fixed_hands <= 0:
            raise bad("fixed_hands must be a positive number of hands", "options fixed_hands")
        for key in LIMITS:
            _in_range(key, getattr(self, key))

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless this many players can play these rules."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise RulesError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {shown(players)}",
                rule="players",
            )

    # -- derived facts ----------------------------------------------------------

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def tricks(self) -> int:
        """Tricks in a hand (the last one scores)."""
        return self.hand_size

    def shuffle_period(self, players: int) -> int:
        """Hands between shuffles under the shuffling custom (1: every hand)."""
        if not self.shuffle_every:
            return 1
        return {2: 3, 3: 2}.get(players, 1)

    def max_hand_score(self) -> int:
        """The most one hand can score under these rules."""
        if self.scoring == "sipa":
            return 6
        if self.scoring == "agram":
            return 1
        if self.scoring == "jeu_de_carte":
            return 2
        if self.dry_wet:
            return 12
        if self.two_trick_bonus:
            return 6
        return 3 if "6" in self.ranks else 2

    def describe(self) -> List[str]:
        """The options that differ from the standard game, in words."""
        std = PRESETS["standard"].values()
        lines = []
        for key, value in self.to_options().items():
            if key == "name":
                continue
            if _coerce(key, value, None) != std[key]:
                lines.append(f"{key} = {value!r}: {OPTION_HELP[key]}")
        return lines


LARGEST_PACK = 52
"""Every rank of every suit, the ace of spades included: no game deals from more."""
#: The range of each number among the options, in any game (from the largest pack and two
#: players: 26 cards each at most). A number read from a file is checked against these
#: before anything is made from it (a hand of 300000000 cards once took gigabytes).
LIMITS: Dict[str, Tuple[int, int]] = {
    "hand_size": (2, LARGEST_PACK // 2),
    "min_players": (2, LARGEST_PACK // 2),
    "max_players": (2, LARGEST_PACK // 2),
    "packets": (1, LARGEST_PACK // 2),  # each packet, and how many there are
    "stake": (0, 1000),
    "buy_in": (0, 1_000_000),
    "target": (1, 1000),
    "fixed_hands": (1, 1000),
}


def _in_range(key: str, value: Any, too_large_only: bool = False) -> None:
    """Raise :class:`RulesError` if an option's number (each packet, and how many packets
    there are) is outside :data:`LIMITS` (``too_large_only``: above it)."""
    low, high = LIMITS[key]
    if too_large_only:
        low = -(2 ** 63)
    if key == "packets" and isinstance(value, (list, tuple)):
        if not 1 <= len(value) <= high:
            raise RulesError(f"packets must be 1 to {high} packets, not {len(value)}",
                             rule="options packets")
        for packet in value:
            _in_range(key, packet, too_large_only)
        return
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        what = "a packet" if key == "packets" else key
        low = LIMITS[key][0]
        raise RulesError(f"{what} must be {low} to {high}, not {shown(value)}",
                         rule=f"options {key}")


def default_packets(hand_size: int) -> Tuple[int, ...]:
    """The usual packets for a hand size: 3+2, 3+3, 3+2+2, else threes then the rest."""
    known = {5: (3, 2), 6: (3, 3), 7: (3, 2, 2)}
    if hand_size in known:
        return known[hand_size]
    packets = [3] * (hand_size // 3) + ([hand_size % 3] if hand_size % 3 else [])
    return tuple(packets)


_DEFAULTS: Dict[str, Any] = {
    f.name: f.default for f in dataclasses.fields(Rules) if f.init
}


def _coerce(key: str, value: Any, old: Any) -> Any:
    """Check an option's JSON type and turn lists into tuples."""
    default = _DEFAULTS.get(key)
    if key == "packets":
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in value
        ):
            raise RulesError(f"packets must be a list of whole numbers, not {shown(value)}",
                             rule="options packets")
        return tuple(value)
    if key == "fixed_hands":
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise RulesError(f"fixed_hands must be a whole number or null, not {shown(value)}",
                             rule="options fixed_hands")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesError(f"option {key} must be true or false, not {shown(value)}",
                             rule=f"options {key}")
        return value
    if isinstance(default, int):
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"option {key} must be a whole number, not {shown(value)}",
                             rule=f"options {key}")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise RulesError(f"option {key} must be text, not {shown(value)}", rule=f"options {key}")
        return value
    return value


@dataclass(frozen=True)
class Preset:
    """One named game: its options and the words learners see for it.

    ``name`` is the preset's key (deal files, links, ``Rules.preset``); ``label`` its
    name at the table; ``where`` the country it is played in; ``description`` one or
    two sentences about it for learners (these three in English, marked for the message
    catalogue: show them through ``_()``; :attr:`title` is translated already); ``options``
    the options it changes from the defaults of :class:`Rules` (checked when the preset is
    made, and kept read-only).
    """

    name: str
    label: str
    where: str
    description: str
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        # checked like Rules.preset's changes: names, JSON types, options that fit together
        checked = Rules._with({**_DEFAULTS, "name": self.name}, self.options)
        changed = {k: getattr(checked, k) for k in _DEFAULTS
                   if k != "name" and getattr(checked, k) != _DEFAULTS[k]}
        object.__setattr__(self, "options", MappingProxyType(changed))

    @property
    def title(self) -> str:
        """The label with where it is played, unless the label says so already:
        ``"Sipa (Togo)"``, ``"Ghana table rules"``."""
        label = _(self.label)
        if self.where in self.label:
            return label
        # Translators: a game's name and the country it is played in: "Sipa (Togo)"
        return _("{game} ({country})").format(game=label, country=_(self.where))

    def values(self) -> Dict[str, Any]:
        """Every option's value in this preset (the name included)."""
        return {**_DEFAULTS, **self.options, "name": self.name}

    def rules(self, **options: Any) -> Rules:
        """This preset's :class:`Rules`, with some options changed."""
        return Rules._with(self.values(), options)


def find_preset(name: str) -> Preset:
    """The preset called ``name``; :class:`RulesError` (listing the known ones) if none is."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(
            f"unknown preset {shown(name)} (known: {', '.join(PRESETS)})", rule="presets"
        ) from None


#: Every preset by name, in the order menus and tables show them.
PRESETS: Dict[str, Preset] = {p.name: p for p in (
    Preset(
        "standard", N_("Standard Spar"), N_("Ghana"),
        N_("The game most learners meet first. Five cards each, no trumps, and only the last "
           "trick pays.")),
    Preset(
        "ghana_table", N_("Ghana table rules"), N_("Ghana"),
        N_("Standard Spar with the extras you hear about at a real table: a dry shown and a wet "
           "hidden before play, swapping a hand that is under ten, peeking at the under card, "
           "and a 3-point fine for an offside."),
        {"two_trick_bonus": True, "dry_wet": True, "offside": True, "under_ten": True,
         "under_card": True, "cut": True, "shuffle_every": True, "stake": 1, "betting": True}),
    Preset(
        "seven_card", N_("Seven-card Spar"), N_("Ghana"),
        N_("Seven cards each (dealt 3, 2, 2), so there is longer to plan the finish. Only the "
           "seventh trick pays."),
        {"hand_size": 7, "packets": (3, 2, 2), "max_players": 5}),
    Preset(
        "ace_of_spades", N_("With the ace of spades"), N_("Ghana"),
        N_("The standard game with the ace of spades put back in: 36 cards, and that ace is "
           "the strongest spade."),
        {"ace_of_spades": True}),
    Preset(
        "jeu_de_carte", N_("Jeu de Carte"), N_("Benin"),
        N_("As some tables in Benin play it: there are no 6s in the pack, so a 7 is the "
           "card to finish with. A match often runs to 24 points."),
        {"ranks": "789TJQKA", "max_players": 6, "scoring": "jeu_de_carte", "target": 24}),
    Preset(
        "sipa", N_("Sipa"), N_("Togo"),
        N_("As some tables in Togo play it: play goes counter-clockwise, so the next player "
           "sits on your right. Sevens are the prize: the last three tricks won with 7s pay 6, "
           "the last two 4, the last one 2."),
        {"ranks": "789TJQKA", "max_players": 6, "direction": "counterclockwise",
         "scoring": "sipa"}),
    Preset(
        "agram", N_("Agram"), N_("Niger"),
        N_("Played in Niger with small cards (3 to 10, and aces) and six cards each. The card "
           "does not matter at the end: whoever takes the last trick wins the hand."),
        {"ranks": "3456789TA", "hand_size": 6, "packets": (3, 3), "max_players": 5,
         "direction": "counterclockwise", "scoring": "agram", "target": 5}),
)}
