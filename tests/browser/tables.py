"""Tables drawn for the geometry tests: every number of players, every seat with a dry
shown, a trick on the table, badges and open or hidden hands (no server needed: the
pictures are HTML, put in a page with the app's styles)."""

from __future__ import annotations

from typing import Iterable, Iterator, List, Tuple

from spar_tutor import DealFile
from spar_tutor.app.style import app_css
from spar_tutor.i18n import _
from spar_tutor.session.game import bot_name
from spar_tutor.render.table import table_html
from spar_tutor.widgets.common import CSS

DRIES = ["6S", "6H", "6D", "7S", "7H", "7D", "6C"]
CLUBS = ["8C", "9C", "TC", "JC", "QC", "KC", "AC"]
FILLERS = ["AH", "KH", "QH", "JH", "TH", "9H", "8H"]
BOTS = ["beginner", "beginner", "expert", "beginner", "random", "beginner"]
LESSON_NAMES = ["You", "Ama", "Esi", "Kwame", "Afi", "Yao", "Kofi"]


def position(players: int, played: int, wet_seat: int):
    """``players`` seats of three cards (a dry 6 or 7, a club, a heart), every seat's dry
    declared and one seat's 7 of clubs as its wet; the last seat leads clubs and
    ``played`` clubs are on the table."""
    hands = [f"{DRIES[i]} {CLUBS[i]} {FILLERS[i]}" for i in range(players)]
    declarations = [{"seat": i, "dry": DRIES[i]} for i in range(players)]
    if players < 8:
        hands[wet_seat] = hands[wet_seat].replace(FILLERS[wet_seat], "7C")
        declarations[wet_seat]["wet"] = "7C"
    leader = players - 1
    plays = " ".join(CLUBS[(leader + k) % players] for k in range(played))
    return DealFile.from_json({"rules": "ghana_table", "hands": hands, "leader": leader,
                               "declarations": declarations, "plays": plays}).state()


def play_names() -> List[str]:
    """The names Play gives its seats, in the language of the moment ("Kofi (expert)")."""
    return [_("You")] + [bot_name(seat, spec) for seat, spec in enumerate(BOTS, start=1)]


def cases() -> Iterator[Tuple[str, str]]:
    """(name, table HTML) for 2 to 7 players: the play table (hidden hands, points, the
    learner to play with every other card of the trick down) and a lesson's question
    about a finished trick (open hands), with the wet at the top seat and beside it. Drawn
    in the language of the moment."""
    names = play_names()
    for n in range(2, 8):
        top = n // 2
        for wet_seat in sorted({top, 1 % n}):
            playing = position(n, n - 1, wet_seat)
            yield (f"play-{n}p-wet{wet_seat}",
                   table_html(playing, names[:n], 0, scores=[3] * n))
            yield (f"lesson-{n}p-wet{wet_seat}",
                   table_html(playing, LESSON_NAMES[:n], 0, open_hands=True))
            done = playing.apply(playing.legal_cards()[0])
            yield (f"trick-{n}p-wet{wet_seat}",
                   table_html(done, LESSON_NAMES[:n], 0, open_hands=True, asking="winner"))


def lesson_pictures() -> Iterator[Tuple[str, str]]:
    """(name, picture) of every lesson step drawn on the table or as a deal."""
    from spar_tutor.lessons import load_all
    from spar_tutor.lessons.kinds import make_run

    for lesson in load_all():
        for i, step in enumerate(lesson.steps, start=1):
            picture = make_run(step).picture()
            if "spar-felt" in picture:
                yield f"lesson{lesson.number}-step{i}", picture


def puzzle_pictures() -> Iterator[Tuple[str, str]]:
    """(name, table) of every puzzle's first position, as the puzzle player draws it."""
    from spar_tutor.puzzles.widget import default_collection

    for number, puzzle in enumerate(default_collection().puzzles, start=1):
        yield (f"puzzle{number}", table_html(puzzle.state, puzzle.names, puzzle.seat,
                                             open_hands=puzzle.open,
                                             out_of_play=not puzzle.open))


def page_html(theme: str = "light", pictures: Iterable[Tuple[str, str]] = ()) -> str:
    """Every case (and ``pictures``) in one page with the app's styles (``theme``: light or
    dark)."""
    parts: List[str] = []
    for name, html in [*cases(), *pictures]:
        parts.append(f'<section data-case="{name}" style="margin:24px 0">'
                     f"<h4>{name}</h4>{html}</section>")
    light = "true" if theme == "light" else "false"
    return (f'<!doctype html><html><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
            f'<body data-jp-theme-light="{light}"><div class="spar-shell"><div class="spar-app">'
            f'{app_css()}{CSS}{"".join(parts)}</div></div></body></html>')


#: For each case: the overlaps found, as "what / what" text.
OVERLAPS_JS = """
() => {
  const out = [];
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
                     && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  for (const section of document.querySelectorAll('section[data-case]')) {
    const name = section.dataset.case;
    const felt = section.querySelector('.spar-felt').getBoundingClientRect();
    const seats = [...section.querySelectorAll('.spar-felt .spar-seat')];
    const cards = [...section.querySelectorAll('.spar-felt .spar-trick-card')];
    const centre = section.querySelector('.spar-felt .spar-centre');
    for (const card of cards) {
      const c = card.getBoundingClientRect();
      const what = `${name}: trick card of seat ${card.dataset.seat}` +
                   (card.classList.contains('spar-led') ? ' (led)' : '');
      for (const seat of seats)
        if (hit(c, seat.getBoundingClientRect())) out.push(`${what} / seat box ${seat.dataset.seat}`);
      for (const other of cards)
        if (other !== card && other.dataset.seat > card.dataset.seat && hit(c, other.getBoundingClientRect()))
          out.push(`${what} / trick card of seat ${other.dataset.seat}`);
      const words = centre && centre.firstChild ? centre : null;
      if (words) { const r = document.createRange(); r.selectNodeContents(words);
        for (const rect of r.getClientRects()) if (hit(c, rect)) { out.push(`${what} / the words in the middle`); break; } }
    }
    const middle = centre && centre.firstChild ? (() => { const r = document.createRange();
      r.selectNodeContents(centre); return [...r.getClientRects()]; })() : [];
    for (const seat of seats) {
      const s = seat.getBoundingClientRect();
      if (middle.some((rect) => hit(s, rect)))
        out.push(`${name}: the words in the middle / seat box ${seat.dataset.seat}`);
      if (s.left < felt.left - 1 || s.right > felt.right + 1 || s.top < felt.top - 1 || s.bottom > felt.bottom + 1)
        out.push(`${name}: seat box ${seat.dataset.seat} reaches outside the table`);
      for (const other of seats)
        if (other.dataset.seat > seat.dataset.seat && hit(s, other.getBoundingClientRect()))
          out.push(`${name}: seat box ${seat.dataset.seat} / seat box ${other.dataset.seat}`);
    }
  }
  return out;
}
"""


#: Every rank label of a card face drawn in a section: where, and its size on the screen
#: (px), if it is smaller than ``min`` or covered (each card must show one, whole).
SMALL_RANKS_JS = """
(min) => {
  const out = [];
  for (const section of document.querySelectorAll('section[data-case]')) {
    const faces = [...section.querySelectorAll('svg')].filter(
      (svg) => svg.querySelector(':scope > text.rank, :scope > g > text.rank'));
    for (const face of faces) {
      const box = face.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth)
        face.scrollIntoView({block: 'center', inline: 'center'});
      const shown = [...face.querySelectorAll(':scope > text.rank, :scope > g > text.rank')].filter((t) => {
        const r = t.getBoundingClientRect();
        if (!r.width || !r.height) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit && hit.closest('svg') === face;
      });
      const name = (face.closest('svg[aria-label]') || face).getAttribute('aria-label');
      if (!shown.length) { out.push(`${section.dataset.case}: ${name}: no rank to be seen`); continue; }
      const px = Math.max(...shown.map((t) => t.getBoundingClientRect().height / t.getBBox().height
                                              * parseFloat(t.getAttribute('font-size'))));
      if (px < min) out.push(`${section.dataset.case}: ${name}: rank ${px.toFixed(1)} px`);
    }
  }
  return out;
}
"""
