"""The Niche cards: the packaged deck is sound, and a broken data.toml is refused clearly."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import pytest

from evo_lessons.games.niche.data import completable, deck, parse_deck


@pytest.fixture(scope="module")
def raw() -> dict:
    text = resources.files("evo_lessons.games.niche").joinpath("data.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_the_deck_has_traits_two_trait_cards_and_special_events():
    cards = deck().cards
    assert len(cards) == 52
    assert {c.kind for c in cards} == {"trait", "double", "event"}
    assert all(len(c.meets) == 2 for c in cards if c.kind == "double")
    assert all(c.mask == 0 and c.effect for c in cards if c.kind == "event")
    assert [c.id for c in cards] == list(range(52))


def test_every_card_and_environment_explains_its_biology():
    for card in deck().cards:
        assert card.fact.endswith(".") and len(card.fact) > 30, card.key
        if card.is_event:
            assert card.text.endswith("."), card.key
    for env in deck().environments:
        assert env.about.endswith(".") and 2 <= len(env.challenges) <= 4


def test_every_environment_can_be_completed_within_the_rule_of_4():
    d = deck()
    assert all(completable(d, env) for env in d.environments)


def test_every_challenge_type_is_used_and_met():
    d = deck()
    for challenge in d.challenges:
        assert any(challenge.index in e.challenges for e in d.environments), challenge.key
        assert sum(challenge.index in c.meets for c in d.cards) >= 4, challenge.key


def test_a_wrong_number_of_cards_is_refused(raw):
    bad = copy.deepcopy(raw)
    bad["traits"][0]["copies"] = 3
    with pytest.raises(ValueError, match="52 cards"):
        parse_deck(bad)


def test_an_unknown_challenge_is_refused(raw):
    bad = copy.deepcopy(raw)
    bad["environments"][0]["challenges"] = ["cold", "boredom"]
    with pytest.raises(ValueError, match="unknown challenge 'boredom'"):
        parse_deck(bad)


def test_an_environment_with_one_challenge_is_refused(raw):
    bad = copy.deepcopy(raw)
    bad["environments"][0]["challenges"] = ["cold"]
    with pytest.raises(ValueError, match="2 to 4 challenges"):
        parse_deck(bad)


def test_an_unknown_event_effect_is_refused(raw):
    bad = copy.deepcopy(raw)
    bad["events"][0]["effect"] = "meteor"
    with pytest.raises(ValueError, match="unknown effect"):
        parse_deck(bad)


def test_an_event_with_the_wrong_target_is_refused(raw):
    bad = copy.deepcopy(raw)
    bad["events"][0]["target"] = "table"
    with pytest.raises(ValueError, match="needs target"):
        parse_deck(bad)


def test_a_missing_field_is_named(raw):
    bad = copy.deepcopy(raw)
    del bad["traits"][0]["fact"]
    with pytest.raises(ValueError, match="missing 'fact'"):
        parse_deck(bad)


def test_an_unwinnable_environment_is_refused(raw):
    bad = copy.deepcopy(raw)
    for trait in bad["traits"]:
        if "thin_air" in trait["meets"]:
            trait["meets"] = ["cold"]
    with pytest.raises(ValueError, match="cannot be completed"):
        parse_deck(bad)


def test_every_trait_is_tagged_structural_behavioural_or_functional_for_aqa_4_7_1_4():
    kinds = {"structural", "behavioural", "functional"}
    for card in deck().cards:
        if card.is_event:
            assert card.adaptation == (), card.key
        else:
            assert 1 <= len(card.adaptation) <= 2 and set(card.adaptation) <= kinds, card.key
    assert {k for c in deck().cards for k in c.adaptation} == kinds


def test_an_unknown_kind_of_adaptation_is_refused(raw):
    bad = copy.deepcopy(raw)
    bad["traits"][0]["adaptation"] = ["magical"]
    with pytest.raises(ValueError, match="adaptation 'magical'"):
        parse_deck(bad)


def test_darkness_is_met_by_no_trait_that_needs_light():
    """No eye card: eyes gather light, and a cave or the deep-sea floor has no sunlight."""
    d = deck()
    dark = next(c.index for c in d.challenges if c.key == "darkness")
    for card in d.cards:
        if dark in card.meets:
            assert "eye" not in card.name.lower() and "vision" not in card.fact.lower(), card.key


def test_gene_flow_stays_in_play_as_a_copy():
    flows = [c for c in deck().cards if c.effect == "gene_flow"]
    assert flows and all(c.stays and "keep theirs" in c.text for c in flows)
