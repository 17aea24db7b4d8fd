"""The Adaptation lesson in a real browser: play a round by clicking keep or swap on the table."""

from __future__ import annotations

import pytest

from .lab import wait_for_move

pytestmark = pytest.mark.browser


def _run_to_the_game(lab_page, attempts: int = 3) -> None:
    """Run the cells down to the student's game, again if JupyterLab dropped the command: now
    and then no cell runs (the kernel was not quite ready although the indicator said idle),
    and a second try then works."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(attempts):
        lab_page.run_through("lesson_game(")
        try:
            lab_page.wait_for_widgets(count=1, timeout=45_000)
            return
        except PlaywrightTimeout:
            ran = lab_page.page.locator(".jp-InputPrompt").evaluate_all(
                "nodes => nodes.some(n => /\\[(\\d+|\\*)\\]/.test(n.textContent))"
            )
            if ran or attempt == attempts - 1:
                raise


def _decide(page, lab_page, game, board, keyboard: bool) -> str:
    """Make Player 1's decision on the board; return how ("keyboard", "swap", "challenge")."""
    position = game.get_attribute("data-position")
    challenge = board.locator(".evo-ad-challenge.evo-target")
    keep = board.locator(".evo-ad-keep.evo-target")
    swap = board.locator(".evo-ad-swap.evo-target")
    if challenge.count():
        assert challenge.count() == 3
        challenge.nth(1).click()  # the shape challenge
        how = "challenge"
    elif keyboard and keep.count():
        # keyboard: the board's Keep button takes focus and Enter plays it
        assert keep.get_attribute("role") == "button"
        keep.focus()
        page.keyboard.press("Enter")
        how = "keyboard"
    else:
        assert swap.count() == 1, "a human decision must offer Swap on the table"
        swap.click()
        how = "swap"
    wait_for_move(page, game, position)
    lab_page.wait_until_idle()
    return how


def test_adaptation_notebook_plays_a_round_in_jupyterlab(lab_page):
    page = lab_page.page
    lab_page.open_notebook("03_adaptation.ipynb")
    _run_to_the_game(lab_page)
    lab_page.wait_until_idle()
    game = page.locator(".evo-root").first
    board = game.locator(".evo-board")
    board.locator(".evo-ad-table").wait_for(timeout=60_000)
    # the table: four places, face-down cards for the others, the viewer's card labelled in words
    assert board.locator(".evo-ad-seat").count() == 4
    mine = board.locator(".evo-ad-seat").first
    assert "(you)" in mine.text_content()
    assert mine.locator(".evo-ad-card title").count() == 1
    assert board.locator(".evo-ad-dealer").count() == 1
    rows_before = board.locator(".evo-ad-history tbody tr").count()
    assert rows_before >= 1

    # play until the round is revealed: keep (by keyboard), swap or choose a challenge by clicks
    made = []
    for _ in range(6):
        if board.locator(".evo-ad-history tbody tr").count() > rows_before:
            break
        made.append(_decide(page, lab_page, game, board, keyboard="keyboard" not in made))
    rows_after = board.locator(".evo-ad-history tbody tr").count()
    assert rows_after > rows_before, "the round was not revealed"
    assert "keyboard" in made, "the round must be playable from the keyboard"
    # play on until Player 1 deals and clicks a challenge card (seed 2026: in round 3)
    for _ in range(12):
        if "challenge" in made:
            break
        made.append(_decide(page, lab_page, game, board, keyboard=False))
    assert "challenge" in made, f"Player 1 never dealt: decisions {made}"
    # the bots answer at once, so the dealer's shape challenge has been revealed
    assert "The challenge is shape" in game.locator(".evo-log").text_content()
    log = game.locator(".evo-log").text_content()
    assert "The challenge is" in log and "Cards shown" in log
    assert "Last reveal" in board.text_content()
    assert "Player 1" in game.locator(".evo-description pre").text_content()
    assert game.locator(".evo-table td").count() > 0
    lab_page.screenshot(game, "adaptation_widget.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
