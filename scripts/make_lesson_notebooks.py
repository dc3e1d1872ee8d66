"""Write the lesson notebooks and the explore notebooks into notebooks/, and their
French copies into notebooks/fr/.

    python scripts/make_lesson_notebooks.py            # all of them
    python scripts/make_lesson_notebooks.py lessons    # only the lesson notebooks and the menu
    python scripts/make_lesson_notebooks.py fr         # only the French copies

Lesson notebooks are a short introduction and the lesson player; their text
comes from the lesson files. Run this again after adding a lesson, then store
the explore notebooks' outputs (nbval compares the checked cells) and write the
French copies again (they take the English notebooks' code cells and outputs):

    jupyter nbconvert --to notebook --execute --inplace notebooks/explore_*.ipynb
    python scripts/make_lesson_notebooks.py fr

The French lesson notebooks and menu take their words from the lesson files through
the catalogue (``set_language("fr")``); the other French notebooks are the English
ones with the Markdown of ``FRENCH`` below. tests/test_lesson_docs.py checks that
notebooks/fr/ is what this script writes (docs/translating.md, "The notebooks").
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Dict, List

import nbformat
from nbformat import NotebookNode
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spar_tutor.i18n import _, set_language  # noqa: E402
from spar_tutor.lessons import Lesson, load_all  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT\n"
SETUP = ("import matplotlib\nmatplotlib.use('module://matplotlib_inline.backend_inline')\n"
         "import matplotlib.pyplot as plt\nfrom spar_tutor import explore\n"
         "from spar_tutor.i18n import _\n")


# The first lines of a notebook's first code cell in each language (Voila shows no code).
SETUP_CODE = {"en": "", "fr": 'import spar_tutor\nspar_tutor.set_language("fr")\n\n'}


def french_spaces(text: str) -> str:
    """A no-break space before : ; ! ? and inside « » (as in the catalogue)."""
    for mark in ":;!?»":
        text = text.replace(" " + mark, "\u00a0" + mark)
    return text.replace("« ", "«\u00a0")


def notebook(name: str, cells: list) -> NotebookNode:
    for i, cell in enumerate(cells):
        cell["id"] = f"{Path(name).stem[:40]}-{i}"  # stable ids: no diff when nothing changed
    return new_notebook(cells=cells, metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}})


def write(name: str, cells: list) -> None:
    save(name, notebook(name, cells))


def save(name: str, nb: NotebookNode) -> None:
    path = NOTEBOOKS / name
    path.parent.mkdir(exist_ok=True)
    nbformat.write(nb, path)
    print("wrote", path.relative_to(ROOT))


#: Words for JupyterLab only: the lesson's styles hide them once it runs, so a page served
#: by Voila (where the lesson runs by itself) never shows them.
LAB_ONLY = '<span class="spar-lab-only"> {note}</span>'
LAB_EN = LAB_ONLY.format(note="(in JupyterLab, first run the cell under this text)")
LAB_FR = LAB_ONLY.format(note="(dans JupyterLab, lance d'abord la cellule sous ce texte)")


def lesson_cells(lesson: Lesson, language: str = "en") -> list:
    """A lesson notebook's cells in ``language`` (the lesson loaded in it)."""
    if language == "fr":
        intro = french_spaces(
                 f"# Spar, leçon {lesson.number} : {lesson.title}\n\n{lesson.summary}\n\n"
                 f"Environ {lesson.minutes} minutes, {len(lesson.steps)} étapes. La leçon "
                 f"est juste en dessous{LAB_FR}. Réponds à chaque question en "
                 f"cliquant, utilise **{_('Hint')}** quand tu veux, et **{_('Next')}** pour "
                 "avancer. Tes progrès sont gardés sous ton nom : tu peux t'arrêter et "
                 "revenir plus tard.")
    else:
        intro = (f"# Spar, lesson {lesson.number}: {lesson.title}\n\n{lesson.summary}\n\n"
                 f"About {lesson.minutes} minutes, {len(lesson.steps)} steps. The lesson is "
                 f"just below{LAB_EN}. Answer each "
                 "question by clicking, use **Hint** whenever "
                 "you like, and **Next** to go on. Your progress is kept under your name, so you "
                 "can stop and come back later.")
    code = (f'{SETUP_CODE[language]}from spar_tutor.lessons.widget import lesson_widget\n\n'
            f'lesson_widget("{lesson.id}")')
    return [new_markdown_cell(intro), new_code_cell(code)]


def lesson_name(lesson: Lesson) -> str:
    return f"lesson_{lesson.number:02d}_{lesson.id.split('_', 1)[1]}.ipynb"


def lesson_notebook(lesson: Lesson) -> None:
    write(lesson_name(lesson), lesson_cells(lesson))


def menu_cells(lessons: List[Lesson], language: str = "en") -> list:
    """The menu notebook: every lesson with its steps and minutes (kept in step with the
    lesson files by tests/test_lesson_docs.py)."""
    first, last = lessons[0].title, lessons[-1].title
    rows = "".join(f"| {lesson.number} | {lesson.title} | {len(lesson.steps)} | "
                   f"{lesson.minutes} |\n" for lesson in lessons)
    if language == "fr":
        text = french_spaces(
                f"# Les leçons de Spar\n\n{len(lessons)} courtes leçons, de « {first} » à "
                f"« {last} ». Choisis une leçon (si le tuteur te demande ton nom, tape-le "
                f"d'abord) ; les leçons finies "
                f"sont cochées, et **{_('Continue')}** te ramène là où tu en étais.\n\n"
                f"| leçon | titre | étapes | minutes |\n|---|---|---|---|\n{rows}")
    else:
        text = (f"# Spar lessons\n\n{len(lessons)} short lessons, from "
                f"{first[:1].lower() + first[1:]} to {last}. Choose a lesson (if the tutor "
                "asks your name, type it first); done lessons are ticked, and **Continue** takes you "
                "back to where you stopped.\n\n| lesson | title | steps | minutes |\n"
                f"|---|---|---|---|\n{rows}")
    return [new_markdown_cell(text), new_code_cell(
        f"{SETUP_CODE[language]}from spar_tutor.lessons.widget import lesson_widget\n\n"
        "lesson_widget()")]


def menu_notebook(lessons: List[Lesson]) -> None:
    write("lessons.ipynb", menu_cells(lessons))


def explore_last_trick() -> None:
    write("explore_last_trick.ipynb", [
        new_markdown_cell(
            "# Which card wins the last trick?\n\nOnly the last trick scores, and a 6 scores "
            "most. How often does each rank actually win the last trick, and does it depend on "
            "the number of players? We deal many hands with the engine and let every player "
            "choose a random legal card (seeded, so the numbers are always the same)."),
        new_code_cell(SETUP + "from spar_tutor.engine.cards import face_letters\n"
                      "HANDS = 3000\nRANKS = list(range(6, 15))\n"
                      "LABELS = [face_letters().get(r, str(r)) for r in RANKS]\n"
                      "share = {n: explore.last_trick_ranks(n, HANDS, seed=n) for n in range(2, 8)}"),
        new_code_cell(CHECK + "print(_('players').rjust(7), ' '.join(f'{l:>5}' for l in LABELS))\n"
                      "for n, counts in share.items():\n"
                      "    print(f'{n:>7} ' + ' '.join(f'{100 * counts[r] / HANDS:5.1f}' for r in RANKS))"),
        new_code_cell("fig, ax = plt.subplots(figsize=(7, 4))\nfor n, counts in share.items():\n"
                      "    ax.plot(LABELS, [100 * counts[r] / HANDS for r in RANKS], marker='o', "
                      "label=_('{n} players').format(n=n))\n"
                      "ax.set_xlabel(_('rank of the card that won the last trick'))\n"
                      "ax.set_ylabel(_('hands (out of 100)'))\n"
                      "ax.set_title(_('Who wins the last trick (random play)'))\n"
                      "ax.legend(ncol=2)\nplt.show()"),
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
        new_code_cell(CHECK + "print(_('players').rjust(7), _('leader wins').rjust(12), "
                      "_('fair share').rjust(11),\n      _('leader points').rjust(14))\n"
                      "for n, (wins, points) in value.items():\n"
                      "    print(f'{n:>7} {100 * wins:11.1f}% {100 / n:10.1f}% {points:14.2f}')"),
        new_code_cell("fig, ax = plt.subplots(figsize=(7, 4))\nplayers = list(value)\n"
                      "ax.bar([p - 0.2 for p in players], [100 * value[p][0] for p in players], "
                      "0.4, label=_('the leader of the last trick'))\n"
                      "ax.bar([p + 0.2 for p in players], [100 / p for p in players], 0.4, "
                      "label=_('a fair share (1 in n)'))\nax.set_xlabel(_('players'))\n"
                      "ax.set_ylabel(_('last tricks won (out of 100)'))\n"
                      "ax.set_title(_('Leading the last trick (random play)'))\n"
                      "ax.legend()\nplt.show()"),
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
                      "        print(n, _('players'), _(kind).rjust(10) + ':', ', '.join(_(k) + f' {v:.3f}' "
                      "for k, v in row.items() if k != 'deals'),\n"
                      "              _('({deals} deals)').format(deals=int(row['deals'])))"),
        new_code_cell("fig, axes = plt.subplots(1, 2, figsize=(9, 3.6))\nfor ax, key, title in "
                      "zip(axes, ['longest suit in a hand', \"dealt cards of the under card's suit\"], "
                      "[_('longest suit in a hand'), _(\"dealt cards of the under card's suit\")]):\n"
                      "    for i, (kind, name) in enumerate([('shuffled', _('shuffled')), "
                      "('re-formed', _('re-formed'))]):\n"
                      "        ax.bar([n + (i - 0.5) * 0.4 for n in results], "
                      "[results[n][kind][key] for n in results], 0.4, label=name)\n"
                      "    ax.set_xticks(list(results))\n    ax.set_xlabel(_('players'))\n"
                      "    ax.set_title(title)\naxes[0].set_ylim(2, 3)\n"
                      "axes[0].set_ylabel(_('cards (average)'))\n"
                      "axes[1].set_ylim(0, 0.3)\naxes[1].set_ylabel(_('share of the dealt cards'))\n"
                      "axes[0].legend(loc='upper left')\nplt.tight_layout()\nplt.show()"),
        new_markdown_cell(
            "**What it shows.** The belief is half right. Hands dealt from a re-formed pack "
            "really are more one-suited: the longest suit in a hand is clearly longer with three "
            "players, and a little longer with two. But the under card says almost nothing: the share of dealt cards "
            "in its suit is about the same as after a real shuffle. Asking for the under card "
            "tells you one card that nobody holds, and little more."),
    ])


# The French Markdown of the notebooks that are not lessons, cell by cell (the English
# notebook's code cells, with their outputs, are copied as they are).
FRENCH: Dict[str, List[str]] = {
    "play.ipynb": [
        "# Jouer au Spar\n\nTu joues à une table de Spar avec trois robots : Ama, Kofi et Esi. "
        "**Clique sur une "
        "carte pour la jouer.** Seul le dernier pli rapporte des points : réfléchis à la carte "
        "que tu veux garder pour la fin. Tu bloques ? Le panneau des indices répond en trois "
        "temps : un petit indice, l'idée, puis la carte de l'ordinateur. Après chaque "
        "donne, *Bilan et revoir la donne* te montre ce que t'a coûté chaque carte jouée. *Nouvelle "
        "partie* te laisse choisir le jeu, les joueurs et les robots."],
    "puzzles.ipynb": [
        "# Les énigmes de Spar\n\nChaque énigme est une fin de donne avec un objectif, par "
        "exemple *être sûr de marquer 3 points, quoi que fassent les autres*. **Clique sur tes "
        "cartes pour les jouer** ; les autres répondent avec la meilleure défense de "
        "l'ordinateur. Une carte qui fait rater l'objectif n'est pas jouée : on te dit "
        "pourquoi, et tu réessaies."],
    "explore_last_trick.ipynb": [
        "# Quelle carte gagne le dernier pli ?\n\nSeul le dernier pli rapporte des points, et "
        "c'est un 6 qui rapporte le plus. Combien de fois chaque rang gagne-t-il vraiment le "
        "dernier pli, et est-ce que cela dépend du nombre de joueurs ? On distribue beaucoup "
        "de donnes avec le moteur du jeu, et chaque joueur choisit au hasard une carte permise "
        "(toujours le même hasard, pour que les nombres restent les mêmes).",
        "**Ce que ça montre.** Même quand on joue au hasard, les grosses cartes gagnent le "
        "dernier pli bien plus souvent que les 6, et plus il y a de joueurs, plus un 6 gagnant "
        "est rare : tous les autres doivent ne plus avoir sa couleur. (Ici, les rois battent "
        "souvent les as seulement parce qu'il y a quatre rois et juste trois as.) C'est pour "
        "ça qu'un 6 rapporte 3 points et un as seulement 1. Les bons joueurs gagnent avec un 6 "
        "bien plus souvent que ceux qui jouent au hasard, parce qu'ils le préparent "
        "(leçon 9)."],
    "explore_lead_value.ipynb": [
        "# Que vaut le fait de jouer en premier au dernier pli ?\n\nLes quatre premiers plis "
        "ne rapportent rien, mais celui qui gagne le quatrième pli **joue en premier** au "
        "dernier. Qu'est-ce que ça vaut ? On distribue beaucoup de donnes, on les joue avec "
        "des cartes permises choisies au hasard (toujours le même hasard), et on regarde le "
        "joueur qui a joué en premier au dernier pli.",
        "**Ce que ça montre.** Celui qui joue en premier au dernier pli le gagne bien plus "
        "souvent que sa part normale : les autres doivent fournir dans la couleur qu'il "
        "choisit, et souvent ils ne peuvent pas. C'est pour ça que le quatrième pli compte "
        "tant : gagne-le, puis joue ton 6 ou ton 7."],
    "explore_sticky_cards.ipynb": [
        "# Les cartes pareilles restent-elles ensemble ?\n\nSelon l'habitude de mélanger, le "
        "paquet n'est mélangé que toutes les 3 donnes à deux joueurs, et toutes les 2 donnes "
        "à trois. Entre-temps, on ramasse les cartes jouées dans l'ordre où elles ont été "
        "jouées, et les plis sont surtout d'une seule couleur. Les joueurs croient qu'alors "
        "les cartes pareilles restent ensemble, et que la **carte du dessous** (la dernière "
        "carte du talon) est un indice. On distribue beaucoup de donnes selon cette "
        "habitude (cartes permises choisies au hasard, toujours le même hasard) et on compare "
        "les donnes faites avec un paquet mélangé et avec un paquet juste ramassé.",
        "**Ce que ça montre.** Cette croyance est à moitié vraie. Les jeux tirés d'un paquet "
        "ramassé ont vraiment plus de cartes d'une même couleur : la couleur la plus longue "
        "d'un jeu est nettement plus longue à trois joueurs, et un peu plus longue à deux. "
        "Mais la carte du dessous ne dit presque rien : la part des cartes distribuées dans "
        "sa couleur est à peu près la même qu'après un vrai mélange. Demander la carte du "
        "dessous t'apprend qu'une seule carte n'est chez personne, et pas grand-chose de "
        "plus."],
}


def french_copy(name: str) -> NotebookNode:
    """notebooks/``name`` with its Markdown in French and the language set first. The words
    of a chart and of a printed table go through the catalogue, so the English outputs are
    not kept: they are drawn in French when the notebook runs (tests/test_lesson_docs.py
    runs those cells in French)."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    texts = iter(FRENCH[name])
    setup = SETUP_CODE["fr"]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = french_spaces(next(texts))
        elif cell.cell_type == "code":
            cell.source, setup = setup + cell.source, ""
            if cell.get("outputs"):  # a chart's or a table's words: drawn in French
                cell.outputs, cell.execution_count = [], None
    assert next(texts, None) is None, f"{name}: more French cells than Markdown cells"
    return nb


def french_notebooks() -> Dict[str, NotebookNode]:
    """Every French notebook by its path under notebooks/ (``fr/lessons.ipynb``...)."""
    set_language("fr")
    try:
        lessons = [lesson for lesson in load_all(ROOT / "lessons") if isinstance(lesson, Lesson)]
        out = {f"fr/{lesson_name(lesson)}": notebook(lesson_name(lesson),
                                                     lesson_cells(lesson, "fr"))
               for lesson in lessons}
        out["fr/lessons.ipynb"] = notebook("lessons.ipynb", menu_cells(lessons, "fr"))
    finally:
        set_language("en")
    out.update({f"fr/{name}": french_copy(name) for name in FRENCH})
    return out


def french_only() -> None:
    for name, nb in french_notebooks().items():
        save(name, nb)


def main() -> None:
    NOTEBOOKS.mkdir(exist_ok=True)
    lessons_only()
    explore_last_trick()
    explore_lead()
    explore_sticky()
    french_only()


def lessons_only() -> None:
    """Only the lesson notebooks and the menu (the explore notebooks keep their outputs)."""
    lessons = [lesson for lesson in load_all(ROOT / "lessons") if isinstance(lesson, Lesson)]
    for lesson in lessons:
        lesson_notebook(lesson)
    menu_notebook(lessons)


if __name__ == "__main__":
    {"lessons": lessons_only, "fr": french_only}.get(" ".join(sys.argv[1:]), main)()
