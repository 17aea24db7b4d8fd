"""Nothing hidden reaches the page mid-game: the code button and a bot seat turned human."""

from __future__ import annotations

import dataclasses

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.widgets import GameWidget
from evo_lessons.widgets.game_widget import CODE_WITHHELD

HIDDEN = [name for name in GAMES if game_spec(name).hidden_information]


def send(widget, content):
    widget._on_message(widget, content, [])


def record(widget) -> list:
    sent = []
    widget.send = lambda content, buffers=None: sent.append(content)
    return sent


def two_players(name: str, **kwargs) -> GameWidget:
    spec = game_spec(name)
    return GameWidget(name, seed=4242, players=max(2, spec.min_players), plot=False, **kwargs)


@pytest.mark.parametrize("name", HIDDEN)
def test_the_code_button_is_withheld_mid_game_with_hidden_cards(name):
    w = two_players(name)
    assert w.view["code"] == {"ready": False, "note": CODE_WITHHELD}
    sent = record(w)
    send(w, {"type": "code"})
    assert w.error == CODE_WITHHELD
    assert not [m for m in sent if m.get("type") == "code"]


@pytest.mark.parametrize("name", HIDDEN)
def test_the_code_button_gives_the_code_once_the_game_is_over(name):
    w = two_players(name)
    w.play_to_end()
    assert w.view["code"]["ready"]
    sent = record(w)
    send(w, {"type": "code"})
    assert w.error == "" and sent[-1]["code"].startswith("EVO1-")


@pytest.mark.parametrize("name", HIDDEN)
def test_a_teachers_widget_always_gives_the_code(name):
    w = two_players(name, teacher=True)
    assert w.view["code"]["ready"] and w.view["seed"] == 4242
    sent = record(w)
    send(w, {"type": "code"})
    assert w.error == "" and sent[-1]["code"].startswith("EVO1-")


def test_a_game_that_hides_nothing_gives_its_code_at_any_time(monkeypatch):
    climate = game_spec("climate")
    # a spec declares itself on its state class: put Climate's own back after this test
    monkeypatch.setattr(climate.state, "spec", climate)
    spec = dataclasses.replace(climate, hidden_information=False)
    w = GameWidget(spec, seed=5, players=2, plot=False)
    assert w.view["code"]["ready"] and w.view["seed"] == 5
    sent = record(w)
    send(w, {"type": "code"})
    assert w.error == "" and sent[-1]["code"].startswith("EVO1-")


def _to_seat_turn(widget, seat: int) -> bool:
    """Step until ``seat`` is to move (or the game ends); True if it is."""
    for _ in range(400):
        if widget.state.is_over:
            return False
        if widget.state.current_player == seat:
            return True
        widget.step()
    return False


@pytest.mark.parametrize("name", HIDDEN)
def test_a_bot_seat_turned_human_mid_game_never_shows_its_hand(name):
    w = two_players(name)
    send(w, {"type": "seat", "seat": 1, "kind": "human"})
    assert w.error == ""
    if not _to_seat_turn(w, 1):
        pytest.skip("the game ended before seat 1 moved")  # pragma: no cover
    spec = game_spec(name)
    public = spec.view.view_model(w.state.observation(None))
    assert w.view["covered"] and w.view["cover"]["reveal"] is False
    assert w.view["board"] == public and w.view["actions"] == []
    send(w, {"type": "reveal"})  # "Show my hand" does not lift this cover
    assert w.view["covered"] and w.view["board"] == public
    send(w, {"type": "act", "index": 0})
    assert "hidden until the next game" in w.error


@pytest.mark.parametrize("name", HIDDEN)
def test_a_covered_seat_can_still_be_moved_by_the_helper(name):
    w = two_players(name)
    send(w, {"type": "seat", "seat": 1, "kind": "human"})
    if not _to_seat_turn(w, 1):
        pytest.skip("the game ended before seat 1 moved")  # pragma: no cover
    position = w.session.position
    send(w, {"type": "step"})
    assert w.error == "" and w.session.position > position


@pytest.mark.parametrize("name", HIDDEN)
def test_after_a_new_game_the_seat_turned_human_plays_its_own_hand(name):
    w = two_players(name)
    send(w, {"type": "seat", "seat": 1, "kind": "human"})
    w.new_game(seed=7)
    if not _to_seat_turn(w, 1):
        pytest.skip("the game ended before seat 1 moved")  # pragma: no cover
    send(w, {"type": "reveal"})  # hot seat: two people at one screen
    assert not w.view["covered"] and w.view["actions"]


@pytest.mark.parametrize("name", HIDDEN)
def test_hot_seat_still_covers_and_reveals(name):
    spec = game_spec(name)
    players = max(2, spec.min_players)
    w = GameWidget(name, seed=3, players=players, seats=["human"] * players, plot=False)
    assert w.view["covered"] and w.view["cover"]["reveal"] is True
    send(w, {"type": "reveal"})
    assert not w.view["covered"] and w.view["actions"]


@pytest.mark.parametrize("seed", [True, -1, 2**63, 1.5, "7", None])
def test_new_game_refuses_a_seed_outside_the_seed_rule(seed):
    w = two_players("climate")
    before = w.session.seed
    if seed is None:
        send(w, {"type": "new_game", "seed": None})  # empty box: a random seed
        assert w.error == ""
        return
    send(w, {"type": "new_game", "seed": seed})
    assert w.error.startswith("A seed is a whole number") and w.session.seed == before


def test_the_largest_seed_is_accepted():
    w = two_players("climate")
    send(w, {"type": "new_game", "seed": 2**63 - 1})
    assert w.error == "" and w.session.seed == 2**63 - 1
