"""What checking codes costs (issue 17 §4): the linear pre-check on hostile text, reading and
replaying result codes (every bot seat re-asked of its bot), the longest Adapt or Die game,
pooling the example class, and refusing population codes past the work bound.

Run alone with ``python benchmarks/bench_codes.py [--quick]``. CPU seconds (the steadier figure
on a shared machine), best of a few repeats. Measurements, not tests: nothing here fails a build.
"""

from __future__ import annotations

import base64
import json
import random
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def best_cpu(work, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return round(min(times), 4)


def refused(work) -> None:
    try:
        work()
    except ValueError:
        return
    raise AssertionError("accepted")


def packed(text: str, prefix: str = "EVR2-") -> str:
    return prefix + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def hostile_text(repeats: int) -> dict:
    """robustness.md N2: an unterminated string of escaped quotes (quadratic before)."""
    from evo_lessons.classroom import check_code
    from evo_lessons.engine.record import check_json_text

    figures = {}
    for size in (64_000, 2_000_000):
        text = '"' + '\\"' * (size // 2)
        figures[f"pre_check_{size // 1000}kB_s"] = best_cpu(
            lambda t=text: check_json_text(t, limit=10**8), repeats
        )
        code = packed(text[: min(len(text), 1_999_000)])
        figures[f"code_{size // 1000}kB_inflated_s"] = best_cpu(
            lambda c=code: refused(lambda: check_code(c)), repeats
        )
        figures[f"code_{size // 1000}kB_chars"] = len(code)
    return figures


def class_codes(repeats: int) -> dict:
    """A typical class code, and the example class pooled whole."""
    from evo_lessons.classroom import EXAMPLE_FILE, check_code, pool
    from evo_lessons.classroom.example import played

    code = played(1000).result_code("Ada", "01_climate")
    pooled = pool(EXAMPLE_FILE)
    return {
        "climate_4p_code_chars": len(code),
        "climate_4p_check_s": best_cpu(lambda: check_code(code), repeats),
        "example_class_codes": len(pooled.games) + len(pooled.apart) + len(pooled.rejected)
        + len(pooled.populations),
        "example_class_pool_s": best_cpu(lambda: pool(EXAMPLE_FILE), 1),
    }  # fmt: skip


def every_game(repeats: int) -> dict:
    """Each game, a person (random moves) against the game's helper bot in the other seats:
    the code's length and the check, every bot move re-asked of its bot."""
    from evo_lessons import GAMES, game_spec
    from evo_lessons.classroom import check_code
    from evo_lessons.widgets.session import GameSession

    figures = {}
    for name in GAMES:
        spec = game_spec(name)
        players = spec.normalise_options({})["players"]
        seats = ["human"] + [spec.helper_bot] * (players - 1)
        session = GameSession(name, 11, seats)
        rng = random.Random(11)
        while not session.state.is_over:
            if session.is_human_turn():
                session.act_index(rng.randrange(len(session.state.legal_actions())))
            else:
                session.bot_step()
        code = session.result_code("Ada")
        figures[f"{name}_vs_{spec.helper_bot}_moves"] = len(session.actions)
        figures[f"{name}_vs_{spec.helper_bot}_code_chars"] = len(code)
        figures[f"{name}_vs_{spec.helper_bot}_check_s"] = best_cpu(
            lambda c=code: check_code(c), repeats
        )
    return figures


def longest_game(repeats: int) -> dict:
    """The longest uniform random Adapt or Die game found under the 500-round cap (R19; N1's
    93,478-move game is now refused as a setup): 5 players, 19,742 moves, people in every seat;
    and a long game with bots in three seats, every bot move re-asked."""
    from evo_lessons import game_spec
    from evo_lessons.classroom import check_code
    from evo_lessons.engine import record, results
    from evo_lessons.widgets.session import GameSession

    spec = game_spec("adapt_or_die")
    state = spec.new_game(seed=1, players=5, habitats_per_player=5, choose_creature=False,
                          scoring="extinctions", max_rounds=500)  # fmt: skip
    rng = random.Random(1)
    actors = []
    while not state.is_over:
        actors.append(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    seats = ["human"] * 5
    play = results.play_record(seats, actors, ["person"] * len(actors), student=0)
    code = results.encode(results.game_result(record.compact_save(state, seats), "Ada", play=play))
    readable = json.dumps(record.save_dict(state), separators=(",", ":"))
    session = GameSession("adapt_or_die", 7, ["human", "random", "random", "random"], players=4)
    rng = random.Random(7)
    while not session.state.is_over:
        if session.is_human_turn():
            session.act_index(rng.randrange(len(session.state.legal_actions())))
        else:
            session.bot_step()
    bots = session.result_code("Ada")
    return {
        "aod_longest_moves": len(state.history),
        "aod_longest_readable_save_bytes": len(readable),
        "aod_longest_save_bytes": len(state.to_json()),
        "aod_longest_code_chars": len(code),
        "aod_longest_check_s": best_cpu(lambda: check_code(code), 1),
        "aod_random_bots_moves": len(session.actions),
        "aod_random_bots_check_s": best_cpu(lambda: check_code(bots), repeats),
    }


def population_bound(repeats: int) -> dict:
    """robustness.md N8: both population codes past the work bound, refused unrun."""
    from evo_lessons.classroom import check_code
    from evo_lessons.engine import results

    summary = {"generations": 1, "size": 1, "mean_fitness": 1.0, "extinct": False,
               "frequencies": {}}  # fmt: skip
    cases = {
        "63_demes": {"game": "climate", "size": 1_000_000, "generations": 2, "seed": 1,
                     "mutation_rate": 0.01, "migration": 0.1,
                     "environment": {"cells": list(range(1, 64))}},
        "size_change": {"game": "climate", "size": 1, "generations": 50_000, "seed": 1,
                        "mutation_rate": 0.01, "changes": [[1, {"size": 1_000_000}]]},
    }  # fmt: skip
    figures = {}
    for name, settings in cases.items():
        code = results.encode(results.population_result(settings, summary, "Mallory"))
        figures[f"population_{name}_refused_s"] = best_cpu(
            lambda c=code: refused(lambda: check_code(c)), repeats
        )
    return figures


def _worst_population_settings(seed: int) -> dict:
    """The red-team's costliest accepted run (F8): 63 Climate cells of 31,746, 24 generations,
    every rate at 1 (just under the work bound)."""
    return {"game": "climate", "size": 31_746, "generations": 24, "seed": seed,
            "mutation_rate": 1.0, "migration": 1.0, "selection": 1.0,
            "environment": {"cells": list(range(1, 64))}}  # fmt: skip


def hostile_paste(repeats: int, count: int = 5_000) -> dict:
    """Issue 34 §4: a 3 KB hostile code (F7's one huge move number) refused, and ``count``
    worst-case codes pasted at once into one pooling call, each kind on its own: distinct 3 KB
    codes that unpack to 2 MB, distinct copies of the longest legal Adapt or Die game, and
    distinct worst-case population runs whose cheap fields are right. CPU seconds of the whole
    call, and how many codes the work budget left unchecked."""
    from evo_lessons.classroom import check_code
    from evo_lessons.classroom.pooling import pool_codes
    from evo_lessons.engine import record, results
    from evo_lessons.widgets.session import GameSession

    session = GameSession("phylo", 3, ["human", "builder"])
    session.play_to_end()
    data = results.game_result(session.scenario(True), "Mallory", play=session.play_record())
    play = json.dumps(data["play"])
    save = dict(data["save"], moves="B" * 1_990_000 + "a")
    head = json.dumps({k: v for k, v in data.items() if k not in ("play", "lesson", "save")})
    packer = zlib.compressobj(9)
    start = packer.compress((head[:-1] + ', "save": ' + json.dumps(save)).encode())

    def hostile(number: int) -> str:
        tail = packer.copy()
        raw = start + tail.compress(f', "play": {play}, "lesson": "l{number}"}}'.encode())
        raw += tail.flush()
        return "EVR2-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")

    one = hostile(0)
    figures: dict = {"hostile_code_chars": len(one),
                     "hostile_code_refused_s": best_cpu(lambda: refused(lambda: check_code(one)),
                                                        repeats)}  # fmt: skip
    from evo_lessons import game_spec

    spec = game_spec("adapt_or_die")
    spec_state = spec.new_game(seed=1, players=5, habitats_per_player=5, choose_creature=False,
                               scoring="extinctions", max_rounds=500)  # fmt: skip
    rng = random.Random(1)
    actors = []
    while not spec_state.is_over:
        actors.append(spec_state.current_player)
        spec_state.apply(rng.choice(spec_state.legal_actions()))
    seats = ["human"] * 5
    long_play = results.play_record(seats, actors, ["person"] * len(actors), student=0)
    long_save = record.compact_save(spec_state, seats)
    summary = {"generations": 24, "size": 31_746 * 63, "mean_fitness": 0.5, "extinct": False,
               "frequencies": {}}  # fmt: skip
    from evo_lessons.population import Settings

    world = Settings.from_json(json.dumps(_worst_population_settings(1))).world
    summary["frequencies"] = {f"{t.key}={label}": 0.5 for t in world.traits for label in t.labels}
    kinds = {
        "unpacking": [hostile(n) for n in range(count)],
        "long_games": [
            results.encode(results.game_result(long_save, f"Ada {n}", play=long_play))
            for n in range(count)
        ],
        "population_runs": [
            results.encode(
                results.population_result(_worst_population_settings(n), summary, "Mallory")
            )
            for n in range(count)
        ],
    }
    for kind, codes in kinds.items():
        start_cpu = time.process_time()
        pooled = pool_codes("\n".join(codes))
        figures[f"paste_{count}_{kind}_s"] = round(time.process_time() - start_cpu, 2)
        figures[f"paste_{count}_{kind}_skipped"] = len(pooled.skipped)
        figures[f"paste_{count}_{kind}_budget_spent"] = pooled.budget.spent
    return figures


def run(quick: bool = False) -> dict:
    repeats = 1 if quick else 3
    figures = {}
    for part in (hostile_text, class_codes, every_game, population_bound, longest_game,
                 hostile_paste):  # fmt: skip
        figures.update({f"codes_{k}": v for k, v in part(repeats).items()})
    return figures


if __name__ == "__main__":
    for name, value in run(quick="--quick" in sys.argv).items():
        print(f"{name:<44} {json.dumps(value)}")
