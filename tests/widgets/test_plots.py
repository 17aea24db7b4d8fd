"""Live plots are functions of rows and a game's declared panels: testable without a display."""

from __future__ import annotations

from types import SimpleNamespace

from evo_lessons.engine import Panel
from evo_lessons.widgets.plots import LivePlot, metric_figure

PANELS = (
    Panel("x", "x", ylim=(0, 10)),
    Panel("t", "shared", shared=True, ylim=(0, 6)),
)


def spec(panels=PANELS, markers_key=None):
    """Just the parts of a GameSpec that plots read."""
    view = SimpleNamespace(panels=panels, markers_key=markers_key, x_label="turn")
    return SimpleNamespace(view=view, x_axis="turn")


def rows(turns: int, players: int = 2):
    return [
        {"turn": t, "player": p, "x": t + p, "t": 3 + (t > 5)}
        for t in range(turns)
        for p in range(players)
    ]


def test_update_sets_one_line_per_player_and_one_shared_line():
    plot = LivePlot(spec(markers_key="t"), 2)
    plot.update(rows(8))
    assert [len(lines) for lines in plot.lines] == [2, 1]
    assert list(plot.lines[0][1].get_ydata()) == [t + 1 for t in range(8)]


def test_png_frames_are_png_and_change_with_the_data():
    plot = LivePlot(spec(), 2)
    plot.update(rows(3))
    first = plot.png()
    plot.update(rows(9))
    second = plot.png()
    assert first.startswith(b"\x89PNG") and second.startswith(b"\x89PNG") and first != second


def test_x_range_doubles_instead_of_growing_every_step():
    plot = LivePlot(spec(), 2, x_span=16)
    plot.update(rows(40))
    assert plot.x_span == 64 and plot.axes[0].get_xlim() == (0, 64)


def test_changes_of_the_marker_key_are_marked_once_per_panel():
    plot = LivePlot(spec(markers_key="t"), 2)
    plot.update(rows(10))
    assert len(plot._marker_artists) == 2  # one change, drawn in both panels


def test_dodge_separates_players_with_equal_values():
    plot = LivePlot(spec((Panel("x", "x", ylim=(0, 10), dodge=0.1),)), 2)
    plot.update([{"turn": 0, "player": p, "x": 5} for p in range(2)])
    ys = [line.get_ydata()[0] for line in plot.lines[0]]
    assert ys[0] != ys[1] and abs(sum(ys) / 2 - 5) < 1e-9


def test_a_free_axis_of_counts_that_are_all_zero_does_not_run_below_zero():
    plot = LivePlot(spec((Panel("x", "events"),)), 2)
    plot.update([{"turn": t, "player": p, "x": 0} for t in range(4) for p in range(2)])
    low, high = plot.axes[0].get_ylim()
    assert -0.5 < low < 0 and high >= 1
    plot.update([{"turn": t, "player": p, "x": 7 * t} for t in range(4) for p in range(2)])
    low, high = plot.axes[0].get_ylim()
    assert -0.5 < low < 0 and high > 21


def test_static_figure_draws_without_a_display():
    figure = metric_figure(rows(5), spec(), 2)
    assert figure.axes[0].lines[0].get_animated() is False
    figure.canvas.draw()


def test_the_static_figure_speaks_the_widgets_language():
    """GameWidget.figure() (what a lesson shows in print) is drawn in the widget's language."""
    from evo_lessons import GameWidget
    from evo_lessons.i18n import PSEUDO_LANG

    figure = GameWidget("climate", seed=3, lang=PSEUDO_LANG).figure()
    shown = [ax for ax in figure.axes if ax.get_visible()]
    assert shown and all(ax.get_title(loc="left").startswith("\u27e6") for ax in shown)
    assert all(ax.get_xlabel().startswith("\u27e6") for ax in shown)
    english = GameWidget("climate", seed=3, lang="en").figure()
    assert english.axes[0].get_title(loc="left").startswith("Body gene")
