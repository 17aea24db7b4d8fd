"""What Adaptation declares to the rest of the package (its GameSpec), and the shared envelope.

The widget, the session, ``simulate``, the plots and the benchmarks know the game only through
``GAME``: these tests pin down the declaration against the rules (R7 for tokens, R12 for what an
observation may hold) and against what the state actually reports.
"""

from __future__ import annotations

import pytest

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.engine.observation import ENVELOPE
from evo_lessons.games.adaptation import (
    GAME,
    AdaptationState,
    ChooseChallenge,
    KeepCard,
    new_game,
    tables,
)
from evo_lessons.games.adaptation.bots import BOTS, MemoryBot

# -- options ---------------------------------------------------------------------------------------


def test_players_option_allows_two_to_eight_and_defaults_to_four():
    players = GAME.option("players")
    assert (players.low, players.high, players.default) == (2, 8, 4)
    assert (GAME.min_players, GAME.max_players) == (2, 8)


def test_tokens_option_allows_three_to_twenty_and_defaults_to_three():
    tokens = GAME.option("tokens")
    assert (tokens.low, tokens.high, tokens.default) == (3, 20, 3)
    assert "R7" in tokens.help


def test_the_declared_options_are_the_only_ones():
    assert [o.name for o in GAME.options] == ["players", "tokens"]
    assert GAME.defaults() == {"players": 4, "tokens": 3}
    with pytest.raises(ValueError, match="has no option 'colours'"):
        new_game(seed=1, colours=3)


def test_a_new_game_gets_the_defaults_as_its_options():
    state = new_game(seed=5)
    assert state.options == GAME.defaults()
    assert state.num_players == 4 and state.tokens == [3] * 4


def test_new_game_is_the_spec_building_the_declared_state():
    assert isinstance(new_game(seed=1), GAME.state)
    assert GAME.state is AdaptationState and AdaptationState.spec is GAME


# -- bots, view, metadata --------------------------------------------------------------------------


def test_step_is_played_by_the_memory_bot():
    assert GAME.helper_bot == "memory"
    assert GAME.bots is BOTS and GAME.bots["memory"] is MemoryBot


def test_the_game_declares_hidden_information():
    # each seat's card, the dealer's challenge and the deck order are secret (R12)
    assert GAME.hidden_information is True


def test_the_renderer_registers_the_games_name():
    assert GAME.renderer.is_file()
    assert f'registerRenderer("{GAME.name}"' in GAME.renderer.read_text(encoding="utf-8")


def test_the_plots_step_once_a_round():
    assert GAME.x_axis == "turn"
    assert GAME.view.x_label == "round"
    assert GAME.view.markers_key == "challenge"


# -- metrics ---------------------------------------------------------------------------------------


def _metric_keys(state: AdaptationState) -> set[str]:
    keys = set()
    for row in state.metrics():
        keys |= set(row) - {"player", GAME.x_axis}
    return keys


def test_declared_metrics_are_exactly_what_metrics_reports_at_the_start():
    assert _metric_keys(new_game(seed=3)) == {m.name for m in GAME.metrics}


def test_declared_metrics_are_exactly_what_metrics_reports_after_a_game():
    state = new_game(players=5, seed=3)
    play_game(state, [RandomBot(seed=k) for k in range(5)])
    assert _metric_keys(state) == {m.name for m in GAME.metrics}


def test_the_challenge_is_the_only_metric_shared_by_the_whole_table():
    # as a number for the plot and as its name for the table
    shared = [m.name for m in GAME.metrics if not m.per_player]
    assert shared == ["challenge", "challenge_name"]
    rows = new_game(seed=2).metrics()
    assert len({(row["challenge"], row["challenge_name"]) for row in rows}) == 1


def test_the_x_axis_counts_rounds():
    state = new_game(players=3, seed=4)
    assert {row[GAME.x_axis] for row in state.metrics()} == {1}
    play_game(state, [RandomBot(seed=k) for k in range(3)])
    assert {row[GAME.x_axis] for row in state.metrics()} == {len(state.rounds)}


# -- the observation envelope ----------------------------------------------------------------------


def test_every_observation_starts_with_the_shared_envelope():
    state = new_game(players=3, seed=6)
    for seat in (None, 0, 1, 2):
        seen = state.observation(seat)
        assert tuple(seen)[: len(ENVELOPE)] == ENVELOPE
        assert seen["game"] == "adaptation" and seen["seat"] == seat
        assert seen["players"] == 3 and seen["options"] == {"players": 3, "tokens": 3}


def test_the_envelope_names_the_next_seat_and_the_winners():
    state = new_game(players=3, seed=6)
    assert state.observation(None)["current_player"] == state.dealer
    assert state.observation(None)["winners"] == []
    play_game(state, [RandomBot(seed=k) for k in range(3)])
    seen = state.observation(0)
    assert seen["current_player"] is None and seen["winners"] == state.winners


def test_a_seats_own_card_is_under_hand_and_the_public_view_has_none():
    state = new_game(players=4, seed=9)
    for seat in range(4):
        assert state.observation(seat)["hand"]["id"] == state.card_of(seat)
    assert state.observation(None)["hand"] is None


def test_the_game_keys_never_repeat_the_envelope():
    state = new_game(players=4, seed=9)
    state.apply(KeepCard())
    state.apply(ChooseChallenge("shape"))
    own = state._observe(1)
    assert not set(own) & set(ENVELOPE)
    assert "player" not in own and "my_card" not in own


@pytest.mark.parametrize("seat", [-1, 4, True, 1.0, "0"])
def test_an_observation_for_no_real_seat_is_refused(seat):
    with pytest.raises(ValueError, match="a seat is a whole number from 0 to 3"):
        new_game(players=4, seed=1).observation(seat)


def test_the_speed_tables_cover_every_table_the_spec_allows():
    assert GAME.max_players <= tables.MOST_PLAYERS
    assert set(tables.ORDERS) >= set(range(GAME.min_players, GAME.max_players + 1))
    assert len(tables.SAID) >= GAME.max_players and len(tables.SHOWN) >= GAME.max_players
