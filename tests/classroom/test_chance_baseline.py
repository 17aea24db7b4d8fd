"""Chance is a fair baseline: a class that played well never reads "worse than chance".

Teaching review 4, section 6: in Adapt or Die a uniformly random seat rarely leaves the board,
ends at the round limit holding fewer habitats and so scores a lower (better-looking) unfit
score. Chance now plays the game's own "random" bot (the sensible random player) and the unfit
score is compared per habitat held. Counts never get a negative bound; rounding dust prints as 0.
"""

from __future__ import annotations

import random

import pandas as pd
import pytest

from evo_lessons.classroom import chance, class_versus_chance, compare, pool
from evo_lessons.engine import derive_seed
from evo_lessons.widgets.session import GameSession

SEATS = ["human", "trader", "fitter", "trader"]
DEAL = 2028  # the review's scenario


def good_student(seed: int, deal: int | None = None) -> GameSession:
    """An Adapt or Die game whose student seat a careful player (the fitter bot) plays."""
    session = GameSession("adapt_or_die", seed=seed if deal is None else deal, seats=SEATS)
    rng = random.Random(derive_seed(seed, "good student"))
    while not session.state.is_over:
        if not session.is_human_turn():
            session.bot_step()
            continue
        legal = session.state.legal_actions()
        player = session.spec.make_bot("fitter", rng.randrange(2**31))
        seen = session.state.observation(session.state.current_player)
        session.act_index(legal.index(player.choose(seen, legal)))
    return session


@pytest.fixture(scope="module")
def good_class():
    codes = [good_student(seed, DEAL).result_code(f"Student {seed}") for seed in range(6)]
    return pool(codes, scenario=DEAL)


def measure(comparison, starts):
    table = comparison.table
    return table[table["measure"].str.startswith(starts)].set_index("who")["value"]


def test_chance_in_a_fixed_deal_plays_the_sensible_random_bot_and_finishes_its_games():
    rows = chance("adapt_or_die", {}, 6, seats=SEATS, scenario_seed=DEAL)
    assert not rows["timed_out"].any()  # the uniform bot reached the round limit in most games
    assert (rows["you_niches"] == 4).all()  # every habitat held, as a class holds them


def test_adapt_or_die_compares_the_unfit_score_per_habitat_held(good_class):
    result = class_versus_chance(good_class, n=12, say=None)
    measures = list(dict.fromkeys(result.table["measure"]))
    assert "Unfit score per habitat held at the end" in measures
    assert not any(m.startswith("Unfit score now") for m in measures)


def test_a_class_of_good_players_does_not_read_worse_than_chance(good_class):
    result = class_versus_chance(good_class, n=12, say=None)
    unfit = measure(result, "Unfit score per habitat")
    held = measure(result, "Niche cards held")
    assert unfit["our class"] < unfit["chance"]  # lower is fitter
    assert held["our class"] >= held["chance"]


def test_the_comparison_says_first_how_long_chance_will_take(good_class):
    said = []
    class_versus_chance(good_class, n=12, say=said.append)
    (message,) = said
    assert message.startswith("Chance for Adapt or Die: 12 games take about ")
    assert "n=200" in message


def test_a_count_never_gets_a_negative_bound_and_rounding_dust_prints_as_zero():
    few = pd.DataFrame({"you_won": [0, 0, 0, 0, 1], "you_tokens": [0, 0, 0, 0, 3], "setup": "s"})
    dust = pd.DataFrame({"you_won": [0, 0, 0], "you_tokens": [0.1, 0.2, -0.3], "setup": "s"})
    result = compare(few, dust, "climate", measures=["you_won", "tokens"])
    table = result.table.set_index(["measure", "who"])
    ours = table.loc[("Habitat tokens at the end", "our class")]
    assert ours["low"] == 0.0 and ours["value"] == pytest.approx(0.6)
    assert table.loc[("Habitat tokens at the end", "chance"), "value"] == 0.0
    assert "e-1" not in result.alt_text and "e-1" not in result._repr_html_()
