"""How the package names things to people: seats, lists of seats, values in error messages.

One place for the sentences every game and the widget say, so they read alike everywhere: seats
count from 1 for people ("Player 1") while the data counts from 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .observation import Observation

_SEAT_NAMES = tuple(f"Player {p + 1}" for p in range(16))


def seat_name(player: int) -> str:
    """ "Player 1" for seat 0: how the log, the widget and the exports name a seat."""
    return _SEAT_NAMES[player] if 0 <= player < len(_SEAT_NAMES) else f"Player {player + 1}"


def seats_in_words(players: list[int] | tuple[int, ...]) -> str:
    """ "Player 1", "Player 1 and Player 3", "Player 1, Player 2 and Player 4"."""
    names = [seat_name(p) for p in players]
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def winners_sentence(winners: list[int] | tuple[int, ...]) -> str:
    """ "Game over: Player 2 wins." or "Game over: Player 1 and Player 3 share the win." """
    if not winners:
        return "Game over."
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"Game over: {seats_in_words(winners)} {verb}."


def turn_sentence(
    obs: Observation, doing: str = "act", name: Callable[[int], str] = seat_name
) -> str | None:
    """The closing sentence of every game's ``describe``: who won, or who is to ``doing``.

    "Game over: Player 2 wins." once there are winners, "Player 1 is to act." while the game
    goes on, and None when neither (a game over that nobody won says so in its own words).
    ``name`` names a seat: a game whose seats have roles (a host and a parasite, a predator and
    its prey) passes its own, so the sentence reads "The parasite is to act."
    """
    if obs["winners"]:
        if name is seat_name:
            return winners_sentence(obs["winners"])
        verb = "wins" if len(obs["winners"]) == 1 else "share the win"
        return f"Game over: {' and '.join(name(p) for p in obs['winners'])} {verb}."
    if obs["current_player"] is not None:
        return f"{name(obs['current_player'])} is to {doing}."
    return None


def is_whole(value: object) -> bool:
    """A Python int and not a bool: ``True`` is not the number 1 for any input we accept."""
    return type(value) is int


def short_repr(value: object, limit: int = 60) -> str:
    """``repr`` for error messages, safe for any value (huge ints, long strings, odd objects)."""
    try:
        text = repr(value)
    except Exception:  # a 5,000-digit int's repr raises ValueError; odd objects anything
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
