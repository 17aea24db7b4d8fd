"""N9, N10: no student can stall the class (evo_lessons/service/http_limits.py)."""

from __future__ import annotations

import socket
import time
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from evo_lessons.service import http_limits

from .helpers import call, finished_code, join, send
from .security_helpers import Served


def _slow_body(served) -> socket.socket:
    """A request that announces a 60 KB body and sends one byte (slow_bodies.py)."""
    parts = urlsplit(served.url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
    sock.sendall(
        b"POST " + parts.path.encode() + b"/api/join HTTP/1.1\r\nHost: x\r\n"
        b"Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"
    )
    return sock


@pytest.fixture
def capped(tmp_path):
    served = Served(tmp_path / "data", server={"max_connections": 40, "max_per_address": 1000})
    yield served
    served.stop()


def test_a_slow_body_flood_does_not_stop_a_classmate(capped):
    flood = [_slow_body(capped) for _ in range(120)]  # three times the cap, held open
    try:
        started = time.monotonic()
        status, _ = call(capped.url, "POST", "/api/join",
                         {"join_code": capped.join_code, "name": "Ada"})  # fmt: skip
        assert status == 200 and time.monotonic() - started < 10
        assert capped.server.open_count <= 41 and capped.server.evicted >= 80
    finally:
        for sock in flood:
            sock.close()


def test_one_address_cannot_hold_every_connection(tmp_path):
    served = Served(tmp_path / "data", server={"max_per_address": 10})
    try:
        flood = [_slow_body(served) for _ in range(30)]
        time.sleep(0.5)
        assert served.server.per_address.get("127.0.0.1", 0) <= 11
        assert call(served.url, "GET", "/api/me", token="x" * 43)[0] == 401  # answered
    finally:
        for sock in flood:
            sock.close()
        served.stop()


def test_a_slow_body_is_cut_off(tmp_path):
    served = Served(tmp_path / "data", server={"body_timeout": 1.0})
    try:
        sock = _slow_body(served)
        sock.settimeout(10)
        started = time.monotonic()
        try:
            gone = sock.recv(100) == b""
        except ConnectionResetError:
            gone = True
        assert gone and time.monotonic() - started < 8
        sock.close()
    finally:
        served.stop()


def test_forwarded_addresses_count_only_from_a_trusted_proxy(tmp_path):
    for trusted, expected in ((None, 429), ("127.0.0.1", 403)):
        served = Served(tmp_path / f"data{expected}", trusted_proxy=trusted)
        served.service.limiter.limit = 3
        try:
            statuses = []
            for i in range(6):  # a rotated X-Real-IP: a new address each time (N10)
                parts = urlsplit(served.url)
                import http.client
                import json

                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
                connection.request("POST", parts.path + "/api/join",
                                   body=json.dumps({"join_code": "WRO-NGG", "name": "x"}),
                                   headers={"X-Real-IP": f"10.0.0.{i}",
                                            "X-Forwarded-For": f"10.0.0.{i}"})  # fmt: skip
                statuses.append(connection.getresponse().status)
                connection.close()
            assert statuses[-1] == expected, (trusted, statuses)
        finally:
            served.stop()


def test_client_address_reads_the_hop_before_the_trusted_proxy():
    def request(remote, forwarded="", real=""):
        headers = {"X-Forwarded-For": forwarded, "X-Real-IP": real}
        return SimpleNamespace(remote_ip=remote, headers=headers)

    trusted = http_limits.trusted_proxies("127.0.0.1, 10.0.0.1")
    assert http_limits.client_address(request("10.9.9.9", "1.2.3.4"), trusted) == "10.9.9.9"
    assert http_limits.client_address(request("127.0.0.1", "1.2.3.4, 5.6.7.8"), trusted) == (
        "5.6.7.8"
    )
    assert http_limits.client_address(request("127.0.0.1", "5.6.7.8, 10.0.0.1"), trusted) == (
        "5.6.7.8"
    )
    assert http_limits.client_address(request("127.0.0.1", "", "9.9.9.9"), trusted) == "9.9.9.9"
    assert http_limits.client_address(request("127.0.0.1", "junk"), trusted) == "127.0.0.1"
    with pytest.raises(ValueError):
        http_limits.trusted_proxies("not-an-address")


def test_sends_beyond_a_students_quota_are_refused_and_not_stored(live):
    live.service.send_quota = http_limits.SendQuota(per_minute=2, total=100)
    token = join(live.url, live.join_code, "Mallory")
    statuses = [send(live.url, token, finished_code("Mallory", seed=s))[0] for s in (1, 2, 3)]
    assert statuses == [200, 200, 429]
    assert len(call(live.url, "GET", "/api/me", token=token)[1]["results"]) == 2
    live.service.send_quota = http_limits.SendQuota(per_minute=100, total=2)
    assert send(live.url, token, finished_code("Mallory", seed=4))[0] == 429


def test_a_served_answer_carries_only_the_rows_since_the_clients_version(live):
    token = join(live.url, live.join_code, "Ada")
    game = call(live.url, "POST", "/api/games", {"game": "phylo"}, token)[1]
    for _ in range(5):
        full = call(live.url, "POST", f"/api/games/{game['id']}/act",
                    {"move": game["move"], "index": 0}, token)[1]  # fmt: skip
        if full["is_over"]:
            break
        since = game["move"]
        game = full
    delta = call(live.url, "GET", f"/api/games/{game['id']}?since={since}", token=token)[1]
    assert delta["metrics_since"] == since
    assert delta["metrics"] == [row for row in full["metrics"] if row["step"] > since]
    assert 0 < len(delta["metrics"]) < len(full["metrics"])
    assert "metrics_since" not in full  # no version given: the whole payload (the kernel's)
    assert call(live.url, "GET", f"/api/games/{game['id']}?since=-1", token=token)[0] == 400


def test_chance_is_simulated_for_the_teachers_deals_and_the_most_played_setups():
    students = {"made-up-1": 1, "class": 20, "made-up-2": 1, "deal": 3, "made-up-3": 1, "b": 2}
    chosen = http_limits.chance_setups(students, fixed=["deal"])
    assert chosen == {"deal", "class", "b", "made-up-1"}
    many = {f"made-up-{i}": 1 for i in range(12)}
    assert len(http_limits.chance_setups(many)) == http_limits.CHANCE_OTHER_SETUPS


def test_the_connection_cap_stays_under_the_file_limit():
    assert http_limits.connection_cap(1024) == 1024 - http_limits.FILE_MARGIN
    assert http_limits.connection_cap(256) == 256 - http_limits.FILE_MARGIN
    assert http_limits.connection_cap(0) == http_limits.MAX_CONNECTIONS


def test_one_students_flood_of_requests_is_refused_beyond_a_few_at_once(live):
    import threading

    live.service.asking.limit = 2
    token = join(live.url, live.join_code, "Mallory")
    classmate = join(live.url, live.join_code, "Ada")
    gate = threading.Event()
    original = live.service.rule

    async def slow_rule(class_id, fn):  # every ruling waits: requests stay in progress
        import asyncio

        await asyncio.get_running_loop().run_in_executor(None, gate.wait, 10)
        return await original(class_id, fn)

    live.service.rule = slow_rule
    statuses: list[int] = []
    threads = [
        threading.Thread(
            target=lambda: statuses.append(call(live.url, "GET", "/api/me", token=token)[0])
        )
        for _ in range(5)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.0)
    refused_now = statuses.count(429)
    gate.set()
    for thread in threads:
        thread.join()
    live.service.rule = original
    assert refused_now == 3 and sorted(statuses) == [200, 200, 429, 429, 429]
    assert call(live.url, "GET", "/api/me", token=classmate)[0] == 200
    for _ in range(50):  # on_finish runs just after the answer is written
        if not live.service.asking._now:
            break
        time.sleep(0.05)
    assert live.service.asking._now == {}
