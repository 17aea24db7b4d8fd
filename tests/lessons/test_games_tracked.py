"""Every game a student plays in a lesson goes on the hand-in: each GameWidget with a person's
seat in a student notebook is made inside ``track_game(...)``, after ``start_lesson``.

Demonstrations where bots fill every seat are not the student's games and stay untracked."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def _code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    sources = ("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    # IPython magics are not Python: blank them out, keeping the line count
    return ["\n".join("" if ln.startswith("%") else ln for ln in s.split("\n")) for s in sources]


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _seats_all_bots(call: ast.Call) -> bool:
    for keyword in call.keywords:
        if keyword.arg == "seats":
            strings = [n.value for n in ast.walk(keyword.value) if isinstance(n, ast.Constant)]
            return bool(strings) and "human" not in strings
    return False  # the default seats give the person seat 1


def _played_widgets(path: Path) -> list[tuple[int, ast.Call, bool]]:
    """(cell number, GameWidget call, made inside track_game) for each widget a person plays."""
    found = []
    for number, source in enumerate(_code_cells(path)):
        tree = ast.parse(source)
        tracked = {
            id(arg)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _name(node) == "track_game"
            for arg in node.args[:1]
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and _name(node) == "GameWidget"
                and not _seats_all_bots(node)
            ):
                found.append((number, node, id(node) in tracked))
    return found


def _start_cell(path: Path) -> int:
    for number, source in enumerate(_code_cells(path)):
        if "start_lesson(" in source:
            return number
    raise AssertionError(f"{path.name} never calls start_lesson")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_game_a_student_plays_is_tracked_after_the_lesson_starts(path):
    start = _start_cell(path)
    for number, _call, tracked in _played_widgets(path):
        assert tracked, f"{path.name}, code cell {number}: a game with a person's seat untracked"
        assert number > start, f"{path.name}, code cell {number}: a game before start_lesson"


def test_the_check_sees_an_untracked_game_and_an_all_bot_demo():
    """The rule above can fail: a bare widget counts, a bots-only demo does not."""
    cell = 'GameWidget("climate", seed=1)\nGameWidget("niche", seats=["planner"] * 4)\n'
    tree = ast.parse(cell)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n) == "GameWidget"]
    assert [_seats_all_bots(c) for c in calls] == [False, True]


def _lesson_games(path: Path) -> list[int]:
    """The code cells that make the lesson's own game with ``lesson_game(...)`` (tracked, and
    counted by the class once the lesson is joined)."""
    return [
        number
        for number, source in enumerate(_code_cells(path))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and _name(node) == "lesson_game"
    ]


@pytest.mark.parametrize(
    "path",
    [p for p in NOTEBOOKS if p.stem[:2] in {"00", "01", "02", "03", "04", "05"}],
    ids=lambda p: p.stem,
)
def test_each_game_lesson_plays_one_lesson_game_after_it_starts(path):
    """Issue 40.1: the game that counts is lesson_game's (the class's when joined); every
    other game in the lesson is a bots-only demo, local practice."""
    games = _lesson_games(path)
    assert len(games) == 1 and games[0] > _start_cell(path)
    assert _played_widgets(path) == []  # no other game with a person's seat


def _finish(game) -> None:
    while not game.state.is_over:
        game.step()


def test_a_tracked_games_result_box_shows_the_lessons_name_and_its_code(tmp_path):
    """Issue 32: the result box under a finished game stood empty (no name, no code, Copy
    off) although the student had typed a name at the top of the lesson."""
    from evo_lessons.lessons import Lesson
    from evo_lessons.widgets import GameWidget

    lesson = Lesson("01_climate", work_dir=tmp_path)
    lesson.student().name = "Ada Lovelace"
    game = lesson.track_game(GameWidget("climate", seed=4, players=2, plot=False))
    _finish(game)
    shown = game.view["result"]
    assert shown["name"] == "Ada Lovelace" and shown["code"].startswith("EVR")
    assert game.result_code() == shown["code"]


def test_a_name_typed_after_the_game_ended_reaches_its_result_box(tmp_path):
    from evo_lessons.lessons import Lesson
    from evo_lessons.widgets import GameWidget

    lesson = Lesson("01_climate", work_dir=tmp_path)
    box = lesson.student()
    game = lesson.track_game(GameWidget("climate", seed=4, players=2, plot=False))
    _finish(game)
    assert game.view["result"]["code"] == ""
    box.name = "Grace"
    assert game.view["result"]["name"] == "Grace" and game.view["result"]["code"]
