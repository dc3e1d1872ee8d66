"""Lessons a 14-year-old reading English as a second language can follow: short
sentences on average, and feedback of its own for every wrong answer of a question."""

import re

import pytest

from spar_tutor.lessons import load_all
from spar_tutor.lessons.kinds import make_run

LESSONS = load_all()
IDS = [lesson.id for lesson in LESSONS]
#: The longest average sentence a lesson may have, in words (issue 13).
MOST_WORDS = 14


def sentences(text):
    """The sentences of a lesson text: Markdown marks dropped, each line of a list or a
    table its own piece, then split after ``.``, ``!`` or ``?``."""
    out = []
    for line in re.split(r"\n\s*(?=[*|\d-])|\n\s*\n", text):
        line = re.sub(r"[*|#`]|---", " ", line)
        for piece in re.split(r"(?<=[.!?])\s+", line):
            words = re.findall(r"[\w'’-]*\w", piece)
            if words:
                out.append(words)
    return out


def lesson_sentences(lesson):
    for step in lesson.steps:
        for text in (step.text, step.prompt, step.hint, step.right, *step.wrong.values()):
            yield from sentences(text)


def test_sentences_are_split_where_a_reader_stops():
    assert [len(s) for s in sentences("Yes: 2 points. A 7 wins!\n* one idea\n* two words")] == \
        [3, 3, 2, 2]
    assert [len(s) for s in sentences("| a | 1 |\n|---|---|\n| Ama | 7 |")] == [2, 2]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_average_sentence_is_short(lesson):
    lengths = [len(s) for s in lesson_sentences(lesson)]
    average = sum(lengths) / len(lengths)
    assert average <= MOST_WORDS, f"{lesson.id}: {average:.1f} words a sentence"


def wrong_choices(step):
    """What a learner can click wrongly in a question, as the keys of ``wrong``: each
    option but the answer, and for a card question each legal card that is not asked for."""
    if step.kind in ("choice", "points", "odds", "money") or step.extra.get("goal") == "wise":
        return {str(o) for o in step.options} - {str(step.answer)}
    if step.kind == "decide":  # the other choices at the first decision, and the cards
        first = step.answer[0]
        if first in ("match", "decline"):
            return {"match", "decline"} - {first}
        state = step.state()
        return ({str(m) for m in state.legal_moves()} | {str(c) for c in state.hand(step.seat)}
                if state.phase == "play" else {str(m) for m in state.legal_moves()}) - {first}
    if step.kind == "pick_card" and step.extra.get("goal") in ("best", "card", "win", "stop"):
        answer = {step.answer} if isinstance(step.answer, str) else set(step.answer)
        return {str(c) for c in step.state().legal_cards()} - answer
    return set()


def trick_feedback(step):
    """A trick question's feedback for each wrong seat (the run names the card played)."""
    if step.kind != "trick":
        return {}
    trick = step.state().tricks[-1]
    return {seat: (card, make_run(step).answer(seat).text)
            for seat, card in ((s, trick.cards[(s - trick.leader) % len(trick.cards)])
                               for s in range(len(trick.cards))) if seat != step.answer}


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_wrong_answer_has_its_own_feedback(lesson):
    missing = [(n, key) for n, step in enumerate(lesson.steps, start=1)
               for key in sorted(wrong_choices(step)) if key not in step.wrong]
    assert missing == [], f"{lesson.id}: (step, answer) without feedback"
    for n, step in enumerate(lesson.steps, start=1):
        said = trick_feedback(step)
        for seat, (card, text) in said.items():
            named = str(card) in text or card.symbol_text in text
            assert str(seat) in step.wrong or named, (lesson.id, n, seat, text)
        assert len({text for _, text in said.values()}) == len(said), (lesson.id, n)
