"""The Niche lesson in a real browser: keep an environment, draw from the gene pool, play a card."""

from __future__ import annotations

import pytest

from .lab import wait_for_move

pytestmark = pytest.mark.browser


def test_niche_notebook_plays_a_turn_by_clicking_the_board(lab_page):
    page = lab_page.page
    lab_page.open_notebook("02_niche.ipynb")
    lab_page.run_through("lesson_game(")  # down to the student's game
    lab_page.wait_for_widgets(count=1)
    lab_page.wait_until_idle()
    game = page.locator(".evo-root").first
    board = game.locator(".evo-board")
    board.locator(".evo-niche-pool").wait_for(timeout=60_000)
    # the table: two pyramids, four players (the student's own beside the choices), text
    # labels on every challenge
    assert board.locator("[data-pool]").count() == 20
    assert game.locator(".evo-niche-player").count() == 4
    assert "(you)" in game.locator(".evo-own .evo-niche-player").text_content()

    # setup: keep an environment with the keyboard (Tab-reachable, Enter chooses)
    dealt = game.locator(".evo-niche-dealt .evo-target")
    assert dealt.count() == 2
    assert dealt.first.get_attribute("role") == "button"
    position = game.get_attribute("data-position")
    dealt.first.focus()
    page.keyboard.press("Enter")
    wait_for_move(page, game, position)
    lab_page.wait_until_idle()
    mine = game.locator(".evo-own .evo-niche-player")
    assert mine.locator(".evo-niche-challenge").count() >= 2
    assert mine.locator(".evo-niche-hand .evo-niche-card").count() == 3

    # draw: click an available (outlined) gene-pool card
    available = board.locator(".evo-niche-pool .evo-target")
    available.first.wait_for(timeout=60_000)
    assert available.count() >= 1
    assert "✓ TAKE" in available.first.text_content()
    position = game.get_attribute("data-position")
    available.first.click()
    wait_for_move(page, game, position)
    lab_page.wait_until_idle()
    assert mine.locator(".evo-niche-hand .evo-niche-card").count() == 4

    # play: click a card in the hand that is a single action (a trait; events aimed at another
    # player open a list of choices instead, which we then pick from)
    plays_before = game.locator(".evo-log").text_content().count("Player 1 plays")
    hand_targets = game.locator(".evo-niche-hand .evo-target")
    labels = [hand_targets.nth(i).get_attribute("aria-label") for i in range(hand_targets.count())]
    single = [i for i, label in enumerate(labels) if not label.endswith("choices")]
    position = game.get_attribute("data-position")
    if single:
        card = hand_targets.nth(single[0])
        card_id = card.get_attribute("data-card")
        card.click()
    else:
        hand_targets.first.click()
        game.locator(".evo-actions button").first.click()
        card_id = None
    wait_for_move(page, game, position)
    lab_page.wait_until_idle()
    log = game.locator(".evo-log").text_content()
    assert "Player 1 draws" in log
    assert log.count("Player 1 plays") == plays_before + 1
    # the hand is back to three cards, and the played card has left it
    assert mine.locator(".evo-niche-hand .evo-niche-card").count() == 3
    if card_id is not None:
        assert mine.locator(f'.evo-niche-hand [data-card="{card_id}"]').count() == 0
    assert game.locator(".evo-table td").count() > 0
    assert "Gene pool 1" in game.locator(".evo-description pre").text_content()
    lab_page.screenshot(game, "niche_widget.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
