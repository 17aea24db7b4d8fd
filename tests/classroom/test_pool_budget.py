"""Every paste bounded (F8): a population code's cheap fields are compared before the model
runs, renamed copies are run once, and one pooling call has a work budget it names when spent.
Work is counted (model runs, units charged), never timed."""

from __future__ import annotations

import pytest

import evo_lessons.population as population
from evo_lessons.classroom import pool
from evo_lessons.classroom.pooling import WorkBudget
from evo_lessons.engine import results
from evo_lessons.population import evolve
from evo_lessons.population.result import result_code

from .helpers import a_code


@pytest.fixture
def runs(monkeypatch):
    """Count the model runs pooling makes."""
    made = []
    real = population.run

    def counted(settings):
        made.append(settings)
        return real(settings)

    monkeypatch.setattr(population, "run", counted)
    return made


def a_run_code(name: str = "Chen", seed: int = 3) -> str:
    return result_code(
        evolve("climate", size=200, generations=20, mutation_rate=0.01, seed=seed), name
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [("generations", 24), ("size", 10**6), ("extinct", True), ("mean_fitness", 1.5)],
)
def test_a_summary_its_settings_cannot_give_is_refused_before_the_model_runs(runs, field, value):
    data = results.parse_result(a_run_code())
    data["summary"][field] = value
    pooled = pool(results.encode(data))
    assert pooled.rejected["problem"].tolist() == ["forged"] and runs == []


def test_frequencies_of_another_worlds_traits_are_refused_before_the_model_runs(runs):
    data = results.parse_result(a_run_code())
    data["summary"]["frequencies"] = {"wings=1 long": 1.0}
    assert pool(results.encode(data)).rejected["problem"].tolist() == ["forged"] and runs == []


def test_renamed_copies_of_one_run_are_run_once(runs):
    code = a_run_code()
    data = results.parse_result(code)
    copies = [results.encode({**data, "name": f"Copy {n}"}) for n in range(5)]
    pooled = pool([code, *copies])
    assert len(runs) == 1
    assert len(pooled.populations) == 1 and len(pooled.apart) == 5


def test_codes_past_the_work_budget_are_listed_unchecked_with_a_sentence():
    codes = [a_code("Ada", seed=s) for s in (5, 6, 7)]
    budget = WorkBudget(units=1)
    pooled = pool(codes, budget=budget)
    assert pooled.games.empty
    assert pooled.rejected["problem"].tolist() == ["skipped"] * 3
    assert "work budget" in pooled.rejected["reason"].iloc[0]
    assert "Not checked: 3" in pooled.summary()


def test_the_budget_charges_a_games_moves_before_replaying_it():
    code = a_code("Ada")
    moves = len(results.parse_result(code)["save"]["moves"])
    exact = WorkBudget(units=10**9)
    pool(code, budget=exact)
    assert exact.spent >= moves
    tight = WorkBudget(units=exact.spent - 1)
    assert pool(code, budget=tight).rejected["problem"].tolist() == ["skipped"]


def test_a_run_past_the_budget_is_not_run(runs):
    code = a_run_code()
    pooled = pool(code, budget=WorkBudget(units=2))
    assert pooled.rejected["problem"].tolist() == ["skipped"] and runs == []


def test_the_default_budget_pools_the_example_class_whole():
    from evo_lessons.classroom import EXAMPLE_FILE

    pooled = pool(EXAMPLE_FILE)
    assert "skipped" not in set(pooled.rejected["problem"])


def test_codes_made_before_the_history_was_recorded_still_pool_as_counted():
    """The example class as the previous release wrote it (no history in its codes): its
    honest games count as before; the renamed copy now puts both copies apart."""
    from pathlib import Path

    old = Path(__file__).parent / "data" / "example_codes_before_history.txt"
    pooled = pool(old)
    assert len(pooled.games) == 29 and len(pooled.populations) == 3
    assert pooled.apart["problem"].tolist() == ["shared", "shared", "helped"]
    assert pooled.rejected["problem"].tolist() == ["move", "zlib"]


def test_a_run_at_the_work_bound_fits_in_one_calls_budget():
    from evo_lessons.population.settings import MAX_WORK

    fresh = WorkBudget()
    largest = fresh.PER_GAME + MAX_WORK // fresh.POPULATION_WORK_PER_UNIT
    assert largest + 1 + int(results.MAX_CODE_CHARS * fresh.PER_CHARACTER) <= fresh.units
