"""How the whole suite runs: notebook kernels see every result.

nbval runs each notebook in a kernel of its own. The kernel is started with
``EVO_LESSONS_SHOW_RESULTS=1`` (the teacher's projector switch), so every result behind a
prediction shows at once and nbval runs and checks the cells that compute it. Only the notebook
kernels get it: the unit tests of the lessons see the variable as the developer's shell has it.

Parallel runs (``pytest -n 2``; pyproject.toml's ``addopts`` sets ``--dist loadfile``, so no
extra flag is needed) keep each file on one worker: a notebook's cells share one kernel and run
in order, and a module's fixtures (a game's balance run) are built once. (``--dist loadgroup``
would spread single tests more evenly, but with pytest 9.2 it silently stops grouping:
pytest-xdist issue 1386.) The files in
``SPREAD`` are the exception: many long tests with no fixture shared between them (the
conformance suite at every edge of every option is 2-3 minutes of CPU in one file), so their
tests are handed out one by one; kept whole, one worker ran the file alone at the end.
"""

from __future__ import annotations

import os

import pytest

SHOW_RESULTS = "EVO_LESSONS_SHOW_RESULTS"

#: test files whose tests --dist loadfile hands out one by one (no fixture wider than a test)
SPREAD = frozenset({"tests/engine/test_every_game.py"})

#: the files with few but long tests, handed out first, longest first (seconds measured alone
#: at load 4 with --durations). pytest-xdist hands files out in order of how many tests they
#: hold, so these came last, and one worker ran the Climate conformance suite alone at the end
#: while the other had nothing left to do. Every other file keeps that order after them.
LONGEST = (
    "tests/climate/test_conformance.py",  # 53 s: every variant, one test
    "tests/phylo/test_conformance.py",  # 24 s
    "tests/adapt_or_die/test_conformance.py",  # 15 s
    "tests/adaptation/test_properties.py",  # 13 s: illegal actions, Hypothesis
    "tests/niche/test_conformance.py",  # 12 s
    "tests/climate/test_bots.py",  # 11 s: the planner's legal choices
    "tests/lessons/test_lesson_notebooks.py",  # 10 s: nbval over the lessons, in a subprocess
    "tests/phylo/test_balance.py",  # 9 s: every pair of ready-made decks (fixture)
)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile``, with the tests of the files in ``SPREAD`` as units of their own,
    and the ``LONGEST`` files handed out first."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class FileOrTestScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path in SPREAD else path

        def _assign_work_unit(self, node) -> None:
            # before the first unit goes out, the LONGEST files move to the front of the queue
            # (which pytest-xdist has ordered by test count); the workers' own collections,
            # whose indices the tests are sent by, stay as they are
            workqueue = getattr(self, "workqueue", None)  # pytest-xdist's own (3.5 to 3.8)
            if not getattr(self, "_longest_first", False) and hasattr(workqueue, "items"):
                self._longest_first = True
                queue = list(workqueue.items())
                queue.sort(
                    key=lambda unit: LONGEST.index(unit[0]) if unit[0] in LONGEST else len(LONGEST)
                )
                workqueue.clear()
                workqueue.update(queue)
            super()._assign_work_unit(node)

    return FileOrTestScheduling(config, log)


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
