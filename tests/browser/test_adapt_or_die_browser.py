"""The Adapt or Die lesson in a real browser: roll, move, exit into a habitat, answer a trade."""

from __future__ import annotations

import pytest

from evo_lessons import GameWidget
from evo_lessons.games.adapt_or_die.bots import FitterBot
from evo_lessons.games.adapt_or_die.rules import AnswerTrade, Exit, Move

from .lab import wait_for_move

pytestmark = pytest.mark.browser

# the student's game, exactly as notebooks/04_adapt_or_die.ipynb makes it
NOTEBOOK_GAME = {"seed": 2028, "seats": ["human", "trader", "fitter", "trader"]}


def the_students_moves_until_a_trade_is_offered(limit: int = 30):
    """Player 1's decisions, played as a fitter would, up to the first trade offered to them.

    Bots and dice are seeded, so the same decisions clicked in the browser meet the same rolls
    and the same offer. Each item is (the action, the roll it was made on).
    """
    widget = GameWidget("adapt_or_die", plot=False, **NOTEBOOK_GAME)
    me = FitterBot(seed=0)
    plan = []
    while len(plan) < limit:
        state = widget.state
        assert state.current_player == 0
        action = me.choose(state.observation(0), state.legal_actions())
        plan.append((action, state.roll))
        if isinstance(action, AnswerTrade):
            return plan
        widget.act(action)
    raise AssertionError("no bot offered Player 1 a trade: pick another seed for the notebook")


def act_and_wait(page, game, click) -> None:
    """Click (or press), then wait until the game has moved on."""
    position = game.get_attribute("data-position")
    click()
    wait_for_move(page, game, position, timeout=30_000)


def test_adapt_or_die_notebook_rolls_moves_exits_and_answers_a_trade_in_jupyterlab(lab_page):
    plan = the_students_moves_until_a_trade_is_offered()
    kinds = [type(action) for action, _ in plan]
    assert Move in kinds and Exit in kinds and kinds[-1] is AnswerTrade
    page = lab_page.page
    lab_page.open_notebook("04_adapt_or_die.ipynb")
    lab_page.run_through("GameWidget(")  # the student's game (lesson_game) and the demo
    lab_page.wait_for_widgets(count=2)
    game = page.locator(".evo-root").first
    board = game.locator(".evo-aod-board")
    board.wait_for(timeout=60_000)
    assert board.get_attribute("aria-label") == "Board: one octagon with 8 mat places"
    assert game.locator(".evo-genome").count() == 4

    moved_by_keyboard = False
    for action, roll in plan:
        log = game.locator(".evo-log")
        # the roll is made for the player and shown as a die, before any move
        if isinstance(action, Move | Exit):
            die = game.locator(f'svg[aria-label="Last roll: {roll}"]')
            assert die.count() == 1, f"the die should show {roll}"
        if isinstance(action, Move):
            space = board.locator(f'g[data-space="{action.space}"].evo-target')
            assert space.get_attribute("role") == "button"
            assert space.locator(".evo-target-outline").count() == 1
            if moved_by_keyboard:
                act_and_wait(page, game, space.click)
            else:  # the first move from the keyboard: focus the space and press Enter
                space.focus()
                act_and_wait(page, game, lambda: page.keyboard.press("Enter"))
                moved_by_keyboard = True
            assert f"Player 1 moves to space {action.space}." in log.text_content()
        elif isinstance(action, Exit):
            place = board.locator(f'g[data-place="{action.place}"].evo-target')
            assert place.get_attribute("role") == "button"
            act_and_wait(page, game, place.click)
            assert f"Player 1 exits the board to mat place {action.place}." in log.text_content()
            # the mat now lies at that place, with its pressures
            assert (
                "Pressures:"
                in board.locator(f'g[data-place="{action.place}"] title').first.text_content()
            )
        elif isinstance(action, AnswerTrade):
            offer = game.locator(".evo-aod-table")
            assert "Player 1 answers" in offer.text_content()
            assert "offers Player 1 a trade" in log.text_content()
            button = game.locator(".evo-actions").get_by_role(
                "button", name=str(action), exact=True
            )
            act_and_wait(page, game, button.click)
            answer = "Player 1 accepts" if action.accept else "Player 1 declines the trade."
            assert answer in log.text_content()
        else:  # keep, take a card, end the turn: the buttons that list every legal move
            button = game.locator(".evo-actions").get_by_role(
                "button", name=str(action), exact=True
            )
            act_and_wait(page, game, button.click)

    # the scorecard of Player 1 now holds the habitat reached, scored against the creature
    mine = game.locator('.evo-genome[data-player="0"]')
    assert "pressure / score" in mine.locator(".evo-aod-scorecard caption").text_content()
    assert mine.locator(".evo-aod-scorecard thead th", has_text="H").count() >= 1
    lab_page.wait_until_idle()
    lab_page.screenshot(game, "adapt_or_die_widget.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
