"""The benchmarks find every game in the registry: a new game needs no benchmark file.

This checks that the figures are produced, never how fast anything is (speed is measured by
``python benchmarks/run.py``, not by tests).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from evo_lessons import GAMES, game_spec

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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_gets_the_standard_figures_from_its_spec(runner, name):
    import common

    figures = common.game_figures(game_spec(name), quick=True, widget=False)
    assert len(figures) == 2
    for row in figures.values():
        assert row["games"] >= 1 and row["cpu_games_per_s"] > 0


def test_help_prints_the_flags_and_measures_nothing(runner, capsys):
    with pytest.raises(SystemExit) as stop:
        runner.main(["--help"])
    assert stop.value.code == 0
    assert "--game NAME" in capsys.readouterr().out


def test_an_unknown_flag_is_refused_before_anything_is_measured(runner, capsys):
    with pytest.raises(SystemExit) as stop:
        runner.main(["--fast"])
    assert stop.value.code == 2
    assert "unrecognized arguments: --fast" in capsys.readouterr().err
