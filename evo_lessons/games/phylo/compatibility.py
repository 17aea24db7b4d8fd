"""Compatibility: when one card may lie beside another (the rulebook's food chain rules).

The text lists what a compatible link needs, and every condition must be met by one single
neighbour (R3):

* **Habitat.** The two share at least one TERRAIN and one CLIMATE.
* **Food.** A rank-1 species (a producer or a decomposer) needs no food: it makes its own from
  the sun or lives on dead matter. A species of rank n needs a neighbour of rank n-1 that it can
  eat. An omnivore may always eat a photosynthetic neighbour, whatever its own rank. Eating meat
  (a carnivore, or an omnivore eating meat) needs the eater in a larger size class (SCALE) than
  its food; a herbivore eats a plant of any size, and a fungus too when its real diet lists
  fungi (R20: the leafcutter ant eats the fungus it farms).
* **HOME** counts as every terrain and climate, and any rank-1 species may be played beside it.
* **Keywords.** An INVASIVE card names the groups it may replace, and shares a habitat with
  the one it replaces (R5); a PARASITIC card names its host groups and shares a habitat with its
  host (R6). A parasite-diet species has no ordinary food link: its host is its connection.

These functions are the rules as the tests read them; ``tables.py`` turns them into bitmasks
once per process so that a game asks them with one integer AND.
"""

from __future__ import annotations

from typing import cast

from .data import EventCard, Species, collection_data

COLLECTION = collection_data()
CARDS = COLLECTION.cards
SPECIES = COLLECTION.species  # species come first: a species' id indexes this tuple too
#: CARDS again, typed for code that holds an event card's id (IS_SPECIES tells the two apart)
AS_EVENT = cast(tuple[EventCard, ...], CARDS)
#: the card id of a HOME starter card (one past the collection)
HOME = len(CARDS)


def shares_habitat(a: Species, b: Species) -> bool:
    """At least one terrain and one climate in common."""
    return bool(set(a.terrains) & set(b.terrains)) and bool(set(a.climates) & set(b.climates))


def feeds_on(eater: Species, food: Species) -> bool:
    """Is there an acceptable food link from ``eater`` to the neighbour ``food``?

    Rank n needs rank n-1; an omnivore may always eat a photosynthetic neighbour; a carnivorous
    link (meat, by a carnivore or an omnivore) needs the eater in a larger size class; a
    herbivore eats plants of any size, and fungi too if its real diet lists them (R20).
    """
    if eater.rank == 1 or eater.diet == "parasite":
        return False
    plant = food.diet == "photosynthetic"
    if eater.diet == "herbivore":
        fungus = food.group == "fungus" and "fungus" in eater.eats
        return (plant or fungus) and food.rank == eater.rank - 1
    if eater.diet == "omnivore" and plant:
        return True
    if eater.diet in ("carnivore", "omnivore"):
        return not plant and food.rank == eater.rank - 1 and eater.scale > food.scale
    return False


def compatible(card: Species, neighbour: int) -> bool:
    """Can ``card`` sit beside the card with id ``neighbour`` (HOME or a species)?"""
    if neighbour == HOME:
        return card.rank == 1 and card.diet != "parasite"
    other = CARDS[neighbour]
    if not isinstance(other, Species) or not shares_habitat(card, other):
        return False
    return (card.rank == 1 and card.diet != "parasite") or feeds_on(card, other)


def may_host(parasite: Species, host: int) -> bool:
    """May ``parasite`` be played beneath the species with id ``host``?"""
    other = CARDS[host] if host != HOME else None
    return (
        bool(parasite.parasitic)
        and isinstance(other, Species)
        and other.group in parasite.parasitic
        and shares_habitat(parasite, other)
    )


def may_invade(invader: Species, target: int) -> bool:
    """Does the species with id ``target`` meet ``invader``'s INVASIVE criteria?"""
    other = CARDS[target] if target != HOME else None
    return (
        bool(invader.invasive)
        and isinstance(other, Species)
        and other.id != invader.id
        and other.group in invader.invasive
        and shares_habitat(invader, other)
    )


__all__ = [
    "CARDS",
    "COLLECTION",
    "HOME",
    "SPECIES",
    "compatible",
    "feeds_on",
    "may_host",
    "may_invade",
    "shares_habitat",
]
