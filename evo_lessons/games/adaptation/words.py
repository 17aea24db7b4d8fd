"""How the Adaptation game names its cards and challenges, in the current language.

The data (``data.toml``) keeps English keys ("red", "triangle", "number"); these words are
only for people. A card reads "3 red triangles": the count, the colour agreeing with the count,
the shape in the singular or plural (a language orders them in its translation of the template).
"""

from __future__ import annotations

from evo_lessons.i18n import npgettext, pgettext


def challenge_word(challenge: str) -> str:
    """ "number", "shape", "colour": a challenge inside a sentence."""
    words = {
        "number": pgettext("adaptation challenge", "number"),
        "shape": pgettext("adaptation challenge", "shape"),
        "colour": pgettext("adaptation challenge", "colour"),
    }
    return words.get(challenge, challenge)


def _shape(shape: str, n: int) -> str:
    words = {
        "triangle": npgettext("adaptation card shape", "triangle", "triangles", n),
        "square": npgettext("adaptation card shape", "square", "squares", n),
        "pentagon": npgettext("adaptation card shape", "pentagon", "pentagons", n),
        "hexagon": npgettext("adaptation card shape", "hexagon", "hexagons", n),
    }
    return words.get(shape, shape)


def _colour(colour: str, n: int) -> str:
    # Translators: a colour agreeing with the shapes' number (English needs one form)
    words = {
        "red": npgettext("adaptation card colour", "red", "red", n),
        "orange": npgettext("adaptation card colour", "orange", "orange", n),
        "yellow": npgettext("adaptation card colour", "yellow", "yellow", n),
        "green": npgettext("adaptation card colour", "green", "green", n),
    }
    return words.get(colour, colour)


def card_label(count: int, shape: str, colour: str) -> str:
    """ "3 red squares", "1 green triangle"."""
    return pgettext(
        "adaptation card; {colour} and {shapes} agree with {count}", "{count} {colour} {shapes}"
    ).format(count=count, colour=_colour(colour, count), shapes=_shape(shape, count))
