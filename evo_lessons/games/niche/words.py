"""How the Niche game names its cards, environments and challenges, in the current language.

The names live in data.toml (English); the catalogue of the game's data words
(:data:`evo_lessons.i18n.DATA_DOMAIN`) translates them. Ids and keys never change.
"""

from __future__ import annotations

from evo_lessons.i18n import data_text

from .data import deck


def card_name(card: int) -> str:
    """ "Hard shell", "Parasite": a trait or event card's name."""
    info = deck().cards[card]
    return data_text("niche", "events.name" if info.is_event else "traits.name", info.name)


def environment_name(environment: int) -> str:
    """ "Coral reef": an environment's name."""
    return data_text("niche", "environments.name", deck().environments[environment].name)


def challenge_name(challenge: int) -> str:
    """ "Thin air": a challenge's name."""
    return data_text("niche", "challenges.name", deck().challenges[challenge].name)


def challenge_short(challenge: int) -> str:
    """A challenge's short label (its icon's word)."""
    return data_text("niche", "challenges.short", deck().challenges[challenge].short)


def challenge_about(challenge: int) -> str:
    return data_text("niche", "challenges.about", deck().challenges[challenge].about)
