"""A lesson opened again after its kernel has gone shows one "run the cells" line, no widget
error boxes, and the saved work comes back when the cells run (issue 18 §4).

The lab runs with the reopen hook on (as the launch commands and Binder have it), written into
the lab's own configuration folder. Every wait is on a condition, never a fixed time.
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from evo_lessons.lessons.reopen import HINT, HOOK

from .lab import JupyterLab, LabPage, launch_browser

pytestmark = pytest.mark.browser

NOTEBOOK = "00_start_here.ipynb"
ANSWER = "Adapted: inherited traits that help it survive and breed where it lives."


@pytest.fixture(scope="module")
def hooked_lab():
    lab = JupyterLab([f"notebooks/{NOTEBOOK}"])
    config = lab.home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "jupyter_server_config.json").write_text(
        json.dumps({"ContentsManager": {"pre_save_hook": HOOK}})
    )
    lab.start()
    yield lab
    lab.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_browser(playwright)
        yield chromium
        chromium.close()


def api(lab, path: str, method: str = "GET"):
    request = urllib.request.Request(
        f"http://127.0.0.1:{lab.port}{path}?token={lab.token}", method=method
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
    return json.loads(body) if body else None


def wait_until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


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

    for kernel in api(hooked_lab, "/api/kernels"):
        api(hooked_lab, f"/api/kernels/{kernel['id']}", "DELETE")

    again = LabPage(browser, hooked_lab)
    try:
        again.open_notebook(NOTEBOOK)
        page = again.page
        page.wait_for_function(
            "(hint) => document.body.textContent.includes(hint)", arg=HINT, timeout=60_000
        )
        text = page.locator(".jp-NotebookPanel").first.text_content()
        assert text.count(HINT) == 1
        assert "Error displaying widget" not in text
        assert page.locator(".jupyter-widgets-error-widget").count() == 0

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
