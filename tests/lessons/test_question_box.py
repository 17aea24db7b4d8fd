"""Question boxes: Reveal waits for the student's own answer; the answer stays in Python."""

from __future__ import annotations

import json

import pytest

from evo_lessons.lessons import load_answers

PROMPT = "If the climate cools by one step, what happens?"
MODEL = load_answers("01_climate").entry("climate-cooling").answer


@pytest.fixture
def box(climate):
    return climate.question("climate-cooling", PROMPT, stage="predict")


def front_end_state(widget) -> str:
    return json.dumps(widget.get_state(), default=str)


def test_reveal_is_disabled_until_something_is_typed(box):
    assert not box.can_reveal
    assert not box.reveal()
    assert box.model_answer == ""


def test_blank_space_does_not_count_as_an_answer(box):
    box.answer = "   \n "
    assert not box.can_reveal
    assert not box.reveal()


def test_typing_an_answer_saves_it_then_allows_reveal(box, climate):
    box.answer = "It turns into forest."
    assert box.can_reveal
    saved = json.loads(climate.work.path.read_text(encoding="utf-8"))
    assert saved["questions"]["climate-cooling"]["answer"] == "It turns into forest."
    assert box.status == "Saved."


def test_reveal_shows_the_answer_from_the_answers_file(box):
    box.answer = "It turns into forest."
    assert box.reveal()
    assert box.model_answer == MODEL


def test_the_model_answer_is_not_in_the_widget_state_before_reveal(box):
    box.answer = "My guess."
    assert MODEL not in front_end_state(box)
    assert MODEL[:40] not in front_end_state(box)


def test_a_reveal_message_from_the_front_end_is_refused_without_an_answer(box):
    box._on_message(box, {"type": "reveal"}, [])
    assert box.model_answer == ""
    assert "Write your own answer first" in box.status


def test_the_work_records_that_the_answer_was_seen_and_what_was_written_then(box, climate):
    box.answer = "First idea."
    box.reveal()
    box.answer = "Better idea."
    record = climate.work.questions["climate-cooling"]
    assert record["revealed"] and record["answer_when_revealed"] == "First idea."


def test_plain_text_fallback_reads_as_the_question(box):
    data = box._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/plain"].startswith(f"Predict. {PROMPT}")
    assert "application/vnd.jupyter.widget-view+json" in data


def test_plain_text_fallback_holds_the_students_answer_and_never_the_model_one(box):
    box.answer = "It turns into forest."
    box.reveal()
    data = box._repr_mimebundle_()
    text = (data[0] if isinstance(data, tuple) else data)["text/plain"]
    assert "Your answer: It turns into forest." in text
    assert MODEL not in text


def test_an_unknown_stage_is_refused(climate):
    with pytest.raises(ValueError, match="stage must be one of"):
        climate.question("climate-cooling", PROMPT, stage="guess")


def test_a_question_without_an_answers_entry_is_an_authors_error(climate):
    with pytest.raises(ValueError, match=r"answers/01_climate\.toml"):
        climate.question("climate-typo", PROMPT)


def test_the_old_call_with_the_answer_in_the_notebook_says_where_answers_go_now(climate):
    with pytest.raises(ValueError, match=r"answers/01_climate\.toml"):
        climate.question("What happens when it cools?", "It moves south.")
