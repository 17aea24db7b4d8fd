"""Every widget's layout on real screens, in JupyterLab's light and dark themes, at every stage.

One notebook per theme holds, for each shipped game, its default widget at the opening, in the
middle of a game (half of the moves a game with the helper bot takes, made by Step) and at the
end (``play_to_end``), and a population widget of every world after a run with its plots full.
At 1280x800 (a school laptop), 1920x1080 and 360x740 (a phone), with Lab's file browser closed,
each widget in turn is scrolled to the top of the page and:

- the widget is no wider than the page;
- no label's text overflows its box (HTML: scrollWidth past clientWidth), no SVG text runs out
  of its card or tile (its box: the smallest rectangle drawn before it in its group or an
  enclosing one that holds its middle) or out of its drawing, and no word is broken mid-word;
- where a person is to move, the current player's choices are inside the viewport, and at
  1280x800 so is every place on the board the student can click now (other players' cards drawn
  below the board, which trades click, may lie lower: the choices list offers them too); at
  1920 the board and the plot sit side by side;
- nothing is logged to the console as an error.

One page per theme, every position on it, so the suite stays quick; every problem of a theme is
gathered and reported together, each failing widget's screenshot kept in tests/artifacts/.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from evo_lessons import GAMES
from evo_lessons.population import WORLDS

from .lab import ARTIFACTS

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1920, 1080), (360, 740)]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
SHIPPED = [name for name in GAMES if GAMES[name].startswith("evo_lessons.")]
STAGES = ("opening", "middle", "end")

SETUP = '''from evo_lessons import GameWidget
from evo_lessons.population import PopulationWidget


def at(game, stage, seed=4):
    """The game's default widget at its opening, half-way through, or at its end."""
    widget = GameWidget(game, seed=seed)
    if stage == "middle":
        probe = GameWidget(game, seed=seed, plot=False)
        moves = 0
        while not probe.state.is_over:
            probe.step()
            moves += 1
        for _ in range(moves // 2):
            widget.step()
        assert not widget.state.is_over
    elif stage == "end":
        widget.play_to_end()
    return widget


def run(world, size=400, generations=150, **settings):
    """A population after some generations, the environment changed half-way."""
    widget = PopulationWidget(world, size=size, mutation_rate=0.01, seed=2, **settings)
    widget.step(generations // 2)
    widget.change_environment(**widget.population.world.choices(
        widget.population.environment)[0].changes)
    widget.step(generations - generations // 2)
    return widget
'''
#: (what, code) of each widget cell, in page order
CELLS = [
    *((f"{game} {stage}", f"at({game!r}, {stage!r})") for game in SHIPPED for stage in STAGES),
    *((f"population {world}", f"run({world!r})") for world in WORLDS),
    # the largest population the widget shows, in two places: six-figure numbers on its axis
    ("population largest", "run('climate', size=100_000, cells=[29, 30], generations=3)"),
]

MEASURE = r"""(root) => {
  const bad = [];
  const where = (node) => `${node.tagName.toLowerCase()}.${String(node.className.baseVal ??
    node.className).trim().replace(/\s+/g, '.')}`;
  const text = (node) => `"${node.textContent.trim().slice(0, 50)}"`;
  const shown = (node) => {
    const style = getComputedStyle(node);
    return style.display !== 'none' && style.visibility !== 'hidden' &&
           node.getClientRects().length > 0;
  };
  // HTML labels whose text runs out of their box (boxes that scroll on purpose are not labels)
  const sel = 'button, label, legend, summary, h3, h4, p, th, td, figcaption, li, output, ' +
              '.evo-seat, span, div';
  for (const node of root.querySelectorAll(sel)) {
    if (!shown(node) || getComputedStyle(node).display === 'inline') continue;
    if (node.closest('.evo-visually-hidden')) continue;  // read aloud, never shown
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own && !/^(BUTTON|LABEL|LEGEND|SUMMARY|H3|H4|P|TH|TD|FIGCAPTION|LI)$/.test(node.tagName))
      continue;
    const overflow = getComputedStyle(node).overflowX;
    if (overflow === 'auto' || overflow === 'scroll') continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      bad.push(`overflows: ${where(node)} ${text(node)} ` +
               `(${node.scrollWidth} > ${node.clientWidth})`);
    }
  }
  // words broken across two lines (a hyphen or slash is a fair place to break)
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const parent = t.parentElement;
    if (!parent || parent.closest('svg, pre, textarea, input, script, style, ' +
                                  '.evo-visually-hidden')) continue;
    if (!shown(parent)) continue;
    for (const m of t.textContent.matchAll(/[^\s\-\/]{2,}/g)) {
      range.setStart(t, m.index);
      range.setEnd(t, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (lines.size > 1) {
        bad.push(`word broken: "${m[0]}" in ${where(parent)} ${text(parent)}`);
        break;
      }
    }
  }
  // SVG text: inside its drawing, and inside its card or tile
  for (const svg of root.querySelectorAll('svg')) {
    if (!shown(svg) || svg.parentElement.closest('svg')) continue;
    const frame = svg.getBoundingClientRect();
    if (frame.width < 2) continue;
    for (const node of svg.querySelectorAll('text')) {
      if (!shown(node) || !node.textContent.trim()) continue;
      const r = node.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1 ||
          r.bottom > frame.bottom + 1) {
        bad.push(`svg text out of its drawing: ${text(node)} in ${where(svg)}`);
        continue;
      }
      const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
      let box = null;
      for (let g = node.parentElement; g && g !== svg.parentElement && !box; g = g.parentElement) {
        for (const c of g.children) {
          if (c === node || c.contains(node)) break;  // only what is drawn before the text
          if (c.tagName !== 'rect' || !shown(c)) continue;
          const b = c.getBoundingClientRect();
          if (b.width < 8 || b.height < 8) continue;
          if (cx < b.left || cx > b.right || cy < b.top || cy > b.bottom) continue;
          if (!box || b.width * b.height < box.width * box.height) box = b;
        }
      }
      if (box && (r.left < box.left - 1 || r.right > box.right + 1 ||
                  r.top < box.top - 1.5 || r.bottom > box.bottom + 1.5)) {
        bad.push(`svg text out of its box: ${text(node)} ` +
                 `(${Math.round(r.width)}x${Math.round(r.height)} in ` +
                 `${Math.round(box.width)}x${Math.round(box.height)}) in ${where(svg)}`);
      }
    }
  }
  return bad;
}"""

CHOICES_IN_VIEW = r"""(root) => {
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 &&
                        r.right <= innerWidth + 1 && r.width > 0 && r.height > 0;
  const box = root.querySelector('.evo-actions').getBoundingClientRect();
  const first = root.querySelector('.evo-actions button');
  // the board's places a student clicks now (a renderer marks another player's card, drawn
  // below the board, "data-below-board": its places are also in the choices list)
  const out = [...root.querySelectorAll('.evo-board .evo-target')]
    .filter((t) => !t.closest('[data-below-board]'))
    .filter((t) => !inside(t.getBoundingClientRect()))
    .map((t) => `${t.getAttribute('aria-label')} at ${Math.round(t.getBoundingClientRect().top)}`);
  return { box: inside(box), first: first ? inside(first.getBoundingClientRect()) : false,
           count: root.querySelectorAll('.evo-actions button').length,
           rect: first ? [first.getBoundingClientRect().top, first.getBoundingClientRect().bottom]
                       : null,
           targetsOut: out };
}"""

SIDE_BY_SIDE = r"""(root) => {
  const board = root.querySelector('.evo-board-wrap').getBoundingClientRect();
  const plot = root.querySelector('.evo-plot').getBoundingClientRect();
  return plot.left >= board.right - 1 && plot.top < board.bottom;
}"""


def _notebook() -> str:
    def cell(source: str) -> dict:
        return {
            "cell_type": "code",
            "metadata": {},
            "source": source,
            "outputs": [],
            "execution_count": None,
        }

    return json.dumps(
        {
            "cells": [cell(SETUP), *(cell(code) for _, code in CELLS)],
            "metadata": {
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


def _set_theme(lab, theme: str) -> None:
    """Choose Lab's theme through its settings API (the page then loads in it)."""
    url = f"http://127.0.0.1:{lab.port}/lab/api/settings/@jupyterlab/apputils-extension:themes"
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    request = urllib.request.Request(
        url,
        data=body,
        method="PUT",
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 204)


def _close_file_browser(page) -> None:
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():
        current.first.click()
        page.wait_for_function(
            "() => !document.querySelector('.jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current')"
        )


def _problems(page, root, what: str, width: int, height: int) -> list[str]:
    """Everything wrong with one widget at one size (empty: it fits)."""
    problems = []
    if root.evaluate("(el) => el.getBoundingClientRect().right > innerWidth + 1"):
        problems.append("the widget is wider than the page")
    problems += root.evaluate(MEASURE)
    if what.startswith("population"):
        return problems
    choices = root.evaluate(CHOICES_IN_VIEW)
    to_move = not what.endswith(" end")
    if to_move and choices["count"] == 0:
        problems.append("no choices to make though a person is to move")
    if to_move and not (choices["box"] and choices["first"]):
        problems.append(f"the choices are out of view: {choices}")
    if to_move and width == 1280 and choices["targetsOut"]:
        problems.append(f"board places to click out of view: {choices['targetsOut'][:6]}")
    if width >= 1920 and not root.evaluate(SIDE_BY_SIDE):
        problems.append("the plot is not beside the board")
    return problems


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_widget_fits_each_screen_at_every_stage(lab_page, theme):
    lab = lab_page.lab
    name = f"layout_{theme}.ipynb"
    (lab.root / name).write_text(_notebook(), encoding="utf-8")
    _set_theme(lab, THEMES[theme])
    page = lab_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    lab_page.open_notebook(name)
    lab_page.run_all()
    selector = ".evo-pop[data-generation], .evo-root[data-position]"
    page.wait_for_function(
        f"""(count) => document.querySelectorAll('{selector}').length >= count ||
                       document.querySelector('.jupyter-widgets-error-widget') !== null""",
        arg=len(CELLS),
        timeout=120_000,
    )
    assert not page.locator(".jupyter-widgets-error-widget").count()
    dark = page.evaluate("() => document.body.dataset.jpThemeLight === 'false'")
    assert dark == (theme == "dark")
    # the population plots have drawn their runs (asked for after the page showed them)
    page.wait_for_function(
        """() => [...document.querySelectorAll('.evo-pop')].every(
                   (el) => el.dataset.plotted === el.dataset.generation)""",
        timeout=60_000,
    )
    roots = page.locator(selector)
    assert roots.count() == len(CELLS)
    failures = []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _close_file_browser(page)
        page.wait_for_timeout(300)  # the layout settles after a resize
        for k, (what, _) in enumerate(CELLS):
            root = roots.nth(k)
            root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
            problems = _problems(page, root, what, width, height)
            if problems:
                slug = what.replace(" ", "_")
                page.screenshot(path=str(ARTIFACTS / f"layout_{slug}_{theme}_{width}x{height}.png"))
                failures.append(f"{what} at {width}x{height} ({theme}): " + "; ".join(problems))
    page.set_viewport_size({"width": 1280, "height": 800})  # the kernel indicator shows again
    lab_page.wait_until_idle()
    assert not failures, "\n".join(failures)
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
