"""Accessibility checks run inside the page: contrast of text, names of controls."""

from typing import Dict, List

from playwright.sync_api import Page

#: For each visible element matching the selector (and not inside ``skip``, for
#: pictures with backgrounds of their own such as the felt of the card table): its
#: text and the WCAG contrast ratio of its colour on the colour behind it
#: (ancestors' background colours blended).
CONTRAST_JS = """
([selector, skip]) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const blend = (top, under) => { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const background = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = blend(layer, colour);
    return colour; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (skip && el.closest(skip)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || !el.textContent.trim()) continue;
    const bg = background(el); const fg = blend(parse(getComputedStyle(el).color), bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    out.push({text: el.textContent.trim().slice(0, 40), ratio: (hi + 0.05) / (lo + 0.05)});
  }
  return out;
}
"""

NAMES_JS = """
() => [...document.querySelectorAll('.spar-shell button, .spar-shell [role=img], .spar-shell input, .spar-shell select')]
  .filter(el => el.getBoundingClientRect().width > 0)
  .map(el => ({tag: el.tagName, role: el.getAttribute('role'),
               name: (el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') ||
                      (el.labels && el.labels[0] && el.labels[0].textContent) || el.getAttribute('placeholder') || '').trim()}))
"""


#: Drawn on backgrounds of their own (images, gradients) that the check cannot see.
PICTURES = ".spar-felt, .sp-table, .spar-pz-table, svg, [class*=card-btn]"


def contrast(page: Page, selector: str, skip: str = PICTURES) -> List[Dict]:
    """Text and contrast ratio of every visible element matching ``selector``."""
    return page.evaluate(CONTRAST_JS, [selector, skip])


def low_contrast(page: Page, selectors: List[str], minimum: float = 4.5) -> List[Dict]:
    """Elements whose text contrast is below ``minimum`` (WCAG AA for body text)."""
    found = []
    for selector in selectors:
        found += [dict(item, selector=selector) for item in contrast(page, selector)
                  if item["ratio"] < minimum]
    return found


def unnamed_controls(page: Page) -> List[Dict]:
    """Buttons, pictures and inputs of the app that a screen reader could not name."""
    return [c for c in page.evaluate(NAMES_JS) if not c["name"]]
