"""One judge (issue 41.3): a code's parse, replay, verdict and reason in one module, typed.

Pooling and the service both judge with :mod:`evo_lessons.classroom.judge`; neither reaches
into the other's private functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

from evo_lessons.classroom import judge
from evo_lessons.classroom.pooling import check_code
from evo_lessons.service.results import judge as service_judge

from .helpers import a_code

PACKAGE = Path(judge.__file__).resolve().parents[1]


def test_a_students_own_game_is_counted_with_its_replayed_row():
    verdict = judge.judge(a_code("Ada", seed=5))
    assert isinstance(verdict, judge.Verdict)
    assert verdict.status == "counted" and verdict.counted
    assert verdict.name == "Ada" and verdict.kind == "game"
    assert verdict.row is not None and verdict.row["fingerprint"] == verdict.fingerprint
    assert verdict.checked is not None and verdict.checked.state.is_over


def test_pooling_and_the_service_judge_a_code_alike():
    code = a_code("Ada", seed=7)
    mine = judge.judge(code, name="ada")
    assert service_judge(code, "ada", {}) == mine.as_dict()
    row = check_code(code)
    assert row["fingerprint"] == mine.fingerprint and row["counts"] == mine.counted


def test_a_damaged_code_is_refused_with_its_problem_word():
    code = a_code("Ada", seed=5)
    verdict = judge.judge(code[:-12] + "AAAAAAAAAAAA")
    assert verdict.status == "refused" and verdict.problem and verdict.reason
    assert verdict.row is None
    assert judge.judge("   ").problem == "missing"


def test_a_code_carrying_another_name_is_refused_for_its_sender():
    verdict = judge.judge(a_code("Ada", seed=5), name="Grace")
    assert (verdict.status, verdict.problem) == ("refused", "name")
    assert "'Ada'" in verdict.reason


def test_a_fixed_scenario_puts_another_deal_apart():
    verdict = judge.judge(a_code("Ada", seed=5), judge.Fixed.make(6))
    assert (verdict.status, verdict.problem) == ("apart", "other-scenario")
    by_game = judge.judge(a_code("Ada", seed=5), lambda game: judge.Fixed.make(5))
    assert by_game.status == "counted"


def test_nobody_imports_another_modules_private_names_for_judging():
    reaching = []
    for path in sorted((PACKAGE / "service").glob("*.py")) + sorted(
        (PACKAGE / "classroom").glob("*.py")
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and "pooling" in node.module:
                reaching += [f"{path.name}: {a.name}" for a in node.names if a.name[0] == "_"]
    assert not reaching, reaching
