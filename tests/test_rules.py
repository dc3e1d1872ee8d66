import json
from pathlib import Path

import pytest

from spar_tutor.engine.errors import RulesError
from spar_tutor.engine.rules import PRESETS, Preset, Rules, find_preset

EXPECTED = {
    # preset: (deck size, hand size, max players, direction, scoring)
    "standard": (35, 5, 7, "clockwise", "spar"),
    "ghana_table": (35, 5, 7, "clockwise", "spar"),
    "seven_card": (35, 7, 5, "clockwise", "spar"),
    "ace_of_spades": (36, 5, 7, "clockwise", "spar"),
    "jeu_de_carte": (31, 5, 6, "clockwise", "jeu_de_carte"),
    "sipa": (31, 5, 6, "counterclockwise", "sipa"),
    "agram": (35, 6, 5, "counterclockwise", "agram"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_presets_match_the_rules_table(name):
    r = Rules.preset(name)
    assert (r.deck_size, r.hand_size, r.max_players, r.direction, r.scoring) == EXPECTED[name]
    assert r.max_players * r.hand_size <= r.deck_size
    assert Rules.from_json(r.to_json()) == r


def test_the_seven_presets_exist():
    assert set(PRESETS) == set(EXPECTED)


def test_decks():
    std = Rules.preset("standard")
    assert "AS" not in {str(c) for c in std.deck} and "KS" in {str(c) for c in std.deck}
    assert "AS" in {str(c) for c in Rules.preset("ace_of_spades").deck}
    assert min(c.rank for c in Rules.preset("sipa").deck) == 7
    agram = {str(c) for c in Rules.preset("agram").deck}
    assert {"3S", "TH", "AD"} <= agram and not agram & {"KH", "QD", "JC", "2S", "AS"}


def test_ghana_table_has_every_table_rule():
    r = Rules.preset("ghana_table")
    assert all([r.two_trick_bonus, r.dry_wet, r.offside, r.under_ten, r.under_card, r.cut,
                r.shuffle_every, r.stake > 0, r.betting])


def test_required_option_names_exist():
    r = Rules.preset("standard", two_trick_bonus=True, offside=True, ace_of_spades=True,
                     first_lead="dealer", unfollowed_trick="highest")
    assert r.two_trick_bonus and r.offside and r.ace_of_spades
    assert Rules.preset("standard", two_trick_bonus=True, dry_wet=True).dry_wet
    assert Rules.preset("standard", hand_size=7).packets == (3, 2, 2)


@pytest.mark.parametrize("options,words", [
    ({"dry_wet": True}, "dry_wet needs two_trick_bonus"),
    ({"foo": 1}, "unknown option 'foo'"),
    ({"offside": "yes"}, "offside must be true or false"),
    ({"first_lead": "left"}, "first_lead must be one of"),
    ({"unfollowed_trick": "random"}, "unfollowed_trick must be one of"),
    ({"packets": [3, 3]}, "do not add up to hand_size 5"),
    ({"hand_size": 7, "max_players": 7}, "need 49 cards but the pack has 35"),
    ({"hand_size": 7, "under_ten": True}, "under_ten is played with five-card hands"),
    ({"scoring": "poker"}, "scoring must be one of"),
    ({"target": 0}, "target must be a positive"),
])
def test_options_that_cannot_go_together(options, words):
    with pytest.raises(RulesError) as err:
        Rules.preset("standard", **options)
    assert words in str(err.value)
    assert "rule:" in str(err.value)


def test_bonus_needs_spar_scoring():
    with pytest.raises(RulesError, match="belong to spar scoring"):
        Rules.preset("sipa", two_trick_bonus=True)


def test_unknown_preset_and_bad_json():
    with pytest.raises(RulesError, match="unknown preset 'poker'"):
        Rules.preset("poker")
    with pytest.raises(RulesError):
        Rules.from_json(42)


def test_a_preset_is_one_object_with_its_words_and_options():
    for name, preset in PRESETS.items():
        assert isinstance(preset, Preset) and preset.name == name and find_preset(name) is preset
        assert preset.label and preset.where and preset.description
        assert preset.rules() == Rules.preset(name)
        assert preset.rules(target=3) == Rules.preset(name, target=3)
    sipa = PRESETS["sipa"]
    assert (sipa.title, sipa.options["scoring"], sipa.rules().direction) == \
        ("Sipa (Togo)", "sipa", "counterclockwise")
    assert PRESETS["ghana_table"].title == "Ghana table rules"  # it says where already
    assert dict(PRESETS["standard"].options) == {}
    with pytest.raises(TypeError):
        sipa.options["target"] = 3  # type: ignore[index]


def test_an_unknown_preset_is_an_error_that_lists_the_known_ones():
    with pytest.raises(RulesError, match=r"unknown preset 'poker' \(known: standard, ghana_table"):
        find_preset("poker")


def test_a_preset_checks_its_options_when_made():
    with pytest.raises(RulesError, match="dry_wet needs two_trick_bonus"):
        Preset("odd", "Odd", "nowhere", "Dry and wet without the bonus.", {"dry_wet": True})
    with pytest.raises(RulesError, match="unknown option 'trumps'"):
        Preset("odd", "Odd", "nowhere", "Trumps.", {"trumps": "S"})


def test_players_checked():
    Rules.preset("seven_card").check_players(5)
    with pytest.raises(RulesError, match="2 to 5 players, not 6"):
        Rules.preset("seven_card").check_players(6)


def test_shuffle_period_follows_the_custom():
    r = Rules.preset("ghana_table")
    assert [r.shuffle_period(n) for n in (2, 3, 4, 7)] == [3, 2, 1, 1]
    assert Rules.preset("standard").shuffle_period(2) == 1


def presets_markdown():
    """The README's Presets table, written from the Preset objects."""
    rows = ["| preset | game | cards | players | options (as in deal files) | about |",
            "|---|---|---|---|---|---|"]
    for preset in PRESETS.values():
        r = preset.rules()
        cards = f"{r.deck_size} in the pack, {r.hand_size} each ({'+'.join(map(str, r.packets))})"
        options = ", ".join(f"`{k}: {json.dumps(v)}`" for k, v in preset.options.items())
        rows.append(f"| `{preset.name}` | {preset.title} | {cards} | "
                    f"{r.min_players}-{r.max_players} | {options or 'the defaults'} | "
                    f"{preset.description} |")
    return "\n".join(rows)


def test_readme_presets_table_is_what_the_presets_say():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Presets\n", 1)[1].split("\n## ", 1)[0]
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert table == presets_markdown(), "README.md's Presets table should be:\n" + presets_markdown()
