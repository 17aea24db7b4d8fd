"""Result codes of the things a student finishes: a game (widget, session or state) or a
population run. The format itself lives in the engine (:mod:`evo_lessons.engine.results`)."""

from __future__ import annotations

import json
from typing import Any

from evo_lessons.engine import results


def result_code(finished: Any, name: str) -> str:
    """The result code of a finished game or population run, with the student's name.

    ``finished``: a GameWidget, a GameSession, a GameState (seats unknown), or a population
    ``Result`` (from ``evolve``) or ``Population`` (the widget's stepping model).
    """
    session = getattr(finished, "session", finished)
    if hasattr(session, "scenario") and hasattr(session, "state"):  # a widget or a session
        if not session.state.is_over:
            raise ValueError("a result code is for a finished game: play it to the end first")
        return results.encode(results.game_result(session.scenario(True), name))
    if hasattr(finished, "history") and hasattr(finished, "is_over"):  # a bare GameState
        return results.game_result_code(finished, name)
    result = finished.result() if callable(getattr(finished, "result", None)) else finished
    if hasattr(result, "settings") and hasattr(result, "frequencies"):
        from .pooling import population_summary

        settings = json.loads(result.settings.to_json())
        return results.encode(results.population_result(settings, population_summary(result), name))
    raise ValueError(
        "a result code is made from a finished game (a widget, session or state) or a "
        f"population run, not a {type(finished).__name__}"
    )
