"""A learner who has the name of a lesson's or a puzzle's player meets that player under
another name, in every seat, sentence and answer (spar_tutor.learning.cast)."""

import re

import pytest

from spar_tutor.i18n import set_language
from spar_tutor.learning.cast import CAST, STAND_INS, recaster, stand_ins
from spar_tutor.lessons import LessonRun, ProgressStore, load_all
from spar_tutor.lessons.model import DEFAULT_NAMES, Lesson
from spar_tutor.puzzles.model import PLAYER_NAMES
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.puzzles.widget import PuzzlePlayer
from spar_tutor.session.game import BOT_NAMES
from spar_tutor.store import Store

VOWELS = "AEIOU"


def _words(step):
    yield from (step.title, step.text, step.prompt, step.hint, step.right)
    yield from step.wrong.values()
    yield from (o for o in step.options if isinstance(o, str))
    yield from step.names


@pytest.fixture
def store():
    return Store.memory()


@pytest.fixture(scope="module")
def lessons():
    return [l for l in load_all() if isinstance(l, Lesson)]


def test_stand_ins_by_name_case_and_accent():
    assert stand_ins("Kofi") == {"Kofi": "Kwaku"}
    assert stand_ins("  kofi  mensah ") == {"Kofi": "Kwaku"}
    assert stand_ins("KOFÍ") == {"Kofi": "Kwaku"}
    assert stand_ins("Ama-Kofi") == {"Ama": "Akua", "Kofi": "Kwaku"}
    assert stand_ins("Kwaku Kofi") == {"Kofi": "Kojo"}  # never the learner's own name
    assert stand_ins("Kofia") == stand_ins("Abena") == stand_ins("") == stand_ins(None) == {}


def test_recaster_renames_whole_words_only():
    rename = recaster("Ama")
    assert rename("Ama leads; Amaka watches; d'Ama, Ama's 6♠.") == \
        "Akua leads; Amaka watches; d'Akua, Akua's 6♠."
    assert recaster("Yaw")("Ama leads.") == "Ama leads."


def test_every_player_named_anywhere_is_in_the_cast(lessons):
    named = set(DEFAULT_NAMES) | set(PLAYER_NAMES) | set(BOT_NAMES)
    for lesson in lessons:
        for step in lesson.steps:
            named |= set(step.names)
    named -= {"You"}
    assert named <= set(CAST), named - set(CAST)


def test_a_stand_in_keeps_the_kind_of_name():
    """He stays he, she stays she; a vowel first stays a vowel first (French d'Ama)."""
    for kind, names in STAND_INS.items():
        assert not set(names) & set(CAST)
        cast = [n for n, k in CAST.items() if k == kind]
        assert {n[0] in VOWELS for n in cast} == {s[0] in VOWELS for s in names}, kind


@pytest.mark.parametrize("learner", ["Kofi", "ama"])
def test_a_lesson_never_names_the_learner_as_another_player(lessons, store, learner):
    other = stand_ins(learner)
    (name, stand_in), = other.items()
    seen = 0
    for lesson in lessons:
        run = LessonRun(lesson, ProgressStore(learner, store))
        for before, after in zip(lesson.steps, run.lesson.steps):
            for words in _words(after):
                assert not re.search(rf"\b{name}\b", words), (lesson.id, words)
            seen += sum(len(re.findall(rf"\b{name}\b", w)) for w in _words(before))
            if after.position is not None:
                table = after.names_of(after.state().players)
                assert name not in table
    assert seen > 20  # the lessons do name that player, and the run renamed every one
    assert any(name in " ".join(_words(step)) for l in lessons for step in l.steps)  # kept


def test_a_lesson_run_for_another_learner_is_the_lesson_itself(lessons, store):
    lesson = lessons[6]
    assert LessonRun(lesson, ProgressStore("Abena", store)).lesson is lesson
    assert LessonRun(lesson).lesson is lesson


def test_the_renamed_player_in_the_solvers_feedback(lessons, store):
    """The sentences the engine and solver make name the seats from the step's names."""
    from spar_tutor.engine.cards import Card

    lesson = next(l for l in lessons if l.id == "13_defence")
    run = LessonRun(lesson, ProgressStore("Ama", store))
    run.goto(1)  # "Keep a guard": Ama leads, the learner throws the wrong card
    feedback = run.answer(Card.parse("9D"))
    assert not feedback.correct
    assert "Akua won the last trick with 6♦" in feedback.text
    assert not re.search(r"\bAma\b", feedback.text)


def test_puzzles_for_a_learner_called_kofi(store):
    player = PuzzlePlayer(progress=PuzzleProgress("Kofi", store))
    titles = [p.title for p in player.collection.puzzles]
    assert "Kwaku's spades" in titles and "Kofi's spades" not in titles
    for puzzle in player.collection.puzzles:
        for words in (puzzle.title, puzzle.goal, puzzle.hint, puzzle.explanation):
            assert not re.search(r"\bKofi\b", words), (puzzle.id, words)
        assert "Kofi" not in puzzle.names.names
    puzzle = player.collection.find("draw-the-queen")
    assert puzzle.names.names[1] == "Kwaku"
    menu = " ".join(str(label) for label, _ in player.picker.options)
    assert "Kwaku" in menu and "Kofi" not in menu


def test_french_lessons_keep_their_elision(store):
    """"d'Ama" becomes "d'Akua": a girl's stand-in starts with a vowel too."""
    set_language("fr")
    try:
        french = [l for l in load_all() if isinstance(l, Lesson)]
        before = " ".join(w for l in french for step in l.steps for w in _words(step))
        after = " ".join(w for l in french
                         for step in LessonRun(l, ProgressStore("Ama Kofi", store)).lesson.steps
                         for w in _words(step))
        assert "d'Ama" in before and "de Kofi" in before
        assert after.count("d'Akua") == before.count("d'Ama")
        assert after.count("de Kwaku") == before.count("de Kofi")
        assert not re.search(r"\b(Kofi|Ama)\b", after)
    finally:
        set_language("en")
