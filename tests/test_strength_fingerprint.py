"""The strength benchmark keys its results by the bots' code, not their words: rewording a
hint or a review sentence keeps hours of results, and any change to the code drops them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from strength import code_hash  # noqa: E402

CODE = '''"""A module."""
from ..i18n import _, ngettext


def words(card, n):
    """Say it."""
    # a comment
    if n > 1:
        return ngettext("{n} trick", "{n} tricks", n).format(n=n)
    return _("Play {card}.").format(card=card)
'''


def hashed(tmp_path: Path, text: str) -> bytes:
    path = tmp_path / "module.py"
    path.write_text(text, encoding="utf-8")
    return code_hash(path)


def test_words_comments_and_docstrings_do_not_count(tmp_path: Path) -> None:
    same = hashed(tmp_path, CODE)
    for old, new in (('"Play {card}."', '"In your place the computer would play {card}."'),
                     ('"{n} tricks"', '"{n} tricks in all"'),
                     ('"""Say it."""', '"""Say it in the learner\'s words."""'),
                     ('"""A module."""', '"""A module of words."""'),
                     ("# a comment", "# another comment, longer")):
        assert old in CODE
        assert hashed(tmp_path, CODE.replace(old, new)) == same, new


def test_every_change_to_the_code_counts(tmp_path: Path) -> None:
    same = hashed(tmp_path, CODE)
    for old, new in (("n > 1", "n >= 1"), ("card=card", "card=n"), (", n).format", ", 2).format"),
                     ("return _(", "return N_(")):
        assert old in CODE
        assert hashed(tmp_path, CODE.replace(old, new)) != same, new


def test_the_hash_covers_the_files_the_bots_run_and_no_others() -> None:
    from strength import solver_files_played

    names = {path.name for path in solver_files_played()}
    # what the bots run: the bots, the expert, its worlds and searches, the hints they ask
    assert {"bots.py", "_expert.py", "_worlds.py", "_maxn.py", "_search.py", "_exact.py",
            "hints.py", "prelead.py", "_model.py", "_position.py", "_bits.py"} <= names
    # what they never run: the review, the explanations, the command line
    assert not names & {"review.py", "_explain.py", "solution.py", "cli.py", "arena.py",
                        "__init__.py"}


def test_a_file_imported_by_a_file_the_bots_run_counts(tmp_path: Path, monkeypatch) -> None:
    import strength

    solver = tmp_path / "spar_tutor" / "solver"
    solver.mkdir(parents=True)
    (solver / "bots.py").write_text("from ._a import x\nfrom . import _c\n", encoding="utf-8")
    (solver / "_a.py").write_text("from ._b import y\nfrom ..engine import z\n",
                                  encoding="utf-8")
    (solver / "_b.py").write_text("y = 1\n", encoding="utf-8")
    (solver / "_c.py").write_text("w = 1\n", encoding="utf-8")
    (solver / "review.py").write_text("from ._a import x\n", encoding="utf-8")
    monkeypatch.setattr(strength, "ROOT", tmp_path)
    assert [p.name for p in strength.solver_files_played()] == ["_a.py", "_b.py", "_c.py",
                                                                "bots.py"]
