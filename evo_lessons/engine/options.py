"""Checking variant options: one rule for every game, so every game's errors read alike."""

from __future__ import annotations


def whole_number(name: str, value: object, low: int, high: int, out_of_range: str = "") -> int:
    """Return ``value`` if it is a whole number from ``low`` to ``high``, else raise ValueError.

    ``True`` is refused even though Python counts it as 1: an option set to a yes/no by mistake
    should say so. ``out_of_range`` replaces the sentence for a number outside the range (a game
    may say "Niche is for 2 to 6 players").
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise ValueError(out_of_range or f"{name} must be from {low} to {high}, got {value!r}")
    return value
