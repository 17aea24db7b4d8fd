"""How the Climate game names its habitats and genes in a sentence, in the current language.

The names live in data.toml (English); the catalogue of the game's data words
(:data:`evo_lessons.i18n.DATA_DOMAIN`) translates them. Ids and keys never change.
"""

from __future__ import annotations

from evo_lessons.i18n import data_text

from .data import Habitat, world


def habitat_name(habitat: Habitat) -> str:
    """ "Tropical forest": the habitat's name as a label."""
    return data_text("climate", "habitats.name", habitat.name)


def habitat_name_of(key: str) -> str:
    """ "Tropical forest" for ``"tropical_forest"``: a habitat's id (a metric's value, as the
    history and CSV keep it) as people read it in a table; an unknown id as it is."""
    for habitat in world().habitats:
        if habitat.key == key:
            return habitat_name(habitat)
    return key


def habitat_word(habitat: Habitat) -> str:
    """ "tropical forest": the habitat's name inside a sentence."""
    return habitat_name(habitat).lower()


def gene_word(gene: int) -> str:
    """ "body", "colour", "metabolism": a gene inside a sentence."""
    return data_text("climate", "genes.name", world().genes[gene].name).lower()
