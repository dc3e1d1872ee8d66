"""How many widgets a Play click makes: each is a message to the page (and a model there
that lives as long as the page), relayed by the server for every learner of a class.

    PYTHONPATH=. python benchmarks/widget_count.py [--hands 6] [--seed 5]

Plays whole hands at a 4-seat table (beginner bots, the learner's first legal card each
time, then Next hand) and counts the widgets made after the table was first drawn, by kind.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import List


def count(hands: int, seed: int) -> int:
    import ipywidgets as widgets

    from spar_tutor.session import GameSession
    from spar_tutor.widgets import PlayTable

    made: List[str] = []
    widgets.Widget.on_widget_constructed(lambda w: made.append(type(w).__name__))
    table = PlayTable(GameSession("standard", ["human"] + ["beginner"] * 3, seed=seed))
    session, clicks, start = table.session, 0, len(made)
    for _hand in range(hands):
        while not session.state.is_over():
            card = session.legal_cards()[0]
            next(b for b in table.hand.buttons if b.description == card.name).click()
            clicks += 1
        table.next_hand.click()
        clicks += 1
    new = Counter(made[start:])
    total = sum(new.values())
    kinds = ", ".join(f"{n} {kind}" for kind, n in new.most_common())
    print(f"{clicks} clicks over {hands} hands: {total} widgets made, "
          f"{total / clicks:.2f} a click ({kinds or 'none'})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    return count(args.hands, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
