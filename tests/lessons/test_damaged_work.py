"""A damaged work file of any kind is set aside with a clear message; the lesson starts and
Hand in works; interrupted writes leave nothing behind (robustness review §7)."""

from __future__ import annotations

import json
import os
import time

import pytest

from evo_lessons.lessons import Lesson, Work, work_path
from evo_lessons.lessons.work import FORMAT


def write(tmp_path, text: str):
    path = work_path("01_climate", tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def work_file(**parts) -> str:
    return json.dumps({"format": FORMAT, "lesson": "01_climate", **parts})


DAMAGED = {
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "an answer that is a number": work_file(questions={"climate-cooling": {"answer": 5}}),
    "an answer that is a list": work_file(questions={"climate-cooling": {"answer": ["a"]}}),
    "a prompt that is a table": work_file(questions={"climate-cooling": {"prompt": {"a": 1}}}),
    "a game code that is a number": work_file(games={"climate": {"game": "climate", "code": 5}}),
    "a checkpoint that is text": work_file(checkpoints={"c": "x"}),
    "a name that is a list": work_file(student=["Ada"]),
    "results that are a table": work_file(results={"a": 1}),
    "a result with no code": work_file(results=[{"label": "x", "kind": "game", "code": ""}]),
    "moves that are true": work_file(games={"g": {"moves": True}}),
}


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_is_set_aside_and_the_lesson_starts(tmp_path, text):
    path = write(tmp_path, text)
    lesson = Lesson("01_climate", work_dir=tmp_path)
    assert "could not be read" in lesson.work.problem
    assert not path.exists() and list(path.parent.glob("01_climate.*.damaged"))


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_hand_in_works_after_a_damaged_file(tmp_path, text):
    write(tmp_path, text)
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.question("climate-cooling", "Prompt?").answer = "It shrinks."
    box = lesson.hand_in()
    assert box.hand_in() and box.status.startswith("Handed in")


def test_the_message_names_the_file_kept_aside(tmp_path):
    write(tmp_path, DAMAGED["nested 100,000 deep"])
    problem = Work.open("01_climate", tmp_path).problem
    assert "nested too deeply" in problem and ".damaged" in problem


def test_two_damaged_files_in_one_second_are_both_kept(tmp_path):
    for text in ("{ first", "{ second"):
        write(tmp_path, text)
        Work.open("01_climate", tmp_path)
    kept = sorted(p.read_text() for p in work_path("01_climate", tmp_path).parent.glob("*.damaged"))
    assert kept == ["{ first", "{ second"]


def test_a_temporary_file_left_by_an_interrupted_write_is_removed(tmp_path):
    folder = work_path("01_climate", tmp_path).parent
    folder.mkdir(parents=True)
    leftover = folder / ".01_climate.abc123.tmp"
    leftover.write_text("half a file")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    Work.open("01_climate", tmp_path)
    assert not leftover.exists()


def test_a_temporary_file_being_written_now_is_left_alone(tmp_path):
    folder = work_path("01_climate", tmp_path).parent
    folder.mkdir(parents=True)
    fresh = folder / ".01_climate.abc123.tmp"
    fresh.write_text("another kernel's write in flight")
    Work.open("01_climate", tmp_path)
    assert fresh.exists()


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    work = Work.open("01_climate", tmp_path)
    work.save()

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert not work.save() and "No space left" in work.problem
    assert not list(work.path.parent.glob("*.tmp"))


def test_a_good_file_is_read_back_whole(tmp_path):
    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.student().name = "Ada"
    lesson.question("climate-cooling", "Prompt?").answer = "It shrinks."
    again = Work.open("01_climate", tmp_path)
    assert again.problem == "" and again.student == "Ada"
    assert again.questions["climate-cooling"]["answer"] == "It shrinks."


def test_a_file_from_before_results_were_kept_apart_keeps_its_result_code(tmp_path):
    old = work_file(games={"climate": {"game": "climate", "code": "EVO1-x", "result": "EVR1-y"}})
    write(tmp_path, old)
    work = Work.open("01_climate", tmp_path)
    assert work.problem == "" and "result" not in work.games["climate"]
    assert [r["code"] for r in work.results] == ["EVR1-y"]
