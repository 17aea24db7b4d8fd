"""A served deal no one can compute: every served game's seed comes from the class's secret.

The class keeps a secret (32 random bytes, made once when the class is made, kept in its row
of ``classes`` and never sent to anyone, teacher included). A served game's seed is an HMAC-SHA256
of that secret over what picks the deal:

* **A teacher's seed** is only a label: ``served_seed(secret, game, options, seed=4242)`` is the
  same for every student of the class (the same deal for everyone, so the class compares one
  deal with chance), but the local game of seed 4242 is another game. A student who knows or
  guesses the teacher's number cannot play the served deal offline (red-team N1: the offline
  seed search finds nothing, because no seed a student can try is the one served).
* **A scenario code** (ruling S1): its game, options, seats and opening choices are kept and
  every student gets the same start, but the cards are the secret's, not the code's. A scenario
  code carries its seed (a lesson prints it, a teacher may project it), so serving the code's
  own deal would make every later draw computable from the code. The opening choices are
  replayed by number under the secret's seed; an opening choice that is not legal there ends
  the opening (the rest is played by the seats). Keeping the code's exact position and drawing
  only the later chance from the secret would need the result code and the judge to carry a
  second seed: not done (see teacher/README.md, "What pooling can and cannot prove").
* **No deal** (each student's own game): a fresh random seed per game, as before; nothing to
  label.

A 63-bit seed from a 256-bit key: a student who sees every served view of a deal has no way
to the seed but a search of 2**63 seeds (the red team's search did 2,000 seeds a CPU-second).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import secrets
from typing import Any

from evo_lessons.engine.seeds import SEED_LIMIT


def new_secret() -> str:
    """A class's secret: 32 random bytes as hex (made once, stored, never sent)."""
    return secrets.token_hex(32)


def _label(game: str, options: dict[str, Any] | None, **picked: Any) -> bytes:
    text = json.dumps(
        {"game": game, "options": options or {}, **picked},
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    return text.encode("utf-8")


def served_seed(
    secret: str,
    game: str,
    options: dict[str, Any] | None,
    *,
    seed: int | None = None,
    scenario: str | None = None,
    round_: int | None = None,
) -> int:
    """The served seed of a teacher's deal: HMAC(secret, game, options, seed or scenario).

    ``round_`` (the deal's round) is left out unless given: dealing the same seed again gives
    the class the same served deal, as the teacher meant by typing the same number."""
    if not secret:
        raise ValueError("the class has no deal secret")
    picked: dict[str, Any] = {}
    if seed is not None:
        picked["seed"] = int(seed)
    if scenario is not None:
        picked["scenario"] = scenario.strip()
    if round_ is not None:
        picked["round"] = int(round_)
    digest = hmac.new(
        bytes.fromhex(secret) if _is_hex(secret) else secret.encode(),
        _label(game, options, **picked),
        hashlib.sha256,
    ).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return True


def served_fixed(secret: str, deal) -> Any:
    """The teacher's deal as pooling's fixed scenario *as served*: the served seed, the deal's
    options, seats and the opening choices that are legal under that seed (ruling S1). The
    live page's chance comparison plays this deal; a local code of the teacher's own seed is
    another game. ``Fixed()`` (nothing fixed) without a seed or scenario."""
    from evo_lessons.classroom.pooling import Fixed

    if deal is None or (deal.seed is None and not deal.scenario):
        return Fixed()
    options = dict(deal.options or {})
    if not deal.scenario:
        seed = served_seed(secret, deal.game, options, seed=deal.seed)
        return Fixed(seed=seed, game=deal.game, options=options or None)
    return _scenario_fixed(secret, deal.game, deal.scenario.strip())


@functools.lru_cache(maxsize=64)
def _scenario_fixed(secret: str, game: str, scenario: str) -> Any:
    from evo_lessons import game_spec
    from evo_lessons.classroom.pooling import Fixed

    given = Fixed.make(scenario)
    options = dict(given.options or {})
    seed = served_seed(secret, game, options, scenario=scenario)
    state = game_spec(game).new_game(seed=seed, **options)
    opening: list[int] = []
    for number in given.opening:  # ruling S1: the legal ones, up to the first that is not
        legal = state.legal_actions()
        if state.is_over or not 0 <= number < len(legal):
            break
        state.apply(legal[number])
        opening.append(number)
    return Fixed(seed=seed, game=game, options=options, seats=given.seats, opening=opening)


def class_secret(db, class_id: int) -> str:
    """The class's deal secret (made at class creation; made here for a class that has none,
    once even when two requests ask together: the first write wins)."""
    from sqlalchemy import select, update

    from .db import SchoolClass

    found = db.scalar(select(SchoolClass.deal_secret).where(SchoolClass.id == class_id))
    if found:
        return found
    db.execute(
        update(SchoolClass)
        .where(SchoolClass.id == class_id, SchoolClass.deal_secret.is_(None))
        .values(deal_secret=new_secret())
    )
    db.flush()
    return db.scalar(select(SchoolClass.deal_secret).where(SchoolClass.id == class_id))
