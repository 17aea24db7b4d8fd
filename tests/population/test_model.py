"""The model's own rules: size, absolute fitness and extinction, migration, changes mid-run."""

from __future__ import annotations

import numpy as np
import pytest

from evo_lessons.population import Population, evolve


def test_without_growth_every_generation_has_exactly_size_individuals_per_deme():
    result = evolve(
        "climate",
        size=123,
        generations=40,
        mutation_rate=0.05,
        seed=1,
        cells=[29, 30, 31],
        migration=0.0,
    )
    assert (result.sizes == 123).all()


def test_a_population_that_cannot_keep_up_shrinks_and_goes_extinct():
    # 1-1-1 on tundra: every gene mismatched, expected offspring 1.5 * exp(-3) < 1
    result = evolve(
        "climate", size=500, generations=60, mutation_rate=0.0, seed=2, temperature=1, growth=1.5
    )
    sizes = result.summary["size"].to_numpy()
    assert sizes[-1] == 0
    assert np.isnan(result.frequencies[-1]).all()
    assert np.isnan(result.summary["mean_fitness"].iloc[-1])


def test_standing_variation_can_rescue_a_population_from_the_same_change():
    # a few tundra-adapted individuals already there: they multiply while the rest decline
    start = [[490, [1, 1, 1]], [10, [4, 4, 4]]]
    result = evolve(
        "climate",
        size=500,
        generations=60,
        mutation_rate=0.0,
        seed=2,
        temperature=1,
        growth=1.5,
        start=start,
    )
    sizes = result.summary["size"].to_numpy()
    assert sizes.min() < 100 and sizes[-1] == 500  # a dip, then back to carrying capacity
    assert result.frequency("body", 4)[-1] == 1.0


def test_a_matched_population_with_growth_stays_near_its_carrying_capacity():
    result = evolve("climate", size=400, generations=30, mutation_rate=0.0, seed=3, growth=2.0)
    assert (result.summary["size"].iloc[1:] == 400).all()


def test_migrants_move_only_between_neighbouring_cells():
    # cells 29 and 30 touch; cell 1 touches neither, so it never gains or loses anyone
    result = evolve(
        "climate",
        size=100,
        generations=50,
        mutation_rate=0.0,
        seed=4,
        cells=[29, 30, 1],
        migration=0.2,
    )
    assert (result.sizes[:, 2] == 100).all()
    assert (result.sizes[1:, :2] != 100).any()
    assert (result.sizes.sum(axis=1) == 300).all()


def test_gene_flow_between_different_habitats_lowers_mean_fitness():
    # cell 22 is temperate forest at temperature 3, its neighbour 29 savannah: each cell adapts
    # to its own habitat, and migrants carry the other cell's genes in (migration load)
    def late_fitness(migration):
        result = evolve(
            "climate",
            size=300,
            generations=200,
            mutation_rate=0.01,
            seed=5,
            cells=[22, 29],
            migration=migration,
        )
        return result.mean_fitness[100:].mean()

    assert late_fitness(0.0) > late_fitness(0.2) + 0.05


def test_an_environment_change_takes_effect_from_the_next_generation():
    population = Population("climate", size=200, mutation_rate=0.0, seed=6)
    population.step(3)
    before = population.mean_fitness
    population.change_environment(temperature=1)
    assert population.result().mean_fitness[-1] == before  # the past record is not rewritten
    assert population.mean_fitness < before  # the same individuals, judged by the new habitat
    assert population.result().frequencies.shape[0] == 4
    population.step()
    assert population.result().mean_fitness[-1] < before


def test_a_run_keeps_its_demes():
    population = Population("climate", size=50, mutation_rate=0.0, seed=7, cells=[29])
    with pytest.raises(ValueError, match="cannot change during a run"):
        population.change_environment(cells=[30])
    assert population.environment["cells"] == [29]


def test_settings_change_mid_run_from_the_next_generation():
    population = Population("adaptation", size=100, mutation_rate=0.0, seed=8)
    population.set(size=40, selection=0.0)
    assert population.size == 100
    population.step()
    assert population.size == 40


def test_scheduled_changes_act_like_the_same_changes_made_by_hand():
    scheduled = evolve(
        "climate",
        size=300,
        generations=20,
        mutation_rate=0.02,
        seed=9,
        changes=[[5, {"temperature": 2}], [12, {"selection": 2.0, "size": 100}]],
    )
    population = Population("climate", size=300, mutation_rate=0.02, seed=9)
    population.step(4)
    population.change_environment(temperature=2)
    population.step(7)
    population.set(selection=2.0, size=100)
    population.step(9)
    by_hand = population.result()
    assert np.array_equal(scheduled.frequencies, by_hand.frequencies)
    assert by_hand.settings == scheduled.settings
