"""Write the lesson notebooks and the explore notebooks into notebooks/.

    python scripts/make_lesson_notebooks.py            # all of them
    python scripts/make_lesson_notebooks.py lessons    # only the lesson notebooks and the menu

Lesson notebooks are a short introduction and the lesson player; their text
comes from the lesson files. Run this again after adding a lesson, then store
the explore notebooks' outputs (nbval compares the checked cells):

    jupyter nbconvert --to notebook --execute --inplace notebooks/explore_*.ipynb
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spar_tutor.lessons import Lesson, load_all  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT\n"
SETUP = ("import matplotlib\nmatplotlib.use('module://matplotlib_inline.backend_inline')\n"
         "import matplotlib.pyplot as plt\nfrom spar_tutor import explore\n")


def write(name: str, cells: list) -> None:
    for i, cell in enumerate(cells):
        cell["id"] = f"{Path(name).stem[:40]}-{i}"  # stable ids: no diff when nothing changed
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}})
    path = NOTEBOOKS / name
    nbformat.write(nb, path)
    print("wrote", path.relative_to(ROOT))


def lesson_notebook(lesson: Lesson) -> None:
    stem = lesson.id.split("_", 1)[1]
    intro = (f"# Spar, lesson {lesson.number}: {lesson.title}\n\n{lesson.summary}\n\n"
             f"About {lesson.minutes} minutes, {len(lesson.steps)} steps. Run the cell below "
             "and the lesson appears: answer each question by clicking, use **Hint** whenever "
             "you like, and **Next** to go on. Your progress is kept under your name, so you "
             "can stop and come back later.")
    code = f'from spar_tutor.lessons.widget import lesson_widget\n\nlesson_widget("{lesson.id}")'
    write(f"lesson_{lesson.number:02d}_{stem}.ipynb", [new_markdown_cell(intro), new_code_cell(code)])


def menu_notebook(lessons: List[Lesson]) -> None:
    """The menu notebook: every lesson with its steps and minutes (kept in step with the
    lesson files by tests/test_lesson_docs.py)."""
    first, last = lessons[0].title, lessons[-1].title
    rows = "".join(f"| {lesson.number} | {lesson.title} | {len(lesson.steps)} | "
                   f"{lesson.minutes} |\n" for lesson in lessons)
    write("lessons.ipynb", [
        new_markdown_cell(f"# Spar lessons\n\n{len(lessons)} short lessons, from "
                          f"{first[:1].lower() + first[1:]} to {last}. Type your name, then "
                          "choose a lesson; done lessons are ticked, and **Continue** takes you "
                          "back to where you stopped.\n\n| lesson | title | steps | minutes |\n"
                          f"|---|---|---|---|\n{rows}"),
        new_code_cell("from spar_tutor.lessons.widget import lesson_widget\n\nlesson_widget()"),
    ])


def explore_last_trick() -> None:
    write("explore_last_trick.ipynb", [
        new_markdown_cell(
            "# Which card wins the last trick?\n\nOnly the last trick scores, and a 6 scores "
            "most. How often does each rank actually win the last trick, and does it depend on "
            "the number of players? We deal many hands with the engine and let every player "
            "choose a random legal card (seeded, so the numbers are always the same)."),
        new_code_cell(SETUP + "HANDS = 3000\nRANKS = list(range(6, 15))\nLABELS = "
                      "['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']\n"
                      "share = {n: explore.last_trick_ranks(n, HANDS, seed=n) for n in range(2, 8)}"),
        new_code_cell(CHECK + "print('players ' + ' '.join(f'{l:>5}' for l in LABELS))\n"
                      "for n, counts in share.items():\n"
                      "    print(f'{n:>7} ' + ' '.join(f'{100 * counts[r] / HANDS:5.1f}' for r in RANKS))"),
        new_code_cell("fig, ax = plt.subplots(figsize=(7, 4))\nfor n, counts in share.items():\n"
                      "    ax.plot(LABELS, [100 * counts[r] / HANDS for r in RANKS], marker='o', "
                      "label=f'{n} players')\nax.set_xlabel('rank of the card that won the last "
                      "trick')\nax.set_ylabel('% of hands')\nax.set_title('Who wins the last "
                      "trick (random play)')\nax.legend(ncol=2)\nplt.show()"),
        new_markdown_cell(
            "**What it shows.** Even with random play the high cards win the last trick far "
            "more often than the 6s, and more players make a win with a 6 rarer still: "
            "everyone else must be unable to follow. (Kings often beat aces here only because "
            "there are four kings and just three aces.) That is why a 6 scores 3 points and an "
            "ace only 1. Good players win with 6s much more often than random players do, "
            "by planning for it (lesson 9)."),
    ])


def explore_lead() -> None:
    write("explore_lead_value.ipynb", [
        new_markdown_cell(
            "# What is leading the last trick worth?\n\nThe first four tricks score nothing, "
            "but the winner of the fourth trick **leads** the last one. How much is that "
            "worth? We deal many hands, play them with random legal cards (seeded), and look "
            "at the player who led the last trick."),
        new_code_cell(SETUP + "HANDS = 3000\n"
                      "value = {n: explore.lead_value(n, HANDS, seed=n) for n in range(2, 8)}"),
        new_code_cell(CHECK + "print('players  leader wins  fair share  leader points')\n"
                      "for n, (wins, points) in value.items():\n"
                      "    print(f'{n:>7} {100 * wins:11.1f}% {100 / n:10.1f}% {points:14.2f}')"),
        new_code_cell("fig, ax = plt.subplots(figsize=(7, 4))\nplayers = list(value)\n"
                      "ax.bar([p - 0.2 for p in players], [100 * value[p][0] for p in players], "
                      "0.4, label='the leader of the last trick')\n"
                      "ax.bar([p + 0.2 for p in players], [100 / p for p in players], 0.4, "
                      "label='a fair share (1 in n)')\nax.set_xlabel('players')\n"
                      "ax.set_ylabel('% of last tricks won')\nax.set_title('Leading the last "
                      "trick (random play)')\nax.legend()\nplt.show()"),
        new_markdown_cell(
            "**What it shows.** The leader of the last trick wins it far more often than a fair "
            "share: the others must follow the suit the leader chooses, and often cannot. That "
            "is why the fourth trick matters so much: win it, then lead your 6 or 7."),
    ])


def explore_sticky() -> None:
    write("explore_sticky_cards.ipynb", [
        new_markdown_cell(
            "# Do similar cards stick together?\n\nUnder the shuffling custom the pack is "
            "shuffled only every 3 hands with two players and every 2 hands with three. In "
            "between, the played cards are gathered in the order they were played, and tricks "
            "are mostly of one suit. Players believe that similar cards then stick together, "
            "and that the **under card** (the bottom card of the stock) is a clue. We deal many "
            "hands under the custom (random legal play, seeded) and compare deals from a "
            "shuffled pack with deals from a re-formed one."),
        new_code_cell(SETUP + "HANDS = 3000\nresults = {n: explore.sticky_cards(n, HANDS, seed=n) "
                      "for n in (2, 3)}"),
        new_code_cell(CHECK + "for n, r in results.items():\n    for kind, row in r.items():\n"
                      "        print(n, 'players', f'{kind:>10}:', ', '.join(f'{k} {v:.3f}' for k, v "
                      "in row.items() if k != 'deals'), f\"({int(row['deals'])} deals)\")"),
        new_code_cell("fig, axes = plt.subplots(1, 2, figsize=(9, 3.6))\nfor ax, key in zip(axes, "
                      "['longest suit in a hand', \"dealt cards of the under card's suit\"]):\n"
                      "    for i, kind in enumerate(['shuffled', 're-formed']):\n"
                      "        ax.bar([n + (i - 0.5) * 0.4 for n in results], "
                      "[results[n][kind][key] for n in results], 0.4, label=kind)\n"
                      "    ax.set_xticks(list(results))\n    ax.set_xlabel('players')\n"
                      "    ax.set_title(key)\naxes[0].set_ylim(2, 3)\naxes[0].set_ylabel('cards (average)')\n"
                      "axes[1].set_ylim(0, 0.3)\naxes[1].set_ylabel('share of the dealt cards')\n"
                      "axes[0].legend(loc='upper left')\nplt.tight_layout()\nplt.show()"),
        new_markdown_cell(
            "**What it shows.** The belief is half right. Hands dealt from a re-formed pack "
            "really are more one-suited: the longest suit in a hand is clearly longer with three "
            "players, and a little longer with two. But the under card says almost nothing: the share of dealt cards "
            "in its suit is about the same as after a real shuffle. Asking for the under card "
            "tells you one card that nobody holds, and little more."),
    ])


def main() -> None:
    NOTEBOOKS.mkdir(exist_ok=True)
    lessons_only()
    explore_last_trick()
    explore_lead()
    explore_sticky()


def lessons_only() -> None:
    """Only the lesson notebooks and the menu (the explore notebooks keep their outputs)."""
    lessons = [lesson for lesson in load_all(ROOT / "lessons") if isinstance(lesson, Lesson)]
    for lesson in lessons:
        lesson_notebook(lesson)
    menu_notebook(lessons)


if __name__ == "__main__":
    lessons_only() if sys.argv[1:] == ["lessons"] else main()
