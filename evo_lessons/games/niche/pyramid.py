"""Ruling R1: the shape of a gene-pool stack, as positions, layers and which card lies on which.

A stack has ten positions in four layers: layer 0 (the bottom) holds positions 0-3, layer 1
positions 4-6, layer 2 positions 7-8 and layer 3 position 9. Card j of layer L+1 lies across
cards j and j+1 of layer L, so it covers both. Layers 0 and 2 are dealt face down, layers 1 and 3
face up.

This is the geometry alone, with nothing that depends on it: :mod:`.gene_pool` plays by it and
:mod:`.tables` precomputes its bit masks from it.
"""

from __future__ import annotations

#: the gene pool has two stacks of ten cards
STACKS = 2
STACK_SIZE = 10

#: the layer of each of the ten positions of a stack
LAYER_OF = (0, 0, 0, 0, 1, 1, 1, 2, 2, 3)

#: which positions cover each position (the card or cards lying on it)
COVERED_BY: tuple[tuple[int, ...], ...] = (
    (4,),
    (4, 5),
    (5, 6),
    (6,),
    (7,),
    (7, 8),
    (8,),
    (9,),
    (9,),
    (),
)

#: where each position sits across its stack, in card widths from the left edge: card j of layer
#: L sits at j + L / 2, half a card in from the layer below, so it lies across two of its cards
ACROSS = tuple(
    position - LAYER_OF.index(layer) + layer / 2 for position, layer in enumerate(LAYER_OF)
)

#: dealt face up? (layers 1 and 3)
FACE_UP_WHEN_DEALT = tuple(layer % 2 == 1 for layer in LAYER_OF)
