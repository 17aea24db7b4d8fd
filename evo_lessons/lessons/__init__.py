"""What the lesson notebooks share: question boxes whose model answers wait until the student
has written one, saved work, checkpoints that check understanding, and a hand-in file.

A lesson notebook uses it like this (see docs/writing_a_lesson.md)::

    from evo_lessons.lessons import checkpoint, hand_in, question, start_lesson, student
    start_lesson("01_climate")   # reads evo_lessons/lessons/answers/01_climate.toml and
                                 # the student's saved work in .evo_work/01_climate.json
    student()                    # the name box
    question("climate-cooling", "If the climate cools ...?", stage="predict")
    checkpoint("climate-demo", passed, "well done ...", "try ...")
    hand_in(game)                # the Hand in button (HTML + Markdown)

Model answers live only in the answers files; ``python -m evo_lessons.lessons teacher`` builds
each notebook's teacher edition (the same cells plus the answers) in notebooks/teacher/.
Widgets load only when a box is made, so the teacher-edition builder needs no widget library.
"""

from __future__ import annotations

from .answers import AnswerKey, Entry, available_lessons, load_answers
from .lesson import (
    STAGES,
    Lesson,
    check_prediction,
    checkpoint,
    current_lesson,
    hand_in,
    question,
    read_off,
    start_lesson,
    student,
    track_game,
)
from .work import Work, work_path

__all__ = [
    "STAGES",
    "AnswerKey",
    "Entry",
    "Lesson",
    "Work",
    "available_lessons",
    "check_prediction",
    "checkpoint",
    "current_lesson",
    "hand_in",
    "load_answers",
    "question",
    "read_off",
    "start_lesson",
    "student",
    "track_game",
    "work_path",
]
