"""Climate bots: the planner beats random play clearly, and every bot plays from its observation.

Bots are called the way the engine calls them: ``choose(observation_dict, legal_actions)``.
"""

from __future__ import annotations

import json

import pytest
from playing import decisions

from evo_lessons.engine import play_game
from evo_lessons.games.climate import (
    BOTS,
    ClimateBot,
    EndTurn,
    Move,
    PlanAhead,
    RandomBot,
    new_game,
)

from .test_rules import WORLD, die, table


def _planner_share(games: int, players: int = 4, **options) -> float:
    """The planner's share of all wins (a shared win counts as a fraction), seat rotating."""
    share = 0.0
    for game in range(games):
        seat = game % players
        bots = [
            ClimateBot(seed=game) if p == seat else RandomBot(seed=game * 10 + p)
            for p in range(players)
        ]
        state = new_game(players=players, seed=game, **options)
        play_game(state, bots)
        share += (seat in state.winners) / len(state.winners)
    return share / games


def test_the_planner_wins_clearly_more_than_its_fair_share_against_three_random_bots():
    share = _planner_share(400)
    assert share > 0.35, f"the planner took {share:.0%} of the wins; a random seat takes 25%"


def test_the_registry_holds_the_random_bot_and_the_planner():
    assert {"random": RandomBot, "planner": ClimateBot} == BOTS
    assert ClimateBot.needs_observation is True
    assert RandomBot.needs_observation is False


def _decisions(seed: int, players: int = 3, **options):
    """Every (state, seat) at which a decision was taken in a game between planners."""
    bots = [ClimateBot(seed=seat) for seat in range(players)]
    return decisions(new_game(players=players, seed=seed, **options), bots)


def test_the_planner_always_picks_a_legal_action_from_the_observation():
    for seed in range(5):
        for state, seat in _decisions(seed, blind_mutation=seed % 2 == 1):
            legal = state.legal_actions()
            assert ClimateBot(seed=3).choose(state.observation(seat), legal) in legal


def test_the_planner_plays_the_same_from_a_json_copy_of_its_observation():
    for state, seat in _decisions(11)[:80]:
        observation = state.observation(seat)
        copy = json.loads(json.dumps(observation))
        legal = state.legal_actions()
        assert ClimateBot(seed=5).choose(copy, legal) == ClimateBot(seed=5).choose(
            observation, legal
        )


def test_the_planner_cannot_tell_apart_states_that_differ_only_in_hidden_cards():
    checked = 0
    for state, seat in _decisions(4):
        other = (seat + 1) % state.num_players
        hidden = [c for c in state.deck.draw_pile if WORLD.cards[c].kind != "deleterious"]
        size = len(state.deck.hands[other])
        if not size or len(hidden) < size:
            continue
        twin = state.clone()
        swap = hidden[-size:]
        old = list(twin.deck.hands[other])
        twin.deck.hands[other], twin.deck.counts[other] = [], [0] * 6
        for card in swap:
            twin.deck.to_hand(other, card)
        twin.deck.draw_pile = [old[swap.index(c)] if c in swap else c for c in twin.deck.draw_pile]
        assert twin.observation(seat) == state.observation(seat)
        legal = state.legal_actions()
        assert ClimateBot(seed=9).choose(twin.observation(seat), legal) == ClimateBot(
            seed=9
        ).choose(state.observation(seat), legal)
        checked += 1
    assert checked > 10


def test_a_bot_with_the_same_seed_makes_the_same_choices():
    first = list(_play_planners(21).history)
    assert _play_planners(21).history == first


def _play_planners(seed: int):
    state = new_game(players=3, seed=seed)
    return play_game(state, [ClimateBot(seed=seat) for seat in range(3)])


@pytest.mark.parametrize("bot_class", [RandomBot, ClimateBot])
def test_every_bot_finishes_games_in_every_variant(bot_class):
    for seed, options in enumerate(
        [{}, {"players": 2}, {"players": 5, "blind_mutation": True}, {"climate_trend": "warming"}]
    ):
        state = new_game(seed=seed, **options)
        play_game(state, [bot_class(seed=seat) for seat in range(state.num_players)])
        assert state.is_over and state.winners


# -- what the planner prefers ------------------------------------------------------------------
def test_the_planner_prefers_a_move_that_earns_a_new_token():
    state, _ = table(2, hands=[["+1 body", "+1 colour"]], top=["neutral"], dice=[die(5)])
    choice = ClimateBot(seed=0).choose(state.observation(0), state.legal_actions())
    assert choice == Move(40, 2, 2, 1, cost=2)


def test_the_planner_keeps_its_cards_when_the_hand_is_within_the_limit():
    state, _ = table(2, hands=[["+1 body", "+1 colour"]], top=["neutral"], dice=[die(2)])
    assert any(isinstance(a, PlanAhead) for a in state.legal_actions())
    assert ClimateBot(seed=0).choose(state.observation(0), state.legal_actions()) == EndTurn()


def test_the_planner_plans_ahead_rather_than_lose_a_card_at_random():
    hand = ["+1 body", "+1 colour", "-1 body", "-1 colour", "-1 metabolism"]
    state, _ = table(2, hands=[hand], top=["neutral"], dice=[die(2)])
    assert len(state.deck.hands[0]) == 6
    choice = ClimateBot(seed=0).choose(state.observation(0), state.legal_actions())
    assert isinstance(choice, PlanAhead)
