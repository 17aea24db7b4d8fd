"""Every widget's layout on real screens, in JupyterLab's light and dark themes.

For each game's default widget and the population widget, in a throwaway notebook: at 1280x800
(a school laptop), 1920x1080 and 360x740 (a phone), with Lab's file browser closed, the current
player's choices lie inside the viewport once the widget's top is scrolled into view (game
widgets), no label's text overflows its box, the widget is no wider than the page, and nothing
is logged to the console as an error. At 1920 the board and the plot sit side by side.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from evo_lessons import GAMES

from .lab import ARTIFACTS

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1920, 1080), (360, 740)]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
WIDGETS = {
    **{
        name: f"from evo_lessons import GameWidget\nGameWidget({name!r}, seed=4)"
        for name in GAMES
        if GAMES[name].startswith("evo_lessons.")
    },
    "population": "from evo_lessons.population import PopulationWidget\n"
    "PopulationWidget('climate', size=300, seed=1)",
}

# Elements whose text could be clipped or run out of their box. Inline elements have no box of
# their own (their parent is checked); boxes that scroll on purpose (the choices, the log, the
# table, codes in text inputs) are not labels.
OVERFLOWS = r"""(root) => {
  const bad = [];
  const sel = 'button, label, legend, summary, h3, h4, p, th, td, figcaption, li, .evo-seat';
  for (const node of root.querySelectorAll(sel)) {
    const style = getComputedStyle(node);
    if (style.display === 'inline' || style.display === 'none') continue;
    if (!node.offsetParent && style.position !== 'fixed') continue;  // not shown
    if (node.closest('.evo-board')) continue;  // the games' drawings: each renderer's own test
    if (node.scrollWidth > node.clientWidth + 1) {
      bad.push(`${node.tagName.toLowerCase()}.${node.className}: "${node.textContent.trim()
        .slice(0, 50)}" (${node.scrollWidth} > ${node.clientWidth})`);
    }
  }
  return bad;
}"""

CHOICES_IN_VIEW = r"""(root) => {
  const box = root.querySelector('.evo-actions').getBoundingClientRect();
  const first = root.querySelector('.evo-actions button');
  const b = first ? first.getBoundingClientRect() : box;
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 &&
                        r.right <= innerWidth + 1 && r.width > 0 && r.height > 0;
  return { box: inside(box), first: inside(b), count: root.querySelectorAll(
    '.evo-actions button').length, rect: [b.top, b.bottom, b.left, b.right] };
}"""

SIDE_BY_SIDE = r"""(root) => {
  const board = root.querySelector('.evo-board-wrap').getBoundingClientRect();
  const plot = root.querySelector('.evo-plot').getBoundingClientRect();
  return plot.left >= board.right - 1 && plot.top < board.bottom;
}"""


def _notebook(code: str) -> str:
    cell = {
        "cell_type": "code",
        "metadata": {},
        "source": code,
        "outputs": [],
        "execution_count": None,
    }
    return json.dumps(
        {
            "cells": [cell],
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


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("widget", list(WIDGETS))
def test_widget_fits_each_screen(lab_page, widget, theme):
    lab = lab_page.lab
    name = f"layout_{widget}.ipynb"
    (lab.root / name).write_text(_notebook(WIDGETS[widget]), encoding="utf-8")
    _set_theme(lab, THEMES[theme])
    page = lab_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    lab_page.open_notebook(name)
    lab_page.run_all()
    selector = ".evo-pop[data-generation]" if widget == "population" else ".evo-root[data-position]"
    page.wait_for_function(
        f"""() => document.querySelector('{selector}') !== null ||
                 document.querySelector('.jupyter-widgets-error-widget') !== null""",
        timeout=120_000,
    )
    assert not page.locator(".jupyter-widgets-error-widget").count()
    root = page.locator(selector).first
    dark = page.evaluate("() => document.body.dataset.jpThemeLight === 'false'")
    assert dark == (theme == "dark")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _close_file_browser(page)
        page.wait_for_timeout(300)  # the layout settles after a resize
        root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        where = f"{widget} at {width}x{height} ({theme})"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"layout_{widget}_{theme}_{width}x{height}.png"))
        too_wide = root.evaluate("(el) => el.getBoundingClientRect().right > innerWidth + 1")
        assert not too_wide, f"{where}: the widget is wider than the page"
        overflowing = root.evaluate(OVERFLOWS)
        assert not overflowing, f"{where}: text overflows its box: {overflowing}"
        if widget == "population":
            continue
        choices = root.evaluate(CHOICES_IN_VIEW)
        assert choices["count"] > 0, f"{where}: no choices to make at the start"
        assert choices["box"] and choices["first"], f"{where}: choices out of view {choices}"
        if width >= 1920:
            assert root.evaluate(SIDE_BY_SIDE), f"{where}: the plot is not beside the board"
    page.set_viewport_size({"width": 1280, "height": 800})  # the kernel indicator shows again
    lab_page.wait_until_idle()
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
