"""The text's sample scorecard, reproduced cell by cell (six habitats, total 42).

The sample's creature starts at leg length 3, segments 1, size 4, eyes 5, antennae 2 and holds
four adaptation cards: the back-to-the-middle card on leg length (printed "+3" in the sample: 3
stays 3, ruling R9), ++ on segments, - on size and + on eyes (5 stays 5: an increase from 5
does nothing). Each habitat column gives the selection pressure (SP) and the score, the distance.
"""

from __future__ import annotations

import pytest

from evo_lessons.games.adapt_or_die.scoring import scorecard

from .helpers import card

START = (3, 1, 4, 5, 2)
ORDERS = [
    [card("=3", "leg_length")],
    [card("++", "segments")],
    [card("-", "size")],
    [card("+", "eyes")],
    [],
]
#: habitat number -> its pressures (leg length, segments, size, eyes, antennae), as printed
HABITATS = [
    (12, (4, 3, 5, 1, 2)),
    (3, (3, 4, 5, 2, 1)),
    (7, (5, 4, 1, 3, 2)),
    (15, (3, 1, 4, 2, 5)),
    (6, (2, 5, 4, 3, 1)),
    (2, (1, 2, 4, 5, 3)),
]
#: feature: (start, adapt, end, [(SP, score) per habitat], total), as printed
SAMPLE = {
    "Leg length": (3, "=3", 3, [(4, 1), (3, 0), (5, 2), (3, 0), (2, 1), (1, 2)], 6),
    "Segments": (1, "++", 3, [(3, 0), (4, 1), (4, 1), (1, 2), (5, 2), (2, 1)], 7),
    "Size": (4, "-", 3, [(5, 2), (5, 2), (1, 2), (4, 1), (4, 1), (4, 1)], 9),
    "Eyes": (5, "+", 5, [(1, 4), (2, 3), (3, 2), (2, 3), (3, 2), (5, 0)], 14),
    "Antennae": (2, "", 2, [(2, 0), (1, 1), (2, 0), (5, 3), (1, 1), (3, 1)], 6),
}


@pytest.fixture(scope="module")
def card_filled():
    return scorecard(START, ORDERS, HABITATS)


def test_the_scorecard_has_the_samples_six_habitat_columns(card_filled):
    assert card_filled.habitats == (12, 3, 7, 15, 6, 2)


@pytest.mark.parametrize("feature", list(SAMPLE))
def test_each_row_of_the_sample_scorecard_is_reproduced_cell_by_cell(card_filled, feature):
    row = next(r for r in card_filled.rows if r.feature == feature)
    start, adapt, end, cells, total = SAMPLE[feature]
    assert (row.start, row.adapt, row.end) == (start, adapt, end)
    assert list(row.cells) == cells
    assert row.total == total


def test_the_sample_scorecard_totals_42(card_filled):
    assert card_filled.total == 42


def test_the_habitat_columns_add_up_to_the_same_total(card_filled):
    assert card_filled.habitat_totals == (7, 7, 7, 9, 7, 5)
    assert sum(card_filled.habitat_totals) == 42
