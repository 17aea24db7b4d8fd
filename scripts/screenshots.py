"""Screenshots of every game's widget and the population widget, for the README and docs.

    python scripts/screenshots.py [--width 1280] [--out docs/images] [game ...]

Starts JupyterLab and Debian's Chromium as the browser tests do (tests/browser/lab.py), opens a
throwaway notebook per widget with a few moves played (so the board and the live plot have
something to show), closes Lab's file browser and saves each widget as
``<out>/<game>_widget.png`` and ``<out>/population_widget.png``. It pictures the checkout it
runs in: run it after the drawings you want to show are merged.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

#: moves played before the picture: enough for a few points on every plot
GAME_CODE = """from evo_lessons import GameWidget
widget = GameWidget({game!r}, seed=11)
for _ in range(8):
    if widget.state.is_over:
        break
    widget.step()
widget"""
POPULATION_CODE = """from evo_lessons.population import PopulationWidget
widget = PopulationWidget("climate", size=500, mutation_rate=0.01, seed=1)
widget.step(40)
widget.change_environment(temperature=2)
widget.step(40)
widget"""


def _notebook(code: str) -> str:
    cell = {
        "cell_type": "code",
        "metadata": {},
        "source": code,
        "outputs": [],
        "execution_count": None,
    }
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return json.dumps(
        {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    )


def shoot(names: list[str], out: Path, width: int) -> list[Path]:
    from playwright.sync_api import sync_playwright

    from tests.browser.lab import JupyterLab, LabPage, launch_browser

    out.mkdir(parents=True, exist_ok=True)
    lab = JupyterLab([]).start()
    written = []
    try:
        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for name in names:
                population = name == "population"
                code = POPULATION_CODE if population else GAME_CODE.format(game=name)
                notebook = f"shot_{name}.ipynb"
                (lab.root / notebook).write_text(_notebook(code), encoding="utf-8")
                page = LabPage(browser, lab)
                # tall, so the whole widget is on screen and Lab's bars overlap nothing
                page.page.set_viewport_size({"width": width, "height": 2400})
                page.open_notebook(notebook)
                current = page.page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
                if current.count():
                    current.first.click()
                page.run_all()
                selector = ".evo-pop[data-generation]" if population else ".evo-root[data-position]"
                page.page.wait_for_selector(selector, timeout=120_000)
                if population:  # stepped before it was shown: the page asks for the run so far
                    page.page.wait_for_function(
                        "(s) => { const el = document.querySelector(s);"
                        " return el.dataset.plotted === el.dataset.generation; }",
                        arg=selector,
                        timeout=120_000,
                    )
                page.wait_until_idle()
                page.page.wait_for_timeout(500)  # the last frame is painted
                root = page.page.locator(selector).first
                path = out / ("population_widget.png" if population else f"{name}_widget.png")
                root.screenshot(path=str(path))
                if page.console_errors:
                    print(f"{name}: console errors {page.console_errors}", file=sys.stderr)
                written.append(path)
                page.close()
            browser.close()
    finally:
        lab.stop()
    return written


def main() -> None:
    from evo_lessons import GAMES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="games (and 'population'); default: all")
    parser.add_argument("--width", type=int, default=1280, help="browser width in pixels")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "images")
    args = parser.parse_args()
    names = args.names or [*GAMES, "population"]
    unknown = [n for n in names if n != "population" and n not in GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    for path in shoot(names, args.out, args.width):
        print(path.relative_to(REPO) if path.is_relative_to(REPO) else path)


if __name__ == "__main__":
    main()
