"""Species facts the game's links depend on (issue 21 §2; teaching review §2, items 9-16).

Each test names the real organism's fact and checks the card field that carries it: a food-chain
rank, a size class, a diet, a climate or a range. A card changed against these facts fails here.
"""

from __future__ import annotations

from evo_lessons.games.phylo.rules import COLLECTION
from evo_lessons.games.phylo.tables import EATS, NEEDS

S = COLLECTION.by_key


def test_the_worked_examples_lynx_keeps_the_rules_rank_4_above_the_robin():
    # the rules text: "the EURASIAN LYNX to ROBIN to VALLEY OAK to HOME chain", the robin rank 3;
    # rank is the game's step, and the lynx also eats rank-2 hares and squirrels (data.toml)
    assert S("eurasian_lynx").rank == S("american_robin").rank + 1 == 4


def test_the_eurasian_lynx_lives_in_forest_not_on_the_open_tundra():
    assert S("eurasian_lynx").terrains == ("forest",)


def test_robin_and_kingbird_keep_the_ranks_the_rules_text_gives_them():
    robin, kingbird = S("american_robin"), S("eastern_kingbird")
    assert kingbird.rank == 2  # "This card has a FOODRANK of 2"
    assert robin.rank == 3  # "The ROBIN has a FOODRANK# of 3 and is omnivorous"
    assert robin.diet == kingbird.diet == "omnivore"  # both may still eat plants (R3)


def test_the_lynx_still_tops_the_worked_examples_chain_by_eating_the_robin():
    assert NEEDS[S("eurasian_lynx").id] >> S("american_robin").id & 1
    assert EATS[S("american_robin").id] >> S("valley_oak").id & 1


def test_the_sunflower_sea_star_spans_up_to_about_a_metre():
    assert S("sunflower_sea_star").scale == 7  # 30 cm to 1 m


def test_not_every_sea_star_turns_its_stomach_out():
    assert S("bat_star").fact.startswith("Like many sea stars")


def test_the_grey_wolf_ranges_from_the_arctic_to_hot_deserts_and_india():
    wolf = S("grey_wolf")
    assert set(wolf.climates) == {"cold", "cool", "warm", "hot"}
    assert {"nearctic", "palearctic", "indomalayan"} <= set(wolf.realms)
    assert "desert" in wolf.terrains


def test_krill_eat_algae_and_small_animals():
    krill = S("antarctic_krill")
    assert krill.diet == "omnivore" and {"alga", "invertebrate"} <= set(krill.eats)


def test_red_bellied_piranhas_also_eat_seeds_and_plants():
    piranha = S("red_bellied_piranha")
    assert piranha.diet == "omnivore" and "plant" in piranha.eats


def test_the_great_pond_snail_grazes_algae_and_water_plants_and_perch_eat_it():
    snail = S("great_pond_snail")
    assert snail.diet == "herbivore" and set(snail.eats) == {"alga", "plant"}
    assert NEEDS[S("european_perch").id] >> snail.id & 1


def test_koalas_live_in_cool_temperate_victoria_too():
    assert "cool" in S("koala").climates


def test_the_leafcutter_fungus_lives_on_the_cut_leaves_and_feeds_its_ant():
    fungus, ant = S("leafcutter_fungus"), S("leafcutter_ant")
    assert fungus.eats == ("plant",)
    assert EATS[ant.id] >> fungus.id & 1  # R20


def test_gazelles_stot_to_show_condition_not_fitness():
    assert " fit." not in S("thomsons_gazelle").fact
