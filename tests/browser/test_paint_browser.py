"""Click to paint: the server extension in a real JupyterLab, and the log drawn without redraws.

The speed itself is measured in benchmarks/bench_browser.py (never by a timed test). These
check that the server extension (evo_lessons.jupyter_extension, TCP_NODELAY on the kernel's
WebSocket) loads in a real server and widgets still answer clicks through it, and that the
game page's log, now brought up to date entry by entry, shows what the kernel sent: it follows
the newest entry, leaves a student who scrolled up where they read, and is drawn again on a
rewind.
"""

from __future__ import annotations

import json

import pytest

from evo_lessons.jupyter_extension import LOADED

from .lab import JupyterLab, LabPage, notebook_of

pytestmark = pytest.mark.browser

WIDGET = "GameWidget('climate', seed=3, players=4, seats=['planner'] * 4, max_rounds=60)"
SERVER_CONFIG = {"ServerApp": {"jpserver_extensions": {"evo_lessons.jupyter_extension": True}}}


def _notebook() -> str:
    return json.dumps(notebook_of([f"from evo_lessons import GameWidget\n{WIDGET}"]))


@pytest.fixture(scope="module")
def fast_lab():
    """A lab with the extension turned on in its configuration folder, serving one widget."""
    lab = JupyterLab([])
    (lab.home / "config").mkdir(exist_ok=True)
    (lab.home / "config" / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG))
    (lab.root / "paint.ipynb").write_text(_notebook())
    lab.start()
    yield lab
    lab.stop()


@pytest.fixture
def game(fast_lab, chromium):
    page = LabPage(chromium, fast_lab)
    page.open_notebook("paint.ipynb")
    page.run_all()
    page.wait_for_widgets(1)
    yield page, page.page.locator(".evo-root").first
    assert page.console_errors == []
    page.close()


def _step(page, root, times: int = 1) -> None:
    for _ in range(times):
        before = root.get_attribute("data-position")
        root.locator(".evo-controls button", has_text="Step").click()
        page.page.wait_for_function(
            "([r, b]) => r.dataset.position !== b", arg=[root.element_handle(), before]
        )


def _log(root) -> dict:
    return root.locator(".evo-log").evaluate(
        """(log) => ({
            steps: [...log.children].map((li) => Number(li.value)),
            texts: [...log.children].map((li) => li.textContent),
            top: log.scrollTop,
            gap: log.scrollHeight - log.scrollTop - log.clientHeight,
        })"""
    )


def _wait_for_scroll(page, root) -> None:
    """Scrolling follows the layout (a ResizeObserver): wait two frames for it."""
    page.page.evaluate(
        "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )


def test_the_server_extension_loads_and_the_widget_answers_through_it(fast_lab, game):
    page, root = game
    assert LOADED in fast_lab.log_path.read_text()
    start = int(root.get_attribute("data-position"))
    _step(page, root, 2)
    assert int(root.get_attribute("data-position")) == start + 2


def test_the_log_follows_the_newest_entry(game):
    page, root = game
    _step(page, root, 12)
    _wait_for_scroll(page, root)
    log = _log(root)
    assert log["steps"] == sorted(log["steps"]) and len(log["steps"]) <= 80
    assert log["gap"] < 24, "the newest entry is in view"


def test_a_log_brought_up_to_date_entry_by_entry_is_the_log_drawn_whole(game):
    # a second view of the same widget draws the kernel's log from nothing: both must agree
    page, root = game
    _step(page, root, 60)  # past 80 entries: the window has slid
    page.page.evaluate(
        """async () => {
            const app = window.jupyterapp;
            app.shell.currentWidget.content.activeCellIndex = 0;
            await app.commands.execute("notebook:create-output-view");
        }"""
    )
    page.wait_for_widgets(2)
    second = page.page.locator(".evo-root").nth(1)
    page.page.wait_for_function(
        "([a, b]) => a.dataset.position === b.dataset.position",
        arg=[root.element_handle(), second.element_handle()],
    )
    first_log, second_log = _log(root), _log(second)
    assert len(first_log["texts"]) == 80, "the kernel sends the latest 80: entries have left"
    assert first_log["texts"] == second_log["texts"]
    assert first_log["steps"] == second_log["steps"]


def test_a_student_who_scrolled_up_stays_where_they_read(game):
    page, root = game
    _step(page, root, 12)
    _wait_for_scroll(page, root)
    root.locator(".evo-log").evaluate("(log) => { log.scrollTop = 0; }")
    page.page.wait_for_function(
        "(log) => log.dataset.scrolled === '1'", arg=root.locator(".evo-log").element_handle()
    )
    _step(page, root)
    _wait_for_scroll(page, root)
    assert _log(root)["top"] == 0


def test_a_rewound_log_shows_only_the_moves_before_it(game):
    page, root = game
    _step(page, root, 10)
    before = _log(root)
    position = int(root.get_attribute("data-position"))
    root.locator(".evo-timeline input[type=range]").evaluate(
        "(s, p) => { s.value = String(p); s.dispatchEvent(new Event('change')); }", position - 6
    )
    page.page.wait_for_function(
        "([r, p]) => r.dataset.position === String(p)",
        arg=[root.element_handle(), position - 6],
    )
    after = _log(root)
    assert len(after["texts"]) < len(before["texts"])
    assert after["texts"] == before["texts"][: len(after["texts"])], "the earlier entries, in order"
