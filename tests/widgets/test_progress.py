"""The package's progress bar: how far, and about how long is left (issue 44)."""

from __future__ import annotations

import pytest

from evo_lessons.widgets import progress as bar


def test_the_words_say_how_far_and_the_time_left_then_the_time_taken():
    assert bar.status(0, 200, 0.0) == "0 / 200 · working…"
    assert bar.status(50, 200, 10.0) == "50 / 200 · about 30 s left"
    assert bar.status(1, 7, 20.0) == "1 / 7 · about 2 min left"
    assert bar.status(6, 7, 3.0) == "6 / 7 · 0 s left"
    assert bar.status(7, 7, 44.0) == "7 / 7 · done in about 45 s"


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(3.2, "3 s"), (12, "about 10 s"), (44, "about 45 s"), (150, "about 2 min")],
)
def test_durations_are_rounded_for_a_student(seconds, words):
    assert bar.duration(seconds) == words


def test_outside_a_kernel_progress_passes_the_items_through_and_draws_nothing():
    assert bar.progress_bar(10) is None
    assert list(bar.progress(range(4), "Playing")) == [0, 1, 2, 3]
    assert list(bar.progress(iter("ab"))) == ["a", "b"]  # no length: no bar, same items


def test_in_a_kernel_the_bar_moves_and_ends_green(monkeypatch):
    pytest.importorskip("ipywidgets")
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *objects: shown.extend(objects))
    monkeypatch.setattr(bar, "REDRAW_EVERY", 0.0)
    items = list(bar.progress(range(3), "Playing 300 games", force=True))
    assert items == [0, 1, 2]
    (box,) = shown
    progress_widget, words = box.children
    assert progress_widget.description == "Playing 300 games"
    assert progress_widget.value == 3 and progress_widget.bar_style == "success"
    assert words.value.startswith("3 / 3 · done in")
