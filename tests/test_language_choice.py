"""The learner's choice of language is kept in the progress database: the latest
choice wins, whichever tab or device made it."""

from datetime import timedelta

from spar_tutor.lessons import ProgressStore
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.store import Store
from spar_tutor.store import records
from spar_tutor.store.schema import utcnow


def test_a_learner_has_no_language_until_they_choose_one():
    store = Store.memory()
    assert ProgressStore("Ama", store).language is None


def test_the_latest_choice_is_the_language_of_every_tab():
    store = Store.memory()
    first_tab, second_tab = ProgressStore("Ama", store), PuzzleProgress("ama", store)
    first_tab.choose_language("fr")
    assert second_tab.language == "fr"  # the same learner, whatever the case of the name
    second_tab.choose_language("en")
    assert first_tab.language == "en"
    assert ProgressStore("Kofi", store).language is None  # one learner's choice only


def test_the_choice_made_last_wins_not_the_row_added_last():
    store = Store.memory()
    learner = store.learner_id("Yaw")
    now = utcnow()
    with store.write() as session:
        records.add_language_choice(session, learner, "fr", at=now)
        records.add_language_choice(session, learner, "en", at=now - timedelta(minutes=5))
    with store.read() as session:
        assert records.chosen_language(session, learner) == "fr"
