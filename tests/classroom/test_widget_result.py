"""The game widget's result code: shown under a finished game with the student's name."""

from __future__ import annotations

import pytest

from evo_lessons.classroom import pool
from evo_lessons.widgets import GameWidget


def finished(**kwargs) -> GameWidget:
    widget = GameWidget("adaptation", seed=3, players=3, plot=False, **kwargs)
    widget.play_to_end()
    return widget


def send(widget: GameWidget, message: dict) -> None:
    widget._on_message(widget, message, [])


def test_a_finished_game_asks_for_a_name_before_it_shows_a_code():
    widget = finished()
    assert widget.view["result"] == {
        "name": "",
        "code": "",
        "note": "Type your name to get your result code.",
    }


def test_a_name_typed_under_the_finished_game_gives_the_code_that_pools():
    widget = finished()
    send(widget, {"type": "name", "name": "  Ada   Lovelace "})
    shown = widget.view["result"]
    assert widget.error == "" and shown["name"] == "Ada Lovelace"
    assert shown["code"] == widget.result_code() and shown["code"].startswith("EVR2-")
    results = pool(shown["code"])
    # played to the end by the helper: genuine (not refused) but not the student's own result
    assert results.rejected.empty and results.apart["name"].tolist() == ["Ada Lovelace"]
    assert results.apart["problem"].iloc[0] in ("helped", "unrecorded")


def test_result_code_in_python_takes_a_name_and_shows_it():
    widget = finished()
    code = widget.result_code("Ben")
    assert widget.view["result"]["code"] == code and widget.view["result"]["name"] == "Ben"


def test_no_result_code_before_the_game_is_finished():
    widget = GameWidget("adaptation", seed=3, players=3, plot=False)
    assert widget.view["result"] is None
    with pytest.raises(ValueError, match="finished"):
        widget.result_code("Ada")


@pytest.mark.parametrize(
    "message",
    [
        {"type": "name", "name": 5},
        {"type": "name", "name": "A" * 61},
        {"type": "name", "name": "Ada\u0007"},
        {"type": "name"},
        {"type": "name", "name": "Ada", "extra": 1},
    ],
    ids=["not-text", "too-long", "control-character", "missing", "extra-field"],
)
def test_a_forged_name_message_is_refused_and_changes_nothing(message):
    widget = finished()
    send(widget, {"type": "name", "name": "Ada"})
    before = widget.view["result"]
    send(widget, message)
    assert widget.error and widget.view["result"] == before
