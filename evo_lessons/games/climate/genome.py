"""A species' genome and what changing it costs (rulings R2 and R6).

A genome is three genes (body, colour, metabolism), each 1..4, where value ``h + 1`` suits
habitat ``h`` (1 savannah .. 4 tundra). A species is *adapted* to a habitat when at least two of
its genes hold that value. Mutation cards change genes: each card moves its gene one step in its
direction, so a change of k steps in one gene costs k cards of that gene and direction. A hand
is read through its counts: how many cards of each of the six mutation types it holds (see
``tables.slot``).

What a genome may become depends only on the genome and the habitat, so those answers are
remembered (``functools.cache``: 64 genomes x 4 habitats at most); whether a hand can pay for
them is asked afresh each time.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from .actions import PlanAhead
from .tables import PLANS_AHEAD, slot

if TYPE_CHECKING:
    from .mutation_deck import MutationDeck

Genome = Sequence[int]
#: (mutation type, how many cards of it) for each gene that changes
Needs = tuple[tuple[int, int], ...]


def matches(genome: Genome, habitat: int) -> int:
    """How many genes hold the habitat's value."""
    value = habitat + 1
    return (genome[0] == value) + (genome[1] == value) + (genome[2] == value)


def adapted(genome: Genome, habitat: int) -> bool:
    """Two genes of three at the habitat's value."""
    value = habitat + 1
    return (genome[0] == value) + (genome[1] == value) + (genome[2] == value) >= 2


def needs(genome: Genome, target: Genome) -> Needs:
    """The cards that turn ``genome`` into ``target``: k cards of a gene's direction per k steps."""
    return tuple(
        (slot(gene, target[gene] - genome[gene]), abs(target[gene] - genome[gene]))
        for gene in range(3)
        if target[gene] != genome[gene]
    )


def can_pay(needed: Needs, counts: Sequence[int]) -> bool:
    """Does the hand hold enough cards of every type needed?"""
    return all(counts[mutation_type] >= cards for mutation_type, cards in needed)


@cache
def _adapting(genome: tuple[int, int, int], habitat: int) -> tuple[tuple[tuple, int, Needs], ...]:
    """R2: the distinct genomes adapted to ``habitat`` that set two genes, or all three, to its
    value (the third unchanged), cheapest first, each with its cost and the cards it needs."""
    value = habitat + 1
    found: dict[tuple[int, ...], Needs] = {}
    for genes in ((0, 1), (0, 2), (1, 2), (0, 1, 2)):
        target = list(genome)
        for gene in genes:
            target[gene] = value
        found.setdefault(tuple(target), needs(genome, target))
    ranked = sorted(found.items(), key=lambda item: (sum(n for _, n in item[1]), item[0]))
    return tuple((target, sum(n for _, n in need), need) for target, need in ranked)


def adapted_genomes(
    genome: Genome, habitat: int, counts: Sequence[int]
) -> list[tuple[tuple[int, ...], int]]:
    """R2: each genome adapted to ``habitat`` that the hand can pay for, with its cost.

    A species already adapted keeps its genome for free (the only option: it never pays to
    adapt to where it is adapted already).
    """
    current = tuple(genome)
    if adapted(current, habitat):
        return [(current, 0)]
    if not any(counts):
        return []  # an empty hand (or one of neutral cards) cannot pay
    return [
        (target, cost)
        for target, cost, needed in _adapting(current, habitat)
        if can_pay(needed, counts)
    ]


@cache
def _single_gene_changes(genome: tuple[int, int, int], habitat: int) -> tuple[tuple, ...]:
    """R6: every change of one gene that keeps two genes adapted to ``habitat``, with the
    mutation type and number of cards it needs, gene by gene and value by value."""
    value = habitat + 1
    changes = []
    for gene in range(3):
        current = genome[gene]
        others = matches(genome, habitat) - (current == value)  # adapted genes besides this one
        for new in range(1, 5):
            if new != current and others + (new == value) >= 2:
                cost = abs(new - current)
                changes.append((PLANS_AHEAD[gene, new, cost], slot(gene, new - current), cost))
    return tuple(changes)


def plans_ahead(genome: Genome, habitat: int, counts: Sequence[int]) -> list[PlanAhead]:
    """R6: every single-gene change the hand can pay for that keeps two genes adapted."""
    if not any(counts):
        return []
    return [
        action
        for action, mutation_type, cost in _single_gene_changes(tuple(genome), habitat)
        if counts[mutation_type] >= cost
    ]


def pay(genome: list[int], target: Genome, deck: MutationDeck, player: int) -> list[int]:
    """Turn ``genome`` into ``target`` with the player's cards; return the cards spent.

    For each step the lowest-numbered card of the right type is spent (R2 pays automatically);
    spent cards go to the discard pile.
    """
    spent: list[int] = []
    for gene in range(3):
        delta = target[gene] - genome[gene]
        if delta:
            spent += deck.spend(player, slot(gene, delta), abs(delta))
    genome[:] = target
    return spent
