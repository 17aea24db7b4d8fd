"""The turn and the board: the die, the move, and the habitat mats laid beside the exits.

The rules in our words
----------------------
The board has eight sides. From its centre four steps lead to each side, and four steps run along
the edge from one side's marked exit to the next. Beside each exit lies a place for a habitat mat;
sixteen mats wait face down in a pile. Every bug starts on the centre.

On their turn a player rolls the die and moves their bug anywhere within the roll. A bug that
steps off a side at its marked exit reaches that side's habitat: if no mat lies there yet, the
top mat of the pile is laid face up, and from then on it never moves or changes. Each habitat has
two fixed selection pressures; its other three are blanks, filled in order by the numbers of a
randomizer card (when it is drawn and shown is ruling R5). What happens to the niche cards next is
in :mod:`.niches`.

Rulings: R1 (within the roll), R2 (exiting), R4 (the start and the order of play), R5 (laying a
mat and its randomizer card), R17 (a forced move is made at once), R18 (the double board). The
rulings are written out in ``rules.py``.
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from .actions import MOVE, WORLD, Exit, Move
from .shared import Table
from .words import feature_word, habitat_name


class Movement(Table):
    """The part of :class:`~.rules.AdaptOrDieState` that rolls, moves and lays mats."""

    def _start_turn(self, events: list[Event]) -> None:
        player = self.turn_player
        self.turns += 1
        self.traded = set()
        self.declined = []
        self.roll = roll = int(self.rng.random() * WORLD.die_faces) + 1
        self.phase = MOVE
        text = pgettext("adapt_or_die log", "{who} rolls a {roll}.").format(
            who=seat_name(player), roll=roll
        )
        events.append(Event("roll", text, player, {"roll": roll}))

    def _move(self, action: Move, events: list[Event]) -> None:
        player = self.turn_player
        self.positions[player] = action.space
        text = pgettext("adapt_or_die log", "{who} moves to space {n}.").format(
            who=seat_name(player), n=action.space
        )
        events.append(Event("move", text, player))
        self._to_trade()

    def _exit(self, action: Exit, events: list[Event]) -> None:
        player = self.turn_player
        place = self.board.places[action.place - 1]
        self.positions[player] = place.node
        events.append(
            Event(
                "exit",
                pgettext("adapt_or_die log", "{who} exits the board to mat place {n}.").format(
                    who=seat_name(player), n=place.number
                ),
                player,
                {"place": place.number},
            )
        )
        index = place.number - 1
        if not self.mats[index]:
            self._place_mat(index, player, events)
        habitat = self.mats[index]
        if self.same:
            self._select_for_all(habitat, events)
        else:
            self._take_niche(habitat, events)

    def _place_mat(self, index: int, player: int, events: list[Event]) -> None:
        """R5: the top mat, face up, with a randomizer card for its blanks; fixed for good."""
        number = self.mat_pile.pop()
        card = WORLD.randomizer[self.randomizer_pile.pop()]
        habitat = WORLD.habitat(number)
        values = habitat.pressures(card)
        self.mats[index] = number
        self.mat_values[index] = values
        filled = pgettext("list separator", ", ").join(
            f"{feature_word(f)} {v}" for f, v in zip(habitat.blanks, card, strict=True)
        )
        events.append(
            Event(
                "mat",
                pgettext(
                    "adapt_or_die log",
                    "{who} draws the {habitat} mat (habitat {n}) and lays it at place "
                    "{place}; a randomizer card fills its blanks: {filled}.",
                ).format(
                    who=seat_name(player),
                    habitat=habitat_name(number),
                    n=number,
                    place=index + 1,
                    filled=filled,
                ),
                player,
                {"place": index + 1, "habitat": number, "pressures": list(values)},
            )
        )
