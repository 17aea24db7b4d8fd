"""Fixtures for browser tests: one JupyterLab and one Chromium per test process, for the session.

Every browser test uses them: ``lab_page`` gives a fresh page (console errors and outside
requests recorded) on a lab that serves copies of every notebook in notebooks/; a test that
needs its own folder (its own kernel and saved work) makes one under ``jupyter_lab.root``.

The one lab runs as a student's does (README's ``jupyter lab``): nothing of the project's on the
command line, so the reopen hook (a saved lesson keeps no widget views) and the news toast
turned off come from what ``pip install`` put into the environment, and no teacher switch.
Starting it once per worker, not once per test module, saves a JupyterLab start (15-30 s on a
loaded machine) for every module that used to start its own. A closed page shuts down the
kernels it opened (see ``LabPage.close``), so idle kernels do not pile up over the session. The
one Chromium keeps every page in one profile (``lab.Chromium``), so JupyterLab's scripts are
compiled once per worker; a test that plays a student on another computer asks for a fresh
context.

Order: the lesson periods are the longest tests (the one that walks its whole period, three Run
Alls, longest of all), so they are handed out first, that one first; with ``-n 2 --dist load``
the short tests then fill in around them instead of one worker finishing a long period alone
at the end.
"""

from __future__ import annotations

import shutil

import pytest

from .lab import REPO, JupyterLab, LabPage

#: test files whose tests run first, longest first (the rest keep their order)
FIRST = ("test_period_lessons.py",)


def pytest_collection_modifyitems(config, items) -> None:
    """Hand the longest tests out first (the same order on every worker, as xdist needs)."""

    def rank(item) -> tuple[int, int]:
        name = item.path.name
        # the lesson that walks its whole period (test_period_lessons.WHOLE) before the rest
        whole = getattr(item, "callspec", None) and item.callspec.params.get("lesson") in getattr(
            item.module, "WHOLE", ()
        )
        return (FIRST.index(name) if name in FIRST else len(FIRST), 0 if whole else 1)

    browser = [item for item in items if item.get_closest_marker("browser")]
    if not browser:
        return
    others = [item for item in items if not item.get_closest_marker("browser")]
    items[:] = others + sorted(browser, key=rank)  # sorted() is stable: the rest keep order


@pytest.fixture(scope="session")
def jupyter_lab():
    notebooks = sorted(str(p.relative_to(REPO)) for p in (REPO / "notebooks").glob("*.ipynb"))
    lab = JupyterLab(notebooks).start()
    yield lab
    lab.stop()


@pytest.fixture
def lab_page(jupyter_lab, chromium):
    page = LabPage(chromium, jupyter_lab)
    yield page
    page.close()
    # the shared folder's saved work goes with the test: a lesson's game in play is taken up
    # again when its cell runs (lesson_game), so the next test would meet this one's game
    shutil.rmtree(jupyter_lab.root / ".evo_work", ignore_errors=True)
