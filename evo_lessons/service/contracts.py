"""The class service's answers as types: what docs/class_service.md promises, field by field.

The summary (``GET /api/summary``, built by :mod:`.summary`) and the served game's payload
(``POST /api/games`` and ``.../act``, built by :mod:`.games`) are the two answers the page and a
student's kernel read most; here they are ``TypedDict`` s, so mypy checks the code that builds
them, and ``tests/test_contracts.py`` checks a live service's answers, these types and the
field lists of docs/class_service.md against one another (its failure names the field and the
place to add it). A field added to an answer is added in all three: the builder, the type here,
and the doc's table.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Interval(TypedDict):
    """A share or a mean with its 95% interval (``n`` the games it is of)."""

    n: int
    value: float | None
    low: float | None
    high: float | None


#: one per-player number of a setup, the class's beside chance's ("class" is a Python keyword,
#: hence the call syntax)
Measure = TypedDict("Measure", {"measure": str, "class": Interval, "chance": Interval | None})

#: one setup of the class's counted games beside chance (the live page's plot)
Setup = TypedDict(
    "Setup",
    {
        "game": str,
        "title": str,
        "short": str,
        "setup": str,
        "n": int,
        "fixed_deal": bool,
        "chance_ready": bool,
        #: chance not simulated for this setup: not a teacher's deal, nor among the setups
        #: most played (http_limits.chance_setups)
        "chance_skipped": bool,
        "class": Interval,
        "chance": Interval | None,
        "measures": list[Measure],
    },
)


class StudentRow(TypedDict):
    id: int
    name: str
    joined: str | None
    counted: int
    class_games: int
    practice: int
    apart: int
    refused: int
    may_rejoin: bool
    #: "joined" (not started), "playing" or "finished" (the page adds "stuck")
    state: str
    game: str | None
    moves: int | None
    last_move: str | None


class Playing(TypedDict):
    id: str
    student: str
    student_id: int
    game: str
    title: str
    round: Any
    moves: int
    started: str | None
    last_move: str | None


class PracticeSetup(TypedDict):
    """Codes of local games of one setup: practice, never against chance."""

    game: str
    title: str
    setup: str
    n: int
    won: Interval


class Listed(TypedDict):
    """A result listed apart or refused, for the teacher."""

    student: str
    game: str | None
    problem: str
    reason: str
    at: str
    served: bool


class DealRow(TypedDict):
    round: int
    seed: int | None
    scenario: bool
    options: dict[str, Any] | None


#: ``GET /api/summary``: everything the live page shows ("class", the class's display name, is a
#: Python keyword, hence the call syntax)
Summary = TypedDict(
    "Summary",
    {
        "version": int,
        "class": str,
        "join_code": str,
        "counted": int,
        "apart": int,
        "refused": int,
        "received": int,
        "class_games": int,
        "practice": int,
        "states": dict[str, int],
        "stuck_after": int,
        "students": list[StudentRow],
        "playing": list[Playing],
        "finished": int,
        "setups": list[Setup],
        "practice_setups": list[PracticeSetup],
        "apart_list": list[Listed],
        "refused_list": list[Listed],
        "deals": dict[str, DealRow],
        "paused": bool,
        "updated": str,
    },
)


class LogLine(TypedDict):
    move: int
    player: int | None
    text: str


class Verdict(TypedDict):
    status: str
    reason: str
    problem: str


class GamePayload(TypedDict):
    """A served game as its student's seat may see it, and nothing else."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    version: int
    seat: int
    seats: list[str]
    move: int
    current_player: int | None
    is_over: bool
    winners: list[int]
    status: str
    observation: dict[str, Any]
    board: dict[str, Any]
    description: str
    legal: list[str]
    targets: list[str | None]
    log: list[LogLine]
    metrics: list[dict[str, Any]]
    helped: int
    own_moves: int
    result: Verdict | None


#: the answers checked against the doc: (type, the doc's name for it)
ANSWERS: dict[str, type] = {"GET /api/summary": Summary, "game payload": GamePayload}
