"""The observation as a declared type (issue 37): the shared turn sentence, a bot's own seat,
and the run-time check of a game's declared keys."""

# (no `from __future__ import annotations`: the TypedDicts below need evaluated annotations)

from typing import NotRequired, TypedDict

import pytest

from evo_lessons.engine import Observation, own_seat, turn_sentence
from evo_lessons.engine.observation import ENVELOPE, declared_keys


def _obs(winners=(), current=None, seat=0) -> Observation:
    return {
        "game": "g",
        "seat": seat,
        "players": 3,
        "current_player": current,
        "winners": list(winners),
        "options": {},
    }


def test_the_turn_sentence_names_whose_turn_it_is_in_the_games_words():
    assert turn_sentence(_obs(current=1)) == "Player 2 is to act."
    assert turn_sentence(_obs(current=0), "rest a moth") == "Player 1 is to rest a moth."


def test_the_turn_sentence_names_the_winners_once_the_game_is_over():
    assert turn_sentence(_obs(winners=[1])) == "Game over: Player 2 wins."
    assert turn_sentence(_obs(winners=[0, 2])) == (
        "Game over: Player 1 and Player 3 share the win."
    )
    assert turn_sentence(_obs()) is None  # over, and nobody won: the game says it its own way


def test_a_game_with_roles_names_its_seats_its_own_way():
    roles = ("The host", "The parasite").__getitem__
    assert turn_sentence(_obs(current=1), name=roles) == "The parasite is to act."
    assert turn_sentence(_obs(winners=[0]), name=roles) == "Game over: The host wins."


def test_a_bot_plays_the_seat_of_its_observation_never_the_public_view():
    assert own_seat(_obs(seat=2)) == 2
    with pytest.raises(ValueError, match="own seat"):
        own_seat(_obs(seat=None))


class _Seen(TypedDict):
    hand: NotRequired[list[int]]
    round: int


class _Full(Observation, _Seen):
    pass


def test_declared_keys_are_the_envelope_and_the_games_own_with_optional_ones_apart():
    required, allowed = declared_keys(_Full)
    assert required == {*ENVELOPE, "round"}
    assert allowed == required | {"hand"}
    with pytest.raises(TypeError, match="not a TypedDict"):
        declared_keys(dict)
