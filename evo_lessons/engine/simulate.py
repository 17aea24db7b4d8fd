"""Many seeded games, on one core, on several, or on any executor: the same rows every way.

Each game's seed is derived from the base seed and the game's number (and each bot's from those
and its seat), so which process plays a game never changes its result. Rows come back in game
order; with pandas installed, :func:`simulate_frame` gives them as a DataFrame.
"""

from __future__ import annotations

import concurrent.futures as futures
import importlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .bots import RandomBot, play_game
from .seeds import derive_seed

BotSpec = str | type | Callable[..., Any]


def _game_module(game: str | Any):
    if isinstance(game, str):
        from evo_lessons import game_module

        return game_module(game)
    return game


def _make_bot(module, spec: BotSpec, seed: int):
    if isinstance(spec, str):
        registry = importlib.import_module(f"{module.__name__}.bots").BOTS
        if spec not in registry:
            raise ValueError(f"unknown bot {spec!r}; this game has {sorted(registry)}")
        spec = registry[spec]
    return spec(seed=seed)


def play_one(
    game: str | Any,
    index: int,
    seed: int,
    bots: Sequence[BotSpec] | None,
    options: dict[str, Any],
    max_actions: int = 100_000,
) -> dict[str, Any]:
    """Play game number ``index`` of a batch and return its summary row."""
    module = _game_module(game)
    game_seed = derive_seed(seed, "game", index)
    state = module.new_game(seed=game_seed, **options)
    specs = list(bots) if bots else [RandomBot] * state.num_players
    if len(specs) == 1:
        specs = specs * state.num_players
    players = [
        _make_bot(module, spec, derive_seed(game_seed, "bot", seat))
        for seat, spec in enumerate(specs)
    ]
    play_game(state, players, max_actions=max_actions)
    row = {"game": index, "seed": game_seed}
    row.update(state.summary())
    row["winner"] = state.winners[0] if len(state.winners) == 1 else None
    return row


def _play_chunk(args: tuple) -> list[dict[str, Any]]:
    game, indices, seed, bots, options, max_actions = args
    return [play_one(game, i, seed, bots, options, max_actions) for i in indices]


def _chunks(n: int, size: int) -> Iterable[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def simulate(
    game: str | Any,
    n: int,
    bots: Sequence[BotSpec] | None = None,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    executor: futures.Executor | None = None,
    progress: bool | None = None,
    chunk_size: int | None = None,
    max_actions: int = 100_000,
) -> list[dict[str, Any]]:
    """Play ``n`` seeded games and return one summary row per game, in game order.

    Args:
        game: a game name ("climate") or a game module.
        n: how many games.
        bots: one bot spec per seat (a bot class, a factory taking ``seed=``, or the name of a
            bot in the game's ``BOTS``); a single spec fills every seat; default RandomBot.
        seed: the base seed; game ``i`` gets ``derive_seed(seed, "game", i)``.
        options: variant options passed to ``new_game``.
        workers: processes to use when no executor is given (1 = this process).
        executor: any ``concurrent.futures.Executor`` (a Dask cluster's, for instance).
        progress: show a progress bar (default: only inside a Jupyter kernel).
    """
    if n < 0:
        raise ValueError("n must be zero or more")
    options = dict(options or {})
    # Name the game rather than pass the module, so work pickles to other processes.
    name = game if isinstance(game, str) else getattr(game, "GAME_NAME", None)
    target = name if name is not None else game
    size = chunk_size or max(1, min(250, n // 40 or 1))
    jobs = [(target, chunk, seed, bots, options, max_actions) for chunk in _chunks(n, size)]
    bar = _progress_bar(n) if (progress if progress is not None else _in_kernel()) else None
    rows: list[dict[str, Any]] = []
    own_pool = None
    if executor is None and workers > 1:
        own_pool = executor = futures.ProcessPoolExecutor(max_workers=workers)
    try:
        if executor is None:
            for job in jobs:
                rows.extend(_play_chunk(job))
                if bar:
                    bar(len(rows))
        else:
            pending = [executor.submit(_play_chunk, job) for job in jobs]
            done_rows: list[list[dict[str, Any]]] = [[] for _ in pending]
            finished = 0
            index = {id(f): k for k, f in enumerate(pending)}
            for future in futures.as_completed(pending):
                done_rows[index[id(future)]] = future.result()
                finished += len(done_rows[index[id(future)]])
                if bar:
                    bar(finished)
            for part in done_rows:
                rows.extend(part)
    finally:
        if own_pool is not None:
            own_pool.shutdown()
        if bar:
            bar(n, done=True)
    return rows


def simulate_frame(*args: Any, **kwargs: Any):
    """:func:`simulate` as a pandas DataFrame (pandas is imported only here)."""
    import pandas as pd

    return pd.DataFrame(simulate(*args, **kwargs))


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _progress_bar(total: int):
    """A small ipywidgets progress bar, or None if widgets are unavailable."""
    try:
        import ipywidgets as widgets
        from IPython.display import display
    except ImportError:
        return None
    bar = widgets.IntProgress(min=0, max=max(total, 1), description="Games")
    label = widgets.Label(f"0 / {total}")
    display(widgets.HBox([bar, label]))

    def update(count: int, done: bool = False) -> None:
        bar.value = count
        label.value = f"{count} / {total}" + (" done" if done else "")
        if done:
            bar.bar_style = "success"

    return update
