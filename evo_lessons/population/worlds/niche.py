"""Niche's world as a population: who copes with each challenge of an environment.

From the game (evo_lessons/games/niche/data.toml): an environment poses 2-4 challenges out of
eight types (cold, heat, drought, darkness, predators, scarce food, thin air, life in water), and a
trait card meets one or two of them. Here an individual carries, for each challenge type, a way
to cope with it or not (present/absent: the challenge types the game's trait cards meet, not the
52 cards themselves). The environment is one of the game's twelve.

Mismatch: the number of the environment's challenges the individual cannot cope with, plus
``trait_cost`` (default 0) for each way of coping that the environment does not call for. With
the default the unneeded ones are neutral and drift; a cost makes them fade, as eyes do in cave
fish.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from evo_lessons.games.niche.data import deck

from .base import Choice, Panel, Trait, World, choose_from, number_in, unknown_options


class NicheWorld(World):
    name = "niche"
    title = "Niche"
    about = (
        "Each individual can or cannot cope with each of the eight challenge types. Mismatch is "
        "the number of the environment's challenges it cannot cope with."
    )

    def __init__(self) -> None:
        self.data = deck()
        super().__init__(
            tuple(
                Trait(c.key, f"Copes with {c.name.lower()}", (0, 1), ("no", "yes"))
                for c in self.data.challenges
            )
        )
        self.by_key = {e.key: e for e in self.data.environments}

    def environment(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown_options(self, options, {"environment", "trait_cost"})
        key = choose_from(
            "environment", options.get("environment", self.data.environments[0].key), self.by_key
        )
        cost = number_in("trait_cost", options.get("trait_cost", 0.0), 0.0, 1.0)
        return {"environment": key, "trait_cost": cost}

    def mismatch(self, environment: Mapping[str, Any]) -> np.ndarray:
        needed = np.zeros(len(self.traits), dtype=bool)
        needed[list(self.by_key[environment["environment"]].challenges)] = True
        unmet = ((self.values == 0) & needed).sum(axis=1)
        unneeded = ((self.values == 1) & ~needed).sum(axis=1)
        return (unmet + environment["trait_cost"] * unneeded)[None, :].astype(np.float64)

    def describe(self, environment: Mapping[str, Any]) -> str:
        place = self.by_key[environment["environment"]]
        names = [self.data.challenges[c].name.lower() for c in place.challenges]
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        cost = environment["trait_cost"]
        tail = (
            f" Each way of coping it does not need costs {cost:g} of a mismatch."
            if cost
            else " Ways of coping it does not need neither help nor harm."
        )
        return f"The environment is {place.name.lower()}: {listed}.{tail}"

    def choices(self, environment: Mapping[str, Any]) -> tuple[Choice, ...]:
        return tuple(
            Choice(e.key, f"New environment: {e.name}", {"environment": e.key})
            for e in self.data.environments
            if e.key != environment["environment"]
        )

    def panels(self) -> tuple[Panel, ...]:
        return (Panel("Share that copes with each challenge", tuple((k, 1) for k in range(8))),)


WORLD = NicheWorld()
