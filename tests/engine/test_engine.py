"""The engine's own promises: saves, actions, simulate, lazy imports."""

from __future__ import annotations

import concurrent.futures as futures
import dataclasses
import json
import subprocess
import sys

import pytest

from evo_lessons import available_games, game_module, load_game
from evo_lessons.engine import Action, IllegalAction, action_from_json, derive_seed, simulate
from evo_lessons.games import climate


@dataclasses.dataclass(frozen=True, slots=True)
class Jump(Action):
    height: int
    cells: tuple[int, ...] = ()


def test_action_json_round_trip_and_strictness():
    jump = Jump(3, (1, 2))
    assert jump.to_json() == {"type": "Jump", "height": 3, "cells": [1, 2]}
    assert action_from_json(jump.to_json(), {"Jump": Jump}) == jump
    for bad in (
        {"type": "Jump", "height": 1.5, "cells": []},
        {"type": "Jump", "height": 1},
        {"type": "Jump", "height": 1, "cells": [], "extra": 0},
        {"type": "Jump", "height": 1, "cells": ["a"]},
        {"type": "Fly", "height": 1, "cells": []},
        ["Jump"],
    ):
        with pytest.raises(ValueError):
            action_from_json(bad, {"Jump": Jump})


def test_illegal_action_names_the_legal_ones():
    state = climate.new_game(players=2, seed=1)
    with pytest.raises(IllegalAction) as error:
        state.apply(climate.Place(1))  # tundra: not a savannah cell
    assert "Place the species on cell" in str(error.value)
    assert isinstance(error.value, ValueError)


def test_derive_seed_is_stable_across_processes():
    here = derive_seed(7, "game", 3)
    code = "from evo_lessons.engine import derive_seed; print(derive_seed(7, 'game', 3))"
    there = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert str(here) == there


def test_simulate_gives_the_same_rows_on_one_core_two_processes_or_an_executor():
    one = simulate("climate", 24, bots=["planner"], seed=5, progress=False)
    two = simulate("climate", 24, bots=["planner"], seed=5, workers=2, chunk_size=5, progress=False)
    with futures.ThreadPoolExecutor(3) as pool:
        pooled = simulate(
            "climate", 24, bots=["planner"], seed=5, executor=pool, chunk_size=4, progress=False
        )
    assert one == two == pooled
    assert [row["game"] for row in one] == list(range(24))
    assert all(row["finished"] for row in one)


def test_simulate_rows_describe_each_game():
    rows = simulate("climate", 5, seed=1, options={"players": 3}, progress=False)
    row = rows[0]
    assert {"game", "seed", "winners", "winner", "actions", "rounds", "extinctions"} <= set(row)
    assert {"p0_tokens", "p2_body"} <= set(row) and "p3_tokens" not in row


def test_simulate_rejects_unknown_bots_and_bad_counts():
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("climate", 1, bots=["oracle"], progress=False)
    with pytest.raises(ValueError):
        simulate("climate", -1, progress=False)


def test_simulate_frame_is_a_dataframe():
    from evo_lessons.engine import simulate_frame

    frame = simulate_frame("climate", 3, seed=2, progress=False)
    assert len(frame) == 3 and "winners" in frame.columns


def test_registry():
    assert "climate" in available_games()
    assert game_module("climate") is climate
    assert load_game("climate", players=2, seed=3) == climate.new_game(players=2, seed=3)
    with pytest.raises(ValueError, match="unknown game"):
        game_module("monopoly")


def test_importing_the_package_loads_no_plotting_widget_or_dataframe_library():
    games = " ".join(
        f"import evo_lessons.games.{g}.view, evo_lessons.games.{g}.bots;" for g in available_games()
    )
    code = (
        f"import sys, evo_lessons, evo_lessons.engine; {games} "
        "heavy = [m for m in ('matplotlib', 'ipywidgets', 'pandas', 'anywidget') "
        "if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_saves_are_plain_json_history():
    state = climate.new_game(players=2, seed=3)
    state.apply(state.legal_actions()[0])
    data = json.loads(state.to_json())
    assert data["format"] == "evo_lessons.game" and data["seed"] == 3
    assert data["actions"] == [state.history[0].to_json()]


def test_whole_number_options_refuse_bools_floats_and_out_of_range_values():
    from evo_lessons.engine.options import whole_number

    assert whole_number("players", 3, 2, 5) == 3
    for bad in (True, 3.0, "3", None):
        with pytest.raises(ValueError, match="players must be a whole number"):
            whole_number("players", bad, 2, 5)
    with pytest.raises(ValueError, match="players must be from 2 to 5, got 9"):
        whole_number("players", 9, 2, 5)
    with pytest.raises(ValueError, match="for 2 to 5 players"):
        whole_number("players", 1, 2, 5, "this game is for 2 to 5 players")
