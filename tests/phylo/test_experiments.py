"""Knock-out experiments: a removed species takes down exactly the cards it alone kept linked."""

from __future__ import annotations

from evo_lessons import simulate
from evo_lessons.games.phylo import experiments as X

from .helpers import space, table


def test_a_knock_out_takes_down_the_eater_whose_only_food_it_was():
    state = table(placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")])
    plum = state.top[space("B2")]
    fallen = X.knock_out(state, space("B2"), plum)
    assert fallen == [(space("B1"), state.top[space("B1")])]


def test_a_knock_out_leaves_the_table_as_it_was():
    state = table(placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")])
    before = (list(state.top), list(state.under))
    X.knock_out(state, space("B2"), state.top[space("B2")])
    assert (state.top, state.under) == before


def test_an_eater_with_a_second_food_survives_losing_one():
    state = table(
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1"), ("indian_plum", 0, "A1")],
    )
    assert X.knock_out(state, space("B2"), state.top[space("B2")]) == []


def test_the_collapse_removes_what_is_cut_off_and_then_stops():
    # the oak beside HOME (D4) feeds the horse; a lynx (rank 4) finds no rank-3 food by the horse
    state = table(placed=[("valley_oak", 0, "C4"), ("horse", 0, "C3"), ("eurasian_lynx", 0, "C2")])
    lynx = state.top[space("C2")]
    assert X.collapse(state) == [(space("C2"), lynx)]
    assert X.collapse(state) == []


def test_knockout_games_are_the_games_simulate_plays():
    state = X.play(0, seed=5)
    row = simulate("phylo", 1, bots=["builder"], seed=5, progress=False)[0]
    assert row["actions"] == len(state.history) and row["p0_points"] == state.scores()[0]


def test_every_species_of_every_web_is_knocked_out_once():
    removals, species = X.knockouts(games=3, seed=1)
    for g in range(3):
        size = {r["web"] for r in removals if r["game"] == g}
        assert len(size) == 1 and sum(r["game"] == g for r in removals) == size.pop()
    assert all(r["links"] >= 1 for r in species)  # every card in a web is connected


def test_group_intervals_hold_the_mean_and_count_games():
    rows = [{"game": g, "k": g % 2, "v": (g * 7) % 3 == 0} for g in range(40) for _ in range(3)]
    for group in X.by_group(rows, "k", "v", resamples=200):
        assert group["low"] <= group["mean"] <= group["high"]
        assert group["games"] == 20 and group["rows"] == 60


def test_knockouts_report_progress_after_each_game_and_give_the_same_rows():
    calls: list[tuple[int, int]] = []
    with_bar = X.knockouts(games=3, seed=1, progress=lambda done, n: calls.append((done, n)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert with_bar == X.knockouts(games=3, seed=1)
