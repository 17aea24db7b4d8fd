"""The card data: every species' fields consistent and true to the rules' invariants; points from
the one formula; ready-made decks playable; bad data refused with a readable sentence."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import pytest

from evo_lessons.games.phylo import data as D
from evo_lessons.games.phylo.tables import compatible, feeds_on, may_host, shares_habitat

C = D.collection_data()
SPECIES = C.species
ANIMALS = {"insect", "invertebrate", "fish", "amphibian", "reptile", "bird", "mammal"}
RAW = tomllib.loads(resources.files(D.__package__).joinpath("data.toml").read_text("utf-8"))


def test_the_collection_has_100_species_and_15_events_from_every_kind_of_life():
    assert len(SPECIES) >= 100 and len(C.events) >= 15
    groups = {s.group for s in SPECIES}
    assert {
        "plant",
        "fungus",
        "microbe",
        "insect",
        "fish",
        "amphibian",
        "reptile",
        "bird",
        "mammal",
    } <= groups
    assert {"invertebrate", "alga"} <= groups
    assert len({r for s in SPECIES for r in s.realms}) == 8  # every biogeographic realm
    assert {t for s in SPECIES for t in s.terrains} == {t["key"] for t in C.terrains}


def test_names_are_unique_and_scientific_names_are_binomials():
    assert len({s.name for s in SPECIES}) == len(SPECIES)
    assert len({s.latin for s in SPECIES}) == len(SPECIES)
    for s in SPECIES:
        words = s.latin.split()
        assert 2 <= len(words) <= 3 and words[0][0].isupper() and words[1].islower(), s.latin
        assert s.fact.endswith(".") and len(s.fact) < 120, s.key


@pytest.mark.parametrize("s", SPECIES, ids=lambda s: s.key)
def test_every_species_is_consistent(s):
    if s.diet in ("photosynthetic", "decomposer"):
        assert s.rank == 1
    if s.rank == 1:
        assert s.diet in ("photosynthetic", "decomposer")
    if s.diet == "herbivore":
        assert s.rank == 2 and set(s.eats) <= {"plant", "alga", "fungus"} and s.eats
    if s.diet == "carnivore":
        assert s.rank >= 2 and set(s.eats) <= ANIMALS | {"microbe"} and s.eats
    if s.diet == "omnivore":
        assert s.rank >= 2 and set(s.eats) & {"plant", "alga"} and set(s.eats) & ANIMALS
    if s.diet == "parasite":
        assert s.parasitic and s.eats
    if s.spread:
        assert s.rank == 1  # only producers and decomposers spread
    if s.move or s.flight:
        assert s.group in ANIMALS and not (s.move and s.flight)
    if s.pollinator:
        assert s.group in ANIMALS and s.diet in ("herbivore", "omnivore")
    assert not set(s.introduced) & set(s.realms)


@pytest.mark.parametrize("s", [s for s in SPECIES if s.rank > 1], ids=lambda s: s.key)
def test_every_eater_can_find_food_in_the_collection_that_it_really_eats(s):
    if s.diet == "parasite":
        hosts = [h for h in SPECIES if may_host(s, h.id) and h.group in s.eats]
        assert hosts, s.key
        return
    food = [f for f in SPECIES if feeds_on(s, f) and shares_habitat(s, f) and f.group in s.eats]
    assert food, f"{s.key} has nothing it really eats that the game lets it eat"


def test_a_carnivores_prey_exists_and_is_smaller():
    for s in SPECIES:
        if s.diet == "carnivore":
            prey = [f for f in SPECIES if feeds_on(s, f) and shares_habitat(s, f)]
            assert prey and all(f.scale < s.scale for f in prey), s.key


def test_points_come_from_the_one_formula():
    for s in SPECIES:
        helpful = bool(s.move or s.flight) + bool(s.spread) + bool(s.invasive)
        assert s.points == D.points_for(s.rank, len(s.terrains), len(s.climates), helpful)
    assert "points" not in RAW["species"][0]  # never typed by hand
    assert D.points_for(4, 1, 1, 0) == 6 and D.points_for(1, 3, 4, 2) == 1


def test_the_scale_table_is_a_log_scale_of_body_lengths():
    assert [s["scale"] for s in C.scales] == list(range(1, 11))
    assert all(1 <= s.scale <= 10 for s in SPECIES)
    blue_whale_sized = {s.key for s in SPECIES if s.scale == 10}
    assert {"humpback_whale", "giant_kelp", "valley_oak"} <= blue_whale_sized


def test_diet_colours_are_okabe_ito_with_a_word():
    okabe_ito = {
        "#E69F00",
        "#56B4E9",
        "#009E73",
        "#F0E442",
        "#0072B2",
        "#D55E00",
        "#CC79A7",
        "#000000",
    }
    for diet in C.diets:
        assert diet["colour"] in okabe_ito and diet["label"].isupper()
    assert len({d["colour"] for d in C.diets}) == len(C.diets)


@pytest.mark.parametrize("deck", C.decks, ids=lambda d: d.key)
def test_every_ready_made_deck_is_24_cards_with_food_for_every_eater(deck):
    D.check_deck(deck.cards)
    cards = [C.cards[c] for c in deck.cards]
    species = [c for c in cards if c.kind == "species"]
    assert sum(1 for s in species if compatible(s, len(C.cards))) >= 5  # rank 1s to start
    for s in species:
        if s.rank > 1 and s.diet != "parasite":
            assert any(feeds_on(s, f) and shares_habitat(s, f) for f in species), (deck.key, s)
        if s.diet == "parasite":
            assert any(may_host(s, h.id) for h in species), (deck.key, s.key)


@pytest.mark.parametrize("deck", C.decks, ids=lambda d: d.key)
def test_every_ready_made_deck_is_one_real_community(deck):
    species = [C.cards[c] for c in deck.cards if C.cards[c].kind == "species"]
    realms = [s.all_realms for s in species]
    shared = set.intersection(*map(set, realms))
    assert shared or deck.key == "woodland", deck.key  # woodland: Europe and North America


def test_the_deck_builder_checks_a_deck():
    with pytest.raises(ValueError, match="exactly 24"):
        D.check_deck((0,) * 3)
    with pytest.raises(ValueError, match="at most 2 copies"):
        D.check_deck((0,) * 24)
    with pytest.raises(ValueError, match="not in the collection"):
        D.check_deck((9999, *range(23)))
    with pytest.raises(ValueError, match="whole-number"):
        D.check_deck(("oak",) * 24)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda r: r["species"][0].update(diet="lithotroph"), "unknown diet"),
        (lambda r: r["species"][0].update(terrains=["moon"]), "unknown 'moon'"),
        (lambda r: r["species"][0].update(spread="rain"), "SPREAD needs"),
        (lambda r: r["species"][0].update(scale=12), "scale outside"),
        (lambda r: r["species"][1].update(key="valley_oak"), "used twice"),
        (lambda r: r["events"][0].update(effect="meteor"), "unknown effect"),
        (lambda r: r["events"][0]["target"].update(colour="red"), "unknown condition"),
        (lambda r: r["decks"][0]["cards"].append("unicorn"), "unknown card 'unicorn'"),
        (lambda r: r["decks"][0]["cards"].pop(), "exactly 24"),
        (lambda r: r["species"][0].pop("rank"), "missing or mistypes"),
        (lambda r: r["species"][2].update(flght=2), "unknown field 'flght'"),
        (lambda r: r["events"][0].update(colour="red"), "unknown field 'colour'"),
        (lambda r: r["species"][0].update(rank=2), "producers and decomposers have rank 1"),
        (lambda r: _card(r, "earthworm").update(rank=2), "producers and decomposers have rank 1"),
        (lambda r: _card(r, "horse").update(rank=1), "every consumer a higher rank"),
        (lambda r: _card(r, "horse").update(rank=3), "a herbivore, so it eats rank 1"),
        (lambda r: _card(r, "horse").update(rank=2.5), "rank must be a whole number"),
        (lambda r: _card(r, "horse").update(rank=True), "rank must be a whole number"),
        (lambda r: _card(r, "horse").update(scale="big"), "scale must be a whole number"),
        (lambda r: _card(r, "horse").update(move=-1), "move must be a whole number"),
        (lambda r: _card(r, "horse").update(eats=[]), "must say what it eats"),
        (lambda r: _card(r, "earthworm").update(eats=[]), "must say what it eats"),
        (lambda r: _card(r, "blacklegged_tick").pop("parasitic"), "must name its hosts"),
        (lambda r: _card(r, "horse").update(introduced=["palearctic"]), "not also a native"),
        (lambda r: _card(r, "horse").update(realms=[]), "needs its native realms"),
        (lambda r: _card(r, "honey_bee").update(pollinator="yes"), "pollinator must be true or"),
        (lambda r: _card(r, "migration")["target"].update(own="yes"), "own must be true or false"),
        (lambda r: _card(r, "horse").update(name=" "), "name must be some text"),
        (lambda r: _card(r, "horse").update(fact=3), "fact must be some text"),
        (lambda r: _card(r, "mast_year").update(amount=-2), "amount must be a whole number"),
        (lambda r: _card(r, "logging")["target"].update(min_scale=8.5), "min_scale must be"),
    ],
)
def test_bad_data_is_refused_with_a_sentence(damage, message):
    """A teacher's edit that breaks a rule is refused by name, and the shipped data is untouched."""
    raw = copy.deepcopy(RAW)
    damage(raw)
    with pytest.raises(ValueError, match=message):
        D.parse_collection(raw)
    assert D.parse_collection(copy.deepcopy(RAW)) == C


def _card(raw: dict, key: str) -> dict:
    """The species or event table with this key in a copy of the raw data."""
    return next(c for c in (*raw["species"], *raw["events"]) if c["key"] == key)
