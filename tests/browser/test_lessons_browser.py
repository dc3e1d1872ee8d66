"""Lessons 3 and 7 walked through in Chromium, served by Voila, as a learner would."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from spar_tutor.engine.cards import parse_card
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.resources import notebooks_dir
from spar_tutor.store import Store

TIMEOUT = 45_000


@pytest.fixture(scope="module")
def lessons_server(voila, tmp_path_factory):
    """The notebooks folder, served with progress kept in a temporary SPAR_TUTOR_HOME."""
    home = tmp_path_factory.mktemp("spar-home")
    old = os.environ.get("SPAR_TUTOR_HOME")
    os.environ["SPAR_TUTOR_HOME"] = str(home)
    try:
        server = voila(notebooks_dir(), preheat=False, cull_interval=59)
    finally:
        if old is None:
            os.environ.pop("SPAR_TUTOR_HOME", None)
        else:
            os.environ["SPAR_TUTOR_HOME"] = old
    server.home = home
    return server


RANKS = {"6": "six", "7": "seven", "8": "eight", "9": "nine", "10": "ten", "J": "jack",
         "Q": "queen", "K": "king", "A": "ace"}
SUITS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}


def card_name(text):
    """``Q♣`` -> ``queen of clubs`` (other button texts stay as they are)."""
    if len(text) in (2, 3) and text[:-1] in RANKS and text[-1] in SUITS:
        return f"{RANKS[text[:-1]]} of {SUITS[text[-1]]}"
    return text


class Learner:
    """Clicks buttons by their exact text and waits for the page's answer."""

    def __init__(self, voila_page, name):
        self.vp, self.page, self.name = voila_page, voila_page.page, name

    def button(self, text):
        """The button with this text; a card (``Q♣``) is its picture, named like the card."""
        return self.page.get_by_role("button", name=card_name(text), exact=True)

    def click(self, text):
        """Click a button by its text; a card ("Q♣") by the card's name, as its button says."""
        suits = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
        if len(text) in (2, 3) and text[-1] in suits and " " not in text:
            text = parse_card(text[:-1] + suits[text[-1]]).name
        self.button(text).click()

    def step(self, n, total, title=None):
        expect(self.page.get_by_text(f"Step {n} of {total}", exact=False)).to_be_visible(timeout=TIMEOUT)
        if title:
            expect(self.page.locator("h4", has_text=title)).to_be_visible(timeout=TIMEOUT)

    def right(self):
        expect(self.page.locator(".sp-feedback-right")).to_be_visible(timeout=TIMEOUT)

    def wrong(self, words):
        box = self.page.locator(".sp-feedback-wrong")
        expect(box).to_be_visible(timeout=TIMEOUT)
        expect(box).to_contain_text(words, timeout=TIMEOUT)

    def find_all(self, cards):
        """Answer a "click every card" question: each card, waiting until it shows as
        chosen (as a learner sees it marked) before the next click, then the whole answer
        is right. A click made while the hand is being redrawn can land on nothing."""
        for text in cards:
            self.click(text)
            expect(self.button(text)).to_have_attribute("title", re.compile(": chosen$"),
                                                        timeout=TIMEOUT)
        self.right()
        expect(self.page.locator(".sp-feedback-right")).not_to_contain_text("more to find",
                                                                            timeout=TIMEOUT)

    def next(self):
        self.click("Next")

    def shot(self, name):
        return self.vp.screenshot(name)

    def once_more(self, total, answers):
        """After the last step, the questions missed at the first try come back, in the
        lesson's order (``answers``: step number -> the buttons that answer it right)."""
        self.next()
        steps = sorted(answers)
        for n in steps:
            expect(self.page.get_by_text(f"Once more: step {n} of {total}")).to_be_visible(
                timeout=TIMEOUT)
            if len(answers[n]) > 1:
                self.find_all(answers[n])
            else:
                self.click(answers[n][0])
                self.right()
            if n != steps[-1]:
                self.next()

    def sign_in(self, notebook, title):
        self.vp.open(self.server, notebook, wait_for="Type your name")
        self.page.get_by_placeholder("your name").fill(self.name)
        self.click("Start")
        expect(self.page.get_by_placeholder("your name")).to_have_count(0, timeout=TIMEOUT)
        expect(self.page.get_by_text(title)).to_have_count(1)  # the title shows once


def test_lesson_3_following_suit(lessons_server, voila_page):
    me = Learner(voila_page, "Browser Ama")
    me.server = lessons_server
    me.sign_in("lesson_03_follow.ipynb", "lesson 3: Following suit")
    me.step(1, 7)
    me.shot("lesson03-step1")
    me.next()
    me.step(2, 7)
    me.click("Q♣")
    me.wrong("Hearts were led and you hold a heart")
    me.shot("lesson03-step2-wrong")
    me.click("8♥")
    me.right()
    me.next()
    me.click("A♦")
    me.wrong("diamonds were not led")
    me.click("K♥")
    expect(voila_page.page.get_by_text("1 more to find")).to_be_visible(timeout=TIMEOUT)
    me.shot("lesson03-step3-one-found")
    me.find_all(["9♥"])
    me.shot("lesson03-step3-right")
    me.next()
    me.find_all(["A♥", "6♥", "9♦", "K♣", "7♣"])
    me.next()
    me.step(5, 7, "Renege")
    me.next()
    me.click("A♣")
    me.wrong("must play it")
    me.click("6♦")
    me.right()
    me.next()
    me.step(7, 7)
    me.once_more(7, {2: ["8♥"], 3: ["K♥", "9♥"], 6: ["6♦"]})
    me.click("Finish")
    expect(voila_page.page.get_by_text(re.compile(
        r"End of lesson 3: \d+ of \d+ questions right at the first try"))).to_be_visible(
            timeout=TIMEOUT)
    me.shot("lesson03-finished")
    store = Store.open(f"sqlite:///{lessons_server.home / 'spar-tutor.sqlite'}")
    assert ProgressStore("Browser Ama", store).finished("03_follow")


def test_lesson_7_dry_and_wet(lessons_server, voila_page):
    me = Learner(voila_page, "Browser Kofi")
    me.server = lessons_server
    me.sign_in("lesson_07_dry_wet.ipynb", "lesson 7: Dry and wet")
    me.step(1, 13)
    me.click("9♦")
    me.wrong("Only a 6 or a 7 can be a dry, and 9♦ is not.")
    me.find_all(["6♠", "7♠", "7♥"])
    me.shot("lesson07-step1")
    me.next()
    me.click("6♠")
    me.click("7♠")
    me.wrong("same suit")
    me.shot("lesson07-step2-same-suit")
    me.click("7♥")
    me.right()
    me.shot("lesson07-step2-declared")
    me.next()
    me.step(3, 13, "What doubling gives")
    me.shot("lesson07-step3-table")
    me.next()
    me.click("5")
    me.wrong("doubled")
    me.click("10")
    me.right()
    me.shot("lesson07-step4-ten")
    me.next()
    me.step(5, 13, "Only the dry")
    me.click("8")
    me.wrong("Card values do not add up")
    me.click("5")
    me.right()
    me.shot("lesson07-step5-mixed")
    me.next()
    me.click("7♥")
    me.wrong("must follow suit like any other")
    me.click("6♠")
    me.right()
    expect(voila_page.page.get_by_text("wet (turned face up)")).to_be_visible(timeout=TIMEOUT)
    me.shot("lesson07-step5-risk")
    me.next()
    me.click("4")
    me.right()
    me.next()
    me.click("12")
    me.right()
    me.next()
    me.click("6")
    me.right()
    me.next()
    me.click("Hint")
    expect(voila_page.page.locator(".sp-feedback-hint")).to_be_visible(timeout=TIMEOUT)
    me.click("dry 7♠")
    me.wrong("A dry 6 scores 6")
    me.click("dry 6♠")
    me.right()
    me.shot("lesson07-step9-wise")
    me.next()
    me.step(11, 13, "A strong hand")
    me.click("1.0")
    me.wrong("instead of 1.9")
    me.click("1.8")
    me.right()
    me.shot("lesson07-step10-odds")
    me.next()
    me.click("2.0")
    me.wrong("only 14%")
    me.click("0.2")
    me.right()
    me.shot("lesson07-step11-odds")
    me.next()
    me.step(13, 13, "A rule of thumb")
    me.once_more(13, {1: ["6♠", "7♠", "7♥"], 4: ["10"], 5: ["5"], 6: ["6♠"], 10: ["dry 6♠"],
                      11: ["1.8"], 12: ["0.2"]})
    me.click("Finish")
    expect(voila_page.page.get_by_text(re.compile(
        r"End of lesson 7: \d+ of \d+ questions right at the first try"))).to_be_visible(
            timeout=TIMEOUT)
    me.shot("lesson07-finished")


def test_menu_keeps_each_learners_progress(lessons_server, voila_page):
    me = Learner(voila_page, "Browser Ama")
    me.server = lessons_server
    me.sign_in("lessons.ipynb", "Spar lessons for Browser Ama")
    # 1 of 4 questions right at the first try: 1 star
    expect(voila_page.page.get_by_text("✓ ★☆☆ 7 of 7 steps")).to_be_visible(timeout=TIMEOUT)
    me.shot("menu-after-lesson3")
    me.click("Next lesson: 4. Winning a trick")
    me.step(1, 8, "Who wins a trick")
    me.click("All lessons")
    expect(me.button("Continue where you left off: lesson 4, step 1")).to_be_visible(timeout=TIMEOUT)
    me.click("Lesson 2: Dealing and who leads")
    me.next()
    me.step(2, 9, "The first packet")
    # the learner answers first: the deal would give the answer away
    expect(me.button("Deal a packet")).to_be_disabled()
    me.click("Kofi")
    me.wrong("Kofi is on your right")
    me.click("Deal a packet")
    expect(voila_page.page.get_by_role("img", name="the pack, 32 cards")).to_be_visible(timeout=TIMEOUT)
    # the learner is called Ama too: the lesson's Ama is Akua for them (learning.cast)
    expect(voila_page.page.get_by_text("Round 1: 3 cards to Akua")).to_be_visible(timeout=TIMEOUT)
    me.click("Deal a packet")
    expect(voila_page.page.get_by_role("img", name="the pack, 29 cards")).to_be_visible(timeout=TIMEOUT)
    expect(voila_page.page.get_by_text("Round 1: 3 cards to Kofi")).to_be_visible(timeout=TIMEOUT)
    me.shot("lesson02-deal-two-packets")
    assert voila_page.page.locator(".sp-lesson").get_by_text("Ama", exact=True).count() == 0
    me.click("Akua")
    me.right()
    me.click("Deal them all")
    me.shot("lesson02-deal-all")


def test_another_learner_starts_fresh_and_plays_with_hints(lessons_server, voila_page):
    me = Learner(voila_page, "Browser Esi")
    me.server = lessons_server
    me.sign_in("lessons.ipynb", "Spar lessons for Browser Esi")
    assert voila_page.page.get_by_text("Continue where you left off").count() == 0
    me.click("Lesson 9: Strategy")
    me.next()
    for card in ("K♣", "K♦", "A♣"):  # "Next" waits for each question's answer
        me.click(card)
        me.right()
        me.next()
    me.step(5, 8, "Play it out")
    me.click("Hint")  # a nudge: a question that names no card
    expect(voila_page.page.locator(".sp-feedback-hint")).to_contain_text("Must you win trick 3?")
    me.click("Hint")  # the idea: the step's own hint
    strategy = next(lesson for lesson in load_all() if lesson.id == "09_strategy")
    idea = next(step.hint for step in strategy.steps if step.title == "Play it out")
    expect(voila_page.page.locator(".sp-feedback-hint")).to_contain_text(idea.split(".")[0])
    me.shot("lesson09-play-hint")
    me.click("6♦")  # legal, but it loses the goal: the hand is played out
    me.wrong("You scored 1 point, not 3")
    page = voila_page.page
    expect(page.locator(".spar-banner")).to_contain_text("You won the last trick with J♥: 1 point",
                                                         timeout=TIMEOUT)
    expect(page.locator(".spar-side")).to_contain_text("won by Ama", timeout=TIMEOUT)
    expect(me.button("J♥")).to_have_count(0)
    me.shot("lesson09-play-wrong")
    me.click("Try again")  # back at the position, the feedback gone
    expect(me.button("6♦")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".spar-banner")).to_have_count(0)
    expect(page.locator(".sp-feedback-wrong")).to_have_count(0)
    me.shot("lesson09-play-try-again")
    for card in ("J♥", "10♠", "6♦"):
        me.click(card)
    me.right()
    me.shot("lesson09-play-won")
