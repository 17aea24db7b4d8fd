"""A counted game through the widget's own page messages, against the real class service.

The widget is driven exactly as the page drives it (``msg:custom`` contents such as
``{"type": "act", "index": 0}``); the service deals, holds the state and records the result.
For every game (each hides something): nothing the kernel receives or the page is sent (every
payload, every widget trait) holds the seed, and dealing every card the student's seat may not
see anew changes nothing of it.
"""

from __future__ import annotations

import copy
import json
import random
import re
import types

import pytest
from service.helpers import Running, call

from evo_lessons import GAMES, game_spec
from evo_lessons.live import join_class
from evo_lessons.live.client import ServiceClient
from evo_lessons.live.served import (
    NO_PLAY_TO_END,
    NOT_IN_A_COUNTED_GAME,
    ServedGame,
    ServedSession,
    checked_payload,
)
from evo_lessons.service.games import GameHost
from evo_lessons.widgets import GameWidget

HIDDEN = [name for name in GAMES if game_spec(name).hidden_information]
#: moves clicked by the student before the helper plays the rest (long games end sooner)
CLICKS = 12


def send(widget, content) -> None:
    widget._on_message(widget, content, [])


class Recorded:
    """Every answer the kernel's client receives from the service, as it received it."""

    def __init__(self, monkeypatch) -> None:
        self.answers: list[dict] = []
        real = ServiceClient.call

        def spy(client, *args, **kwargs):
            answer = real(client, *args, **kwargs)
            self.answers.append(copy.deepcopy(answer))
            return answer

        monkeypatch.setattr(ServiceClient, "call", spy)


def seat_of(live, tmp_path, name="Ada"):
    return join_class(live.url, live.join_code, name, work_dir=tmp_path)


def summary(live) -> dict:
    status, answer = call(live.url, "GET", "/api/summary", token=live.teacher)
    assert status == 200, answer
    return answer


def play_by_page(widget, checks=lambda: None, clicks: int = CLICKS) -> None:
    """The student clicks the first choice a few times, then Step (the helper) to the end."""
    moves = 0
    while not widget.state.is_over:
        before = widget.session.move
        if moves < clicks and widget.view["actions"]:
            send(widget, {"type": "act", "index": widget.view["actions"][0]["index"]})
        else:
            send(widget, {"type": "step"})
        assert widget.error == "", widget.error
        assert widget.session.move > before or widget.state.is_over
        moves += 1
        checks()


def test_a_counted_game_played_by_clicks_is_counted_by_the_class(live, tmp_path):
    seat = seat_of(live, tmp_path)
    widget = seat.game("climate", players=2)
    assert isinstance(widget, GameWidget) and widget.view["served"]
    play_by_page(widget, clicks=10_000)  # every move the student's own
    assert widget.view["over"] and "Counted by your class." in widget.view["served"]["result"]
    assert widget.finished_count == 1 and widget.view["result"] is None
    answer = summary(live)
    assert answer["counted"] == 1
    assert seat.game("climate", players=2).session.id == widget.session.id  # one deal each


def test_the_helpers_moves_are_the_helpers_and_the_game_is_listed_apart(live, tmp_path):
    widget = seat_of(live, tmp_path).game("climate", players=2)
    play_by_page(widget, clicks=0)
    assert "listed apart" in widget.view["served"]["result"]
    assert summary(live)["counted"] == 0


@pytest.mark.parametrize(
    "message",
    [
        {"type": "undo"},
        {"type": "seek", "position": 0},
        {"type": "new_game", "seed": 7},
        {"type": "new_game", "seed": None},
        {"type": "seat", "seat": 1, "kind": "human"},
        {"type": "load_code", "code": "EVO1-abc"},
        {"type": "code"},
        {"type": "play"},
    ],
)
def test_undo_rewind_seats_new_game_and_codes_are_refused_in_a_counted_game(
    live, tmp_path, message
):
    widget = seat_of(live, tmp_path).game("phylo")
    send(widget, {"type": "act", "index": 0})
    move, view = widget.session.move, dict(widget.view)
    send(widget, message)
    assert widget.error in (str(NOT_IN_A_COUNTED_GAME), str(NO_PLAY_TO_END))
    assert widget.session.move == move and widget.view["board"] == view["board"]
    widget.session.refresh()  # the service holds the same game, at the same move
    assert widget.session.move == move


def test_a_stale_move_from_a_second_tab_changes_nothing_and_shows_the_game(live, tmp_path):
    seat = seat_of(live, tmp_path)
    first = seat.game("climate", players=2)
    second = seat.game("climate", players=2)  # the same game in another tab
    send(first, {"type": "act", "index": 0})
    assert first.error == ""
    send(second, {"type": "act", "index": 0})
    assert second.error and "not" in second.error
    assert second.session.move == first.session.move  # refreshed to where the game stands


def _serialized(widget) -> str:
    return json.dumps(widget.get_state(), default=str, sort_keys=True)


def _has_seed_key(value) -> bool:
    """A ``seed`` with a value anywhere (the page's ``strings``, its words, are not data: their
    "seed" is the label's template, "seed {seed}")."""
    if isinstance(value, dict):
        return any(
            (k == "seed" and v is not None) or (k != "strings" and _has_seed_key(v))
            for k, v in value.items()
        )
    if isinstance(value, list):
        return any(_has_seed_key(v) for v in value)
    return False


def _twin_payloads(live, payload: dict, rng: random.Random) -> tuple[dict, dict]:
    """The payload the service would send if every card the seat may not see were dealt anew:
    as this one (only what came after the client's version), and whole."""
    session = live.service.host._live[payload["id"]]
    twin = copy.copy(session)
    twin.state = session.state.shuffle_secrets(payload["seat"], rng)
    twin.state._legal = None  # worked out from the twin's own secrets
    served = types.SimpleNamespace(id=payload["id"], seat=payload["seat"])
    since = payload.get("metrics_since")
    return GameHost.payload(served, twin, None, since), GameHost.payload(served, twin, None)


class _Offline:
    def call(self, *args, **kwargs):
        raise AssertionError("a twin widget makes no request")


@pytest.mark.parametrize("name", HIDDEN)
def test_no_payload_or_widget_trait_holds_the_seed_or_another_seats_secrets(
    live, tmp_path, monkeypatch, name
):
    recorded = Recorded(monkeypatch)
    widget = seat_of(live, tmp_path).game(name)
    session = live.service.host._live[widget.session.id]
    seed = re.compile(rf"(?<![0-9.]){session.seed}(?![0-9])")
    rng = random.Random(7)

    def checks() -> None:
        traits = _serialized(widget)
        assert not _has_seed_key(json.loads(traits)) and not seed.search(traits)
        payload = recorded.answers[-1]
        assert not _has_seed_key(payload) and not seed.search(json.dumps(payload))
        if widget.state.is_over:
            return
        twin, whole = _twin_payloads(live, payload, rng)
        kept, twin_kept = checked_payload(payload, name), checked_payload(twin, name)
        assert twin_kept == kept, "dealing the hidden cards anew changed what the kernel keeps"
        # the kernel merged the answers since its version: it shows what a whole payload shows
        whole_kept = checked_payload(whole, name)
        twin_widget = ServedGame(ServedSession(_Offline(), whole_kept), plot=False)
        mine = {k: v for k, v in widget.view.items() if k != "plot"}
        assert {k: v for k, v in twin_widget.view.items() if k != "plot"} == mine

    checks()
    play_by_page(widget, checks)
    assert len(recorded.answers) > 2


def test_a_pause_mid_game_refuses_the_click_with_the_services_sentence(live, tmp_path):
    widget = seat_of(live, tmp_path).game("climate", players=2)
    move = widget.session.move
    status, _ = call(live.url, "POST", "/api/pause", {"paused": True}, live.teacher)
    assert status == 200
    send(widget, {"type": "act", "index": 0})
    assert "paused" in widget.error and widget.session.move == move
    send(widget, {"type": "step"})  # the helper waits too
    assert "paused" in widget.error and widget.session.move == move
    call(live.url, "POST", "/api/pause", {"paused": False}, live.teacher)
    send(widget, {"type": "act", "index": 0})
    assert widget.error == "" and widget.session.move > move


def test_the_plot_and_its_history_download_as_in_a_local_game(live, tmp_path):
    widget = seat_of(live, tmp_path).game("climate", players=2)
    send(widget, {"type": "act", "index": 0})
    sent = []
    widget.send = lambda content, buffers=None: sent.append((content, buffers))
    send(widget, {"type": "csv"})
    send(widget, {"type": "png"})
    assert widget.error == ""
    csv, png = sent[0][0], sent[1]
    assert csv["filename"] == "climate_history.csv" and csv["text"].startswith("step,")
    assert png[1][0].startswith(b"\x89PNG")


def test_no_new_counted_game_is_dealt_while_the_class_is_paused(live, tmp_path):
    seat = seat_of(live, tmp_path)
    call(live.url, "POST", "/api/pause", {"paused": True}, live.teacher)
    with pytest.raises(ValueError, match="paused"):
        seat.game("climate", players=2)


def test_a_click_while_the_class_is_down_changes_nothing_and_works_once_it_is_back(tmp_path):
    from evo_lessons.live.served import MOVE_NOT_SENT

    from .live_helpers import restart

    data = tmp_path / "class"
    live = Running(data)
    widget = seat_of(live, tmp_path).game("climate", players=2)
    send(widget, {"type": "act", "index": 0})
    move, port = widget.session.move, int(live.url.rsplit(":", 1)[1])
    live.stop()
    send(widget, {"type": "act", "index": 0})
    assert widget.error == str(MOVE_NOT_SENT) and widget.session.move == move
    live = restart(data, port)  # the teacher starts the service again: the game is rebuilt
    try:
        send(widget, {"type": "act", "index": 0})
        assert widget.error == "" and widget.session.move > move
    finally:
        live.stop()
