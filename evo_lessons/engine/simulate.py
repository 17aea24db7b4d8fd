"""Many seeded games, on one core, on several, or on any executor: the same rows every way.

Each game's seed is derived from the base seed and the game's number (and each bot's from those
and its seat), so which process plays a game never changes its result. Rows come back in game
order; with pandas installed, :func:`simulate_frame` gives them as a DataFrame.
"""

from __future__ import annotations

import concurrent.futures as futures
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .bots import RandomBot, play_game
from .seeds import derive_seed

if TYPE_CHECKING:
    from .spec import GameSpec

BotSpec = str | type | Callable[..., Any]
Progress = Callable[[int, int], None]


def _make_bot(spec: GameSpec, bot: BotSpec, seed: int):
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
    row = {"game": index, "seed": game_seed}
    row.update(state.summary())
    row["winner"] = state.winners[0] if len(state.winners) == 1 else None
    return row


def _play_chunk(args: tuple) -> list[dict[str, Any]]:
    spec, indices, seed, bots, options, max_actions = args
    return [play_one(spec, i, seed, bots, options, max_actions) for i in indices]


def _chunks(n: int, size: int) -> Iterable[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def simulate(
    spec: GameSpec,
    n: int,
    bots: Sequence[BotSpec] | None = None,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    executor: futures.Executor | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    max_actions: int = 100_000,
) -> list[dict[str, Any]]:
    """Play ``n`` seeded games and return one summary row per game, in game order.

    Args:
        spec: the game's declaration (``evo_lessons.simulate`` also takes its name).
        n: how many games.
        bots: one bot per seat (a bot class, a factory taking ``seed=``, or the name of one of
            the game's bots); a single one fills every seat; default RandomBot.
        seed: the base seed; game ``i`` gets ``derive_seed(seed, "game", i)``.
        options: variant options passed to ``new_game``.
        workers: processes to use when no executor is given (1 = this process).
        executor: any ``concurrent.futures.Executor`` (a Dask cluster's, for instance).
        progress: called as ``progress(done, n)`` as games finish (the widget layer supplies
            a progress bar; the engine itself draws nothing).
    """
    if type(n) is not int or n < 0:
        raise ValueError("n must be a whole number, zero or more")
    options = spec.normalise_options(options or {})  # a bad option fails here, not in a worker
    size = chunk_size or max(1, min(250, n // 40 or 1))
    jobs = [(spec, chunk, seed, bots, options, max_actions) for chunk in _chunks(n, size)]
    bar = progress
    rows: list[dict[str, Any]] = []
    own_pool = None
    if executor is None and workers > 1:
        own_pool = executor = futures.ProcessPoolExecutor(max_workers=workers)
    try:
        if executor is None:
            for job in jobs:
                rows.extend(_play_chunk(job))
                if bar:
                    bar(len(rows), n)
        else:
            pending = [executor.submit(_play_chunk, job) for job in jobs]
            done_rows: list[list[dict[str, Any]]] = [[] for _ in pending]
            finished = 0
            index = {id(f): k for k, f in enumerate(pending)}
            for future in futures.as_completed(pending):
                done_rows[index[id(future)]] = future.result()
                finished += len(done_rows[index[id(future)]])
                if bar:
                    bar(finished, n)
            for part in done_rows:
                rows.extend(part)
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    if bar:
        bar(n, n)
    return rows
