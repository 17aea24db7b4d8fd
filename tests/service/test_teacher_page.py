"""The teacher's live page in Chromium: it fills as a served game ends, hides names for the
projector, pauses the class from the keyboard, and draws with the kit (no outside request)."""

from __future__ import annotations

import pytest

from .helpers import call, join, play_served

pytestmark = pytest.mark.browser


@pytest.fixture
def page(chromium):
    """A page in a context of its own, in the test process's one Chromium (tests/conftest.py)."""
    context = chromium.new_machine()
    try:
        opened = context.new_page()
        opened.problems = []
        opened.on("pageerror", lambda error: opened.problems.append(str(error)))
        opened.on(
            "console",
            lambda message: (
                opened.problems.append(message.text) if message.type == "error" else None
            ),
        )
        opened.on(
            "request",
            lambda request: (
                None
                if request.url.startswith(("http://127.0.0.1", "data:"))
                else opened.problems.append(f"outside request: {request.url}")
            ),
        )
        yield opened
    finally:
        context.close()


def test_the_live_page_fills_as_a_served_game_ends(live, page):
    ada = join(live.url, live.join_code, "Ada Lovelace")
    page.goto(f"{live.url}/teacher?token={live.teacher}")
    assert page.url == f"{live.url}/teacher"  # the token went into a cookie, not the address
    page.wait_for_function("document.querySelector('#status').textContent.includes('0 counted')")
    assert "Ada Lovelace" in page.inner_text("#students")
    play_served(live.url, ada, "climate")
    page.wait_for_function("document.querySelector('#status').textContent.includes('1 counted')")
    page.wait_for_function("document.querySelectorAll('#setups svg.interval').length >= 1")
    svg = page.locator("#setups svg.interval").first
    assert "our class" in svg.get_attribute("aria-label")
    assert page.locator("#setups table").count() == 1  # the numbers beside the plot
    # hide names, from the keyboard
    page.focus("#hide-names")
    page.keyboard.press("Space")
    page.wait_for_function("!document.querySelector('#students').textContent.includes('Ada')")
    assert "Student 1" in page.inner_text("#students")
    # pause, from the keyboard
    page.focus("#pause")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.querySelector('#pause').getAttribute('aria-pressed') === 'true'"
    )
    assert call(live.url, "GET", "/api/summary", token=live.teacher)[1]["paused"] is True
    assert page.problems == []


def test_the_page_refuses_a_students_token(live, page):
    ada = join(live.url, live.join_code, "Ada")
    answer = page.goto(f"{live.url}/teacher?token={ada}")
    assert answer.status == 403
    answer = page.goto(f"{live.url}/teacher")
    assert answer.status == 401 and "printed" in page.inner_text("body")
