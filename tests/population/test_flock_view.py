"""The population widget's individuals and rule (view["flock"], view["rule"]) without a browser.

The page draws DRAWN little creatures for the population: each kind of individual (one value of
every trait) as often as its share gives it, by the largest remainders, commonest first. These
tests hold the counts to the population's own, and the rule's words to the run's settings.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from evo_lessons.population.widget import DRAWN, PopulationWidget


def make(game="climate", **kwargs):
    settings = {"size": 300, "mutation_rate": 0.05, "seed": 3, **kwargs}
    return PopulationWidget(game, **settings)


@pytest.mark.parametrize("game", ["climate", "niche", "adaptation", "adapt_or_die"])
def test_the_drawn_kinds_are_the_populations_own_in_their_shares(game):
    widget = make(game)
    widget.step(15)
    flock, p = widget.view["flock"], widget.population
    pooled = p.counts.sum(axis=0)
    n = int(pooled.sum())
    assert flock["size"] == n and flock["shown"] == min(DRAWN, n)
    assert sum(kind["shown"] for kind in flock["kinds"]) == flock["shown"]
    assert [t["name"] for t in flock["traits"]] == [t.name for t in p.world.traits]
    for kind in flock["kinds"]:
        code = p.world.genotype_code(
            [p.world.traits[k].values[v] for k, v in enumerate(kind["traits"])]
        )
        assert kind["share"] == pytest.approx(pooled[code] / n)
        # the largest remainders: each kind is drawn its share rounded down or up
        quota = pooled[code] * flock["shown"] / n
        assert np.floor(quota) <= kind["shown"] <= np.floor(quota) + 1
        assert 0 <= kind["fitness"] <= 1
    # commonest first, and every kind of at least one in DRAWN is in the picture
    shares = [kind["share"] for kind in flock["kinds"]]
    assert shares == sorted(shares, reverse=True)
    common = int((pooled * flock["shown"] >= n).sum())
    assert len(flock["kinds"]) >= common
    json.dumps(widget.view, allow_nan=False)


def test_the_same_population_always_draws_the_same_picture():
    a, b = make(), make()
    a.step(12)
    b.step(12)
    assert a.view["flock"] == b.view["flock"]


def test_a_perfect_match_counts_in_full_and_a_mismatch_less():
    widget = make(temperature=3, start=[[150, [1, 1, 1]], [150, [4, 4, 4]]])
    fitness = {tuple(kind["traits"]): kind["fitness"] for kind in widget.view["flock"]["kinds"]}
    assert fitness[(0, 0, 0)] == pytest.approx(1.0)
    assert fitness[(3, 3, 3)] < 0.1


def test_an_extinct_population_draws_nobody():
    widget = make(temperature=1, mutation_rate=0)
    widget.set(growth=1.2)
    for _ in range(10):
        widget.step(20)
    assert widget.view["extinct"]
    assert widget.view["flock"]["shown"] == 0 and widget.view["flock"]["kinds"] == []


def test_the_rule_is_said_in_words_that_follow_the_settings():
    widget = make()
    rule = widget.view["rule"]
    assert "exp(" not in rule and "37%" in rule and "0.05" in rule and "Nobody chooses" in rule
    widget.set(selection=0, mutation_rate=0)
    rule = widget.view["rule"]
    assert "only luck (drift)" in rule and "Nothing mutates" in rule
    # the text description keeps the formula beside the words, for those who want it
    assert "In symbols: fitness = exp(-0 x mismatch)" in widget.view["description"]
