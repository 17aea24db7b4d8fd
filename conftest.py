"""How the whole suite runs: notebook kernels see every result.

nbval runs each notebook in a kernel of its own. The kernel is started with
``EVO_LESSONS_SHOW_RESULTS=1`` (the teacher's projector switch), so every result behind a
prediction shows at once and nbval runs and checks the cells that compute it. Only the notebook
kernels get it: the unit tests of the lessons see the variable as the developer's shell has it.

Parallel runs (``pytest -n auto --dist loadfile``, as ``.ci/run`` runs them) keep each file on
one worker: a notebook's cells share one kernel and run in order, and a module's fixtures (a
game's balance run) are built once. (``--dist loadgroup`` would spread single tests more evenly,
but with pytest 9.2 it silently stops grouping: pytest-xdist issue 1386.)
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
