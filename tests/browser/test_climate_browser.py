"""The Climate lesson in a real browser: JupyterLab + Chromium, offline, no console errors."""

from __future__ import annotations

import pytest

from .lab import wait_for_move

pytestmark = pytest.mark.browser


def test_climate_notebook_plays_in_jupyterlab(lab_page):
    page = lab_page.page
    lab_page.open_notebook("01_climate.ipynb")
    lab_page.run_through("lesson_game(")  # down to the student's game
    lab_page.wait_for_widgets(count=1)
    game = page.locator(".evo-root").first
    # the first widget waits for Player 1 (a person) to place the species
    first_choice = game.locator(".evo-actions button").first
    first_choice.wait_for(timeout=60_000)
    assert "Place the species" in first_choice.text_content()
    board_before = game.locator(".evo-board").inner_html()
    position_before = game.get_attribute("data-position")
    frames_before = int(game.get_attribute("data-plot-frames") or 0)

    # a dashed cell on the map is clickable and does the same as the button
    target = game.locator(".evo-board .evo-target").first
    assert target.get_attribute("role") == "button"
    target.click()
    wait_for_move(page, game, position_before, timeout=30_000)
    page.wait_for_function(
        "([el, before]) => Number(el.dataset.plotFrames || 0) > before",
        arg=[game.element_handle(), frames_before],
        timeout=30_000,
    )
    assert game.locator(".evo-board").inner_html() != board_before
    assert int(game.get_attribute("data-position")) > int(position_before)
    # the log, the table beside the plot and the text description are filled in
    assert "places the species" in game.locator(".evo-log").text_content()
    assert game.locator(".evo-table td").count() > 0
    assert "Player 1" in game.locator(".evo-description pre").text_content()
    # keyboard: an action button takes focus and Enter plays it
    button = game.locator(".evo-actions button").first
    button.wait_for(timeout=30_000)
    position = game.get_attribute("data-position")
    button.focus()
    page.keyboard.press("Enter")
    wait_for_move(page, game, position, timeout=30_000)
    lab_page.wait_until_idle()
    lab_page.screenshot(game, "climate_widget.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
