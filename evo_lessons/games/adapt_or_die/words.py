"""How Adapt or Die names its habitats, creatures, features and cards, in the current language.

The names live in data.toml (English); the catalogue of the game's data words
(:data:`evo_lessons.i18n.DATA_DOMAIN`) translates them. Ids, numbers and symbols never change.
"""

from __future__ import annotations

from evo_lessons.i18n import data_text, pgettext

from .data import world


def habitat_name(number: int) -> str:
    """ "Cave": a habitat's name (its mat and niche cards)."""
    return data_text("adapt_or_die", "habitats.name", world().habitat(number).name)


def habitat_short(number: int) -> str:
    """ "Cave": a habitat's short name (a chart's tick, the board's label)."""
    return data_text("adapt_or_die", "habitats.short", world().habitat(number).short)


def habitat_why(number: int) -> tuple[str, ...]:
    """Why the habitat presses as it does: one true sentence per fixed pressure, in order."""
    w = world()
    h = w.habitat(number)
    return tuple(
        data_text("adapt_or_die", f"habitats.why.{w.features[f].key}", why)
        for (f, _value), why in zip(h.fixed, h.why, strict=True)
    )


def creature_name(number: int) -> str:
    """ "Pond skater": a creature's name."""
    return data_text("adapt_or_die", "creatures.name", world().creature(number).name)


def home_name(number: int) -> str:
    """ "Cave": the name of a creature's home habitat; "none" for the generic bug."""
    home = world().creature(number).home
    if home:
        return habitat_name(home)
    # Translators: a table's cell: the generic bug has no home habitat
    return pgettext("adapt_or_die creature's home", "none")


def feature_word(feature: int) -> str:
    """ "leg length": a feature's name inside a sentence."""
    return data_text("adapt_or_die", "features.name", world().features[feature].name).lower()


def card_name(card: int) -> str:
    """ "++ leg length": an adaptation card (its symbol, then the feature)."""
    w = world()
    info = w.cards[card]
    return f"{w.kinds[info.kind].symbol} {feature_word(info.feature)}"


def board_name(key: str) -> str:
    return data_text("adapt_or_die", "boards.name", world().boards[key].name)
