"""The layout keeps its one direction of dependency (docs/architecture.md)."""

import ast
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "spar_tutor"
ENGINE = PACKAGE / "engine"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> List[str]:
    """The modules an ``from ... import`` names (relative ones made absolute)."""
    if node.level:
        base = module.split(".")
        if not is_package:
            base = base[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    # ``from package import module`` depends on the module; ``from module import name``
    # on the module (the caller keeps only names that are modules of the package)
    subs = [f"{prefix}.{alias.name}" for alias in node.names]
    return [prefix, *subs] if node.module else subs


def _top_level_imports(path: Path) -> Set[str]:
    """Modules of the package that ``path`` imports when it is imported (module
    level only: not inside functions, not under ``if TYPE_CHECKING``)."""
    module = _module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: Set[str] = set()

    def visit(body: List[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                found.update(_resolve(module, path.name == "__init__.py", node))
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" not in test:
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)

    visit(tree.body)
    return {m for m in found if m == "spar_tutor" or m.startswith("spar_tutor.")}


def _graph() -> Dict[str, Set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: Dict[str, Set[str]] = {}
    for name, path in modules.items():
        targets = {m for m in _top_level_imports(path) if m in modules and m != name}
        graph[name] = targets
    return graph


def test_engine_imports_no_ui_or_heavy_library():
    engine_modules = sorted(_module_name(p) for p in ENGINE.glob("*.py"))
    assert "spar_tutor.engine.state" in engine_modules
    code = ("import sys, spar_tutor\n"
            + "".join(f"import {m}\n" for m in engine_modules)
            + "bad = [m for m in ('ipywidgets', 'matplotlib', 'IPython', 'numpy', 'spar_tutor.render',"
              " 'spar_tutor.solver', 'spar_tutor.session', 'spar_tutor.widgets')"
              " if m in sys.modules]\n"
              "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


def test_engine_modules_import_only_the_engine_and_the_standard_library():
    for path in ENGINE.glob("*.py"):
        outside = {m for m in _top_level_imports(path)
                   if m not in ("spar_tutor.engine", "spar_tutor.i18n")
                   and not m.startswith(("spar_tutor.engine.", "spar_tutor.i18n."))}
        assert not outside, f"{path.name} imports {sorted(outside)} at module level"


def test_no_engine_modules_left_loose_at_the_top():
    loose = {p.stem for p in PACKAGE.glob("*.py")} & {
        "cards", "rules", "scoring", "state", "view", "deal", "match", "dealfile", "errors"}
    assert not loose
    assert not list(PACKAGE.glob("session_*.py"))


def test_no_two_modules_import_each_other_at_module_level():
    graph = _graph()
    cycles = []
    for a, targets in graph.items():
        for b in targets:
            if a < b and a in graph.get(b, set()):
                cycles.append((a, b))
    assert not cycles, f"modules that import each other: {cycles}"


def test_the_import_graph_has_no_cycle():
    graph = _graph()
    state: Dict[str, int] = {}
    path: List[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            # a package importing its own submodules (``__init__``) is not a cycle of design
            if nxt.startswith(node + "."):
                continue
            if state.get(nxt) == 1:
                loop = path[path.index(nxt):] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(loop))
            if nxt not in state:
                walk(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)


def test_only_the_solver_imports_its_private_modules():
    """``spar_tutor.solver._*`` are the solver's insides (docs/architecture.md): the rest
    of the package, imports inside functions included, uses its public API."""
    solver = PACKAGE / "solver"
    private = {_module_name(p) for p in solver.glob("_*.py") if p.name != "__init__.py"}
    assert "spar_tutor.solver._search" in private
    users = {}
    for path in PACKAGE.rglob("*.py"):
        if solver in path.parents:
            continue
        module = _module_name(path)
        names: Set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                names.update(_resolve(module, path.name == "__init__.py", node))
        if names & private:
            users[module] = sorted(names & private)
    assert not users, f"modules that reach into the solver's insides: {users}"


#: The folders of spar_tutor in dependency order (docs/architecture.md): each may import
#: only those before it at module level.
LAYERS = ["i18n", "engine", "render", "solver", "session", "widgets", "store", "learning", "explore",
          "lessons", "puzzles", "server", "app"]


def test_each_folder_imports_only_the_folders_above_it():
    graph = _graph()
    wrong = []
    for a, targets in graph.items():
        for b in targets:
            la, lb = a.split(".")[1:2], b.split(".")[1:2]
            if not la or not lb or la == lb or la[0] not in LAYERS or lb[0] not in LAYERS:
                continue
            if LAYERS.index(lb[0]) > LAYERS.index(la[0]):
                wrong.append(f"{a} imports {b}")
    assert not wrong, wrong
    assert {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()} == set(LAYERS)


def test_the_serving_sides_old_import_paths_still_work():
    """spar_tutor.serve, .kernels and .classroom moved into spar_tutor/server/ (and the app's
    request and warm with them); a hub's config copied from an older version imports them
    by their old names, in a fresh process."""
    code = (
        "from spar_tutor import serve\n"
        "import spar_tutor.kernels, spar_tutor.server.kernels, spar_tutor.classroom\n"
        "from spar_tutor.app import request, warm\n"
        "from traitlets.utils.importstring import import_item\n"
        "assert serve.__name__ == 'spar_tutor.server.serve'\n"
        "assert spar_tutor.kernels is spar_tutor.server.kernels\n"
        "assert import_item('spar_tutor.kernels.ClassroomKernelManager') is "
        "spar_tutor.server.kernels.ClassroomKernelManager\n"
        "assert spar_tutor.classroom.__name__ == 'spar_tutor.server.classroom'\n"
        "assert (request.__name__, warm.__name__) == ('spar_tutor.server.request', "
        "'spar_tutor.server.warm')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert not (PACKAGE / "serve.py").exists() and not (PACKAGE / "kernels.py").exists()
