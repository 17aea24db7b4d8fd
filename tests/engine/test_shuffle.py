"""engine.seeds.shuffle: Python's own shuffle written out, so seeded games deal as before."""

from __future__ import annotations

import random

import pytest

from evo_lessons.engine.seeds import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 5, 24, 50, 133, 1000])
def test_the_order_and_the_generator_after_are_those_of_random_shuffle(length):
    for seed in range(40):
        theirs, ours = random.Random(seed), random.Random(seed)
        expected, got = list(range(length)), list(range(length))
        theirs.shuffle(expected)
        shuffle(ours, got)
        assert got == expected
        assert ours.getstate() == theirs.getstate()


def test_it_shuffles_any_items_in_place():
    cards = ["oak", "bee", "fox", "owl", "elk"]
    rng = random.Random(7)
    shuffle(rng, cards)
    assert sorted(cards) == ["bee", "elk", "fox", "oak", "owl"]
    assert cards != ["oak", "bee", "fox", "owl", "elk"]  # seed 7 moves them (checked once)
