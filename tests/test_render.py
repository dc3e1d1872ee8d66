"""Tests for the SVG card pictures in spar_tutor.render, and what the package imports."""

import re
import runpy
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from spar_tutor.engine.cards import CARD_BY_INDEX, SUITS, Card, parse_cards
from spar_tutor.render import (
    FOUR_COLOUR,
    TWO_COLOUR,
    back_svg,
    card_svg,
    contrast_ratio,
    hand_svg,
    suit_colour,
)
from spar_tutor.render.suits import CARD_WHITE

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
ALL_CARDS = list(CARD_BY_INDEX)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def by_class(root: ET.Element, cls: str):
    return [e for e in root.iter() if e.get("class") == cls]


def fills(root: ET.Element):
    return {e.get("fill") for e in root.iter() if e.get("fill")}


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_well_formed_and_labelled(card):
    for four in (False, True):
        root = parse(card_svg(card, four_colour=four))
        assert root.get("role") == "img"
        assert root.get("aria-label") == card.name
        assert root.find(NS + "title").text == card.name
        assert root.get("viewBox") == "0 0 250 350"
        assert "<image" not in card_svg(card)


@pytest.mark.parametrize("rank", range(2, 11))
@pytest.mark.parametrize("suit", SUITS)
def test_number_cards_have_their_pips(rank, suit):
    root = parse(card_svg(Card(rank, suit)))
    assert len(by_class(root, "pip")) == rank
    assert len(by_class(root, "index-suit")) == 2


@pytest.mark.parametrize("suit", SUITS)
def test_ace_has_one_pip_and_courts_have_a_letter(suit):
    assert len(by_class(parse(card_svg(Card(14, suit))), "pip")) == 1
    for rank, letter in ((11, "J"), (12, "Q"), (13, "K")):
        root = parse(card_svg(Card(rank, suit)))
        assert not by_class(root, "pip")
        texts = [t.text for t in root.iter(NS + "text")]
        assert texts.count(letter) == 3  # two corner indices and the centre


@pytest.mark.parametrize("code", ["6S", "9H", "6D", "9C", "7S", "QH"])
def test_a_six_and_a_nine_are_underlined_in_both_corners(code):
    """Turned upside down at the foot of the card, a 6 must not read as a 9."""
    svg = card_svg(Card.parse(code))
    assert svg.count('class="rank-line"') == (2 if code[0] in "69" else 0)


def test_suit_colours():
    for suit in "SC":
        assert suit_colour(suit) in fills(parse(card_svg(Card(9, suit))))
    assert suit_colour("H") == suit_colour("D") != suit_colour("S") == suit_colour("C")


def test_four_colour_changes_diamonds_and_clubs_only():
    for suit in SUITS:
        card = Card(7, suit)
        two, four = card_svg(card), card_svg(card, four_colour=True)
        assert (two != four) == (suit in "DC")
        assert FOUR_COLOUR[suit] in fills(parse(four))
    assert len(set(FOUR_COLOUR.values())) == 4


def test_colours_have_enough_contrast():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    for colour in set(TWO_COLOUR.values()) | set(FOUR_COLOUR.values()):
        assert contrast_ratio(colour, CARD_WHITE) >= 4.5, colour
    # Within the four-colour deck the suits must be told apart, too.
    cols = list(FOUR_COLOUR.values())
    assert all(a != b for i, a in enumerate(cols) for b in cols[i + 1:])


def test_dimmed_and_selected_change_the_picture():
    card = Card(12, "D")
    plain = card_svg(card)
    dim = card_svg(card, dimmed=True)
    sel = card_svg(card, selected=True)
    assert len({plain, dim, sel}) == 3
    assert suit_colour("D") not in fills(parse(dim))
    assert by_class(parse(sel), "selected") and not by_class(parse(plain), "selected")
    parse(card_svg(card, dimmed=True, selected=True, four_colour=True))


def test_width_sets_size_with_card_ratio():
    root = parse(card_svg(Card(6, "S"), width=100))
    assert (root.get("width"), root.get("height")) == ("100", "140")
    root = parse(card_svg(Card(6, "S")))
    assert (root.get("width"), root.get("height")) == ("70", "98")


def test_label_overrides_and_escapes():
    root = parse(card_svg(Card(6, "S"), label='lead "this" <now> & win'))
    assert root.get("aria-label") == 'lead "this" <now> & win'


def test_repr_svg_matches_card_svg():
    for card in ALL_CARDS:
        assert card._repr_svg_() == card_svg(card)


def test_face_down_card_hides_its_name():
    svg = card_svg(Card(14, "S"), face_down=True)
    root = parse(svg)
    assert root.get("aria-label") == "face-down card"
    assert "spade" not in svg


def test_back_is_well_formed_with_unique_ids():
    a, b = back_svg(), back_svg(width=40, label="dealer's pile")
    ra, rb = parse(a), parse(b)
    assert ra.get("aria-label") == "face-down card" and rb.get("aria-label") == "dealer's pile"
    ids_a = {e.get("id") for e in ra.iter() if e.get("id")}
    ids_b = {e.get("id") for e in rb.iter() if e.get("id")}
    assert ids_a and ids_b and not ids_a & ids_b
    assert rb.get("width") == "40"


def test_card_faces_define_no_ids():
    # So any number of faces can share one page without clashing.
    for card in ALL_CARDS:
        assert ' id="' not in card_svg(card, selected=True, dimmed=True)


def test_hand_svg():
    cards = parse_cards("AS KS 9S 7H 6H QD TD 8C 6C")
    root = parse(hand_svg(cards))
    assert root.get("aria-label") == ", ".join(c.name for c in cards)
    inner = root.findall(NS + "svg")
    assert len(inner) == len(cards)
    width = 70 + 8 * 70 * (1 - 0.35)
    assert float(root.get("width")) == pytest.approx(width)
    assert float(root.get("height")) == pytest.approx(98)
    # Cards keep their order left to right.
    xs = [float(e.get("x")) for e in inner]
    assert xs == sorted(xs)


def test_hand_options():
    cards = parse_cards("6D 7C")
    four = hand_svg(cards, four_colour=True, width_per_card=40, overlap=0)
    root = parse(four)
    assert float(root.get("width")) == pytest.approx(80)
    assert {FOUR_COLOUR["D"], FOUR_COLOUR["C"]} <= fills(root)
    marked = parse(hand_svg(cards, dimmed=cards[:1], selected=cards[1:]))
    assert len(by_class(marked, "selected")) == 1
    down = hand_svg(cards, face_down=True)
    root = parse(down)
    assert root.get("aria-label") == "2 face-down cards"
    assert "diamond" not in down and "club" not in down
    assert len(re.findall(r"<pattern ", down)) == 1
    assert parse(hand_svg([])).get("aria-label") == "no cards"
    with pytest.raises(ValueError):
        hand_svg(cards, overlap=1)


def test_importing_cards_does_not_import_render():
    code = (
        "import sys, spar_tutor.engine.cards\n"
        "spar_tutor.engine.cards.parse_cards('6S 7H')\n"
        "assert 'spar_tutor.render' not in sys.modules, 'render was imported'\n"
        "spar_tutor.engine.cards.Card.parse('6S')._repr_svg_()\n"
        "assert 'spar_tutor.render' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_render_uses_only_the_standard_library():
    code = (
        "import sys, spar_tutor.render\n"
        "bad = [m for m in ('ipywidgets', 'matplotlib', 'IPython', 'numpy') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_every_render_module_imports_and_draws_charts_without_widgets_or_matplotlib():
    modules = sorted(f"spar_tutor.render.{p.stem}" for p in (ROOT / "spar_tutor" / "render")
                     .glob("*.py") if p.stem != "__init__")
    assert {"spar_tutor.render.table", "spar_tutor.render.deal",
            "spar_tutor.render.charts"} <= set(modules)
    code = (
        "import sys, spar_tutor.render\n"
        + "".join(f"import {m}\n" for m in modules)
        + "from types import SimpleNamespace\n"
        "from spar_tutor.render.charts import bar_chart, score_chart, values_chart\n"
        "choice = SimpleNamespace(card=None, label='pass', win_chance=0.5, expected=1.0)\n"
        "for svg in (score_chart([], ['You', 'Bot'], 11), values_chart([choice, choice]),\n"
        "            bar_chart([('6', [10.0])], ['share'], 'Who wins')):\n"
        "    assert svg.startswith('<svg'), svg[:40]\n"
        "heavy = ('ipywidgets', 'IPython', 'matplotlib', 'numpy')\n"
        "bad = [m for m in heavy if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr


def test_card_sheet_script(tmp_path):
    out = tmp_path / "sheet.html"
    main = runpy.run_path(str(ROOT / "scripts" / "card_sheet.py"))["main"]
    assert main([str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    for card in ALL_CARDS:
        assert f'aria-label="{card.name}"' in html
