"""What a request names, checked before any ruling acts on it: a game, its options, an id.

The handlers check the ids a client makes (a join id, a move id) as they parse a request,
before a database session is opened; the rulings check the game and options a request names
before they deal. Each refusal is a :class:`~.refused.Refused` with its sentence and code, as
every ruling's is; these checks read nothing but the request and the game registry, so they
live apart from :mod:`.rulings` (which re-exports them).
"""

from __future__ import annotations

import json
import re
from typing import Any

from evo_lessons import GAMES, game_spec
from evo_lessons.i18n import pgettext

from .refused import Refused

#: a client's id for one act (contract 2): 8-64 letters, digits, "_" or "-"
MOVE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: a client's id for one join (issue 40.4): a repeat of it answers the same token, so it is as
#: secret as the token and as long as a uuid4's hex at least
JOIN_ID = re.compile(r"[A-Za-z0-9_-]{32,64}")


def game_name(name: str) -> str:
    if name not in GAMES:
        text = pgettext("class service", "There is no game called {name}.")
        raise Refused(400, text.format(name=repr(name[:40])), "no_such_game")
    return name


def check_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    if len(json.dumps(options)) > 2000:
        raise Refused(
            400, pgettext("class service", "The game options are too long."), "options_too_long"
        )
    try:
        game_spec(game).new_game(seed=1, **options)
    except (TypeError, ValueError) as error:
        # Translators: {why} is the game's own sentence about the option
        text = pgettext("class service", "Those options are refused: {why}")
        raise Refused(400, text.format(why=str(error)[:200]), "options_refused") from None
    return options


def check_move_id(move_id: str | None) -> str | None:
    if move_id is not None and not MOVE_ID.fullmatch(move_id):
        text = pgettext("class service", "A move id is 8 to 64 letters, digits, '_' or '-'.")
        raise Refused(400, text, "bad_move_id", field="move_id")
    return move_id


def check_join_id(join_id: str | None) -> str | None:
    if join_id is not None and not JOIN_ID.fullmatch(join_id):
        text = pgettext("class service", "A join id is 32 to 64 letters, digits, '_' or '-'.")
        raise Refused(400, text, "bad_join_id", field="join_id")
    return join_id
