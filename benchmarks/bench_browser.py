"""Click-to-paint in the browser: click, then time until the board and the plot are redrawn.

JupyterLab and Debian's Chromium are started as in the browser tests (tests/browser/lab.py).
Each sample is measured inside the page, from the click to the first animation frame after the
new board and the new plot rows (sent together in one message) are drawn. Two measures:

* ``browser_step_to_paint``: Step in a bots-only Climate widget (one bot move a click), as
  before the plot moved into the browser, so the figures compare.
* ``browser_choice_to_paint_<game>``: the student's first choice button in every game's
  default widget (a person and the helper bots), the bots playing on to the person's turn.

Goal (issue 20 §4): median <= 50 ms.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

STEP_WIDGET = "GameWidget('climate', seed=3, players=4, seats=['planner'] * 4, max_rounds=60)"


def notebook(source: str) -> str:
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": f"from evo_lessons import GameWidget\n{source}",
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


# The board and the plot frame of a move arrive in one message and are drawn in one handler,
# so a changed timeline position means both are in the page; the next animation frame is the
# paint.
MEASURE = """async ([root, selector]) => {
  const button = root.querySelector(selector);
  if (!button || button.disabled) return null;
  const before = root.dataset.position;
  const t0 = performance.now();
  button.click();
  return await new Promise((resolve) => {
    const check = () => {
      if (root.dataset.position !== before) {
        requestAnimationFrame(() => resolve(performance.now() - t0));
      } else requestAnimationFrame(check);
    };
    check();
  });
}"""


def _samples(page, root, selector: str, samples: int) -> tuple[list[float], list[float]]:
    """Click-to-paint times, and the part of each spent drawing the view in the page."""
    times, drawing = [], []
    for _ in range(samples + 3):
        t = page.page.evaluate(MEASURE, [root.element_handle(), selector])
        if t is None:  # the game is over: no more choices
            break
        times.append(t)
        drawing.append(float(root.get_attribute("data-render-ms") or "nan"))
    # the first clicks warm the kernel and the browser
    return sorted(times[3:]), sorted(drawing[3:])


def _figures(times: list[float], drawing: list[float]) -> dict:
    if not times:
        return {"samples": 0}
    return {
        "samples": len(times),
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[max(0, int(0.95 * len(times)) - 1)], 1),
        "drawing_median_ms": round(statistics.median(drawing), 1),
    }


def click_to_paint(samples: int = 30) -> dict:
    from playwright.sync_api import sync_playwright

    from evo_lessons import GAMES
    from tests.browser.lab import JupyterLab, LabPage, launch_browser

    cases = {"browser_step_to_paint": (STEP_WIDGET, ".evo-controls button")}
    for game in GAMES:
        cases[f"browser_choice_to_paint_{game}"] = (
            f"GameWidget({game!r}, seed=5)",
            ".evo-actions button",
        )
    lab = JupyterLab([]).start()
    results = {}
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for key, (source, selector) in cases.items():
                name = f"{key}.ipynb"
                (lab.root / name).write_text(notebook(source))
                page = LabPage(browser, lab)
                page.open_notebook(name)
                page.run_all()
                page.wait_for_widgets(1)
                root = page.page.locator(".evo-root").first
                page.page.wait_for_function(
                    "(r) => Number(r.dataset.plotFrames || 0) > 0 || !r.querySelector('.evo-plot')",
                    arg=root.element_handle(),
                    timeout=60_000,
                )
                results[key] = _figures(*_samples(page, root, selector, samples))
                page.close()
            browser.close()
    finally:
        lab.stop()
    return results


def run(quick: bool = False) -> dict:
    return click_to_paint(10 if quick else 30)


if __name__ == "__main__":
    for key, value in run(quick="--quick" in sys.argv).items():
        print(f"{key:<36} {json.dumps(value)}")
