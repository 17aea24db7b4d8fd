"""Adaptation's world as a population: cards that breed, judged by the challenge of the round.

From the game (evo_lessons/games/adaptation/data.toml): every card is an organism with three
heritable properties (how many objects, 1-4; their shape, scored by its sides 3-6; their colour,
scored red 4 .. green 1), and a challenge (number, shape or colour) scores one property only.
Here each individual is a card; the environment is the challenge, and a new challenge is the
game's dealer turning up another one.

Mismatch: how many points the individual's score under the challenge falls short of the best
possible score (0-3). The game removes only the lowest card of a round (relative fitness); the
population model reproduces in proportion to fitness, which is relative in the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from evo_lessons.games.adaptation.data import CARDS, CHALLENGES
from evo_lessons.games.adaptation.words import challenge_word
from evo_lessons.i18n import npgettext, pgettext, pN_

from .base import Choice, Trait, World, choose_from, unknown_options


def _labels(scores: dict[str, int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    ordered = sorted(scores.items(), key=lambda item: item[1])
    return tuple(v for _, v in ordered), tuple(k for k, _ in ordered)


class AdaptationWorld(World):
    name = "adaptation"
    title = "Adaptation"
    heading = pN_("population world", "Adaptation")
    about = pN_(
        "population world",
        "Each individual is a card: number 1-4, shape (its sides, 3-6), colour (red 4 .. green "
        "1). Mismatch is how far its score under the challenge falls below the best score.",
    )

    def __init__(self) -> None:
        shapes = {c.shape: c.shape_score for c in CARDS}
        colours = {c.colour: c.colour_score for c in CARDS}
        counts = sorted({c.count for c in CARDS})
        shape_values, shape_labels = _labels(shapes)
        colour_values, colour_labels = _labels(colours)
        super().__init__(
            (
                Trait("number", "Number", tuple(counts), tuple(str(n) for n in counts)),
                Trait("shape", "Shape", shape_values, shape_labels),
                Trait("colour", "Colour", colour_values, colour_labels),
            )
        )
        best = self.values.max(axis=0)
        #: shortfall[c, g]: points genotype g falls below the best score under challenge c
        self._shortfall = (best[None, :] - self.values).T.astype(np.float64)

    def environment(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown_options(self, options, {"challenge"})
        challenge = choose_from("challenge", options.get("challenge", "number"), CHALLENGES)
        return {"challenge": challenge}

    def mismatch(self, environment: Mapping[str, Any]) -> np.ndarray:
        return self._shortfall[CHALLENGES.index(environment["challenge"])][None, :]

    def describe(self, environment: Mapping[str, Any]) -> str:
        challenge = environment["challenge"]
        k = CHALLENGES.index(challenge)
        return pgettext(
            "population environment; {challenge} and {property} are 'number', 'shape' or "
            "'colour', {best} a value such as 'hexagon' or '4'",
            "The challenge is {challenge}: cards score on their {property} only (best: {best}); "
            "the other two properties do not matter now.",
        ).format(
            challenge=challenge_word(challenge),
            property=self.trait_name(k).lower(),
            best=self.value_label(k, len(self.traits[k].values) - 1),
        )

    def choices(self, environment: Mapping[str, Any]) -> tuple[Choice, ...]:
        return tuple(
            Choice(
                c,
                pgettext(
                    "population button; {challenge} is 'number', 'shape' or 'colour'",
                    "New challenge: {challenge}",
                ).format(challenge=challenge_word(c)),
                {"challenge": c},
            )
            for c in CHALLENGES
            if c != environment["challenge"]
        )

    def trait_name(self, k: int) -> str:
        names = (
            pgettext("population trait: a card's number of objects", "Number"),
            pgettext("population trait: a card's shape", "Shape"),
            pgettext("population trait: a card's colour", "Colour"),
        )
        return names[k]

    def value_label(self, k: int, i: int) -> str:
        label = self.traits[k].labels[i]
        if k == 0:
            return label  # a number of objects
        if k == 1:
            shapes = {
                "triangle": npgettext("adaptation card shape", "triangle", "triangles", 1),
                "square": npgettext("adaptation card shape", "square", "squares", 1),
                "pentagon": npgettext("adaptation card shape", "pentagon", "pentagons", 1),
                "hexagon": npgettext("adaptation card shape", "hexagon", "hexagons", 1),
            }
            return shapes.get(label, label)
        colours = {
            "red": npgettext("adaptation card colour", "red", "red", 1),
            "orange": npgettext("adaptation card colour", "orange", "orange", 1),
            "yellow": npgettext("adaptation card colour", "yellow", "yellow", 1),
            "green": npgettext("adaptation card colour", "green", "green", 1),
        }
        return colours.get(label, label)


WORLD = AdaptationWorld()
