"""data.toml and its loader: the boards and the deck are data, checked when they are read."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from itertools import pairwise

import pytest

from evo_lessons.games.climate.data import parse_world, world

SAVANNAH, TROPICAL, TEMPERATE, TUNDRA = range(4)
DATA_ERROR = r"climate data\.toml"  # every loader message names the file


def _raw() -> dict:
    text = resources.files("evo_lessons.games.climate").joinpath("data.toml").read_text("utf-8")
    return tomllib.loads(text)


def _count(board, habitat: int) -> int:
    return sum(1 for h in board if h == habitat)


# -- the packaged world ------------------------------------------------------------------------
def test_there_are_five_boards_for_temperatures_1_to_5():
    assert len(world().boards) == 5


def test_every_board_has_63_cells():
    assert world().cells == 63
    for board in world().boards:
        assert len(board) == 63


def test_every_board_holds_all_four_habitats():
    for board in world().boards:
        assert set(board) == {SAVANNAH, TROPICAL, TEMPERATE, TUNDRA}


def test_the_savannah_strictly_grows_as_the_world_warms():
    sizes = [_count(board, SAVANNAH) for board in world().boards]
    assert all(a < b for a, b in pairwise(sizes))


def test_the_tundra_strictly_shrinks_as_the_world_warms():
    sizes = [_count(board, TUNDRA) for board in world().boards]
    assert all(a > b for a, b in pairwise(sizes))


def test_the_coldest_board_leaves_savannah_for_five_restarting_species():
    assert _count(world().boards[0], SAVANNAH) >= 5


def test_the_game_starts_on_board_3():
    assert world().start_temperature == 3


def test_habitats_run_from_savannah_1_to_tundra_4():
    assert [h.key for h in world().habitats] == [
        "savannah",
        "tropical_forest",
        "temperate_forest",
        "tundra",
    ]
    assert [h.gene_value for h in world().habitats] == [1, 2, 3, 4]


def test_the_genes_are_body_colour_and_metabolism_with_four_variants_each():
    assert [g.key for g in world().genes] == ["body", "colour", "metabolism"]
    assert all(len(g.variants) == 4 for g in world().genes)


def test_the_deck_holds_five_plus_and_five_minus_cards_per_gene_six_neutral_two_deleterious():
    cards = world().cards
    for gene in range(3):
        for step in (1, -1):
            assert sum(1 for c in cards if c.gene == gene and c.step == step) == 5
    assert sum(1 for c in cards if c.kind == "neutral") == 6
    assert sum(1 for c in cards if c.kind == "deleterious") == 2
    assert world().neutral_small_game == 4
    assert [c.id for c in cards] == list(range(len(cards)))


def test_hand_limit_and_card_counts_follow_the_rules():
    assert (world().hand_limit, world().start_cards, world().restart_cards) == (5, 2, 2)


def test_habitat_colours_are_distinct_and_named_in_text():
    colours = [h.colour for h in world().habitats]
    assert len(set(colours)) == 4
    assert all(h.name and h.short and h.about for h in world().habitats)


def test_the_packaged_data_parses_to_the_same_world():
    assert parse_world(_raw()) == world()


# -- bad data is refused with a clear ValueError ------------------------------------------------
def _broken(change) -> dict:
    raw = copy.deepcopy(_raw())
    change(raw)
    return raw


def _drop_habitat_key(raw):
    del raw["habitats"][0]["letter"]


def _board_too_short(raw):
    raw["boards"][2]["rows"] = raw["boards"][2]["rows"][:-1]


def _row_too_long(raw):
    raw["boards"][0]["rows"][0] += "T"


def _unknown_letter(raw):
    raw["boards"][1]["rows"][0] = "TTTXTTT"


def _boards_out_of_order(raw):
    raw["boards"][0]["temperature"], raw["boards"][1]["temperature"] = 2, 1


def _four_boards(raw):
    raw["boards"] = raw["boards"][:4]


def _wrong_gene_values(raw):
    raw["habitats"][3]["gene_value"] = 5


def _two_genes(raw):
    raw["genes"] = raw["genes"][:2]


def _three_variants(raw):
    raw["genes"][1]["variants"] = raw["genes"][1]["variants"][:3]


def _no_deck(raw):
    del raw["deck"]


CLEARLY_BROKEN = [
    _drop_habitat_key,
    _board_too_short,
    _row_too_long,
    _unknown_letter,
    _boards_out_of_order,
    _four_boards,
    _wrong_gene_values,
    _two_genes,
    _three_variants,
    _no_deck,
]


@pytest.mark.parametrize("change", CLEARLY_BROKEN, ids=lambda f: f.__name__.strip("_"))
def test_parse_world_rejects_broken_data(change):
    with pytest.raises(ValueError, match=DATA_ERROR):
        parse_world(_broken(change))


def _missing_deck_count(raw):
    del raw["deck"]["plus_per_gene"]


def _board_without_rows(raw):
    del raw["boards"][4]["rows"]


@pytest.mark.parametrize(
    "change", [_missing_deck_count, _board_without_rows], ids=lambda f: f.__name__.strip("_")
)
def test_parse_world_reports_a_missing_entry_as_a_value_error(change):
    with pytest.raises(ValueError, match=DATA_ERROR):
        parse_world(_broken(change))


def _savannah_shrinks_when_warming(raw):
    boards = raw["boards"]
    boards[3]["rows"], boards[4]["rows"] = boards[4]["rows"], boards[3]["rows"]


def _board_without_savannah(raw):
    raw["boards"][0]["rows"] = [row.replace("S", "W") for row in raw["boards"][0]["rows"]]


def test_parse_world_rejects_boards_where_the_savannah_does_not_grow_with_warming():
    """data.py's docstring promises this check: the rules rely on it (the text's boards)."""
    with pytest.raises(ValueError, match=DATA_ERROR):
        parse_world(_broken(_savannah_shrinks_when_warming))


def test_parse_world_rejects_a_board_without_savannah():
    """R1: every board holds all four habitats; a restart needs an empty savannah cell."""
    with pytest.raises(ValueError, match=DATA_ERROR):
        parse_world(_broken(_board_without_savannah))
