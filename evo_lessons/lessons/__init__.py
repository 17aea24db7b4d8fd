"""What the lesson notebooks share: question boxes whose model answers wait until the student
has written one, saved work, checkpoints that check understanding, and a hand-in file.

A lesson notebook uses it like this (see docs/writing_a_lesson.md)::

    from evo_lessons.lessons import checkpoint, hand_in, question, start_lesson, student
    start_lesson("01_climate")   # reads evo_lessons/lessons/answers/01_climate.toml and
                                 # the student's saved work in .evo_work/01_climate.json
    student()                    # the name box
    question("climate-cooling", "If the climate cools ...?", stage="predict")
    checkpoint("climate-demo", passed, "well done ...", "try ...")
    @result("climate-cooling")   # shown once that prediction is saved (never before)
    def _():
        display(figure)
    game = lesson_game("climate", seed=2026, players=4)  # the lesson's game: dealt and
                                 # counted by the class once joined; a reload resumes it
    hand_in(game)                # the Hand in button (HTML + Markdown)

The name box also holds the upload box that restores work from a hand-in file
(:func:`restore_work` does the same from Python). Model answers to the in-lesson questions live
in the answers files; ``python -m evo_lessons.lessons teacher`` builds each notebook's teacher
edition (the same cells plus the answers and teaching notes) in teacher/notebooks/.
Widgets load only when a box is made, so the teacher-edition builder needs no widget library.
"""

from __future__ import annotations

from .answers import AnswerKey, Entry, available_lessons, load_answers
from .lesson import (
    STAGES,
    Lesson,
    check_prediction,
    checkpoint,
    class_seat,
    current_lesson,
    hand_in,
    lesson_game,
    question,
    read_off,
    restore_work,
    result,
    start_lesson,
    student,
    track_game,
    track_population,
)
from .restore import Restored
from .work import Work, work_path

__all__ = [
    "STAGES",
    "AnswerKey",
    "Entry",
    "Lesson",
    "Restored",
    "Work",
    "available_lessons",
    "check_prediction",
    "checkpoint",
    "class_seat",
    "current_lesson",
    "hand_in",
    "lesson_game",
    "load_answers",
    "question",
    "read_off",
    "restore_work",
    "result",
    "start_lesson",
    "student",
    "track_game",
    "track_population",
    "work_path",
]
