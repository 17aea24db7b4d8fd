"""Result codes of the things a student finishes: a game (widget, session or state) or a
population run. The format lives in the engine (:mod:`evo_lessons.engine.results`); a
session makes its own game codes and a population result its own run codes, so nothing here
is needed below the class tools."""

from __future__ import annotations

from typing import Any

from evo_lessons.engine import results


def result_code(finished: Any, name: str, *, lesson: str | None = None) -> str:
    """The result code of a finished game or population run, with the student's name.

    ``finished``: a GameWidget, a GameSession, a GameState (who moved unknown: the class
    tools list it apart), or a population ``Result`` (from ``evolve``), ``Population`` or
    ``PopulationWidget``.
    """
    from evo_lessons.engine.state import GameState
    from evo_lessons.population.model import Population
    from evo_lessons.population.result import Result
    from evo_lessons.population.result import result_code as run_code
    from evo_lessons.widgets.session import GameSession

    session = getattr(finished, "session", finished)
    if isinstance(session, GameSession):
        return session.result_code(name, lesson)
    if isinstance(finished, GameState):
        return results.game_result_code(finished, name, lesson=lesson)
    population = getattr(finished, "population", finished)
    if isinstance(population, Population):
        return run_code(population.result(), name, lesson)
    if isinstance(finished, Result):
        return run_code(finished, name, lesson)
    raise ValueError(
        "a result code is made from a finished game (a widget, session or state) or a "
        f"population run, not a {type(finished).__name__}"
    )
