"""Moved to :mod:`spar_tutor.render.table`; this name stays only for
``spar_tutor.lessons.pictures`` until the lessons import the picture from there."""

from ..render.table import table_html

__all__ = ["table_html"]
