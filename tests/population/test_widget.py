"""PopulationWidget without a browser: every message from the page is checked; a forged one is
refused with a visible error and changes nothing; the real ones step, set and change."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.population import run
from evo_lessons.population.widget import PopulationWidget


def make(game="climate", **kwargs):
    return PopulationWidget(game, size=200, mutation_rate=0.01, seed=3, **kwargs)


def send(widget, content):
    widget._on_message(widget, content, [])


def fingerprint(widget):
    p = widget.population
    return (
        p.generation,
        p.counts.tobytes(),
        json.dumps(p.run),
        json.dumps(p.environment),
        p.rng.bit_generator.state["state"]["state"],
    )


FORGED = [
    "step",
    None,
    [1, 2],
    {"type": "step"},
    {"type": "step", "generations": 0},
    {"type": "step", "generations": 101},
    {"type": "step", "generations": True},
    {"type": "step", "generations": "5"},
    {"type": "step", "generations": 1, "extra": 1},
    {"type": "set", "name": "size", "value": 0},
    {"type": "set", "name": "size", "value": 10**7},
    {"type": "set", "name": "selection", "value": -1},
    {"type": "set", "name": "selection", "value": float("nan")},
    {"type": "set", "name": "mutation_rate", "value": "high"},
    {"type": "set", "name": "seed", "value": 4},
    {"type": "set", "name": "temperature", "value": 1},
    {"type": "environment", "choice": "hotter"},
    {"type": "environment", "choice": {"temperature": 1}},
    {"type": "reset", "seed": -3},
    {"type": "reset", "seed": 2**63},
    {"type": "teleport"},
]


@pytest.mark.parametrize("forged", FORGED)
def test_a_forged_message_is_refused_visibly_and_changes_nothing(forged):
    widget = make()
    before, view = fingerprint(widget), widget.view
    send(widget, forged)
    assert widget.error.startswith("Refused")
    assert fingerprint(widget) == before
    assert widget.view == view


MESSAGE = st.fixed_dictionaries(
    {"type": st.sampled_from(["step", "set", "environment", "reset", "act", ""])},
    optional={
        "generations": st.integers(-5, 500) | st.floats() | st.text(max_size=3) | st.none(),
        "name": st.sampled_from(["size", "selection", "growth", "x"]) | st.integers(),
        "value": st.integers(-10, 10**7) | st.floats() | st.none() | st.booleans(),
        "choice": st.text(max_size=8) | st.integers(),
        "seed": st.integers(-5, 2**64) | st.none() | st.text(max_size=3),
    },
)


@settings(max_examples=150, deadline=None, database=None)
@given(message=MESSAGE)
def test_any_message_is_either_carried_out_or_refused_without_a_change(message):
    widget = make()
    before = fingerprint(widget)
    send(widget, message)
    if widget.error:
        assert widget.error.startswith("Refused")
        assert fingerprint(widget) == before
    json.dumps(widget.view, allow_nan=False)


def test_step_breeds_generations_and_sends_only_their_rows():
    widget = make()
    send(widget, {"type": "step", "generations": 5})
    assert widget.error == ""
    assert widget.view["generation"] == 5
    plot = widget.view["plot"]
    assert plot["start"] == 1  # generation 0 went with the first view
    assert [row[0] for row in plot["rows"]] == [1, 2, 3, 4, 5]


def test_every_generation_reaches_the_page_once_in_order():
    widget = make()
    seen = list(widget.view["plot"]["rows"])
    for generations in (1, 7, 3):
        send(widget, {"type": "step", "generations": generations})
        assert widget.view["plot"]["start"] == len(seen)
        seen += widget.view["plot"]["rows"]
    result = widget.result()
    assert [row[0] for row in seen] == list(range(12))
    n = result.frequencies.shape[1]
    assert np.allclose([row[1 : 1 + n] for row in seen], result.frequencies, atol=1e-4)
    assert [row[-1] for row in seen] == list(result.sizes.sum(axis=1))


def test_a_change_without_new_generations_sends_no_rows():
    widget = make()
    widget.step(3)
    send(widget, {"type": "set", "name": "selection", "value": 2})
    assert widget.view["plot"]["rows"] == [] and widget.view["plot"]["start"] == 4


def test_a_new_run_starts_the_plots_again_in_a_new_epoch():
    widget = make()
    widget.step(4)
    epoch = widget.view["plot"]["epoch"]
    send(widget, {"type": "reset", "seed": 5})
    plot = widget.view["plot"]
    assert plot["epoch"] == epoch + 1 and plot["start"] == 0
    assert [row[0] for row in plot["rows"]] == [0]


def sent_messages(widget):
    sent: list[tuple[dict, list | None]] = []
    widget.send = lambda content, buffers=None: sent.append((content, buffers))
    return sent


def test_a_page_that_missed_rows_gets_the_run_so_far_thinned_to_end_at_the_newest():
    widget = make()
    for _ in range(9):
        widget.step(100)
    sent = sent_messages(widget)
    send(widget, {"type": "plot_history"})
    message, _ = sent[-1]
    assert message["type"] == "plot_history" and message["count"] == 901
    assert message["epoch"] == widget.view["plot"]["epoch"]
    x = [row[0] for row in message["rows"]]
    assert len(x) <= 257 and x[0] == 0 and x[-1] == 900
    assert x == sorted(set(x))
    assert len({b - a for a, b in itertools.pairwise(x[:-1])}) == 1  # evenly spread


def test_a_short_run_s_history_is_every_generation():
    widget = make()
    widget.step(12)
    sent = sent_messages(widget)
    send(widget, {"type": "plot_history"})
    assert [row[0] for row in sent[-1][0]["rows"]] == list(range(13))


def test_download_sends_the_plots_as_a_png_file():
    widget = make()
    widget.step(20)
    sent = sent_messages(widget)
    send(widget, {"type": "png"})
    message, buffers = sent[-1]
    assert widget.error == ""
    assert message == {"type": "png", "filename": "population_climate_seed3.png"}
    assert buffers[0][:8] == b"\x89PNG\r\n\x1a\n"


def test_an_extinct_run_still_downloads_as_a_png():
    widget = make(temperature=1)
    widget.set(mutation_rate=0, growth=1.2)
    for _ in range(10):
        widget.step(20)
    assert widget.view["extinct"]
    assert widget.plot_png()[:4] == b"\x89PNG"


def test_the_figure_has_a_panel_per_plot_with_every_line_labelled():
    widget = make("niche")
    widget.step(30)
    fig = widget.figure()
    shown = [ax for ax in fig.axes if ax.get_visible()]
    spec = widget.plot_spec["panels"]
    assert [ax.get_title(loc="left") for ax in shown] == [p["title"] for p in spec]
    for ax, panel in zip(shown, spec, strict=True):
        labels = [t.get_text() for t in ax.get_legend().get_texts()]
        assert labels == [line["label"] for line in panel["lines"]]


def test_a_climate_step_button_changes_the_habitat():
    widget = make()
    keys = [c["key"] for c in widget.view["choices"]]
    assert keys == ["warmer", "cooler"]
    send(widget, {"type": "environment", "choice": "cooler"})
    assert widget.error == ""
    assert "temperate forest" in widget.view["environment"]
    assert widget.population.environment["temperature"] == 2


@pytest.mark.parametrize(
    ("game", "choice", "text"),
    [
        ("adaptation", "shape", "challenge is shape"),
        ("niche", "cave", "environment is cave"),
        ("adapt_or_die", "1:dunes", "place 1 is desert dunes"),
    ],
)
def test_other_worlds_offer_a_new_challenge_or_environment(game, choice, text):
    widget = make(game)
    send(widget, {"type": "environment", "choice": choice})
    assert widget.error == ""
    assert text in widget.view["environment"]


def test_sliders_change_the_run_from_the_next_generation():
    widget = make()
    send(widget, {"type": "set", "name": "size", "value": 50})
    send(widget, {"type": "set", "name": "selection", "value": 0})
    assert widget.error == ""
    assert widget.view["controls"]["size"] == 50
    send(widget, {"type": "step", "generations": 1})
    assert widget.population.size == 50


def test_growth_on_lets_a_mismatched_population_go_extinct_and_stops_the_steps():
    widget = make(temperature=1)
    send(widget, {"type": "set", "name": "mutation_rate", "value": 0})
    send(widget, {"type": "set", "name": "growth", "value": 1.2})
    for _ in range(10):
        send(widget, {"type": "step", "generations": 20})
    assert widget.view["extinct"]
    assert "extinct" in widget.view["status"]
    json.dumps(widget.view, allow_nan=False)


def test_a_new_run_with_a_seed_starts_again_from_generation_zero():
    widget = make()
    send(widget, {"type": "step", "generations": 7})
    send(widget, {"type": "reset", "seed": 42})
    assert widget.view["generation"] == 0
    assert widget.view["seed"] == 42


def test_what_the_widget_showed_re_runs_from_its_settings():
    widget = make(cells=[29, 30], migration=0.1)
    send(widget, {"type": "step", "generations": 10})
    send(widget, {"type": "environment", "choice": "cooler"})
    send(widget, {"type": "set", "name": "selection", "value": 2.5})
    send(widget, {"type": "step", "generations": 10})
    replay = run(widget.settings)
    assert np.array_equal(replay.frequencies, widget.result().frequencies)


def test_the_table_and_the_description_give_the_numbers_in_words():
    widget = make()
    rows = widget.view["table"]["rows"]
    assert ["Body", "1 savannah", "100.0%"] in rows
    assert "Nobody chooses" in widget.view["description"]
    assert "Temperature 3 of 5" in widget.view["description"]


def test_an_extinct_generation_is_sent_as_no_value_not_as_nan():
    widget = make(temperature=1)
    widget.set(mutation_rate=0, growth=1.2)
    rows = []
    for _ in range(10):
        widget.step(20)
        rows += widget.view["plot"]["rows"]
    assert widget.view["extinct"]
    last = rows[-1]
    assert last[-1] == 0 and all(v is None for v in last[1:-1])
    json.dumps(rows, allow_nan=False)


def test_each_plot_names_its_rows_columns_and_reads_without_colour():
    widget = make("adapt_or_die")
    row = widget.view["plot"]["rows"][0]
    spec = widget.plot_spec
    assert spec["x_label"] == "generation"
    for panel in spec["panels"]:
        assert panel["alt"].startswith(panel["title"])
        assert panel["format"] in {"percent", "decimal", "whole"}
        for line in panel["lines"]:
            assert 1 <= line["column"] < len(row)
            assert line["label"] in panel["alt"]
        styles = [(line["dash"], line["marker"]) for line in panel["lines"]]
        assert len(set(styles)) == len(styles)  # lines differ in more than colour


def test_lines_carry_okabe_ito_colours_symbols_and_text_labels():
    spec = make().plot_spec
    lines = [line for panel in spec["panels"] for line in panel["lines"]]
    okabe_ito = {
        "#E69F00",
        "#0072B2",
        "#D55E00",
        "#CC79A7",
        "#56B4E9",
        "#000000",
        "#999999",
        "#009E73",
    }
    assert {line["colour"] for line in lines} <= okabe_ito
    assert all(line["symbol"] and line["label"] for line in lines)


def test_the_page_gets_a_result_code_of_the_run_that_the_class_notebook_re_runs():
    from evo_lessons.classroom import pool

    widget = PopulationWidget("adaptation", size=300, seed=4)
    widget.step(6)
    sent: list[dict] = []
    widget.send = sent.append
    widget._on_message(widget, {"type": "code", "name": "Ada"}, [])
    assert widget.error == "" and sent[0]["generation"] == 6
    pooled = pool([sent[0]["code"]])
    assert pooled.rejected.empty and pooled.games.empty  # a run is no game: its own table
    runs = pooled.populations
    assert list(runs["name"]) == ["Ada"] and list(runs["generations"]) == [6]


@pytest.mark.parametrize("name", ["", "   ", 7, None])
def test_a_result_code_needs_a_name(name):
    widget = PopulationWidget("climate", size=100, seed=1)
    sent: list[dict] = []
    widget.send = sent.append
    widget._on_message(widget, {"type": "code", "name": name}, [])
    assert widget.error.startswith("Refused") and not sent
