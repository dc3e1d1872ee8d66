"""What the widgets share: the page's CSS, safe callbacks and small helpers."""

from __future__ import annotations

import functools
import logging
import os
import sys
import tempfile
import time
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Tuple, TypeVar

import ipywidgets as widgets
from ..i18n import N_, _

log = logging.getLogger("spar_tutor.widgets")

SORRY = N_("Sorry, something went wrong there (the details are in the log). "
           "Your game is safe: carry on.")

F = TypeVar("F", bound=Callable[..., Any])


def log_to_file(path: Optional[str] = None) -> str:
    """Send spar_tutor's log to a file (once), so details never land in the learner's page.

    The file is ``$SPAR_TUTOR_LOG`` or ``spar-tutor.log`` in the temp folder."""
    logger = logging.getLogger("spar_tutor")
    for h in logger.handlers:
        if isinstance(h, logging.FileHandler):
            return h.baseFilename
    path = path or os.environ.get("SPAR_TUTOR_LOG") or os.path.join(
        tempfile.gettempdir(), "spar-tutor.log")
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)
    return handler.baseFilename


def guarded(report: Callable[[str], None], *, sorry: str = SORRY,
            logger: logging.Logger = log) -> Callable[[F], F]:
    """Wrap a widget callback so no exception escapes: ``logger`` gets it with its
    traceback, and ``report(sorry)`` tells the learner (``sorry`` is English marked
    with ``N_()``; it is translated when shown)."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def safe(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception:
                logger.exception("callback %s failed", getattr(fn, "__qualname__", fn))
                try:
                    report(_(sorry))
                except Exception:
                    logger.exception("could not report the failure")
                return None

        return safe  # type: ignore[return-value]

    return wrap


def guarded_method(report: Callable[[Any, str], None], *, sorry: str = SORRY,
                   logger: logging.Logger = log) -> Callable[[F], F]:
    """:func:`guarded` for a method whose report needs its object: ``report(self, sorry)``."""

    def wrap(method: F) -> F:
        @functools.wraps(method)
        def safe(self: Any, *args: Any, **kwargs: Any) -> Any:
            report_self = functools.partial(report, self)
            return guarded(report_self, sorry=sorry, logger=logger)(method)(self, *args, **kwargs)

        return safe  # type: ignore[return-value]

    return wrap


def defer(fn: Callable[[], Any]) -> None:
    """Run ``fn`` after the current kernel message is handled (at once outside a kernel).

    Slow drawings (charts) use it so that a click's main answer reaches the
    browser first."""
    import asyncio

    loop = None
    if DEFER_IN_LOOP or in_kernel():
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
    if loop is None:
        fn()
    else:
        loop.call_soon(fn)


#: Defer on any running asyncio loop, not only a kernel's (the benchmark sets it).
DEFER_IN_LOOP = False


def in_kernel() -> bool:
    """True inside a running IPython kernel (Jupyter or Voila)."""
    kernelbase = sys.modules.get("ipykernel.kernelbase")
    return bool(kernelbase and kernelbase.Kernel.initialized())


#: While the bots answer a click, a view draws their moves only once they have been at it
#: this long (seconds), then at most this often; the redraw when they are done always
#: comes. Quick bots are then drawn once a click, with the learner's card: drawing every
#: move sent the table three to seven times a click, and thirty learners clicking
#: together on one server queued behind those copies (benchmarks/classroom_load.py).
MOVE_REDRAW_S = 0.1


class MovePacer:
    """Which of the session's "moved" events a view draws (see :data:`MOVE_REDRAW_S`)."""

    def __init__(self) -> None:
        self._since: Optional[float] = None

    def changed(self) -> None:
        """The session's "changed" event: the next moves start a new run."""
        self._since = None

    def due(self) -> bool:
        """On a "moved" event: whether to draw it now."""
        now = time.monotonic()
        if self._since is None:  # the learner's own move: the bots may answer at once
            self._since = now
            return False
        if now - self._since < MOVE_REDRAW_S:
            return False
        self._since = now
        return True


def session_reporter(session: Any) -> Callable[[str], None]:
    """A ``report`` for :func:`guarded` that shows the message through the session."""
    return lambda message: session.emit("error", message)


def html(value: str = "", **layout: Any) -> widgets.HTML:
    """An HTML widget with an optional layout."""
    return widgets.HTML(value=value, layout=widgets.Layout(**layout))


def button(description: str, tooltip: str = "", **kwargs: Any) -> widgets.Button:
    """A button whose tooltip defaults to its description."""
    return widgets.Button(description=description, tooltip=tooltip or description, **kwargs)


class ButtonPool:
    """Buttons a view draws again and again (a step's answers, a puzzle's hand), kept and
    redrawn in place.

    A new button is a message to the page and a model there that lives as long as the
    page; a redraw that makes its buttons afresh sends them all again and leaves the old
    ones behind in the kernel. A pool keeps one button per key (a card, an answer's words)
    and makes one only for a key it has not drawn before; :meth:`draw` gives each button
    its words, look and what a click does now. A button keeps its meaning: a card's button
    is always that card, so a double click cannot land on the card drawn next in its place.
    A button the last draw left out does nothing when clicked (a click on a screen that has
    moved on).

    ``guard`` wraps every click (:func:`guarded`: an error reaches the log, not the page).
    """

    def __init__(self, guard: Callable[[Callable[..., Any]], Callable[..., Any]],
                 **layout: Any) -> None:
        self._guard = guard
        self._layout = layout
        #: One layout and one style for all the pool's buttons (a new button is then one
        #: message to the page, not three).
        self._shared: Optional[Tuple[widgets.Layout, widgets.ButtonStyle]] = None
        self.buttons: Dict[Hashable, widgets.Button] = {}
        self._actions: Dict[Hashable, Callable[[], Any]] = {}

    def draw(self, items: Iterable[Tuple[Hashable, Callable[[], Any], Dict[str, Any]]]
             ) -> List[widgets.Button]:
        """The buttons for ``items``, in order: (key, what a click does, traits), the traits
        (``description``, ``tooltip``, ``disabled``, ``_dom_classes``...) set in one message
        each (the tooltip is the description unless given)."""
        drawn = []
        self._actions = {}
        for key, action, traits in items:
            button = self.buttons.get(key)
            if button is None:
                button = self.buttons[key] = self._make(key)
            self._actions[key] = action
            traits = {"tooltip": traits.get("description", ""), "disabled": False,
                      "_dom_classes": (), **traits}
            with button.hold_sync():
                for name, value in traits.items():
                    if getattr(button, name) != value:
                        setattr(button, name, value)
            drawn.append(button)
        return drawn

    def _make(self, key: Hashable) -> widgets.Button:
        if self._shared is None:
            self._shared = (widgets.Layout(**self._layout), widgets.ButtonStyle())
        layout, style = self._shared
        button = widgets.Button(layout=layout, style=style)
        button.on_click(self._guard(lambda _click: self._actions.get(key, _nothing)()))
        return button


def _nothing() -> None:
    """What a click on a button the last draw left out does."""


#: Text colours for inline styles: the app's palette for the theme of the moment (AA in
#: light and dark, tests/test_app_style.py); in a notebook, JupyterLab's theme colours.
INK = "var(--spar-ink, var(--jp-content-font-color1, #1b1b1b))"
MUTED_INK = "var(--spar-muted, var(--jp-content-font-color2, #555))"
BAD_INK = "var(--spar-red-ink, var(--jp-error-color1, #b3261e))"
GOOD_INK = "var(--spar-accent, var(--jp-success-color1, #17803d))"

CSS = """
<style>
.spar-app { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1a1a1a; }
.spar-app .widget-html-content { line-height: 1.35; }
.spar-title { font-size: 20px; font-weight: bold; color: #0f5a31; }
.spar-status { font-size: 15px; padding: 6px 10px; border-radius: 6px; background: #f3f7f4;
  border-left: 5px solid #17803d; min-height: 22px; }
.spar-status.spar-warn { background: #fff6e0; border-left-color: #d9a521; }
.spar-status.spar-error { background: #fdecea; border-left-color: #b3261e; }
.spar-main { gap: 12px; }
.spar-replay { zoom: 0.8; }
.spar-table { display: flex; flex-direction: column; gap: 6px; }
.spar-felt { position: relative; flex: none; }
.spar-oval { position: absolute; left: 44px; top: 36px; right: 44px; bottom: 36px;
  border-radius: 50%; background: radial-gradient(ellipse at center, #2a8f55 0%, #1b6e3f 60%,
  #125431 100%); border: 14px solid #6b3f1d; box-shadow: inset 0 0 30px rgba(0,0,0,.45),
  0 4px 10px rgba(0,0,0,.35); }
.spar-seat { position: absolute; min-width: 96px; max-width: 168px; box-sizing: border-box;
  padding: 4px 7px; border-radius: 10px; background: rgba(20, 40, 28, .88); color: #fff;
  text-align: center; font-size: 13px; line-height: 1.3; border: 3px solid transparent; }
.spar-seat.spar-turn { border-color: #ffd54f; box-shadow: 0 0 14px 4px rgba(255, 213, 79, .8); }
.spar-seat.spar-you { background: rgba(13, 71, 161, .9); }
.spar-seat-name { font-weight: bold; }
.spar-seat-role { font-size: 11px; font-weight: normal; }
.spar-points { font-size: 12px; margin: 0 2px; }
.spar-chip { display: inline-block; min-width: 18px; height: 18px; line-height: 18px;
  border-radius: 9px; font-size: 11px; font-weight: bold; margin-left: 4px; padding: 0 4px; }
.spar-chip-dealer { background: #fff; color: #1a1a1a; border: 2px solid #d9a521; }
.spar-chip-lead { background: #d9a521; color: #1a1a1a; }
.spar-chip-turn { background: #ffd54f; color: #1a1a1a; }
.spar-seat-cards { margin-top: 3px; display: flex; gap: 4px; justify-content: center;
  align-items: flex-end; }
.spar-decl { font-size: 10px; text-align: center; }
.spar-trick-card { position: absolute; transform: translate(-50%, -50%); text-align: center;
  color: #fff; font-size: 11px; font-weight: bold; text-shadow: 0 1px 2px #000; }
.spar-trick-card svg { display: block; margin: 0 auto 2px auto; border-radius: 6px; }
.spar-trick-card span { display: block; overflow-wrap: anywhere; }
.spar-trick-card.spar-in-row { transform: translate(-50%, 0); }
.spar-app .jupyter-button.mod-primary:disabled, .spar-app .jupyter-button.mod-success:disabled,
.spar-app .jupyter-button.mod-info:disabled, .spar-app .jupyter-button.mod-warning:disabled,
.spar-app .jupyter-button.mod-danger:disabled { filter: grayscale(1); }
.spar-trick-card.spar-in-row span { font-size: 10px; line-height: 1.1; overflow-wrap: break-word;
  max-width: calc(100% - 2px); margin: 0 auto; }
.spar-winning svg { box-shadow: 0 0 0 3px #ffd54f, 0 0 10px 3px rgba(255,213,79,.8); }
.spar-centre { position: absolute; transform: translate(-50%, -50%); color: #fff;
  text-align: center; font-size: 14px; text-shadow: 0 1px 2px #000; width: 260px; }
.spar-banner { background: rgba(0,0,0,.55); border-radius: 8px; padding: 6px 10px;
  font-size: 15px; font-weight: bold; }
.spar-side { display: flex; flex-flow: row wrap; gap: 6px 24px; font-size: 12px;
  max-width: 680px; }
.spar-side h4 { margin: 4px 0 4px 0; font-size: 13px; color: #0f5a31; }
.spar-pile-row { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; margin: 2px 0;
  white-space: nowrap; }  /* "Trick 1:" and "won by Kofi" whole, wrapping as units */
.spar-pile-trick { display: inline-flex; gap: 2px; }
.spar-pile-card { display: inline-flex; flex-direction: column; align-items: center;
  width: 38px; }
.spar-pile-card > span { font-size: 10px; line-height: 1.2; max-width: 38px; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.spar-pile-won > span { font-weight: bold; }
.spar-hand-box { align-items: flex-end; gap: 6px; padding: 6px 4px; }
.spar-card-btn.jupyter-button { width: 84px; height: 140px; padding: 0 2px 3px 2px;
  background-color: transparent !important; background-repeat: no-repeat;
  background-position: 5px 4px; background-size: 74px 104px; border: 2px solid transparent;
  border-radius: 10px; display: flex; align-items: flex-end; justify-content: center;
  white-space: normal; font-size: 11px; line-height: 1.15; overflow: visible;
  box-shadow: none; transition: transform .08s; }
.spar-card-btn.jupyter-button:hover { transform: translateY(-8px); }
.spar-card-btn.jupyter-button:focus-visible { outline: 3px solid #1565c0; }
/* a card clicked with the mouse keeps its button (widgets.common.ButtonPool) and its focus:
   no outline then, which could read as "chosen"; the keyboard's focus still shows */
.spar-card-btn.jupyter-button:focus:not(:focus-visible) { outline: none; }
.spar-card-btn.spar-unplayable { color: #777; }
.spar-card-btn.spar-unplayable:hover { transform: none; }
.spar-panel { border: 1px solid #cfd8d2; border-radius: 8px; padding: 8px; background: #fff; }
/* a question under the table wraps at the table's width: the hints stay beside it */
.spar-main-left > .spar-panel { max-width: 680px; box-sizing: border-box; }
.spar-panel-title { font-weight: bold; color: #0f5a31; font-size: 14px; }
.spar-hint-text { font-size: 14px; padding: 4px 0; }
.spar-hint-buttons { flex-wrap: wrap; gap: 4px 0; }
.spar-hint-buttons .jupyter-button { flex: 0 0 auto; max-width: 100%; }
.spar-review td, .spar-review th { padding: 2px 6px; text-align: left; font-size: 13px; vertical-align: top; }
.spar-review td:first-child { white-space: nowrap; }
/* a phone: each decision is a block, the hindsight under it (three columns were ~100 px each) */
@media (max-width: 480px) {
  .spar-review, .spar-review tbody, .spar-review tr, .spar-review td { display: block; }
  .spar-review tr:has(th) { display: none; }
  .spar-review tr { padding: 6px 0; border-top: 1px solid #cfd8d2; }
  .spar-review td:first-child { font-weight: bold; } }
.spar-score td, .spar-score th { padding: 2px 8px; text-align: right; font-size: 13px; }
.spar-score td:first-child, .spar-score th:first-child { text-align: left; }
/* cards in words (render.text.card_html): the suit's colour; on the felt a white tag
   (the app's dark theme repeats the tag's colours: its scoped .sp-red outranks these) */
.sp-c { font-weight: bold; white-space: nowrap; } .sp-red { color: #c62828; }
.spar-felt .sp-c { background: #fff; color: #1a1a1a; border-radius: 3px; padding: 0 3px; }
.spar-felt .sp-c.sp-red { color: #c62828; }
/* a laptop's short window: Play's table is drawn smaller, so that the learner's cards
   stay on the first screen under it down to a window 740 px high (no smaller: the
   seats' words would be too small to read) */
@media (min-width: 761px) and (max-height: 860px) { .spar-app .spar-felt { zoom: 0.85; } }
@media (min-width: 761px) and (max-height: 760px) { .spar-app .spar-felt { zoom: 0.72; } }
/* phones and narrow windows: no oval; the seats, the trick and the words follow each
   other (the others' seats, the words, the trick, then yours), at full size */
@media (max-width: 760px) {
  .spar-main-left, .spar-main-right { flex: 1 1 100% !important; min-width: 0;
    max-width: 100%; width: auto !important; }
  .spar-controls, .spar-hand-box { flex-wrap: wrap; }
  .spar-felt { display: flex; flex-flow: row wrap; gap: 6px; justify-content: center;
    width: auto !important; height: auto !important; max-width: 100%; box-sizing: border-box;
    padding: 8px; border-radius: 18px; border: 8px solid #6b3f1d;
    background: radial-gradient(ellipse at center, #2a8f55 0%, #1b6e3f 70%, #125431 100%); }
  .spar-felt .spar-oval { display: none; }
  .spar-felt .spar-seat, .spar-felt .spar-centre, .spar-felt .spar-trick-card {
    position: static; transform: none !important; }
  .spar-felt .spar-seat { order: 1; flex: 1 1 40%; max-width: none !important; min-width: 0; }
  .spar-felt .spar-centre { order: 2; flex: 1 1 100%; width: auto; }
  .spar-felt .spar-trick { order: 3; flex: 1 1 100%; display: flex; flex-wrap: wrap;
    justify-content: center; gap: 6px; }
  .spar-felt .spar-trick-card { width: auto !important; }
  .spar-felt .spar-seat.spar-you { order: 4; flex-basis: 100%; }
  .spar-main-right > .spar-hints { order: -1; } }
@media (max-width: 460px) {
  .widget-hbox { flex-wrap: wrap; }
  .widget-hbox > .jupyter-button { flex-shrink: 0; } }
</style>
"""
