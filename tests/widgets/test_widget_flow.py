"""The widget's flow, for every game: bots play on, scenarios stand still, secrets stay secret.

Each test runs over every registered game through its spec, so a new game gets them for free.
"""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.widgets import GameWidget

GAME_NAMES = list(GAMES)


def send(widget, content):
    widget._on_message(widget, content, [])


def one_person(name: str, seed: int = 5, **kwargs) -> GameWidget:
    spec = game_spec(name)
    players = spec.min_players + (1 if spec.max_players > spec.min_players else 0)
    return GameWidget(name, seed=seed, plot=False, players=players, **kwargs)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_after_step_on_your_own_turn_the_bots_play_on_to_your_next_turn(name):
    widget = one_person(name)
    assert widget.view["human_turn"]
    widget.step()  # the helper bot moves for the person; then the bots answer
    assert widget.state.is_over or widget.session.is_human_turn()
    assert "press Step" not in widget.view["status"] or widget.state.is_over


@pytest.mark.parametrize("name", GAME_NAMES)
def test_after_a_timeline_move_a_step_lets_the_bots_play_on(name):
    widget = one_person(name)
    for _ in range(30):
        if widget.state.is_over or any(
            widget.session.seats[a] != "human" for a in widget.session.actors
        ):
            break
        widget.step()
    bot_positions = [
        i for i, actor in enumerate(widget.session.actors) if widget.session.seats[actor] != "human"
    ]
    if not bot_positions:
        pytest.skip("no bot has moved in this short game")  # pragma: no cover
    widget.seek(bot_positions[0])
    assert not widget.session.is_human_turn()
    assert "moves next" in widget.view["status"]
    widget.step()
    assert widget.state.is_over or widget.session.is_human_turn()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_scenario_saved_while_a_bot_is_to_move_reloads_at_exactly_that_move(name):
    widget = one_person(name, teacher=True)  # mid-game codes are the teacher's
    bot_positions: list[int] = []
    while not bot_positions and not widget.state.is_over:  # a turn may take several decisions
        widget.step()
        bot_positions = [
            i for i, a in enumerate(widget.session.actors) if widget.session.seats[a] != "human"
        ]
    widget.seek(bot_positions[0])
    code = widget.scenario_code()
    again = GameWidget.from_scenario(code, plot=False)
    assert again.session.position == bot_positions[0]
    assert again.state == widget.state
    assert again.session.seats == widget.session.seats
    send(again, {"type": "load_code", "code": code})
    assert again.error == "" and again.session.position == bot_positions[0]


def test_from_scenario_reads_a_file_named_by_a_plain_string(tmp_path):
    widget = one_person("climate")
    widget.step()
    path = tmp_path / "start.json"
    widget.save_scenario(path)
    again = GameWidget.from_scenario(str(path), plot=False)
    assert again.state == widget.state
    with pytest.raises(ValueError, match="no file"):
        GameWidget.from_scenario(str(tmp_path / "missing.json"))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_history_and_csv_number_players_from_one_like_the_widget(name):
    widget = one_person(name)
    widget.step()
    players = sorted(set(widget.history()["player"]))
    assert players == list(range(1, widget.state.num_players + 1))
    assert widget.view["seats"][0]["name"] == "Player 1"
    header, first = widget.to_csv().splitlines()[:2]
    assert first.split(",")[header.split(",").index("player")] == "1"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_seed_is_shown_only_once_a_game_with_secrets_is_over(name):
    widget = one_person(name, seed=987_654_321)
    hidden = game_spec(name).hidden_information
    assert (widget.view["seed"] is None) == hidden
    sent = json.dumps({k: v for k, v in widget.view.items() if k != "seed"})
    assert "987654321" not in sent
    widget.play_to_end()
    assert widget.view["seed"] == widget.session.seed


@pytest.mark.parametrize("name", GAME_NAMES)
def test_game_over_is_announced_once_in_the_status_and_the_log_ends_with_the_end(name):
    widget = one_person(name)
    widget.play_to_end()
    assert widget.view["status"].startswith("Game over")
    assert widget.view["log"][-1]["step"] == widget.session.position


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_log_starts_with_the_setup_of_the_table(name):
    widget = GameWidget(
        name,
        seed=2,
        plot=False,
        seats=["random"] * game_spec(name).min_players,
        players=game_spec(name).min_players,
    )
    setup = widget.state.setup_events
    assert [text for step, text in widget.session.log[: len(setup)]] == [e.text for e in setup]


def _deep_code(depth: int) -> str:
    raw = b"[" * depth
    return "EVO1-" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def forged_messages(rng: random.Random, count: int):
    """Messages a page (or someone typing in the console) could send."""
    kinds = [
        "act",
        "step",
        "play",
        "undo",
        "new_game",
        "seek",
        "reveal",
        "seat",
        "load_code",
        "csv",
        "code",
        "teleport",
        "",
        None,
        7,
    ]
    odd = [
        None,
        True,
        False,
        -1,
        10**30,
        1.5,
        "0",
        "x" * 5000,
        [],
        {},
        [[[]]],
        float("nan"),
        "EVO1-",
        _deep_code(150_000),
        "[" * 5000,
        "{" * 3000,
    ]
    yield from ([], "act", None, 12, {"type": ["act"]}, {"type": "act", "index": 0, "x": 1})
    for _ in range(count):
        message = {"type": rng.choice(kinds)}
        for field in rng.sample(
            ["index", "seed", "position", "seat", "kind", "code"], rng.randrange(3)
        ):
            message[field] = rng.choice(odd)
        yield message


@pytest.mark.parametrize("name", GAME_NAMES)
def test_forged_widget_messages_show_an_error_and_change_nothing(name):
    widget = one_person(name)
    rng = random.Random(name)
    for message in forged_messages(rng, 300):
        before = (
            widget.state.fingerprint(),
            widget.session.position,
            widget.session.seed,
            list(widget.session.seats),
        )
        send(widget, message)
        after = (
            widget.state.fingerprint(),
            widget.session.position,
            widget.session.seed,
            list(widget.session.seats),
        )
        if widget.error:
            assert after == before, f"{message!r} was refused but changed the game"
            assert "Traceback" not in widget.error
