"""Step-to-paint in the browser: click Step, then time until the board and the plot redraw.

JupyterLab and Debian's Chromium are started as in the browser tests (tests/browser/lab.py).
A bots-only Climate widget is opened in a scratch notebook; each sample is measured inside the
page, from the click on Step to the first animation frame after the new board and plot image
(sent together in one message) are in the page. Target: median <= 150 ms.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": "from evo_lessons import GameWidget\n"
            "GameWidget('climate', seed=3, players=4, seats=['planner'] * 4, max_rounds=60)",
        }
    ],
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}

# The board and the plot frame of a move arrive in one message and are drawn in one handler,
# so a changed timeline position means both are in the page; the next animation frame is the
# paint.
MEASURE = """async (root) => {
  const before = root.dataset.position;
  const t0 = performance.now();
  root.querySelector('.evo-controls button').click();
  return await new Promise((resolve) => {
    const check = () => {
      if (root.dataset.position !== before) {
        requestAnimationFrame(() => resolve(performance.now() - t0));
      } else requestAnimationFrame(check);
    };
    check();
  });
}"""


def step_to_paint(samples: int = 30) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.browser.lab import JupyterLab, LabPage, launch_browser

    scratch = Path(tempfile.mkdtemp()) / "bench_step.ipynb"
    scratch.write_text(json.dumps(NOTEBOOK))
    lab = JupyterLab([]).start()
    (lab.root / "bench_step.ipynb").write_text(scratch.read_text())
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            page = LabPage(browser, lab)
            page.open_notebook("bench_step.ipynb")
            page.run_all()
            page.wait_for_widgets(1)
            root = page.page.locator(".evo-root").first
            page.page.wait_for_function(
                "(r) => Number(r.dataset.plotFrames || 0) > 0",
                arg=root.element_handle(),
                timeout=60_000,
            )
            times = []
            for _ in range(samples + 3):
                times.append(page.page.evaluate(MEASURE, root.element_handle()))
            times = sorted(times[3:])  # the first clicks warm the kernel and the browser
            browser.close()
    finally:
        lab.stop()
    return {
        "samples": samples,
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(0.95 * len(times)) - 1], 1),
    }


def run(quick: bool = False) -> dict:
    return {"browser_step_to_paint": step_to_paint(10 if quick else 30)}


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
