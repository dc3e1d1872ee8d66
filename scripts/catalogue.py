"""The message catalogue's chores (gettext with Babel; see docs/translating.md).

    python scripts/catalogue.py extract        # code -> spar_tutor/i18n/spar_tutor.pot
    python scripts/catalogue.py init LANG      # start locale/LANG/LC_MESSAGES/spar_tutor.po
    python scripts/catalogue.py update         # bring every .po in line with the .pot
    python scripts/catalogue.py compile        # every .po -> its .mo (committed, shipped)
    python scripts/catalogue.py check          # exit 1 if any of the above is out of date

The template lists file names but no line numbers, sorted by message, so that moving
code around does not change it. Compiled ``.mo`` files are committed next to their
``.po`` so that a plain checkout (``pythonpath=.``) and the wheel both speak every
language; ``check`` (and tests/test_i18n.py) proves they match their ``.po``.
"""

from __future__ import annotations

import gettext
from datetime import datetime, timezone
import io
import sys
from pathlib import Path
from typing import Dict, List, Tuple

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
# babel.cfg names extractors of this checkout's spar_tutor (lesson files, notebooks): this
# checkout's, not an older copy installed in the environment
sys.path.insert(0, str(ROOT))
I18N = ROOT / "spar_tutor" / "i18n"
POT = I18N / "spar_tutor.pot"
LOCALE = I18N / "locale"
DOMAIN = "spar_tutor"
MAPPING = ROOT / "babel.cfg"
#: The marking functions of spar_tutor.i18n, as Babel keyword specs.
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
#: A comment starting with this just above a marked string reaches the translator.
COMMENT_TAGS = ("Translators:",)

#: The template's date stays put, so that it changes only when its messages do.
FIXED_DATE = datetime(2025, 1, 1, tzinfo=timezone.utc)

HEADER = ("# The messages of spar-tutor, for translators (made by scripts/catalogue.py extract).\n"
          "# Start a language with: python scripts/catalogue.py init LANG\n#")

Key = Tuple[object, object]  # (msgid or (singular, plural), context)


def extract() -> Catalog:
    """A fresh template from the code."""
    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    catalog = Catalog(project="spar-tutor", version="", charset="utf-8", fuzzy=False,
                      header_comment=HEADER, creation_date=FIXED_DATE)
    found = extract_from_dir(ROOT, method_map, options_map, keywords=KEYWORDS,
                             comment_tags=COMMENT_TAGS, strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)],
                    auto_comments=comments, context=context)
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=0, sort_output=True, include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def keys(catalog: Catalog) -> Dict[Key, object]:
    """Each message's id (and plural) by (id, context), with the files it comes from."""
    return {(m.id, m.context): sorted({loc for loc, _ in m.locations})
            for m in catalog if m.id}


def languages() -> List[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def write_template() -> Catalog:
    catalog = extract()
    POT.write_bytes(po_bytes(catalog))
    return catalog


def init(lang: str) -> Path:
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already: use update")
    template = read(POT)
    catalog = Catalog(locale=lang, domain=DOMAIN, project="spar-tutor", charset="utf-8",
                      fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      header_comment=f"# spar-tutor in {lang} (see docs/translating.md).\n#")
    catalog.update(template)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_bytes(catalog))
    return path


def update() -> List[Path]:
    template = read(POT)
    done = []
    for lang in languages():
        path = po_path(lang)
        catalog = read(path, lang)
        catalog.update(template, update_creation_date=False)
        catalog.revision_date = FIXED_DATE
        path.write_bytes(po_bytes(catalog))
        done.append(path)
    return done


def compile_all() -> List[Path]:
    done = []
    for lang in languages():
        mo = po_path(lang).with_suffix(".mo")
        mo.write_bytes(mo_bytes(read(po_path(lang), lang)))
        done.append(mo)
    return done


def mo_messages(data: bytes) -> Dict[object, str]:
    """What a compiled catalogue says (its header left out)."""
    translations = gettext.GNUTranslations(io.BytesIO(data))
    return {k: v for k, v in translations._catalog.items() if k != ""}  # type: ignore[attr-defined]


def shown(path: Path) -> str:
    """A path as the messages show it (from the repository's root when inside it)."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def problems() -> List[str]:
    """Everything out of date: the template against the code, each .po against the
    template, each .mo against its .po."""
    if not POT.exists():
        return [f"{shown(POT)} is missing: run extract"]
    found = []
    fresh = keys(extract())
    template = read(POT)
    stored = keys(template)
    if fresh != stored:
        new = sorted(str(k[0]) for k in fresh.keys() - stored.keys())
        gone = sorted(str(k[0]) for k in stored.keys() - fresh.keys())
        found.append(f"{shown(POT)} is out of date (new: {new[:5]}, gone: {gone[:5]}, "
                     f"or files moved): run extract")
    for lang in languages():
        po = po_path(lang)
        catalog = read(po, lang)
        have = {(c.id, c.context) for c in catalog}
        missing = [m.id for m in template if m.id and (m.id, m.context) not in have]
        if missing:
            found.append(f"{shown(po)} lacks {len(missing)} messages: run update")
        mo = po.with_suffix(".mo")
        if not mo.exists():
            found.append(f"{shown(mo)} is missing: run compile")
        elif mo_messages(mo.read_bytes()) != mo_messages(mo_bytes(catalog)):
            found.append(f"{shown(mo)} does not match its .po: run compile")
    return found


def main(argv: List[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        catalog = write_template()
        print(f"{shown(POT)}: {sum(1 for m in catalog if m.id)} messages")
    elif command == "init" and len(argv) == 2:
        print(shown(init(argv[1])))
    elif command == "update":
        for path in update():
            print(shown(path))
    elif command == "compile":
        for path in compile_all():
            print(shown(path))
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
