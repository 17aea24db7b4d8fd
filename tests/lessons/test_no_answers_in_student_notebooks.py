"""No model answer stands in a student notebook: not in its code, its strings or its outputs."""

from __future__ import annotations

import re

import pytest

from evo_lessons.lessons import available_lessons, load_answers

from .helpers import STUDENT_NOTEBOOKS, load, normalise, visible_text

ANSWERS = [
    (lesson, question_id, entry.answer)
    for lesson in available_lessons()
    for question_id, entry in load_answers(lesson).questions.items()
    if entry.answer
]


def sentences(answer: str) -> list[str]:
    """The answer's sentences long enough to be the answer's own words (40 characters up)."""
    return [s for s in re.split(r"(?<=[.!?:;])\s+", normalise(answer)) if len(s) >= 40]


def leaks(answer: str, text: str) -> list[str]:
    whole = normalise(answer)
    return [whole] if whole in text else [s for s in sentences(answer) if s in text]


@pytest.mark.parametrize("path", STUDENT_NOTEBOOKS, ids=lambda p: p.stem)
def test_no_model_answer_text_appears_in_a_student_notebook(path):
    text = visible_text(load(path))
    found = {f"{lesson}/{qid}": leaks(answer, text) for lesson, qid, answer in ANSWERS}
    assert not {k: v for k, v in found.items() if v}


def test_the_check_finds_an_answer_written_the_old_way_split_over_string_literals():
    *_, answer = ANSWERS[0]
    half = len(answer) // 2
    cell = f'question(\n    "a prompt",\n    {answer[:half]!r}\n    {answer[half:]!r},\n)'
    notebook = {"cells": [{"cell_type": "code", "source": [cell], "outputs": []}]}
    assert leaks(answer, visible_text(notebook))


def test_the_check_finds_one_sentence_of_an_answer_in_an_output():
    answer = next(a for *_, a in ANSWERS if sentences(a))
    output = {"output_type": "stream", "name": "stdout", "text": [sentences(answer)[0]]}
    notebook = {"cells": [{"cell_type": "code", "source": ["print()"], "outputs": [output]}]}
    assert leaks(answer, visible_text(notebook))


def test_the_answers_of_every_lesson_are_checked():
    assert {lesson for lesson, *_ in ANSWERS} == set(available_lessons())
