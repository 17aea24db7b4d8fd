"""Loading a game into a session: scenario codes, saves and a kernel's snapshot read back.

A :class:`~.session.GameSession` is played forwards; this module is how one is taken up from
outside: a scenario code, save JSON or file (:func:`from_scenario`, behind
``GameSession.from_scenario``), and the snapshot a lesson keeps in its work file to take a game
up again in a new kernel (:func:`snapshot`, :func:`resume`). Every way in goes through the
engine's checked save (:func:`read_scenario`, then the one replay), so a tampered save or code
fails the same legality checks as a forged move, and nothing is half-loaded. These functions set
the session's own records (its timeline, who moved, its deals) as the session's methods would:
they are the session's loading, kept apart from its play.
"""

from __future__ import annotations

import pathlib
from typing import TYPE_CHECKING, Any

from evo_lessons import game_spec
from evo_lessons.engine import record
from evo_lessons.i18n import pgettext

if TYPE_CHECKING:
    from evo_lessons.engine.deals import DealBook

    from .session import GameSession

#: the largest scenario file or code the widget reads (a long game's save is tens of kB)
MAX_SCENARIO_BYTES = record.MAX_CODE_CHARS


def _rejected(reason: str) -> str:
    """A refused scenario's message: "scenario rejected: <reason>", in the current language."""
    return pgettext(
        "error; {reason} says why a scenario code or file was refused",
        "scenario rejected: {reason}",
    ).format(reason=reason)


def read_scenario(source: dict[str, Any] | str | bytes | pathlib.Path) -> dict[str, Any]:
    """A checked save dict from a code, JSON text, a dict or a file path (str or Path)."""
    if isinstance(source, dict):
        return record.check_envelope(source)
    if isinstance(source, pathlib.Path) or (
        isinstance(source, str) and source.strip().lower().endswith(".json")
    ):
        path = pathlib.Path(source)
        if not path.is_file():
            raise ValueError(
                _rejected(
                    pgettext("error; {path} is a file's name", "there is no file {path}").format(
                        path=repr(str(path)[:80])
                    )
                )
            )
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            raise ValueError(_rejected(pgettext("error", "the file is too large to be a save")))
        source = path.read_bytes()
    return record.parse_save(source)


def from_scenario(
    cls: type[GameSession],
    source: dict[str, Any] | str | bytes | pathlib.Path,
    *,
    teacher: bool = False,
) -> GameSession:
    """Start from a scenario code, save JSON text, a dict, or a file saved earlier.

    The session stands at exactly the saved position (no bot moves on by itself); the
    loaded moves are recorded as the scenario's, not as anyone's play here.
    Anything wrong raises ValueError with a reason, and nothing is half-loaded.
    """
    data = read_scenario(source)
    try:
        spec = game_spec(data["game"])
    except ValueError as error:
        raise ValueError(_rejected(str(error))) from None
    try:
        session = cls(
            spec, seed=data["seed"], seats=data.get("seats"), teacher=teacher, **data["options"]
        )
    except TypeError as error:
        raise ValueError(
            _rejected(
                pgettext(
                    "error; {error} is Python's message, left in English",
                    "bad options ({error})",
                ).format(error=error)
            )
        ) from None
    except ValueError as error:
        raise ValueError(_rejected(str(error))) from None
    session._replay(data)
    return session


def snapshot(session: GameSession) -> dict[str, Any]:
    """Everything needed to take this game up again in a new kernel at the same move, as
    plain JSON (a lesson keeps it in its work file: :func:`resume`). It holds the seed, as a
    save does: it is the kernel's own record, never handed in or shown on the page."""
    save = record.save_dict(
        session.state, seats=session.seats, moves=record.encode_moves(session.numbers)
    )
    return {
        "save": save,
        "position": session.position,
        "movers": list(session.movers),
        "changed": sorted(session.changed_seats),
        "shown": sorted(session.shown_seats),
        "furthest": len(session._furthest),
        "history": dict(session.deal_history),
        "played": session._played_deal,
    }


def resume(
    cls: type[GameSession], snapshot: dict[str, Any], book: DealBook | None = None
) -> GameSession:
    """The game a :func:`snapshot` was taken of, at the same move with the same record of
    who moved: one play, taken up again, never a replay of its deal (``book``: the lesson's
    deals, which already count this one). ValueError if the snapshot does not replay."""
    try:
        data = read_scenario(snapshot["save"])
        session = cls(data["game"], seed=data["seed"], seats=data.get("seats"), **data["options"])
        if book is not None:  # the lesson's book, without counting this deal again
            session.deals = book
        session._replay(data)
        movers = [str(m)[:40] for m in snapshot["movers"]]
        if len(movers) != len(session.actions):
            raise ValueError(
                pgettext("error: a game in play, saved", "its movers do not match its moves")
            )
        session.movers = movers
        position = int(snapshot["position"])
        if position != len(session.actions):
            session.seek(position)
        furthest = min(int(snapshot["furthest"]), len(session.actions))
        session._furthest = list(zip(session.actions, session.movers, strict=True))[:furthest]
        session.changed_seats = {int(s) for s in snapshot["changed"]}
        session.shown_seats = {int(s) for s in snapshot["shown"]}
        history = snapshot["history"]
        session.deal_history = {
            "before": int(history["before"]),
            "helper_first": bool(history["helper_first"]),
            "rewinds": int(history["rewinds"]),
        }
        session._played_deal = bool(snapshot["played"])
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(
            pgettext(
                "error; {error} is Python's message, left in English",
                "the game in play cannot be taken up again ({error})",
            ).format(error=f"{error!r:.80}")
        ) from None
    return session
