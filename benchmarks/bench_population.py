"""Population benchmarks: 10,000 individuals for 1,000 generations in each game's world (target:
under 1 s each, one core), PopulationWidget's generation step in the kernel (target: <= 30 ms),
and what the one work bound allows at worst (seconds per million individual-generations in the
costliest runs, and so the longest run the bound lets anyone ask for: evolve, the widget, or a
population result code the class tools re-run).

Run alone with ``python benchmarks/bench_population.py [--quick]``. numpy is pinned to one thread
(the model is not multithreaded, but BLAS could be asked to be), so the figures are one core's.
Wall and CPU seconds are both given: on a shared machine the CPU figure is the steadier.
"""

from __future__ import annotations

import os

for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(variable, "1")

import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

#: each game's world as the lessons will use it, and one with several demes and migration
CASES = {
    "climate": {},
    "climate_9_cells": {"cells": [1, 8, 15, 22, 29, 36, 43, 50, 57], "migration": 0.01},
    "niche": {"environment": "deep_sea"},
    "adaptation": {"challenge": "shape"},
    "adapt_or_die": {"habitats": ["cave"]},
    "adapt_or_die_4_habitats": {"habitats": [1, 2, 7, 8], "migration": 0.01},
}


def evolve_time(case: str, size: int = 10_000, generations: int = 1_000, repeats: int = 3):
    """Best wall and CPU seconds of ``evolve`` over a few repeats (different seeds)."""
    from evo_lessons.population import evolve

    game = case.split("_9_")[0].split("_4_")[0]
    environment = dict(CASES[case])
    per_deme = size // len(environment.get("cells", environment.get("habitats", [0])))
    walls, cpus = [], []
    for seed in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        evolve(
            game,
            size=per_deme,
            generations=generations,
            mutation_rate=0.001,
            selection=1.0,
            seed=seed,
            **environment,
        )
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {
        "individuals": per_deme * len(environment.get("cells", environment.get("habitats", [0]))),
        "generations": generations,
        "best_s": round(min(walls), 3),
        "median_s": round(statistics.median(walls), 3),
        "best_cpu_s": round(min(cpus), 3),
    }


def widget_step(game: str, steps: int = 300, size: int = 10_000) -> dict:
    """``PopulationWidget.step()``: one generation, the view model rebuilt, and its JSON."""
    from evo_lessons.population.widget import PopulationWidget

    widget = PopulationWidget(game, size=size, mutation_rate=0.001, seed=1)
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        widget.step()
        json.dumps(widget.view)  # what the comm would send (no front end is attached here)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "steps": steps,
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(times[int(0.95 * len(times)) - 1], 2),
        "max_ms": round(times[-1], 2),
    }


#: the costliest kinds of run per individual: many demes with migration, and everything at 1
WORST = {
    "climate_63_cells_migration": dict(mutation_rate=0.01, migration=0.1),
    "climate_63_cells_all_at_1": dict(mutation_rate=1.0, migration=1.0),
}


def bound_cost(generations: int = 3) -> dict:
    """CPU seconds per million individual-generations in the costliest runs, at the most
    individuals alive the bound allows, and the longest run the bound allows (extrapolated)."""
    from evo_lessons.population import evolve
    from evo_lessons.population.settings import MAX_ALIVE, MAX_WORK

    cells = list(range(1, 64))
    size = MAX_ALIVE // len(cells)
    figures = {"max_work": MAX_WORK, "max_alive": MAX_ALIVE}
    for name, rates in WORST.items():
        start = time.process_time()
        evolve("climate", size=size, generations=generations, seed=1, cells=cells, **rates)
        per_million = (time.process_time() - start) / (size * len(cells) * (generations + 1) / 1e6)
        figures[f"{name}_cpu_s_per_million"] = round(per_million, 3)
        figures[f"{name}_at_the_bound_cpu_s"] = round(per_million * MAX_WORK / 1e6, 1)
    return figures


def run(quick: bool = False) -> dict:
    results = {"population_work_bound": bound_cost(2 if quick else 3)}
    for case in CASES:
        results[f"population_{case}"] = evolve_time(case, repeats=1 if quick else 3)
    for game in ("climate", "niche", "adaptation", "adapt_or_die"):
        results[f"population_widget_{game}"] = widget_step(game, steps=100 if quick else 400)
    return results


if __name__ == "__main__":
    for name, figures in run(quick="--quick" in sys.argv).items():
        print(f"{name:<40} {json.dumps(figures)}")
