"""The red-team's file and forgery routes (F4, F5, F12, F13, F14): a hand-in edited in a text
editor, relabelled seats, one game in two students' files, an option that changes nothing,
and a long pasted line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evo_lessons.classroom import pool
from evo_lessons.engine import results
from evo_lessons.lessons.handin import to_html, to_markdown, with_work
from evo_lessons.lessons.work import Work
from evo_lessons.widgets.session import GameSession

from .helpers import a_code, play_as_student, unpack


def hand_in_files(folder: Path, student: str, codes: list[str], stem: str) -> list[Path]:
    """A lesson's two hand-in files, as the Hand in box writes them."""
    work = Work("05_phylo", folder / ".evo_work" / "05_phylo.json")
    work.student = student
    work.results = [
        {"label": f"Phylo, game {n}", "kind": "game", "game": "phylo", "code": c, "helped": False}
        for n, c in enumerate(codes, start=1)
    ]
    written = []
    for suffix, text in ((".md", to_markdown(work, "Phylo")), (".html", to_html(work, "Phylo"))):
        path = folder / f"{stem}{suffix}"
        path.write_text(with_work(text, work), encoding="utf-8")
        written.append(path)
    return written


def phylo_codes(name: str, count: int, first_seed: int = 40) -> list[str]:
    return [
        play_as_student(GameSession("phylo", first_seed + n, ["human", "builder"]), n).result_code(
            name, "05_phylo"
        )
        for n in range(count)
    ]


# -- F4: a hand-in edited in a text editor ----------------------------------------------------
def test_a_hand_in_as_written_pools_every_game(tmp_path):
    codes = phylo_codes("Zoe", 4)
    md, html = hand_in_files(tmp_path, "Zoe", codes, "05_phylo-zoe")
    assert len(pool(md).games) == 4 and len(pool(html).games) == 4


@pytest.mark.parametrize("suffix", [".md", ".html"])
def test_deleting_the_losses_from_a_hand_in_refuses_the_whole_file(tmp_path, suffix):
    codes = phylo_codes("Zoe", 4)
    path = next(p for p in hand_in_files(tmp_path, "Zoe", codes, "z") if p.suffix == suffix)
    text = path.read_text(encoding="utf-8")
    for code in codes[1:]:  # what a text editor does: the code lines go
        text = text.replace(code, "")
    path.write_text(text, encoding="utf-8")
    pooled = pool(path)
    assert pooled.games.empty and pooled.apart.empty
    assert pooled.rejected["problem"].tolist() == ["edited"]
    assert "changed after it was made" in pooled.rejected["reason"].iloc[0]


def test_a_hand_in_without_its_seal_is_refused(tmp_path):
    (md, _html) = hand_in_files(tmp_path, "Zoe", phylo_codes("Zoe", 1), "z")
    lines = md.read_text(encoding="utf-8").splitlines()
    md.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    assert pool(md).rejected["problem"].tolist() == ["edited"]


def test_line_endings_changed_on_the_way_do_not_refuse_a_hand_in(tmp_path):
    (md, _html) = hand_in_files(tmp_path, "Zoe", phylo_codes("Zoe", 1), "z")
    md.write_bytes(md.read_bytes().replace(b"\n", b"\r\n"))
    assert len(pool(md).games) == 1


# -- F12: one game in two students' files ----------------------------------------------------
def test_a_copied_game_in_two_students_files_counts_for_neither_whatever_the_file_order(tmp_path):
    zoe = phylo_codes("Zoe", 1)[0]
    data = results.parse_result(zoe)
    copied = results.encode({**data, "name": "Aaron"})
    for zoe_stem, aaron_stem in (("05_phylo-zoe", "05_phylo-aaron"), ("b-zoe", "a-aaron")):
        folder = tmp_path / zoe_stem
        folder.mkdir()
        hand_in_files(folder, "Zoe", [zoe], zoe_stem)
        hand_in_files(folder, "Aaron", [copied], aaron_stem)
        pooled = pool(folder)
        assert pooled.games.empty
        assert sorted(set(pooled.apart["name"])) == ["Aaron", "Zoe"]
        assert set(pooled.apart["problem"]) == {"shared"}


# -- F5: relabelled seats ---------------------------------------------------------------------
def relabelled(session: GameSession, seat: int, name: str = "Mallory") -> str:
    """The red-team's forgery: a bot's seat called a person's and the student's, its moves
    the person's; the student's own seat left a person's (a classmate)."""
    seats = list(session.seats)
    seats[seat] = "human"
    movers = ["person" if seats[a] == "human" else m for a, m in
              zip(session.actors, session.movers, strict=True)]  # fmt: skip
    play = results.play_record(seats, session.actors, movers, student=seat)
    save = session.scenario(True)
    save["seats"] = seats
    return results.encode(results.game_result(save, name, play=play))


def won_by_a_bot(game: str, seats: list[str], **options) -> GameSession:
    for seed in range(300):
        session = play_as_student(GameSession(game, seed, seats, **options), seed)
        if session.state.winners and 0 not in session.state.winners:
            return session
    raise AssertionError("no game won by a bot")


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [("phylo", ["human", "builder"], {}), ("climate", ["human", "random"], {"players": 2}),
     ("adapt_or_die", ["human", "random", "random"], {"players": 3})],
)  # fmt: skip
def test_a_bots_winning_seat_relabelled_as_the_students_is_refused(game, seats, options):
    session = won_by_a_bot(game, seats, **options)
    winner = session.state.winners[0]
    pooled = pool([relabelled(session, winner)])
    assert pooled.games.empty
    assert pooled.rejected["problem"].tolist() == ["relabelled"]
    assert pooled.rejected["name"].tolist() == ["Mallory"]


def test_a_bot_versus_bot_game_relabelled_as_a_persons_is_refused():
    session = GameSession("phylo", 8, ["builder", "random"])
    session.play_to_end()
    assert problem_of(relabelled(session, 0)) == "relabelled"


def test_play_to_end_movers_edited_from_helper_to_person_are_refused():
    session = GameSession("phylo", 9, ["human", "builder"])
    session.play_to_end()
    data = unpack(session.result_code("Mallory"))
    data["play"]["movers"] = data["play"]["movers"].replace("h", "p")
    assert problem_of(results.encode(data)) == "relabelled"


def test_the_students_own_seat_is_never_called_relabelled_in_honest_games():
    for seed in range(8):
        for game, seats, options in (
            ("phylo", ["human", "builder"], {}),
            ("climate", ["human", "planner"], {"players": 2}),
            ("niche", ["human", "planner"], {"players": 2}),
        ):
            code = play_as_student(GameSession(game, seed, seats, **options), seed).result_code(
                "Ann"
            )
            assert len(pool(code).games) == 1


def problem_of(code: str) -> str:
    pooled = pool(code)
    return pooled.rejected["problem"].iloc[0] if len(pooled.rejected) else ""


# -- F13: an option that changes nothing ---------------------------------------------------------
def test_a_round_limit_never_reached_does_not_make_a_second_game():
    session = play_as_student(GameSession("niche", 3, ["human", "planner"], players=2), 3)
    code = session.result_code("Ann")
    data = unpack(code)
    data["save"]["options"] = {**data["save"]["options"], "max_rounds": 9999}
    changed = results.encode(results.parse_result(json.dumps(data)))
    pooled = pool([code, changed])
    assert len(pooled.games) == 1 and pooled.apart["problem"].tolist() == ["duplicate"]
    renamed = results.encode({**results.parse_result(changed), "name": "Ben"})
    assert pool([code, renamed]).games.empty  # under two names: counted for neither


# -- F14: a long pasted line ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "pasted",
    [
        '{"format": "evo_lessons.result", "version": 2, "kind": "game", "name": "' + "x" * 400,
        "evr2-" + "A" * 400,
        "a" * 300,
        "folder/" * 60 + "file.md",
        "bad\x00path",
    ],
)
def test_a_long_pasted_line_is_read_as_a_code_never_as_a_path_that_raises(pasted):
    for sources in (pasted, [pasted]):
        pooled = pool(sources)
        assert pooled.games.empty and len(pooled.rejected) == 1


def test_the_raw_json_of_a_code_pasted_whole_still_pools():
    text = json.dumps(results.parse_result(a_code("Ada")))
    assert len(text) > 255
    assert pool(text).games["name"].tolist() == ["Ada"]
