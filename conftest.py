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

import functools
import importlib.util
import os
from pathlib import Path

import pytest

SHOW_RESULTS = "EVO_LESSONS_SHOW_RESULTS"

#: the Spanish lessons (built from PO files: python -m evo_lessons.lessons translate build es)
#: run their code cells as the English ones do, but for lang="es" and the prompts' text
#: (tests/lessons/test_translated_lessons.py checks that), so nbval runs none of them. The
#: Spanish 00 still goes through a kernel whole, once: tests/i18n/test_spanish_lessons.py runs
#: it (every cell, failing on any error, as nbval did: its cells carry no nbval tag) and then
#: reads every output for English. nbval ran it a second time.
collect_ignore_glob = ["notebooks/es/*.ipynb"]

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


@functools.cache
def _golden_module():
    """tests/lessons/golden.py, loaded by its path (tests/ is no package)."""
    path = Path(__file__).parent / "tests" / "lessons" / "golden.py"
    spec = importlib.util.spec_from_file_location("evo_golden_outputs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _golden_outputs(item: pytest.Item) -> None:
    """A student lesson's gated result cell ships without its output (it would show the answer
    before any prediction): nbval compares it with the outputs kept under tests/ instead
    (``tests/lessons/golden.py``)."""
    cell = getattr(item, "cell", None)
    if cell is None or cell.get("outputs") or item.path.parent.name != "notebooks":
        return
    import nbformat

    golden = _golden_module()
    outputs = golden.load(item.path).get(cell.get("id"))
    if outputs is not None and golden.is_checked(cell):
        joined = [
            {k: "".join(v) if k == "text" and isinstance(v, list) else v for k, v in o.items()}
            for o in outputs
        ]  # as nbformat.read gives them: multi-line strings joined
        cell["outputs"] = [nbformat.from_dict(output) for output in joined]
        cell["execution_count"] = cell.get("execution_count") or 1  # nbval: a cell that ran


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    """Around a notebook cell's setup (where nbval starts the kernel), set the switch; a
    gated cell gets its golden outputs to be compared with."""
    if not _is_notebook_cell(item):
        return (yield)
    _golden_outputs(item)
    before = os.environ.get(SHOW_RESULTS)
    os.environ[SHOW_RESULTS] = "1"
    try:
        return (yield)
    finally:
        if before is None:
            del os.environ[SHOW_RESULTS]
        else:
            os.environ[SHOW_RESULTS] = before
