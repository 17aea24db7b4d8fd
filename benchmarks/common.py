"""What every game's benchmark shares: games per second, and a widget's step in the kernel.

:func:`game_figures` is the whole benchmark of a game that has no ``bench_<name>.py`` of its own:
``benchmarks/run.py`` finds every game in the registry and uses it, so a new game needs no
benchmark file (a game's own file, where there is one, adds figures of its own: balance, variants,
targets).
"""

from __future__ import annotations

import statistics
import time
from typing import TYPE_CHECKING, Any

from evo_lessons.engine import derive_seed, play_game

if TYPE_CHECKING:
    from evo_lessons.engine import GameSpec


#: the seeds of the warm-up games: none of them is a timed game's
WARM_UP_SEEDS = 10_000_000


def _batch(
    spec: GameSpec, make: Any, n: int, first: int, options: dict[str, Any]
) -> tuple[float, float, int, int]:
    """Play games ``first`` to ``first + n - 1`` (their seeds: ``derive_seed(1, i)``): wall
    seconds, CPU seconds, decisions, and turns where the state counts them (``.turns``)."""
    start, cpu_start = time.perf_counter(), time.process_time()
    actions = turn_count = 0
    for i in range(first, first + n):
        seed = derive_seed(1, i)
        state = spec.new_game(seed=seed, **options)
        seats = [make(seed=seed + k) for k in range(state.num_players)]
        play_game(state, seats, max_actions=10**7)
        actions += len(state.history)
        turn_count += getattr(state, "turns", 0)
    return time.perf_counter() - start, time.process_time() - cpu_start, actions, turn_count


def games_per_second(
    spec: GameSpec,
    n: int,
    bot: str = "random",
    *,
    turns: bool = False,
    repeats: int = 3,
    **options: Any,
) -> dict:
    """Full games with one kind of bot in every seat, on one core, wall and CPU time.

    Every game's games per second are measured here, one way (Niche's and Adaptation's
    benchmark files call it too, and add their targets): a warm-up of ``n / 20``
    other games first (a process's first games fill the shared tables of a game's actions
    and sentences: a class's sweep pays that once), then ``repeats`` runs of ``n`` games
    each, every run its own games (games ``k * n`` to ``(k + 1) * n - 1``: no run replays
    another's, so nothing remembered from one game flatters the next). The figures are the
    median run's, with the CPU figure's range over the runs beside it (a shared machine's
    speed swings from minute to minute: the range shows by how much). The CPU figure is the
    steadier one. A game's length depends on its options and bots, so the cost of one
    decision is the figure to compare between games; ``turns`` also reports turns a game (for
    a state that counts them in ``.turns``).
    """
    make = spec.bots[bot]
    _batch(spec, make, max(1, n // 20), WARM_UP_SEEDS, options)
    runs = [_batch(spec, make, n, k * n, options) for k in range(max(1, repeats))]
    wall = statistics.median(run[0] for run in runs)
    cpus = sorted(run[1] for run in runs)
    cpu = statistics.median(cpus)
    actions = sum(run[2] for run in runs)
    turn_count = sum(run[3] for run in runs)
    played = n * len(runs)
    result = {
        "games": n,
        "bot": bot,
        "options": options or "default",
        "repeats": len(runs),
        "seconds": round(wall, 2),
        "games_per_s": round(n / wall, 1),
        "cpu_games_per_s": round(n / cpu, 1),
        "cpu_games_per_s_range": [round(n / cpus[-1], 1), round(n / cpus[0], 1)],
        "decisions_per_game": round(actions / played, 1),
        "cpu_us_per_decision": round(sum(run[1] for run in runs) / actions * 1e6, 2),
    }
    if turns:
        result["turns_per_game"] = round(turn_count / played, 1)
    return result


def widget_step_latency(game: str, bot: str, players: int, steps: int = 300) -> dict:
    """Median and p95 of ``GameWidget.step()``: apply + bot + view model + live plot frame.

    All seats are bots, so each step is exactly one move; a finished game is replaced by a new
    one (its first frame redraws the plot's background, which shows in the p95 and max).
    """
    from evo_lessons.widgets import GameWidget

    widget = GameWidget(game, seed=1, seats=[bot] * players, players=players)
    times = []
    game_number = 1
    for _ in range(steps):
        if widget.state.is_over:
            game_number += 1
            widget.new_game(seed=game_number)
        start = time.perf_counter()
        widget.step()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "steps": steps,
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[int(0.95 * len(times)) - 1], 1),
        "max_ms": round(times[-1], 1),
    }


def games_in(spec: GameSpec, seconds: float, bot: str = "random", **options: Any) -> int:
    """How many games fill about ``seconds`` of play (one game timed first; at least 3)."""
    start = time.process_time()
    state = spec.new_game(seed=derive_seed(2, 0), **options)
    make = spec.bots[bot]
    play_game(state, [make(seed=k) for k in range(state.num_players)], max_actions=10**7)
    one = max(time.process_time() - start, 1e-4)
    return max(3, int(seconds / one))


def game_figures(spec: GameSpec, *, quick: bool = False, widget: bool = True) -> dict:
    """Any registered game's figures from its spec alone: games per second with random players
    and with the helper bot in every seat (at the default options), and the widget's step."""
    seconds = 0.5 if quick else 5.0
    results = {
        f"{spec.name}_games": games_per_second(spec, games_in(spec, seconds)),
        f"{spec.name}_{spec.helper_bot}_games": games_per_second(
            spec, games_in(spec, seconds, spec.helper_bot), spec.helper_bot
        ),
    }
    if widget:
        players = spec.option("players").default
        steps = 100 if quick else 300
        results[f"{spec.name}_widget_step"] = widget_step_latency(
            spec.name, spec.helper_bot, players, steps
        )
    return results
