"""Extinction, colonisation and habitat tokens (the rulebook's "extinction" and "adaptation").

The rulebook: each time a species occupies a new type of habitat it earns that habitat's token,
one per type; a species that finds itself where it cannot adapt goes extinct, gives back its
cards and tokens (all but the savannah's) and starts again on a savannah cell with two new
cards. The first species to hold all four tokens wins.

In our words extinction is final (R10): the lineage is lost, and the player plays on with a new
lineage colonising the map from its home habitat (R15). Tokens are earned whenever a species
ends an action adapted to a cell of a habitat type it has no token for (R8).
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import board
from .shared import Table
from .tables import WORLD
from .words import habitat_word

#: R15: where each seat's lineages come from
HOMES = ("savannah", "tundra", "mixed")
SAVANNAH = 0
TUNDRA = 3


def home_habitat(start: str, seat: int) -> int:
    """R15: the habitat a seat's lineages start in and colonise from."""
    if start == "mixed":
        return TUNDRA if seat % 2 else SAVANNAH
    return TUNDRA if start == "tundra" else SAVANNAH


def lineage_genome(habitat: int) -> list[int]:
    """A new lineage carries its home habitat's value in every gene (1-1-1 in the savannah)."""
    return [habitat + 1] * 3


class Lineages(Table):
    """Tokens, extinction and the new lineage (a part of :class:`ClimateState`)."""

    def _go_extinct(self, player: int, events: list[Event]) -> None:
        """R10: the lineage is lost for good; a new one will colonise (R15 says from where)."""
        habitat = self._habitat_of(player)
        self.deck.give_up_hand(player)
        self.extinctions[player] += 1
        self.positions[player] = None
        home = home_habitat(self.options["start_habitat"], player)
        if not board.free_cells(self.temperature, home, self.positions):
            home = SAVANNAH  # R15: the home habitat is full
        self.colonists[player] = home
        self.genomes[player] = lineage_genome(home)
        self.tokens[player] = 1 << home
        self.pending_moves = ()
        self.phase = "restart"
        arrival = habitat_word(WORLD.habitats[home])
        events.append(
            Event(
                "extinction",
                pgettext(
                    "climate log; {arrival} is a habitat, lower case",
                    "{who}'s species is not adapted to the {habitat} and cannot become so: it "
                    "goes extinct, and its lineage is lost for good, with its cards and tokens. A "
                    "new {arrival} lineage will colonise the map for {who} (R10).",
                ).format(who=seat_name(player), habitat=habitat_word(habitat), arrival=arrival),
                player,
                {"habitat": habitat.key},
            )
        )

    def _award_token(self, player: int, events: list[Event]) -> bool:
        """Give the token of the current habitat if new (R8); True if that wins the game."""
        index = self._habitat_at(self._cell_of(player))
        if self.tokens[player] & (1 << index):
            return False
        self.tokens[player] |= 1 << index
        name = habitat_word(WORLD.habitats[index])
        held, needed = self._token_count(player), self.options["tokens_to_win"]
        events.append(
            Event(
                "token",
                pgettext(
                    "climate log; {habitat} is lower case",
                    "{who} earns the {habitat} token ({held} of {needed}).",
                ).format(who=seat_name(player), habitat=name, held=held, needed=needed),
                player,
                {"habitat": index},
            )
        )
        if held < needed:
            return False
        self.winners = [player]
        self.phase = "over"
        self.pending_moves = ()
        events.append(
            Event(
                "game_over",
                pgettext("climate log", "{who} wins, having lived in {held} habitats!").format(
                    who=seat_name(player), held=held
                ),
                player,
                {"winners": [player]},
            )
        )
        return True

    def _token_count(self, player: int) -> int:
        return self.tokens[player].bit_count()
