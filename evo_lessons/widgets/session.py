"""A playable game with a timeline: what the widget drives, testable without any widget.

The session owns the seeded state, the list of actions taken (the timeline), who plays each
seat, the metric rows recorded after every step (Mesa's collect-then-plot) and the event log.
Rewinding replays the first k actions from the seed, so the timeline, undo and scenarios all
rest on the same guarantee as saves: same seed and decisions, same game.
"""

from __future__ import annotations

import csv
import importlib
import io
import random
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from evo_lessons import game_module
from evo_lessons.engine import Action, IllegalAction, action_from_json, derive_seed

from . import scenario

HUMAN = "human"


class GameSession:
    """One game being played: state, timeline, seats, rows and log."""

    def __init__(
        self,
        game: str = "climate",
        *,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        self.game = game
        self.module: ModuleType = game_module(game)
        self.view: ModuleType = importlib.import_module(f"{self.module.__name__}.view")
        self.bot_classes: dict[str, type] = dict(self.module.BOTS)
        self.seed = random.randrange(1, 100_000) if seed is None else seed
        state = self.module.new_game(seed=self.seed, **options)  # validates the options
        self.options = dict(state.options)
        self.seats = self._check_seats(seats, state.num_players)
        self._restart(state)

    # -- seats and bots ------------------------------------------------------------------------
    @property
    def good_bot(self) -> str:
        names = [n for n in self.bot_classes if n != "random"]
        return names[0] if names else "random"

    def _check_seats(self, seats: Sequence[str] | None, players: int) -> list[str]:
        if seats is None:
            return [HUMAN] + [self.good_bot] * (players - 1)
        seats = list(seats)
        if len(seats) != players:
            raise ValueError(f"{players} seats are needed, one per player; got {len(seats)}")
        for name in seats:
            if name != HUMAN and name not in self.bot_classes:
                raise ValueError(
                    f"a seat is 'human' or one of the bots {sorted(self.bot_classes)}; got {name!r}"
                )
        return seats

    def set_seat(self, seat: int, kind: str) -> None:
        if not (isinstance(seat, int) and 0 <= seat < len(self.seats)):
            raise ValueError(f"no seat {seat!r}")
        seats = list(self.seats)
        seats[seat] = kind
        self.seats = self._check_seats(seats, len(self.seats))
        self.bots[seat] = None if kind == HUMAN else self._make_bot(seat)

    def _make_bot(self, seat: int):
        return self.bot_classes[self.seats[seat]](seed=derive_seed(self.seed, "bot", seat))

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def is_human_turn(self) -> bool:
        player = self.state.current_player
        return player is not None and self.seats[player] == HUMAN

    # -- the timeline --------------------------------------------------------------------------
    def _restart(self, state=None) -> None:
        self.state = state or self.module.new_game(seed=self.seed, **self.options)
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.position = 0
        self.rows: list[dict[str, Any]] = []
        self.log: list[tuple[int, str]] = []
        self.bots = [None if k == HUMAN else self._make_bot(s) for s, k in enumerate(self.seats)]
        self._record()

    def _record(self) -> None:
        step = self.position
        for row in self.state.metrics():
            self.rows.append({"step": step, **row})

    def apply(self, action: Action) -> list:
        """Apply an action now (cutting off any undone future) and record it."""
        player = self.state.current_player
        events = self.state.apply(action)  # raises IllegalAction, changing nothing
        del self.actions[self.position :]
        del self.actors[self.position :]
        self.actions.append(action)
        self.actors.append(player if player is not None else -1)
        self.position += 1
        self._record()
        self.log.extend((self.position, e.text) for e in events)
        return events

    def act_index(self, index: object) -> list:
        """Apply the human's choice by its index among the legal actions (from the browser)."""
        legal = self.state.legal_actions()
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
            raise IllegalAction(f"action number {index!r}", legal, "No such choice.")
        if not self.is_human_turn():
            raise IllegalAction(f"action number {index}", legal, "It is a bot's turn.")
        return self.apply(legal[index])

    def bot_step(self) -> list | None:
        """Let the current seat's bot (or, for a human seat, the good bot) make one move."""
        player = self.state.current_player
        if player is None:
            return None
        bot = self.bots[player]
        if bot is None:  # a human asked the machine to move for them
            bot = self.bot_classes[self.good_bot](
                seed=derive_seed(self.seed, "hint", self.position)
            )
        observation = self.state.observation(player) if bot.needs_observation else None
        return self.apply(bot.choose(observation, self.state.legal_actions()))

    def seek(self, position: int) -> None:
        """Rewind (or replay forward) to the state after ``position`` actions of the timeline."""
        if isinstance(position, bool) or not isinstance(position, int):
            raise ValueError("a timeline position is a whole number")
        if not 0 <= position <= len(self.actions):
            raise ValueError(f"the timeline runs from 0 to {len(self.actions)}")
        actions, actors = list(self.actions), list(self.actors)
        self.state = self.module.new_game(seed=self.seed, **self.options)
        self.position = 0
        self.rows, self.log = [], []
        self._record()
        for action in actions[:position]:
            self.apply(action)
        # keep the undone future so the slider can go forward again
        self.actions, self.actors = actions, actors
        self.bots = [None if k == HUMAN else self._make_bot(s) for s, k in enumerate(self.seats)]

    def undo(self) -> bool:
        """Go back to just before the last human decision (or one step if there is none)."""
        if self.position == 0:
            return False
        humans = set(self.humans)
        target = self.position - 1
        for i in range(self.position - 1, -1, -1):
            if self.actors[i] in humans:
                target = i
                break
        self.seek(target)
        return True

    def new_game(self, seed: int | None = None) -> None:
        self.seed = random.randrange(1, 100_000) if seed is None else seed
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError("a seed is a whole number")
        self._restart()

    # -- exports -------------------------------------------------------------------------------
    def history(self):
        """The metric rows as a pandas DataFrame (one row per player per step)."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def to_csv(self) -> str:
        columns: list[str] = []
        for row in self.rows:
            for key in row:
                if key not in columns:
                    columns.append(key)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows(self.rows)
        return out.getvalue()

    def scenario(self, include_moves: bool = True) -> dict[str, Any]:
        actions = self.actions[: self.position] if include_moves else []
        return scenario.to_dict(self.game, self.options, self.seed, self.seats, actions)

    def scenario_code(self, include_moves: bool = True) -> str:
        return scenario.encode(self.scenario(include_moves))

    @classmethod
    def from_scenario(cls, data: dict[str, Any] | str) -> GameSession:
        """Start from a scenario dict, JSON text or code; ValueError if anything is wrong."""
        data = scenario.decode(data) if isinstance(data, str) else scenario.check(data)
        try:
            session = cls(data["game"], seed=data["seed"], seats=data["seats"], **data["options"])
        except TypeError as error:
            raise ValueError(f"scenario rejected: bad options ({error})") from None
        types = session.state.action_types
        for number, raw in enumerate(data["actions"], start=1):
            try:
                session.apply(action_from_json(raw, types))
            except (ValueError, TypeError) as error:
                raise ValueError(f"scenario rejected at move {number}: {error}") from None
        return session
