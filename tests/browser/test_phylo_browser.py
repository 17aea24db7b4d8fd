"""The Phylo lesson in a real browser: play a species, play an event, see the card at risk."""

from __future__ import annotations

import pytest

from evo_lessons import GameWidget
from evo_lessons.games.phylo.rules import PlayEvent, PlaySpecies
from evo_lessons.games.phylo.tables import space_name

from .lab import wait_for_move

pytestmark = pytest.mark.browser

# the student's game, exactly as notebooks/05_phylo.ipynb makes it
NOTEBOOK_GAME = {"seed": 2039, "seats": ["human", "builder"], "deck_1": "woodland"}
NOTEBOOK_GAME["deck_2"] = "savanna"


def a_species_then_an_event_that_breaks_a_link():
    """A species play and then an event that leaves a card at risk, found by playing them."""
    state = GameWidget("phylo", plot=False, **NOTEBOOK_GAME).state
    for play in (a for a in state.legal_actions() if isinstance(a, PlaySpecies)):
        after = state.clone()
        after.apply(play)
        for event in (a for a in after.legal_actions() if isinstance(a, PlayEvent)):
            hit = after.clone()
            hit.apply(event)
            if hit.risk:
                return play, event
    raise AssertionError("the notebook's game offers no event that breaks a link")


def click_and_wait(page, game, locator):
    position = game.get_attribute("data-position")
    locator.click()
    wait_for_move(page, game, position, timeout=30_000)


def test_phylo_notebook_plays_a_species_and_an_event_in_jupyterlab(lab_page):
    play, event = a_species_then_an_event_that_breaks_a_link()
    page = lab_page.page
    lab_page.open_notebook("05_phylo.ipynb")
    lab_page.run_through("GameWidget(")  # the student's game (lesson_game) and the demo
    lab_page.wait_for_widgets(count=2)
    game = page.locator(".evo-root").first
    hand = game.locator(".evo-phylo-hand")
    hand.wait_for(timeout=60_000)
    assert "AT RISK" not in game.locator(".evo-phylo-grid").text_content()

    # select the species in the hand: its legal spaces light up, and one click plays it
    hand.locator(f'.evo-phylo-card[data-card="{play.card}"]').click()
    where = space_name(play.row, play.column)
    space = game.locator(f'.evo-phylo-grid [data-space="{where}"].evo-target')
    assert space.get_attribute("role") == "button"
    assert "PLAY HERE" in space.text_content()
    assert game.locator(".evo-phylo-grid .evo-target-outline").count() >= 1
    click_and_wait(page, game, space)
    web = game.locator(".evo-phylo-webgraph")
    assert web.locator(f'[aria-label*=" at {where}, rank "]').count() == 1

    # the event: select it, click the species it hits, and the broken link shows at once
    hand.locator(f'.evo-phylo-card[data-card="{event.card}"]').click()
    target = space_name(event.row, event.column)
    click_and_wait(page, game, game.locator(f'.evo-phylo-grid [data-space="{target}"].evo-target'))
    page.wait_for_function(
        "(el) => el.querySelector('.evo-phylo-grid').textContent.includes('AT RISK')",
        arg=game.element_handle(),
        timeout=30_000,
    )
    at_risk = web.locator('.evo-phylo-node[aria-label*="AT RISK"]')
    assert at_risk.count() >= 1
    assert "AT RISK" in game.locator(".evo-description pre").text_content()
    assert "at risk" in game.locator(".evo-log").text_content()

    # keyboard: focusing a species in the graph lights up its space on the grid
    node = at_risk.first
    node.focus()
    lit = game.locator('.evo-phylo-grid [data-space] > rect:first-child[stroke="#0072B2"]')
    assert lit.count() == 1
    lab_page.wait_until_idle()
    lab_page.screenshot(game, "phylo_widget.png")
    assert not lab_page.outside_requests, f"requests left 127.0.0.1: {lab_page.outside_requests}"
    assert not lab_page.console_errors, f"console errors: {lab_page.console_errors}"
