"""Find learner text in Python code that is not marked for the message catalogue.

An AST scan: a string literal (or the literal parts of an f-string) that reads like
words for a person, or any text given to a widget as its description, tooltip,
placeholder, title or option labels, must sit inside ``_()``, ``N_()``, ``ngettext()``
or ``pgettext()``. Left alone: docstrings, log calls, developers' exceptions, markup
and CSS, dictionary keys, comparisons and names.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional, Set

MARKERS = {"_", "N_", "ngettext", "pgettext"}

#: Keyword arguments whose text a learner reads, whatever it looks like.
LEARNER_KEYWORDS = {"description", "tooltip", "placeholder", "title", "tooltips", "label",
                    "sorry"}

#: Calls whose string arguments are never shown to a learner.
QUIET_CALLS = {
    "debug", "info", "warning", "error", "exception", "critical", "log",  # logging
    "getattr", "setattr", "hasattr", "isinstance", "startswith", "endswith", "split",
    "encode", "decode", "add_class", "remove_class", "observe", "unobserve", "Layout",
    "getLogger", "open", "Path", "import_module", "environ", "getenv", "compile", "match",
    "search", "sub", "fullmatch", "findall", "finditer", "format_exc", "warn",
    "_changed",  # a session's change note for its observers, never shown
    "parse_card", "parse_cards", "parse_move", "preset", "find_preset", "Card", "mask_of",
    "seat_css", "card_svg", "dedent", "subprocess", "run", "check_output", "Popen",
    "struct", "pack", "unpack", "astype", "strftime", "strptime", "fromisoformat",
    "Problem",  # a fault in a lesson or puzzle file: for its author, in English
    "_card_list",  # where a bad card is, in a DealError for a developer
}

#: Calls whose first argument is a name, not words (``emit("news", text)``: the kind).
NAME_FIRST = {"emit", "Event", "Outcome"}

#: Keyword arguments that are names or tags, never shown (an error's rule tag).
QUIET_KEYWORDS = {"rule", "kind", "names", "key", "encoding", "layout", "style", "button_style",
                  "icon", "_dom_classes", "class_", "role", "loc", "textcoords"}

#: Functions whose strings are for lesson and puzzle authors (load-time checks), not learners.
AUTHOR_FUNCTIONS = re.compile(r"^_?check(_|$)")

#: Exceptions whose messages are for developers (a learner never reads them).
DEVELOPER_ERRORS = {"ValueError", "TypeError", "KeyError", "RuntimeError", "AssertionError",
                    "NotImplementedError", "LookupError", "IndexError", "AttributeError",
                    "SystemExit", "OSError", "FileNotFoundError", "ImportError", "SparError",
                    "NotationError", "RulesError", "DealError", "DealFileError", "ViewError",
                    "SaveFileError", "PuzzleError", "LessonError", "ProblemError",
                    "GlossaryTableError"}

_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"&#?\w+;")
_FIELD = re.compile(r"\{[^{}]*\}")
_CSS = re.compile(r"^[\s\S]*?[a-z-]+\s*:\s*[^;]+;")
_WORDS = re.compile(r"[A-Za-z]{2,}[,.!?':;)]?\s+\(?[A-Za-z]{1,}")
_LETTER = re.compile(r"[A-Za-z]{2,}")
_HAS_TAG = re.compile(r"<[a-zA-Z/][^>]*>")

#: Calls whose first argument is text a learner reads, whatever it looks like.
TEXT_FIRST = {"HTML", "Label", "HTMLMath", "Button", "ToggleButton", "Checkbox", "html", "button",
              "_button", "set_title"}


def _text_content(text: str) -> str:
    """What a person reads of ``text``: markup, entities and ``{fields}`` taken out."""
    return _FIELD.sub(" ", _ENTITY.sub(" ", _TAG.sub(" ", text)))


def reads_like_words(text: str) -> bool:
    """Two words with a space between, or any word between HTML tags, once markup,
    entities and ``{fields}`` are gone."""
    if _CSS.match(text) or text.lstrip().startswith((".", "#", "@", "%", "var(--")):
        return False
    if text.split() and all(re.search(r"[-_{]", token) for token in text.split()):
        return False  # CSS class names ("spar-pz-status spar-pz-{}") or identifiers
    bare = _text_content(text)
    if re.search(r"\b(class|style|href|src|viewBox|xmlns|d|fill|stroke)=", bare):
        return False
    if _HAS_TAG.search(text) and _LETTER.search(bare):
        return True
    return bool(_WORDS.search(bare))


@dataclass(frozen=True)
class Unmarked:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _docstrings(tree: ast.Module) -> Set[int]:
    """ids of the docstring nodes and bare string statements (comments)."""
    found: Set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Constant, ast.JoinedStr)):
            found.add(id(node.value))
    return found


def _literal_text(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str, skip: Set[int]) -> None:
        self.path = path
        self.skip = skip
        self.found: List[Unmarked] = []

    def _flag(self, node: ast.AST, strict: bool) -> None:
        text = _literal_text(node)
        if text is None or id(node) in self.skip:
            return
        if (strict and _LETTER.search(_text_content(text))) or reads_like_words(text):
            self.found.append(Unmarked(self.path, getattr(node, "lineno", 0), text))

    def _skip_tree(self, node: ast.AST) -> None:
        for sub in ast.walk(node):
            self.skip.add(id(sub))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if AUTHOR_FUNCTIONS.match(node.name):
            self._skip_tree(node)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = _call_name(node)
        if name in MARKERS:
            if node.args and not isinstance(node.args[0], ast.Constant):
                # _(f"...") or _("a" + b): the catalogue cannot hold it
                if isinstance(node.args[0], (ast.JoinedStr, ast.BinOp)):
                    self.found.append(Unmarked(self.path, node.lineno,
                                               "not a plain string: " + ast.unparse(node.args[0])))
        if name in MARKERS or name in QUIET_CALLS:
            for arg in node.args:
                self._skip_tree(arg)
            for kw in node.keywords:
                if kw.arg not in LEARNER_KEYWORDS or name in MARKERS:
                    self._skip_tree(kw.value)
        if name in NAME_FIRST and node.args:
            self._skip_tree(node.args[0])
        if name in TEXT_FIRST and node.args and name not in MARKERS:
            self._strict(node.args[0 if name != "set_title" else -1])
        if isinstance(node.func, ast.Attribute) and node.func.attr == "append" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "found":
            self._skip_tree(node)  # a problem found in a lesson or puzzle file (for its author)
        for kw in node.keywords:
            if kw.arg in QUIET_KEYWORDS:
                self._skip_tree(kw.value)
            elif kw.arg in LEARNER_KEYWORDS:
                self._strict(kw.value)
            elif kw.arg == "options":
                self._strict_labels(kw.value)
        self.generic_visit(node)

    def _strict(self, value: ast.AST) -> None:
        for sub in ast.walk(value):
            if isinstance(sub, ast.Call) and _call_name(sub) in MARKERS | QUIET_CALLS:
                self._skip_tree(sub)
            elif isinstance(sub, ast.Compare):
                self._skip_tree(sub)
        for sub in ast.walk(value):
            if id(sub) not in self.skip and _literal_text(sub) is not None:
                self._flag(sub, strict=True)
                self._skip_tree(sub)

    def _strict_labels(self, value: ast.AST) -> None:
        """``options=[("Label", value), ...]``: the labels are learner text."""
        if isinstance(value, (ast.List, ast.Tuple)):
            for item in value.elts:
                if isinstance(item, ast.Tuple) and item.elts:
                    self._strict(item.elts[0])
                    for rest in item.elts[1:]:
                        self._skip_tree(rest)
                else:
                    self._strict(item)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and _call_name(exc) in DEVELOPER_ERRORS:
            self._skip_tree(exc)
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        self._skip_tree(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key in node.keys:
            if key is not None:
                self._skip_tree(key)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self._skip_tree(node.slice)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        self._skip_tree(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            self._skip_tree(node.value)
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        self._flag(node, strict=False)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._flag(node, strict=False)
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and _call_name(sub) in MARKERS and sub.args \
                    and isinstance(sub.args[-1], ast.Constant):
                # Babel does not look inside f-strings: the message would never be extracted
                self.found.append(Unmarked(self.path, sub.lineno,
                                           "marked inside an f-string: " + ast.unparse(sub)))
        self._skip_tree(node)  # its parts are not strings of their own
        self.generic_visit(node)


def scan_source(source: str, path: str = "<string>") -> List[Unmarked]:
    """Every unmarked learner string in ``source``."""
    tree = ast.parse(source)
    scanner = _Scanner(path, _docstrings(tree))
    scanner.visit(tree)
    return sorted(scanner.found, key=lambda u: u.line)


def scan_files(paths: List[Path], root: Path) -> Iterator[Unmarked]:
    for path in paths:
        yield from scan_source(path.read_text(encoding="utf-8"), str(path.relative_to(root)))
