"""The state-machine contract every game follows (see DESIGN.md).

One public entry checks, one private step does: :meth:`GameState.apply` checks the action
against :meth:`legal_actions` and only then calls the game's ``_apply``, so an illegal action
raises :class:`IllegalAction` and leaves the state exactly as it was. Chance lives inside the
state's own seeded generator, so the same seed and the same decisions always give the same game.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from .actions import Action, IllegalAction
from .events import Event


class GameState(ABC):
    """Base of every game's state. Subclasses implement the underscored methods."""

    #: registry name of the game ("climate", "niche", ...)
    game_name: ClassVar[str] = ""
    #: every action class of the game, by class name (for saves)
    action_types: ClassVar[Mapping[str, type[Action]]] = {}

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        #: the normalised variant options; ``new_game(seed=seed, **options)`` rebuilds the start
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        self.winners: list[int] = []
        self._legal: list[Action] | None = None

    # -- what the rules say ------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is now, or None when the game is over."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action now (never empty while the game goes on)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action, resolving any chance with ``self.rng``."""

    @abstractmethod
    def observation(self, player: int | None = None) -> dict[str, Any]:
        """JSON-safe view of what ``player`` may see; ``None`` is the public view."""

    @abstractmethod
    def metrics(self) -> list[dict[str, Any]]:
        """One dict of plottable numbers per player (shared values repeated in each)."""

    # -- the shared machinery ----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[Action]:
        """The legal actions, computed once per state (a fresh list each call)."""
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_actions()
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` and carry it out; an illegal one raises and changes nothing."""
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_actions()
        if not isinstance(action, Action) or action not in self._legal:
            raise IllegalAction(action, self._legal)
        self._legal = None
        events = self._apply(action)
        self.history.append(action)
        return events

    def clone(self) -> GameState:
        """An independent copy, generator included (bots look ahead with it)."""
        twin = copy.copy(self)
        for key, value in self.__dict__.items():
            if key == "_legal":
                continue
            if isinstance(value, random.Random):
                fresh = random.Random()
                fresh.setstate(value.getstate())
                twin.__dict__[key] = fresh
            elif not isinstance(value, int | str | float | bool | tuple | type(None)):
                twin.__dict__[key] = copy.deepcopy(value)
        return twin

    def fingerprint(self) -> tuple:
        """Everything that makes this state what it is; equal states have equal prints."""
        parts = []
        for key in sorted(self.__dict__):
            if key == "_legal":
                continue
            value = self.__dict__[key]
            if isinstance(value, random.Random):
                value = value.getstate()
            parts.append((key, repr(value)))
        return (type(self).__name__, tuple(parts))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def summary(self) -> dict[str, Any]:
        """One row describing a finished (or stopped) game, for :func:`simulate`."""
        row: dict[str, Any] = {
            "winners": list(self.winners),
            "finished": self.is_over,
            "actions": len(self.history),
        }
        for player, values in enumerate(self.metrics()):
            for key, value in values.items():
                if key in ("player", "turn"):
                    continue
                row[f"p{player}_{key}"] = value
        return row

    def to_json(self) -> str:
        """The save: config + seed + actions (replayed and re-checked on load)."""
        from .record import dump_state

        return dump_state(self)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.current_player} to act"
        return f"<{type(self).__name__} seed={self.seed} actions={len(self.history)} {status}>"
