"""The Climate game's actions: what a player may decide (the rules offer them in rules.py).

Chance is never an action: rolls and draws happen inside ``apply``. A move names its destination
and the genome the species will have there (ruling R2), so one click says the whole decision.
"""

from __future__ import annotations

import dataclasses

from evo_lessons.engine import Action

GENE_NAMES = ("body", "colour", "metabolism")


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the species on an empty cell of its home habitat (at the start), or a new lineage
    after an extinction (R10, R15)."""

    cell: int

    def __str__(self) -> str:
        return f"Place the species on cell {self.cell}"


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
        where = f"Stay on cell {self.cell}" if self.stay else f"Move to cell {self.cell}"
        if self.cost == 0:
            return f"{where} (already adapted)"
        genome = "-".join(map(str, self.genome))
        cards = "card" if self.cost == 1 else "cards"
        return f"{where}, adapting to genome {genome} ({self.cost} {cards})"


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
        cards = "card" if self.cost == 1 else "cards"
        return (
            f"PlanAhead: set {GENE_NAMES[self.gene]} to {self.value} ({self.cost} {cards}), "
            "then end the turn"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn (random discards follow if the hand holds more than five cards)."""

    def __str__(self) -> str:
        return "End the turn"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls for cls in (Place, Move, PlanAhead, EndTurn)
}
#: saves and scenario codes made before the move was renamed (R6) still load, as PlanAhead
ACTION_TYPES["Preadapt"] = PlanAhead
