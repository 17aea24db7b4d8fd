"""A playable game with a timeline: what the widget drives, testable without any widget.

The session owns the seeded state, the list of actions taken (the timeline), who plays each
seat, the metric rows recorded after every step (Mesa's collect-then-plot) and the event log.
Rewinding replays the first k actions from the seed through the engine's one replay loop
(:func:`evo_lessons.engine.record.replay`), so the timeline, undo, saves and scenario codes all
rest on the same guarantee: same seed and decisions, same game.

**Who moved.** Every move on the timeline keeps who chose it (:attr:`GameSession.movers`):
``"person"`` (a click, :meth:`act_index`, or :meth:`apply` from Python), ``"helper"`` (the
helper bot moving for a person: Step or Play to end on a person's turn), ``"scenario"`` (a move
that came with a loaded scenario code) or the name of the seat's bot. A result code carries it
(:meth:`result_code`), so the class tools can tell the student's play from the helper's.

**Bots are seeded per decision**: the bot on seat s choosing move m is
``make_bot(name, derive_seed(seed, "bot", s, m))``. Every bot in the package keeps nothing
between decisions but its random generator (its memory is the observation), so a bot plays the
same move in the same position whatever happened before: after an undo, a rewind, a reload or a
seat change. That is what lets the class tools re-ask every bot seat and refuse a code whose
"bots" did not play as those bots.

**The session's whole history** (:attr:`GameSession.deal_history`) goes into the result code
too, because the moves alone do not show how a game was reached: how often this deal had been
played before the game began (New game with a seed, a scenario code loaded again; a deal
counts as played at its first move or when another seat's hand is shown, not when it is only
dealt, so a cell run again or a lesson reopened is no replay: a
:class:`~evo_lessons.engine.deals.DealBook`, kept in the lesson's work file across kernels),
whether the helper bot had moved in it, how often a move was made that differs from one already
on the timeline (Undo, the slider: a rewound game), and which seats' hands the page showed
(:meth:`GameSession.note_shown`) whose seat a bot holds at the end (a peek at a bot's cards,
whatever seat changes, at move 0 or across New game, led there). The class tools count a
student's first unrewound play of a deal and list every other apart with its reason.

**Hidden information.** A scenario code holds the seed, and the seed rebuilds every hidden
card; :meth:`scenario_code` therefore refuses while a game with hidden information is on,
unless the session is a teacher's (``teacher=True``: the teacher edition sets up scenarios).
"""

from __future__ import annotations

import csv
import io
import pathlib
import random
from collections.abc import Sequence
from typing import Any

from evo_lessons import game_spec
from evo_lessons.engine import (
    Action,
    GameSpec,
    IllegalAction,
    derive_seed,
    record,
    results,
    wants_observation,
)
from evo_lessons.engine.deals import DealBook, deal_key
from evo_lessons.engine.seeds import check_seed
from evo_lessons.engine.words import is_whole, seat_name, short_repr
from evo_lessons.i18n import N_, ngettext, pgettext, tr
from evo_lessons.i18n import _ as _t

from . import scenarios
from .scenarios import MAX_SCENARIO_BYTES as MAX_SCENARIO_BYTES
from .scenarios import read_scenario as read_scenario
from .widget_session import WidgetSession as WidgetSession

HUMAN = "human"
#: who made a move, besides a bot's name
PERSON, HELPER, SCENARIO = "person", "helper", "scenario"
HIDDEN_CODE = N_(
    "The scenario code is given when the game is over: mid-game it would show the other "
    "players' hidden cards."
)


class ChoiceRefused(IllegalAction):
    """A choice from the page that is refused, in words that name no legal move."""

    def __init__(self, index: object, reason: str) -> None:
        said = pgettext(
            "error; {reason} is a sentence that follows", "Illegal action: choice number {index}."
        ).format(index=short_repr(index))
        ValueError.__init__(self, f"{said} {reason}")
        self.action = index
        self.legal = []


class GameSession:
    """One game being played: state, timeline, seats, rows, log, and who made each move.

    ``teacher=True`` gives scenario codes at any time (see the module docstring).
    """

    def __init__(
        self,
        game: str | GameSpec,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        *,
        teacher: bool = False,
        **options: Any,
    ) -> None:
        self.spec: GameSpec = game_spec(game)
        self.seed = random.randrange(1, 100_000) if seed is None else check_seed(seed)
        self.teacher = bool(teacher)
        state = self.spec.new_game(seed=self.seed, **options)  # validates the options
        self.options = dict(state.options)
        self.seats = self._check_seats(seats, state.num_players)
        #: every deal this session (and the lesson it joins) has shown; see the module docstring
        self.deals = DealBook()
        self._clear_timeline()
        self._restart(state)

    def _clear_timeline(self) -> None:
        self.actions: list[Action] = []
        #: the seat that made each move (-1: none)
        self.actors: list[int] = []
        #: who chose each move: "person", "helper", "scenario" or a bot's name
        self.movers: list[str] = []
        #: each move's number among the legal actions where it was taken (compact saves)
        self.numbers: list[int] = []
        #: seats switched between a person and a bot (or between bots) during this game
        self.changed_seats: set[int] = set()
        #: the furthest this game has gone (move, mover), kept through Undo and rewinds
        self._furthest: list[tuple[Action, str]] = []
        #: seats whose own (hidden) view the page showed during this deal
        self.shown_seats: set[int] = set()
        before = self.deals.record(self.deal)
        #: what the result code says about how this game was reached (see the module docstring)
        self.deal_history: dict[str, Any] = {
            "before": before["shown"],
            "helper_first": before["helper"],
            "rewinds": 0,
        }
        #: whether this game has counted as a play of its deal yet (see :meth:`_played`)
        self._played_deal = False
        #: the seat whose hand a fresh deal shows first (the student's, by default)
        self._opening_seat = self.humans[0] if self.humans else None

    @property
    def deal(self) -> str:
        """The name of this game's deal (its game and seed): see :mod:`.deals`."""
        return deal_key(self.spec.name, self.seed)

    def use_deals(self, book: DealBook) -> None:
        """Join a shared book of deals (a lesson's): its earlier showings of this deal count
        for this game, and this session's showings are added to it."""
        if book is self.deals:
            return
        earlier = book.record(self.deal)
        self.deal_history["before"] += earlier["shown"]
        self.deal_history["helper_first"] |= earlier["helper"]
        book.absorb(self.deals)
        self.deals = book

    def note_shown(self, seat: int | None) -> None:
        """The page shows this seat's own view now (its hand, if the game hides any)."""
        if seat is not None and is_whole(seat) and 0 <= seat < len(self.seats):
            self.shown_seats.add(seat)
            if seat != self._opening_seat:  # another seat's hand: the deal is being played
                self._played()

    def _played(self) -> None:
        """This game counts as a play of its deal (once): at its first move, or when the page
        shows a hand other than the opening seat's. A deal only dealt (a cell run again, a
        lesson reopened: the student's own opening hand on the screen) is not yet a play."""
        if self._played_deal:
            return
        self._played_deal = True
        before = self.deals.show(self.deal)
        self.deal_history["before"] = before["shown"]
        self.deal_history["helper_first"] |= before["helper"]

    def history_record(self) -> dict[str, Any]:
        """How this game was reached, as its result code holds it (see the module docstring)."""
        hidden = self.spec.hidden_information
        peeked = sorted(s for s in self.shown_seats if self.seats[s] != HUMAN) if hidden else []
        return {**self.deal_history, "peeked": peeked}

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
            raise ValueError(
                pgettext(
                    "error; keep 'seats' and 'human' (Python words)",
                    "seats are a list: 'human' or a bot name for each seat",
                )
            )
        seats = list(seats)
        if len(seats) != players:
            raise ValueError(
                pgettext(
                    "error; {players} and {got} are numbers",
                    "{players} seats are needed, one per player; got {got}",
                ).format(players=players, got=len(seats))
            )
        for name in seats:
            if name != HUMAN and (not isinstance(name, str) or name not in self.spec.bots):
                raise ValueError(
                    pgettext(
                        "error; keep 'human' and the bots' names (Python words)",
                        "a seat is 'human' or one of the bots {bots}; got {got}",
                    ).format(bots=", ".join(self.spec.bots), got=short_repr(name))
                )
        return seats

    def set_seat(self, seat: int, kind: str) -> None:
        """Give a seat to a person ("human") or a bot; during a game the change is recorded
        (its result code then says the seat changed, and the class tools list it apart)."""
        if not (is_whole(seat) and 0 <= seat < len(self.seats)):
            raise ValueError(
                pgettext("error", "there is no seat {seat}").format(seat=short_repr(seat))
            )
        seats = list(self.seats)
        seats[seat] = kind
        seats = self._check_seats(seats, len(self.seats))
        if seats[seat] != self.seats[seat] and self.position > 0 and not self.state.is_over:
            self.changed_seats.add(seat)
        self.seats = seats

    def bot_for(self, seat: int, position: int | None = None):
        """The bot of ``seat`` deciding move ``position`` (default: the next move), seeded for
        that one decision: ``derive_seed(seed, "bot", seat, position)``."""
        move = self.position if position is None else position
        return self.spec.make_bot(self.seats[seat], derive_seed(self.seed, "bot", seat, move))

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
        self._record()

    def _record(self) -> None:
        step = self.position
        for row in self.state.metrics():
            self.rows.append({"step": step, **row})

    def _after_step(
        self, player: int | None, action: Action, events: list, mover: str, number: int
    ) -> None:
        """Record one step of the timeline: its actor, mover, rows and log lines.

        A replayed step that agrees with the timeline keeps the timeline's record of it."""
        self.position += 1
        if self.position > len(self.actions) or self.actions[self.position - 1] != action:
            self._cut(self.position - 1)
            self.actions.append(action)
            self.actors.append(-1 if player is None else player)
            self.movers.append(mover)
            self.numbers.append(number)
        self._record()
        self.log.extend((self.position, e.text) for e in events)

    def _note_furthest(self, action: Action, mover: str) -> None:
        """Compare a move with the furthest this game has gone: another move (or mover) where
        one was already made means the game was rewound and played otherwise. Undo and the
        slider cut the timeline, not this record, so a move redone the same way and then a
        different one later still counts as a rewind."""
        seen, at = self._furthest, self.position
        if at > len(seen):  # moves that came with a loaded scenario
            seen[:] = list(zip(self.actions[:at], self.movers[:at], strict=True))
        if at < len(seen):
            if seen[at] == (action, mover):
                return
            self.deal_history["rewinds"] += 1
            del seen[at:]
        seen.append((action, mover))

    def _cut(self, length: int) -> None:
        for kept in (self.actions, self.actors, self.movers, self.numbers):
            del kept[length:]

    def apply(self, action: Action, mover: str = PERSON) -> list:
        """Apply an action now (cutting off any undone future) and record who chose it
        (``mover``: "person" by default, as a move made from Python is a person's)."""
        player = self.state.current_player
        legal = self.state.legal_actions()
        events = self.state.apply(action)  # raises IllegalAction, changing nothing
        own = self.state.history[-1]  # the state's own copy of the action
        number = next(i for i, a in enumerate(legal) if a is own)
        self._played()
        self._note_furthest(own, mover)
        self._cut(self.position)
        self._after_step(player, own, events, mover, number)
        return events

    def act_index(self, index: object) -> list:
        """Apply the human's choice by its index among the legal actions (from the browser)."""
        legal = self.state.legal_actions()
        # the refusal names no legal move: the page shows a person's own choices, and nothing
        # from the page may list a move the page does not show (a bot's hand, say)
        if self.state.is_over:
            raise ChoiceRefused(index, pgettext("error", "The game is over: no move is legal now."))
        if not self.is_human_turn():
            raise ChoiceRefused(index, pgettext("error", "It is a bot's turn: a bot decides now."))
        # (isinstance narrows the type for the checker; is_whole refuses a bool)
        if not (isinstance(index, int) and is_whole(index) and 0 <= index < len(legal)):
            raise ChoiceRefused(
                index,
                ngettext(
                    "There is {n} choice now; pick one shown.",
                    "There are {n} choices now; pick one shown.",
                    len(legal),
                ).format(n=len(legal)),
            )
        return self.apply(legal[index])

    def bot_step(self) -> list | None:
        """Let the current seat's bot (or, for a human seat, the helper bot) make one move."""
        player = self.state.current_player
        if player is None:
            return None
        if self.seats[player] == HUMAN:  # a person asked the machine to move for them
            bot = self.spec.make_bot(self.good_bot, derive_seed(self.seed, "hint", self.position))
            mover = HELPER
        else:
            bot = self.bot_for(player)
            mover = self.seats[player]
        legal = self.state.legal_actions()
        observation = self.state.observation(player) if wants_observation(bot, legal) else None
        events = self.apply(bot.choose(observation, legal), mover)
        if mover == HELPER:  # a later game of this deal may repeat the helper's moves
            self.deals.helped(self.deal)
        return events

    def play_to_end(self) -> int:
        """Every remaining move by bots, the helper bot on people's seats (recorded as the
        helper's: such a game is not the student's own result). Returns the moves made."""
        moves = 0
        while not self.state.is_over:
            self.bot_step()
            moves += 1
        return moves

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
            raise ValueError(pgettext("error", "a timeline position is a whole number"))
        if not 0 <= position <= len(self.actions):
            raise ValueError(
                pgettext("error", "the timeline runs from 0 to {last}").format(
                    last=len(self.actions)
                )
            )
        moves = record.encode_moves(self.numbers[:position])
        self._replay(record.save_dict(self.state, moves=moves))

    def _replay(self, data: dict[str, Any], mover: str = SCENARIO) -> None:
        """Rebuild the game from a save through the engine's replay, recording every step.

        The moves beyond the save's end stay on the timeline (the slider can go forward again)
        as long as the replayed moves agree with them; moves new to the timeline are recorded
        as made by ``mover`` (a loaded scenario's).
        """
        self._restart(self.spec.new_game(seed=self.seed, **self.options))
        numbers: list[int] = []

        def on_step(state, player, action, events):
            self.state = state
            self._after_step(player, action, events, mover, numbers[-1])

        self.state = record.replay(self.spec, data, on_step=on_step, numbers=numbers)

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
        self.seed = random.randrange(1, 100_000) if seed is None else check_seed(seed)
        self._clear_timeline()
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
        """This game as a save with its seats (the moves up to the timeline's position, as
        move tokens). It holds the seed: for Python and teachers; see :meth:`scenario_code`."""
        moves = record.encode_moves(self.numbers[: self.position] if include_moves else [])
        return record.save_dict(self.state, seats=self.seats, moves=moves)

    @property
    def scenario_code_ready(self) -> bool:
        """Whether :meth:`scenario_code` may be given now: the game is over, or it hides
        nothing, or this is a teacher's session."""
        return self.state.is_over or not self.spec.hidden_information or self.teacher

    def scenario_code(self, include_moves: bool = True) -> str:
        """A short code (``EVO1-...``) that starts this game anywhere; it holds the seed.

        Refused (ValueError) while a game with hidden information is on, unless ``teacher``:
        the seed would rebuild every other player's hidden cards."""
        if not self.scenario_code_ready:
            raise ValueError(_t(HIDDEN_CODE))
        return record.encode(self.scenario(include_moves))

    # -- result codes --------------------------------------------------------------------------
    @property
    def loaded_moves(self) -> int:
        """How many opening moves came with a loaded scenario code (not played here)."""
        count = 0
        for mover in self.movers[: self.position]:
            if mover != SCENARIO:
                break
            count += 1
        return count

    def play_record(self, student: int | None = None) -> dict[str, Any]:
        """Who made the moves to the timeline's position, as a result code holds it.

        ``student``: the seat of the person handing the code in (default: the first person's
        seat; None when nobody sits at the table)."""
        humans = self.humans
        if student is None:
            student = humans[0] if humans else None
        elif not (is_whole(student) and student in humans):
            raise ValueError(
                pgettext("error", "seat {seat} is not a person's seat").format(
                    seat=short_repr(student)
                )
            )
        end = self.position
        return results.play_record(
            self.seats,
            self.actors[:end],
            self.movers[:end],
            student=student,
            loaded=self.loaded_moves,
            changed=self.changed_seats,
            history=self.history_record(),
        )

    def result_code(self, name: str, lesson: str | None = None, *, seat: int | None = None) -> str:
        """The result code (``EVR2-...``) of this finished game, with the student's name.

        It records the seats, which seat is the student's (``seat``; default the first
        person's), who made each move (the person, the helper bot, a bot) and the lesson id.
        ValueError if the game is not finished, or the name or lesson is not fit for a code.
        """
        if not self.state.is_over:
            raise ValueError(
                pgettext("error", "A result code is for a finished game: play it to the end first.")
            )
        data = results.game_result(
            self.scenario(True), name, lesson=lesson, play=self.play_record(seat)
        )
        return results.encode(data)

    @classmethod
    def from_scenario(
        cls, source: dict[str, Any] | str | bytes | pathlib.Path, *, teacher: bool = False
    ) -> GameSession:
        """Start from a scenario code, save JSON text, a dict, or a file saved earlier, at
        exactly the saved position (:func:`.scenarios.from_scenario`; ValueError with a reason,
        nothing half-loaded)."""
        return scenarios.from_scenario(cls, source, teacher=teacher)

    # -- resuming in a new kernel --------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """This game as plain JSON, to take it up again in a new kernel at the same move
        (:func:`.scenarios.snapshot`; it holds the seed: never handed in or shown)."""
        return scenarios.snapshot(self)

    @classmethod
    def resume(cls, snapshot: dict[str, Any], book: DealBook | None = None) -> GameSession:
        """The game a :meth:`snapshot` was taken of, one play taken up again, never a replay
        of its deal (:func:`.scenarios.resume`; ValueError if it does not replay)."""
        return scenarios.resume(cls, snapshot, book)


def _bot_name(kind: str) -> str:
    """A bot's name in the reader's language (the page's own words for it); its id if the page
    has none."""
    from .page_strings import GAME_PAGE

    name = GAME_PAGE.get(f"bot.{kind}")
    return tr(name) if name is not None else kind


def seat_label(seat: int, kind: str) -> str:
    """ "Player 2 (planner bot)" or "Player 1 (a person)"."""
    who = (
        pgettext("who plays a seat", "a person")
        if kind == HUMAN
        else pgettext(
            "who plays a seat; {kind} is a bot's name such as 'planner'", "{kind} bot"
        ).format(kind=_bot_name(kind))
    )
    return pgettext("a seat and who plays it", "{seat} ({who})").format(
        seat=seat_name(seat), who=who
    )
