"""Every registered game, found through the registry: a new game is checked with no test code.

The games are read from ``evo_lessons.GAMES`` (which holds the guide's example game during the
tests), never from module names, so a sixth game's folder and registry line are all it takes
for these tests to check it.
"""

from __future__ import annotations

import random

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.engine import RandomBot, derive_seed
from evo_lessons.engine.testing import (
    check_game,
    check_view_reads_only_the_observation,
    check_view_secrets,
    edge_variants,
)

NAMES = list(GAMES)


def _variant_id(variant: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in variant.items()) or "defaults"


EDGES = [
    pytest.param(name, variant, id=f"{name}-{_variant_id(variant)}")
    for name in NAMES
    for variant in edge_variants(game_spec(name))
]


@pytest.mark.parametrize(("name", "variant"), EDGES)
def test_the_conformance_suite_passes_at_every_edge_of_every_option(name, variant):
    # the game's own "random" bot plays every seat: the cheap player it declares for
    # experiments (where uniform choices would take thousands of moves, a game's "random" bot
    # is the sensible one: Adapt or Die's exits and keeps niches first)
    spec = game_spec(name)
    seed = derive_seed(19, name, _variant_id(variant)) % 10_000
    assert check_game(spec, games=1, seed=seed, options=[variant], fuzz=20, bot="random")


def _states_met_in_play(name: str, games: int = 2, every: int = 5, cap: int = 400) -> list:
    """Every few states of seeded games: helper bots in every seat, then random bots (cut off
    after ``cap`` moves, as random play can take thousands)."""
    spec = game_spec(name)
    states = []
    for number in range(games):
        for kind in (spec.helper_bot, "random"):
            state = spec.new_game(seed=derive_seed(17, name, number))
            bots = [
                spec.make_bot(kind, derive_seed(17, name, number, seat))
                if kind != "random"
                else RandomBot(derive_seed(17, name, number, seat))
                for seat in range(state.num_players)
            ]
            for step in range(cap):
                if state.is_over:
                    break
                if step % every == 0:
                    states.append(state.clone())
                seat = state.current_player
                bot = bots[seat]
                seen = state.observation(seat) if bot.needs_observation else None
                state.apply(bot.choose(seen, state.legal_actions()))
            states.append(state)
    return states


@pytest.mark.parametrize("name", NAMES)
def test_a_seats_page_is_the_same_whatever_the_cards_hidden_from_it(name):
    spec = game_spec(name)
    if not spec.hidden_information:
        pytest.skip(f"{spec.title} declares no hidden information")
    rng = random.Random(name)
    for state in _states_met_in_play(name):
        check_view_secrets(spec, state, rng)


@pytest.mark.parametrize("name", NAMES)
def test_every_seats_view_is_drawn_from_its_observation_alone(name):
    spec = game_spec(name)
    for state in _states_met_in_play(name):
        check_view_reads_only_the_observation(spec, state)


@pytest.mark.parametrize("name", NAMES)
def test_a_game_is_registered_under_the_name_its_spec_declares(name):
    # saves, codes and the renderer carry spec.name; loading them finds the game by it
    spec = game_spec(name)
    assert spec.name == name and spec.state.spec is spec
