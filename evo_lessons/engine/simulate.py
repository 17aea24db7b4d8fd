"""Many seeded games, on one core, on several, or on any executor: the same rows every way.

Each game's seed is derived from the base seed and the game's number (and each bot's from those
and its seat), so which process plays a game never changes its result. Rows come back in game
order; with pandas installed, :func:`simulate_frame` gives them as a DataFrame.
"""

# i18n: developer-only: a Python programmer's batch of games; its one error is about an argument

from __future__ import annotations

import concurrent.futures as futures
import math
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .bots import RandomBot, play_game
from .seeds import derive_seed
from .spec import _spec_of

if TYPE_CHECKING:
    from .spec import GameSpec

BotSpec = str | type | Callable[..., Any]
Progress = Callable[[int, int], None]


def _make_bot(spec: GameSpec, bot: BotSpec, seed: int) -> Any:
    if isinstance(bot, str):
        return spec.make_bot(bot, seed)
    return bot(seed=seed)


def play_one(
    spec: GameSpec,
    index: int,
    seed: int,
    bots: Sequence[BotSpec] | None,
    options: dict[str, Any],
    max_actions: int = 100_000,
) -> dict[str, Any]:
    """Play game number ``index`` of a batch and return its summary row."""
    game_seed = derive_seed(seed, "game", index)
    state = spec.new_game(seed=game_seed, **options)
    specs = list(bots) if bots else [RandomBot] * state.num_players
    if len(specs) == 1:
        specs = specs * state.num_players
    players = [
        _make_bot(spec, bot, derive_seed(game_seed, "bot", seat)) for seat, bot in enumerate(specs)
    ]
    play_game(state, players, max_actions=max_actions)
    row: dict[str, Any] = {"game": index, "seed": game_seed}
    row.update(state.summary())
    row["winner"] = state.winners[0] if len(state.winners) == 1 else None
    return row


def _play_chunk(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    spec, indices, seed, bots, options, max_actions = args
    if isinstance(spec, tuple):  # sent to another process by reference (see _by_reference)
        spec = _spec_of(*spec)
    return [play_one(spec, i, seed, bots, options, max_actions) for i in indices]


def _by_reference(spec: GameSpec) -> tuple[str, str]:
    """The spec as (module, class) of its state: what a worker imports to find it again.

    Pickling sends a spec this way anyway; naming it in the task itself also spares Dask from
    hashing the whole declaration for every task's key (about 2 ms a task, measured).
    """
    return (spec.state.__module__, spec.state.__qualname__)


def _chunks(start: int, n: int, size: int) -> Iterable[range]:
    for first in range(start, n, size):
        yield range(first, min(n, first + size))


#: the seconds of play one task on an executor should hold: ten times and more the overhead a
#: task costs on a Dask LocalCluster (benchmarks/bench_cluster.py measured 5 ms, and 10-15 ms on
#: a machine busy with other work), so the overhead stays under 10% for every game, fast
#: (Adaptation, ~0.4 ms a game) or slow (Climate's random games, ~40 ms)
TASK_SECONDS = 0.2
#: never more tasks than this (a slow game's sweep would otherwise flood the scheduler)
MAX_TASKS = 2_000
#: games played here first to time one game, before the chunk size is chosen
PROBE_SECONDS = 0.05


def _chunk_size(seconds_per_game: float, games_left: int) -> int:
    """Games per task: enough to hold TASK_SECONDS of play, and few enough tasks."""
    size = max(1, math.ceil(TASK_SECONDS / max(seconds_per_game, 1e-6)))
    return max(size, math.ceil(games_left / MAX_TASKS))


def _collect(pending: list[Any], on_done: Callable[[int, Any], None]) -> None:
    """Wait for every future, calling ``on_done(k, result)`` as each one finishes.

    ``concurrent.futures`` futures (a process pool's, ``client.get_executor()``'s on Dask) are
    taken in the order they finish, so a progress bar moves as the cluster works; any other
    future with a ``result()`` method (``dask.distributed.Client.submit``'s own) in order.
    """
    if all(isinstance(f, futures.Future) for f in pending):
        index = {id(f): k for k, f in enumerate(pending)}
        for future in futures.as_completed(pending):
            on_done(index[id(future)], future.result())
    else:
        for k, future in enumerate(pending):
            on_done(k, future.result())


def simulate(
    spec: GameSpec,
    n: int,
    bots: Sequence[BotSpec] | None = None,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    executor: Any = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    max_actions: int = 100_000,
) -> list[dict[str, Any]]:
    """Play ``n`` seeded games and return one summary row per game, in game order.

    The rows are the same on one core, on a process pool and on a Dask cluster: each game's
    seed comes from ``seed`` and its number only, never from where or when it was played.

    Args:
        spec: the game's declaration (``evo_lessons.simulate`` also takes its name).
        n: how many games.
        bots: one bot per seat (a bot class, a factory taking ``seed=``, or the name of one of
            the game's bots); a single one fills every seat; default RandomBot.
        seed: the base seed; game ``i`` gets ``derive_seed(seed, "game", i)``.
        options: variant options passed to ``new_game``.
        workers: processes to use when no executor is given (1 = this process).
        executor: any ``concurrent.futures.Executor``, or anything with a ``submit`` whose
            futures have ``result()``. On a Dask cluster: ``client.get_executor()`` (install
            ``evo_lessons[cluster]``), or the ``Client`` itself.
        progress: called as ``progress(done, n)`` as games finish, in this process, so a
            progress bar moves for a process pool or a cluster alike (the widget layer
            supplies one; the engine itself draws nothing).
        chunk_size: games per task on an executor. By default it is chosen from a measurement:
            the first games are played here for PROBE_SECONDS to time one game, then each task
            holds about TASK_SECONDS of play (at most MAX_TASKS tasks). A task on a Dask
            LocalCluster costs about 5 ms beyond its games (benchmarks/bench_cluster.py; 10-15
            ms on a loaded machine), so 0.2 s of play keeps that overhead under 10% for every
            game: about 500 Adaptation games a task, or 5 of Climate's long random games
            (measured: 100,000 Adaptation games in ~87 ms tasks, 6% overhead). Without an
            executor, games are simply played in order.
        max_actions: a game still going after this many moves is stopped (``finished`` False).
    """
    if type(n) is not int or n < 0:
        raise ValueError("n must be a whole number, zero or more")
    options = spec.normalise_options(options or {})  # a bad option fails here, not in a worker
    bar = progress
    rows: list[dict[str, Any]] = []
    own_pool = None
    if executor is None and workers > 1:
        own_pool = executor = futures.ProcessPoolExecutor(max_workers=workers)
    try:
        if executor is None:
            for chunk in _chunks(0, n, chunk_size or max(1, min(250, n // 40 or 1))):
                rows.extend(_play_chunk((spec, chunk, seed, bots, options, max_actions)))
                if bar:
                    bar(len(rows), n)
        else:
            size = chunk_size
            if size is None:  # time a few games here (their rows are kept) to size the tasks
                start = time.perf_counter()
                while len(rows) < n and time.perf_counter() - start < PROBE_SECONDS:
                    rows.append(play_one(spec, len(rows), seed, bots, options, max_actions))
                if rows:
                    elapsed = time.perf_counter() - start
                    size = _chunk_size(elapsed / len(rows), n - len(rows))
                    if bar:
                        bar(len(rows), n)
            reference = _by_reference(spec)
            pending = [
                executor.submit(_play_chunk, (reference, chunk, seed, bots, options, max_actions))
                for chunk in _chunks(len(rows), n, size or 1)
            ]
            parts: list[list[dict[str, Any]]] = [[] for _ in pending]
            finished = len(rows)

            def done(k: int, part: list[dict[str, Any]]) -> None:
                nonlocal finished
                parts[k] = part
                finished += len(part)
                if bar:
                    bar(finished, n)

            _collect(pending, done)
            for part in parts:
                rows.extend(part)
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    if bar:
        bar(n, n)
    return rows
