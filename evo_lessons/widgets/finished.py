"""Every game finished in one widget, for the lesson's hand-in.

A student may finish a game, undo past its end and finish it again differently, rewind, or
start a second game. Each distinct finished game (its seed, options and moves) is kept once, in
the order it first finished, with whether the helper bot played any move for a person in it
(such games are listed apart by the class pooling, not counted as the student's own result).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class FinishedGames:
    """The finished games of one widget: ``entries`` as ``widget.finished_games`` gives them."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.entries: list[dict[str, Any]] = []
        self._keys: dict[tuple, int] = {}
        # how to make each entry's result code once a name is known
        self._makers: list[Callable[[str], str]] = []

    @staticmethod
    def key(session) -> tuple:
        """What identifies a game: its game, options, seed and moves (not who watched it)."""
        options = tuple(sorted((k, repr(v)) for k, v in session.options.items()))
        return (session.game, options, session.seed, tuple(session.actions[: session.position]))

    def has(self, session) -> bool:
        """Is the session's game (as it stands) listed already?"""
        return self.key(session) in self._keys

    def note(self, session, helped: bool, name: str, make: Callable[[str], str]) -> bool:
        """Record the session's finished game if it is new; True if it was."""
        key = self.key(session)
        if key in self._keys:
            return False
        number = len(self.entries) + 1
        self._keys[key] = len(self.entries)
        self._makers.append(make)
        self.entries.append(
            {
                "label": f"{self.title}, game {number}",
                "number": number,
                "result_code": _code(make, name),
                "helped": helped,
            }
        )
        return True

    def name_given(self, name: str) -> None:
        """A name was typed: every finished game still without a code gets one."""
        for entry, make in zip(self.entries, self._makers, strict=True):
            if entry["result_code"] is None:
                entry["result_code"] = _code(make, name)


def _code(make: Callable[[str], str], name: str) -> str | None:
    if not name:
        return None
    try:
        return make(name)
    except ValueError:  # a name the result code refuses: the entry waits for a good one
        return None
