"""A lesson opened again after its kernel has gone shows one "run the cells" line, no widget
error boxes, and the saved work comes back when the cells run (issue 18 §4).

The session's lab runs with the reopen hook on, as the launch commands and Binder have it
(conftest.py). Every wait is on a condition, never a fixed time.
"""

from __future__ import annotations

import json
import shutil
import urllib.request

import pytest

from evo_lessons.lessons.reopen import HINT

from .lab import REPO, LabPage, notebook_of, wait_until

pytestmark = pytest.mark.browser

#: the test's own copy of the first lesson, in its own folder (own kernel, own saved work)
NOTEBOOK = "reopen/00_start_here.ipynb"
ANSWER = "Adapted: inherited traits that help it survive and breed where it lives."


@pytest.fixture
def hooked_lab(jupyter_lab):
    """The session's lab, which runs as a student's does: the reopen hook on and the teacher's
    results switch off (see conftest.py and lab.py)."""
    copy = jupyter_lab.root / NOTEBOOK
    if not copy.exists():
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(REPO / "notebooks" / copy.name, copy)
    return jupyter_lab


@pytest.fixture
def browser(chromium):
    """The session's one Chromium (a second Playwright in the same process cannot start)."""
    return chromium


def api(lab, path: str, method: str = "GET"):
    request = urllib.request.Request(
        f"http://127.0.0.1:{lab.port}{path}?token={lab.token}", method=method
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
    return json.loads(body) if body else None


def test_a_reopened_lesson_shows_one_hint_and_no_widget_errors(hooked_lab, browser):
    first = LabPage(browser, hooked_lab)
    try:
        first.open_notebook(NOTEBOOK)
        first.run_all()
        question = first.page.locator(".evo-lesson-question").first
        question.wait_for(timeout=120_000)
        first.wait_until_idle()
        question.locator("textarea").fill(ANSWER)
        first.page.wait_for_function(
            "(el) => el.querySelector('.evo-lesson-status').textContent === 'Saved.'",
            arg=question.element_handle(),
            timeout=60_000,
        )
        first.page.locator(".jp-NotebookPanel .jp-Notebook").first.click()
        first.page.keyboard.press("Control+s")
        on_disk = hooked_lab.root / NOTEBOOK
        wait_until(lambda: HINT in on_disk.read_text(encoding="utf-8"), 60, "the hooked save")
        assert "widget-view+json" not in on_disk.read_text(encoding="utf-8")
    finally:
        first.close()

    hooked_lab.shut_down_kernels({NOTEBOOK})  # the kernel has gone (its page closing ends it too)

    again = LabPage(browser, hooked_lab)
    try:
        again.open_notebook(NOTEBOOK)
        again.shows_one_line_to_run_the_cells()
        page = again.page

        again.run_all()
        question = page.locator(".evo-lesson-question").first
        question.wait_for(timeout=120_000)
        page.wait_for_function(
            "(args) => args[0].querySelector('textarea').value === args[1]",
            arg=[question.element_handle(), ANSWER],
            timeout=60_000,
        )
        assert not [e for e in again.console_errors if "model not found" in e]
    finally:
        again.close()


# -- the lesson machinery of a period, in the page ---------------------------------------------
def small_lesson(lab, folder: str) -> str:
    """A three-cell lesson in its own folder (own kernel, own saved work): name and restore
    box, a prediction, and a result behind it (the switch off whatever the environment says)."""
    cells = [
        "from evo_lessons.lessons import hand_in, question, result, start_lesson, student\n"
        'start_lesson("00_start_here", show_results=False)\n'
        "student()",
        'question("start-adapted", "Predict: what does adapted mean?", stage="predict")',
        '@result("start-adapted")\ndef _():\n    print("THE RESULT: 4242 lineages")',
        "hand_in()",
    ]
    notebook = notebook_of(cells)
    target = lab.root / folder
    target.mkdir(exist_ok=True)
    (target / "lesson.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return f"{folder}/lesson.ipynb"


def run(page: LabPage, notebook: str):
    page.open_notebook(notebook)
    page.run_all()
    question = page.page.locator(".evo-lesson-question").first
    question.wait_for(timeout=120_000)
    page.wait_until_idle()
    return question


def notebook_text(page: LabPage) -> str:
    """What the cells' outputs show (not their sources)."""
    return page.page.evaluate(
        "() => [...document.querySelectorAll('.jp-NotebookPanel .jp-Cell-outputArea')]"
        ".map(n => n.textContent).join('\\n')"
    )


OUTPUTS_SAY = (
    "(args) => [...document.querySelectorAll('.jp-NotebookPanel .jp-Cell-outputArea')]"
    ".map(n => n.textContent).join('\\n').split(args[0]).length - 1 === args[1]"
)


def test_a_result_waits_for_its_prediction_then_appears_by_itself(hooked_lab, browser):
    page = LabPage(browser, hooked_lab)
    try:
        question = run(page, small_lesson(hooked_lab, "result"))
        text = notebook_text(page)
        assert "Write and save your prediction above" in text and "4242" not in text
        question.locator("textarea").fill("Fits where it lives.")
        page.page.wait_for_function(OUTPUTS_SAY, arg=["THE RESULT", 1], timeout=60_000)
        assert "Write and save your prediction above" not in notebook_text(page)
        page.run_all()  # the prediction is saved now: the result stands inline, once
        page.wait_until_idle()
        page.page.wait_for_function(OUTPUTS_SAY, arg=["THE RESULT", 1], timeout=60_000)
        assert "Write and save your prediction above" not in notebook_text(page)
        assert not page.console_errors, page.console_errors
    finally:
        page.close()


def test_the_upload_box_brings_back_work_from_a_hand_in(hooked_lab, browser):
    first = LabPage(browser, hooked_lab)
    try:
        question = run(first, small_lesson(hooked_lab, "period1"))
        question.locator("textarea").fill("Handed in last week.")
        first.page.locator(".evo-lesson-student input").fill("Rosalind")
        first.page.locator("button.evo-lesson-handin").click()
        first.page.locator(".evo-lesson-files a").first.wait_for(timeout=60_000)
    finally:
        first.close()
    handed = hooked_lab.root / "period1" / "hand-in" / "00_start_here-rosalind.md"
    wait_until(handed.exists, 30, "the hand-in file")

    second = LabPage(browser, hooked_lab)
    try:
        question = run(second, small_lesson(hooked_lab, "period2"))
        assert question.locator("textarea").input_value() == ""
        second.page.locator(".evo-lesson-restore summary").click()
        second.page.locator(".evo-lesson-restore input[type=file]").set_input_files(str(handed))
        second.page.wait_for_function(
            "() => document.querySelector('.evo-lesson-restored').textContent.startsWith('✓')",
            timeout=60_000,
        )
        second.page.wait_for_function(
            "(el) => el.querySelector('textarea').value === 'Handed in last week.'",
            arg=question.element_handle(),
            timeout=60_000,
        )
        assert second.page.locator(".evo-lesson-student input").input_value() == "Rosalind"
        # the restored prediction opens its result
        second.page.wait_for_function(OUTPUTS_SAY, arg=["THE RESULT", 1], timeout=60_000)
        assert not second.console_errors, second.console_errors
    finally:
        second.close()
