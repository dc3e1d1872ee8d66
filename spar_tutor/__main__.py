"""``python -m spar_tutor`` is the ``spar-tutor`` command."""

from .cli import run

run()
