"""What Adaptation's metrics and plot say: no impossible scores, and challenges by name."""

from __future__ import annotations

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.games.adaptation import CHALLENGES, new_game, view
from evo_lessons.widgets.plots import _series


def _finished(seed: int = 4, players: int = 5):
    state = new_game(players=players, seed=seed)
    play_game(state, [RandomBot(seed=seed * 10 + k) for k in range(players)])
    return state


def test_an_extinct_player_has_no_card_scores_not_zero():
    state = _finished()
    last = len(state.rounds)
    summary = state.summary()
    # out before the last round: they showed no card in it
    extinct = [
        seat
        for seat in range(state.num_players)
        if summary[f"p{seat}_extinct_round"] is not None
        and summary[f"p{seat}_extinct_round"] < last
    ]
    assert extinct
    for seat in extinct:
        row = state.metrics()[seat]
        assert row["number"] is None and row["shape"] is None and row["colour"] is None


def test_a_player_still_in_the_game_shows_real_scores():
    state = new_game(players=4, seed=2)
    for row in state.metrics():
        assert 1 <= row["number"] <= 4 and 3 <= row["shape"] <= 6 and 1 <= row["colour"] <= 4


def test_the_plot_skips_an_extinct_players_scores():
    state = _finished()
    rows = []
    replay = new_game(players=state.num_players, seed=4)
    rows.extend(replay.metrics())
    for action in state.history:
        replay.apply(next(a for a in replay.legal_actions() if a == action))
        rows.extend(replay.metrics())
    for seat in range(state.num_players):
        for metric in ("number", "shape", "colour"):
            _, ys = _series(rows, seat, metric, "turn")
            assert ys and 0 not in ys and None not in ys


def test_the_challenge_is_named_in_every_row_and_in_the_table():
    state = _finished()
    for row in state.metrics():
        assert row["challenge_name"] == CHALLENGES[row["challenge"] - 1]
    assert "challenge_name" in view.VIEW.table_columns


def test_the_challenge_panel_names_each_level_on_its_axis():
    (panel,) = [p for p in view.VIEW.panels if p.metric == "challenge"]
    assert panel.yticks == (1, 2, 3)
    assert panel.yticklabels == tuple(CHALLENGES)


def test_score_panels_have_no_zero_tick():
    for panel in view.VIEW.panels:
        if panel.metric in ("number", "shape", "colour"):
            assert 0 not in panel.yticks and panel.ylim[0] > 0
