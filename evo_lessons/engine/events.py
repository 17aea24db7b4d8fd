"""Events: what happened during one ``apply``, in words and in data.

Every roll, shuffle, draw, extinction and win is reported, so the widget's log, the golden
playthrough files and a curious student all read the same account of the game.
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(slots=True)
class Event:
    """One thing that happened. ``text`` is a full English sentence for the log.

    Read-only by contract, though not frozen: games create several events a turn and a frozen
    dataclass's ``__init__`` costs several times more. Some games hand out one shared instance
    for a fixed sentence, so never change an event's ``text`` or ``data`` after ``apply``
    returns it; copy it (``dataclasses.replace``) to annotate.
    """

    kind: str
    text: str
    player: int | None = None
    data: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "player": self.player, "data": self.data}

    def __str__(self) -> str:
        return self.text
