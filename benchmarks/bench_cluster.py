"""Sweeps on a Dask LocalCluster: throughput on 1 and 2 workers, and what a task costs.

``python benchmarks/bench_cluster.py [--quick]`` (also run by ``benchmarks/run.py``). Needs the
cluster extra (``pip install "evo_lessons[cluster]"``). Measures, with Adaptation's random games
(the fastest game: the hardest case for overhead):

* ``task_overhead_ms``: the wall time one empty task costs on one worker (submit, schedule, run,
  send back, collect), the median of three batches;
* ``games_per_s`` in this process, on 1 worker and on 2, with simulate's own chunking, and the
  2-to-1 ratio;
* ``play_per_task_ms`` and ``overhead_share_per_task``: the games one task holds with
  simulate's chunking, timed at this process's speed, and the share of it the task's overhead
  adds: what the chunking keeps under 10%;
* ``slowdown_1_worker_vs_this_process``: how much slower one worker is than this process on
  the same games, everything included (on a machine busy with other work, the worker also
  shares its core with the scheduler and this process).

These are measurements on a shared machine, not tests: nothing here fails a build.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAME = "adaptation"


def _cluster(workers: int):
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    return cluster, Client(cluster)


def task_overhead_ms(client, tasks: int) -> float:
    """The wall time per empty task (no games), one worker, tasks submitted all at once."""
    from concurrent.futures import wait

    from evo_lessons import game_spec
    from evo_lessons.engine.simulate import _by_reference, _play_chunk

    reference = _by_reference(game_spec(GAME))
    executor = client.get_executor()
    batches = []
    for batch in range(3):
        start = time.perf_counter()
        futures = [
            executor.submit(_play_chunk, (reference, range(0), batch * tasks + k, None, {}, 1))
            for k in range(tasks)
        ]
        wait(futures)
        batches.append((time.perf_counter() - start) / tasks * 1000)
    return statistics.median(batches)


def rate(games: int, executor=None) -> tuple[float, int]:
    """Games per second for ``games`` random Adaptation games, and the tasks it made."""
    from evo_lessons import game_spec
    from evo_lessons.engine.simulate import simulate

    submitted = 0
    if executor is not None:
        original = executor.submit

        def counting(*args, **kwargs):
            nonlocal submitted
            submitted += 1
            return original(*args, **kwargs)

        executor.submit = counting
    start = time.perf_counter()
    simulate(game_spec(GAME), games, seed=7, executor=executor)
    return games / (time.perf_counter() - start), submitted


def run(quick: bool = False) -> dict:
    games = 20_000 if quick else 100_000
    tasks = 100 if quick else 300
    serial, _ = rate(games)
    figures: dict = {"games": games, "load_average_1min": round(os.getloadavg()[0], 2)}
    per_worker = {}
    for workers in (1, 2):
        cluster, client = _cluster(workers)
        try:
            rate(2_000, client.get_executor())  # the workers import the games first
            if workers == 1:
                figures["task_overhead_ms"] = round(task_overhead_ms(client, tasks), 2)
            per_worker[workers], figures[f"tasks_{workers}_workers"] = rate(
                games, client.get_executor()
            )
        finally:
            client.close()
            cluster.close()
    figures["games_per_s_this_process"] = round(serial)
    figures["games_per_s_1_worker"] = round(per_worker[1])
    figures["games_per_s_2_workers"] = round(per_worker[2])
    figures["speedup_2_over_1"] = round(per_worker[2] / per_worker[1], 2)
    # the play one task holds (at this process's speed) against what a task costs beyond it
    task_ms = games / figures["tasks_1_workers"] / serial * 1000
    figures["play_per_task_ms"] = round(task_ms, 1)
    figures["overhead_share_per_task"] = round(figures["task_overhead_ms"] / task_ms, 3)
    figures["slowdown_1_worker_vs_this_process"] = round(1 - per_worker[1] / serial, 3)
    return {"cluster_sweep": figures}


if __name__ == "__main__":
    import json

    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))
