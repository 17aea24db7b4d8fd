"""How many examples a property test tries: its own number, scaled by the Hypothesis profile.

Two profiles (registered in tests/conftest.py): ``full`` tries every test's own number (a
developer's plain ``pytest``, and ``bash .ci/run --full``), ``ci`` a quarter of it, at least
ten (a commit's ``bash .ci/run``). A test writes ``settings(max_examples=examples(400))``
where it used to write ``max_examples=400``, so its number still says how hard it is tested in
full. ``HYPOTHESIS_PROFILE=ci pytest ...`` picks a profile by hand.
"""

from __future__ import annotations

import os

from hypothesis import settings

#: the share of its own examples a test tries, by profile
SHARE = {"full": 1.0, "ci": 0.25}


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
