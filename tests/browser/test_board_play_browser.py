"""Every game is played by clicking its board, in a real JupyterLab and Chromium.

For each lesson's first game widget: the board is drawn (creatures, habitats, cards: drawings
with a text equivalent), a few decisions are made by clicking places on the board (never the
list of choices), each click advances the game, and the page logs no console error. A
screenshot of each board goes to tests/artifacts/board_<game>.png.
"""

from __future__ import annotations

import pytest

from .lab import wait_for_move

pytestmark = pytest.mark.browser

#: notebook, the board's drawn element every view must show, and how many clicks to make
GAMES = {
    "climate": ("01_climate.ipynb", ".evo-climate-map", 3),
    "niche": ("02_niche.ipynb", ".evo-niche-pool", 3),
    "adaptation": ("03_adaptation.ipynb", ".evo-ad-table", 3),
    "adapt_or_die": ("04_adapt_or_die.ipynb", ".evo-aod-board", 3),
    "phylo": ("05_phylo.ipynb", ".evo-phylo-grid", 2),
}

#: a place whose click is one action (a place with several shows them as a list to pick from)
ONE_ACTION = ".evo-target:not([aria-label$=' choices'])"


def _select_a_phylo_card(board) -> bool:
    """Phylo: a card in the hand is picked first; then the spaces it can go light up."""
    cards = board.locator(".evo-phylo-hand .evo-phylo-card[role='button']")
    for k in range(cards.count()):
        card = cards.nth(k)
        if "no place now" in (card.text_content() or ""):
            continue
        card.click()
        if board.locator(".evo-phylo-grid .evo-target").count():
            return True
        card.click()  # deselect: this card only offers a discard
    return False


def _click_the_board(page, lab_page, game, name: str) -> bool:
    """One decision made by clicking the board; False when no place on it offers one."""
    # the table: the board, and the student's own cards beside the choices
    board = game.locator(".evo-main")
    selecting = name == "phylo" and not board.locator(".evo-phylo-grid .evo-target").count()
    if selecting and not _select_a_phylo_card(board):
        return False
    targets = board.locator(ONE_ACTION)
    if not targets.count():
        return False
    position = game.get_attribute("data-position")
    target = targets.first
    assert target.get_attribute("role") == "button"
    assert target.get_attribute("aria-label")  # a spoken name for every clickable place
    target.click()
    wait_for_move(page, game, position)
    lab_page.wait_until_idle()
    assert int(game.get_attribute("data-position")) > int(position)
    return True


@pytest.mark.parametrize("name", list(GAMES))
def test_the_board_is_drawn_and_played_by_clicking_it(lab_page, name):
    notebook, drawn, clicks = GAMES[name]
    page = lab_page.page
    lab_page.open_notebook(notebook)
    lab_page.run_through("lesson_game(")  # down to the lesson's own game
    lab_page.wait_for_widgets(count=1)
    game = page.locator(".evo-root").first
    game.locator(f".evo-board {drawn}").wait_for(timeout=60_000)
    lab_page.wait_until_idle()

    # every drawing says what it shows: no role="img" without words
    images = game.locator(".evo-board [role='img']")
    assert images.count() > 0
    unnamed = images.evaluate_all(
        "nodes => nodes.filter(n => !(n.getAttribute('aria-label') || '').trim()).length"
    )
    assert unnamed == 0

    made = 0
    for _ in range(clicks * 3):
        if made == clicks or game.get_attribute("data-position") is None:
            break
        if _click_the_board(page, lab_page, game, name):
            made += 1
        elif game.locator(".evo-actions button").count():
            break  # only choices with no place on the board are left (end the turn, answer)
    if not made:
        lab_page.screenshot(game, f"board_{name}_failed.png")
    assert made >= 1, (
        f"no decision of {name} could be made on its board: "
        f"position {game.get_attribute('data-position')}, "
        f"{game.locator('.evo-board .evo-target').count()} places, "
        f"choices {game.locator('.evo-actions').text_content()!r}"
    )

    game.evaluate("el => el.scrollIntoView({block: 'start'})")
    lab_page.screenshot(game, f"board_{name}.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"


def test_a_move_on_the_board_animates_unless_the_student_asks_for_reduced_motion(lab_page):
    page = lab_page.page
    lab_page.open_notebook("01_climate.ipynb")
    lab_page.run_through("lesson_game(")  # down to the lesson's own game
    lab_page.wait_for_widgets(count=1)
    game = page.locator(".evo-root").first
    game.locator(".evo-board .evo-climate-map").wait_for(timeout=60_000)
    lab_page.wait_until_idle()
    page.emulate_media(reduced_motion="reduce")
    assert _click_the_board(page, lab_page, game, "climate")  # place the species on the map
    arrived = game.locator(".evo-board .evo-climate-arrive").first
    animation = "el => getComputedStyle(el).animationName"
    assert arrived.evaluate(animation) == "none"
    page.emulate_media(reduced_motion="no-preference")
    assert arrived.evaluate(animation) == "evo-climate-hop"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
