"""The benchmarks find every game in the registry: a new game needs no benchmark file.

This checks that the figures are produced, never how fast anything is (speed is measured by
``python benchmarks/run.py``, not by tests).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def runner(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    yield importlib.import_module("run")
    sys.modules.pop("run", None)


def test_a_game_without_a_benchmark_file_is_measured_from_its_spec(runner):
    # the guide's example game is registered for the tests and has no bench_peppered_moths.py
    assert not (BENCHMARKS / "bench_peppered_moths.py").exists()
    figures = runner.game_benchmarks("peppered_moths", quick=True, widget=False)
    assert set(figures) == {"peppered_moths_games", "peppered_moths_naturalist_games"}
    for row in figures.values():
        assert row["games"] >= 3 and row["cpu_games_per_s"] > 0
