"""The class service under load (issues 33 and 43): 30 students sending at once (SQLite and a
local PostgreSQL with fsync on), a 10,000-result class with its live page open, two service
processes on one PostgreSQL, and 1,000 students x 10 sends.

The service runs as the teacher runs it (``python -m evo_lessons.service.cli serve`` in a
process of its own); the students are threads here, speaking HTTP. Figures are wall-clock
milliseconds (a student waits in wall time), so they move with the machine's load: each figure
is printed with the load average beside it. Each part is bounded to a minute or two.

* ``thirty_<db>_ack_p50_ms`` / ``_p95_ms``: 30 students each send 4 results (climate codes) at
  the same moment; the time until each is acknowledged (stored durably: ``Prefer:
  respond-async``, what the kernel's queue needs), and ``_verdict_p95_ms``: until its verdict is
  read back (the replay done beside). ``_act_p50_ms`` / ``_p95_ms``: a served game's move, the
  30 playing at once. ``<db>`` is ``sqlite`` or ``pg`` (fsync on, synchronous_commit on).
* ``big_summary_ms`` (a summary of a 10,000-result class made afresh), ``big_summary_304_ms``
  (asked again with its ETag), and ``big_send_ack_p50_ms`` without and with a page polling
  (``..._page_open``): a class's sends while the teacher's page is open.
* ``two_processes_*``: 30 students x 2 served games on two processes over one PostgreSQL, each
  request sent to either at random, plus each game's code sent twice at once through both:
  stale refusals and double counts (both must be 0).
* ``pg_1000x10_*``: 1,000 students join and send 10 results each (16 at a time) into a
  PostgreSQL with fsync on; bounded to 90 s (``_done`` says how many sends got in): the rate and
  the time the whole would take at it.

Run alone with ``python benchmarks/bench_service.py [--quick] [part ...]`` (parts: thirty,
big, two, bulk).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

POLL_S = 2.0  # the teacher page's poll (evo_lessons/service/static/live_page.js)
BULK_BOUND_S = 90.0


def serve(data: str, db: str | None = None, port: int = 0) -> tuple[subprocess.Popen, dict]:
    argv = [sys.executable, "-m", "evo_lessons.service.cli", "serve", "--data", data,
            "--port", str(port)]  # fmt: skip
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


def load() -> float:
    return round(os.getloadavg()[0], 1)


def renamed(code: str, name: str) -> str:
    """The same game's code under another name (cheap: no game is played again)."""
    from evo_lessons.engine import results

    data = results.parse_result(code)
    data["name"] = name
    return results.encode(data)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def ms(value: float) -> float:
    return round(1000 * value, 1)


def send_async(url: str, token: str, code: str, send_id: str) -> tuple[int, dict]:
    """A send acknowledged once stored (``Prefer: respond-async``)."""
    body = json.dumps({"send_id": send_id, "code": code}).encode()
    request = urllib.request.Request(url + "/api/results", method="POST", data=body)
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"token {token}")
    request.add_header("Prefer", "respond-async")
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def verdict_of(url: str, token: str, send_id: str, bound: float = 120.0) -> dict:
    from tests.service.helpers import call

    end = time.perf_counter() + bound
    while time.perf_counter() < end:
        status, answer = call(url, "GET", f"/api/results/{send_id}", token=token)
        if status == 200 and answer["status"] != "received":
            return answer
        time.sleep(0.2)  # a kernel polls no faster
    raise TimeoutError(send_id)


def thirty(quick: bool, db: str | None, tag: str, waiting: bool = False) -> dict:
    """30 students x 4 sends at the same moment, then 4 moves each of a served game.
    ``waiting``: each send waits for its verdict before the next (no ``Prefer``)."""
    from tests.service.helpers import call, finished_code, join

    students, sends = 30, 2 if quick else 4
    games = [finished_code("x", seed=seed) for seed in range(students * sends)]
    figures: dict = {}
    with tempfile.TemporaryDirectory() as data:
        process, first = serve(data, db)
        url = first["url"]
        try:
            tokens = [join(url, first["join_code"], f"S{i}") for i in range(students)]
            codes = [[renamed(games[i * sends + k], f"S{i}") for k in range(sends)]
                     for i in range(students)]  # fmt: skip
            acks: list[float] = []
            verdicts: list[float] = []
            acts: list[float] = []
            start = threading.Barrier(students + 1)
            before = load()

            def student(i: int) -> None:
                start.wait()
                sent = []
                for code in codes[i]:
                    began, send_id = time.perf_counter(), uuid.uuid4().hex
                    if waiting:  # as last round's client: the answer is the verdict
                        body = {"send_id": send_id, "code": code}
                        status, _ = call(url, "POST", "/api/results", body, tokens[i])
                        acks.append(time.perf_counter() - began)
                        assert status in (200, 202), status
                        if status == 200:
                            verdicts.append(time.perf_counter() - began)
                        else:
                            sent.append((began, send_id))
                        continue
                    status, _ = send_async(url, tokens[i], code, send_id)
                    acks.append(time.perf_counter() - began)
                    assert status in (200, 202), status
                    sent.append((began, send_id))
                for began, send_id in sent:
                    verdict_of(url, tokens[i], send_id)
                    verdicts.append(time.perf_counter() - began)
                status, game = call(url, "POST", "/api/games", {"game": "climate"}, tokens[i])
                for k in range(4):
                    if game["is_over"]:
                        break
                    began = time.perf_counter()
                    body = {"move": game["move"], "index": 0, "move_id": f"s{i}-move-{k}"}
                    status, game = call(url, "POST", f"/api/games/{game['id']}/act", body,
                                        tokens[i])  # fmt: skip
                    acts.append(time.perf_counter() - began)

            threads = [threading.Thread(target=student, args=(i,)) for i in range(students)]
            for thread in threads:
                thread.start()
            start.wait()
            for thread in threads:
                thread.join()
        finally:
            stop(process)
    figures.update({
        f"thirty_{tag}_ack_p50_ms": ms(statistics.median(acks)),
        f"thirty_{tag}_ack_p95_ms": ms(percentile(acks, 0.95)),
        f"thirty_{tag}_verdict_p95_ms": ms(percentile(verdicts, 0.95)),
        f"thirty_{tag}_act_p50_ms": ms(statistics.median(acts)),
        f"thirty_{tag}_act_p95_ms": ms(percentile(acts, 0.95)),
        f"thirty_{tag}_load": [before, load()],
    })  # fmt: skip
    return figures


def thirty_both(quick: bool) -> dict:
    from tests.service.postgres import cluster, missing

    figures = thirty(quick, None, "sqlite")
    figures.update(thirty(quick, None, "sqlite_waiting", waiting=True))
    if missing():
        figures["thirty_pg"] = f"not measured: {missing()}"
        return figures
    with cluster(fsync=True) as db:
        figures.update(thirty(quick, db, "pg"))
    return figures


def big_class(quick: bool) -> dict:
    """A class of 10,000 results (88 students): its summary, and sends with a page open."""
    from sqlalchemy import insert, select

    from evo_lessons.service.db import Result, Student, make_engine, session_factory
    from tests.service.helpers import call, finished_code, join

    size = 2_000 if quick else 10_000
    with tempfile.TemporaryDirectory() as data:
        process, first = serve(data)
        url, teacher = first["url"], first["teacher_token"]
        try:
            tokens = [join(url, first["join_code"], f"B{i}") for i in range(88)]
            from tests.service.helpers import send

            for i in range(4):  # a few real verdicts to copy
                send(url, tokens[i], finished_code(f"B{i}", seed=500 + i))
            engine = make_engine(f"sqlite:///{data}/class.sqlite3", migrate_now=False)
            with session_factory(engine)() as db:
                model = db.scalars(select(Result).where(Result.status == "counted")).all()
                students = db.scalars(select(Student)).all()
                rows = []
                for k in range(size - len(model)):
                    copy = model[k % len(model)]
                    rows.append({
                        "send_id": uuid.uuid4().hex, "class_id": copy.class_id,
                        "student_id": students[k % len(students)].id, "status": "counted",
                        "problem": "", "reason": "", "kind": copy.kind, "game": copy.game,
                        "setup": copy.setup, "fingerprint": None, "code": copy.code,
                        "row": copy.row, "served_game": None, "at": copy.at,
                    })  # fmt: skip
                db.execute(insert(Result), rows)
                db.commit()
            engine.dispose()
            send(url, tokens[5], finished_code("B5", seed=900))  # the class changed

            def summary_once() -> float:
                began = time.perf_counter()
                status, _ = call(url, "GET", "/api/summary", token=teacher)
                assert status == 200
                return time.perf_counter() - began

            fresh = [summary_once()]
            request = urllib.request.Request(url + "/api/summary")
            request.add_header("Authorization", f"token {teacher}")
            with urllib.request.urlopen(request) as answer:
                etag = answer.headers["ETag"]
            cached = []
            for _ in range(5):
                request = urllib.request.Request(url + "/api/summary")
                request.add_header("Authorization", f"token {teacher}")
                request.add_header("If-None-Match", etag)
                began = time.perf_counter()
                try:
                    urllib.request.urlopen(request)
                except urllib.error.HTTPError as error:
                    assert error.code == 304
                cached.append(time.perf_counter() - began)
            games = [finished_code("y", seed=seed) for seed in range(40)]

            def sends(page: bool) -> tuple[list[float], list[float]]:
                acks: list[float] = []
                polls: list[float] = []
                done = threading.Event()

                def poller() -> None:  # as the page: the next poll 2 s after the answer
                    while not done.is_set():
                        polls.append(summary_once())
                        done.wait(POLL_S)

                watcher = threading.Thread(target=poller) if page else None
                if watcher:
                    watcher.start()
                for k in range(20):
                    i = 10 + k % 40
                    code = renamed(games[(k + (20 if page else 0)) % 40], f"B{i}")
                    began = time.perf_counter()
                    send(url, tokens[i], code)
                    acks.append(time.perf_counter() - began)
                done.set()
                if watcher:
                    watcher.join()
                return acks, polls

            closed, _ = sends(False)
            opened, polls = sends(True)
        finally:
            stop(process)
    return {
        "big_results": size,
        "big_summary_ms": ms(fresh[0]),
        "big_summary_polled_p50_ms": ms(statistics.median(polls)) if polls else None,
        "big_summary_304_ms": ms(statistics.median(cached)),
        "big_send_ack_p50_ms": ms(statistics.median(closed)),
        "big_send_ack_p50_ms_page_open": ms(statistics.median(opened)),
        "big_send_ack_p95_ms_page_open": ms(percentile(opened, 0.95)),
        "big_load": load(),
    }


def two_processes(quick: bool) -> dict:
    """30 students x 2 served games on two processes, requests spread at random."""
    from tests.service.helpers import call, finished_code, join
    from tests.service.postgres import cluster, missing

    if missing():
        return {"two_processes": f"not measured: {missing()}"}
    students = 10 if quick else 30
    stale = refused = 0
    lock = threading.Lock()
    with cluster(fsync=True) as db, tempfile.TemporaryDirectory() as data:
        a, first = serve(data + "/a", db)
        b, _second = serve(data + "/b", db)
        urls = [first["url"], _second["url"]]
        try:
            tokens = [join(random.choice(urls), first["join_code"], f"T{i}")
                      for i in range(students)]  # fmt: skip

            def student(i: int) -> None:
                nonlocal stale, refused
                for game_name in ("climate", "niche"):
                    status, game = call(random.choice(urls), "POST", "/api/games",
                                        {"game": game_name}, tokens[i])  # fmt: skip
                    k = 0
                    while not game["is_over"] and k < 200:
                        body = {
                            "move": game["move"],
                            "index": 0,
                            "move_id": f"t{i}-{game_name}-{k}",
                        }
                        path = f"/api/games/{game['id']}/act"
                        status, answer = call(random.choice(urls), "POST", path, body, tokens[i])
                        if status == 409:
                            with lock:
                                stale += 1
                            answer = call(urls[0], "GET", f"/api/games/{game['id']}",
                                          token=tokens[i])[1]  # fmt: skip
                        elif status != 200:
                            with lock:
                                refused += 1
                            break
                        game, k = answer, k + 1

            began = time.perf_counter()
            with ThreadPoolExecutor(max_workers=students) as pool:
                list(pool.map(student, range(students)))
            played = time.perf_counter() - began
            # each of 10 students' codes sent twice at once, through both processes
            codes = [finished_code(f"T{i}", seed=700 + i) for i in range(10)]

            def once(url: str, i: int) -> str:
                body = {"send_id": uuid.uuid4().hex, "code": codes[i]}
                status, answer = call(url, "POST", "/api/results", body, tokens[i])
                return answer["status"] if status in (200, 202) else f"{status} {answer}"

            def twice(i: int) -> list[str]:
                with ThreadPoolExecutor(max_workers=2) as pair:
                    return list(pair.map(lambda url: once(url, i), urls))

            with ThreadPoolExecutor(max_workers=10) as pool:
                pairs = list(pool.map(twice, range(10)))
            doubles = sum(1 for pair in pairs if pair.count("counted") > 1)
            unlike = [pair for pair in pairs if sorted(pair) != ["apart", "counted"]]
            summary = call(urls[1], "GET", "/api/summary", token=first["teacher_token"])[1]
        finally:
            stop(a)
            stop(b)
    return {
        "two_processes_games": summary["finished"],
        "two_processes_stale_refusals": stale,
        "two_processes_other_refusals": refused,
        "two_processes_double_counts": doubles,
        "two_processes_pairs_not_one_counted": unlike[:3],
        "two_processes_play_s": round(played, 1),
        "two_processes_load": load(),
    }


def bulk(quick: bool) -> dict:
    """1,000 students x 10 sends into PostgreSQL with fsync on (bounded)."""
    from tests.service.helpers import finished_code, join
    from tests.service.postgres import cluster, missing

    if missing():
        return {"pg_1000x10": f"not measured: {missing()}"}
    students, sends = (100, 10) if quick else (1000, 10)
    games = [finished_code("x", seed=seed) for seed in range(200)]
    done = 0
    lock = threading.Lock()
    with cluster(fsync=True) as db, tempfile.TemporaryDirectory() as data:
        process, first = serve(data, db)
        url = first["url"]
        try:
            began = time.perf_counter()
            deadline = began + BULK_BOUND_S

            def student(i: int) -> None:
                nonlocal done
                if time.perf_counter() > deadline:
                    return
                name = f"P{i}"
                token = join(url, first["join_code"], name)
                for k in range(sends):
                    if time.perf_counter() > deadline:
                        return
                    code = renamed(games[(i * sends + k) % len(games)], name)
                    status, _ = send_async(url, token, code, uuid.uuid4().hex)
                    assert status in (200, 202), status
                    with lock:
                        done += 1

            with ThreadPoolExecutor(max_workers=16) as pool:
                list(pool.map(student, range(students)))
            seconds = time.perf_counter() - began
        finally:
            stop(process)
    key = f"pg_{students}x{sends}"
    rate = done / seconds
    return {
        f"{key}_done": done,
        f"{key}_s": round(seconds, 1),
        f"{key}_acks_per_s": round(rate, 1),
        f"{key}_whole_s": round(students * sends / rate, 1),
        f"{key}_load": load(),
    }


PARTS = {"thirty": thirty_both, "big": big_class, "two": two_processes, "bulk": bulk}


def run(quick: bool = False, parts: list[str] | None = None) -> dict:
    # the service limits joins per address (one school NAT); the benchmark is one address
    os.environ.setdefault("EVO_JOINS_PER_MINUTE", "100000")
    figures: dict = {}
    for name in parts or list(PARTS):
        figures.update(PARTS[name](quick))
    return figures


if __name__ == "__main__":
    chosen = [a for a in sys.argv[1:] if a in PARTS]
    for key, value in run(quick="--quick" in sys.argv, parts=chosen).items():
        print(f"{key}  {json.dumps(value)}", flush=True)
