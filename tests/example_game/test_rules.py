"""Peppered moths: each rule and ruling of ``rules.py``, one test a behaviour."""

from __future__ import annotations

import pytest

from evo_lessons import simulate
from evo_lessons.engine import IllegalAction
from example_game import GAME, NaturalistBot, Rest
from example_game.data import BARKS, DECK, MOTHS, load

PALE, SPECKLED, DARK = range(3)


def rest_all(state, moth: int) -> list:
    events = []
    for _ in range(state.num_players):
        events += state.apply(Rest(moth))
    return events


def test_rule_1_the_bark_deck_is_the_whole_deck_shuffled_by_the_seed():
    state = GAME.new_game(seed=5)
    assert sorted(state.bark_deck) == sorted(DECK)
    assert GAME.new_game(seed=5).bark_deck == state.bark_deck
    assert GAME.new_game(seed=6).bark_deck != state.bark_deck


def test_rule_2_seats_rest_a_moth_each_in_seat_order():
    state = GAME.new_game(seed=1, players=3)
    assert [state.current_player] == [0]
    state.apply(Rest(PALE))
    assert state.current_player == 1 and state.resting == [PALE, None, None]
    assert [str(a) for a in state.legal_actions()] == [
        "Rest a pale moth on the bark",
        "Rest a speckled moth on the bark",
        "Rest a dark moth on the bark",
    ]


def test_rule_3_the_moth_the_bark_hides_survives_and_the_others_are_eaten():
    state = GAME.new_game(seed=2, players=3)
    bark = state.bark_deck[-1]
    hidden = BARKS[bark].hides
    seen = (hidden + 1) % len(MOTHS)
    state.apply(Rest(hidden))
    state.apply(Rest(seen))
    events = state.apply(Rest(hidden))
    assert state.survivors == [1, 0, 1]
    assert state.turned == [bark] and state.round == 2 and state.current_player == 0
    assert any("eaten by a bird" in e.text and e.player == 1 for e in events)


def test_rule_4_the_most_survivors_after_the_last_round_wins():
    state = GAME.new_game(seed=3, players=2, rounds=1)
    hidden = BARKS[state.bark_deck[-1]].hides
    state.apply(Rest(hidden))
    state.apply(Rest((hidden + 1) % len(MOTHS)))
    assert state.is_over and state.winners == [0]


def test_r1_a_resting_moth_is_hidden_from_the_other_seats_until_the_bark_is_turned():
    state = GAME.new_game(seed=4, players=3)
    state.apply(Rest(DARK))
    assert state.observation(0)["my_moth"] == "dark"
    assert state.observation(1)["my_moth"] is None
    assert state.observation(1)["rested"] == [True, False, False]
    assert "dark" not in repr(state.observation(1)) and "dark" not in repr(state.metrics())


def test_r2_the_bark_turned_so_far_is_public():
    state = GAME.new_game(seed=5, players=2)
    rest_all(state, PALE)
    turned = BARKS[state.turned[0]].key
    assert state.observation(None)["bark_turned"] == [turned]
    assert state.observation(1)["bark_left"] == len(DECK) - 1


def test_r3_a_tie_shares_the_win():
    state = GAME.new_game(seed=6, players=3, rounds=2)
    rest_all(state, PALE)
    rest_all(state, PALE)
    assert state.winners == [0, 1, 2]


def test_r4_the_longest_game_turns_every_bark_card():
    state = GAME.new_game(seed=7, players=2, rounds=len(DECK))
    while not state.is_over:
        rest_all(state, SPECKLED)
    assert sorted(state.turned) == sorted(DECK) and state.bark_deck == []
    with pytest.raises(ValueError, match="rounds must be from 1 to 12"):
        GAME.new_game(rounds=len(DECK) + 1)


def test_an_unknown_moth_is_refused_and_changes_nothing():
    state = GAME.new_game(seed=8)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Rest a pale moth"):
        state.apply(Rest(len(MOTHS)))
    assert state.fingerprint() == before


def test_metrics_rows_hold_the_player_the_round_and_the_declared_metrics():
    state = GAME.new_game(seed=9, players=2)
    rest_all(state, DARK)
    rows = state.metrics()
    assert [set(row) for row in rows] == [{"round", "player", "survivors", "moth", "bark"}] * 2
    assert rows[0]["moth"] == "dark" and rows[0]["bark"] == state.turned[0] + 1


def test_the_naturalist_rests_the_moth_of_the_likeliest_bark():
    # at the start the deck holds most soot cards (data.toml): the dark moth hides on soot
    state = GAME.new_game(seed=10)
    bot = NaturalistBot(seed=1)
    assert bot.choose(state.observation(0), state.legal_actions()) == Rest(DARK)


def test_the_naturalist_wins_more_often_than_a_random_player():
    rows = simulate(GAME, 400, bots=["naturalist", "random"], seed=1, options={"players": 2})
    naturalist = sum(0 in row["winners"] for row in rows)
    random_player = sum(1 in row["winners"] for row in rows)
    assert naturalist > random_player + 40


def test_a_broken_data_file_is_refused_with_a_sentence():
    good = '[[moth]]\nkey = "pale"\nname = "pale"\n[[moth]]\nkey = "dark"\nname = "dark"\n'
    with pytest.raises(ValueError, match="hides 'green', not a moth"):
        load(good + '[[bark]]\nkey = "x"\nname = "x"\nhides = "green"\ncards = 2\n')
    with pytest.raises(ValueError, match="needs 'cards' as a int"):
        load(good + '[[bark]]\nkey = "x"\nname = "x"\nhides = "dark"\ncards = "2"\n')
