"""The class service under a class (issue 33): 30 students sending at once, a served game's
click, the teacher page's freshness, and 1,000 students x 10 results into PostgreSQL.

The service runs as the teacher runs it (``python -m evo_lessons.service.cli serve`` in a
process of its own); the students are threads here, speaking HTTP. Figures are wall-clock
milliseconds (a student waits in wall time), so they move with the machine's load.

* ``service_send_ack_30_p50_ms`` / ``_p95_ms``: 30 students each send results (climate codes,
  each replayed by the service) at the same moment; the time until each is acknowledged.
* ``service_act_p50_ms`` / ``_p95_ms``: a served game's move (the student's choice and the bots
  up to the student's next decision), 30 students playing at once.
* ``service_teacher_fresh_s``: how stale the live page can be after a game's end: the page
  polls every 2 s, and a result is in the summary as soon as it is acknowledged, so the bound is
  the poll interval plus the slowest summary answer measured under the same load.
* ``service_pg_1000x10_s`` and ``..._per_s``: 1,000 students join and send 10 results each into a
  PostgreSQL-backed service (a throwaway cluster, tests/service/postgres.py), 16 at a time;
  only where PostgreSQL's binaries are installed.

Run alone with ``python benchmarks/bench_service.py [--quick]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

POLL_S = 2.0  # the teacher page's poll (evo_lessons/service/static/live_page.js)


def serve(data: str, db: str | None = None) -> tuple[subprocess.Popen, dict]:
    argv = [sys.executable, "-m", "evo_lessons.service.cli", "serve", "--data", data, "--port", "0"]
    if db:
        argv += ["--db", db]
    environment = {
        **os.environ,
        "PYTHONPATH": f"{ROOT}{os.pathsep}" + os.environ.get("PYTHONPATH", ""),
    }
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment
    )
    return process, json.loads(process.stdout.readline())


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait()


def renamed(code: str, name: str) -> str:
    """The same game's code under another name (cheap: no game is played again)."""
    from evo_lessons.engine import results

    data = results.parse_result(code)
    data["name"] = name
    return results.encode(data)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def class_of_thirty(quick: bool) -> dict:
    from tests.service.helpers import call, finished_code, join

    students, sends = 30, 2 if quick else 4
    games = [finished_code("x", seed=seed) for seed in range(students * sends)]
    with tempfile.TemporaryDirectory() as data:
        process, first = serve(data)
        url = first["url"]
        try:
            tokens = [join(url, first["join_code"], f"S{i}") for i in range(students)]
            codes = [
                [renamed(games[i * sends + k], f"S{i}") for k in range(sends)]
                for i in range(students)
            ]
            acks: list[float] = []
            acts: list[float] = []
            summaries: list[float] = []
            start = threading.Barrier(students + 1)
            done = threading.Event()

            def student(i: int) -> None:
                start.wait()
                for code in codes[i]:
                    began = time.perf_counter()
                    status, _ = call(
                        url,
                        "POST",
                        "/api/results",
                        {"send_id": uuid.uuid4().hex, "code": code},
                        tokens[i],
                    )
                    acks.append(time.perf_counter() - began)
                    assert status == 200
                status, game = call(url, "POST", "/api/games", {"game": "climate"}, tokens[i])
                for _ in range(4):
                    if game["is_over"]:
                        break
                    began = time.perf_counter()
                    status, game = call(
                        url,
                        "POST",
                        f"/api/games/{game['id']}/act",
                        {"move": game["move"], "index": 0},
                        tokens[i],
                    )
                    acts.append(time.perf_counter() - began)

            def teacher() -> None:
                while not done.is_set():
                    began = time.perf_counter()
                    call(url, "GET", "/api/summary", token=first["teacher_token"])
                    summaries.append(time.perf_counter() - began)
                    done.wait(POLL_S)

            threads = [threading.Thread(target=student, args=(i,)) for i in range(students)]
            watcher = threading.Thread(target=teacher)
            for thread in threads:
                thread.start()
            watcher.start()
            start.wait()
            for thread in threads:
                thread.join()
            done.set()
            watcher.join()
        finally:
            stop(process)
    return {
        "service_send_ack_30_p50_ms": round(1000 * statistics.median(acks), 1),
        "service_send_ack_30_p95_ms": round(1000 * percentile(acks, 0.95), 1),
        "service_act_p50_ms": round(1000 * statistics.median(acts), 1),
        "service_act_p95_ms": round(1000 * percentile(acts, 0.95), 1),
        "service_teacher_fresh_s": round(POLL_S + max(summaries), 2),
    }


def postgres_class(quick: bool) -> dict:
    from tests.service.helpers import call, finished_code, join
    from tests.service.postgres import cluster, missing

    if missing():
        return {"service_pg_1000x10": f"not measured: {missing()}"}
    students, sends = (100, 10) if quick else (1000, 10)
    games = [finished_code("x", seed=seed) for seed in range(200)]
    with cluster() as db, tempfile.TemporaryDirectory() as data:
        process, first = serve(data, db)
        url = first["url"]
        try:
            began = time.perf_counter()

            def student(i: int) -> None:
                name = f"P{i}"
                token = join(url, first["join_code"], name)
                for k in range(sends):
                    code = renamed(games[(i * sends + k) % len(games)], name)
                    status, _ = call(
                        url,
                        "POST",
                        "/api/results",
                        {"send_id": uuid.uuid4().hex, "code": code},
                        token,
                    )
                    assert status == 200

            with ThreadPoolExecutor(max_workers=16) as pool:
                list(pool.map(student, range(students)))
            seconds = time.perf_counter() - began
            summary = call(url, "GET", "/api/summary", token=first["teacher_token"])[1]
            stored = summary["counted"] + summary["apart"] + summary["refused"]
        finally:
            stop(process)
    key = f"service_pg_{students}x{sends}"
    return {
        f"{key}_s": round(seconds, 1),
        f"{key}_per_s": round(stored / seconds, 1),
        f"{key}_stored": stored,
    }


def run(quick: bool = False) -> dict:
    # the service limits joins per address (one school NAT); the benchmark is one address
    os.environ.setdefault("EVO_JOINS_PER_MINUTE", "100000")
    figures = class_of_thirty(quick)
    figures.update(postgres_class(quick))
    return figures


if __name__ == "__main__":
    for key, value in run(quick="--quick" in sys.argv).items():
        print(f"{key}  {json.dumps(value)}")
