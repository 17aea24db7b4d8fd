"""The example class: result codes from seeded bot games, for the teacher notebook and tests.

``python -m evo_lessons.classroom example`` writes ``data/example_codes.txt`` beside this file:
thirty students' Climate games (four players: the student in seat 1, the planner bot in the
other three) and, at the end, two codes that were tampered with, so the notebook shows the
rejected list too. No student played these games: in each, the student's seat pressed Step
all game, so the game's helper bot (the planner) chose for them, from a seed of its own.
The same command writes the same file every time.
"""

from __future__ import annotations

from pathlib import Path

EXAMPLE_FILE = Path(__file__).parent / "data" / "example_codes.txt"
GAME = "climate"
OPTIONS = {"players": 4}
SEATS = ["human", "planner", "planner", "planner"]
NAMES = (
    "Amara", "Ben", "Chen", "Dara", "Elif", "Farid", "Grace", "Hugo", "Ines", "Jonas",
    "Kemi", "Liam", "Mei", "Noor", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tomas",
    "Uma", "Vik", "Wren", "Xiu", "Yusuf", "Zoe", "Aiko", "Bilal", "Carmen", "Dev",
)  # fmt: skip


def example_codes(students: int = 30, first_seed: int = 1000) -> list[str]:
    """One finished game's result code per student, each from its own seed."""
    from evo_lessons.widgets.session import GameSession

    from .codes import result_code

    codes = []
    for number in range(students):
        session = GameSession(GAME, seed=first_seed + number, seats=SEATS, **OPTIONS)
        while not session.state.is_over:
            session.bot_step()  # the student's Step button: the helper bot moves for them
        codes.append(result_code(session, NAMES[number % len(NAMES)]))
    return codes


def tampered(code: str) -> list[str]:
    """Two forgeries of a real code: a move changed, and a code cut short in copying."""
    from evo_lessons.engine import results

    data = results.parse_result(code)
    data["name"] = "Forger"
    actions = data["save"]["actions"]
    actions[len(actions) // 2] = actions[0]  # an earlier move, replayed where it is illegal
    forged = results.encode(data)
    return [forged, code[: len(code) // 2]]


def write_example(path: Path = EXAMPLE_FILE, students: int = 30) -> Path:
    codes = example_codes(students)
    lines = [
        "# evo_lessons example class: made by `python -m evo_lessons.classroom example`.",
        f"# {students} Climate games ({OPTIONS['players']} players; seats {'/'.join(SEATS)}),",
        "# each student's seat played by the helper bot; the last two codes are forgeries.",
        *codes,
        *tampered(codes[0]),
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


__all__ = ["EXAMPLE_FILE", "example_codes", "tampered", "write_example"]
