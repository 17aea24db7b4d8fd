"""What the classroom tests share: finished games and their result codes, made quickly."""

from __future__ import annotations

import base64
import json
import random
import zlib
from functools import cache

from evo_lessons import game_spec
from evo_lessons.engine import record
from evo_lessons.widgets.session import GameSession

SEATS = ["human", "keeper", "keeper"]


def play_as_student(session: GameSession, seed: int) -> GameSession:
    """Play to the end, a person choosing at random on the person's seats (the bots on theirs)."""
    rng = random.Random(seed)
    while not session.state.is_over:
        if session.is_human_turn():
            session.act_index(rng.randrange(len(session.state.legal_actions())))
        else:
            session.bot_step()
    return session


@cache
def finished_session(seed: int = 5) -> GameSession:
    """An Adaptation game (fast) for three, the student's seat played by a person."""
    return play_as_student(GameSession("adaptation", seed=seed, seats=SEATS, players=3), seed)


def a_code(name: str = "Ada", seed: int = 5, lesson: str | None = None) -> str:
    return finished_session(seed).result_code(name, lesson)


def pack(text: str | bytes, prefix: str = "EVR2-", level: int = 9) -> str:
    """Any text packed the way a result code is (for forgeries the encoder would refuse)."""
    raw = text.encode() if isinstance(text, str) else text
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, level)).decode().rstrip("=")


def unpack(code: str) -> dict:
    body = code[5:]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


def repack(data: dict) -> str:
    return pack(json.dumps(data))


def readable(data: dict) -> dict:
    """A result dict whose save lists its moves as action objects (to edit them by hand)."""
    save = data["save"]
    state = record.replay(game_spec(save["game"]), save)
    save.pop("moves", None)
    save["actions"] = [a.to_json() for a in state.history]
    return data


def sealed(body: str, lesson: str = "01_climate") -> str:
    """A hand-in's text with its seal (the last line the Hand in box writes), as if made by the
    hand-in writer: pooling reads only a hand-in whose seal matches its whole text."""
    from pathlib import Path

    from evo_lessons.lessons.handin import with_work
    from evo_lessons.lessons.work import Work

    body = body if body.endswith("\n") else body + "\n"
    return with_work(body, Work(lesson, Path("unused.json")))
