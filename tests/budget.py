"""How many examples a property test tries, and how many games a conformance run plays.

Two profiles (the Hypothesis profiles, registered in tests/conftest.py): ``full`` tries every
test's own number (a developer's plain ``pytest``, and ``bash .ci/run --full``); ``ci`` (a
commit's ``bash .ci/run``) a quarter of a property's examples (at least ten) and a third of a
conformance run's games (at least two a variant): the same checks, every variant, fewer
samples; a commit that changes a game or the engine runs in full anyway. A test writes
``settings(max_examples=examples(400))`` and ``check_game(..., games=games(48, VARIANTS))``,
so its number still says how hard it is tested in full. ``HYPOTHESIS_PROFILE=ci pytest ...``
picks a profile by hand.
"""

from __future__ import annotations

import os
from collections.abc import Sized

from hypothesis import settings

#: the share of its own examples a test tries, by profile
SHARE = {"full": 1.0, "ci": 0.25}
#: the share of its own games a conformance run plays, by profile
GAMES_SHARE = {"full": 1.0, "ci": 1 / 3}


def profile() -> str:
    """``HYPOTHESIS_PROFILE`` if set; else ``ci`` in a commit's CI run (``EVO_CI_FULL=0``)."""
    named = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if named:
        return named
    return "ci" if os.environ.get("EVO_CI_FULL", "") == "0" else "full"


def register() -> None:
    """Register both profiles and load the chosen one (tests/conftest.py, before collection)."""
    settings.register_profile("full", max_examples=100)
    settings.register_profile("ci", max_examples=25)
    settings.load_profile(profile())


def examples(own: int) -> int:
    """``own`` examples in the full profile, a share of them (at least 10) in ``ci``."""
    share = SHARE.get(profile(), 1.0)
    return own if share >= 1 else max(min(own, 10), round(own * share))


def games(own: int, variants: Sized = ()) -> int:
    """``own`` games in the full profile; a third of them in ``ci``, at least two for each of
    ``variants`` (the list of option sets the run plays)."""
    share = GAMES_SHARE.get(profile(), 1.0)
    return own if share >= 1 else min(own, max(2 * max(len(variants), 1), round(own * share)))
