"""The lesson notebooks use the machinery: name box, hand-in, hidden setup, nbval tags."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from evo_lessons.lessons.teacher import calls, lesson_of

from . import golden
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


def test_nbval_runs_the_student_lessons_and_never_the_generated_teacher_editions():
    """Issue 19 §6: a teacher edition is its student notebook plus tagged Markdown (checked by
    test_teacher_editions.py), so running it again under nbval would only double the time."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "notebooks", "teacher"],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    collected = {line.split("::")[0] for line in out.stdout.splitlines() if "::" in line}
    assert {f"notebooks/{path.name}" for path in LESSON_NOTEBOOKS} <= collected, out.stdout[-800:]
    assert "teacher/class_results.ipynb" in collected
    assert not any(path.startswith("teacher/notebooks/") for path in collected)


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_no_student_notebook_ships_a_gated_result(path):
    """Issue 32: a gated result's output in the file shows the answer when the lesson opens.
    Its expected output lives under tests/lessons/golden_outputs/ instead."""
    shipped = [
        golden.source(c)[:70] for c in load(path)["cells"] if golden.is_gated(c) and c["outputs"]
    ]
    assert not shipped, shipped


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_every_checked_gated_cell_has_golden_outputs_and_every_golden_a_cell(path):
    cells = {c["id"]: c for c in load(path)["cells"]}
    kept = golden.load(path)
    checked = {i for i, c in cells.items() if golden.is_gated(c) and golden.is_checked(c)}
    assert checked == set(kept), "run: python tests/lessons/golden.py " + str(path)
    assert all(kept[i] for i in kept), "a golden output is empty"


def _prompts(path):
    """(stage, prompt) of every question(...) call: the box prints "<Stage>. <prompt>"."""
    found = []
    for cell in code_cells(path):
        text = "".join(cell["source"])
        try:
            tree = ast.parse("\n".join(x for x in text.splitlines() if not x.startswith("%")))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            func = getattr(node, "func", None)
            if isinstance(node, ast.Call) and getattr(func, "id", None) == "question":
                stage = next((k.value.value for k in node.keywords if k.arg == "stage"), "think")
                found.append((stage, node.args[1].value))
    return found


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def test_no_prompt_repeats_the_stage_word_the_box_already_shows(path):
    # the box and the hand-in print "Predict. <prompt>": a prompt "Predict: ..." read twice
    prompts = _prompts(path)
    assert prompts
    for stage, prompt in prompts:
        assert not prompt.lower().startswith((f"{stage}:", f"{stage}.")), prompt[:60]
