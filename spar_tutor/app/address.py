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
(the lesson player's step heading after Next), and asks the server every 2.5 s whether the
page's kernel is still there (``GET api/kernels/<id>``): when it is gone (404: the server
was restarted, or the kernel), or the server does not answer twice, it shows "The tutor was
restarted. Reload this page to go on." with a button that reloads, in the words
:meth:`Address.words` put in the page. Outside Voila (JupyterLab, tests) nothing
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
  // The kernel or the server gone (a restart, a crash, a culled kernel): say so, within
  // seconds, instead of clicks that do nothing. Voila answers GET api/kernels/<id> with 404
  // once the kernel is gone (or was restarted: spar_tutor.server.kernels).
  var config = document.getElementById('jupyter-config-data');
  var cfg = {};
  try { cfg = config ? JSON.parse(config.textContent) : {}; } catch (e) { cfg = {}; }
  var misses = 0, gone = false;
  function sayGone() {
    if (gone) return;
    gone = true;
    var words = document.querySelector('[data-spar-gone]');
    var box = document.createElement('div');
    box.className = 'spar-gone';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;left:0;right:0;top:0;z-index:10000;padding:14px 18px;' +
      'background:#7a1e12;color:#fff;font:bold 17px/1.4 "DejaVu Sans",Arial,sans-serif;' +
      'display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:center';
    var text = document.createElement('span');
    text.textContent = words ? words.getAttribute('data-spar-gone') :
      'The tutor was restarted. Reload this page to go on.';
    var again = document.createElement('button');
    again.textContent = words ? words.getAttribute('data-spar-reload') : 'Reload this page';
    again.style.cssText = 'font:bold 16px "DejaVu Sans",Arial,sans-serif;padding:6px 14px;' +
      'border-radius:6px;border:2px solid #fff;background:#fff;color:#7a1e12;cursor:pointer';
    again.onclick = function () { location.reload(); };
    box.appendChild(text);
    box.appendChild(again);
    document.body.appendChild(box);
    again.focus();
  }
  function miss() { if (++misses >= 2) sayGone(); }
  function check() {
    if (gone || !cfg.kernelId || !window.fetch) return;
    var control = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (control) control.abort(); }, 2000);
    var base = (cfg.baseUrl || '/').replace(/[/]?$/, '/');
    fetch(base + 'api/kernels/' + cfg.kernelId, {cache: 'no-store', credentials: 'same-origin',
                                                  signal: control ? control.signal : undefined})
      .then(function (answer) {
        clearTimeout(timer);
        if (answer.status === 404) sayGone();
        else if (answer.ok || answer.status === 401 || answer.status === 403) misses = 0;
        else miss();
      }, function () { clearTimeout(timer); miss(); });
  }
  setInterval(check, 2500);
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
        #: What the page says when the kernel or the server has gone (see :meth:`words`).
        self.gone = widgets.HTML()
        super().__init__([self.out, self.incoming, self.gone],
                         layout=widgets.Layout(display="none"))
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

    def words(self, gone: str, reload: str) -> None:
        """What the page shows if the kernel or the server goes (the script shows it: the
        kernel is gone then), in the learner's language: the sentence and the button."""
        self.gone.value = (f'<span data-spar-gone="{escape(gone, quote=True)}" '
                           f'data-spar-reload="{escape(reload, quote=True)}"></span>')

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
