"""Answers files: one per lesson, every question asked has an entry, every entry is asked."""

from __future__ import annotations

import pytest

from evo_lessons.lessons import available_lessons, load_answers
from evo_lessons.lessons.answers import parse_answers
from evo_lessons.lessons.teacher import lesson_of, question_ids

from .helpers import LESSON_NOTEBOOKS, load


def test_every_lesson_notebook_has_an_answers_file_named_like_it():
    assert [p.stem for p in LESSON_NOTEBOOKS] == available_lessons()
    for path in LESSON_NOTEBOOKS:
        assert lesson_of(load(path)) == path.stem


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_every_question_asked_has_an_answer_entry_and_every_entry_is_asked(path):
    asked = question_ids(load(path))
    key = load_answers(path.stem)
    assert len(asked) == len(set(asked)), "a question id is used twice"
    assert set(asked) == set(key.questions)


def test_question_ids_are_unique_across_lessons():
    every = [q for lesson in available_lessons() for q in load_answers(lesson).questions]
    assert len(every) == len(set(every))


def test_an_unknown_question_names_the_file_to_add_it_to():
    with pytest.raises(ValueError, match=r"answers/01_climate\.toml.*\[questions\.nope\]"):
        load_answers("01_climate").entry("nope")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("title = ", "not valid TOML"),
        ("[lesson]\ntitle = 'T'\n[answers.x]\nanswer = 'a'", "unknown tables"),
        ("[lesson]\ntitle = 'T'\n[questions.x]\nanser = 'a'", "unknown keys"),
        ("[lesson]\ntitle = 'T'\n[questions.x]\nanswer = 3", "must be a string"),
        ("[lesson]\n[questions.x]\nanswer = 'a'", "title must be a string"),
        ("[lesson]\ntitle = 'T'\n[questions.'a b']\nanswer = 'a'", "question id"),
    ],
)
def test_a_damaged_answers_file_is_rejected_with_a_sentence(text, message):
    with pytest.raises(ValueError, match=message):
        parse_answers("x", text)


def test_an_unknown_lesson_lists_the_lessons_there_are():
    with pytest.raises(ValueError, match="01_climate"):
        load_answers("99_nothing")
