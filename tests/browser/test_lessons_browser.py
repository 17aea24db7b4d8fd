"""The lesson machinery in a real browser: Reveal waits for an answer, answers survive a kernel
restart and a reopened notebook, and Hand in gives a file with the answer in it.

Each test works on its own copy of 00_start_here.ipynb in its own folder, so each has its own
kernel and its own saved work (``.evo_work/`` beside the notebook) whatever order tests run in.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from evo_lessons.lessons import load_answers

from .lab import REPO

pytestmark = pytest.mark.browser

NOTEBOOK = "00_start_here.ipynb"
MODEL_ANSWER = load_answers("00_start_here").entry("start-adapted").answer


def own_copy(lab, folder: str) -> str:
    target = Path(lab.root) / folder
    target.mkdir(exist_ok=True)
    shutil.copy(REPO / "notebooks" / NOTEBOOK, target / NOTEBOOK)
    return f"{folder}/{NOTEBOOK}"


def run_lesson(lab_page, notebook: str):
    lab_page.open_notebook(notebook)
    lab_page.run_all()
    question = lab_page.page.locator(".evo-lesson-question").first
    question.wait_for(timeout=60_000)
    lab_page.wait_until_idle()
    return question


def type_answer(lab_page, question, text: str) -> None:
    question.locator("textarea").fill(text)
    lab_page.page.wait_for_function(
        "(el) => el.querySelector('.evo-lesson-status').textContent === 'Saved.'",
        arg=question.element_handle(),
        timeout=30_000,
    )


def restart_kernel_and_clear(lab_page) -> None:
    """Kernel > Restart Kernel and Clear Outputs of All Cells, as a student does it."""
    page = lab_page.page
    page.locator(".jp-NotebookPanel .jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name="Restart Kernel and Clear Outputs of All Cells…").click()
    page.locator(".jp-Dialog button.jp-mod-accept").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.evo-lesson-question').length === 0", timeout=60_000
    )
    lab_page.wait_for_kernel()


def assert_clean(lab_page) -> None:
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"


def test_reveal_is_disabled_until_the_student_types_an_answer(lab_page, jupyter_lab):
    question = run_lesson(lab_page, own_copy(jupyter_lab, "reveal"))
    reveal = question.locator("button.evo-lesson-reveal")
    box = question.locator("textarea")
    assert reveal.is_disabled()
    # the box is labelled by the question itself, for screen readers
    assert box.get_attribute("id") == question.locator("label").get_attribute("for")
    assert "adapted" in question.locator("label").text_content()
    assert MODEL_ANSWER[:40] not in lab_page.page.content()

    type_answer(lab_page, question, "Adapted means it fits where it lives.")
    reveal.wait_for(state="visible")
    lab_page.page.wait_for_function("(el) => !el.disabled", arg=reveal.element_handle())
    reveal.click()
    shown = question.locator(".evo-lesson-model")
    shown.wait_for(state="visible", timeout=30_000)
    assert MODEL_ANSWER[:60] in shown.text_content()
    lab_page.screenshot(question, "lesson_question_revealed.png")
    assert_clean(lab_page)


def test_an_answer_survives_a_kernel_restart_and_a_reopened_notebook(
    lab_page, jupyter_lab, chromium
):
    from .lab import LabPage

    notebook = own_copy(jupyter_lab, "restart")
    answer = "Kept after a restart: adapted means inherited traits that fit."
    question = run_lesson(lab_page, notebook)
    type_answer(lab_page, question, answer)
    lab_page.page.locator(".evo-lesson-student input.evo-lesson-name").fill("Grace")

    restart_kernel_and_clear(lab_page)
    lab_page.run_all()
    question = lab_page.page.locator(".evo-lesson-question").first
    question.wait_for(timeout=60_000)
    assert question.locator("textarea").input_value() == answer
    assert not question.locator("button.evo-lesson-reveal").is_disabled()
    assert_clean(lab_page)

    reopened = LabPage(chromium, jupyter_lab)
    try:
        question = run_lesson(reopened, notebook)
        assert question.locator("textarea").input_value() == answer
        name = reopened.page.locator(".evo-lesson-student input.evo-lesson-name")
        assert name.input_value() == "Grace"
        assert_clean(reopened)
    finally:
        reopened.close()


def test_hand_in_produces_a_file_with_the_answer_in_it(lab_page, jupyter_lab):
    notebook = own_copy(jupyter_lab, "handin")
    answer = "Handed in: traits that help survival and reproduction here."
    question = run_lesson(lab_page, notebook)
    type_answer(lab_page, question, answer)
    lab_page.page.locator(".evo-lesson-student input.evo-lesson-name").fill("Rosalind")
    page = lab_page.page
    page.locator("button.evo-lesson-handin").click()
    link = page.locator(".evo-lesson-files a", has_text=".html")
    link.wait_for(timeout=30_000)
    with page.expect_download() as download:
        link.click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert answer in text and "Rosalind" in text
    assert download.value.suggested_filename == "00_start_here-rosalind.html"
    on_disk = Path(jupyter_lab.root) / "handin" / "hand-in" / "00_start_here-rosalind.md"
    assert answer in on_disk.read_text(encoding="utf-8")
    lab_page.screenshot(page.locator(".evo-lesson-handin-box"), "lesson_hand_in.png")
    assert_clean(lab_page)
