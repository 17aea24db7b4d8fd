"""The species cards checked against the rules text's definitions and a key of real food links.

The rules text defines each field: #SCALE is how big the species is, #FOODCHAIN its rank in the
food chain (rank 1 makes its own food; a consumer is placed next to food one rank below), DIET
what it lives on, TERRAIN and CLIMATE where. These tests hold every card to those definitions,
and to a key of feeding links that are well documented in the field (who eats whom among the
cards), so that a card edited against a fact fails here by name.

The key is deliberately short: only links a field guide or a diet study states plainly. Each
line reads "eater eats food". An eater's card must name the food's kind in its diet, share a realm
with it, and (for meat) rank above it: a predator ranks above what it eats. "Main" links are
the food the rank is taken from: there the eater is exactly one rank above its food, and the
game's own rules let the link be made on the table (habitat shared, and a meat-eater larger).
"""

from __future__ import annotations

import pytest

from evo_lessons.games.phylo import data as D
from evo_lessons.games.phylo.compatibility import feeds_on, shares_habitat

C = D.collection_data()
SPECIES = C.species
S = C.by_key

# (eater, food): the food the eater's rank is taken from, placed on the table by the game's rules
MAIN = [
    # grazers and browsers on their producers
    ("giraffe", "umbrella_thorn"),  # acacia browse is its staple
    ("plains_zebra", "red_oat_grass"),  # a grass grazer of the savanna
    ("bush_elephant", "baobab"),  # elephants strip and eat baobab bark and wood
    ("koala", "river_red_gum"),  # one of its main food eucalypts
    ("brown_throated_sloth", "cecropia"),  # Cecropia leaves are a sloth staple
    ("agouti", "brazil_nut"),  # the red-rumped agouti opens the pods and caches the nuts
    ("leafcutter_ant", "leafcutter_fungus"),  # R20: the ants eat the fungus they farm
    ("monarch", "common_milkweed"),  # its caterpillars eat only milkweeds
    ("long_nosed_bat", "saguaro"),  # nectar, pollen and fruit of the cactus
    ("honey_bee", "sunflower"),  # nectar and pollen
    ("red_squirrel", "scots_pine"),  # pine seeds are its main winter food
    ("reindeer", "reindeer_lichen"),  # the lichen it digs out of the snow
    ("musk_ox", "arctic_willow"),
    ("rock_ptarmigan", "arctic_willow"),  # willow buds and twigs in winter
    ("purple_urchin", "giant_kelp"),
    ("purple_urchin", "bull_kelp"),
    ("aardvark", "mound_termite"),  # ants and termites are almost all it eats
    # predators on their staple prey
    ("lion", "plains_zebra"),
    ("lion", "thomsons_gazelle"),
    ("tawny_owl", "wood_mouse"),  # woodland rodents are its staple
    ("snowy_owl", "norway_lemming"),  # it lays more eggs in lemming years
    ("arctic_fox", "norway_lemming"),
    ("red_fox", "wood_mouse"),
    ("martial_eagle", "guineafowl"),  # gamebirds are a main prey
    ("jaguar", "agouti"),
    ("ocelot", "agouti"),
    ("sea_otter", "purple_urchin"),  # the keystone link of the kelp forest
    ("sunflower_sea_star", "purple_urchin"),
    ("humpback_whale", "pacific_krill"),
    ("humpback_whale", "northern_anchovy"),
    ("california_sea_lion", "northern_anchovy"),
    ("california_sea_lion", "pacific_sardine"),
    ("brown_pelican", "northern_anchovy"),
    ("chinook_salmon", "northern_anchovy"),
    ("emperor_penguin", "antarctic_krill"),
    ("leopard_seal", "emperor_penguin"),
    ("orca", "harbour_seal"),  # the mammal-hunting orcas
    ("great_white_shark", "harbour_seal"),
    ("northern_pike", "european_perch"),
    ("eurasian_otter", "european_perch"),
    ("grey_heron", "european_perch"),
    ("black_caiman", "red_bellied_piranha"),
    ("european_perch", "great_pond_snail"),
]

# (eater, food): also eaten, often larger or higher prey the game cannot link (it needs the
# meat-eater in a larger size class), but a real food all the same
ALSO = [
    ("grey_wolf", "white_tailed_deer"),
    ("grey_wolf", "reindeer"),
    ("grey_wolf", "musk_ox"),
    ("eurasian_lynx", "reindeer"),  # its main prey in northern Scandinavia
    # the lynx keeps the rules' worked-example rank 4 (it tops the robin, rank 3), so its
    # rank-2 staples are among the foods the game's step does not take
    ("eurasian_lynx", "red_squirrel"),
    ("lion", "giraffe"),
    ("nile_crocodile", "plains_zebra"),  # at the river crossings
    ("jaguar", "capybara"),
    ("green_anaconda", "capybara"),
    ("black_caiman", "capybara"),
    ("harpy_eagle", "brown_throated_sloth"),
    ("orca", "chinook_salmon"),  # the fish-eating orcas live mostly on chinook
    ("orca", "california_sea_lion"),
    ("great_white_shark", "california_sea_lion"),
    ("leopard_seal", "antarctic_krill"),
    ("eastern_kingbird", "honey_bee"),  # old name "bee martin"
]


def _key(pairs):
    return pytest.mark.parametrize(("eater", "food"), pairs, ids=[f"{e}-{f}" for e, f in pairs])


def test_the_food_key_names_only_cards_in_the_collection():
    for eater, food in MAIN + ALSO:
        assert S(eater).kind == S(food).kind == "species"
    assert len(set(MAIN + ALSO)) == len(MAIN + ALSO)


@_key(MAIN + ALSO)
def test_an_eaters_card_lists_the_kind_of_food_it_is_known_to_eat(eater, food):
    e, f = S(eater), S(food)
    kind = "plant" if f.group == "fungus" and f.diet == "photosynthetic" else f.group  # lichen
    assert kind in e.eats or f.group in e.eats, (eater, f.group, e.eats)


@_key(MAIN + ALSO)
def test_an_eater_and_its_known_food_live_in_a_realm_in_common(eater, food):
    # the realism mode calls a bluff on a link between species that never meet (R14)
    assert S(eater).all_realms & S(food).all_realms


@_key([(e, f) for e, f in MAIN + ALSO if S(e).diet in ("carnivore", "parasite")])
def test_a_predator_ranks_above_every_animal_it_is_known_to_eat(eater, food):
    assert S(eater).rank > S(food).rank


@_key(MAIN)
def test_the_main_food_sets_the_rank_one_below_the_eater(eater, food):
    # the rules: rank n is placed next to rank n-1; the card's rank is the rank it links on
    assert S(eater).rank == S(food).rank + 1


# Main prey in the eater's own size class: the rules' "larger #SCALE" forbids these links, one
# of the ways the game's webs differ from real ones (lesson 5, "What the game gets wrong")
NOT_SMALLER = [
    ("lion", "plains_zebra"),
    ("lion", "thomsons_gazelle"),
    ("martial_eagle", "guineafowl"),
]


@_key(MAIN)
def test_the_game_can_place_each_eater_beside_its_main_food(eater, food):
    e, f = S(eater), S(food)
    assert shares_habitat(e, f), (e.terrains, e.climates, f.terrains, f.climates)
    assert feeds_on(e, f) == ((eater, food) not in NOT_SMALLER)


@_key(NOT_SMALLER)
def test_main_prey_as_big_as_its_predator_is_refused_only_by_the_size_rule(eater, food):
    e, f = S(eater), S(food)
    assert f.rank == e.rank - 1 and f.scale >= e.scale and e.diet == "carnivore"


@pytest.mark.parametrize("s", SPECIES, ids=lambda s: s.key)
def test_every_field_is_one_of_the_rules_allowed_values(s):
    terrains = {t["key"] for t in C.terrains}
    climates = {c["key"] for c in C.climates}
    assert terrains == {"forest", "grassland", "desert", "tundra", "freshwater", "ocean"}
    assert climates == {"cold", "cool", "warm", "hot"}
    assert s.diet in D.DIETS and s.group in C.groups
    assert type(s.rank) is int and 1 <= s.rank <= 4  # the deepest chain in the collection
    assert type(s.scale) is int and 1 <= s.scale <= len(C.scales)
    assert s.terrains and set(s.terrains) <= terrains
    assert s.climates and set(s.climates) <= climates
    assert s.realms and set(s.all_realms) <= set(C.realms)
    assert len(set(s.terrains)) == len(s.terrains) and len(set(s.climates)) == len(s.climates)


# the kinds of organism that can make their own food: plants, algae, cyanobacteria, and a lichen
# (a fungus whose partner alga photosynthesises)
PRODUCERS = {"plant", "alga", "microbe"}


@pytest.mark.parametrize("s", SPECIES, ids=lambda s: s.key)
def test_a_diet_fits_the_kind_of_organism(s):
    if s.diet == "photosynthetic":
        assert s.group in PRODUCERS or (s.group == "fungus" and "lichen" in s.fact), s.key
    if s.group in {"mammal", "bird", "reptile", "amphibian", "fish"}:
        assert s.diet not in ("photosynthetic", "decomposer"), s.key
    if s.diet == "decomposer":
        assert s.group in {"fungus", "insect", "invertebrate", "microbe"}, s.key
        assert {"detritus", "plant"} & set(s.eats), s.key  # dead matter, or cut leaves (R20)


def test_a_butterfly_is_measured_across_its_wings_and_a_bird_from_bill_to_tail():
    # the header of data.toml: a monarch spans about 10 cm, a blue morpho 12-15 cm; a robin is
    # about 25 cm long (its wings, about 35 cm, are not counted)
    assert S("monarch").scale == 5 and S("blue_morpho").scale == 6
    assert S("american_robin").scale == 6


def test_typical_adults_not_record_fish_set_the_scale():
    assert S("northern_pike").scale == 7  # usually 40-55 cm
    assert S("chinook_salmon").scale == 7  # returning adults 60-90 cm


def test_north_pacific_krill_eat_small_animals_as_well_as_algae():
    krill = S("pacific_krill")  # Ohman 1984, "Omnivory by Euphausia pacifica"
    assert krill.diet == "omnivore" and {"alga", "invertebrate"} <= set(krill.eats)


def test_emperor_penguins_breed_on_sea_ice_not_tundra():
    assert S("emperor_penguin").terrains == ("ocean",)


def test_the_cane_toad_is_native_from_the_amazon_to_southern_texas():
    toad = S("cane_toad")
    assert {"neotropical", "nearctic"} <= set(toad.realms)
    assert "australasian" in toad.introduced


def test_the_rainforest_deck_is_named_for_the_whole_neotropics():
    # its trumpet tree lives mostly north and west of the Amazon basin (Central America, the
    # Caribbean, northern South America), and its toco toucan in the open country south of it
    assert C.deck("rainforest").name == "Neotropical rainforest"


@pytest.mark.parametrize("s", [s for s in SPECIES if s.invasive], ids=lambda s: s.key)
def test_an_invasive_card_is_a_species_people_carried_to_a_new_realm(s):
    # lesson 5's definition: an invasive species was carried by people to a new place
    assert s.introduced, s.key


def test_famous_introductions_are_on_the_cards():
    assert "afrotropical" in S("eastern_grey_squirrel").introduced  # Cape Town
    assert {"australasian", "neotropical"} <= set(S("chinook_salmon").introduced)
    assert "australasian" in S("european_perch").introduced  # "redfin"
    assert "palearctic" in S("water_hyacinth").introduced  # Spain and Portugal


def test_the_agouti_is_the_one_that_plants_brazil_nuts():
    # Dasyprocta leporina caches Brazil nuts across the Amazon; D. punctata never meets the tree
    assert S("agouti").latin == "Dasyprocta leporina" and S("agouti").name == "Red-rumped agouti"
