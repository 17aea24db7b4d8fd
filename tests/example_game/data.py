"""The moths and the bark deck of the example game, loaded from ``data.toml`` and checked.

Data lives beside the code so a teacher can read and change it; the loader turns the TOML into
frozen values and refuses a broken file with a sentence that names what is wrong.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from evo_lessons.i18n import data_text


@dataclass(frozen=True, slots=True)
class Moth:
    key: str
    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class Bark:
    key: str
    name: str
    #: the index (in MOTHS) of the moth this bark hides
    hides: int
    #: how many cards of this bark are in the deck
    cards: int


def _need(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = table.get(key)
    if type(value) is not kind:
        raise ValueError(f"data.toml: {where} needs {key!r} as a {kind.__name__}")
    return value


def load(text: str) -> tuple[tuple[Moth, ...], tuple[Bark, ...]]:
    """The moths and the bark cards described by ``text`` (the contents of a data.toml)."""
    data = tomllib.loads(text)
    moths = tuple(
        Moth(_need(m, "key", str, "a moth"), _need(m, "name", str, "a moth"), m.get("colour", ""))
        for m in data.get("moth", [])
    )
    keys = [m.key for m in moths]
    barks = []
    for b in data.get("bark", []):
        hides = _need(b, "hides", str, "a bark")
        if hides not in keys:
            raise ValueError(f"data.toml: bark {b.get('key')!r} hides {hides!r}, not a moth")
        cards = _need(b, "cards", int, "a bark")
        if cards < 1:
            raise ValueError(f"data.toml: bark {b.get('key')!r} needs at least one card")
        name = _need(b, "name", str, "a bark")
        barks.append(Bark(_need(b, "key", str, "a bark"), name, keys.index(hides), cards))
    if len(moths) < 2 or not barks:
        raise ValueError("data.toml: the game needs at least two moths and one bark")
    return moths, tuple(barks)


MOTHS, BARKS = load(resources.files(__package__).joinpath("data.toml").read_text("utf-8"))
#: the whole bark deck, one bark index a card, in the order of the file (shuffled at setup)
DECK: tuple[int, ...] = tuple(i for i, bark in enumerate(BARKS) for _ in range(bark.cards))


def moth_name(moth: Moth) -> str:
    """ "pale moth": a moth's name in the reader's language (the data's words have their own
    catalogue, in which the context of this one is "peppered_moths: moth.name")."""
    return data_text("peppered_moths", "moth.name", moth.name)


def bark_name(bark: Bark) -> str:
    return data_text("peppered_moths", "bark.name", bark.name)
