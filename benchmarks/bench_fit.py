"""fit_selection's cost: a 40-point frequency series, haploid and dominant (target: <= 2 s of
CPU per fit, one core), the same with drift (``population_size=2000``, a Wright-Fisher hidden
Markov model; same target), and the Cothill moth counts lesson 07 fits with drift.

Run alone with ``python benchmarks/bench_fit.py [--quick]``. numpy is pinned to one thread. The
median of several fits of fresh simulated series is given with its range, wall and CPU seconds
(on a shared machine the CPU figure is the steadier).
"""

from __future__ import annotations

import os

for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(variable, "1")

import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

TARGET_CPU_S = 2.0


def fit_time(
    dominance: str | None, points: int = 40, repeats: int = 5, population_size: int | None = None
) -> dict:
    """Median and range of wall and CPU seconds to fit ``points`` samples (fresh each time)."""
    import numpy as np

    from evo_lessons.population import fit_selection
    from evo_lessons.population.locus import trajectory

    rng = np.random.default_rng(2026)
    generations = np.arange(points)
    shares = trajectory(0.3, 0.1 if dominance is None else -0.1, points - 1, dominance)
    fit_selection({"generation": [0, 1], "count": [1, 2], "sample": [5, 5]})  # warm-up
    walls, cpus = [], []
    for _ in range(repeats):
        series = {
            "generation": generations.tolist(),
            "count": rng.binomial(100, shares).tolist(),
            "sample": [100] * points,
        }
        wall, cpu = time.perf_counter(), time.process_time()
        fit_selection(series, dominance, population_size=population_size)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {
        "points": points,
        "population_size": population_size,
        "cpu_s_median": round(statistics.median(cpus), 4),
        "cpu_s_range": [round(min(cpus), 4), round(max(cpus), 4)],
        "wall_s_median": round(statistics.median(walls), 4),
        "target_cpu_s": TARGET_CPU_S,
    }


def cothill_time(repeats: int = 5) -> dict:
    """The lesson's fit: eight years of real moth counts, additive, with drift in N = 1,000."""
    from evo_lessons.data import load
    from evo_lessons.population import fit_selection

    moths = load("moth_counts")
    series = {"generation": moths["year"], "count": moths["count"], "sample": moths["sample"]}
    cpus = []
    for _ in range(repeats):
        cpu = time.process_time()
        fit_selection(series, "additive", "allele", population_size=1000)
        cpus.append(time.process_time() - cpu)
    return {"cpu_s_median": round(statistics.median(cpus), 4), "target_cpu_s": TARGET_CPU_S}


def run(quick: bool = False) -> dict:
    repeats = 3 if quick else 7
    return {
        "fit_selection_40_points_haploid": fit_time(None, repeats=repeats),
        "fit_selection_40_points_dominant": fit_time("dominant", repeats=repeats),
        "fit_selection_40_points_dominant_drift_2000": fit_time(
            "dominant", repeats=repeats, population_size=2000
        ),
        "fit_selection_cothill_drift_1000": cothill_time(repeats),
    }


if __name__ == "__main__":
    for name, figures in run(quick="--quick" in sys.argv).items():
        print(f"{name}  {json.dumps(figures)}")
