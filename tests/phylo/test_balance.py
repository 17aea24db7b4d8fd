"""Balance of the ready-made decks, on a sample (the full figures: benchmarks/bench_phylo.py).

The issue: no ready-made deck beats another by more than 10 points of win share. With 2,000
builder games per pair (seed 2026) the largest margin was 4.4 points. Here 300 games per pair
must stay within 10 points plus sampling error (two standard errors of the margin at 300 games
is about 11.5 points), and every deck must win games against every other.
"""

from __future__ import annotations

import pytest

from evo_lessons.games.phylo.balance import matchup, report

#: a sample of whole games (seconds of CPU): run in full CI (bash .ci/run --full, or a commit
#: that changes a game's rules or data), skipped by a commit's quick run
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pairs():
    return report(n=300, bot="builder", seed=11)


def test_every_pair_of_ready_made_decks_is_played(pairs):
    assert len(pairs) == 6 and all(p["games"] == 300 for p in pairs)


def test_no_deck_beats_another_by_more_than_ten_points_within_sampling_error(pairs):
    for p in pairs:
        assert abs(p["margin_points"]) <= 10 + 11.5, p


def test_every_deck_wins_games_against_every_other(pairs):
    for p in pairs:
        assert 0.25 < p["share"] < 0.75, p


def test_the_interval_is_reported_around_the_share():
    figure = matchup("woodland", "savanna", n=20, seed=3)
    assert figure["low"] <= figure["share"] <= figure["high"]
    assert figure["margin_points"] == pytest.approx(100 * (2 * figure["share"] - 1))
