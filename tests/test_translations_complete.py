"""Every language's catalogue is complete: every message of the code and every word of
the lessons and puzzles translated, nothing fuzzy, the placeholders and card codes kept.

A lesson step or a puzzle that lacks its translation fails here, named with its file
(the app still works: it shows the English words with a small note)."""

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from spar_tutor.learning.content import file_words

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import catalogue  # noqa: E402  (scripts/catalogue.py)

LANGUAGES = [lang for lang in catalogue.languages() if lang != "en"]
CONTENT_FILES = sorted((ROOT / "lessons").glob("*.toml")) + \
    sorted((ROOT / "lessons" / "puzzles").glob("*.toml"))
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])")
FIELD = re.compile(r"\{(\w*)\}")

_CATALOGUES = {}


def po(lang):
    if lang not in _CATALOGUES:
        with catalogue.po_path(lang).open("rb") as f:
            _CATALOGUES[lang] = read_po(f, locale=lang)
    return _CATALOGUES[lang]


def strings(message):
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


def translated(message):
    return all(s for s in strings(message)) and not message.fuzzy


def from_the_code(message):
    return any(not loc.startswith("lessons/") for loc, _ in message.locations)


def test_there_is_a_second_language():
    assert "fr" in LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_code_is_translated(lang):
    missing = [m.id for m in po(lang) if m.id and from_the_code(m) and not translated(m)]
    assert missing == [], f"{len(missing)} messages of the code lack their {lang} translation"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_is_fuzzy(lang):
    assert [m.id for m in po(lang) if m.id and m.fuzzy] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_has_all_its_forms(lang):
    catalog = po(lang)
    forms = catalog.num_plurals
    bad = [m.id for m in catalog if isinstance(m.id, tuple) and m.string and any(strings(m))
           and len(strings(m)) != forms]
    assert forms >= 2 and bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders_and_the_card_codes(lang):
    bad = []
    for m in po(lang):
        if not m.id or not translated(m):
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        fields = set(FIELD.findall(ids[-1]))
        for text in strings(m):
            # a singular may leave its number out ("un point"), never add a placeholder
            if not set(FIELD.findall(text)) <= fields or \
                    (len(ids) == 1 and set(FIELD.findall(text)) != fields):
                bad.append((ids[0], text))
            if sorted(CARD.findall(ids[0])) != sorted(CARD.findall(text)):
                bad.append((ids[0], text))
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", CONTENT_FILES, ids=[p.relative_to(ROOT / "lessons").as_posix()
                                                    for p in CONTENT_FILES])
def test_every_lesson_step_and_puzzle_has_its_translation(lang, path):
    catalog = po(lang)
    missing = []
    for where, words in file_words(path.read_text(encoding="utf-8")):
        message = catalog.get(words)
        if message is None or not translated(message):
            missing.append(where)
    shown = path.relative_to(ROOT).as_posix()
    assert missing == [], (f"{shown}: {len(missing)} texts lack their {lang} translation: "
                           + "; ".join(missing))


def test_french_puts_a_no_break_space_before_its_double_marks():
    """French writes a (no-break) space before : ; ! ? and inside « », and a line never
    breaks there ("Woezon !" stays together): a plain space is a typing slip."""
    bad = [s for m in po("fr") if m.id for s in strings(m)
           if re.search(r" [:;!?»]|« ", s)]
    assert bad == []
