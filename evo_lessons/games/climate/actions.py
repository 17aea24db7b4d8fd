"""The Climate game's actions: what a player may decide (the rules offer them in rules.py).

Chance is never an action: rolls and draws happen inside ``apply``. A move names its destination
and the genome the species will have there (ruling R2), so one click says the whole decision.
"""

from __future__ import annotations

import dataclasses

from evo_lessons.engine import Action
from evo_lessons.i18n import npgettext, pgettext

GENE_NAMES = ("body", "colour", "metabolism")


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the species on an empty cell of its home habitat (at the start), or a new lineage
    after an extinction (R10, R15)."""

    cell: int

    def __str__(self) -> str:
        return pgettext("climate choice", "Place the species on cell {cell}").format(cell=self.cell)


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """Go to ``cell`` (or stay, if it is the current cell) with the given genome."""

    cell: int
    body: int
    colour: int
    metabolism: int
    cost: int  # cards spent: part of the action so the label can say it
    stay: bool = False

    @property
    def genome(self) -> tuple[int, int, int]:
        return (self.body, self.colour, self.metabolism)

    def __str__(self) -> str:
        # Translators: a choice's button shows only the word that differs between choices (the
        # cell's number); keep the number where the sentence puts it
        where = (
            pgettext("climate choice", "Stay on cell {cell}")
            if self.stay
            else pgettext("climate choice", "Move to cell {cell}")
        ).format(cell=self.cell)
        if self.cost == 0:
            return pgettext("climate choice", "{where} (already adapted)").format(where=where)
        genome = "-".join(map(str, self.genome))
        return npgettext(
            "climate choice",
            "{where}, adapting to genome {genome} ({n} card)",
            "{where}, adapting to genome {genome} ({n} cards)",
            self.cost,
        ).format(where=where, genome=genome, n=self.cost)


@dataclasses.dataclass(frozen=True, slots=True)
class PlanAhead(Action):
    """Change one gene with cards while staying adapted, then end the turn (ruling R6).

    The text calls this "preadaptation"; in biology that word (or exaptation) means a trait that
    evolved for one use and later serves another. This move is foresight: getting ready for a
    habitat the player means to visit, which real evolution cannot do.
    """

    gene: int
    value: int
    cost: int

    def __str__(self) -> str:
        from .words import gene_word  # (words reads the data, which imports these actions)

        return npgettext(
            "climate choice",
            "PlanAhead: set {gene} to {value} ({n} card), then end the turn",
            "PlanAhead: set {gene} to {value} ({n} cards), then end the turn",
            self.cost,
        ).format(gene=gene_word(self.gene), value=self.value, n=self.cost)


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn (random discards follow if the hand holds more than five cards)."""

    def __str__(self) -> str:
        return pgettext("climate choice", "End the turn")


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls for cls in (Place, Move, PlanAhead, EndTurn)
}
#: saves and scenario codes made before the move was renamed (R6) still load, as PlanAhead
ACTION_TYPES["Preadapt"] = PlanAhead
