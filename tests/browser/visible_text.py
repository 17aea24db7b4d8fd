"""The visible-text walker: the JavaScript that collects every text a page shows or reads aloud,
with the element it belongs to. The pseudo-locale tests read it (a game widget, a lesson's
cells, the population widget, the teacher's live page), so each asks the same question of the
page: is every word there in the language? One walker, so a kind of text one of them learns to
find (a drawing's tooltip, a list's choices) is found by all.
"""

from __future__ import annotations

#: ``(root, how) => [[where, text], ...]``: every text node, aria-label, title and placeholder
#: shown inside ``root``, with the element it belongs to. ``how`` (optional):
#:
#: - ``label``: a function of an element giving text to put before its tag name (where it is);
#: - ``every``: the texts of hidden elements too (what a click or a screen reader would give).
#:
#: Text in a game's live plot (its axes) and in its data table is numbers and data: left out
#: unless ``every``.
VISIBLE_TEXTS = """
(root, how) => {
  const out = [];
  const { label: where = () => "", every = false } = how || {};  // (Playwright passes null)
  const data = (el) => !every && !!el.closest(".evo-plot-host, .evo-table");
  const shown = (el) => every ||
    (!!(el.offsetWidth || el.offsetHeight || el.getClientRects().length)
     && !el.closest("[hidden]") && !data(el));
  // a drawing writes a long name as lines, one <text> each: the lines of one group (<g>) are
  // one text; a text of the drawing's own (a plot's tick, its value) is a text by itself
  const lines = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !shown(el) || !n.textContent.trim() || el.closest("title, option")) continue;
    if (el.closest("script, style")) continue;  // code, never shown
    const line = el.closest("svg g > text");
    if (line) {
      if (!lines.has(line.parentNode)) lines.set(line.parentNode, []);
      lines.get(line.parentNode).push(n.textContent.trim());
    } else {
      out.push([where(el) + el.tagName, n.textContent.trim()]);
    }
  }
  for (const [group, texts] of lines) {
    out.push([where(group) + "svg " + group.tagName, texts.join(" ")]);
  }
  // a drawing's tooltips (<title>) are read by screen readers and shown on hover
  for (const title of root.querySelectorAll("svg title")) {
    if (title.textContent.trim()) out.push([where(title) + "svg title", title.textContent.trim()]);
  }
  // a list's choices: the chosen one is on screen, the others one click away
  for (const option of root.querySelectorAll("select option")) {
    if (data(option)) continue;
    if (option.textContent.trim()) out.push([where(option) + "OPTION", option.textContent.trim()]);
  }
  // (a tooltip shows on hover, so only on an element drawn: ipywidgets gives the hidden label of
  // a widget without a description the title "null")
  const drawn = (el) => every || el.getClientRects().length > 0;
  for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (data(el)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      const v = el.getAttribute(name);
      if (v && (name !== "title" || drawn(el))) out.push([where(el) + el.tagName + "@" + name, v]);
    }
  }
  return out;
}
"""
