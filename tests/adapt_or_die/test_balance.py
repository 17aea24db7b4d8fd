"""Balance on a sample (2,000-game figures with 95% intervals: benchmarks/bench_adapt_or_die.py).

Four fitter bots, creatures dealt at random. 4,000 games gave every seat 24.3-25.4% of the
wins (fair: 25%; every 95% interval holds 25%), every creature a win rate from 20.1% (the
dragonfly) to 29.7% (the grasshopper) in the games it was dealt, and mean unfit scores from 18.9
to 19.9. On 400 games the bounds below leave room for sampling error (a creature is dealt about
100 times: a standard error of 4 points).
"""

from __future__ import annotations

import pytest

from evo_lessons.games.adapt_or_die.balance import interval, report

#: a sample of whole games (seconds of CPU): run in full CI (bash .ci/run --full, or a commit
#: that changes a game's rules or data), skipped by a commit's quick run
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fitters():
    return report(n=400, bots=("fitter",), players=4, seed=31)


def test_no_seat_is_far_ahead(fitters):
    for seat in fitters["seats"]:
        assert abs(seat["win_share"] - 0.25) < 0.08, seat


def test_no_creature_is_far_ahead_or_far_behind(fitters):
    for creature in fitters["creatures"]:
        assert 0.08 < creature["win_rate"] < 0.45, creature


def test_every_creatures_mean_unfit_score_is_near_the_others(fitters):
    means = [c["mean_unfit"] for c in fitters["creatures"]]
    overall = sum(means) / len(means)
    assert all(abs(m - overall) < 2.5 for m in means), means


def test_every_creature_is_dealt_in_the_sample(fitters):
    assert len(fitters["creatures"]) == 16


def test_the_interval_is_a_95_percent_wilson_interval():
    low, high = interval(50, 200)
    assert low < 0.25 < high
    assert high - low == pytest.approx(0.12, abs=0.01)
