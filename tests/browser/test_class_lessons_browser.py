"""A lesson's own game in a live class, in the browser (issue 40 items 1-3): a student types a
name, joins with the code, and lesson 01's game is dealt and counted by the class with no code
typed; Ctrl+S and a reload mid-game, a restarted kernel, and the class service restarted on
another port each take up the same game at the same move.

One lesson, a few clicks between the checks (CI time); the game is played to its end at the end
so the class counts it. The lab is the session's (README's launch); the class service runs in the
test's process on 127.0.0.1, as ``evo-teacher class serve`` would on the teacher's laptop.
"""

from __future__ import annotations

import shutil

import pytest
from service.helpers import Running, summary

from .lab import REPO, wait_for_move, wait_until

pytestmark = pytest.mark.browser

NOTEBOOK = "class-lessons/01_climate.ipynb"
GAME_CELL = "lesson_game("


@pytest.fixture
def lesson(jupyter_lab):
    """Lesson 01 in a folder of its own (its own kernel and saved work)."""
    copy = jupyter_lab.root / NOTEBOOK
    copy.parent.mkdir(exist_ok=True)
    shutil.copy(REPO / "notebooks" / copy.name, copy)
    return NOTEBOOK


def join(page, url: str, code: str) -> None:
    box = page.locator(".evo-lesson-join-box")
    if not box.locator(".evo-lesson-class-url").is_visible():
        box.locator("summary").click()
    box.locator(".evo-lesson-class-url").fill(url)
    box.locator(".evo-lesson-class-code").fill(code)
    box.locator(".evo-lesson-join").click()


def joined(page) -> None:
    page.locator(".evo-lesson-class-status", has_text="Joined your class as Ada").wait_for(
        timeout=60_000
    )


def the_game(lab_page):
    """Run the cells down to the lesson's game; the game's root once its board is drawn."""
    lab_page.run_through(GAME_CELL)
    game = lab_page.page.locator(".evo-root").first
    game.locator(".evo-board .evo-climate-map").wait_for(timeout=60_000)
    return game


def click(lab_page, game, times: int = 1) -> None:
    for _ in range(times):
        before = game.get_attribute("data-position")
        game.locator(".evo-actions button").first.click()
        wait_for_move(lab_page.page, game, before)
        assert not game.locator(".evo-error-line").is_visible()


def test_a_lessons_game_is_the_classs_and_survives_reload_restart_and_a_moved_service(
    lab_page, lesson, tmp_path
):
    data = tmp_path / "class"
    live = Running(data)
    page = lab_page.page
    try:
        lab_page.open_notebook(lesson)
        lab_page.run_through("start_lesson(")
        page.locator(".evo-lesson-name").fill("Ada")
        page.locator(".evo-lesson-student .evo-lesson-status", has_text="Saved.").wait_for()
        join(page, live.url, live.join_code)
        joined(page)

        # the lesson's own game: dealt by the class (no code typed), a few moves made
        game = the_game(lab_page)
        served = game.locator(".evo-served-line")
        assert "counted game" in served.text_content()
        click(lab_page, game, 2)
        position = game.get_attribute("data-position")

        # Ctrl+S, then F5: the saved page keeps no game; running the cells again shows it
        # at the same move (the same kernel: the same game)
        on_disk = lab_page.lab.root / lesson
        before = on_disk.stat().st_mtime_ns
        page.locator(".jp-NotebookPanel .jp-Notebook").first.click()
        page.keyboard.press("Control+s")
        wait_until(lambda: on_disk.stat().st_mtime_ns != before, 60, "the save")
        assert "widget-view+json" not in on_disk.read_text(encoding="utf-8")
        lab_page.reload()
        game = the_game(lab_page)
        assert game.get_attribute("data-position") == position
        click(lab_page, game)
        position = game.get_attribute("data-position")

        # a restarted kernel: the name box takes the seat back, the service the game
        lab_page.restart_kernel()
        lab_page.run_through("start_lesson(")
        joined(page)
        game = the_game(lab_page)
        assert game.get_attribute("data-position") == position
        assert "taken up again" in game.locator(".evo-served-line").text_content()
        click(lab_page, game)
        position = game.get_attribute("data-position")

        # the service restarted on another port (same data): the student types the new
        # address with the same code; the same seat, the same game, at the same move
        live.stop()
        live = Running(data)
        join(page, live.url, live.join_code)
        joined(page)
        game = the_game(lab_page)
        assert game.get_attribute("data-position") == position
        served = game.locator(".evo-served-line")

        # played to its end by clicks: counted by the class
        clicks = 0
        while "Counted by your class" not in (served.text_content() or ""):
            click(lab_page, game)
            clicks += 1
            assert clicks < 200, "the game did not end"
        counts = summary(live)
        assert counts["counted"] == 1, counts
        assert lab_page.console_errors == []
    finally:
        live.stop()
