"""Pooling a class: codes from anywhere, one row per game with the numbers the game gives."""

from __future__ import annotations

import math

import pytest

from evo_lessons.classroom import (
    EXAMPLE_FILE,
    chance,
    class_versus_chance,
    compare,
    example_codes,
    mean_interval,
    pool,
    result_code,
    wilson,
)
from evo_lessons.classroom.compare import t_quantile
from evo_lessons.classroom.example import GAME, NAMES, OPTIONS, SEATS, played, write_example
from evo_lessons.engine import record
from evo_lessons.widgets.session import GameSession

from .helpers import a_code, finished_session, sealed


@pytest.fixture(scope="module")
def thirty():
    return example_codes(30)


def test_thirty_codes_pool_into_the_numbers_their_games_give(thirty):
    games, rejected = pool(thirty)
    assert rejected.empty and len(games) == 30
    for number, row in games.iterrows():
        state = played(1000 + number).state
        assert row["name"] == NAMES[number]
        for key, value in state.summary().items():
            assert row[key] == value, key
        assert row["you_won"] == int(0 in state.winners)
        assert row["you_tokens"] == state.metrics()[0]["tokens"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_shipped_example_is_what_the_command_writes(tmp_path, lang):
    """In any language: the file holds codes and its own comments, never translated."""
    from evo_lessons.i18n import speaking

    with speaking(lang):
        written = write_example(tmp_path / "codes.txt")
    assert written.read_text(encoding="utf-8") == EXAMPLE_FILE.read_text(encoding="utf-8"), (
        "the Climate rules or bots changed: run python -m evo_lessons.classroom example"
    )


def test_the_shipped_example_holds_thirty_games_a_copy_a_helped_game_and_two_forgeries():
    results = pool(EXAMPLE_FILE)
    # the first game and its renamed copy are the same game in two students' files: both apart
    assert len(results.games) == 29 and results.rejected["problem"].tolist() == ["move", "zlib"]
    assert results.apart["problem"].tolist() == ["shared", "shared", "helped"]
    assert results.rejected["name"].iloc[0] == "Forger"  # a refused code names its student
    assert len(results.populations) == 3


def html_hand_in(*codes: str, answer: str = "") -> str:
    listed = "".join(f"<li><code>{c}</code></li>" for c in codes)
    return sealed(
        f'<html><body><p class="answer">{answer}</p><h2>Games</h2>'
        f'<section id="evo-results"><ul>{listed}</ul></section></body></html>'
    )


def md_hand_in(*codes: str, answer: str = "") -> str:
    listed = "\n".join(f"- result code: `{c}`" for c in codes)
    section = f"<!-- evo-results -->\n{listed}\n<!-- /evo-results -->\n"
    return sealed(f"> {answer}\n\n## Games\n\n{section}")


def test_codes_are_read_from_hand_in_files_html_and_markdown(tmp_path):
    scenario = finished_session().scenario_code()
    (tmp_path / "ada.html").write_text(html_hand_in(scenario, a_code("Ada")), encoding="utf-8")
    (tmp_path / "ben.md").write_text(md_hand_in(a_code("Ben", seed=6)), encoding="utf-8")
    games, rejected = pool([tmp_path / "ada.html", str(tmp_path / "ben.md")])
    assert games["name"].tolist() == ["Ada", "Ben"] and rejected.empty  # scenario not taken


def test_a_shared_folder_is_read_and_a_hand_ins_two_files_count_once(tmp_path):
    hand_in = tmp_path / "class" / "hand-in"
    hand_in.mkdir(parents=True)
    (hand_in / "01_climate-ada.html").write_text(html_hand_in(a_code("Ada")), encoding="utf-8")
    (hand_in / "01_climate-ada.md").write_text(md_hand_in(a_code("Ada")), encoding="utf-8")
    hidden = tmp_path / "class" / ".evo_work"
    hidden.mkdir()
    (hidden / "notes.txt").write_text("not a code", encoding="utf-8")
    games, rejected = pool(str(tmp_path / "class"))
    assert games["name"].tolist() == ["Ada"] and rejected.empty
    assert games["sources"].iloc[0].count("01_climate-ada") == 2


def test_pasted_text_reads_one_code_a_line_and_reports_junk():
    games, rejected = pool(f"{a_code('Ada')}\n\n  Ben: {a_code('Ben', seed=6)}\nnot a code\n")
    assert games["name"].tolist() == ["Ada", "Ben"]
    assert rejected["problem"].tolist() == ["prefix"]


def test_an_uploaded_file_is_read():
    upload = ({"name": "ada.md", "content": memoryview(md_hand_in(a_code("Ada")).encode())},)
    games, _ = pool(upload)
    assert games["name"].tolist() == ["Ada"]


def test_the_same_game_under_two_names_counts_for_neither_whatever_the_order():
    for codes in ([a_code("Ada"), a_code("Ben")], [a_code("Ben"), a_code("Ada")]):
        results = pool(codes)
        assert results.games.empty
        assert sorted(results.apart["name"]) == ["Ada", "Ben"]
        assert results.apart["problem"].tolist() == ["shared", "shared"]
        assert "2 students' files" in results.apart["reason"].iloc[0]


def test_a_population_run_pools_and_a_forged_summary_is_rejected():
    from evo_lessons.engine import results
    from evo_lessons.population import evolve

    run = evolve("climate", size=200, generations=20, mutation_rate=0.01, seed=3)
    code = result_code(run, "Chen")
    data = results.parse_result(code)
    data["summary"]["mean_fitness"] = 0.99
    pooled = pool([code, results.encode(data)])
    runs = pooled.populations
    assert runs["name"].tolist() == ["Chen"] and runs["kind"].tolist() == ["population"]
    assert runs["generations"].iloc[0] == 20 and pooled.games.empty
    assert pooled.rejected["problem"].tolist() == ["forged"]
    assert pooled.population_summary()["runs"].tolist() == [1]


def test_a_result_code_needs_a_finished_game():
    session = GameSession("adaptation", seed=1, seats=["human", "keeper"], players=2)
    with pytest.raises(ValueError, match="finished"):
        result_code(session, "Ada")


def test_a_scenario_code_and_a_result_code_never_share_a_prefix():
    assert record.encode(finished_session().scenario())[:5] != a_code()[:5]


# -- chance and the comparison ------------------------------------------------------------------
def test_chance_plays_the_students_seat_at_random_against_the_same_bots():
    rows = chance("adaptation", {"players": 3}, 40, seats=["keeper", "human", "keeper"])
    assert len(rows) == 40 and set(rows["setup"]) == {
        "adaptation (players=3, tokens=3; seats keeper/student/keeper)"
    }
    assert rows["you_won"].tolist() == [int(1 in w) for w in rows["winners"]]


def test_the_class_and_chance_share_a_setup_so_they_compare(thirty):
    games, _ = pool(thirty[:6])
    baseline = chance(GAME, OPTIONS, 20, seats=SEATS)
    assert {s.split(": ", 1)[1] for s in games["setup"]} == set(baseline["setup"])
    assert set(games.columns) >= {c for c in baseline.columns if c.startswith("you_")}


def test_the_plot_has_a_panel_per_measure_with_games_counted_under_each_bar(thirty):
    games, _ = pool(thirty[:8])
    result = class_versus_chance(games, n=30, measures=["you_won", "tokens"])
    axes = [ax for ax in result.figure.axes if ax.get_visible()]
    assert len(axes) == 2
    labels = [t.get_text() for t in axes[0].get_xticklabels()]
    assert labels == ["our class\nn = 8", "chance\nn = 30"]
    assert "our class" in result.alt_text and "95% interval" in result.alt_text
    assert 'alt="Bar charts' in result._repr_html_() and "<table" in result._repr_html_()
    assert list(result.table["who"]) == ["our class", "chance"] * 2


def test_compare_refuses_measures_the_game_does_not_have(thirty):
    games, _ = pool(thirty[:2])
    with pytest.raises(ValueError, match="measure"):
        compare(games, games, GAME, measures=["height"])


def test_wilson_interval_matches_the_textbook():
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)


@pytest.mark.parametrize(("df", "t"), [(2, 4.303), (5, 2.571), (10, 2.228), (29, 2.045)])
def test_t_quantiles_match_the_table(df, t):
    assert t_quantile(df) == pytest.approx(t, abs=2e-3)


def test_a_mean_interval_needs_two_values():
    assert math.isnan(mean_interval([3.0])[1])
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and (low, high) == pytest.approx((2 - 2.484, 2 + 2.484), abs=2e-3)


def test_a_measure_every_game_shares_still_draws_its_interval():
    import pandas as pd

    same = pd.DataFrame({"you_won": [0, 0, 0], "you_tokens": [0.1, 0.1, 0.1], "setup": "s"})
    result = compare(same, same, "climate", measures=["you_won", "tokens"])
    assert list(result.table["n"]) == [3, 3, 3, 3]


def test_pooling_in_spanish_gives_the_same_lists_with_spanish_reasons():
    from evo_lessons.i18n import speaking

    codes = [a_code("Ada"), a_code("Ben"), "EVR2-@@@"]
    english = pool(codes)
    with speaking("es"):
        spanish = pool(codes)
        summary = spanish.summary()
    for part in ("apart", "rejected"):
        ours, theirs = getattr(english, part), getattr(spanish, part)
        assert ours["problem"].tolist() == theirs["problem"].tolist()
        assert list(ours.columns) == list(theirs.columns)  # the columns are data: English
    assert "la misma partida en archivos de 2 estudiantes" in spanish.apart["reason"].iloc[0]
    assert summary.startswith("Fijado por el docente: nada")
    assert "Contados: 0 partidas en 0 configuraciones" in summary
