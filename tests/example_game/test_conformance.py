"""The engine's conformance suite on the example game, with random players, in every variant."""

from __future__ import annotations

from evo_lessons.engine.testing import check_game, edge_variants
from example_game import GAME


def test_peppered_moths_passes_the_conformance_suite_in_every_variant():
    variants = [*edge_variants(GAME), {"players": 4, "rounds": 12}]
    assert check_game(GAME, games=24, seed=3, options=variants) >= 24
