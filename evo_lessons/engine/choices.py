"""A legal list that builds only the action a player picks: for games whose lists are long.

A random playout asks for the whole legal list at every decision and uses one action of it. A
game may instead return a :class:`Choices` from ``_legal_actions``: a read-only sequence that
knows how many actions there are and builds the ``k``-th when asked, in exactly the order the
whole list would have. Everything outside the engine still sees a plain list
(``GameState.legal_actions`` copies it out); only bots, through ``GameState.choices`` and
``play_game``, get the sequence itself. Indexing, ``len``, iteration, ``in`` and ``max`` work as
on a list; the whole list is built once, the first time something reads all of it.

``GameState.apply`` checks an action against the sequence the same way as against a list: the
sequence's own object (the one a bot was just handed) passes at once, anything else is looked
for in the whole list, by identity first, then by value and exact types.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from operator import index as as_index
from typing import Any

from evo_lessons.i18n import pgettext

from .actions import Action, IllegalAction, exact_match


class Choices(Sequence[Action]):
    """The legal actions of one decision, counted at once and built one at a time.

    A game implements ``__len__`` and ``_at(k)`` (the ``k``-th action, ``0 <= k < len``);
    ``_whole()`` defaults to building every one, and a game may build them faster together.
    """

    __slots__ = ("_given", "_list")

    def __init__(self) -> None:
        self._given: Action | None = None  # the last action handed out
        self._list: list[Action] | None = None  # the whole list, once something read it all

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def _at(self, k: int) -> Action:
        """The ``k``-th action, ``0 <= k < len(self)``."""

    def _whole(self) -> list[Action]:
        """Every action, in order (built once)."""
        if self._list is None:
            self._list = [self._at(k) for k in range(len(self))]
        return self._list

    def __getitem__(self, k: Any) -> Any:  # a slice gives a list, an index an Action
        if isinstance(k, slice):
            return self._whole()[k]
        k = as_index(k)
        size = len(self)
        if k < 0:
            k += size
        if not 0 <= k < size:
            raise IndexError("legal action index out of range")
        action = self._given = self._at(k)
        return action

    def pick(self, fraction: float) -> Action:
        """The action ``fraction`` of the way along the list (``0 <= fraction < 1``): a uniform
        random player's pick, ``self[int(fraction * len(self))]``, which a game may answer in
        fewer calls."""
        action: Action = self[int(fraction * len(self))]
        return action

    def __iter__(self) -> Iterator[Action]:
        return iter(self._whole())

    def __contains__(self, action: object) -> bool:
        return action is self._given or action in self._whole()

    def own(self, action: Action) -> Action:
        """The sequence's own object for ``action``; IllegalAction if it is not legal."""
        if action is self._given:
            return action
        return own_action(self._whole(), action)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Choices):
            return self._whole() == other._whole()
        if isinstance(other, list):
            return self._whole() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} legal actions>"


def own_action(legal: list[Action], action: Action) -> Action:
    """The list's own object for ``action``: the same object, or one equal to it field by
    field with the same types. Anything else raises :class:`IllegalAction`."""
    # identity first, all in C: a bot hands back the list's own object. (``list.index`` would
    # call the dataclass ``__eq__``, in Python, on every action before it.) Ids cannot
    # collide: ``legal`` keeps its actions alive and the caller keeps ``action``.
    if id(action) in map(id, legal):
        return action
    try:
        own = legal[legal.index(action)]
    except (ValueError, TypeError):  # not there (or fields that cannot be compared)
        raise IllegalAction(action, legal) from None
    if own is not action and not exact_match(action, own):
        raise IllegalAction(
            action, legal, pgettext("refused move", "Its values have the wrong types.")
        )
    return own
