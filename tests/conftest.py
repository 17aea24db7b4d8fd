"""The test session's setup: the guide's example game is registered like any other game.

``tests/example_game`` is the small complete game that docs/writing_a_game.md builds. Adding it
here, before any test is collected, is exactly the one line a real game adds to
``evo_lessons.GAMES``, so every test that walks the registry (the conformance suite at every
option's edge, the view-secret checks, the widget's flow) checks the guide's code too, and the
guide cannot go stale. Outside the tests the registry holds the shipped games only.
"""

from __future__ import annotations

import os

import pytest
from budget import register

#: the tests compare English text: a developer whose shell says EVO_LESSONS_LANG=es or
#: LANG=es_ES.UTF-8 gets the run CI gets (the command line tools read the POSIX locale after
#: EVO_LESSONS_LANG); a test of another language asks for it (lang=, monkeypatch.setenv)
os.environ["EVO_LESSONS_LANG"] = "en"

register()  # the Hypothesis profile (tests/budget.py): before any test module loads
#: a test's ``{step: seconds}`` recorded under this name (``record_property``) is listed at the
#: end of the run, also from pytest-xdist's workers (whose printing is not shown). Kept here,
#: not in tests/browser/conftest.py: pytest-xdist's controller collects nothing, so it loads
#: only the conftest files of the folders it is given (testpaths), and this is one of them.
STEP_SECONDS = "step seconds"

#: the guide's example game: its name, and the package that declares its GameSpec (importable
#: because pytest puts tests/, a folder without __init__.py, on the path)
EXAMPLE_GAME = ("peppered_moths", "example_game")


def pytest_configure(config) -> None:
    from evo_lessons import GAMES

    name, module = EXAMPLE_GAME
    GAMES.setdefault(name, module)


def pytest_terminal_summary(terminalreporter) -> None:
    """List the seconds of each step of the tests that recorded them (``STEP_SECONDS``), so a
    slow run says where its time went, with ``-n 2`` as .ci/run runs it (a worker's printing
    is not shown)."""
    reports = [
        report
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if getattr(report, "when", None) == "call"
    ]
    rows = []
    for report in reports:
        steps = dict(report.user_properties).get(STEP_SECONDS)
        if steps:
            name = report.nodeid.rsplit("::", 1)[-1]
            rows.append(
                f"{name} ({sum(steps.values()):.0f} s in steps): "
                + ", ".join(f"{step} {seconds:.1f}" for step, seconds in steps.items())
            )
    if rows:
        terminalreporter.write_sep("-", "seconds per step")
        for row in sorted(rows):
            terminalreporter.write_line(row)


@pytest.fixture(scope="session")
def chromium():
    """The test process's one Chromium (browser/lab.py's ``Chromium``): a second sync
    Playwright cannot start in a process that runs one, so every browser test, the lessons' and
    the class service's live page alike, shares it."""
    from browser.lab import Chromium
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = Chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def live(tmp_path):
    """A class service in this process, on a free port, with its database in tmp_path (the
    service's tests, the kernel's client and the lesson's join box all use it)."""
    from service.helpers import Running

    running = Running(tmp_path / "class")
    yield running
    running.stop()
