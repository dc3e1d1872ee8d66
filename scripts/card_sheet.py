"""Write an HTML sheet of every card picture, to check the renderer by eye.

    python scripts/card_sheet.py [out.html] [--width PX]

The sheet shows all 52 cards (a row per suit, 2 to ace), card backs, the
four-colour deck, dimmed and selected cards, hands, and a row at 40 px wide.
Screenshot it with headless Chromium, e.g.::

    chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \\
        --screenshot=/tmp/sheet.png --window-size=1400,1000 file:///tmp/sheet.html
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spar_tutor.engine.cards import SUITS, Card, parse_cards  # noqa: E402
from spar_tutor.render import back_svg, card_svg, hand_svg  # noqa: E402


def sheet_html(width: int = 70) -> str:
    """The whole sheet as one HTML page."""
    rows = []

    def row(title: str, svgs) -> None:
        rows.append(f'<div class="row"><h2>{title}</h2>{"".join(svgs)}</div>')

    for suit in SUITS:
        row(f"{suit}", (card_svg(Card(r, suit), width=width) for r in range(2, 15)))
    row("backs", [back_svg(width=width), back_svg(width=width),
                  card_svg(Card(14, "S"), face_down=True, width=width)])
    row("4-colour", (card_svg(Card(r, s), width=width, four_colour=True)
                     for s in SUITS for r in (6, 10, 12, 14)))
    row("dim / sel", [card_svg(Card(9, "H"), width=width, dimmed=True),
                      card_svg(Card(12, "C"), width=width, dimmed=True),
                      card_svg(Card(14, "D"), width=width, dimmed=True, four_colour=True),
                      card_svg(Card(7, "S"), width=width, selected=True),
                      card_svg(Card(13, "H"), width=width, selected=True)])
    hand = parse_cards("AS KS 9S 7H 6H QD TD 8C 6C")
    row("hand", [hand_svg(hand, width_per_card=width, dimmed=hand[3:5], selected=hand[:1]),
                 " ", hand_svg(hand[:5], width_per_card=width, face_down=True)])
    row("40 px", (card_svg(Card(r, s), width=40) for s in "SHDC" for r in (6, 10, 11, 14)))
    row("40 px 4c", [hand_svg(parse_cards("6S 7H 8D 9C TS JH QD KC AS"),
                              width_per_card=40, four_colour=True)])
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Spar card sheet</title>"
        "<style>body{font-family:sans-serif;background:#2e6b3f;margin:8px}"
        ".row{display:flex;align-items:center;gap:4px;margin:3px 0}"
        "h2{color:#fff;font-size:12px;width:62px;margin:0}</style></head><body>"
        + "".join(rows)
        + "</body></html>"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default="/tmp/sheet.html")
    ap.add_argument("--width", type=int, default=70, help="card width in px (default 70)")
    args = ap.parse_args(argv)
    Path(args.out).write_text(sheet_html(args.width), encoding="utf-8")
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
