"""The curated puzzles' words: players by name, plain words, titles that do not give the
answer away, and card codes that are drawn as cards."""

import html
import re

import pytest

from spar_tutor.engine.cards import parse_card
from spar_tutor.puzzles import load_collection
from spar_tutor.puzzles.model import PLAYER_NAMES, level_words
from spar_tutor.render.text import CARD_CODE, cardify

PUZZLES = load_collection().puzzles
IDS = [p.id for p in PUZZLES]
WORDS = ("title", "goal", "nudge", "hint", "explanation")
JARGON = r"\b(seat|seats|cash|cashes|cashed|main line|solver|model|give or take)\b"

RANK_WORDS = {6: "6|six|sixes", 7: "7|seven|sevens", 8: "8|eight|eights", 9: "9|nine|nines",
              10: "10|ten|tens", 11: "jacks?", 12: "queens?", 13: "kings?", 14: "aces?"}
#: Words of advice: a title that uses them tells the learner what to do.
ADVICE = (r"\b(first|last card|keep|keeps|throw|lose|spend|cash|give|draw|draws|wait|waits|"
          r"sacrifice|overtake|exit|take|takes|duck|pay|clear|clears|let|run|goes|go|win|"
          r"wins|must)\b")


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_words_name_players_and_avoid_jargon(puzzle):
    for field in WORDS:
        text = getattr(puzzle, field)
        assert not re.search(JARGON, text, re.I), (field, text)
        for seat, name in enumerate(PLAYER_NAMES):
            if re.search(rf"\b{name}\b", text):
                assert seat < puzzle.players and seat != puzzle.seat, (field, name)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_title_does_not_give_the_answer(puzzle):
    title = re.sub(r"\b(two|three|four|five|six|seven) players\b|seven-card", "", puzzle.title,
                   flags=re.I)
    for card in puzzle.winning:
        assert not re.search(rf"\b({RANK_WORDS[card.rank]})\b", title, re.I), card
    assert not re.search(ADVICE, puzzle.title, re.I)
    assert not CARD_CODE.search(puzzle.title)


def test_titles_are_all_different():
    titles = [p.title for p in PUZZLES]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_card_codes_are_real_cards_and_drawn_with_10_for_the_ten(puzzle):
    for field in ("goal", "hint", "explanation"):
        text = getattr(puzzle, field)
        for m in CARD_CODE.finditer(text):
            parse_card(m.group(0))
        shown = re.sub(r"<[^>]+>", "", cardify(text))
        assert not CARD_CODE.search(shown) and not re.search(r"\bT[♠♥♦♣]", shown)


def test_levels_are_shown_as_levels():
    assert level_words("beginner") == "Level 1 · Beginner"
    assert level_words("expert") == "Level 4 · Expert"
    assert all(str(p.rating) not in level_words(p.band) for p in PUZZLES)


def test_names_at_the_table():
    puzzle = PUZZLES[0]
    assert puzzle.names[puzzle.seat] == "You"
    assert [n for s, n in enumerate(puzzle.names) if s != puzzle.seat] == \
        [PLAYER_NAMES[s] for s in range(puzzle.players) if s != puzzle.seat]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_no_card_code_reaches_the_page(puzzle):
    """As the puzzle page shows its words (escaped, cards drawn), no card code is left,
    found by the browser walk's pattern, not the renderer's own."""
    seen_code = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
    for field in WORDS:
        shown = html.unescape(re.sub(r"<[^>]+>", " ", cardify(html.escape(getattr(puzzle, field)))))
        assert not seen_code.search(shown), (field, shown)
