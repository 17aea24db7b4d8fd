"""Mutations: the card a turn brings, deleterious cards, and blind mutation (R4, R5, R12).

The rulebook: at the start of a turn the player draws a mutation card and keeps it hidden. A
deleterious card lies face up in the deck, so everyone sees it coming; whoever draws it discards
it along with two random cards from their hand. The cards change genes one step at a time
(``genome.py`` says what a genome costs; ``mutation_deck.py`` keeps the deck and the hands).

Our no-foresight variant (``blind_mutation``, R12) lets a drawn mutation act at once, and
selection decide its fate, as in nature.
"""

from __future__ import annotations

from evo_lessons.engine import Event
from evo_lessons.engine.words import seat_name

from . import board, genome
from .actions import GENE_NAMES
from .climate_change import ClimateChange
from .mutation_deck import pick
from .tables import CARD_KIND, CARD_LABEL, DELETERIOUS, DRAWS_A_CARD, WORLD


class Mutations(ClimateChange):
    """Drawing the turn's card and what it does (a part of :class:`ClimateState`)."""

    def _draw_for_turn(self, player: int, events: list[Event]) -> None:
        """A turn's card: into the hand, or a deleterious one (R5), or at once (R12)."""
        card = self.deck.draw(self.rng, events, player)
        if card is None:
            return
        if CARD_KIND[card] == DELETERIOUS:
            self.deck.discard.append(card)
            lost = [] if self.blind else self.deck.lose_at_random(player, 2, self.rng)
            what = ", ".join(CARD_LABEL[c] for c in lost) or "nothing to lose"
            events.append(
                Event(
                    "deleterious",
                    f"{seat_name(player)} draws a deleterious mutation: "
                    f"it is discarded with two random cards ({what}).",
                    player,
                    {"lost": lost},
                )
            )
            return
        if self.blind:
            self._blind_mutation(player, card, events)
            return
        self.deck.to_hand(player, card)
        events.append(DRAWS_A_CARD[player])

    def _blind_mutation(self, player: int, card: int, events: list[Event]) -> None:
        """R12: the drawn mutation acts at once; selection keeps it, moves it or removes it."""
        info = WORLD.cards[card]
        self.deck.discard.append(card)
        who = seat_name(player)
        gene = info.gene
        if gene is None:  # a neutral card (only a mutation card names a gene: data.Card)
            said = f"{who}'s species gets a neutral mutation: nothing changes."
            events.append(Event("mutation", said, player))
            return
        current = self.genomes[player]
        value = current[gene] + info.step
        gene_name = GENE_NAMES[gene]
        label = CARD_LABEL[card]
        if not 1 <= value <= 4:
            events.append(
                Event(
                    "mutation",
                    f"A {label} mutation strikes {who}'s species, but {gene_name} is already at "
                    "its limit: no effect.",
                    player,
                )
            )
            return
        mutant = list(current)
        mutant[gene] = value
        here = self.positions[player]
        if here is None or genome.adapted(mutant, self._habitat_at(here)):
            current[gene] = value
            events.append(
                Event(
                    "mutation",
                    f"A random mutation sets {who}'s {gene_name} gene to {value} (R12).",
                    player,
                    {"gene": gene, "value": value},
                )
            )
            return
        edge = [
            cell
            for cell in board.reachable(here, 1, self.positions, include_start=False)
            if genome.adapted(mutant, self._habitat_at(cell))
        ]
        if not edge:
            events.append(
                Event(
                    "selection",
                    f"A {label} mutation arises in {who}'s species, but its carriers are unfit "
                    "here and selection removes it (R12).",
                    player,
                )
            )
            return
        cell = edge[pick(self.rng, len(edge))]
        current[gene] = value
        self.positions[player] = cell
        habitat = self._habitat_of(player).name.lower()
        events.append(
            Event(
                "mutation",
                f"A {label} mutation arises in {who}'s species: its carriers are unfit at home "
                f"but thrive in the {habitat} next door, and the lineage shifts to cell {cell} "
                "(R12).",
                player,
                {"gene": gene, "value": value, "cell": cell},
            )
        )
        self._award_token(player, events)
