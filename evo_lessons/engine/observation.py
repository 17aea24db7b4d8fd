"""What a seat may see, as a declared type: the one input of a game's view and of its bots.

``state.observation(seat)`` is a plain JSON-safe dict (it crosses to bots, the widget and the
page as data), and its shape is declared once per game as a ``TypedDict`` in the game's own
``observation.py``: the envelope here, then the game's keys. The view (``view_model(obs)``,
``describe(obs)``) and the bots (``choose(obs, legal)``) take that type and nothing else, so a
type checker (mypy, run by ``.ci/run``) finds a misspelt key or a read of a key the game never
sends, and a view cannot reach the state at all. The conformance suite checks at run time that
every observation a game gives holds exactly its declared keys (``check_observation_keys``).
"""

# i18n: developer-only: the observations' declared type; its error is a game author's

# (no `from __future__ import annotations` here: Python 3.11 reads a TypedDict's NotRequired
# keys only from annotations evaluated when the class is made)

from typing import Any, TypedDict, is_typeddict

#: the keys every observation starts with, the same in every game
ENVELOPE = ("game", "seat", "players", "current_player", "winners", "options")


class Observation(TypedDict):
    """The envelope every game's observation starts with; a game's type extends it."""

    #: the game's registered name
    game: str
    #: whose view this is (None: the public view, a projector or a spectator)
    seat: int | None
    players: int
    #: whose decision it is now (None: the game is over)
    current_player: int | None
    #: the winning seats (several on a tie; empty while the game goes on)
    winners: list[int]
    #: the game's options, normalised
    options: dict[str, Any]


def declared_keys(observation_type: type) -> tuple[frozenset[str], frozenset[str]]:
    """The keys a game's observation type requires, and all it allows."""
    if not is_typeddict(observation_type):
        raise TypeError(f"{observation_type!r} is not a TypedDict")
    required = frozenset(observation_type.__required_keys__)  # type: ignore[attr-defined]
    allowed = required | frozenset(observation_type.__optional_keys__)  # type: ignore[attr-defined]
    return required, allowed


__all__ = ["ENVELOPE", "Observation", "declared_keys"]
