"""The engine's own promises: saves, actions, simulate, lazy imports."""

from __future__ import annotations

import concurrent.futures as futures
import copy
import dataclasses
import json
import pathlib
import subprocess
import sys

import pytest

from evo_lessons import GAMES, available_games, game_spec, load_game, simulate, simulate_frame
from evo_lessons.engine import Action, IllegalAction, action_from_json, derive_seed
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
    frame = simulate_frame("climate", 3, seed=2, progress=False)
    assert len(frame) == 3 and "winners" in frame.columns


def test_registry():
    assert "climate" in available_games()
    assert game_spec("climate") is climate.GAME
    assert load_game("climate", players=2, seed=3) == climate.new_game(players=2, seed=3)
    with pytest.raises(ValueError, match="unknown game"):
        game_spec("monopoly")


def test_importing_the_package_and_every_games_spec_loads_no_plotting_widget_or_dataframe_library():
    # every registered game (the guide's example too) is reached through its spec, which loads
    # its rules, bots and view wherever they live: no module name is assumed
    tests = str(pathlib.Path(__file__).resolve().parents[1])
    code = (
        f"import sys, evo_lessons; sys.path.insert(0, {tests!r}); "
        f"evo_lessons.GAMES.update({dict(GAMES)!r}); "
        "specs = [evo_lessons.game_spec(g) for g in evo_lessons.GAMES]; "
        "assert all(callable(s.view.view_model) and s.bots for s in specs); "
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


def test_option_checks_refuse_bools_floats_words_and_out_of_range_values():
    from evo_lessons.engine import Option

    players = Option("players", 3, "how many", low=2, high=5)
    assert players.check(3) == 3
    for bad in (True, 3.0, "3", None):
        with pytest.raises(ValueError, match="players must be a whole number"):
            players.check(bad)
    with pytest.raises(ValueError, match="players must be from 2 to 5, got 9"):
        players.check(9)
    worded = Option("players", 3, "how many", low=2, high=5, out_of_range="for 2 to 5 players")
    with pytest.raises(ValueError, match="for 2 to 5 players"):
        worded.check(1)
    cap = Option("max_rounds", None, "cap", low=1, high=10, allow_none=True)
    assert cap.check(None) is None and cap.check(4) == 4
    trend = Option("trend", "up", "which way", kind=str, choices=("up", "down"))
    with pytest.raises(ValueError, match="trend must be one of"):
        trend.check("sideways")
    flag = Option("blind", False, "blind", kind=bool)
    with pytest.raises(ValueError, match="True or False"):
        flag.check(1)


def test_new_game_refuses_unknown_options_and_names_the_known_ones():
    with pytest.raises(ValueError, match=r"has no option 'player'.*players"):
        climate.new_game(player=3)


@pytest.mark.parametrize(
    "forge",
    [float, bool, str, lambda v: __import__("numpy").int64(v)],
    ids=["float", "bool", "str", "numpy"],
)
def test_apply_refuses_an_action_that_only_equals_a_legal_one(forge):
    state = climate.new_game(players=3, seed=1)
    legal = state.legal_actions()[0]
    before = state.fingerprint()
    forged = dataclasses.replace(legal, cell=forge(legal.cell))
    with pytest.raises(IllegalAction):
        state.apply(forged)
    assert state.fingerprint() == before and state.history == []


def test_apply_stores_the_legal_lists_own_action_object():
    state = climate.new_game(players=3, seed=1)
    legal = state.legal_actions()[0]
    state.apply(climate.Place(legal.cell))  # a fresh but identical object is fine
    assert state.history[0] is legal


def test_illegal_action_messages_never_format_a_forged_value_with_the_games_labels():
    from evo_lessons.games import niche

    state = niche.new_game(players=2, seed=1)
    with pytest.raises(IllegalAction, match="KeepEnvironment\\(environment=999\\)"):
        state.apply(niche.KeepEnvironment(999))
    with pytest.raises(IllegalAction):
        state.apply(niche.KeepEnvironment(10**5000))


def test_action_from_json_checks_every_fields_declared_type():
    for bad in (
        {"type": "Jump", "height": "3", "cells": []},
        {"type": "Jump", "height": True, "cells": []},
        {"type": "Jump", "height": 3, "cells": "12"},
        {"type": "Jump", "height": 3, "cells": [1.0]},
        {"type": ["Jump"], "height": 3, "cells": []},
    ):
        with pytest.raises(ValueError):
            action_from_json(bad, {"Jump": Jump})


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1000 + "]" * 1000,
        '{"format": ' + "[" * 5000 + "]" * 5000 + "}",
        "x" * 3_000_000,
        b"\xff\xfe\x00",
        '{"format": "evo_lessons.game", "version": 1, "game": "climate", "options": {}, '
        '"seed": 1' + "0" * 5000 + ', "actions": []}',
    ],
    ids=["deep", "deep-inside", "huge", "not-utf8", "huge-seed"],
)
def test_loading_refuses_deep_huge_or_garbled_saves_with_a_value_error(text):
    with pytest.raises(ValueError, match="save rejected"):
        climate.load_json(text)


def test_a_scenario_code_is_the_save_compressed_and_loads_with_the_same_loader():
    from evo_lessons.engine import record

    state = climate.new_game(players=2, seed=4)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    code = record.encode(record.save_dict(state, seats=["human", "planner"]))
    assert code.startswith("EVO1-")
    assert climate.load_json(code) == state
    assert record.parse_save(code)["seats"] == ["human", "planner"]
    damaged = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    with pytest.raises(ValueError, match=r"damaged|rejected"):
        climate.load_json(damaged)


def test_the_engine_imports_nothing_above_it():
    import ast

    import evo_lessons.engine as engine

    for path in pathlib.Path(engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom):
                if node.level > 1:
                    names.append("." * node.level + (node.module or ""))
                elif node.level == 0:
                    names.append(node.module or "")
            elif isinstance(node, ast.Import):
                names += [a.name for a in node.names]
            for name in names:
                if name == "evo_lessons.i18n":  # the language spoken: a leaf below everything
                    continue
                assert not name.startswith(("evo_lessons", "..", "IPython", "ipywidgets")), (
                    f"{path.name} imports {name}"
                )


def test_simulate_reports_progress_through_a_callback():
    seen = []
    simulate("climate", 6, seed=1, chunk_size=2, progress=lambda done, total: seen.append(done))
    assert seen[-1] == 6 and seen == sorted(seen)


def test_a_spec_travels_to_worker_processes_by_reference():
    import pickle

    assert pickle.loads(pickle.dumps(climate.GAME)) is climate.GAME


def test_a_clone_shares_the_actions_of_its_history_and_copies_the_list():
    state = climate.GAME.new_game(seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    twin = state.clone()
    assert twin.history is not state.history and twin.history == state.history
    # actions are values: copying one gives the same object back (a clone copies no action)
    assert all(a is b for a, b in zip(twin.history, state.history, strict=True))
    jump = Jump(3, (1, 2))
    assert copy.copy(jump) is jump and copy.deepcopy([jump])[0] is jump
    twin.apply(twin.legal_actions()[0])
    assert len(state.history) == 12 and len(twin.history) == 13
