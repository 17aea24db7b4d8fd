"""evo_lessons.data: every shipped number says where it came from."""

from __future__ import annotations

import subprocess
import sys

import pytest

from evo_lessons.data import citation, datasets, info, load


def test_at_least_four_tables_are_shipped_and_one_is_the_peppered_moth():
    names = datasets()
    assert len(names) >= 4
    assert any("moth" in name for name in names)
    assert {"finch_beak_depth", "ltee_fitness"} <= set(names)


@pytest.mark.parametrize("name", datasets())
def test_every_table_loads_with_its_citation_licence_and_a_meaning_for_each_column(name):
    frame = load(name)
    assert len(frame) >= 2
    assert frame.attrs["citation"] and frame.attrs["licence"] and frame.attrs["source"]
    assert frame.attrs["precision"]
    assert list(frame.columns) == list(frame.attrs["columns"])
    assert all(text.strip() for text in frame.attrs["columns"].values())
    for source in info(name)["sources"].values():
        assert source["citation"] in citation(name)
        assert source["where"]


def test_the_finches_come_from_the_cc0_dryad_package():
    frame = load("finch_beak_depth")
    assert "10.5061/dryad.g6g3h" in frame.attrs["citation"]
    assert frame.attrs["licence"].startswith("CC0")
    fortis = frame[frame["species"] == "Geospiza fortis"].set_index("year")
    assert fortis.loc[1975, "birds"] == 316 and fortis.loc[2012, "mean_beak_depth_mm"] == 8.61


def test_the_moth_table_keeps_unknown_sample_sizes_empty_rather_than_guessed():
    frame = load("peppered_moth")
    assert frame["sample"].isna().all()
    us = frame[frame["place"] == "Michigan, USA"].set_index("year")
    assert us.loc[1959, "relation"] == "above" and us.loc[2001, "dark_percent"] == 6


def test_an_unknown_table_is_refused_with_the_list_of_tables():
    with pytest.raises(ValueError, match="peppered_moth"):
        load("dodo")
    with pytest.raises(ValueError, match="no table"):
        info(3)


def test_importing_the_data_module_loads_no_pandas():
    code = "import sys, evo_lessons, evo_lessons.data; evo_lessons.data.datasets(); "
    code += "print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
