"""Niche bots: the contract, fair play (observation only) and that planning pays."""

from __future__ import annotations

import json

import pytest

from evo_lessons.engine import RandomBot, play_game
from evo_lessons.games.niche import BOTS, GeneralistBot, PlannerBot, new_game
from evo_lessons.games.niche.balance import seat_win_shares


def test_the_bot_registry():
    assert {"random": RandomBot, "planner": PlannerBot, "generalist": GeneralistBot} == BOTS
    for name, cls in BOTS.items():
        bot = cls(seed=3)
        assert bot.name == name and callable(bot.choose)
    assert RandomBot.needs_observation is False
    assert PlannerBot.needs_observation is True


class _Watched(PlannerBot):
    """A planner that checks it is handed a JSON-safe observation of its own seat."""

    def __init__(self, seed, state_ref):
        super().__init__(seed)
        self.state_ref = state_ref

    def choose(self, observation, legal_actions):
        state = self.state_ref[0]
        assert observation == state.observation(state.current_player)
        assert observation["seat"] == state.current_player
        json.dumps(observation)
        return super().choose(observation, legal_actions)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_planners_play_whole_games_from_observations_only(players):
    for seed in range(8):
        state = new_game(players=players, seed=seed)
        ref = [state]
        play_game(state, [_Watched(seed * 10 + k, ref) for k in range(players)])
        assert state.is_over and state.winners


def test_a_bot_never_sees_hidden_cards():
    state = new_game(players=3, seed=2)
    while state.phase == "keep":
        state.apply(state.legal_actions()[0])
    view = state.observation(0)
    assert view["hand"] == state.hands[0]
    assert all("hand" not in seat for seat in view["seats"])
    hidden = {s["card"] for stack in view["gene_pool"] for s in stack if not s["face_up"]}
    assert hidden <= {None}


def _one_vs_three(bot_cls, n=200):
    wins = 0.0
    for seed in range(n):
        state = new_game(players=4, seed=seed)
        seat = seed % 4
        bots = [RandomBot(seed=seed * 10 + k) for k in range(4)]
        bots[seat] = bot_cls(seed=seed)
        play_game(state, bots)
        if seat in state.winners:
            wins += 1 / len(state.winners)
    return wins / n


def test_the_planner_beats_random_players_by_far():
    assert _one_vs_three(PlannerBot) > 0.6  # fair share would be 0.25


def test_the_generalist_also_beats_random_players():
    assert _one_vs_three(GeneralistBot, n=100) > 0.5


def test_planner_games_are_shorter_than_random_games():
    def mean_turns(bot_cls):
        total = 0
        for seed in range(60):
            state = new_game(players=4, seed=seed)
            play_game(state, [bot_cls(seed=seed * 4 + k) for k in range(4)])
            total += state.turns
        return total / 60

    assert mean_turns(PlannerBot) < 0.6 * mean_turns(RandomBot)


def test_seat_win_shares_count_shared_wins_as_fractions():
    rows = [{"winners": [0]}, {"winners": [1, 2]}, {"winners": [0]}, {"winners": [3]}]
    assert seat_win_shares(rows, 4) == [0.5, 0.125, 0.125, 0.25]
