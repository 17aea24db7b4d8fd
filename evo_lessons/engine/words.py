"""How the package names things to people: seats, lists of seats, values in error messages.

One place for the sentences every game and the widget say, so they read alike everywhere: seats
count from 1 for people ("Player 1") while the data counts from 0. They speak the current
language (:mod:`evo_lessons.i18n`): a widget sets it while it draws.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from evo_lessons.i18n import Translator, current, npgettext, pgettext

if TYPE_CHECKING:
    from .observation import Observation


@functools.lru_cache(maxsize=16)
def _seat_names(t: Translator) -> tuple[str, ...]:
    # Translators: a seat at the table, counted from 1 ("Player 1", "Player 2" ...)
    pattern = t.pgettext("seat", "Player {number}")
    return tuple(pattern.format(number=p + 1) for p in range(16))


def seat_name(player: int) -> str:
    """ "Player 1" for seat 0: how the log and the widget name a seat (in the current language;
    result codes and CSV files keep the seat's number)."""
    names = _seat_names(current())
    if 0 <= player < len(names):
        return names[player]
    return pgettext("seat", "Player {number}").format(number=player + 1)


def and_list(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C" in the current language."""
    if len(names) == 1:
        return names[0]
    # Translators: the end of a list: "Player 1, Player 2 and Player 4"
    return pgettext("list", "{first} and {last}").format(
        first=pgettext("list separator", ", ").join(names[:-1]), last=names[-1]
    )


def seats_in_words(players: list[int] | tuple[int, ...]) -> str:
    """ "Player 1", "Player 1 and Player 3", "Player 1, Player 2 and Player 4"."""
    names = [seat_name(p) for p in players]
    if not names:
        return pgettext("list of seats", "nobody")
    return and_list(names)


def winners_sentence(winners: list[int] | tuple[int, ...]) -> str:
    """ "Game over: Player 2 wins." or "Game over: Player 1 and Player 3 share the win." """
    if not winners:
        return pgettext("status", "Game over.")
    return _winners(seats_in_words(winners), len(winners))


def _winners(who: str, count: int) -> str:
    return npgettext(
        "status; {who} is one or more seats, such as 'Player 1 and Player 3'",
        "Game over: {who} wins.",
        "Game over: {who} share the win.",
        count,
    ).format(who=who)


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
        return _winners(and_list([name(p) for p in obs["winners"]]), len(obs["winners"]))
    if obs["current_player"] is not None:
        who = name(obs["current_player"])
        if doing == "act":
            return pgettext(
                "status; {who} is a seat such as 'Player 1'", "{who} is to act."
            ).format(who=who)
        # Translators: {doing} is a verb phrase in English ("move", "choose a card"): a
        # translation may need to reword the whole sentence
        return pgettext("status", "{who} is to {doing}.").format(who=who, doing=doing)
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
