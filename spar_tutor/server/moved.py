"""The serving side's old import paths, kept: ``spar_tutor.serve``, ``spar_tutor.kernels``
and ``spar_tutor.classroom`` sat at the package's top, ``spar_tutor.app.request`` and
``spar_tutor.app.warm`` in the app, before they moved into :mod:`spar_tutor.server`. A
JupyterHub's ``singleuser_config.py`` copied from an older spar-tutor says ``from
spar_tutor import serve``, and a Jupyter configuration may name
``spar_tutor.kernels.ClassroomKernelManager``: both still work. An old name is the moved
module itself (not a copy), imported only when asked for.

>>> import spar_tutor.kernels, spar_tutor.server.kernels
>>> spar_tutor.kernels is spar_tutor.server.kernels
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType
from typing import Optional, Sequence

MOVED = {
    "spar_tutor.serve": "spar_tutor.server.serve",
    "spar_tutor.kernels": "spar_tutor.server.kernels",
    "spar_tutor.classroom": "spar_tutor.server.classroom",
    "spar_tutor.app.request": "spar_tutor.server.request",
    "spar_tutor.app.warm": "spar_tutor.server.warm",
}
"""Each old module name, and where the module lives now."""


class Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old name of :data:`MOVED` and gives the module at its new place."""

    def find_spec(self, fullname: str, path: Optional[Sequence[str]] = None,
                  target: Optional[ModuleType] = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(MOVED[spec.name])

    def exec_module(self, module: ModuleType) -> None:
        """The module ran at its new place already."""


def install() -> None:
    """Let the old names import (once per process)."""
    if not any(isinstance(finder, Moved) for finder in sys.meta_path):
        sys.meta_path.append(Moved())
