"""data.toml and its loader: the 66 playing cards are data, checked when they are read."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources

import pytest

from evo_lessons.games.adaptation.data import (
    CARDS,
    CHALLENGES,
    DECK_SIZE,
    SCORES,
    Card,
    load_deck,
    parse_deck,
)


def _raw() -> dict:
    text = resources.files("evo_lessons.games.adaptation").joinpath("data.toml").read_text("utf-8")
    return tomllib.loads(text)


# -- the packaged deck -----------------------------------------------------------------------------
def test_the_deck_holds_66_cards_numbered_in_file_order():
    assert DECK_SIZE == 66 == len(CARDS)
    assert [card.id for card in CARDS] == list(range(66))


def test_every_card_is_the_row_of_data_toml_with_the_same_number():
    rows = _raw()["deck"]["cards"]
    assert [(c.count, c.shape, c.colour) for c in CARDS] == [
        (row["count"], row["shape"], row["colour"]) for row in rows
    ]


def test_shape_and_colour_scores_are_read_from_the_score_tables():
    scores = _raw()["scores"]
    for card in CARDS:
        assert card.shape_score == scores["shape"][card.shape]
        assert card.colour_score == scores["colour"][card.colour]


def test_the_score_tables_are_the_sides_and_the_rainbow():
    scores = _raw()["scores"]
    assert scores["shape"] == {"triangle": 3, "square": 4, "pentagon": 5, "hexagon": 6}
    assert scores["colour"] == {"red": 4, "orange": 3, "yellow": 2, "green": 1}


def test_counts_run_from_one_to_four():
    assert {card.count for card in CARDS} == {1, 2, 3, 4}


def test_the_fast_score_table_agrees_with_every_card():
    assert len(SCORES) == len(CHALLENGES) == 3
    for index, challenge in enumerate(CHALLENGES):
        assert SCORES[index] == tuple(card.score(challenge) for card in CARDS)


def test_the_loader_reads_the_same_deck_every_time():
    assert load_deck() == CARDS


def test_cards_are_frozen_values():
    with pytest.raises(AttributeError):
        CARDS[0].count = 9  # type: ignore[misc]
    assert isinstance(CARDS[0], Card) and hash(CARDS[0]) == hash(load_deck()[0])


# -- the loader's checks ---------------------------------------------------------------------------
def _with_card(change: dict) -> dict:
    data = copy.deepcopy(_raw())
    data["deck"]["cards"][5] = {**data["deck"]["cards"][5], **change}
    return data


def test_the_packaged_data_passes_the_loader():
    assert parse_deck(_raw()) == CARDS


@pytest.mark.parametrize("size", [0, 65, 67])
def test_a_deck_of_another_size_is_refused(size):
    data = _raw()
    cards = (data["deck"]["cards"] * 2)[:size]
    with pytest.raises(ValueError, match=rf"exactly 66 cards, data\.toml has {size}\b"):
        parse_deck({**data, "deck": {"cards": cards}})


def test_a_deck_that_is_not_a_list_is_refused():
    with pytest.raises(ValueError, match=r"exactly 66 cards, data\.toml has no"):
        parse_deck({**_raw(), "deck": {"cards": "all of them"}})


@pytest.mark.parametrize("missing", ["scores", "deck"])
def test_a_missing_table_is_named(missing):
    data = _raw()
    del data[missing]
    with pytest.raises(ValueError, match=r"data\.toml needs \[scores.shape\]"):
        parse_deck(data)


@pytest.mark.parametrize("count", [0, 10, -1, True, 2.0, "2"])
def test_a_count_that_is_not_a_whole_number_from_1_to_9_is_refused(count):
    with pytest.raises(ValueError, match="card 5: count must be a whole number from 1 to 9"):
        parse_deck(_with_card({"count": count}))


def test_an_unknown_shape_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match=r"card 5: unknown shape 'circle'; known \['hexagon'"):
        parse_deck(_with_card({"shape": "circle"}))


def test_an_unknown_colour_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match=r"card 5: unknown colour 'blue'; known \['green'"):
        parse_deck(_with_card({"colour": "blue"}))


def test_a_card_with_a_missing_or_extra_property_is_refused():
    data = _raw()
    data["deck"]["cards"][5] = {"count": 1, "shape": "square"}
    with pytest.raises(ValueError, match="card 5 must have exactly count, shape and colour"):
        parse_deck(data)
    with pytest.raises(ValueError, match="card 5 must have exactly count, shape and colour"):
        parse_deck(_with_card({"size": "large"}))


@pytest.mark.parametrize("score", [0, -2, True, 1.5, "4"])
def test_a_score_that_is_not_a_whole_number_from_1_is_refused(score):
    data = copy.deepcopy(_raw())
    data["scores"]["colour"]["red"] = score
    with pytest.raises(ValueError, match="the colour score of 'red' must be a whole number >= 1"):
        parse_deck(data)
