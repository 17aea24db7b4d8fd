"""The class's main flow on a real PostgreSQL (Debian's, started for the test)."""

from __future__ import annotations

import uuid

import pytest

from evo_lessons.service.deal_secret import served_seed

from .helpers import Running, call, finished_code, join, play_served, send
from .postgres import cluster
from .security_helpers import class_secret_of


@pytest.fixture
def live_postgres(tmp_path):
    with cluster() as url:
        running = Running(tmp_path / "class", db_url=url)
        try:
            yield running
        finally:
            running.stop()


def test_the_main_flow_on_postgresql(live_postgres):
    live = live_postgres
    assert live.service.engine.dialect.name == "postgresql"
    tokens = {name: join(live.url, live.join_code, name) for name in ("Ada", "Grace")}
    send_id = uuid.uuid4().hex
    first = send(live.url, tokens["Ada"], finished_code("Ada", seed=3), send_id)[1]
    assert first["status"] == "counted"
    assert send(live.url, tokens["Ada"], finished_code("Ada", seed=3), send_id)[1] == first
    assert send(live.url, tokens["Ada"], finished_code("Ada", seed=3))[1]["status"] == "apart"
    call(live.url, "POST", "/api/deal", {"game": "phylo", "seed": 2**40}, live.teacher)
    payload = play_served(live.url, tokens["Grace"], "phylo")
    assert payload["result"]["status"] == "counted"
    # the seed served is the class secret's for the label 2**40 (deal_secret): past 32 bits
    served = served_seed(class_secret_of(live.service), "phylo", {}, seed=2**40)
    assert live.service.host._live[payload["id"]].seed == served > 2**32
    summary = call(live.url, "GET", "/api/summary", token=live.teacher)[1]
    assert (summary["counted"], summary["apart"], summary["finished"]) == (2, 1, 1)
    # a new service on the same database keeps the class (a restart)
    from evo_lessons.service.app import ClassService

    again = ClassService(live.service.data, live.service.url)
    try:
        assert again.settings["join_code"] == live.join_code
        assert again.settings["teacher_token"] is None  # shown once; its hash is kept
        assert call(live.url, "GET", "/api/summary", token=live.teacher)[0] == 200
    finally:
        again.close()
