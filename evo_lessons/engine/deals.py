"""Every deal a student has been shown, so a replayed deal is never passed off as a first play.

A game's deal (every hidden hand, every pile's order) follows from its game and seed alone, and
bots are seeded per decision, so a deal shown once can be played again with full knowledge of
what is coming: New game with the seed shown at the end, a scenario code loaded twice, a
helper's game re-clicked move for move. A :class:`DealBook` counts, for each deal
(``"<game>:<seed>"``), how often it has been shown and whether the helper bot ever moved in it.
A session asks it when a deal starts; the lesson's work file holds the same table
(:class:`evo_lessons.lessons.work.Work` ``deals``), so the count survives a new kernel.

The book is evidence the student's own kernel keeps: Python in that kernel can change it, as it
can change anything there (the class service is the answer to that; see teacher/README.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: the most deals one book keeps (a lesson plays tens; past this the oldest are dropped)
MAX_DEALS = 5_000


def deal_key(game: str, seed: int) -> str:
    """The name of one deal: its game and seed."""
    return f"{game}:{seed}"


class DealBook:
    """Deals shown and helped, by :func:`deal_key`, in a plain dict another owner may share
    (a lesson's work file); ``on_change`` is called after every change (the work saves)."""

    def __init__(
        self,
        entries: dict[str, dict[str, Any]] | None = None,
        on_change: Callable[[], Any] | None = None,
    ) -> None:
        self.entries: dict[str, dict[str, Any]] = {} if entries is None else entries
        self.on_change = on_change

    def record(self, key: str) -> dict[str, Any]:
        """The record of one deal as it stands ({"shown": 0, "helper": False} if never seen)."""
        found = self.entries.get(key)
        return dict(found) if found else {"shown": 0, "helper": False}

    def show(self, key: str) -> dict[str, Any]:
        """A deal is shown once more; returns its record from *before* this showing."""
        before = self.record(key)
        self.entries[key] = {**before, "shown": before["shown"] + 1}
        self._trim()
        self._changed()
        return before

    def helped(self, key: str) -> None:
        """The helper bot moved for a person in a game of this deal."""
        record = self.record(key)
        if not record["helper"]:
            self.entries[key] = {**record, "helper": True}
            self._changed()

    def absorb(self, other: DealBook) -> None:
        """Add another book's counts to this one (a session joins a lesson's book)."""
        if other is self:
            return
        for key, theirs in other.entries.items():
            mine = self.record(key)
            self.entries[key] = {
                "shown": mine["shown"] + int(theirs.get("shown", 0)),
                "helper": bool(mine["helper"] or theirs.get("helper", False)),
            }
        self._trim()
        self._changed()

    def _trim(self) -> None:
        while len(self.entries) > MAX_DEALS:
            del self.entries[next(iter(self.entries))]

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
