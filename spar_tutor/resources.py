"""Where the package's notebooks and lessons live.

In a source checkout they are the repository's ``notebooks/`` and ``lessons/``
folders. In an installed wheel they are shipped inside the package as
``spar_tutor/_data/notebooks`` and ``spar_tutor/_data/lessons`` (see the
``force-include`` table in ``pyproject.toml``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

_PACKAGE_DIR = Path(__file__).resolve().parent


def checkout_root() -> Optional[Path]:
    """The repository root when running from a source checkout, else ``None``.

    A checkout is recognised by a ``pyproject.toml`` next to the package that
    names this project.
    """
    root = _PACKAGE_DIR.parent
    pyproject = root / "pyproject.toml"
    try:
        text = pyproject.read_text(encoding="utf-8")
    except OSError:
        return None
    return root if 'name = "spar-tutor"' in text else None


def _data_dir(name: str) -> Path:
    root = checkout_root()
    if root is not None:
        return root / name
    return _PACKAGE_DIR / "_data" / name


def notebooks_dir() -> Path:
    """The folder holding the Voila app and the lesson notebooks."""
    return _data_dir("notebooks")


def lessons_dir() -> Path:
    """The folder holding the lesson files."""
    return _data_dir("lessons")


def app_notebook() -> Path:
    """The notebook that ``spar-tutor serve`` shows."""
    return notebooks_dir() / "app.ipynb"
