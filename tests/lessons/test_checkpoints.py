"""Checkpoints: one message, recorded; predictions and numbers read off a plot are checked."""

from __future__ import annotations

import json

import pytest

from evo_lessons.lessons.widgets import parse_number


def test_a_checkpoint_prints_its_message_once_and_returns_nothing(climate, capsys):
    result = climate.checkpoint("climate-demo-extinctions", True, "Well read.", "Run the demo.")
    assert result is None
    assert capsys.readouterr().out == "✓ Well read.\n"


def test_a_failed_checkpoint_says_what_to_try(climate, capsys):
    climate.checkpoint("climate-demo-extinctions", False, "Well read.", "run the demo first.")
    assert capsys.readouterr().out == "✗ Not yet: run the demo first.\n"
    assert climate.work.checkpoints["climate-demo-extinctions"]["passed"] is False


def test_a_prediction_check_fails_until_the_prediction_is_written(climate, capsys):
    climate.question("climate-cooling", "Prompt?", stage="predict")
    climate.check_prediction("climate-cooling")
    assert capsys.readouterr().out.startswith("✗ Not yet: write your prediction")


def test_a_prediction_check_passes_and_quotes_the_prediction(climate, capsys):
    climate.question("climate-cooling", "Prompt?", stage="predict").answer = "It moves south."
    climate.check_prediction("climate-cooling")
    assert "✓ Your prediction is saved: “It moves south.”" in capsys.readouterr().out
    assert climate.work.checkpoints["climate-cooling-recorded"]["passed"]


def test_a_prediction_check_on_an_unknown_question_is_an_authors_error(climate):
    with pytest.raises(ValueError, match="no entry"):
        climate.check_prediction("climate-nope")


@pytest.fixture
def reading(climate):
    return climate.read_off("climate-read", "Extinctions at 1.0?", 2.37, tolerance=0.2)


def test_a_reading_within_the_tolerance_passes_and_is_saved(reading, climate):
    reading._on_message(reading, {"type": "check", "typed": "2.5"}, [])
    assert reading.passed
    saved = json.loads(climate.work.path.read_text(encoding="utf-8"))
    assert saved["checkpoints"]["climate-read"]["passed"] is True
    assert saved["checkpoints"]["climate-read"]["typed"] == "2.5"


def test_a_reading_outside_the_tolerance_fails_without_giving_the_value_away(reading):
    reading._on_message(reading, {"type": "check", "typed": "1"}, [])
    assert not reading.passed
    assert "2.37" not in reading.result and "Not yet" in reading.result


def test_the_value_to_read_never_reaches_the_front_end(reading):
    assert "2.37" not in json.dumps(reading.get_state(), default=str)


def test_text_that_is_not_a_number_asks_for_one(reading):
    reading._on_message(reading, {"type": "check", "typed": "about two"}, [])
    assert not reading.passed and "Type a number" in reading.result


def test_a_saved_reading_is_checked_again_when_the_lesson_reopens(reading, climate):
    from evo_lessons.lessons import Lesson

    reading._on_message(reading, {"type": "check", "typed": "2.3"}, [])
    again = Lesson("01_climate", work_dir=climate.folder).read_off(
        "climate-read", "Extinctions at 1.0?", 2.37, tolerance=0.2
    )
    assert again.typed == "2.3" and again.passed


@pytest.mark.parametrize(
    ("typed", "value"),
    [("2", 2.0), (" 0.25 ", 0.25), ("0,25", 0.25), ("25%", 0.25), ("x", None), ("nan", None)],
)
def test_numbers_are_read_as_students_type_them(typed, value):
    assert parse_number(typed) == value


def test_the_check_line_turns_to_saved_when_the_prediction_is_saved_later(climate):
    """Issue 32: after a Run All the check line printed "Not yet" and stayed so beside results
    that had appeared; the line on the page now follows the saved prediction."""
    box = climate.question("climate-cooling", "Prompt?", stage="predict")
    climate.check_prediction("climate-cooling")
    (line,) = climate._check_lines
    assert not line.passed and line.message.startswith("✗ Not yet")
    box.answer = "It moves south."
    assert line.passed and line.message.startswith("✓ Your prediction is saved")
    box.answer = ""
    assert not line.passed


def test_a_restored_prediction_updates_its_check_line(climate):
    climate.question("climate-cooling", "Prompt?", stage="predict")
    climate.check_prediction("climate-cooling")
    (line,) = climate._check_lines
    climate.work.set_answer("climate-cooling", "Restored from a hand-in.")
    climate._recheck_predictions()
    assert line.passed and "Restored from a hand-in." in line.message


def test_a_reading_behind_a_prediction_waits_for_its_plot(climate):
    """Issue 44.6: under Run All a read-off stood answerable under the placeholder of the plot
    it asks about. With ``after=`` it says why and checks nothing until the prediction is saved."""
    from evo_lessons.lessons.widgets import WAIT_FOR_PLOT

    reading = climate.read_off(
        "climate-read", "Extinctions at 1.0?", 2.37, tolerance=0.2, after="climate-rate-curve"
    )
    assert reading.result == WAIT_FOR_PLOT
    reading._on_message(reading, {"type": "check", "typed": "2.4"}, [])
    assert not reading.passed and reading.result == WAIT_FOR_PLOT
    assert "climate-read" not in climate.work.checkpoints  # nothing recorded for the hand-in
    climate.work.set_answer("climate-rate-curve", "It speeds up.")
    climate.answer_saved("climate-rate-curve")
    assert reading.result == ""  # the plot is there: the box is open
    reading._on_message(reading, {"type": "check", "typed": "2.4"}, [])
    assert reading.passed


def test_a_reading_off_a_slider_gives_its_own_hint(climate):
    reading = climate.read_off(
        "climate-read",
        "With the slider?",
        0.14,
        tolerance=0.01,
        hint="Move the slider until the line meets the square, then read the slider's value.",
    )
    reading._on_message(reading, {"type": "check", "typed": "0.3"}, [])
    assert "plot (or the slider) above" not in reading.result
    assert "Move the slider" in reading.result
