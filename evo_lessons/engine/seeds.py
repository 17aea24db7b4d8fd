"""Seeds: derived from a base seed the same way on every machine, and checked by one rule."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from evo_lessons.i18n import pgettext

from .words import is_whole, short_repr

#: seeds are whole numbers below this (Python's and numpy's generators take every one of them)
SEED_LIMIT = 2**63


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts (``derive_seed(7, "game", 12)``), stable across runs.

    Python's ``hash`` changes between processes; a cryptographic digest does not, so a game
    simulated on a worker process gets exactly the seed it would get on this one.
    """
    text = "\x1f".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def check_seed(value: object) -> int:
    """The one rule for a valid seed: a whole number from 0 to 2**63 - 1 (a Python int; not
    ``True``, ``1.0`` or ``"7"``). Returns it, or raises ValueError with a sentence.

    Used by the game session (and so every game widget), the population settings (and so the
    population widget), and the class tools; a widget's page messages must call it too, so a
    seed the page accepts is one every other part accepts.
    """
    if not is_whole(value) or not 0 <= value < SEED_LIMIT:  # type: ignore[operator]
        raise ValueError(
            # Translators: {top} is 9,223,372,036,854,775,807, {value} what was typed
            pgettext("seed", "A seed is a whole number from 0 to {top}, not {value}.").format(
                top=f"{SEED_LIMIT - 1:,}", value=short_repr(value, 30)
            )
        )
    return value  # type: ignore[return-value]


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """A shuffle's draws for ``length`` items: (index, how many to draw from, their bits)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


#: the draws of each length shuffled so far, up to 256 (a game's decks are short)
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would: the same order from
    the same generator, and the generator left in the same state (tests/engine check both).

    It is Python's own algorithm (Fisher-Yates, each index drawn by ``getrandbits`` with
    rejection, as ``random.Random._randbelow`` draws it) with that draw written out: a random
    playout shuffles two decks a game, and a call a card was 1% of a Phylo game.
    """
    length = len(items)
    steps = _STEPS.get(length)
    if steps is None:
        steps = _steps(length)
        if length <= 256:
            _STEPS[length] = steps
    getrandbits = rng.getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
