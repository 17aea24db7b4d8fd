"""The test session's setup: the guide's example game is registered like any other game.

``tests/example_game`` is the small complete game that docs/writing_a_game.md builds. Adding it
here, before any test is collected, is exactly the one line a real game adds to
``evo_lessons.GAMES``, so every test that walks the registry (the conformance suite at every
option's edge, the view-secret checks, the widget's flow) checks the guide's code too, and the
guide cannot go stale. Outside the tests the registry holds the shipped games only.
"""

from __future__ import annotations

#: the guide's example game: its name, and the package that declares its GameSpec (importable
#: because pytest puts tests/, a folder without __init__.py, on the path)
EXAMPLE_GAME = ("peppered_moths", "example_game")


def pytest_configure(config) -> None:
    from evo_lessons import GAMES

    name, module = EXAMPLE_GAME
    GAMES.setdefault(name, module)
