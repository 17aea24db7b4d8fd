"""Phylo bots: legal choices from the observation alone, and the behaviour each one promises."""

from __future__ import annotations

import json

import pytest

from evo_lessons.engine import play_game
from evo_lessons.games.phylo import BOTS, AttackerBot, BuilderBot, new_game
from evo_lessons.games.phylo.rules import PlayEvent, PlaySpecies

from .helpers import at_risk, table


class Spy:
    """Wraps a bot: checks it is handed exactly its seat's observation, nothing more."""

    def __init__(self, bot, ref):
        self.bot, self.ref = bot, ref
        self.name, self.needs_observation = bot.name, True

    def choose(self, observation, legal):
        state = self.ref[0]
        assert observation == state.observation(state.current_player)
        assert "hand" in observation and observation["seat"] == state.current_player
        other = 1 - observation["seat"]
        text = json.dumps(observation)
        assert '"decks": [' not in text  # deck orders never appear
        assert observation["hand_sizes"][other] == len(state.hands[other])
        choice = self.bot.choose(observation, legal)
        assert choice in legal
        return choice


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_whole_games_from_its_observation(name):
    for seed in range(4):
        state = new_game(seed=seed, realism=seed % 2 == 1)
        ref = [state]
        play_game(state, [Spy(BOTS[name](seed=seed + k), ref) for k in range(2)])
        assert state.is_over


def test_bots_build_decks_in_the_deck_builder_variant():
    state = new_game(seed=3, decks="build")
    play_game(state, [BuilderBot(seed=1), AttackerBot(seed=2)])
    assert state.is_over


def test_the_builder_beats_the_random_bot():
    wins = 0
    for seed in range(40):
        state = new_game(seed=seed)
        play_game(state, [BuilderBot(seed=seed), BOTS["random"](seed=seed)])
        wins += 0 in state.winners
    assert wins >= 30


def test_the_builder_prefers_the_space_with_more_links():
    # the horse fits at B3 (beside the plum only) or at C3... choose the one with two foods
    state = table(
        hands=(["horse"], []),
        placed=[("indian_plum", 0, "B2"), ("valley_oak", 0, "C3"), ("indian_plum", 0, "B4")],
    )
    choice = BuilderBot(seed=0).choose(state.observation(0), state.legal_actions())
    assert isinstance(choice, PlaySpecies) and (choice.row, choice.column) == (2, 1)  # B3


def test_the_builder_rescues_a_card_at_risk_first():
    state = table(
        hands=(["dandelion"], []),
        placed=[("horse", 0, "B1"), ("valley_oak", 0, "C4")],
    )
    assert at_risk(state) == {"horse"}
    choice = BuilderBot(seed=0).choose(state.observation(0), state.legal_actions())
    state.apply(choice)  # moving the horse or feeding it where it stands: either saves it
    assert at_risk(state) == set()


def test_the_builder_does_not_burn_its_own_plants():
    state = table(hands=(["wildfire"], []), placed=[("valley_oak", 0, "C4")])
    choice = BuilderBot(seed=0).choose(state.observation(0), state.legal_actions())
    assert not isinstance(choice, PlayEvent)


def test_the_attacker_aims_at_the_single_point_of_failure():
    # two opposing plants; one feeds two animals, the other none: burn the one they all need
    state = table(
        hands=(["wildfire"], []),
        placed=[
            ("indian_plum", 1, "B2"),
            ("horse", 1, "B1"),
            ("white_tailed_deer", 1, "A2"),
            ("sunflower", 1, "G6"),
        ],
    )
    choice = AttackerBot(seed=0).choose(state.observation(0), state.legal_actions())
    assert str(choice) == "Play Wildfire on Indian plum at B2"


def test_the_attacker_plays_more_events_than_the_builder():
    counts = {}
    for bot in (BuilderBot, AttackerBot):
        events = 0
        for seed in range(15):
            state = new_game(seed=seed)
            play_game(state, [bot(seed=seed), bot(seed=seed + 1)])
            events += sum(isinstance(a, PlayEvent) for a in state.history)
        counts[bot.name] = events
    assert counts["attacker"] >= counts["builder"]
