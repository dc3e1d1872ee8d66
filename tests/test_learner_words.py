"""What a learner reads carries no card code, no seat number and no jargon (issue 12).

Seeded hands at 2 to 7 players and at the Ghana table are played through the Play
table's buttons; at every decision the test reads everything the table shows (the
status line, the table, the hand, the declaration, cut and bet panels, the score
and the deal), the session's events and answers, the three hint levels, and a
refused card's message. The Explore page is read after each of its questions.
The review panel is read by tests/test_solver_review.py (it has its own words).
"""

import html
import re
from typing import List, Tuple

import ipywidgets as widgets
import pytest

from spar_tutor.engine.rules import Rules
from spar_tutor.session import GameSession
from spar_tutor.widgets import PlayTable
from spar_tutor.widgets.review import ReviewPanel
from spar_tutor.widgets.save_panel import SavePanel
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)

#: What a learner must never read, and what it is.
FORBIDDEN = [
    (re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b"), "a card code"),
    (re.compile(r"(?i)\bseat\s*\d"), "a seat number"),
    (re.compile(r"\b(Bot|Robot)\s*\d"), "a bot called by its number"),
    (re.compile(r"\bT[♠♥♦♣]"), "a ten written T"),
    (re.compile(r"(?i)\b(cash(es|ed|ing)?|main line|model of play|give or take)\b"), "jargon"),
    (re.compile(r"(?i)\brule:\s*rule\b"), "'rule' twice"),
    (re.compile(r"\bYou (is|has|wins|leads|plays|deals)\b"), "'You' with a third-person verb"),
]

Seen = List[Tuple[str, str]]


def problems(text: str) -> List[str]:
    """Each forbidden thing in ``text``, with the words around it."""
    found = []
    for pattern, what in FORBIDDEN:
        for m in pattern.finditer(text):
            found.append(f"{what} {m.group(0)!r} in ...{text[max(0, m.start() - 60):m.end() + 60]}...")
    return found


def test_the_scan_finds_what_it_looks_for():
    assert problems("seat 0 won the last trick with 7S: 2") == [
        "a card code '7S' in ...seat 0 won the last trick with 7S: 2...",
        "a seat number 'seat 0' in ...seat 0 won the last trick with 7S: 2..."]
    assert problems("You is about to deal. Dry 10H? TD")[0].startswith("a card code '10H'")
    assert [p.split(" '")[0] for p in problems("Play T♣, the main line; You is")] == [
        "a ten written T", "jargon", "'You' with a third-person verb"]
    assert problems("You won the last trick with 7♠: 2 points. Kofi leads. 10♣ as well") == []
    assert problems("Bot 2 (expert) leads")[0].startswith("a bot called by its number 'Bot 2'")


def readable(markup: str) -> str:
    """What a page shows of some HTML: its text and the words in titles and labels
    (hover text and screen readers), without styles, scripts and markup."""
    markup = re.sub(r"(?is)<(style|script)\b.*?</\1>", " ", markup)
    said = re.findall(r'(?:title|aria-label|alt|aria-description|data-def)="([^"]*)"', markup)
    text = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(" ".join([text, *said]))


def shown(widget: widgets.Widget) -> List[str]:
    """The learner's words in a widget and everything inside it."""
    if isinstance(widget, (ReviewPanel, SavePanel)):  # the review: its own tests; a save: a file
        return []
    out = []
    if isinstance(widget, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
        out.append(readable(widget.value))
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            out.append(readable(value))
    out.extend(str(label) for label in getattr(widget, "_options_labels", ()))
    if isinstance(widget, widgets.Tab):
        out.extend(str(t) for t in widget.titles)
    for child in getattr(widget, "children", ()):
        out.extend(shown(child))
    return out


def read(table: PlayTable, where: str, seen: Seen) -> None:
    seen.extend((where, text) for text in shown(table))


def decide(table: PlayTable, seen: Seen, *, renege: bool) -> bool:
    """The learner's next decision, made with the table's buttons, after asking for
    each hint and trying a card that may not be played; whether it was a renege."""
    s = table.session
    for level in (1, 2, 3):
        table.hints.show(level)
        seen.append((f"hint {level}", readable(table.hints.answer.value)))
    if s.pending == "cut":
        table.cutting.cut_button.click()
    elif s.pending == "bets":
        rows = table.betting.offers.children
        if rows:
            rows[0].children[1 + s.hand_number % 2].click()  # match or decline
        elif s.hand_number % 2:
            table.betting.offer.click()
        else:
            table.betting.no_bet.click()
    elif s.offers():
        buttons = table.declarations._buttons.children
        buttons[s.hand_number % len(buttons)].click()  # declare on one hand, pass on another
    else:
        legal = set(s.legal_cards())
        refused = [b for b in table.hand.buttons if b.description not in
                   {c.name for c in legal}]
        if refused:
            refused[0].click()
            read(table, "after a refused card", seen)
            offer = table.hand._renege_box.children
            if renege and offer:
                offer[0].click()
                return True
        next(b for b in table.hand.buttons if b.description in {c.name for c in legal}).click()
    return False


def play(table: PlayTable, hands: int, *, renege: bool = False) -> Seen:
    """``hands`` hands at ``table``, the learner's words at every step."""
    s = table.session
    seen: Seen = []
    s.subscribe(lambda e: seen.append((f"event {e.kind}", e.message)))
    for step in range(400):
        read(table, f"hand {s.hand_number}, step {step}", seen)
        if s.state.is_over():
            seen.append(("the result", s.result_text() + " " + s.match_result()))
            if s.hand_number >= hands or s.match.is_over():
                return seen
            table.next_hand.click()
            continue
        version = s.version
        if decide(table, seen, renege=renege):
            renege = False  # one renege at most
        assert s.version != version or s.state.is_over(), "the learner's decision did nothing"
    raise AssertionError("the hands did not end")


def assert_plain(seen: Seen) -> None:
    found = [f"{where}: {p}" for where, text in seen for p in problems(text)]
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("players", range(2, 8))
def test_play_says_cards_and_players_in_words(players):
    bots = ["beginner"] * (players - 1)
    if players == 3:
        bots[1] = "expert"
    session = GameSession("standard", ["human", *bots], seed=players)
    seen = play(PlayTable(session), hands=2)
    assert_plain(seen)
    said = " ".join(text for _where, text in seen)
    assert "You" in said and "Ama" in said and any(suit in said for suit in "♠♥♦♣")


@pytest.mark.parametrize("seed", [1, 4])
def test_the_ghana_table_says_cuts_bets_declarations_and_offside_in_words(seed):
    rules = Rules.preset("ghana_table", target=3)
    session = GameSession(rules, ["human", "beginner", "beginner"], seed=seed)
    seen = play(PlayTable(session), hands=3, renege=True)
    assert_plain(seen)
    said = " ".join(text for _where, text in seen)
    assert "cut" in said and "bet" in said.lower() and "dry" in said.lower()
    assert "You are offside" in said


def test_explore_page_answers_in_plain_words():
    from spar_tutor.app.shell import App

    app = App(env={})
    app.go("explore")
    page = app.pages["explore"]
    page.players.value = "3"
    page.count_last_trick()
    page.count_lead()
    page.count_sticky()
    seen = [("explore", text) for text in shown(page)]
    assert_plain(seen)
    assert any("players" in text for _where, text in seen)
