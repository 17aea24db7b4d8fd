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
    # Grant & Wiseman state both American figures for Michigan and Pennsylvania together
    us = frame[frame["place"] == "Michigan and Pennsylvania, USA"].set_index("year")
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


def test_the_moth_counts_are_real_yearly_samples_each_marked_with_how_well_it_is_confirmed():
    frame = load("moth_counts")
    assert {"place", "year", "sample", "count"} <= set(frame.columns)
    cothill = frame[frame["place"].str.startswith("Cothill")].set_index("year")
    assert list(cothill.index) == list(range(1939, 1947))
    assert (cothill["sample"] == 2 * cothill["moths"]).all()
    assert (cothill["count"] <= cothill["sample"]).all()
    # Fisher & Ford 1947, Table 1: 1939 184/37/2 and 1946 905/78/3 (dominula/medionigra/bimacula)
    assert (cothill.loc[1939, "moths"], cothill.loc[1939, "count"]) == (223, 37 + 2 * 2)
    assert (cothill.loc[1946, "moths"], cothill.loc[1946, "count"]) == (986, 78 + 2 * 3)
    assert all(c.startswith(("two: ", "one: ")) for c in cothill["confirmed"])
    two = cothill[cothill["confirmed"].str.startswith("two: ")].index
    assert list(two) == [1939, 1943, 1946]
    # Walsh & Lynch's rounded allele shares for 1939 and 1943
    shares = cothill["count"] / cothill["sample"]
    assert round(shares[1939], 3) == 0.092 and round(shares[1943], 3) == 0.056


def test_the_finch_yearly_means_hold_the_drought_and_agree_with_the_1975_birds():
    yearly = load("finch_beak_depth_yearly").set_index("year")["mean_beak_depth_mm"]
    assert list(yearly.index) == list(range(1973, 2013))
    assert (yearly[1976], yearly[1978]) == (9.23, 9.74)
    birds = load("finch_beak_depth")
    fortis = birds[birds["species"] == "Geospiza fortis"].set_index("year")["mean_beak_depth_mm"]
    assert abs(yearly[1975] - fortis[1975]) <= 0.02 and abs(yearly[2012] - fortis[2012]) <= 0.05


def test_the_ltee_rows_say_how_many_populations_and_assays_and_credit_the_cc0_deposit():
    frame = load("ltee_fitness").set_index("generation")
    assert list(frame["populations"]) == [12, 12, 12, 11, 11, 9, 9]
    assert (frame["assays"] >= 18).all() and (frame["assay_sd"] > 0).all()
    assert "10.5061/dryad.0hc2m" in load("ltee_fitness").attrs["citation"]
    assert load("ltee_fitness").attrs["licence"].startswith("CC0")
    # the last step down is smaller than the assays' spread
    assert (
        frame.loc[40000, "mean_relative_fitness"] - frame.loc[50000, "mean_relative_fitness"]
        < (frame.loc[50000, "assay_sd"])
    )


def test_a_tables_words_read_in_the_lessons_language_and_its_numbers_do_not_change():
    from evo_lessons.i18n import speaking

    english = load("peppered_moth")
    with speaking("es"):
        spanish = load("peppered_moth")
    assert spanish["relation"].tolist()[:2] == ["primer registro", "alrededor de"]
    assert spanish["place"].iloc[0] == "Mánchester, Inglaterra"
    assert spanish.attrs["title"].startswith("Polilla del abedul")
    assert list(spanish.columns) == list(english.columns)  # column names are data
    assert spanish["year"].tolist() == english["year"].tolist()
    assert spanish["source"].tolist() == english["source"].tolist()  # ids
    # a citation's own words are translated; the publications cited stay as published
    assert spanish.attrs["citation"].startswith("La primera polilla del abedul")
    assert english.attrs["citation"].startswith("The first dark peppered moth")
    for source in info("peppered_moth")["sources"].values():
        title = source["citation"].split("). ")[1].split(".")[0]  # as published
        assert title in spanish.attrs["citation"]
    with speaking("es"):  # a citation with no words of its own is the same in every language
        counts = load("moth_counts").attrs["citation"]
    assert counts == load("moth_counts").attrs["citation"] == citation("moth_counts")
    assert english["relation"].iloc[0] == "first record"
