"""Every route to a forged or double-counted class result, tried (robustness.md §3, §4, N1-N8,
N13, N14; issue 17 §3-§5). Each test names the route it closes."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from evo_lessons.classroom import check_code, pool
from evo_lessons.engine import record, results
from evo_lessons.engine.results import ResultCodeError
from evo_lessons.widgets.session import GameSession

from .helpers import a_code, pack, play_as_student, sealed, unpack

NICHE = ["human", "planner", "planner", "planner"]


def problem_of(code: str) -> str:
    with pytest.raises(ResultCodeError) as caught:
        check_code(code)
    return caught.value.problem


def lost_niche_game() -> GameSession:
    """A niche game the student (seat 0, random moves) lost to three planners."""
    for seed in range(200):
        session = play_as_student(GameSession("niche", seed, NICHE, players=4), seed)
        if session.state.winners and 0 not in session.state.winners:
            return session
    raise AssertionError("no lost game found")


# -- seats ----------------------------------------------------------------------------------------
def test_relabelling_the_students_seat_onto_the_winners_is_refused():
    session = lost_niche_game()
    data = unpack(session.result_code("Mallory"))
    winner = session.state.winners[0]
    seats = data["save"]["seats"]
    seats[0], seats[winner] = seats[winner], seats[0]
    data["play"]["student"] = winner
    assert problem_of(pack(json.dumps(data))) == "bot"


def test_relabelling_only_the_student_field_onto_a_bot_seat_is_refused():
    data = unpack(lost_niche_game().result_code("Mallory"))
    data["play"]["student"] = 1  # seat 1 is a planner's, not a person's
    assert problem_of(pack(json.dumps(data))) == "field"


def test_bot_seats_that_did_not_play_as_their_bot_are_refused():
    session = GameSession("niche", 3, ["human", "random", "random", "random"], players=4)
    data = unpack(play_as_student(session, 3).result_code("Mallory"))
    data["save"]["seats"] = NICHE  # random play labelled as the planner's
    assert problem_of(pack(json.dumps(data))) == "bot"


def test_a_genuine_game_against_bots_is_counted():
    row = check_code(lost_niche_game().result_code("Ada"))
    assert row["counts"] and row["you_won"] == 0 and row["student_seat"] == 0


# -- the helper ------------------------------------------------------------------------------------
def test_a_game_played_to_the_end_by_the_helper_is_listed_apart_not_counted():
    session = GameSession("niche", 4, NICHE, players=4)
    session.play_to_end()
    pooled = pool(session.result_code("Hana"))
    assert pooled.games.empty and pooled.apart["problem"].tolist() == ["helped"]


def test_one_step_on_the_students_turn_lists_the_game_apart():
    session = GameSession("niche", 4, NICHE, players=4)
    session.run_bots()
    session.bot_step()  # Step on the student's turn
    play_as_student(session, 4)
    pooled = pool(session.result_code("Hana"))
    assert pooled.apart["problem"].tolist() == ["helped"]
    assert "1 of the student's" in pooled.apart["reason"].iloc[0]


def test_claiming_the_helpers_moves_as_a_bots_is_refused():
    session = GameSession("niche", 4, NICHE, players=4)
    session.play_to_end()
    data = unpack(session.result_code("Hana"))
    data["play"]["movers"] = data["play"]["movers"].replace("h", "b")
    assert problem_of(pack(json.dumps(data))) == "field"


def test_a_game_nobody_played_is_listed_apart():
    session = GameSession("niche", 4, ["planner"] * 4, players=4)
    session.play_to_end()
    assert pool(session.result_code("Bo")).apart["problem"].tolist() == ["no-student"]


def test_a_seat_switched_mid_game_lists_the_game_apart():
    session = GameSession("niche", 4, NICHE, players=4)
    session.run_bots()
    session.act_index(0)
    session.set_seat(1, "human")  # a bot's seat given to the person: its hand would show
    session.set_seat(1, "planner")
    play_as_student(session, 4)
    assert pool(session.result_code("Eve")).apart["problem"].tolist() == ["seats-changed"]


def test_a_code_made_without_a_session_is_listed_apart_as_unrecorded():
    state = lost_niche_game().state
    code = results.game_result_code(state, "Ada", NICHE)
    assert pool(code).apart["problem"].tolist() == ["unrecorded"]


# -- scenario and lesson ---------------------------------------------------------------------------
def test_codes_from_another_seed_are_listed_apart_when_the_teacher_fixes_the_scenario():
    mine, other = a_code("Ada", seed=5), a_code("Ben", seed=6)
    pooled = pool([mine, other], scenario=5)
    assert pooled.games["name"].tolist() == ["Ada"]
    assert pooled.apart["problem"].tolist() == ["other-scenario"]


def test_a_fixed_scenario_code_binds_game_options_seats_and_opening_moves():
    teacher = GameSession("niche", 8, NICHE, players=4, teacher=True)
    teacher.run_bots()
    teacher.act_index(1)
    scenario = teacher.scenario_code()
    student = play_as_student(GameSession.from_scenario(scenario), 1)
    elsewhere = GameSession("niche", 8, NICHE, players=4)  # the same seed, another opening
    elsewhere.run_bots()
    elsewhere.act_index(0)
    play_as_student(elsewhere, 2)
    pooled = pool([student.result_code("Ada"), elsewhere.result_code("Ben")], scenario=scenario)
    assert pooled.games["name"].tolist() == ["Ada"]
    assert pooled.apart["problem"].tolist() == ["other-scenario"]


def test_a_game_continued_from_a_loaded_position_is_listed_apart_unless_fixed():
    teacher = GameSession("niche", 8, NICHE, players=4, teacher=True)
    teacher.run_bots()
    teacher.act_index(0)
    code = play_as_student(GameSession.from_scenario(teacher.scenario_code()), 1).result_code("A")
    assert pool(code).apart["problem"].tolist() == ["loaded"]


def test_another_setup_never_becomes_the_compared_setup():
    from evo_lessons.classroom import class_versus_chance

    niche = lost_niche_game().result_code("Ada")
    climate = play_as_student(GameSession("climate", 3, ["human", "planner"], players=2), 3)
    copies = [climate.result_code("Flood", lesson=f"lesson{n}") for n in range(10)]
    pooled = pool([niche, *copies])
    assert len(pooled.games) == 2 and len(pooled.setups) == 2  # ten copies count once
    with pytest.raises(ValueError, match="setups"):
        class_versus_chance(pooled.games, n=5)
    assert [c.table["n"].iloc[0] for c in pooled.comparisons(n=5)] == [1, 1]


def test_codes_from_another_lesson_are_listed_apart_when_the_lesson_is_fixed():
    pooled = pool([a_code("Ada", lesson="03_adaptation"), a_code("Ben", 6, "01_climate")],
                  lesson="03_adaptation")  # fmt: skip
    assert pooled.games["name"].tolist() == ["Ada"]
    assert pooled.apart["problem"].tolist() == ["other-lesson"]


# -- one game counts once --------------------------------------------------------------------------
def reencodings(code: str) -> list[str]:
    data = unpack(code)
    raw = json.dumps(data).encode()
    renamed = {**data, "name": "Someone Else"}
    reordered = dict(reversed(list(data.items())))
    readable = {**data, "save": record.save_dict(
        record.replay(__import__("evo_lessons").game_spec(data["save"]["game"]), data["save"]),
        seats=data["save"]["seats"])}  # fmt: skip
    return [
        pack(raw, level=1),
        pack(json.dumps(data, indent=4)),
        pack(json.dumps(reordered, sort_keys=True)),
        pack(json.dumps(renamed)),
        pack(json.dumps(readable)),  # the moves as action objects, not tokens
        code + "=",
    ]


def test_a_game_re_encoded_five_ways_counts_once_and_each_copy_is_named():
    code = a_code("Ada")
    copies = [c for c in reencodings(code) if unpack_name(c) != "Someone Else"]
    pooled = pool([code, *copies])
    assert len(pooled.games) == 1
    assert pooled.duplicates["same_as"].tolist() == ["Ada (pasted)"] * len(pooled.duplicates)
    assert len(pooled.duplicates) + len(pooled.rejected) == 5


def test_a_renamed_copy_puts_every_copy_of_the_game_apart():
    code = a_code("Ada")
    pooled = pool([code, *reencodings(code)])
    assert pooled.games.empty
    assert set(pooled.apart["problem"]) == {"shared"}
    assert {"Ada", "Someone Else"} <= set(pooled.apart["name"])


def unpack_name(code: str) -> str | None:
    try:
        return unpack(code)["name"]
    except Exception:  # a copy damaged on purpose
        return None


def test_the_comparison_uses_the_de_duplicated_games():
    win = a_code("Ada")
    pooled = pool([win, *[c for c in reencodings(win) if unpack_name(c) != "Someone Else"]])
    (comparison,) = pooled.comparisons(n=5)
    assert comparison.table["n"].iloc[0] == 1


def test_trailing_bytes_after_the_compressed_stream_are_refused():
    code = a_code("Ada")
    data = unpack(code)
    raw = zlib.compress(json.dumps(data).encode()) + b"\x00tail"
    import base64

    forged = "EVR2-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert problem_of(forged) == "trailing"


def test_an_option_written_out_or_left_at_its_default_is_the_same_game():
    code = a_code("Ada")
    data = unpack(code)
    data["save"]["options"] = {"players": 3}  # the other options at their defaults
    pooled = pool([code, pack(json.dumps(data))])
    assert len(pooled.games) == 1 and pooled.apart["problem"].tolist() == ["duplicate"]


# -- hand-ins --------------------------------------------------------------------------------------
def test_codes_typed_into_an_answer_are_never_pooled(tmp_path):
    typed = " ".join(a_code(n, seed=s) for n, s in (("Ann", 6), ("Ben", 7), ("Cat", 8)))
    (tmp_path / "ada.md").write_text(
        sealed(f"> {typed}\n\n<!-- evo-results -->\n- `{a_code('Ada')}`\n<!-- /evo-results -->\n"),
        encoding="utf-8",
    )
    (tmp_path / "ada.html").write_text(
        sealed(
            f'<p class="answer">{typed}</p><section id="evo-results"><code>{a_code("Ada")}</code>'
            "</section>"
        ),
        encoding="utf-8",
    )
    pooled = pool(tmp_path)
    assert pooled.games["name"].tolist() == ["Ada"] and pooled.rejected.empty


def test_a_hand_in_without_a_results_section_is_listed_apart_unread(tmp_path):
    (tmp_path / "old.md").write_text(sealed(f"> {a_code('Ann')}\n"), encoding="utf-8")
    pooled = pool(tmp_path)
    assert pooled.games.empty and pooled.apart["problem"].tolist() == ["no-results"]


def test_a_second_results_section_in_a_hand_in_is_refused_whole(tmp_path):
    section = f"<!-- evo-results -->\n{a_code('Ann')}\n<!-- /evo-results -->\n"
    (tmp_path / "two.md").write_text(sealed(section + section), encoding="utf-8")
    assert pool(tmp_path).apart["problem"].tolist() == ["no-results"]


def test_an_old_evr1_code_is_listed_apart_with_its_name():
    data = unpack(a_code("Ada"))
    data["version"] = 1
    pooled = pool(pack(json.dumps(data), prefix="EVR1-"))
    assert pooled.apart[["name", "problem"]].values.tolist() == [["Ada", "old"]]


# -- cost ------------------------------------------------------------------------------------------
def population_code(settings: dict) -> str:
    summary = {"generations": 1, "size": 1, "mean_fitness": 1.0, "extinct": False,
               "frequencies": {}}  # fmt: skip
    return results.encode(results.population_result(settings, summary, "Mallory"))


@pytest.mark.parametrize(
    "settings",
    [
        {"game": "climate", "size": 1_000_000, "generations": 2, "mutation_rate": 0.01, "seed": 1,
         "migration": 0.1, "environment": {"cells": list(range(1, 64))}},
        {"game": "climate", "size": 1, "generations": 50_000, "mutation_rate": 0.01, "seed": 1,
         "changes": [[1, {"size": 1_000_000}]]},
    ],
    ids=["63-demes", "size-change"],
)  # fmt: skip
def test_a_population_code_past_the_work_bound_is_refused_before_it_runs(settings, monkeypatch):
    import evo_lessons.population as population

    def never(*args, **kwargs):
        raise AssertionError("the run was started")

    monkeypatch.setattr(population, "run", never)
    assert problem_of(population_code(settings)) == "work"


def test_a_quadratic_string_run_is_refused_in_one_pass():
    hostile = '"' + '\\"' * 999_999  # 2 MB: hours of CPU for a rescanning pre-check
    with pytest.raises(ValueError):
        record.parse_save(hostile)
    assert problem_of(pack(hostile)) == "size"  # 2 MB from a few kB: refused unread


def test_the_longest_adapt_or_die_game_found_saves_reloads_and_hands_in():
    """robustness.md N1: a finished legal game always saves, reloads and hands in. Every game
    now ends within 500 rounds (Adapt or Die's R19), so N1's 5,996-round game is refused as a
    setup; the longest of the uniform random games tried under the cap (5 players, 5 habitats,
    extinction scoring: 19,742 moves) stands in for it."""
    from evo_lessons import game_spec

    spec = game_spec("adapt_or_die")
    with pytest.raises(ValueError, match="max_rounds"):
        spec.new_game(seed=936479117784, players=4, max_rounds=5996)
    state = spec.new_game(seed=1, players=5, habitats_per_player=5, choose_creature=False,
                          scoring="extinctions", max_rounds=500)  # fmt: skip
    rng = random.Random(1)
    actors = []
    while not state.is_over:
        actors.append(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) == 19_742
    assert spec.load_json(state.to_json()) == state
    seats = ["human"] * 5
    play = results.play_record(seats, actors, ["person"] * len(actors), student=0)
    save = record.compact_save(state, seats)
    row = check_code(results.encode(results.game_result(save, "Ada", play=play)))
    assert row["counts"] and row["actions"] == 19_742


def test_two_people_at_one_screen_each_hand_in_their_own_seat_once():
    session = play_as_student(GameSession("climate", 6, ["human", "human"], players=2), 6)
    ann, ben = session.result_code("Ann", seat=0), session.result_code("Ben", seat=1)
    pooled = pool([ann, ben, session.result_code("Ann", "01_climate", seat=0)])
    assert pooled.games["name"].tolist() == ["Ann", "Ben"]
    assert pooled.games["roles"].tolist() == ["student/classmate", "classmate/student"]
    assert pooled.duplicates["name"].tolist() == ["Ann"]


def test_the_section_writers_make_what_pooling_reads(tmp_path):
    from evo_lessons.classroom import html_results, markdown_results

    code = a_code("Ada")
    (tmp_path / "a.md").write_text(
        sealed("# x\n\n" + markdown_results([f"- `{code}`"])), encoding="utf-8"
    )
    (tmp_path / "b.html").write_text(sealed(html_results(f"<code>{code}</code>")), encoding="utf-8")
    pooled = pool(tmp_path)
    assert (
        pooled.games["name"].tolist() == ["Ada"]
        and pooled.games["sources"].iloc[0] == "a.md, b.html"
    )


def test_a_run_past_the_work_bound_is_work_in_spanish_too(monkeypatch):
    """The problem word is read from the English refusal; the reason speaks the reader's."""
    import evo_lessons.population as population
    from evo_lessons.i18n import speaking

    monkeypatch.setattr(population, "run", lambda *a, **k: pytest.fail("the run was started"))
    settings = {"game": "climate", "size": 1, "generations": 50_000, "mutation_rate": 0.01,
                "seed": 1, "changes": [[1, {"size": 1_000_000}]]}  # fmt: skip
    with speaking("es"), pytest.raises(ResultCodeError) as caught:
        check_code(population_code(settings))
    assert caught.value.problem == "work"
    assert caught.value.sentence.startswith("los ajustes de la simulación se rechazan")
