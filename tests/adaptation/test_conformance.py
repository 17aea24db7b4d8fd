"""The engine's conformance suite (check_game) on Adaptation, with every variant of the options."""

from __future__ import annotations

import json

import numpy
import pytest
from budget import games

from evo_lessons import available_games, game_spec, load_game
from evo_lessons.engine import IllegalAction
from evo_lessons.engine.testing import check_game
from evo_lessons.games import adaptation
from evo_lessons.games.adaptation import GAME
from evo_lessons.games.adaptation.rules import CHOOSE


def test_adaptation_passes_the_conformance_suite():
    options = [{}, {"players": 2}, {"players": 8}, {"players": 5, "tokens": 6}]
    checked = check_game(GAME, games=games(60, options), seed=5, options=options)
    assert checked > 3 * games(60, options)  # mid-game samples besides every final state


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


# -- forged actions: equal to a legal one, but not of its exact types ------------------------------


class _EqualToEveryWord:
    """Compares equal to any string and hashes like one, as a careless wrapper type might."""

    def __init__(self, word: str) -> None:
        self.word = word

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and other == self.word

    def __hash__(self) -> int:
        return hash(self.word)


class _Word(str):
    """A str subclass: equal to the plain word, but not a plain str."""


def _choosing(seed: int = 3) -> adaptation.AdaptationState:
    """A game in which the dealer is about to choose the challenge."""
    state = adaptation.new_game(players=4, seed=seed)
    state.apply(adaptation.KeepCard())
    assert state.phase == CHOOSE
    return state


def _forged_challenge(value: object) -> adaptation.ChooseChallenge:
    """``ChooseChallenge`` with any value in its field (the dataclass is frozen)."""
    forged = object.__new__(adaptation.ChooseChallenge)
    object.__setattr__(forged, "challenge", value)
    return forged


@pytest.mark.parametrize(
    "value",
    [
        numpy.str_("shape"),
        _Word("shape"),
        _EqualToEveryWord("shape"),
        1,  # the index of "shape"
        1.0,
        True,
        numpy.int64(1),
        None,
        ("shape",),
    ],
    ids=[
        "numpy-str",
        "str-subclass",
        "equal-object",
        "int",
        "float",
        "bool",
        "numpy-int",
        "none",
        "tuple",
    ],
)
def test_a_forged_challenge_is_refused_and_changes_nothing(value):
    state = _choosing()
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Choose the shape challenge"):
        state.apply(_forged_challenge(value))
    assert state.fingerprint() == before
    assert adaptation.load_json(state.to_json()) == state


def test_an_action_of_a_subclass_is_refused_and_changes_nothing():
    class SneakyKeep(adaptation.KeepCard):
        pass

    state = adaptation.new_game(players=3, seed=2)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(SneakyKeep())
    assert state.fingerprint() == before


def test_the_history_holds_the_games_own_action_objects():
    state = _choosing()
    legal = state.legal_actions()
    state.apply(adaptation.ChooseChallenge("colour"))
    assert any(state.history[-1] is own for own in legal)
    assert type(state.history[-1].challenge) is str


@pytest.mark.parametrize("value", [1, 1.0, True, None, ["shape"], "SHAPE"])
def test_a_save_with_a_forged_challenge_is_rejected(value):
    state = _choosing()
    data = json.loads(state.to_json())
    data["actions"].append({"type": "ChooseChallenge", "challenge": value})
    with pytest.raises(ValueError, match="save rejected: move 2"):
        adaptation.load_json(json.dumps(data))
