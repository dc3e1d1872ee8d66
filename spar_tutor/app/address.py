"""The address follows the learner: the page's address bar and history, driven from the kernel.

Moving to a page, a lesson step or a puzzle writes the place into the address
(``?page=lessons&lesson=3&step=4``) with a new history entry, so the browser's Back and
Forward move inside the app and a copied link opens the same place (the app follows the
address it is opened with: :mod:`.route`, :func:`spar_tutor.app.show`).

Voila runs no JavaScript of ours except what a notebook's output carries: a ``<script>``
in an HTML output runs when the page shows it. :func:`spar_tutor.app.show` displays
:data:`SCRIPT` once, next to the app. The kernel and that script talk through two hidden
widgets of :class:`Address`:

* the kernel writes where the learner is into an HTML widget (``.spar-address-out``);
  the script sees it change and calls ``history.pushState`` (or ``replaceState``);
* on ``popstate`` (Back, Forward) the script types the address into a text widget
  (``.spar-address-in``), whose new value reaches the kernel like any typed text; it also
  says once which colours the page has (Voila's theme), for the light/dark button, and
  which browser tab it is (an id kept in ``sessionStorage``: the same after a reload, another
  in a new tab), for the Play page's saved match (:mod:`spar_tutor.learning.saved_match`).

The script also moves the keyboard focus to an element drawn with ``data-spar-focus``
(the lesson player's step heading after Next). Outside Voila (JupyterLab, tests) nothing
runs and the widgets only keep the latest place.
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable, List, Optional

import ipywidgets as widgets

#: Runs once per page, in Voila only (JupyterLab's own address is left alone).
SCRIPT = """<script>
(function () {
  if (window.sparAddress || !document.getElementById('rendered_cells')) return;
  window.sparAddress = true;
  var done = {}, sent = 0, told = false, toldTab = false;
  function tabId() {  // one id per tab, kept over a reload (sessionStorage), new in a new tab
    try {
      var id = sessionStorage.getItem('spar-tab');
      if (!id) {
        id = Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
        sessionStorage.setItem('spar-tab', id);
      }
      return id;
    } catch (e) {
      return '';
    }
  }
  function tell(message) {
    var input = document.querySelector('.spar-address-in input');
    if (!input) return false;
    input.value = (++sent) + '|' + message;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    return true;
  }
  function look() {
    document.querySelectorAll('.spar-address-out [data-spar-n]').forEach(function (el) {
      var n = el.getAttribute('data-spar-n');
      if (done[n]) return;
      done[n] = true;
      var query = el.getAttribute('data-spar-query') || '';
      if (location.search.replace(/^[?]/, '') === query) return;
      var url = location.pathname + (query ? '?' + query : '') + location.hash;
      if (el.getAttribute('data-spar-mode') === 'replace') {
        history.replaceState({spar: query}, '', url);
      } else {
        history.pushState({spar: query}, '', url);
      }
    });
    var focus = document.querySelector('[data-spar-focus]');
    if (focus) {
      focus.removeAttribute('data-spar-focus');
      focus.focus();
    }
    if (!told) {
      var light = document.body.getAttribute('data-jp-theme-light');
      told = tell('theme|' + (light === 'false' ? 'dark' : 'light'));
    }
    if (told && !toldTab) {
      toldTab = tell('tab|' + tabId());
    }
  }
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
  window.addEventListener('popstate', function () {
    if (!tell('place|' + location.search.replace(/^[?]/, ''))) location.reload();
  });
  look();
})();
</script>"""


class Address(widgets.Box):
    """The two hidden widgets the kernel and :data:`SCRIPT` talk through.

    :meth:`write` puts a place (a query string) in the address; ``on_back`` callbacks get
    the query string the browser went back or forward to, ``on_theme`` ones the page's
    colours (``"light"`` or ``"dark"``)."""

    def __init__(self) -> None:
        self.out = widgets.HTML()
        self.out.add_class("spar-address-out")
        self.incoming = widgets.Text(continuous_update=True,
                                     layout=widgets.Layout(display="none"))
        self.incoming.add_class("spar-address-in")
        super().__init__([self.out, self.incoming], layout=widgets.Layout(display="none"))
        self.query: Optional[str] = None
        #: The browser tab's own id, once the page said it (kept over a reload).
        self.tab: Optional[str] = None
        self._count = 0
        self._back: List[Callable[[str], None]] = []
        self._theme: List[Callable[[str], None]] = []
        self._tab: List[Callable[[str], None]] = []
        self.incoming.observe(self._heard, names="value")

    def write(self, query: str, replace: bool = False) -> None:
        """Put ``query`` in the page's address: a new history entry, or (``replace``) in
        place of the current one. The same place twice is written once."""
        if query == self.query:
            return
        self.query = query
        self._count += 1
        mode = "replace" if replace else "push"
        self.out.value = (f'<span data-spar-n="{self._count}" data-spar-mode="{mode}" '
                          f'data-spar-query="{escape(query, quote=True)}"></span>')

    def on_back(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(query)`` when Back or Forward changes the address."""
        self._back.append(callback)

    def on_theme(self, callback: Callable[[str], None]) -> None:
        """Call ``callback("light" | "dark")`` when the page says which colours it has."""
        self._theme.append(callback)

    def on_tab(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(tab)`` when the page says which browser tab it is."""
        self._tab.append(callback)

    def _heard(self, change: dict) -> None:
        """A message from the page: ``<n>|place|<query>``, ``<n>|theme|<light|dark>`` or
        ``<n>|tab|<id>``."""
        parts = str(change["new"]).split("|", 2)
        if len(parts) != 3:
            return
        _, kind, value = parts
        if kind == "place":
            self.query = value
            for callback in list(self._back):
                callback(value)
        elif kind == "theme" and value in ("light", "dark"):
            for callback in list(self._theme):
                callback(value)
        elif kind == "tab" and re.fullmatch(r"[A-Za-z0-9]{1,40}", value) and self.tab is None:
            self.tab = value
            for callback in list(self._tab):
                callback(value)
