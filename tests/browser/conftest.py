"""Fixtures for browser tests: one JupyterLab and one Chromium for the whole session.

Every game's browser test uses them: ``lab_page`` gives a fresh page (console errors and
outside requests recorded) on a lab that serves copies of every notebook in notebooks/.
"""

from __future__ import annotations

import pytest

from .lab import REPO, JupyterLab, LabPage, launch_browser


@pytest.fixture(scope="session")
def jupyter_lab():
    notebooks = sorted(str(p.relative_to(REPO)) for p in (REPO / "notebooks").glob("*.ipynb"))
    lab = JupyterLab(notebooks).start()
    yield lab
    lab.stop()


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        yield browser
        browser.close()


@pytest.fixture
def lab_page(jupyter_lab, chromium):
    page = LabPage(chromium, jupyter_lab)
    yield page
    page.close()
