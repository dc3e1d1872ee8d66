"""Every learner-facing string in the code is marked for the message catalogue
(``_()``, ``N_()``, ``ngettext()``, ``pgettext()``; see docs/translating.md).

The scan (tests/i18n_scan.py) reads the modules a learner's words come from and
fails on a string literal that reads like words, or any text given to a widget as
a description, tooltip, placeholder, title or option label, outside those calls.
"""

import ast
import textwrap
from pathlib import Path
from typing import Dict, List, Set

from i18n_scan import Unmarked, reads_like_words, scan_source

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "spar_tutor"

#: The folders whose every module is scanned.
FOLDERS = ["app", "widgets", "lessons", "puzzles", "session", "render"]
#: Single modules scanned besides: the solver's sentences and the engine's reasons.
MODULES = ["solver/_explain.py", "solver/review.py", "solver/hints.py", "solver/prelead.py",
           "solver/voice.py", "solver/reasons.py", "solver/shown.py",
           "engine/state.py", "engine/scoring.py", "engine/match.py", "engine/cards.py"]

#: Modules left out, and why: their words are for authors and developers, in English.
NOT_LEARNERS = {
    # a lesson or puzzle file's problems, for its author
    "lessons/check.py", "lessons/keys.py", "lessons/loader.py", "puzzles/check.py",
    "puzzles/loader.py",
    # the puzzle generator and its command line (an author's tools)
    "puzzles/generate.py", "puzzles/cli.py", "puzzles/toml_out.py",
    # what is wrong in a save file (the learner's sentence around it is marked)
    "session/file.py",
}

#: Functions whose words are data for authors, not shown to a learner as they are.
AUTHOR_FUNCTIONS: Dict[str, Set[str]] = {
    # a generated puzzle's goal and explanation, written into its (English) puzzle file
    "puzzles/words.py": {"goal_words", "explanation_words"},
}

#: Strings that look like words but are names or data, each with its reason.
NOT_WORDS: Dict[str, Set[str]] = {
    # a key of explore.sticky_cards' result
    "app/pages/explore.py": {"dealt cards of the under card's suit"},
    # the options of an odds step, as lesson files write them (data)
    "lessons/kinds/odds.py": {"about the same"},
    # LessonError's message, for the lesson's author
    "lessons/model.py": {" (and {} more)"},
    # what the progress database records as the answer when the learner took it (data)
    "lessons/run.py": {"(answer shown)"},
    # font families (CSS)
    "render/svg.py": {"'DejaVu Sans', Arial, Helvetica, sans-serif",
                      "'DejaVu Serif', Georgia, 'Times New Roman', serif"},
    # IllegalMoveError for a caller that asked about a card it may not play (a bug)
    "solver/hints.py": {"{} is not a legal card for seat {} here"},
    # the rule a problem is about (IllegalMoveError.rule, a tag for developers), and where
    # a bad card of a made-up position was (a DealError)
    "engine/state.py": {"end of hand", "before the first lead", "cards in hand", "follow suit",
                        "under card", "under ten", "dry and wet", "the stock"},
    # seeds
    "engine/match.py": {"{}:first dealer"},
    "widgets/setup.py": {"{}:next match"},
}


def scanned() -> List[Path]:
    paths = [p for folder in FOLDERS for p in sorted((PACKAGE / folder).rglob("*.py"))]
    paths += [PACKAGE / m for m in MODULES]
    return [p for p in paths if p.relative_to(PACKAGE).as_posix() not in NOT_LEARNERS]


def _without_author_functions(source: str, skip: Set[str]) -> str:
    """``source`` with the bodies of the ``skip`` functions emptied (lines kept)."""
    if not skip:
        return source
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in skip:
            for i in range(node.body[0].lineno - 1, node.end_lineno or node.lineno):
                lines[i] = ""
            lines[node.body[0].lineno - 1] = " " * (node.col_offset + 4) + "pass"
    return "\n".join(lines)


def unmarked() -> List[Unmarked]:
    found = []
    for path in scanned():
        rel = path.relative_to(PACKAGE).as_posix()
        source = _without_author_functions(path.read_text(encoding="utf-8"),
                                           AUTHOR_FUNCTIONS.get(rel, set()))
        allowed = NOT_WORDS.get(rel, set())
        found += [u for u in scan_source(source, f"spar_tutor/{rel}") if u.text not in allowed]
    return found


def test_every_learner_string_is_marked_for_the_catalogue():
    found = unmarked()
    assert not found, ("learner text not marked for the catalogue (wrap it in _() or "
                       "ngettext(); N_() for a module constant):\n"
                       + "\n".join(str(u) for u in found))


def test_the_allowances_are_still_needed():
    """Each allowance names a module, function or string that is still there."""
    for rel in NOT_LEARNERS | set(AUTHOR_FUNCTIONS) | set(NOT_WORDS):
        assert (PACKAGE / rel).exists(), rel
    for rel, names in AUTHOR_FUNCTIONS.items():
        tree = ast.parse((PACKAGE / rel).read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert names <= defined, (rel, names - defined)
    for rel, texts in NOT_WORDS.items():
        found = {u.text for u in scan_source((PACKAGE / rel).read_text(encoding="utf-8"), rel)}
        assert texts <= found, (rel, texts - found)


# -- the scan itself can fail ----------------------------------------------------------

def _scan(code: str) -> List[str]:
    return [u.text for u in scan_source(textwrap.dedent(code))]


def test_an_unmarked_button_is_found():
    found = _scan('''
        import ipywidgets as widgets
        from spar_tutor.i18n import _

        def buttons():
            again = widgets.Button(description="Deal again")
            undo = widgets.Button(description="Undo", tooltip="Take back your last card")
            fine = widgets.Button(description=_("Next hand"), tooltip=_("Deal the next hand"))
            return again, undo, fine
    ''')
    assert found == ["Deal again", "Undo", "Take back your last card"]


def test_unmarked_sentences_markup_and_f_strings_are_found():
    found = _scan('''
        from spar_tutor.i18n import N_, _, ngettext

        TITLE = "<h2>Lessons</h2>"
        INTRO = N_("Ten short lessons.")

        def say(name, n):
            status = f"Waiting for {name}."
            marked = _("Waiting for {name}.").format(name=name)
            plural = ngettext("{n} point", "{n} points", n).format(n=n)
            return "You won the hand.", status, marked, plural, _(INTRO)
    ''')
    assert found == ["<h2>Lessons</h2>", "Waiting for {}.", "You won the hand."]


def test_names_markup_logs_and_developer_errors_are_left_alone():
    found = _scan('''
        """A module docstring with words in it."""
        import logging
        import ipywidgets as widgets
        log = logging.getLogger("spar_tutor.app")
        CSS = "display: flex; gap: 4px;"
        SEATS = {"the first seat": 0}

        def f(state, kind):
            """A docstring."""
            log.info("built page %s", "the home page")
            if kind == "under ten":
                raise ValueError(f"not a kind I know: {kind!r}")
            box = widgets.HBox(layout=widgets.Layout(justify_content="space-between"))
            box.add_class("spar-row spar-wide")
            return f'<div class="spar-table">{state}</div>', SEATS["the first seat"], box
    ''')
    assert found == []


def test_a_format_string_inside_the_marker_is_found():
    found = _scan('''
        from spar_tutor.i18n import _
        def f(card):
            return _(f"Play {card}")
    ''')
    assert found == ["not a plain string: f'Play {card}'"]


def test_what_reads_like_words():
    assert reads_like_words("Your turn: click a card.")
    assert reads_like_words("<b>Goal:</b> {goal}")
    assert not reads_like_words("{name}: {move}")
    assert not reads_like_words('<div class="spar-status {css}">{text}</div>')
    assert not reads_like_words("spar-pz-status spar-pz-{}")
    assert not reads_like_words("font-size: 11px; color: #555;")
    assert not reads_like_words("var(--spar-ink, var(--jp-content-font-color1, #1b1b1b))")


def _own_nodes(fn: ast.AST):
    """The nodes of a function's own scope (not of the functions, lambdas and
    comprehensions inside it)."""
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
              ast.DictComp, ast.GeneratorExp, ast.ClassDef)
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, scopes):
            stack.extend(ast.iter_child_nodes(node))


def shadowed_gettext(source: str) -> List[int]:
    """Lines of functions that call ``_()`` but also use ``_`` as a local name (a
    parameter, ``for _ in``, ``a, _ = ...``), so the call would not reach gettext."""
    bad = []
    comprehensions = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, comprehensions):
            params = {n.id for g in fn.generators for n in ast.walk(g.target)
                      if isinstance(n, ast.Name)}
        elif isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            params = {a.arg for a in fn.args.args + fn.args.kwonlyargs + fn.args.posonlyargs}
        else:
            continue
        own = list(_own_nodes(fn))
        bound = params | {n.id for n in own if isinstance(n, ast.Name)
                          and isinstance(n.ctx, ast.Store)}
        calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id == "_" for n in own)
        if "_" in bound and calls:
            bad.append(fn.lineno)
    return bad


def test_no_function_hides_gettext_behind_a_local_underscore():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line in shadowed_gettext(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}:{line}")
    assert not found, "rename the local _ (e.g. _click, _seat):\n" + "\n".join(found)


def test_a_hidden_gettext_is_found():
    assert shadowed_gettext(textwrap.dedent('''
        from spar_tutor.i18n import _
        def on_click(_):
            return _("Next")
        def fine(_click):
            return [_("Hint") for _n in range(2)]
        def also_bad(pairs):
            for _, b in pairs:
                print(_("Hi"))
        LABELS = [_("Hint") for _ in range(2)]
    ''')) == [3, 7, 10]


def test_a_marked_string_inside_an_f_string_is_found():
    """Babel does not extract ``_()`` calls inside an f-string's braces."""
    found = _scan('''
        from spar_tutor.i18n import _
        def f(n):
            return f"<b>{_('Points')}</b> {n}"
    ''')
    assert found == ["marked inside an f-string: _('Points')"]
