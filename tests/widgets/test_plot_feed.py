"""The live plot's numbers: each metric row goes to the page once, as numbers, per timeline."""

from __future__ import annotations

import json
import math

import pytest

from evo_lessons import GAMES, game_spec
from evo_lessons.widgets import GameWidget
from evo_lessons.widgets.plots import PlotFeed


def bots(name: str = "climate", **kwargs) -> GameWidget:
    spec = game_spec(name)
    players = spec.min_players
    return GameWidget(name, seed=8, seats=[spec.helper_bot] * players, players=players, **kwargs)


def send(widget, content):
    widget._on_message(widget, content, [])


def test_a_step_sends_only_the_rows_it_recorded():
    w = bots()
    first = w.view["plot"]
    assert first["start"] == 0 and len(first["rows"]) == len(w.session.rows)
    before = len(w.session.rows)
    w.step()
    delta = w.view["plot"]
    assert delta["epoch"] == first["epoch"]
    assert delta["start"] == before
    assert len(delta["rows"]) == len(w.session.rows) - before


def test_the_rows_sent_add_up_to_the_whole_history():
    w = bots()
    received = list(w.view["plot"]["rows"])
    for _ in range(12):
        w.step()
        delta = w.view["plot"]
        assert delta["start"] == len(received)
        received += delta["rows"]
    feed = PlotFeed(w.session.spec, w.state.num_players)
    assert received == [feed._encode(r) for r in w.session.rows]


def test_rows_are_numbers_in_the_declared_column_order():
    w = bots()
    w.step()
    columns = w.plot_spec["columns"]
    assert columns[:2] == [w.session.spec.x_axis, "player"]
    last = w.session.rows[-1]
    assert w.view["plot"]["rows"][-1] == [last[c] for c in columns]


def test_a_rewind_starts_a_new_epoch_from_row_zero():
    w = bots()
    for _ in range(5):
        w.step()
    epoch = w.view["plot"]["epoch"]
    w.seek(2)
    delta = w.view["plot"]
    assert delta["epoch"] == epoch + 1 and delta["start"] == 0
    assert len(delta["rows"]) == len(w.session.rows)


def test_a_new_game_starts_a_new_epoch():
    w = bots()
    w.step()
    epoch = w.view["plot"]["epoch"]
    w.new_game(seed=9)
    assert w.view["plot"]["epoch"] == epoch + 1 and w.view["plot"]["start"] == 0


def test_a_redraw_without_a_move_sends_no_rows():
    w = bots()
    w.step()
    count = len(w.session.rows)
    send(w, {"type": "act", "index": 10**6})  # refused: the page is redrawn, nothing moved
    assert w.error
    assert w.view["plot"] == {"epoch": w.view["plot"]["epoch"], "start": count, "rows": []}


def test_a_page_that_missed_rows_gets_the_whole_history():
    w = bots()
    for _ in range(4):
        w.step()
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    send(w, {"type": "plot_history"})
    assert sent[-1]["type"] == "plot_history"
    assert sent[-1]["epoch"] == w.view["plot"]["epoch"]
    assert len(sent[-1]["rows"]) == len(w.session.rows)


def test_no_plot_mode_sends_no_plot_numbers():
    w = bots(plot=False)
    w.step()
    assert w.view["plot"] is None


def test_not_a_number_is_sent_as_null_never_as_nan():
    feed = PlotFeed(game_spec("niche"), 2)
    row = {"turn": 1, "player": 0, "match": math.nan, "environments_completed": math.inf}
    encoded = feed._encode(row)
    json.dumps(encoded, allow_nan=False)  # the comm refuses NaN
    assert encoded[2] is None and encoded[3] is None


@pytest.mark.parametrize("name", list(GAMES))
def test_every_panel_names_a_column_of_the_rows(name):
    feed = PlotFeed(game_spec(name), 2)
    for panel in feed.spec["panels"]:
        assert feed.columns[panel["column"]] in {p.metric for p in game_spec(name).view.panels}
    assert len(feed.spec["series"]) == 2 and feed.spec["alt"].startswith("Live plot")


def test_the_png_button_sends_a_matplotlib_figure():
    w = bots()
    w.step()
    sent = []
    w.send = lambda content, buffers=None: sent.append((content, buffers))
    send(w, {"type": "png"})
    content, buffers = sent[-1]
    assert content["type"] == "png" and content["filename"].endswith(".png")
    assert buffers[0].startswith(b"\x89PNG")


def test_the_png_file_name_holds_no_seed_while_cards_are_hidden():
    w = GameWidget("niche", seed=4242, plot=True)
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)
    send(w, {"type": "png"})
    assert "4242" not in sent[-1]["filename"]


def test_a_loaded_scenario_starts_a_new_epoch_even_with_the_same_plot():
    w = bots()
    for _ in range(3):
        w.step()
    other = bots(teacher=True)
    code = other.scenario_code()
    epoch = w.view["plot"]["epoch"]
    send(w, {"type": "load_code", "code": code})
    assert w.error == ""
    assert w.view["plot"]["epoch"] > epoch and w.view["plot"]["start"] == 0
