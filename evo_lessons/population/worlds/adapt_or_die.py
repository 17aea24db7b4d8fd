"""Adapt or Die's world as a population: bugs with five features, in habitats that press on them.

From the game (evo_lessons/games/adapt_or_die/data.toml): a bug has five features, each 1-5 (leg
length, segments, size, eyes, antennae), and a habitat mat presses on every feature; two of its
pressures are fixed by the habitat's biology (a cave: tiny eyes, long antennae), the other three
come from a randomizer card when the mat is placed. Here each habitat place is a deme; the
habitats live side by side, and migrants may move between any two of them (the game's bugs
travel between mats).

Mismatch: the game's scorecard. For each pressed feature, the distance between the bug's value
and the pressure (at most the game's cap of 4), summed. By default only the two fixed pressures
press (the randomizer's blanks are the game's dice, not biology); ``randomizer=[card, ...]`` (one
card number 1-15 per habitat, or 0 for none) fills the blanks as a placed mat would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from evo_lessons.engine.words import is_whole, short_repr
from evo_lessons.games.adapt_or_die.data import world as aod_world
from evo_lessons.i18n import data_text, pgettext, pN_

from .base import Choice, Trait, World, unknown_options

DEFAULT_HABITATS = (1,)  # the cave


class AdaptOrDieWorld(World):
    name = "adapt_or_die"
    title = "Adapt or Die"
    default_start = (3, 3, 3, 3, 3)  # the game's generic bug, average in every feature
    heading = pN_("population world", "Adapt or Die")
    about = pN_(
        "population world",
        "Each individual is a bug with five features, each 1-5. Mismatch is its scorecard in "
        "its habitat: the distance of each pressed feature from the pressure (at most 4), summed.",
    )

    def __init__(self) -> None:
        self.data = aod_world()
        super().__init__(
            tuple(
                Trait(f.key, f.name, (1, 2, 3, 4, 5), ("1", "2", "3", "4", "5"))
                for f in self.data.features
            )
        )
        self.numbers = {h.key: h.number for h in self.data.habitats}

    def _habitat(self, value: Any) -> int:
        if isinstance(value, str) and value in self.numbers:
            return self.numbers[value]
        if is_whole(value) and 1 <= value <= len(self.data.habitats):
            return value
        raise ValueError(
            pgettext(
                "population error; keep 'cave' (a Python word)",
                "a habitat is a number from 1 to {top} or a name such as 'cave', not {value}",
            ).format(top=len(self.data.habitats), value=short_repr(value))
        )

    def environment(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown_options(self, options, {"habitats", "randomizer"})
        habitats = options.get("habitats", DEFAULT_HABITATS)
        if isinstance(habitats, str | int) and not isinstance(habitats, bool):
            habitats = [habitats]
        if not isinstance(habitats, list | tuple) or not 1 <= len(habitats) <= 16:
            raise ValueError(
                pgettext(
                    "population error; keep 'habitats' (a Python word)",
                    "habitats is a list of 1 to 16 habitats, not {value}",
                ).format(value=short_repr(habitats))
            )
        numbers = [self._habitat(h) for h in habitats]
        cards = options.get("randomizer", [0] * len(numbers))
        if not isinstance(cards, list | tuple) or len(cards) != len(numbers):
            raise ValueError(
                pgettext(
                    "population error; keep 'randomizer' (a Python word)",
                    "randomizer gives one card number (1-15, or 0 for none) per habitat",
                )
            )
        for card in cards:
            if not is_whole(card) or not 0 <= card <= len(self.data.randomizer):
                raise ValueError(
                    pgettext(
                        "population error",
                        "a randomizer card is a number from 1 to {top} (0 for none), not {value}",
                    ).format(top=len(self.data.randomizer), value=short_repr(card))
                )
        return {"habitats": numbers, "randomizer": list(cards)}

    def demes(self, environment: Mapping[str, Any]) -> tuple[str, ...]:
        # places, not habitats: another habitat may move into a place during a run
        return tuple(f"place {n + 1}" for n in range(len(environment["habitats"])))

    def neighbours(self, environment: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        count = len(environment["habitats"])
        return tuple(tuple(j for j in range(count) if j != i) for i in range(count))

    def pressures(self, environment: Mapping[str, Any]) -> list[list[int | None]]:
        """Each place's pressure on each feature (None: that feature is not pressed)."""
        found: list[list[int | None]] = []
        for number, card in zip(environment["habitats"], environment["randomizer"], strict=True):
            habitat = self.data.habitat(number)
            if card:
                found.append(list(habitat.pressures(self.data.randomizer[card - 1])))
            else:
                values: list[int | None] = [None] * len(self.traits)
                for feature, value in habitat.fixed:
                    values[feature] = value
                found.append(values)
        return found

    def mismatch(self, environment: Mapping[str, Any]) -> np.ndarray:
        rows = []
        for pressure in self.pressures(environment):
            pressed = np.array([p is not None for p in pressure])
            target = np.array([p or 0 for p in pressure])
            gap = np.minimum(np.abs(self.values - target), self.data.max_distance)
            rows.append((gap * pressed).sum(axis=1))
        return np.array(rows, dtype=np.float64)

    def describe(self, environment: Mapping[str, Any]) -> str:
        parts = []
        for place, (number, pressure) in enumerate(
            zip(environment["habitats"], self.pressures(environment), strict=True), start=1
        ):
            pressed = ", ".join(
                f"{self.trait_name(k).lower()} {p}" for k, p in enumerate(pressure) if p is not None
            )
            parts.append(
                pgettext(
                    "population environment; {habitat} is a habitat such as 'cave', {pressures} "
                    "its pressures such as 'eyes 1, antennae 5'",
                    "place {place} is {habitat} ({pressures})",
                ).format(place=place, habitat=self._habitat_name(number).lower(), pressures=pressed)
            )
        return pgettext(
            "population environment; {places} is the sentences about each place",
            "Habitats: {places}.",
        ).format(places="; ".join(parts))

    def choices(self, environment: Mapping[str, Any]) -> tuple[Choice, ...]:
        found = []
        habitats = environment["habitats"]
        for place, current in enumerate(habitats):
            for habitat in self.data.habitats:
                if habitat.number == current:
                    continue
                new = list(habitats)
                new[place] = habitat.number
                name = self._habitat_name(habitat.number)
                label = (
                    pgettext(
                        "population button; {habitat} is a habitat such as 'Cave'",
                        "Place {place}: {habitat}",
                    ).format(place=place + 1, habitat=name)
                    if len(habitats) > 1
                    else pgettext(
                        "population button; {habitat} is a habitat such as 'Cave'",
                        "Another habitat: {habitat}",
                    ).format(habitat=name)
                )
                found.append(Choice(f"{place + 1}:{habitat.key}", label, {"habitats": new}))
        return tuple(found)

    def _habitat_name(self, number: int) -> str:
        return data_text("adapt_or_die", "habitats.name", self.data.habitat(number).name)

    def trait_name(self, k: int) -> str:
        return data_text("adapt_or_die", "features.name", self.data.features[k].name)


WORLD = AdaptOrDieWorld()
