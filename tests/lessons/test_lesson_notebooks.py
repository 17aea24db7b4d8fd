"""The lesson notebooks use the machinery: name box, hand-in, hidden setup, nbval tags."""

from __future__ import annotations

import tomllib

import pytest

from evo_lessons.lessons.teacher import calls, lesson_of

from .helpers import LESSON_NOTEBOOKS, REPO, TEACHER_NOTEBOOKS, load

ALL = LESSON_NOTEBOOKS + TEACHER_NOTEBOOKS


def code_cells(path):
    return [c for c in load(path)["cells"] if c["cell_type"] == "code"]


def called(cell, name):
    return calls("".join(cell["source"]), name)


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_lesson_has_a_name_box_and_a_hand_in_cell(path):
    assert lesson_of(load(path))
    sources = ["".join(c["source"]) for c in code_cells(path)]
    assert any("student()" in s for s in sources)
    assert any("hand_in(" in s for s in sources)


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_the_notebook_says_how_to_download_the_hand_in_on_binder(path):
    markdown = " ".join("".join(c["source"]) for c in load(path)["cells"])
    assert "Binder" in markdown and "Download" in markdown


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.parent.name + "/" + p.stem)
def test_question_and_setup_cells_are_collapsed(path):
    for cell in code_cells(path):
        source = "".join(cell["source"])
        if called(cell, "question") or "evo_lessons.lessons import" in source:
            assert cell["metadata"].get("jupyter", {}).get("source_hidden"), source[:60]


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.parent.name + "/" + p.stem)
def test_nbval_markers_are_cell_tags_not_comments(path):
    for cell in code_cells(path):
        assert "NBVAL_" not in "".join(cell["source"])


def test_the_checked_output_cell_keeps_its_tag_and_output():
    (cell,) = [
        c
        for c in code_cells(LESSON_NOTEBOOKS[0])
        if "nbval-check-output" in c["metadata"].get("tags", [])
    ]
    assert cell["outputs"]


def test_pytest_collects_the_teacher_editions_with_the_notebooks():
    options = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]
    paths = options["ini_options"]["testpaths"]
    assert "notebooks" in paths
    # the editions live in teacher/notebooks: pyproject's testpaths must name that folder
    assert any(TEACHER_NOTEBOOKS[0].is_relative_to(REPO / path) for path in paths)
