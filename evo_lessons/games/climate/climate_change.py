"""Climate change: the end of a round, the climate die, and the end of time (R9, R11).

The rulebook: when every player has had a turn, the die is rolled; on 4, 5 or 6 the climate
changes, and a second roll says whether it goes one step colder (1-3) or warmer (4-6), never
past the coldest or the warmest board. The map is swapped for the new board and every species
stays on its numbered cell, which may now be another habitat. In the round after a change, each
species must be, or become, adapted where it stands or where it moves (``turns.py``).

Our variants: ``climate_change_faces`` (how many faces change the climate), ``climate_trend``
(R11) and ``max_rounds`` (R9: a teacher's cap, and a safety limit on every game).
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seats_in_words
from evo_lessons.i18n import pgettext

from .lineages import Lineages

TRENDS = ("random", "warming", "cooling")
#: R9: with no cap set, a game that somehow runs this long (a billion years) still ends
ROUND_LIMIT = 1_000


class ClimateChange(Lineages):
    """The round's end and the climate die (a part of :class:`ClimateState`)."""

    @property
    def round_cap(self) -> int:
        """The round after which time is up (R9): the teacher's cap, else the safety limit."""
        return self.options["max_rounds"] or ROUND_LIMIT

    def _end_round(self, events: list[Event]) -> None:
        """Roll for the climate; then the game ends if time is up (R9), or a new round starts."""
        self._roll_climate(events)
        self.temperature_log.append(self.temperature)
        if self.round >= self.round_cap:
            self._time_is_up(events)
            return
        self.round += 1

    def _roll_climate(self, events: list[Event]) -> None:
        """A roll above ``6 - climate_change_faces`` changes the climate one step (R11)."""
        self.after_change = False
        faces = self.options["climate_change_faces"]
        roll = self._die()
        if roll <= 6 - faces:
            events.append(
                Event(
                    "climate",
                    pgettext(
                        "climate log",
                        "End of round {round}: the climate die shows {roll}; the climate holds at "
                        "board {board}.",
                    ).format(round=self.round, roll=roll, board=self.temperature),
                    None,
                    {"roll": roll, "temperature": self.temperature},
                )
            )
            return
        before = self.temperature
        direction_roll = self._die()
        step = 1 if direction_roll >= 4 else -1
        trend = self.options["climate_trend"]
        note = ""
        if trend == "warming":
            step, note = (
                1,
                pgettext(
                    "climate log; a note in brackets, with a space before it",
                    " (the warming trend always pushes up)",
                ),
            )
        elif trend == "cooling":
            step, note = (
                -1,
                pgettext(
                    "climate log; a note in brackets, with a space before it",
                    " (the cooling trend always pushes down)",
                ),
            )
        elif before == 1 and step < 0:
            step, note = (
                1,
                pgettext(
                    "climate log; a note in brackets, with a space before it",
                    " (it cannot get colder than board 1, so it warms)",
                ),
            )
        elif before == 5 and step > 0:
            step, note = (
                -1,
                pgettext(
                    "climate log; a note in brackets, with a space before it",
                    " (it cannot get warmer than board 5, so it cools)",
                ),
            )
        after = min(5, max(1, before + step))
        if after == before:
            events.append(
                Event(
                    "climate",
                    pgettext(
                        "climate log; {note} is a note in brackets or nothing",
                        "End of round {round}: the climate die shows {roll}, but the climate is "
                        "already at its limit{note}.",
                    ).format(round=self.round, roll=roll, note=note),
                    None,
                    {"roll": roll, "temperature": after},
                )
            )
            return
        self.temperature = after
        self.after_change = True
        said = (
            pgettext(
                "climate log; {note} is a note in brackets or nothing",
                "End of round {round}: the climate die shows {roll} and the direction die "
                "{direction}: the world warms to board {board}{note}.",
            )
            if after > before
            else pgettext(
                "climate log; {note} is a note in brackets or nothing",
                "End of round {round}: the climate die shows {roll} and the direction die "
                "{direction}: the world cools to board {board}{note}.",
            )
        )
        events.append(
            Event(
                "climate",
                said.format(
                    round=self.round, roll=roll, direction=direction_roll, board=after, note=note
                ),
                None,
                {"roll": roll, "direction": direction_roll, "temperature": after, "before": before},
            )
        )

    def _time_is_up(self, events: list[Event]) -> None:
        """R9: the most tokens win; ties go to the fewer extinctions; a tie on both is shared."""
        ranks = [(self._token_count(p), -self.extinctions[p]) for p in range(self.num_players)]
        best = max(ranks)
        self.winners = [p for p in range(self.num_players) if ranks[p] == best]
        self.phase = "over"
        events.append(
            Event(
                "game_over",
                pgettext(
                    "climate log",
                    "Time is up after {round} rounds (R9), about {round} million years: {who} won "
                    "with {tokens} tokens.",
                ).format(round=self.round, who=seats_in_words(self.winners), tokens=best[0]),
                None,
                {"winners": list(self.winners)},
            )
        )
