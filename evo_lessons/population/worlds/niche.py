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
from evo_lessons.games.niche.words import challenge_name, environment_name
from evo_lessons.i18n import pgettext, pN_

from .base import Choice, Panel, Trait, World, choose_from, number_in, unknown_options


class NicheWorld(World):
    name = "niche"
    title = "Niche"
    heading = pN_("population world", "Niche")
    about = pN_(
        "population world",
        "Each individual can or cannot cope with each of the eight challenge types. Mismatch is "
        "the number of the environment's challenges it cannot cope with.",
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
        names = [challenge_name(c).lower() for c in place.challenges]
        listed = pgettext(
            "population environment; a list's last two items: 'cold and drought'",
            "{items} and {last}",
        ).format(items=", ".join(names[:-1]), last=names[-1])
        cost = environment["trait_cost"]
        tail = (
            pgettext(
                "population environment; {cost} is a number such as 0.1",
                "Each way of coping it does not need costs {cost} of a mismatch.",
            ).format(cost=f"{cost:g}")
            if cost
            else pgettext(
                "population environment", "Ways of coping it does not need neither help nor harm."
            )
        )
        index = self.data.environments.index(place)
        return pgettext(
            "population environment; {environment} is an environment such as 'cave', "
            "{challenges} its challenges, {tail} a sentence on the other ways of coping",
            "The environment is {environment}: {challenges}. {tail}",
        ).format(environment=environment_name(index).lower(), challenges=listed, tail=tail)

    def choices(self, environment: Mapping[str, Any]) -> tuple[Choice, ...]:
        return tuple(
            Choice(
                e.key,
                pgettext(
                    "population button; {environment} is an environment",
                    "New environment: {environment}",
                ).format(environment=environment_name(n)),
                {"environment": e.key},
            )
            for n, e in enumerate(self.data.environments)
            if e.key != environment["environment"]
        )

    def panels(self) -> tuple[Panel, ...]:
        title = pgettext("population plot title", "Share that copes with each challenge")
        return (Panel(title, tuple((k, 1) for k in range(8))),)

    def trait_name(self, k: int) -> str:
        return pgettext(
            "population trait; {challenge} is a challenge such as 'cold'", "Copes with {challenge}"
        ).format(challenge=challenge_name(k).lower())

    def value_label(self, k: int, i: int) -> str:
        if i:
            return pgettext("population trait value: copes with it", "yes")
        return pgettext("population trait value: does not cope with it", "no")


WORLD = NicheWorld()
