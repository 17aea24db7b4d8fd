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
from evo_lessons.i18n import pgettext

from . import board, genome
from .climate_change import ClimateChange
from .mutation_deck import pick
from .tables import CARD_KIND, DELETERIOUS, WORLD, card_labels, draws_a_card
from .words import gene_word, habitat_word


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
            labels = card_labels()
            what = ", ".join(labels[c] for c in lost) or pgettext("climate log", "nothing to lose")
            events.append(
                Event(
                    "deleterious",
                    pgettext(
                        "climate log",
                        "{who} draws a deleterious mutation: it is discarded with two random "
                        "cards ({what}).",
                    ).format(who=seat_name(player), what=what),
                    player,
                    {"lost": lost},
                )
            )
            return
        if self.blind:
            self._blind_mutation(player, card, events)
            return
        self.deck.to_hand(player, card)
        events.append(draws_a_card()[player])

    def _blind_mutation(self, player: int, card: int, events: list[Event]) -> None:
        """R12: the drawn mutation acts at once; selection keeps it, moves it or removes it."""
        info = WORLD.cards[card]
        self.deck.discard.append(card)
        who = seat_name(player)
        gene = info.gene
        if gene is None:  # a neutral card (only a mutation card names a gene: data.Card)
            said = pgettext(
                "climate log", "{who}'s species gets a neutral mutation: nothing changes."
            ).format(who=who)
            events.append(Event("mutation", said, player))
            return
        current = self.genomes[player]
        value = current[gene] + info.step
        gene_name = gene_word(gene)
        label = card_labels()[card]
        if not 1 <= value <= 4:
            events.append(
                Event(
                    "mutation",
                    pgettext(
                        "climate log; {label} is a card such as '+1 body'",
                        "A {label} mutation strikes {who}'s species, but {gene} is already at its "
                        "limit: no effect.",
                    ).format(label=label, who=who, gene=gene_name),
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
                    pgettext(
                        "climate log",
                        "A random mutation sets {who}'s {gene} gene to {value} (R12).",
                    ).format(who=who, gene=gene_name, value=value),
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
                    pgettext(
                        "climate log; {label} is a card such as '+1 body'",
                        "A {label} mutation arises in {who}'s species, but its carriers are unfit "
                        "here and selection removes it (R12).",
                    ).format(label=label, who=who),
                    player,
                )
            )
            return
        cell = edge[pick(self.rng, len(edge))]
        current[gene] = value
        self.positions[player] = cell
        habitat = habitat_word(self._habitat_of(player))
        events.append(
            Event(
                "mutation",
                pgettext(
                    "climate log; {label} is a card such as '+1 body'",
                    "A {label} mutation arises in {who}'s species: its carriers are unfit at home "
                    "but thrive in the {habitat} next door, and the lineage shifts to cell {cell} "
                    "(R12).",
                ).format(label=label, who=who, habitat=habitat, cell=cell),
                player,
                {"gene": gene, "value": value, "cell": cell},
            )
        )
        self._award_token(player, events)
