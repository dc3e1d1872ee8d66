"""Write spar_tutor/store/lookalikes.py: the letters and digits of other scripts that look
like a Latin one, from Unicode's confusables (the copy in the confusable-homoglyphs package).

    python scripts/lookalikes.py           # write the table
    python scripts/lookalikes.py --check   # exit 1 if the table is not what the data gives

Unicode's confusables.txt says which characters look alike (UTS #39). A learner's name is
one identity whatever script its letters come from ("Аma" with a Cyrillic А is "Ama"), so
the progress database folds each letter or digit that looks like a Latin letter or digit to
it (spar_tutor.store.names.learner_key). Only those: letters with no Latin look-alike (ɔ, ɛ,
ŋ in Ghanaian names) stay as they are, so that no learner's key changes for them. The table
is made here, once, rather than loaded at run time: the package's data is 900 KB of JSON
(about 10 MB once loaded, in every kernel), and the names need 300-odd pairs of it.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path
from typing import Dict, Set

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "spar_tutor" / "store" / "lookalikes.py"

HEAD = '''"""Letters and digits of other scripts that look like a Latin one, and that Latin one
(small letters; made by scripts/lookalikes.py from Unicode's confusables, as copied in the
confusable-homoglyphs package {version}: do not edit by hand)."""

LOOKALIKES = {table}
'''


def classes() -> Dict[str, Set[str]]:
    """Unicode's confusable characters, in classes of characters that look alike."""
    import confusable_homoglyphs
    from confusable_homoglyphs import utils

    data = utils.load("confusables.json")
    parent: Dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for char, alikes in data.items():
        for alike in alikes:
            if len(char) == 1 and len(alike["c"]) == 1:
                parent[find(char)] = find(alike["c"])
    found: Dict[str, Set[str]] = {}
    for char in list(parent):
        found.setdefault(find(char), set()).add(char)
    return found


def table() -> Dict[str, str]:
    """Each letter or digit (as a name's key has it: NFKC, case-folded) that looks like a
    Latin letter or digit, and that one (a letter rather than a digit: "ο" is "o", not 0)."""
    out: Dict[str, str] = {}
    for members in classes().values():
        latin = sorted({m.casefold() for m in members if m.isascii() and m.casefold().isalnum()})
        if not latin:
            continue
        target = ([c for c in latin if c.isalpha()] or latin)[0]
        for member in members:
            key = unicodedata.normalize("NFKC", member).casefold()
            if len(key) == 1 and not key.isascii() and key.isalnum():
                out[key] = target
    return dict(sorted(out.items()))


def text() -> str:
    from importlib.metadata import version

    pairs = "".join(k + v for k, v in table().items())
    return HEAD.format(version=version("confusable-homoglyphs"),
                       table=f"dict(zip({pairs[0::2]!r},\n                 {pairs[1::2]!r}))")


def main(argv: list) -> int:
    wanted = text()
    if argv[1:] == ["--check"]:
        current = TABLE.read_text(encoding="utf-8") if TABLE.exists() else ""
        if current != wanted:
            print(f"{TABLE} is out of date: run python scripts/lookalikes.py", file=sys.stderr)
            return 1
        return 0
    TABLE.write_text(wanted, encoding="utf-8")
    print(f"wrote {TABLE} ({len(table())} letters)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
