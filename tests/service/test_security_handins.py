"""N6: a text file among hand-ins is read only if it is the teacher's own download
(evo_lessons/classroom/handins.py; red team's local_txt_handin.py)."""

from __future__ import annotations

from evo_lessons.classroom import pool
from evo_lessons.classroom.handins import CODES_HEADER, teachers_codes_file
from evo_lessons.widgets.session import GameSession

from .helpers import call, join, play_served


def _code(name: str, seed: int) -> str:
    session = GameSession("climate", seed=seed)
    session.run_bots()
    while not session.state.is_over:
        session.act_index(0)
        session.run_bots()
    return session.result_code(name)


def test_a_students_list_of_chosen_codes_in_the_folder_is_not_read(tmp_path):
    folder = tmp_path / "hand_ins"
    folder.mkdir()
    (folder / "05_climate-mallory.txt").write_text(_code("Mallory", 1) + "\n" + _code("Mallory", 2))
    (folder / "05_climate-mallory.md.txt").write_text("# my hand-in\n" + _code("Mallory", 3))
    pooled = pool(folder)
    assert pooled.games.empty
    assert set(pooled.rejected["problem"]) == {"unsealed"}
    assert len(pooled.rejected) == 2


def test_an_uploaded_text_file_is_not_read_unless_the_teachers():
    upload = {"name": "mallory.txt", "content": memoryview(_code("Mallory", 1).encode())}
    assert set(pool([upload]).rejected["problem"]) == {"unsealed"}
    mine = {
        "name": "codes.txt",
        "content": memoryview(teachers_codes_file([_code("A", 1)]).encode()),
    }
    assert len(pool([mine]).games) == 1


def test_the_teachers_download_is_read_in_a_folder_and_an_edited_one_is_not(live, tmp_path):
    token = join(live.url, live.join_code, "Ada")
    play_served(live.url, token, "climate")
    status, codes = call(live.url, "GET", "/api/codes", token=live.teacher)
    assert status == 200 and codes.startswith(CODES_HEADER)
    folder = tmp_path / "hand_ins"
    folder.mkdir()
    (folder / "class_codes.txt").write_text(codes)
    assert len(pool(folder).games) == 1
    assert len(pool(codes).games) == 1  # pasted whole, as downloaded
    (folder / "class_codes.txt").write_text(codes.replace("\n", "\n" + _code("Ada", 9) + "\n", 1))
    assert pool(folder).games.empty


def test_a_text_file_named_on_its_own_is_the_teachers_choice(tmp_path):
    listed = tmp_path / "my_list.txt"
    listed.write_text(_code("Ada", 1) + "\n")
    assert len(pool(listed).games) == 1
