"""The engine's conformance suite (check_game) on Adaptation, with every variant of the options."""

from __future__ import annotations

import pytest

from evo_lessons import available_games, game_spec, load_game
from evo_lessons.engine.testing import check_game
from evo_lessons.games import adaptation
from evo_lessons.games.adaptation import GAME


def test_adaptation_passes_the_conformance_suite():
    checked = check_game(
        GAME,
        games=60,
        seed=5,
        options=[{}, {"players": 2}, {"players": 8}, {"players": 5, "tokens": 6}],
    )
    assert checked > 200


def test_conformance_with_the_largest_table_and_most_tokens():
    assert check_game(GAME, games=6, seed=9, options=[{"players": 8, "tokens": 20}]) > 6


def test_registered_in_the_package():
    assert "adaptation" in available_games()
    state = load_game("adaptation", players=3, seed=4)
    assert isinstance(state, adaptation.AdaptationState)
    assert game_spec("adaptation") is GAME
    assert GAME.name == "adaptation" == state.game_name


def test_options_rebuild_the_same_start():
    state = adaptation.new_game(players=6, seed=77, tokens=5)
    assert adaptation.new_game(seed=77, **state.options) == state


def test_tampered_save_is_rejected():
    state = adaptation.new_game(players=3, seed=1)
    state.apply(adaptation.KeepCard())
    text = state.to_json().replace('"KeepCard"', '"ChooseChallenge"')
    with pytest.raises(ValueError, match="save rejected"):
        adaptation.load_json(text)
    forged = state.to_json().replace('"actions":[', '"actions":[{"type":"KeepCard"},')
    with pytest.raises(ValueError, match="breaks the rules"):
        adaptation.load_json(forged)


@pytest.mark.parametrize("options", [{"players": 1}, {"tokens": 2}, {"colours": 3}])
def test_save_with_bad_options_is_rejected(options):
    text = (
        adaptation.new_game(seed=2)
        .to_json()
        .replace(
            '"options":{"players":4,"tokens":3}', '"options":' + str(options).replace("'", '"')
        )
    )
    with pytest.raises(ValueError, match="bad options"):
        adaptation.load_json(text)


def test_metrics_and_summary_report_the_issue_numbers():
    state = adaptation.new_game(players=4, seed=3)
    rows = state.metrics()
    assert len(rows) == 4
    for row in rows:
        assert {"turn", "tokens", "number", "shape", "colour", "swapped", "defeated"} <= set(row)
    from evo_lessons.engine import RandomBot, play_game

    play_game(state, [RandomBot(seed=k) for k in range(4)])
    summary = state.summary()
    assert summary["rounds"] == len(state.rounds)
    assert summary["finished"] is True
    assert {f"p{k}_tokens" for k in range(4)} <= set(summary)
    assert {f"p{k}_extinct_round" for k in range(4)} <= set(summary)
    for k in range(4):
        shown = [r["cards"][k] for r in state.rounds if r["cards"][k] >= 0]
        assert summary[f"p{k}_last_card"] == shown[-1]
        extinct = summary[f"p{k}_extinct_round"]
        assert (extinct is None) == (k in state.winners and not summary["shared_win"]) or (
            summary["shared_win"] and extinct == len(state.rounds)
        )


def test_round_rows_give_every_player_every_round():
    from evo_lessons.engine import RandomBot, play_game

    state = adaptation.new_game(players=5, seed=12)
    play_game(state, [RandomBot(seed=k) for k in range(5)])
    rows = state.round_rows()
    assert len(rows) == 5 * len(state.rounds)
    for seat in range(5):
        mine = [r for r in rows if r["player"] == seat]
        tokens = [r["tokens"] for r in mine]
        assert tokens == sorted(tokens, reverse=True)
        assert sum(r["extinct"] for r in mine) == (1 if tokens[-1] == 0 else 0)
        for r in mine:
            assert (r["number"] is None) == (r["tokens"] == 0 and not r["extinct"])
    last = [r for r in rows if r["round"] == len(state.rounds)]
    for row, metric in zip(last, state.metrics(), strict=True):
        assert row["tokens"] == metric["tokens"]
        assert row["defeated"] == bool(metric["defeated"])
        assert row["swapped"] == bool(metric["swapped"])
