"""The example class: result codes from seeded games, for the teacher notebook and tests.

``python -m evo_lessons.classroom example`` writes ``data/example_codes.txt`` beside this file:
thirty students' Climate games for lesson ``01_climate`` (four players: the student in seat 1,
the planner bot in the other three); then what a real class also hands in, so the notebook
shows every list: one game handed in again under another name (the same game in two students'
files: both copies listed apart, neither counted),
one game the helper bot played to the end (listed apart), three population runs from lesson
06 (their own summary), and two codes that were tampered with (refused). No student played
these games: a made-up student chose every move of the student's seat through the person's
controls (each move the planner's choice half the time, otherwise one at random), from a seed of
its own. The same command writes the same file every time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLE_FILE = Path(__file__).parent / "data" / "example_codes.txt"
GAME = "climate"
OPTIONS: dict[str, Any] = {"players": 4}
SEATS = ["human", "planner", "planner", "planner"]
NAMES = (
    "Amara", "Ben", "Chen", "Dara", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas",
    "Kemi", "Liam", "Mei", "Noor", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tomas",
    "Uma", "Vik", "Wren", "Xiu", "Yusuf", "Zoe", "Aiko", "Bilal", "Carmen", "Dev",
)  # fmt: skip


LESSON = "01_climate"


def played(seed: int):
    """A game whose student seat a made-up student plays through the person's controls."""
    import random

    from evo_lessons.engine import derive_seed
    from evo_lessons.widgets.session import GameSession

    session = GameSession(GAME, seed=seed, seats=SEATS, **OPTIONS)
    rng = random.Random(derive_seed(seed, "made-up student"))
    while not session.state.is_over:
        if not session.is_human_turn():
            session.bot_step()
            continue
        legal = session.state.legal_actions()
        if rng.random() < 0.5:
            helper = session.spec.make_bot(session.good_bot, rng.randrange(2**31))
            index = legal.index(helper.choose(session.state.observation(0), legal))
        else:
            index = rng.randrange(len(legal))
        session.act_index(index)
    return session


def example_codes(students: int = 30, first_seed: int = 1000) -> list[str]:
    """One finished game's result code per student, each from its own seed."""
    return [
        played(first_seed + number).result_code(NAMES[number % len(NAMES)], LESSON)
        for number in range(students)
    ]


def extras(code: str, seed: int = 2000) -> list[str]:
    """What a class also hands in: a renamed re-encoded copy, and a game the helper played."""
    import base64
    import json
    import zlib

    from evo_lessons.engine import results
    from evo_lessons.widgets.session import GameSession

    data = results.parse_result(code)
    data["name"] = "Copy Cat"  # the same game, renamed, laid out and compressed otherwise
    text = json.dumps(data, indent=2, sort_keys=True).encode()
    copy = results.PREFIX + base64.urlsafe_b64encode(zlib.compress(text, 1)).decode().rstrip("=")
    helped = GameSession(GAME, seed=seed, seats=SEATS, **OPTIONS)
    helped.play_to_end()  # "Play to end": the helper bot moves for the student too
    return [copy, helped.result_code("Hana", LESSON)]


def tampered(code: str) -> list[str]:
    """Two forgeries of a real code: a move changed, and a code cut short in copying."""
    from evo_lessons.engine import record, results

    data = results.parse_result(code)
    data["name"] = "Forger"
    moves = record.decode_moves(data["save"]["moves"])
    moves[len(moves) // 2] = 999  # a choice the game never offers there
    data["save"]["moves"] = record.encode_moves(moves)
    forged = results.encode(data)
    return [forged, code[: len(code) // 2]]


def population_codes(runs: int = 3) -> list[str]:
    """Three students' population runs (Climate, warmer: lesson 06's set-up, smaller)."""
    from evo_lessons.population import evolve
    from evo_lessons.population.result import result_code

    return [
        result_code(
            evolve(
                "climate", size=300, generations=30, mutation_rate=0.01, seed=seed, temperature=2
            ),
            NAMES[seed],
            "06_populations",
        )
        for seed in range(runs)
    ]


def write_example(path: Path = EXAMPLE_FILE, students: int = 30) -> Path:
    codes = example_codes(students)
    lines = [
        "# evo_lessons example class: made by `python -m evo_lessons.classroom example`.",
        f"# {students} Climate games ({OPTIONS['players']} players; seats {'/'.join(SEATS)}),",
        "# each student's seat played by a made-up student; then a renamed copy of the first",
        "# game, a game the helper bot played to the end, three population runs, and two",
        "# forgeries.",
        *codes,
        *extras(codes[0]),
        *population_codes(),
        *tampered(codes[0]),
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


__all__ = [
    "EXAMPLE_FILE",
    "example_codes",
    "extras",
    "played",
    "population_codes",
    "tampered",
    "write_example",
]
