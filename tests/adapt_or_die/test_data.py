"""data.toml and its loader: the habitats, creatures, cards and boards are consistent."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import pytest

from evo_lessons.games.adapt_or_die.data import parse_world, world

from .helpers import DOUBLE, SINGLE, WORLD

DATA_ERROR = r"adapt_or_die data\.toml"


def raw() -> dict:
    text = resources.files("evo_lessons.games.adapt_or_die").joinpath("data.toml")
    return tomllib.loads(text.read_text("utf-8"))


def test_the_packaged_data_loads_once():
    assert world() is world()


def test_there_are_16_habitats_and_16_creatures():
    assert [h.number for h in WORLD.habitats] == list(range(1, 17))
    assert [c.number for c in WORLD.creatures] == list(range(1, 17))


def test_every_habitat_has_two_fixed_pressures_with_a_reason_each():
    for habitat in WORLD.habitats:
        assert len(habitat.fixed) == 2 and len(habitat.why) == 2
        assert all(reason.endswith(".") for reason in habitat.why)
        assert len(habitat.blanks) == 3


def test_every_value_runs_from_1_to_5():
    values = [v for h in WORLD.habitats for _, v in h.fixed]
    values += [v for c in WORLD.creatures for v in c.features]
    values += [v for r in WORLD.randomizer for v in r]
    assert set(values) <= {1, 2, 3, 4, 5}


def test_each_creature_scores_0_on_its_homes_fixed_pressures():
    for creature in WORLD.creatures:
        if creature.home:
            home = WORLD.habitat(creature.home)
            assert sum(abs(creature.features[f] - v) for f, v in home.fixed) == 0


def test_fifteen_creatures_have_distinct_homes_and_the_generic_bug_none():
    homes = [c.home for c in WORLD.creatures]
    assert homes[-1] == 0 and len(set(homes[:-1])) == 15


def test_a_cave_selects_small_eyes_and_long_antennae():
    cave = next(h for h in WORLD.habitats if h.key == "cave")
    assert dict(cave.fixed) == {3: 1, 4: 5}


def test_desert_dunes_favour_long_legs():
    dunes = next(h for h in WORLD.habitats if h.key == "dunes")
    assert dict(dunes.fixed)[0] == 5


def test_five_niche_cards_per_habitat_make_80():
    assert WORLD.niche_copies * len(WORLD.habitats) == 80


def test_the_randomizer_makes_every_blank_value_equally_likely():
    for position in range(3):
        counts = [sum(1 for r in WORLD.randomizer if r[position] == v) for v in range(1, 6)]
        assert len(set(counts)) == 1


def test_there_are_enough_randomizer_cards_for_every_mat_place():
    assert len(WORLD.randomizer) >= len(DOUBLE.places)


@pytest.mark.parametrize("board", [SINGLE, DOUBLE], ids=["single", "double"])
def test_every_board_node_has_symmetric_neighbours(board):
    for node, near in enumerate(board.neighbours):
        for other in near:
            assert node in board.neighbours[other]


def test_a_broken_creature_is_refused_with_a_clear_message():
    data = copy.deepcopy(raw())
    data["creatures"][0]["features"]["eyes"] = 4  # the cave beetle no longer fits the cave
    with pytest.raises(ValueError, match=DATA_ERROR + r".*must match its home"):
        parse_world(data)


def test_a_value_out_of_range_is_refused():
    data = copy.deepcopy(raw())
    data["habitats"][0]["pressures"]["eyes"] = 6
    with pytest.raises(ValueError, match=DATA_ERROR + r".*from 1 to 5"):
        parse_world(data)


def test_a_spoke_of_the_wrong_length_is_refused():
    data = copy.deepcopy(raw())
    data["boards"][0]["spokes"][0] = data["boards"][0]["spokes"][0][:4]
    with pytest.raises(ValueError, match=DATA_ERROR + r".*4 steps"):
        parse_world(data)


def test_a_missing_section_is_refused():
    data = copy.deepcopy(raw())
    del data["table"]
    with pytest.raises(ValueError, match=DATA_ERROR):
        parse_world(data)
