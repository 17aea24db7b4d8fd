"""Every benchmark, one command: ``python benchmarks/run.py [--quick] [--no-browser]
[--no-cluster] [--no-service] [--game NAME]``.

Prints games per second for every game in the registry (``evo_lessons.GAMES``; RandomBot and the
helper bot, one core), the widget's step latency in the kernel, the browser's click-to-paint
time, sweep throughput on a Dask LocalCluster of 1 and 2 workers with the overhead per task
(bench_cluster.py; needs ``evo_lessons[cluster]``), a 40-point fit_selection (bench_fit.py),
the class service under a class (bench_service.py; needs ``evo_lessons[class]``), and the time
``import evo_lessons`` takes.
These are measurements, not tests: nothing here fails a build.

A game needs no benchmark file: :func:`common.game_figures` measures any game from its spec. A
``bench_<name>.py`` beside this file, where a game has one, replaces that with the game's own
figures (its variants, balance, targets). ``--game NAME`` measures one game only.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))


def import_time(repeats: int = 7) -> dict:
    """Seconds ``import evo_lessons`` (and a game, and the widgets) take, best of n."""

    def best(module: str) -> float:
        code = (
            f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
        )
        return min(
            float(
                subprocess.run(
                    [sys.executable, "-c", code], check=True, capture_output=True, text=True
                ).stdout
            )
            for _ in range(repeats)
        )

    return {
        "import_evo_lessons_s": round(best("evo_lessons"), 4),
        "import_climate_game_s": round(best("evo_lessons.games.climate"), 4),
        "import_widget_s": round(best("evo_lessons.widgets"), 3),
    }


def game_benchmarks(name: str, *, quick: bool = False, widget: bool = True) -> dict:
    """One registered game's figures: its own ``bench_<name>.py`` if it has one, else the
    figures every game gets from its spec (``common.game_figures``)."""
    import common

    from evo_lessons import game_spec

    spec = game_spec(name)
    if importlib.util.find_spec(f"bench_{spec.name}") is None:
        return common.game_figures(spec, quick=quick, widget=widget)
    return importlib.import_module(f"bench_{spec.name}").run(quick=quick)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; an unknown flag (or ``--help``) stops before anything is measured."""
    parser = argparse.ArgumentParser(
        prog="python benchmarks/run.py",
        description="Measure every registered game (games per second, the widget's step), "
        "the browser's click-to-paint, cluster sweeps and import time. Measurements, not tests.",
    )
    parser.add_argument("--quick", action="store_true", help="short runs (rough figures)")
    parser.add_argument("--game", metavar="NAME", help="measure this one registered game only")
    parser.add_argument(
        "--no-browser", action="store_true", help="skip the browser's click-to-paint"
    )
    parser.add_argument("--no-cluster", action="store_true", help="skip the Dask cluster sweeps")
    parser.add_argument(
        "--no-service", action="store_true", help="skip the class service under a class"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    quick = args.quick
    from evo_lessons import GAMES

    if args.game is not None:
        for key, value in game_benchmarks(args.game, quick=quick).items():
            print(f"{key}  {json.dumps(value)}")
        return
    results: dict = {"import": import_time()}
    for name in GAMES:
        results.update(game_benchmarks(name, quick=quick))
    # every game's default widget, a step's kernel CPU time (bot move and plot data included)
    results.update(importlib.import_module("bench_widget").run(quick=quick))
    results.update(importlib.import_module("bench_codes").run(quick=quick))
    results.update(importlib.import_module("bench_population").run(quick=quick))
    results.update(importlib.import_module("bench_fit").run(quick=quick))
    if not args.no_service:
        results.update(importlib.import_module("bench_service").run(quick=quick))
    if not args.no_browser:
        results.update(importlib.import_module("bench_browser").run(quick=quick))
    if not args.no_cluster:
        results.update(importlib.import_module("bench_cluster").run(quick=quick))
    width = max(len(k) for k in results)
    for key, value in results.items():
        print(f"{key:<{width}}  {json.dumps(value)}")


if __name__ == "__main__":
    main()
