"""The app's look: two palettes (light and dark) and the CSS built from them.

Voila's ``--theme`` sets ``data-jp-theme-light`` on the page's ``<body>``; the
app's colours follow it, so one kernel serves either theme. Every text colour
is checked against its background for WCAG AA contrast (4.5 : 1) in the tests.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

LIGHT: Dict[str, str] = {
    "paper": "#fbfaf5",     # page background
    "panel": "#ffffff",     # boxes on the page
    "ink": "#1b1b1b",       # body text
    "muted": "#45474a",     # secondary text
    "accent": "#0d6334",    # headings, links, main buttons (Ghana green)
    "on-accent": "#ffffff",
    "soft": "#e7f2ea",      # selected navigation tab
    "gold": "#f2c94c",
    "on-gold": "#1b1b1b",
    "line": "#c9d3cc",
    "focus": "#1565c0",
    "warn-bg": "#fff4d6",
    "warn-ink": "#5c3b00",
    "ok-bg": "#e8f5e9",     # feedback: right
    "bad-bg": "#fdecea",    # feedback: wrong
    "hint-bg": "#e3f2fd",   # feedback: a hint
    "red-ink": "#c62828",   # hearts and diamonds named in text
}

DARK: Dict[str, str] = {
    "paper": "#111111",
    "panel": "#1c211d",
    "ink": "#f0f0f0",
    "muted": "#c9c9c9",
    "accent": "#7fdca0",
    "on-accent": "#0b1f12",
    "soft": "#1f3326",
    "gold": "#f2c94c",
    "on-gold": "#1b1b1b",
    "line": "#3c4a40",
    "focus": "#8ab4f8",
    "warn-bg": "#3a2e10",
    "warn-ink": "#ffe29a",
    "ok-bg": "#173322",
    "bad-bg": "#3b1c1a",
    "hint-bg": "#16283d",
    "red-ink": "#ff8a80",
}

#: (text, background) pairs that must read well, by palette key.
CONTRAST_PAIRS: List[Tuple[str, str]] = [
    ("ink", "paper"), ("ink", "panel"), ("muted", "paper"), ("muted", "panel"),
    ("accent", "paper"), ("accent", "panel"), ("on-accent", "accent"), ("accent", "soft"),
    ("on-gold", "gold"), ("warn-ink", "warn-bg"), ("ink", "ok-bg"), ("ink", "bad-bg"),
    ("ink", "hint-bg"), ("red-ink", "paper"), ("red-ink", "panel"), ("red-ink", "bad-bg"),
]


def _variables(palette: Dict[str, str]) -> str:
    return " ".join(f"--spar-{k}: {v};" for k, v in palette.items())


RULES = """
.spar-shell { font-family: 'DejaVu Sans', 'Noto Sans', Arial, sans-serif; font-size: 15px;
  color: var(--spar-ink); background: var(--spar-paper); padding: 0 16px 24px 16px;
  max-width: 1180px; margin: 0 auto; line-height: 1.45; }
.spar-shell .widget-html-content, .spar-shell .widget-label { color: var(--spar-ink);
  font-size: 15px; line-height: 1.45; }
.spar-shell a { color: var(--spar-accent); }
.spar-shell h1, .spar-shell h2, .spar-shell h3 { color: var(--spar-accent); margin: 10px 0 6px 0;
  line-height: 1.2; }
.spar-shell h1 { font-size: 28px; } .spar-shell h2 { font-size: 22px; }
.spar-shell h3 { font-size: 17px; }
.spar-shell p { margin: 4px 0 8px 0; max-width: 70ch; }
.spar-muted { color: var(--spar-muted); }
.spar-kente { height: 8px; border-radius: 4px; margin: 8px 0 4px 0; background: repeating-linear-gradient(
  90deg, #0d6334 0 28px, #f2c94c 28px 40px, #b3261e 40px 52px, #f2c94c 52px 64px, #1b1b1b 64px 70px); }
.spar-header { align-items: center; gap: 6px 10px; flex-wrap: wrap; padding: 6px 0; }
.spar-brand { font-size: 22px; font-weight: bold; color: var(--spar-accent); margin-right: 12px; }
.spar-shell .jupyter-button:not([class*="card-btn"]) { color: var(--spar-ink);
  background-color: var(--spar-panel); border: 1px solid var(--spar-line); border-radius: 6px;
  box-shadow: none; }
.spar-shell .jupyter-button:not([class*="card-btn"]):hover:enabled { border-color: var(--spar-accent); }
.spar-shell .jupyter-button.spar-primary, .spar-shell .jupyter-button.spar-gold,
.spar-shell .jupyter-button.spar-secondary, .spar-shell .jupyter-button.spar-lesson-btn,
.spar-shell .jupyter-button.spar-nav { font-size: 15px; height: auto; min-height: 36px;
  padding: 6px 14px; width: auto; border-radius: 8px; align-self: flex-start; }
.spar-shell .jupyter-button.mod-primary:enabled:not([class*="card-btn"]),
.spar-shell .jupyter-button.mod-success:enabled:not([class*="card-btn"]) { background-color: var(--spar-accent);
  color: var(--spar-on-accent); border-color: var(--spar-accent); font-weight: bold; }
.spar-shell .jupyter-button.mod-danger { background-color: var(--spar-bad-bg);
  color: var(--spar-ink); border-color: var(--spar-red-ink); }
.spar-shell .jupyter-button.mod-active { background-color: var(--spar-accent);
  color: var(--spar-on-accent); border-color: var(--spar-accent); font-weight: bold; }
.spar-shell .jupyter-button:focus-visible, .spar-shell input:focus-visible,
.spar-shell select:focus-visible { outline: 3px solid var(--spar-focus); outline-offset: 2px; }
.spar-shell .jupyter-button:disabled { opacity: 0.6; }
.spar-shell .jupyter-button.spar-nav { background-color: transparent; border: none;
  border-bottom: 3px solid transparent; border-radius: 6px 6px 0 0; font-weight: bold; }
.spar-shell .jupyter-button.spar-nav.spar-nav-on { background-color: var(--spar-soft);
  color: var(--spar-accent); border-bottom-color: var(--spar-accent); }
.spar-shell .jupyter-button.spar-primary { background-color: var(--spar-accent);
  color: var(--spar-on-accent); border-color: var(--spar-accent); font-weight: bold;
  font-size: 17px; min-height: 44px; padding: 8px 20px; }
.spar-shell .jupyter-button.spar-gold { background-color: var(--spar-gold); color: var(--spar-on-gold);
  border-color: var(--spar-gold); font-weight: bold; }
.spar-shell .jupyter-button.spar-theme { margin-left: auto; font-weight: normal; }
.spar-row { flex-wrap: wrap; gap: 8px 10px; align-items: center; margin: 6px 0; }
.spar-shell .jupyter-button.spar-lesson-btn { width: 340px; justify-content: flex-start;
  text-align: left; flex: none; }
.spar-lesson-row { flex-wrap: nowrap; }
/* a long lesson title or "Continue lesson 7: ..." wraps onto a second line, never cut
   with an ellipsis (French titles are a third longer than English ones) */
.spar-shell .jupyter-button.spar-lesson-btn, .spar-shell .jupyter-button.spar-primary {
  white-space: normal; overflow: visible; text-overflow: clip; max-width: 100%;
  line-height: 1.3; }
.spar-panel-box { background: var(--spar-panel); border: 1px solid var(--spar-line);
  border-radius: 10px; padding: 12px 16px; margin: 6px 0; }
.spar-notice .widget-html-content > div { background: var(--spar-warn-bg);
  color: var(--spar-warn-ink); border-radius: 8px; padding: 8px 12px; margin: 6px 0; }
.spar-ref-table { border-collapse: collapse; margin: 6px 0 12px 0; font-size: 14px; }
.spar-ref-table th, .spar-ref-table td { border: 1px solid var(--spar-line); padding: 4px 8px;
  text-align: left; vertical-align: top; color: var(--spar-ink); }
.spar-ref-table th { background: var(--spar-soft); color: var(--spar-ink); }
.spar-ref-table td.num { text-align: right; font-variant-numeric: tabular-nums; }
.spar-path-heading { margin: 8px 0 2px 0; font-weight: bold; }
.spar-path { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0;
  margin: 4px 0 8px 0; }
.spar-path li { width: 46px; height: 46px; border-radius: 50%; display: flex;
  flex-direction: column; align-items: center; justify-content: center; font-weight: bold;
  font-size: 14px; line-height: 1.1; border: 2px solid var(--spar-line);
  color: var(--spar-muted); background: var(--spar-panel); box-sizing: border-box; }
.spar-path li.spar-path-done { background: var(--spar-accent); color: var(--spar-on-accent);
  border-color: var(--spar-accent); }
.spar-path li.spar-path-begun { border-color: var(--spar-accent); color: var(--spar-accent);
  border-style: dashed; }
.spar-path-stars { font-size: 12px; letter-spacing: -1px; color: var(--spar-gold); }
.spar-path-key { margin: 0 0 6px 0; font-size: 14px; }
.spar-progress-lines { margin: 4px 0 8px 0; padding-left: 20px; }
.spar-class-grid th.num, .spar-class-grid td, .spar-class-grid td.num { text-align: center;
  padding: 4px 6px; min-width: 34px; white-space: nowrap; }
.spar-class-grid td.spar-grid-begun { color: var(--spar-ink); font-size: 14px; }
.spar-class-grid .sp-stars { font-size: 16px; }
.spar-class-grid th[scope="row"] { position: sticky; left: 0; z-index: 1; }
.spar-class-table td:last-child { white-space: nowrap; }
.spar-class-grid tr.spar-grid-total th, .spar-class-grid tr.spar-grid-total td {
  border-top: 2px solid var(--spar-ink); font-weight: bold; }
.spar-shell input[type="text"] { font-size: 15px; color: var(--spar-ink);
  background: var(--spar-panel); border: 1px solid var(--spar-line); }
.spar-shell .widget-dropdown select { font-size: 15px; color: var(--spar-ink);
  background-color: var(--spar-panel); border: 1px solid var(--spar-line); }
.spar-shell .widget-label, .spar-shell .widget-inline-hbox .widget-label { color: var(--spar-ink); }
.spar-shell .widget-tab > .lm-TabBar .lm-TabBar-tab { color: var(--spar-ink);
  background: var(--spar-soft); border-color: var(--spar-line); }
.spar-shell .widget-tab > .lm-TabBar .lm-TabBar-tab.lm-mod-current {
  background: var(--spar-panel); color: var(--spar-accent); font-weight: bold; }
.spar-shell .widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.spar-shell .widget-tab > .lm-TabBar { height: auto; min-height: var(--jp-private-horizontal-tab-height, 24px); }
.spar-shell .widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; max-width: none; }
.spar-shell .widget-tab > .lm-TabBar .lm-TabBar-tabLabel { overflow: visible; text-overflow: clip; }
.spar-shell .widget-tab > .widget-tab-contents { background: var(--spar-panel);
  border-color: var(--spar-line); }
.spar-hero { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 32px; }
.spar-hero-cards { padding: 8px 0; }
.spar-hero-cards svg { margin-right: -18px; filter: drop-shadow(0 2px 3px rgba(0,0,0,.35)); }
@media (max-width: 760px) {
  .spar-shell { padding: 0 10px 24px 10px; }
  /* a finger, not a mouse: every button but the cards (pictures) and the page tabs is at
     least 40 px high */
  .spar-shell .jupyter-button:not([class*="card-btn"]):not(.spar-nav) { height: auto;
    min-height: 40px; }
  .spar-brand { font-size: 19px; margin-right: 4px; }
  .spar-shell .jupyter-button.spar-nav { padding: 4px 8px; font-size: 14px; min-height: 32px; }
  .spar-shell .widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
  .spar-shell .widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 1 1 auto; min-width: 0;
    max-width: none; height: auto; min-height: 32px; }
  .spar-shell .widget-tab > .lm-TabBar .lm-TabBar-tabLabel { white-space: normal;
    overflow: visible; text-overflow: clip; line-height: 1.3; padding: 4px 0; }
  .spar-shell .widget-html, .spar-shell .widget-html-content { min-width: 0; max-width: 100%; }
  /* a lesson's button on one line, its summary on the next, each the screen's width (side
     by side, the summary was squeezed to nothing) */
  .spar-lesson-row { flex-wrap: wrap; }
  .spar-shell .jupyter-button.spar-lesson-btn { width: 100%; }
  .spar-lesson-row > .widget-html { flex: 1 1 100% !important; }
  .spar-ref-table { display: block; overflow-x: auto; max-width: 100%; }
  .spar-class-chart { display: none; } /* its words are too small there; the list says it */
  .spar-ref-table.spar-stack, .spar-stack tbody, .spar-stack tr, .spar-stack td,
  .spar-stack caption { display: block; }
  .spar-stack caption { text-align: left; }
  .spar-stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); }
  .spar-stack tr { border: 1px solid var(--spar-line); border-radius: 6px; margin: 0 0 8px 0; }
  .spar-stack td, .spar-ref-table.spar-stack td.num { display: flex; gap: 8px; border: none;
    border-top: 1px solid var(--spar-line); text-align: left; }
  .spar-stack td:first-child, .spar-stack th[scope="row"] { border-top: none;
    font-weight: bold; background: var(--spar-soft); }
  .spar-stack th[scope="row"] { display: block; border: none; }
  .spar-stack td::before { content: attr(data-label); flex: 0 0 38%; font-weight: bold;
    color: var(--spar-ink); } }
@media (max-width: 480px) {
  /* a phone: the brand, the colours and the language on the first row, the six pages on
     the second, so that the table and the learner's cards come up sooner */
  .spar-header { gap: 4px 2px; }
  .spar-brand { font-size: 17px; margin-right: 0; }
  /* the colours button is its moon alone (its words stay its name, for a screen reader) */
  .spar-shell .jupyter-button.spar-theme { order: 1; padding: 4px 8px; font-size: 0; }
  .spar-shell .jupyter-button.spar-theme i { font-size: 16px; margin: 0; }
  .spar-header > .spar-language { order: 2; }
  .spar-header::after { content: ""; order: 3; flex-basis: 100%; height: 0; }
  .spar-shell .jupyter-button.spar-nav:not(.spar-theme) { order: 4; padding: 4px 3px;
    margin: 0 1px; font-size: 13px; } }
"""


#: The play table's, lesson player's and puzzle player's own styles are drawn for a light
#: page; in the dark theme these rules give their text boxes the app's dark colours (the
#: felt, the seats and the cards keep theirs).
DARK_BRIDGE = """
.spar-shell .spar-app { color: var(--spar-ink); }
.spar-shell .spar-status { background: var(--spar-panel); color: var(--spar-ink); }
.spar-shell .spar-status.spar-warn { background: var(--spar-warn-bg); color: var(--spar-warn-ink); }
.spar-shell .spar-status.spar-error { background: var(--spar-bad-bg); }
.spar-shell .spar-panel { background: var(--spar-panel); border-color: var(--spar-line); }
.spar-shell .spar-title, .spar-shell .spar-panel-title, .spar-shell .spar-side h4 {
  color: var(--spar-accent); }
.spar-shell .sp-feedback-right { background: var(--spar-ok-bg); }
.spar-shell .sp-feedback-wrong, .spar-shell .sp-broken { background: var(--spar-bad-bg); }
.spar-shell .sp-feedback-hint { background: var(--spar-hint-bg); }
.spar-shell .sp-red { color: var(--spar-red-ink); }
.spar-shell .spar-felt .sp-c { color: #1a1a1a; }
.spar-shell .spar-felt .sp-c.sp-red { color: #c62828; }
.spar-shell .sp-lesson td, .spar-shell .sp-lesson th { border-color: var(--spar-line); }
.spar-shell .spar-pz { color: var(--spar-ink); }
.spar-shell .spar-pz-goal { background: var(--spar-warn-bg); color: var(--spar-warn-ink); }
.spar-shell .spar-pz-status { background: var(--spar-panel); color: var(--spar-ink); }
.spar-shell .spar-pz-status.spar-pz-wrong { background: var(--spar-bad-bg); }
.spar-shell .spar-pz-status.spar-pz-solved { background: var(--spar-ok-bg); }
.spar-shell .spar-pz-meta { color: var(--spar-muted); }
"""


#: Where the dark palette applies: Voila's dark theme (unless the learner chose light
#: colours), or the learner's choice of dark colours (the app's light/dark button).
DARK_SHELL = ('body[data-jp-theme-light="false"] .spar-shell:not(.spar-light)',
              ".spar-shell.spar-dark")

#: JupyterLab's widget colours, set from a palette where the learner's choice of colours
#: differs from Voila's theme (sliders, check boxes and the like follow them).
JP_VARIABLES = {
    "--jp-widgets-color": "ink", "--jp-widgets-label-color": "ink",
    "--jp-widgets-readout-color": "ink", "--jp-widgets-input-color": "ink",
    "--jp-widgets-input-background-color": "panel", "--jp-widgets-input-border-color": "line",
    "--jp-ui-font-color0": "ink", "--jp-ui-font-color1": "ink", "--jp-ui-font-color2": "muted",
    "--jp-content-font-color1": "ink", "--jp-layout-color0": "paper",
    "--jp-layout-color1": "panel", "--jp-layout-color2": "soft", "--jp-border-color1": "line",
}


def _jp_variables(palette: Dict[str, str]) -> str:
    return " ".join(f"{k}: {palette[v]};" for k, v in JP_VARIABLES.items())


def _dark(rules: str) -> str:
    """Each rule of ``rules`` (whose selectors start with ``.spar-shell``) limited to
    where the dark palette applies (:data:`DARK_SHELL`)."""
    out = []
    for rule in rules.strip().split("}"):
        if rule.strip():
            selectors, body = rule.split("{", 1)
            scoped = ", ".join(sel.strip().replace(".spar-shell", shell, 1)
                               for sel in selectors.split(",") for shell in DARK_SHELL)
            out.append(f"{scoped} {{{body}}}")
    return "\n".join(out)


def app_css() -> str:
    """The ``<style>`` element of the app: both palettes and the rules."""
    dark = ", ".join(DARK_SHELL)
    return (
        "<style>\n"
        f".spar-shell {{ {_variables(LIGHT)} }}\n"
        f"{dark} {{ {_variables(DARK)} }}\n"
        f".spar-shell.spar-dark {{ {_jp_variables(DARK)} }}\n"
        f".spar-shell.spar-light {{ {_jp_variables(LIGHT)} }}\n"
        # The page around the app, only in Voila (inside JupyterLab the notebook keeps its own).
        f'body.jp-Notebook, body.jp-Notebook #rendered_cells {{ background: {LIGHT["paper"]}; }}\n'
        f'body.jp-Notebook[data-jp-theme-light="false"], '
        f'body.jp-Notebook[data-jp-theme-light="false"] #rendered_cells, '
        f"body.jp-Notebook:has(.spar-shell.spar-dark), "
        f"body.jp-Notebook:has(.spar-shell.spar-dark) #rendered_cells "
        f'{{ background: {DARK["paper"]}; }}\n'
        f"body.jp-Notebook:has(.spar-shell.spar-light), "
        f"body.jp-Notebook:has(.spar-shell.spar-light) #rendered_cells "
        f'{{ background: {LIGHT["paper"]}; }}\n'
        f"{RULES}{_dark(DARK_BRIDGE)}\n</style>"
    )
