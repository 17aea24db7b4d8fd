"""Each world reads its game's own data: the population lives in the game's world."""

from __future__ import annotations

import pytest

from evo_lessons.games.adapt_or_die.data import world as aod_world
from evo_lessons.games.adapt_or_die.scoring import distance, habitat_score
from evo_lessons.games.adaptation.data import CARDS, CHALLENGES
from evo_lessons.games.climate.data import world as climate_data
from evo_lessons.games.niche.data import deck
from evo_lessons.population import WORLDS, get_world


def test_climate_mismatch_counts_the_genes_that_do_not_suit_the_habitat_under_the_cell():
    world = get_world("climate")
    data = climate_data()
    for temperature in range(1, 6):
        env = world.environment({"temperature": temperature, "cells": list(range(1, 64))})
        table = world.mismatch(env)
        for cell in range(1, 64):
            suits = data.habitat_at(temperature, cell).gene_value
            for genes in ((1, 1, 1), (suits, suits, 1), (4, 3, 2)):
                expected = sum(g != suits for g in genes)
                assert table[cell - 1, world.genotype_code(genes)] == expected


def test_climate_demes_are_cells_and_migrants_reach_only_orthogonal_neighbours():
    world = get_world("climate")
    env = world.environment({"cells": [1, 2, 8, 10]})
    assert world.neighbours(env) == ((1, 2), (0,), (0,), ())


def test_climate_offers_a_climate_step_each_way_within_the_five_boards():
    world = get_world("climate")
    keys = lambda t: [c.key for c in world.choices(world.environment({"temperature": t}))]  # noqa: E731
    assert keys(3) == ["warmer", "cooler"]
    assert keys(1) == ["warmer"]
    assert keys(5) == ["cooler"]


def test_adaptation_mismatch_is_the_shortfall_of_each_card_below_the_best_score():
    world = get_world("adaptation")
    for index, challenge in enumerate(CHALLENGES):
        table = world.mismatch(world.environment({"challenge": challenge}))[0]
        best = max(card.scores[index] for card in CARDS)
        for card in CARDS:
            code = world.genotype_code([card.count, card.shape_score, card.colour_score])
            assert table[code] == best - card.score(challenge)


def test_niche_mismatch_counts_the_environments_challenges_not_coped_with():
    world = get_world("niche")
    data = deck()
    for place in data.environments:
        table = world.mismatch(world.environment({"environment": place.key}))[0]
        assert table[world.genotype_code([1] * 8)] == 0
        assert table[world.genotype_code([0] * 8)] == len(place.challenges)


def test_niche_trait_cost_charges_ways_of_coping_the_environment_does_not_need():
    world = get_world("niche")
    env = world.environment({"environment": "cave", "trait_cost": 0.25})
    assert world.mismatch(env)[0, world.genotype_code([1] * 8)] == pytest.approx(0.25 * 6)


def test_adapt_or_die_mismatch_is_the_games_scorecard_for_the_pressed_features():
    world = get_world("adapt_or_die")
    data = aod_world()
    env = world.environment({"habitats": ["cave", 2, "pond_water"], "randomizer": [0, 3, 15]})
    table = world.mismatch(env)
    for bug in data.creatures:
        code = world.genotype_code(list(bug.features))
        cave = data.habitat(1)
        fixed_only = sum(distance(bug.features[f], p) for f, p in cave.fixed)
        assert table[0, code] == fixed_only
        dunes = data.habitat(2).pressures(data.randomizer[2])
        assert table[1, code] == habitat_score(bug.features, dunes)
        pond = data.habitat(8).pressures(data.randomizer[14])
        assert table[2, code] == habitat_score(bug.features, pond)


def test_adapt_or_die_creatures_match_their_home_habitat_perfectly():
    world = get_world("adapt_or_die")
    for bug in aod_world().creatures:
        if bug.home:
            table = world.mismatch(world.environment({"habitats": [bug.home]}))
            assert table[0, world.genotype_code(list(bug.features))] == 0


def test_adapt_or_die_habitats_are_places_that_all_exchange_migrants():
    world = get_world("adapt_or_die")
    env = world.environment({"habitats": [1, 2, 3]})
    assert world.neighbours(env) == ((1, 2), (0, 2), (0, 1))
    new = world.environment({**env, "habitats": [4, 2, 3]})
    world.fixed_demes(env, new)  # another habitat may move into a place mid-run


@pytest.mark.parametrize("game", list(WORLDS))
def test_every_world_describes_its_environment_and_offers_changes(game):
    world = get_world(game)
    env = world.environment({})
    assert world.describe(env).endswith(".")
    for choice in world.choices(env):
        new = world.environment({**env, **choice.changes})
        assert new != env
        world.fixed_demes(env, new)
    assert all(0 <= k < len(world.traits) for p in world.panels() for k, _ in p.lines)


@pytest.mark.parametrize("game", list(WORLDS))
def test_genotype_codes_round_trip(game):
    world = get_world(game)
    for code in range(0, world.genotypes, max(1, world.genotypes // 50)):
        assert world.genotype_code(world.genotype_values(code)) == code
