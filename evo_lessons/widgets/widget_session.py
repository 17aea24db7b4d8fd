"""What the game widget uses of a session: the one contract a local and a served game share.

:class:`~evo_lessons.widgets.game_widget.GameWidget` plays a local game (a
:class:`~.session.GameSession`) or a class's counted game (a
:class:`~evo_lessons.live.served.ServedSession`, whose state lives in the class service and
which holds only the student's seat). Both meet this protocol, so the widget is written once
against it; keeping it apart from the local session says that nothing here is the local
game's own (its scenario, its record of who moved, its deals).
"""

from __future__ import annotations

from collections.abc import Sized
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from evo_lessons.engine import GameSpec


class WidgetSession(Protocol):
    """What :class:`~evo_lessons.widgets.game_widget.GameWidget` uses of a session: a local
    :class:`GameSession`, or a class's counted game
    (:class:`~evo_lessons.live.served.ServedSession`, which holds only the student's seat).
    What only a local game has (its scenario, its record of who moved, its deals) the widget
    reads from a GameSession alone."""

    spec: GameSpec
    teacher: bool

    @property
    def state(self) -> Any: ...  # a GameState, or a counted game's ServedState (one seat's)

    @property
    def game(self) -> str: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def seats(self) -> list[str]: ...

    @property
    def humans(self) -> list[int]: ...

    @property
    def bot_names(self) -> list[str]: ...

    @property
    def position(self) -> int: ...

    @property
    def actions(self) -> Sized: ...

    @property
    def rows(self) -> list[dict[str, Any]]: ...

    @property
    def log(self) -> list[tuple[int, str]]: ...

    @property
    def scenario_code_ready(self) -> bool: ...

    def is_human_turn(self) -> bool: ...
    def act_index(self, index: object) -> object: ...
    def bot_step(self) -> object: ...
    def undo(self) -> bool: ...
    def seek(self, position: int) -> None: ...
    def new_game(self, seed: int | None = None) -> None: ...
    def set_seat(self, seat: int, kind: str) -> None: ...
    def note_shown(self, seat: int | None) -> None: ...
    def history(self) -> Any: ...
    def to_csv(self) -> str: ...
    def scenario_code(self, include_moves: bool = True) -> str: ...
    def result_code(self, name: str, lesson: str | None = None) -> str: ...
