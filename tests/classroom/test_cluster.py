"""Sweeps on a real distributed engine: ``simulate`` on a Dask LocalCluster of two processes.

The promise under test: a game's row depends only on the base seed and the game's number, so
two worker processes give exactly the rows one core gives, and the progress callback (which
runs here, in the submitting process) moves while the cluster works.
"""

from __future__ import annotations

import pytest
from dask.distributed import Client, LocalCluster, get_task_stream

from evo_lessons.engine.simulate import simulate
from evo_lessons.games.adaptation import GAME

GAMES = 300


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def one_core():
    return simulate(GAME, GAMES, seed=13)


def test_two_worker_processes_give_the_rows_of_one_core(client, one_core):
    with get_task_stream(client) as tasks:
        rows = simulate(GAME, GAMES, seed=13, executor=client.get_executor(), chunk_size=20)
    assert rows == one_core
    assert len({task["worker"] for task in tasks.data}) == 2


def test_chunks_sized_by_measurement_give_the_same_rows(client):
    """The default chunking times the first games here, then sends the rest in chunks."""
    with get_task_stream(client) as tasks:
        rows = simulate(GAME, 120, bots=["memory"], seed=4, executor=client.get_executor())
    assert rows == simulate(GAME, 120, bots=["memory"], seed=4)
    assert tasks.data, "some games were played on the cluster"


def test_the_client_itself_serves_as_an_executor(client, one_core):
    assert simulate(GAME, GAMES, seed=13, executor=client, chunk_size=50) == one_core


def test_progress_moves_while_the_cluster_plays(client):
    seen: list[tuple[int, int]] = []
    simulate(
        GAME,
        GAMES,
        seed=2,
        executor=client.get_executor(),
        chunk_size=25,
        progress=lambda done, total: seen.append((done, total)),
    )
    done = [d for d, _ in seen]
    assert len(set(done)) == GAMES // 25 and done == sorted(done)
    assert seen[-1] == (GAMES, GAMES) and {t for _, t in seen} == {GAMES}
