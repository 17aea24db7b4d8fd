"""README's promises, in JupyterLab launched exactly as README's quick start launches it
(issue 32): nothing of the project's on the command line, only what ``pip install`` put into the
environment.

* JupyterLab does not ask about "Jupyter news" (the toast sat over the notebook).
* A lesson reopened after the server restarted shows one "run the cells" line, with no "Error
  displaying widget" box and no console error (the reopen hook used to be set only in a
  configuration file jupyter_server does not read for it).
* The result box under a finished game shows the name typed in the lesson's name box and the
  result code, and Copy copies it.
* A prediction's check line turns from "Not yet" to "saved" when the prediction is saved.

Every wait is on a condition, never a fixed time.
"""

from __future__ import annotations

import json

import pytest

from evo_lessons.lessons.reopen import HINT

from .lab import LabPage, ReadmeLab, notebook_of, wait_until

pytestmark = pytest.mark.browser

START = "00_start_here.ipynb"


@pytest.fixture(scope="module")
def readme_lab():
    lab = ReadmeLab().start()
    yield lab
    lab.stop()


def test_the_readme_launch_does_not_ask_about_jupyter_news(readme_lab):
    settings = readme_lab.api("/lab/api/settings/@jupyterlab/apputils-extension:notification")
    # a package's defaults (overrides.d) become the schema's defaults; a fresh student has none
    assert settings["schema"]["properties"]["fetchNews"]["default"] == "false"
    assert json.loads(settings["raw"] or "{}").get("fetchNews") in (None, "false")


def test_a_lesson_reopened_after_a_server_restart_shows_one_line_to_run_the_cells(
    readme_lab, chromium
):
    first = LabPage(chromium, readme_lab)
    try:
        first.open_notebook(START)
        first.run_all()
        first.wait_for_widgets()
        first.page.locator(".evo-lesson-student input.evo-lesson-name").fill("Ada")
        first.save()
        on_disk = readme_lab.root / START
        wait_until(lambda: HINT in on_disk.read_text(encoding="utf-8"), 60, "the hooked save")
        assert "widget-view+json" not in on_disk.read_text(encoding="utf-8")
        assert "Jupyter news" not in first.page.locator("body").text_content()
    finally:
        first.close()

    readme_lab.restart()

    again = LabPage(chromium, readme_lab)
    try:
        again.open_notebook(START)
        again.shows_one_line_to_run_the_cells()
        assert not again.console_errors, again.console_errors
    finally:
        again.close()


def small_lesson(lab, folder: str) -> str:
    """A lesson's name box, a prediction with its check line, and a short tracked game."""
    cells = [
        "from evo_lessons.lessons import check_prediction, question, start_lesson, student\n"
        "from evo_lessons.lessons import track_game\n"
        "from evo_lessons.widgets import GameWidget\n"
        'start_lesson("01_climate", show_results=False)\n'
        "student()",
        'question("climate-cooling", "Predict: where will the species go?", stage="predict")',
        'check_prediction("climate-cooling")',
        'track_game(GameWidget("climate", seed=4, players=2, max_rounds=1, plot=False))',
    ]
    notebook = notebook_of(cells)
    target = lab.root / folder
    target.mkdir(exist_ok=True)
    (target / "lesson.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return f"{folder}/lesson.ipynb"


CHECK_LINE_SAYS = (
    "(start) => (document.querySelector('.evo-lesson-check-line')?.textContent || '')"
    ".startsWith(start)"
)


def test_the_check_line_follows_the_saved_prediction(readme_lab, chromium):
    tab = LabPage(chromium, readme_lab)
    try:
        tab.open_notebook(small_lesson(readme_lab, "check"))
        tab.run_all()
        page = tab.page
        page.wait_for_function(CHECK_LINE_SAYS, arg="✗ Not yet", timeout=60_000)
        page.locator(".evo-lesson-question textarea").first.fill("North, up the mountain.")
        page.wait_for_function(CHECK_LINE_SAYS, arg="✓ Your prediction is saved", timeout=60_000)
        assert "North, up the mountain." in page.locator(".evo-lesson-check-line").text_content()
        assert not tab.console_errors, tab.console_errors
    finally:
        tab.close()


def test_the_result_box_shows_the_lessons_name_and_code_and_copy_copies_it(readme_lab, chromium):
    tab = LabPage(chromium, readme_lab, new_machine=True)  # a context of its own: clipboard
    try:
        tab.context.grant_permissions(
            ["clipboard-read", "clipboard-write"], origin=f"http://127.0.0.1:{readme_lab.port}"
        )
        tab.open_notebook(small_lesson(readme_lab, "result"))
        tab.run_all()
        tab.wait_for_widgets()
        page = tab.page
        page.locator(".evo-lesson-student input.evo-lesson-name").fill("Rosalind Franklin")
        tab.wait_until_idle()
        page.get_by_role("button", name="Play to end").click()
        result = page.locator(".evo-result")
        result.wait_for(state="visible", timeout=120_000)
        page.wait_for_function(
            "() => (document.querySelector('.evo-result .evo-code')?.value || '')"
            ".startsWith('EVR')",
            timeout=60_000,
        )
        assert result.locator("input.evo-name").input_value() == "Rosalind Franklin"
        code = result.locator("input.evo-code").input_value()
        copy = result.get_by_role("button", name="Copy")
        assert copy.is_enabled()
        copy.click()
        page.wait_for_function(
            "() => document.querySelector('.evo-result-note').textContent.startsWith('Copied')",
            timeout=30_000,
        )
        assert page.evaluate("() => navigator.clipboard.readText()") == code
        assert not tab.console_errors, tab.console_errors
    finally:
        tab.close()
