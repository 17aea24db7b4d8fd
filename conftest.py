"""How the whole suite runs: notebooks see every result, and parallel workers split it safely.

- **Notebooks.** nbval runs each student notebook in a kernel of its own. The kernel is started
  with ``EVO_LESSONS_SHOW_RESULTS=1`` (the teacher's projector switch), so every result behind a
  prediction shows at once and nbval runs the cells that compute it. Only the notebook kernels
  get it: the unit tests of the lessons see the variable as the developer's shell has it.
- **Parallel workers** (``pytest -n auto --dist loadgroup``, as ``.ci/run`` runs it). Tests are
  spread one by one over the workers, except tests that must stay together, which get an
  ``xdist_group``: a notebook's cells (they share one kernel, in order), and the tests that share
  a module- or session-wide fixture (one JupyterLab and one Chromium for the browser tests, one
  balance run for a game's balance tests), which is then built once, not once a worker.
  Without xdist the groups change nothing.
"""

from __future__ import annotations

import os

import pytest

SHOW_RESULTS = "EVO_LESSONS_SHOW_RESULTS"


def _is_notebook_cell(item: pytest.Item) -> bool:
    return type(item).__module__.startswith("nbval")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    """Around a notebook cell's setup (where nbval starts the kernel), set the switch."""
    if not _is_notebook_cell(item):
        return (yield)
    before = os.environ.get(SHOW_RESULTS)
    os.environ[SHOW_RESULTS] = "1"
    try:
        return (yield)
    finally:
        if before is None:
            del os.environ[SHOW_RESULTS]
        else:
            os.environ[SHOW_RESULTS] = before


def _shared_fixture_group(item: pytest.Item) -> str | None:
    """The place that defines the widest fixture this test shares with others, if any."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for definitions in info.name2fixturedefs.values():
        for definition in definitions:
            if definition.scope in ("module", "package", "session") and definition.baseid:
                if definition.scope == "module":
                    return item.nodeid.split("::")[0]
                return definition.baseid
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _is_notebook_cell(item):
            group = item.nodeid.split("::")[0]
        else:
            group = _shared_fixture_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
