"""The teacher's view: the class report, the Class page (only with the teacher's key or for
a JupyterHub admin), its CSV, ``spar-tutor class report`` and ``serve --database
--teacher-key``."""

import base64
import csv
import io
import re
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from spar_tutor import cli
from spar_tutor.server import serve
from spar_tutor.app.course import find_lesson
from spar_tutor.app.route import parse_query
from spar_tutor.app.shell import App
from spar_tutor.server import classroom
from spar_tutor.server.classroom import lesson_columns, question_label
from spar_tutor.lessons import ProgressStore, load_all
from spar_tutor.puzzles.progress import PuzzleProgress
from spar_tutor.store import Store
from spar_tutor.store.report import class_report, safe_cell, to_csv
from app_helpers import app_logging_undone  # noqa: F401 (an autouse fixture)

REPO = Path(__file__).resolve().parents[1]
KEY = "class-7b-key"
LESSONS = [l for l in load_all() if hasattr(l, "steps")]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_HOME", str(tmp_path))
    for name in ("SPAR_TUTOR_DATABASE_URL", "SPAR_TUTOR_TEACHER_KEY", "SPAR_TUTOR_HUB_ADMIN",
                 "JUPYTERHUB_USER"):
        # set, then removed: the value before is restored after the test, so what serve sets
        # (--database, --teacher-key) does not reach the next tests
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    return tmp_path


def two_learners(store=None):
    """Ama: lesson 1 finished (one wrong answer first), a puzzle solved cleanly. Kofi: two
    wrong answers to lesson 3 step 3, then right; a puzzle tried."""
    ama = ProgressStore("Ama", store)
    ama.answer("01_pack", 1, 9, "7S", False, True, finished=False)
    for step in range(9):
        ama.answer("01_pack", step, 9, "right", True, step != 1)
    kofi = ProgressStore("kofi", store)
    kofi.answer("03_follow", 2, 8, "AD", False, True, finished=False)
    kofi.answer("03_follow", 2, 8, "KC", False, False, finished=False)
    kofi.answer("03_follow", 2, 8, "9H", True, False)
    ProgressStore("KOFI", store).answer("01_pack", 0, 9, "x", True, True)
    puzzles = PuzzleProgress("Ama", store)
    puzzles.attempt("draw-the-queen", 700)
    puzzles.solve("draw-the-queen", clean=True, puzzle_rating=700)
    PuzzleProgress("Kofi", store).attempt("lead-the-six-home", 900)


def test_the_report_counts_what_each_learner_did(database_url):
    store = Store.open(database_url)
    two_learners(store)
    report = class_report(store)
    ama, kofi = report.learners
    assert (ama.name, kofi.name) == ("Ama", "kofi")
    assert ama.steps == {"01_pack": 9} and ama.finished == {"01_pack"} and ama.steps_done == 9
    assert (ama.first_tries, ama.right_first) == (9, 8)  # step 2 was wrong at the first try
    assert (ama.puzzles_tried, ama.puzzles_solved) == (1, 1) and ama.rating > 800
    assert kofi.steps == {"03_follow": 1, "01_pack": 1} and kofi.finished == set()
    assert kofi.first_try_share == 0.5 and kofi.rating is None
    assert set(kofi.last_answered) == {"03_follow", "01_pack"}
    assert all(when.utcoffset() == timedelta(0) for when in kofi.last_answered.values())
    assert kofi.last_answered["01_pack"] >= kofi.last_answered["03_follow"]
    assert kofi.now_on in kofi.steps and ama.now_on is None
    assert (kofi.puzzles_tried, kofi.puzzles_solved) == (1, 0)
    assert kofi.last_seen is not None and ama.last_seen is not None
    assert ama.right_steps == {"01_pack": set(range(9))}
    assert ama.right_first_steps == {"01_pack": set(range(9)) - {1}}
    assert kofi.right_steps == {"03_follow": {2}, "01_pack": {0}}
    assert kofi.right_first_steps == {"01_pack": {0}}
    assert ama.stars == {} == kofi.stars  # the store knows no lessons: classroom adds them
    assert [(m.lesson, m.step, m.wrong, m.learners, m.answers) for m in report.missed] == [
        ("03_follow", 2, 2, 1, 3), ("01_pack", 1, 1, 1, 2)]
    ProgressStore("Esi", store)  # opened the app, did nothing yet: listed, seen when she came
    esi = class_report(store).learners[1]
    assert esi.name == "Esi" and esi.steps_done == 0 and esi.last_seen is not None
    assert esi.steps == {}
    # a wrong answer begins a lesson: the teacher sees where she is, with no step done yet
    ProgressStore("Esi", store).answer("07_dry_wet", 0, 13, "8S", False, True, finished=False)
    esi = class_report(store).learners[1]
    assert esi.steps == {"07_dry_wet": 0} and esi.steps_done == 0


def report_of(*learners):
    from spar_tutor.store.report import ClassReport

    return ClassReport(list(learners), [])


def at(minute):
    return datetime(2026, 12, 2, 9, minute, tzinfo=timezone.utc)


def test_now_on_is_the_lesson_begun_and_answered_last():
    from spar_tutor.store.report import LearnerReport

    esi = LearnerReport("Esi", steps={"01_pack": 9, "07_dry_wet": 0, "03_follow": 2},
                        finished={"01_pack"},
                        last_answered={"01_pack": at(30), "07_dry_wet": at(10),
                                       "03_follow": at(20)})
    assert esi.now_on == "03_follow"  # lesson 1 was answered later, but it is finished
    assert LearnerReport("Yaw", steps={"01_pack": 9}, finished={"01_pack"}).now_on is None
    assert LearnerReport("Kojo").now_on is None


def test_the_learners_table_says_what_each_finished_and_where_each_is_now():
    from spar_tutor.app.pages.classroom import learners_table
    from spar_tutor.store.report import LearnerReport

    esi = LearnerReport("Esi", steps={"01_pack": 9, "07_dry_wet": 0, "03_follow": 2},
                        finished={"01_pack"}, stars={"01_pack": 2},
                        last_answered={"07_dry_wet": at(10), "03_follow": at(5)})
    html = learners_table(report_of(esi), LESSONS)
    assert "<th scope=\"col\">Lessons finished</th><th scope=\"col\">Now on</th>" in html
    assert '<th scope="col" title="How well they solve puzzles. Everyone starts at 800;' in html
    assert '1 <span class="spar-muted">(2 of 3 stars)</span>' in html
    title = LESSONS[6].title
    steps = len(LESSONS[6].steps)
    assert f'<td data-label="Now on">7. {title}: 0 of {steps} steps (and 1 more begun)</td>' in html


def test_the_teacher_orders_the_learners_with_those_who_may_need_help_first():
    from spar_tutor.app.pages.classroom import ORDERS, ordered, order_options
    from spar_tutor.store.report import LearnerReport

    ama = LearnerReport("Ama", steps={"01_pack": 9, "03_follow": 8},
                        finished={"01_pack", "03_follow"}, first_tries=10, right_first=9,
                        last_seen=at(50))
    kofi = LearnerReport("kofi", steps={"01_pack": 3}, first_tries=4, right_first=1,
                         last_seen=at(5))
    esi = LearnerReport("Esi", steps={"01_pack": 9}, finished={"01_pack"}, first_tries=9,
                        right_first=6, last_seen=at(30))
    report = report_of(ama, kofi, esi)
    names = {order: [r.name for r in ordered(report, order)] for order in ORDERS}
    assert names == {"name": ["Ama", "Esi", "kofi"], "finished": ["kofi", "Esi", "Ama"],
                     "first_try": ["kofi", "Esi", "Ama"],
                     "last_seen": ["kofi", "Esi", "Ama"]}
    assert [key for _label, key in order_options()] == list(ORDERS)


def test_the_teacher_shows_only_the_learners_seen_today_or_this_week():
    from spar_tutor.app.pages.classroom import SEEN, seen_options, seen_since
    from spar_tutor.store.report import LearnerReport

    now = datetime.now(timezone.utc)
    midnight = datetime.combine(now.astimezone().date(), datetime.min.time(),
                                tzinfo=now.astimezone().tzinfo)
    learners = [LearnerReport("Ama", last_seen=midnight),  # today, at its first moment
                LearnerReport("Kofi", last_seen=midnight - timedelta(seconds=1)),  # yesterday
                LearnerReport("Esi", last_seen=midnight - timedelta(days=6)),
                LearnerReport("Yaw", last_seen=midnight - timedelta(days=6, seconds=1)),
                LearnerReport("Kojo")]  # never seen (no date): only under "everyone"
    report = report_of(*learners)
    shown = {which: [r.name for r in seen_since(report, which, now).learners] for which in SEEN}
    assert shown == {"all": ["Ama", "Kofi", "Esi", "Yaw", "Kojo"], "today": ["Ama"],
                     "week": ["Ama", "Kofi", "Esi"]}
    assert [key for _label, key in seen_options()] == list(SEEN)


def test_the_lessons_grid_shows_stars_steps_and_who_finished_each_lesson():
    from spar_tutor.app.pages.classroom import lessons_grid
    from spar_tutor.store.report import LearnerReport

    ama = LearnerReport("Ama", steps={"01_pack": 9, "03_follow": 3}, finished={"01_pack"},
                        stars={"01_pack": 3})
    teacher = LearnerReport("Teacher", steps={"01_pack": 9}, finished={"01_pack"},
                            stars={"01_pack": 1})
    html = lessons_grid(report_of(ama, teacher), LESSONS, me="teacher")
    rows = re.findall(r"<tr.*?</tr>", html)
    assert len(rows) == 1 + 2 + 1  # heads, two learners, who finished
    cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[1])
    assert len(cells) == len(LESSONS) and "3 of 3 stars" in cells[0]
    steps = len(LESSONS[2].steps)
    assert cells[1] == "" and f">3/{steps}<" in cells[2] and cells[3:] == [""] * (len(LESSONS) - 3)
    assert "Teacher (you)" in rows[2]
    totals = re.findall(r"<td[^>]*>(.*?)</td>", rows[3])
    assert totals == ["1"] + ["0"] * (len(LESSONS) - 1)  # the teacher's own row is not counted
    assert lessons_grid(report_of(), LESSONS) == ""


def finish_lesson_1(name, store, wrong_first=()):
    """``name`` answers every step of lesson 1, the steps ``wrong_first`` wrong at first."""
    learner = ProgressStore(name, store)
    for step in wrong_first:
        learner.answer("01_pack", step, 9, "7S", False, True, finished=False)
    for step in range(9):
        learner.answer("01_pack", step, 9, "right", True, step not in wrong_first)


def test_the_stars_of_each_finished_lesson():
    store = Store.memory()
    two_learners(store)  # Ama: one of lesson 1's six questions wrong at the first try
    finish_lesson_1("Esi", store)
    finish_lesson_1("Yaw", store, wrong_first=[1, 2, 4])
    # 3 of 6 right at the first try is 1 star; one more on the next time through: 2
    ProgressStore("Yaw", store).answer("01_pack", 1, 9, "right", True, True)
    finish_lesson_1("Efua", store, wrong_first=[1, 2, 4, 5])
    stars = {r.name: r.stars for r in classroom.class_report(store, LESSONS).learners}
    assert stars == {"Ama": {"01_pack": 2}, "Efua": {"01_pack": 1}, "Esi": {"01_pack": 3},
                     "kofi": {}, "Yaw": {"01_pack": 2}}
    ProgressStore("Kojo", store).answer("01_pack", 1, 9, "right", True, True)  # begun only
    kojo = next(r for r in classroom.class_report(store, LESSONS).learners if r.name == "Kojo")
    assert kojo.stars == {} and kojo.right_first_steps == {"01_pack": {1}}


def test_the_csv_has_a_row_per_learner_and_two_columns_per_lesson():
    store = Store.memory()
    two_learners(store)
    report = classroom.class_report(store, LESSONS)
    rows = list(csv.reader(io.StringIO(to_csv(report, lesson_columns(LESSONS)))))
    assert rows[0][:9] == ["Learner", "Last seen", "Lessons finished", "Now on", "Steps done",
                           "Right first time", "Puzzles tried", "Puzzles solved",
                           "Puzzle rating"]
    n = len(LESSONS)
    assert rows[0][9] == f"Lesson 1: {LESSONS[0].title}" and len(rows[0]) == 9 + 2 * n
    assert rows[0][9 + n] == f"Lesson 1: {LESSONS[0].title} (stars)"
    assert rows[1][0] == "Ama" and rows[1][2:6] == ["1", "", "9", "89%"] and rows[1][9] == "9"
    assert rows[1][9 + n:] == ["2"] + [""] * (n - 1)  # lesson 1 finished with 2 stars
    assert rows[2][0] == "kofi" and rows[2][5:9] == ["50%", "1", "0", ""]
    assert rows[2][3] in (f"Lesson 1: {LESSONS[0].title}", f"Lesson 3: {LESSONS[2].title}")
    assert rows[2][9:12] == ["1", "0", "1"] and rows[2][9 + n:] == [""] * n  # none finished
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", rows[1][1])


FORMULAS = ['=HYPERLINK("http://x.example/","Click")', "-A1-A2", "+1+1", "@SUM(A1:A2)",
            "\tTab", "\rReturn"]


def test_no_csv_cell_starts_like_a_formula():
    store = Store.memory()
    for name in FORMULAS:
        ProgressStore(name, store).answer("01_pack", 0, 9, "right", True, True)
    rows = list(csv.reader(io.StringIO(to_csv(classroom.class_report(store, LESSONS),
                                                lesson_columns(LESSONS)))))
    names = sorted(row[0] for row in rows[1:])
    stored = [" ".join(name.split()) for name in FORMULAS]  # a name's spaces are collapsed
    assert names == sorted("'" + n if n[0] in "=+-@" else n for n in stored), names
    assert safe_cell("\tTab") == "'\tTab" and safe_cell("\rReturn") == "'\rReturn"
    assert safe_cell("Ama") == "Ama" and safe_cell(-1) == -1
    for row in rows:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row), row
    assert rows[1][4] == "1"  # numbers stay numbers


def test_question_labels_name_the_lesson_and_the_step():
    assert question_label(LESSONS, "03_follow", 2).startswith("Lesson 3, step 3")
    asked = next((l, i) for l in LESSONS for i, step in enumerate(l.steps)
                 if step.title.endswith("?"))  # "In or out?": no "?:" after it
    label = question_label(LESSONS, asked[0].id, asked[1])
    assert label.endswith(f" ({asked[0].steps[asked[1]].title})") and "?:" not in label
    assert question_label(LESSONS, "gone", 0) == "gone, step 1"


# -- who may open the Class page ----------------------------------------------------------


@pytest.mark.parametrize("query", ["page=class", "page=class&key=", "page=class&key=class-7b-keY",
                                   "page=class&key=class-7b-ke", "page=class&key=CLASS-7B-KEY",
                                   "page=class&learner=teacher"])
def test_learners_cannot_open_the_class_page(home, monkeypatch, query):
    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", KEY)
    two_learners()
    app = App()
    app.follow(parse_query(query))
    assert app.current == "home" and "class" not in app.pages and not app.teacher
    assert "for teachers only" in app.notice.value and "class" not in app.nav
    app.go("class")  # nor by asking the app directly
    assert app.current == "home" and "class" not in app.pages


def test_no_key_set_means_no_class_page(home):
    for key in ("", "short"):  # unset, or too short to be safe
        app = App(env={"SPAR_TUTOR_TEACHER_KEY": key})
        app.follow(parse_query(f"page=class&key={key}"))
        assert app.current == "home" and not app.teacher


def test_the_teachers_key_opens_the_class_page(home, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", KEY)
    two_learners()
    app = App()
    route = parse_query(f"page=class&key={KEY}")
    assert KEY not in repr(route) and "key" not in route.query()
    app.follow(route)
    page = app.pages["class"]
    assert app.current == "class" and app.teacher and "class" in app.nav
    assert "2 learners have used the tutor." in page.summary.value
    assert "<th scope=\"row\">Ama</th>" in page.table.value and "kofi" in page.table.value
    lesson_1, lesson_3 = find_lesson("1"), find_lesson("3")
    assert '1 <span class="spar-muted">(2 of 3 stars)</span>' in page.table.value  # Ama
    # kofi answered lesson 3, then lesson 1: he is on lesson 1 now
    kofi_row = page.table.value.split("kofi", 1)[1]
    assert (f"1. {lesson_1.title}: 1 of {len(lesson_1.steps)} steps (and 1 more begun)"
            in kofi_row)
    assert "aria-label='2 of 3 stars'" in page.grid.value  # Ama's lesson 1, in the grid
    assert page.grid.value.count("sp-stars") == 1  # kofi finished nothing
    assert f">1/{len(lesson_3.steps)}<" in page.grid.value  # kofi's lesson 3
    assert page.order.value == "name" and page.table.value.index("Ama") < kofi_row_at(page)
    page.order.value = "finished"  # fewest lessons finished first: kofi, then Ama
    assert kofi_row_at(page) < page.table.value.index(">Ama<")
    assert page.grid.value.index(">kofi<") < page.grid.value.index(">Ama<")
    # both were here today (the page's clock is set to the last visit: no midnight between)
    from spar_tutor.app.pages import classroom as class_page
    last = max(r.last_seen for r in page.report.learners)
    monkeypatch.setattr(class_page, "utcnow", lambda: last)
    page.seen.value = "today"
    assert ">Ama<" in page.table.value and ">kofi<" in page.grid.value
    page.report = replace(page.report, learners=[
        replace(r, last_seen=r.last_seen - timedelta(days=2)) for r in page.report.learners])
    page.draw_tables()
    assert "Nobody was seen today." in page.table.value and page.grid.value == ""
    page.seen.value = "week"
    assert ">Ama<" in page.table.value and ">kofi<" in page.grid.value
    assert '<img src="data:image/png;base64,' in page.chart.value
    assert "Lesson 3, step 3" in page.chart.value
    link = re.search(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                     page.download.value)
    assert link and link.group(1).endswith(".csv")
    shown = base64.b64decode(link.group(2)).decode("utf-8")
    store = Store.open(f"sqlite:///{home / 'spar-tutor.sqlite'}")
    assert shown == to_csv(classroom.class_report(store, LESSONS), lesson_columns(LESSONS))
    app.go("home")
    ProgressStore("Esi").answer("01_pack", 0, 9, "x", True, True)
    app.go("class")  # back on the page: read again
    assert "3 learners" in page.summary.value and "Esi" in page.table.value


def kofi_row_at(page):
    return page.table.value.index(">kofi<")


def test_a_jupyterhub_admin_has_the_class_page(home):
    two_learners()
    admin = App(env={"JUPYTERHUB_USER": "mrs-owusu", "SPAR_TUTOR_HUB_ADMIN": "1"})
    assert admin.teacher and "class" in admin.nav
    admin.follow(parse_query("page=class"))
    assert admin.current == "class"
    learner = App(env={"JUPYTERHUB_USER": "ama", "SPAR_TUTOR_HUB_ADMIN": ""})
    learner.follow(parse_query("page=class"))
    assert learner.current == "home" and not learner.teacher


def test_the_teachers_own_row_is_marked_and_not_counted(home):
    """A JupyterHub admin who tried a lesson is in the table as "(you)", not in the count."""
    two_learners()
    admin = App(env={"JUPYTERHUB_USER": "mrs-owusu", "SPAR_TUTOR_HUB_ADMIN": "1"})
    ProgressStore(admin.learner.name).answer("01_pack", 0, 9, "x", True, True)
    admin.follow(parse_query("page=class"))
    page = admin.pages["class"]
    assert ("2 learners have used the tutor. Your own row, marked (you), is not counted."
            in page.summary.value)
    assert '<th scope="row">Mrs-Owusu (you)</th>' in page.table.value
    assert '<th scope="row">Ama</th>' in page.table.value


def test_an_empty_class(home, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", KEY)
    app = App()
    app.follow(parse_query(f"page=class&key={KEY}"))
    page = app.pages["class"]
    assert "0 learners" in page.summary.value and "Nobody has answered" in page.table.value
    assert "No question has been missed yet" in page.chart.value


# -- the command line ---------------------------------------------------------------------


def run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "spar_tutor", *args], capture_output=True,
                          text=True, cwd=REPO, timeout=120, env=env)


def test_class_report_on_the_command_line_is_the_class_pages(home):
    url = f"sqlite:///{home / 'class.sqlite'}"
    store = Store.open(url)
    two_learners(store)
    out = run("class", "report", "--csv", "--database", url)
    assert out.returncode == 0, out.stderr
    assert out.stdout == to_csv(classroom.class_report(store, LESSONS), lesson_columns(LESSONS))
    assert out.stdout.splitlines()[1].endswith(",2" + "," * (len(LESSONS) - 1))  # Ama's stars
    text = run("class", "report", "--database", url)
    assert text.returncode == 0, text.stderr
    assert "2 learners" in text.stdout
    assert "Ama: 1 lessons finished, now on -, 9 steps" in text.stdout
    assert re.search(r"kofi: 0 lessons finished, now on Lesson [13]: .+, 2 steps", text.stdout)
    assert "Lesson 3, step 3" in text.stdout
    assert "2 of 3 answers were wrong. Missed by 1 learner." in text.stdout
    for url, words in (("nowhere://x", "cannot use nowhere://x"),
                       ("just words", "not a database address")):
        bad = run("class", "report", "--database", url)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr


def test_a_learner_and_all_their_progress_can_be_removed(database_url):
    from sqlalchemy import func, select

    from spar_tutor.learning.review import Reviews
    from spar_tutor.store.schema import Base, Learner

    store = Store.open(database_url)
    two_learners(store)
    ProgressStore("Kofi", store).choose_language("fr")
    Reviews("Kofi", store).answered("lesson:03_follow:2", right=False, first_try=True)
    kofi = store.learner_id("kofi")

    def rows(learner):
        with store.read() as session:
            return {t.name: session.scalar(select(func.count()).select_from(t)
                                           .where(t.c.learner_id == learner))
                    for t in Base.metadata.sorted_tables if "learner_id" in t.c}

    assert sum(rows(kofi).values()) >= 6
    ama = rows(store.learner_id("Ama"))
    assert store.remove_learner("  KOFI ") is True  # any case and spacing
    assert sum(rows(kofi).values()) == 0
    with store.read() as session:
        assert session.get(Learner, kofi) is None
    assert rows(store.learner_id("Ama")) == ama  # the others keep everything
    report = class_report(store)
    assert [r.name for r in report.learners] == ["Ama"]
    assert [m.lesson for m in report.missed] == ["01_pack"]  # kofi's misses went with him
    assert store.remove_learner("Kofi") is False


def test_a_learner_removed_while_learning_starts_afresh():
    store = Store.memory()
    esi = ProgressStore("Esi", store)
    esi.answer("01_pack", 0, 9, "x", True, True)
    assert store.remove_learner("Esi")
    esi.answer("01_pack", 1, 9, "x", True, True)  # her page is still open: added again
    assert not esi.unsaved
    (again,) = class_report(store).learners
    assert again.name == "Esi" and again.steps == {"01_pack": 1}


def test_the_teacher_removes_a_learner_after_saying_yes(home, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", KEY)
    two_learners()
    app = App()
    app.follow(parse_query(f"page=class&key={KEY}"))
    remover = app.pages["class"].remover
    assert list(remover.names.options) == ["Ama", "kofi"]
    assert remover.names.value == "Ama"  # the name the menu shows is the one removed
    assert remover.answer.layout.display == "none"
    remover.names.value = "kofi"
    remover.ask.click()
    assert "Remove kofi and all of kofi&#x27;s progress? This cannot be undone." in \
        remover.question.value
    assert remover.answer.layout.display == "" and remover.yes.description == "Yes, remove kofi"
    assert remover.no.description == "No, keep kofi"
    remover.no.click()  # kept
    assert remover.question.value == "" and remover.answer.layout.display == "none"
    assert ">kofi<" in app.pages["class"].table.value
    remover.ask.click()
    remover.yes.click()
    assert "kofi was removed." in remover.status.value
    assert ">kofi<" not in app.pages["class"].table.value
    assert list(remover.names.options) == ["Ama"]
    assert "1 learner has used the tutor." in app.pages["class"].summary.value


def test_the_teacher_looks_at_one_learner(home, monkeypatch):
    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", KEY)
    two_learners()  # kofi: lesson 3 step 3 wrong twice, then right
    ProgressStore("kofi").answer("03_follow", 4, 8, "7S", False, True, finished=False)
    app = App()
    app.follow(parse_query(f"page=class&key={KEY}"))
    one = app.pages["class"].one
    assert list(one.names.options) == ["Ama", "kofi"] and one.names.value == "Ama"
    assert "Lesson 1, step 2 (Count the pack): 1 wrong answer, then right." in one.detail.value
    assert "finished, 2 of 3 stars" in one.detail.value  # the badges
    assert "Puzzles solved: 1. Puzzle rating:" in one.detail.value
    one.names.value = "kofi"
    lesson_3 = find_lesson("3")
    assert (f"Lesson 3, step 3 ({lesson_3.steps[2].title}): 2 wrong answers, then right."
            in one.detail.value)
    assert (f"Lesson 3, step 5 ({lesson_3.steps[4].title}): 1 wrong answer, not right yet."
            in one.detail.value)
    assert "Puzzles solved: 0." in one.detail.value and "rating" not in one.detail.value
    assert "No missed question or puzzle is due for review today." in one.detail.value
    assert "Your lessons" not in one.detail.value and "<p class=\"spar-path-heading\">Lessons<" in one.detail.value
    app.pages["class"].redraw()  # the choice stays across a refresh
    assert one.names.value == "kofi"
    ProgressStore("Esi").answer("01_pack", 0, 9, None, True, None)  # a page read only
    app.pages["class"].redraw()
    one.names.value = "Esi"
    assert "No question missed." in one.detail.value


def test_class_remove_on_the_command_line(home):
    url = f"sqlite:///{home / 'class.sqlite'}"
    two_learners(Store.open(url))
    out = run("class", "remove", "KOFI", "--database", url)
    assert out.returncode == 0 and "KOFI was removed." in out.stdout, out.stderr
    assert [r.name for r in class_report(Store.open(url)).learners] == ["Ama"]
    again = run("class", "remove", "kofi", "--database", url)
    assert again.returncode == 2 and "no learner called 'kofi'" in again.stderr
    assert "Traceback" not in again.stderr


def test_serve_takes_the_database_and_the_teachers_key(home, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(serve, "serve", lambda **kw: calls.append(kw) or 0)
    url = f"sqlite:///{home / 'school.sqlite'}"
    assert cli.main(["serve", "--database", url, "--teacher-key", KEY, "--port", "9300"]) == 0
    out = capsys.readouterr().out
    assert f"Progress is kept in {url}" in out
    assert f"Class page (for the teacher only): http://127.0.0.1:9300/?page=class&key={KEY}" in out
    # (the key has no sign that a link would change: it is printed as it is)
    assert serve.voila_env()["SPAR_TUTOR_DATABASE_URL"] == url  # for the app's kernels
    assert serve.voila_env()["SPAR_TUTOR_TEACHER_KEY"] == KEY
    assert (home / "school.sqlite").exists() and len(calls) == 1


def test_a_short_teachers_key_is_refused(home, monkeypatch, capsys):
    monkeypatch.setattr(serve, "serve", lambda **kw: 0)
    assert cli.main(["serve", "--teacher-key", "1234"]) == 2
    assert "needs 8 to 1000 characters" in capsys.readouterr().err


#: Keys a teacher may choose: signs that mean something in a link, and a long one.
ODD_KEYS = ["our+class+key", "a&b=c#d?e f%20g", "+&#" + "k" * 244 + "+&#"]
assert len(ODD_KEYS[2]) == 250


def printed_link(capsys) -> str:
    out = capsys.readouterr().out
    [line] = [line for line in out.splitlines() if line.startswith("Class page")]
    return line.split(": ", 1)[1]


@pytest.mark.parametrize("key", ODD_KEYS)
def test_the_printed_teachers_link_opens_the_class_page_whatever_the_key(home, monkeypatch,
                                                                          capsys, key):
    monkeypatch.setattr(serve, "serve", lambda **kw: 0)
    assert cli.main(["serve", "--teacher-key", key, "--port", "9301"]) == 0
    link = printed_link(capsys)
    assert link.startswith("http://127.0.0.1:9301/?page=class&key=") and "#" not in link
    app = App(env={"SPAR_TUTOR_TEACHER_KEY": key})
    app.follow(parse_query(link.split("?", 1)[1]))  # what the page's address holds
    assert app.current == "class" and app.teacher
    wrong = App(env={"SPAR_TUTOR_TEACHER_KEY": key})
    wrong.follow(parse_query(link.split("?", 1)[1][:-1]))
    assert wrong.current == "home" and not wrong.teacher


def test_the_teachers_key_from_a_file_or_the_environment_is_not_on_the_command_line(
        home, monkeypatch, capsys):
    monkeypatch.setattr(serve, "serve", lambda **kw: 0)
    key_file = home / "key.txt"
    key_file.write_text(ODD_KEYS[2] + "\n")
    assert cli.main(["serve", "--teacher-key-file", str(key_file)]) == 0
    assert serve.voila_env()["SPAR_TUTOR_TEACHER_KEY"] == ODD_KEYS[2]
    assert parse_query(printed_link(capsys).split("?", 1)[1]).key == ODD_KEYS[2]
    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", "from-the-environment")
    assert cli.main(["serve"]) == 0
    assert printed_link(capsys).endswith("key=from-the-environment")
    url = f"sqlite:///{home / 'from-env.sqlite'}"
    monkeypatch.setenv("SPAR_TUTOR_DATABASE_URL", url)
    assert cli.main(["serve"]) == 0
    assert f"Progress is kept in {url}" in capsys.readouterr().out


@pytest.mark.parametrize("content, said", [(None, "cannot read the key"),
                                           ("short\n", "needs 8 to 1000 characters"),
                                           (" spaced-key \n", "without spaces around them"),
                                           ("k" * 1001, "needs 8 to 1000 characters")])
def test_a_bad_teachers_key_file_is_one_line(home, monkeypatch, capsys, content, said):
    monkeypatch.setattr(serve, "serve", lambda **kw: 0)
    key_file = home / "key.txt"
    if content is not None:
        key_file.write_text(content)
    assert cli.main(["serve", "--teacher-key-file", str(key_file)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err \
        and f"--teacher-key-file {key_file}" in err, err


def test_serve_goes_on_when_the_database_cannot_be_opened(home, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(serve, "serve", lambda **kw: calls.append(kw) or 0)
    assert cli.main(["serve", "--database", "postgresql+psycopg://spar@127.0.0.1:1/spar"]) == 0
    assert "progress will NOT be saved" in capsys.readouterr().err and calls


def test_serve_keeps_a_damaged_file_and_saves_beside_it(home, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(serve, "serve", lambda **kw: calls.append(kw) or 0)
    damaged = b"not a database at all" * 100
    (home / "bad.sqlite").write_bytes(damaged)
    assert cli.main(["serve", "--database", f"sqlite:///{home / 'bad.sqlite'}"]) == 0
    out, err = capsys.readouterr()
    warning = [line for line in err.splitlines() if "warning" in line]
    assert len(warning) == 1 and "bad.sqlite is damaged" in warning[0] \
        and "progress is saved in" in warning[0] and "bad-2.sqlite" in warning[0], err
    assert "Progress is kept in sqlite:///" in out and "bad-2.sqlite" in out and calls
    assert (home / "bad.sqlite").read_bytes() == damaged
    assert (home / "bad.sqlite.moved").read_text().splitlines()[0] == "bad-2.sqlite"


def test_an_old_last_seen_is_shown_in_the_servers_time(home):
    store = Store.memory()
    ProgressStore("Ama", store).visit("01_pack", 0)
    seen = class_report(store).learners[0].last_seen
    assert seen is not None and seen.utcoffset() == timedelta(0)


def test_the_class_page_in_french(home, monkeypatch):
    from spar_tutor import i18n

    monkeypatch.setenv("SPAR_TUTOR_TEACHER_KEY", KEY)
    two_learners()
    app = App()
    try:
        app.set_language("fr")
        app.follow(parse_query(f"page=class&key={KEY}"))
        page = app.pages["class"]
        shown = " ".join([page.summary.value, page.table.value, page.grid.value,
                          page.one.detail.value])
        for french in ("Leçons finies", "En cours", "étoiles\u00a0: 2 sur 3", "Finie par",
                       "Questions manquées", "Énigmes résolues"):
            assert french in shown, french
        words = re.sub(r"<[^>]+>", " ", shown) + " ".join(  # the text, and what is read out
            re.findall(r"aria-label=['\"]([^'\"]*)", shown))
        for english in ("Lessons finished", "Now on", "Finished by", "stars", "Questions missed",
                        "Puzzles solved", "steps", "Lesson "):
            assert english not in words, english
        assert [label for label, _key in page.order.options][0] == "Nom"
        assert page.remover.ask.description == "Retirer\u2026"
    finally:
        i18n.set_language("en")
        from spar_tutor.app import course

        course.all_lessons.cache_clear()  # the lessons' words were French: the next tests' English


def test_the_questions_missed_by_the_most_learners_come_first():
    store = Store.memory()
    two_learners(store)  # lesson 3 step 3: 2 wrong answers by kofi; lesson 1 step 2: 1 by Ama
    ProgressStore("Esi", store).answer("01_pack", 1, 9, "52", False, True, finished=False)
    ProgressStore("kofi", store).answer("03_follow", 2, 8, "QC", False, False, finished=False)
    missed = class_report(store).missed  # 2 learners before 3 wrong answers by one
    assert [(m.lesson, m.step, m.learners, m.wrong) for m in missed] == [
        ("01_pack", 1, 2, 2), ("03_follow", 2, 1, 3)]


def test_class_report_on_a_database_it_cannot_open_says_so_in_one_line():
    out = run("class", "report", "--database", "postgresql+psycopg://spar@127.0.0.1:1/spar")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert out.stderr.startswith("spar-tutor: error: cannot open the progress database") \
        and "Background on this error" not in out.stderr
