"""A playable game with a timeline: what the widget drives, testable without any widget.

The session owns the seeded state, the list of actions taken (the timeline), who plays each
seat, the metric rows recorded after every step (Mesa's collect-then-plot) and the event log.
Rewinding replays the first k actions from the seed through the engine's one replay loop
(:func:`evo_lessons.engine.record.replay`), so the timeline, undo, saves and scenario codes all
rest on the same guarantee: same seed and decisions, same game.
"""

from __future__ import annotations

import csv
import io
import pathlib
import random
from collections.abc import Sequence
from typing import Any

from evo_lessons import game_spec
from evo_lessons.engine import Action, GameSpec, IllegalAction, derive_seed, record
from evo_lessons.engine.words import is_whole, seat_name, short_repr

HUMAN = "human"
#: the largest scenario file or code the widget reads (a long game's save is tens of kB)
MAX_SCENARIO_BYTES = record.MAX_SAVE_BYTES


class GameSession:
    """One game being played: state, timeline, seats, rows and log."""

    def __init__(
        self,
        game: str | GameSpec,
        *,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        self.spec: GameSpec = game_spec(game)
        self.seed = random.randrange(1, 100_000) if seed is None else seed
        state = self.spec.new_game(seed=self.seed, **options)  # validates seed and options
        self.options = dict(state.options)
        self.seats = self._check_seats(seats, state.num_players)
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self._restart(state)

    @property
    def game(self) -> str:
        return self.spec.name

    # -- seats and bots ------------------------------------------------------------------------
    @property
    def good_bot(self) -> str:
        """The bot that plays for a student who presses Step, and the default opponent."""
        return self.spec.helper_bot

    @property
    def bot_names(self) -> list[str]:
        return list(self.spec.bots)

    def _check_seats(self, seats: Sequence[str] | None, players: int) -> list[str]:
        if seats is None:
            return [HUMAN] + [self.good_bot] * (players - 1)
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise ValueError("seats are a list: 'human' or a bot name for each seat")
        seats = list(seats)
        if len(seats) != players:
            raise ValueError(f"{players} seats are needed, one per player; got {len(seats)}")
        for name in seats:
            if name != HUMAN and (not isinstance(name, str) or name not in self.spec.bots):
                raise ValueError(
                    f"a seat is 'human' or one of the bots {', '.join(self.spec.bots)}; "
                    f"got {short_repr(name)}"
                )
        return seats

    def set_seat(self, seat: int, kind: str) -> None:
        if not (is_whole(seat) and 0 <= seat < len(self.seats)):
            raise ValueError(f"there is no seat {short_repr(seat)}")
        seats = list(self.seats)
        seats[seat] = kind
        self.seats = self._check_seats(seats, len(self.seats))
        self.bots[seat] = None if kind == HUMAN else self._make_bot(seat)

    def _make_bot(self, seat: int):
        return self.spec.make_bot(self.seats[seat], derive_seed(self.seed, "bot", seat))

    def _fresh_bots(self) -> None:
        self.bots = [None if k == HUMAN else self._make_bot(s) for s, k in enumerate(self.seats)]

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def is_human_turn(self) -> bool:
        player = self.state.current_player
        return player is not None and self.seats[player] == HUMAN

    # -- the timeline --------------------------------------------------------------------------
    def _restart(self, state=None) -> None:
        """Back to the start of the timeline (keeping the moves, so the slider can replay)."""
        self.state = state or self.spec.new_game(seed=self.seed, **self.options)
        self.position = 0
        self.rows: list[dict[str, Any]] = []
        self.log: list[tuple[int, str]] = [(0, e.text) for e in self.state.setup_events]
        self._fresh_bots()
        self._record()

    def _record(self) -> None:
        step = self.position
        for row in self.state.metrics():
            self.rows.append({"step": step, **row})

    def _after_step(self, player: int | None, action: Action, events: list) -> None:
        """Record one step of the timeline: its actor, its rows and its log lines."""
        self.position += 1
        if self.position > len(self.actions) or self.actions[self.position - 1] != action:
            del self.actions[self.position - 1 :]
            del self.actors[self.position - 1 :]
            self.actions.append(action)
            self.actors.append(-1 if player is None else player)
        self._record()
        self.log.extend((self.position, e.text) for e in events)

    def apply(self, action: Action) -> list:
        """Apply an action now (cutting off any undone future) and record it."""
        player = self.state.current_player
        events = self.state.apply(action)  # raises IllegalAction, changing nothing
        own = self.state.history[-1]  # the state's own copy of the action
        del self.actions[self.position :]
        del self.actors[self.position :]
        self._after_step(player, own, events)
        return events

    def act_index(self, index: object) -> list:
        """Apply the human's choice by its index among the legal actions (from the browser)."""
        legal = self.state.legal_actions()
        if not (is_whole(index) and 0 <= index < len(legal)):
            raise IllegalAction(f"choice number {short_repr(index)}", legal, "No such choice.")
        if not self.is_human_turn():
            raise IllegalAction(f"choice number {index}", legal, "It is a bot's turn.")
        return self.apply(legal[index])

    def bot_step(self) -> list | None:
        """Let the current seat's bot (or, for a human seat, the helper bot) make one move."""
        player = self.state.current_player
        if player is None:
            return None
        bot = self.bots[player]
        if bot is None:  # a human asked the machine to move for them
            bot = self.spec.make_bot(self.good_bot, derive_seed(self.seed, "hint", self.position))
        observation = self.state.observation(player) if bot.needs_observation else None
        return self.apply(bot.choose(observation, self.state.legal_actions()))

    def run_bots(self) -> int:
        """Bots play until a person must decide or the game ends; returns the moves made.

        With no person at the table nothing runs by itself (a class watching bots steps).
        """
        moves = 0
        if not self.humans:
            return moves
        while not self.state.is_over and not self.is_human_turn():
            self.bot_step()
            moves += 1
        return moves

    def seek(self, position: int) -> None:
        """Rewind (or replay forward) to the state after ``position`` actions of the timeline."""
        if not is_whole(position):
            raise ValueError("a timeline position is a whole number")
        if not 0 <= position <= len(self.actions):
            raise ValueError(f"the timeline runs from 0 to {len(self.actions)}")
        self._replay(record.save_dict(self.state, self.actions[:position]))

    def _replay(self, data: dict[str, Any]) -> None:
        """Rebuild the game from a save through the engine's replay, recording every step.

        The moves beyond the save's end stay on the timeline (the slider can go forward again)
        as long as the replayed moves agree with them.
        """
        self._restart(self.spec.new_game(seed=self.seed, **self.options))

        def on_step(state, player, action, events):
            self.state = state
            self._after_step(player, action, events)

        self.state = record.replay(self.spec, data, on_step=on_step)
        self._fresh_bots()

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
        if seed is not None and not is_whole(seed):
            raise ValueError("a seed is a whole number")
        self.seed = random.randrange(1, 100_000) if seed is None else seed
        self.actions, self.actors = [], []
        self._restart()

    # -- exports -------------------------------------------------------------------------------
    def people_rows(self) -> list[dict[str, Any]]:
        """The metric rows as people read them: players numbered from 1, like the widget."""
        return [{**row, "player": row["player"] + 1} for row in self.rows]

    def history(self):
        """The metric rows as a pandas DataFrame (one row per player per step; player 1, 2...)."""
        import pandas as pd

        return pd.DataFrame(self.people_rows())

    def to_csv(self) -> str:
        rows = self.people_rows()
        columns: list[str] = []
        for row in rows:
            for key in row:
                if key not in columns:
                    columns.append(key)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
        return out.getvalue()

    def scenario(self, include_moves: bool = True) -> dict[str, Any]:
        """This game as a save with its seats (the moves up to the timeline's position)."""
        actions = self.actions[: self.position] if include_moves else []
        return record.save_dict(self.state, actions, seats=self.seats)

    def scenario_code(self, include_moves: bool = True) -> str:
        """A short code (``EVO1-...``) that starts this game anywhere; it holds the seed."""
        return record.encode(self.scenario(include_moves))

    @classmethod
    def from_scenario(cls, source: dict[str, Any] | str | bytes | pathlib.Path) -> GameSession:
        """Start from a scenario code, save JSON text, a dict, or a file saved earlier.

        The session stands at exactly the saved position (no bot moves on by itself).
        Anything wrong raises ValueError with a reason, and nothing is half-loaded.
        """
        data = read_scenario(source)
        try:
            spec = game_spec(data["game"])
        except ValueError as error:
            raise ValueError(f"scenario rejected: {error}") from None
        try:
            session = cls(spec, seed=data["seed"], seats=data.get("seats"), **data["options"])
        except TypeError as error:
            raise ValueError(f"scenario rejected: bad options ({error})") from None
        except ValueError as error:
            raise ValueError(f"scenario rejected: {error}") from None
        session._replay(data)
        return session


def read_scenario(source: dict[str, Any] | str | bytes | pathlib.Path) -> dict[str, Any]:
    """A checked save dict from a code, JSON text, a dict or a file path (str or Path)."""
    if isinstance(source, dict):
        return record.check_envelope(source)
    if isinstance(source, pathlib.Path) or (
        isinstance(source, str) and source.strip().lower().endswith(".json")
    ):
        path = pathlib.Path(source)
        if not path.is_file():
            raise ValueError(f"scenario rejected: there is no file {str(path)[:80]!r}")
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            raise ValueError("scenario rejected: the file is too large to be a save")
        source = path.read_bytes()
    return record.parse_save(source)


def seat_label(seat: int, kind: str) -> str:
    """ "Player 2 (planner bot)" or "Player 1 (a person)"."""
    who = "a person" if kind == HUMAN else f"{kind} bot"
    return f"{seat_name(seat)} ({who})"
