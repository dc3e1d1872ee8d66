"""The state a probe works on, shared by the parts of the search (annotations only)."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ._position import Table, Win


class SearchState:
    """The attributes of :class:`~spar_tutor.solver._search.Searcher` that its
    parts (bounds, exact values near the end, move ordering) read and change."""

    table: Table
    n: int
    player: int
    nodes: int
    scores: List[int]
    tt: Dict[Tuple[Any, ...], List[int]]
    best: Dict[Tuple[Any, ...], int]
    _ub: Dict[Tuple[Any, ...], int]
    _endings: Dict[Tuple[Any, ...], int]
    _exact: Dict[Tuple[Any, ...], int]
    _exact_from: int
    _top_score: int
    # the position being probed, changed and restored as cards are played
    hands: List[int]
    trick: List[int]
    leader: int
    left: int
    wins: List[Win]
    proof: List[int]
    any_proof: bool
    near_end: bool
    present: int
