"""The public API: evolve's tables, the same result for the same seed, settings saved as JSON,
and bad settings refused with a sentence."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.population import Population, Settings, evolve, load, run

GAMES = ("climate", "niche", "adaptation", "adapt_or_die")
FEW = settings(max_examples=15, deadline=None, database=None)


def test_evolve_returns_a_tidy_frame_and_a_summary():
    result = evolve("adaptation", size=50, generations=10, mutation_rate=0.01, seed=1)
    assert list(result.frame.columns) == ["generation", "trait", "value", "label", "frequency"]
    assert list(result.summary.columns) == ["generation", "mean_fitness", "size"]
    assert len(result.summary) == 11
    assert len(result.frame) == 11 * 12
    totals = result.frame.groupby(["generation", "trait"])["frequency"].sum()
    assert np.allclose(totals, 1.0)
    assert set(result.frame["trait"]) == {"number", "shape", "colour"}


@FEW
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**63 - 1))
def test_the_same_seed_gives_the_same_run(game, seed):
    kwargs = dict(size=80, generations=15, mutation_rate=0.05, seed=seed, start="random")
    first, second = evolve(game, **kwargs), evolve(game, **kwargs)
    assert first.frame.equals(second.frame)
    assert first.summary.equals(second.summary)


def test_different_seeds_give_different_runs():
    runs = [evolve("niche", size=80, generations=15, mutation_rate=0.05, seed=s) for s in (1, 2)]
    assert not np.array_equal(runs[0].frequencies, runs[1].frequencies)


@FEW
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32),
    growth=st.sampled_from([None, 1.2, 3.0]),
    mutation=st.sampled_from(["uniform", "step"]),
)
def test_saved_settings_load_and_re_run_to_the_same_result(game, seed, growth, mutation):
    result = evolve(
        game,
        size=60,
        generations=12,
        mutation_rate=0.05,
        seed=seed,
        growth=growth,
        mutation=mutation,
        changes=[[6, {"selection": 2.0}]],
    )
    text = result.to_json()
    json.loads(text)  # plain JSON
    again = run(load(text))
    assert again.settings == result.settings
    assert np.array_equal(again.frequencies, result.frequencies, equal_nan=True)
    assert np.array_equal(again.sizes, result.sizes)


def test_a_stepped_population_saves_settings_that_replay_it():
    population = Population(
        "climate", size=200, mutation_rate=0.02, seed=11, cells=[29, 30], migration=0.1
    )
    population.step(5)
    population.change_environment(temperature=2)
    population.set(mutation_rate=0.1)
    population.step(5)
    replay = run(load(population.settings.to_json()))
    assert np.array_equal(replay.frequencies, population.result().frequencies)


def test_a_seedless_population_draws_and_keeps_its_seed():
    population = Population("niche", size=30, mutation_rate=0.1)
    population.step(3)
    replay = run(population.settings)
    assert np.array_equal(replay.frequencies, population.result().frequencies)


BAD = [
    (dict(size=0), "size is a whole number from 1"),
    (dict(size=2.5), "size is a whole number"),
    (dict(size=True), "size is a whole number"),
    (dict(mutation_rate=1.5), "mutation_rate is a number from 0 to 1"),
    (dict(mutation_rate=float("nan")), "mutation_rate is a number"),
    (dict(selection=-1), "selection is a number from 0 to 20"),
    (dict(seed=-1), "seed is a whole number"),
    (dict(seed="7"), "seed is a whole number"),
    (dict(generations=10**9), "generations is a whole number"),
    (dict(growth=-2), "growth is a number"),
    (dict(migration=2), "migration is a number"),
    (dict(mutation="biased"), "mutation is 'uniform'"),
    (dict(temperature=9), "temperature is a whole number from 1"),
    (dict(cells=[0]), "a cell is a whole number from 1 to 63"),
    (dict(cells=[29, 29]), "lists a cell twice"),
    (dict(rainfall=3), "no setting 'rainfall'"),
    (dict(start=[1, 2]), "one value for each trait"),
    (dict(start=[1, 2, 7]), "metabolism takes one of 1, 2, 3, 4"),
    (dict(start="best"), "start is 'random' or a genotype"),
    (dict(start=[[5, [1, 1, 1]]]), "the start groups hold 5 individuals; size is 100"),
    (dict(changes=[[0, {"temperature": 2}]]), "a change's generation"),
    (dict(changes=[[5, {"temperature": 2}], [2, {"temperature": 3}]]), "in the order"),
    (dict(changes=[[5, {"cells": [1]}]]), "cannot change during a run"),
    (dict(changes=[[5, {"selection": "strong"}]]), "selection is a number"),
]


@pytest.mark.parametrize(("bad", "message"), BAD)
def test_bad_settings_are_refused_with_a_readable_sentence(bad, message):
    kwargs = dict(size=100, generations=5, mutation_rate=0.01, seed=1) | bad
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        evolve("climate", **kwargs)


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="no population world for 'chess'"):
        evolve("chess", size=10, generations=1, mutation_rate=0.0, seed=1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "a JSON object"),
        ('{"game": "climate"}', "need 'size'"),
        (
            '{"game": "climate", "size": 5, "mutation_rate": 0, "seed": 1, "cheat": 1}',
            "unknown population setting 'cheat'",
        ),
        (
            '{"game": "climate", "size": 5, "mutation_rate": 0, "seed": 1, "environment": 3}',
            "environment is a JSON object",
        ),
    ],
)
def test_a_damaged_settings_file_is_refused(text, message):
    with pytest.raises(ValueError, match=message):
        load(text)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None, database=None)
@given(
    data=st.fixed_dictionaries(
        {
            "game": st.sampled_from([*GAMES, "chess"]),
            "size": JSONISH,
            "mutation_rate": JSONISH,
            "seed": JSONISH,
        },
        optional={
            k: JSONISH
            for k in (
                "selection",
                "growth",
                "migration",
                "mutation",
                "start",
                "changes",
                "environment",
                "generations",
                "starts",
            )
        },
    )
)
def test_any_settings_file_either_loads_or_is_refused_with_a_value_error(data):
    try:
        text = json.dumps(data)
    except ValueError:  # NaN and the like are not JSON
        return
    try:
        loaded = load(text)
    except ValueError:
        return
    assert isinstance(loaded, Settings)
    assert load(loaded.to_json()) == loaded


# -- the one work bound (robustness.md N8, N14) -----------------------------------------------
@pytest.mark.parametrize(
    "kwargs",
    [
        dict(size=1_000_000, generations=2, cells=list(range(1, 64)), migration=0.1),
        dict(size=1, generations=50_000, changes=[[1, {"size": 1_000_000}]]),
        dict(size=1_000_000, generations=60),
    ],
    ids=["many-demes", "size-raised-by-a-change", "long"],
)
def test_a_run_past_the_work_bound_is_refused_before_it_starts(kwargs, monkeypatch):
    from evo_lessons.population import model

    monkeypatch.setattr(model.Population, "_breed", lambda self: pytest.fail("it ran"))
    with pytest.raises(ValueError, match="the most is"):
        evolve("climate", mutation_rate=0.01, seed=1, **kwargs)


def test_the_work_counts_demes_sizes_and_every_size_change():
    from evo_lessons.population.settings import work

    settings = Settings.make(
        "climate", size=10, generations=5, mutation_rate=0.0, seed=1, cells=[1, 2, 3],
        changes=[[3, {"size": 100}], [9, {"size": 1000}]],
    )  # fmt: skip
    # generation 0 and 1, 2 at size 10; 3, 4, 5 at 100; the change at 9 never happens
    assert work(settings) == (3 * (10 * 3 + 100 * 3), 3 * 100)


def test_a_stepped_population_stops_at_the_bound(monkeypatch):
    from evo_lessons.population import model

    monkeypatch.setattr(model, "MAX_WORK", 1_000)
    population = Population("climate", size=100, mutation_rate=0.0, seed=1)
    population.step(9)
    with pytest.raises(ValueError, match="the most one run may do"):
        population.step()
    assert population.generation == 9


def test_a_size_change_past_the_individuals_alive_bound_is_refused():
    population = Population("climate", size=100, mutation_rate=0.0, seed=1,
                            cells=list(range(1, 64)))  # fmt: skip
    with pytest.raises(ValueError, match="at most"):
        population.set(size=1_000_000)
    assert population.run["size"] == 100


# -- one settings object, demes that start differently ------------------------------------------
def test_population_takes_one_settings_object():
    settings = Settings.make("niche", size=40, mutation_rate=0.01, seed=3, generations=4)
    stepped = Population(settings)
    stepped.step(4)
    assert np.array_equal(stepped.result().frequencies, run(settings).frequencies)
    with pytest.raises(ValueError, match="not both"):
        Population(settings, size=3)


def test_demes_can_start_differently():
    result = evolve(
        "adapt_or_die", size=50, generations=0, mutation_rate=0.0, seed=1,
        habitats=["cave", "air_over_pond"], starts=[[1, 1, 1, 1, 1], [5, 5, 5, 5, 5]],
    )  # fmt: skip
    assert result.frequency("eyes", 1)[0] == 0.5 and result.frequency("eyes", 5)[0] == 0.5
    assert run(load(result.to_json())).settings.starts == result.settings.starts


def test_starts_need_one_start_per_deme():
    with pytest.raises(ValueError, match="one start for each of the 2 places"):
        evolve("adapt_or_die", size=50, generations=1, mutation_rate=0.0, seed=1,
               habitats=["cave", "air_over_pond"], starts=["random"])  # fmt: skip


def test_a_run_without_starts_saves_as_before():
    text = evolve("climate", size=10, generations=1, mutation_rate=0.0, seed=1).to_json()
    assert "starts" not in json.loads(text)


def test_asking_before_stepping_past_the_bound_changes_nothing(monkeypatch):
    from evo_lessons.population import model

    monkeypatch.setattr(model, "MAX_WORK", 1_000)
    population = Population("climate", size=100, mutation_rate=0.0, seed=1)
    population.check_steps(9)
    with pytest.raises(ValueError, match="would pass the most"):
        population.check_steps(10)
    assert population.generation == 0 and population.work == 100
