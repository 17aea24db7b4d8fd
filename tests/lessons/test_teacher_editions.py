"""Teacher editions: generated from the student notebooks and the answers files, kept current."""

from __future__ import annotations

import pytest

from evo_lessons.lessons import load_answers
from evo_lessons.lessons.teacher import TAG, build, main, teacher_edition

from .helpers import (
    EDITIONS,
    LESSON_NOTEBOOKS,
    NOTEBOOKS,
    REPO,
    TEACHER_NOTEBOOKS,
    load,
    normalise,
    visible_text,
)


def test_the_committed_teacher_editions_are_up_to_date():
    stale = build(NOTEBOOKS, EDITIONS, check=True)
    assert not stale, "run: python -m evo_lessons.lessons teacher"


def test_the_check_command_says_up_to_date():
    assert main(["teacher", "--notebooks", str(NOTEBOOKS), "--check"]) == 0


def test_every_lesson_notebook_has_a_teacher_edition():
    assert [p.name for p in TEACHER_NOTEBOOKS] == [p.name for p in LESSON_NOTEBOOKS]


@pytest.mark.parametrize("path", TEACHER_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_teacher_edition_shows_every_model_answer(path):
    text = visible_text(load(path))
    for entry in load_answers(path.stem).questions.values():
        assert normalise(entry.answer) in text


@pytest.mark.parametrize("path", TEACHER_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_teacher_edition_is_the_student_notebook_plus_tagged_markdown(path):
    student = load(NOTEBOOKS / path.name)["cells"]
    teacher = load(path)["cells"]
    added = [c for c in teacher if TAG in c["metadata"].get("tags", [])]
    code = [c for c in added if c["cell_type"] == "code"]
    assert len(code) == 1 and "EVO_LESSONS_SHOW_RESULTS=1" in "".join(code[0]["source"])
    assert [c for c in teacher if c not in added] == student


def test_a_notebook_that_starts_no_lesson_has_no_teacher_edition():
    notebook = {"cells": [{"cell_type": "code", "source": ["1 + 1"], "metadata": {}}]}
    assert teacher_edition(notebook, "x.ipynb") is None


def test_a_stale_edition_is_reported_and_then_rebuilt(tmp_path):
    (tmp_path / "notebooks").mkdir()
    source = tmp_path / "notebooks"
    (source / "01_climate.ipynb").write_bytes((NOTEBOOKS / "01_climate.ipynb").read_bytes())
    assert main(["teacher", "--notebooks", str(source), "--check"]) == 1
    assert main(["teacher", "--notebooks", str(source)]) == 0
    assert main(["teacher", "--notebooks", str(source), "--check"]) == 0


def test_the_editions_are_written_to_teacher_notebooks_outside_the_student_folder(tmp_path):
    source = tmp_path / "notebooks"
    source.mkdir()
    (source / "00_start_here.ipynb").write_bytes((NOTEBOOKS / "00_start_here.ipynb").read_bytes())
    main(["teacher", "--notebooks", str(source)])
    assert (tmp_path / "teacher" / "notebooks" / "00_start_here.ipynb").exists()
    assert [p.name for p in source.iterdir()] == ["00_start_here.ipynb"]


def test_no_teacher_edition_stands_in_the_student_folder():
    assert not (NOTEBOOKS / "teacher").exists()


NOTES = REPO / "teacher" / "notes"


@pytest.mark.parametrize("path", TEACHER_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_teacher_edition_shows_every_teaching_note(path):
    import tomllib

    text = visible_text(load(path))
    notes_file = NOTES / f"{path.stem}.toml"  # optional: a lesson may have no teaching notes
    if not notes_file.exists():
        return
    data = tomllib.loads(notes_file.read_text(encoding="utf-8"))
    notes = [t["notes"] for t in data.get("questions", {}).values()]
    notes += [data["lesson"]["notes"]] if "notes" in data.get("lesson", {}) else []
    assert all(normalise(note) in text for note in notes)


def test_the_package_answers_hold_no_teaching_note():
    from evo_lessons.lessons import available_lessons

    for lesson in available_lessons():
        key = load_answers(lesson)
        assert key.notes == "" and all(e.notes == "" for e in key.questions.values())


def test_a_teaching_note_in_the_package_is_refused_with_where_it_goes():
    from evo_lessons.lessons.answers import parse_answers

    text = '[lesson]\ntitle = "T"\n[questions.q]\nanswer = "a"\nnotes = "n"\n'
    with pytest.raises(ValueError, match="teacher/notes"):
        parse_answers("x", text)


def test_a_note_for_a_question_the_lesson_does_not_ask_is_an_error():
    from evo_lessons.lessons.answers import with_notes

    with pytest.raises(ValueError, match="no question"):
        with_notes(load_answers("01_climate"), '[questions.nothing]\nnotes = "n"\n', "f")


def test_the_lesson_package_loads_no_widget_library_until_a_box_is_made():
    import subprocess
    import sys

    code = (
        "import sys, evo_lessons.lessons, evo_lessons.lessons.teacher; "
        "print(sorted(m for m in ('ipywidgets', 'anywidget') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
