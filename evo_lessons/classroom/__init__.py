"""A whole class: result codes pooled, checked by replay, and compared with chance.

>>> from evo_lessons.classroom import pool, class_versus_chance
>>> games, rejected = pool(["EVR1-...", "hand-in/", "extra_codes.txt"])   # doctest: +SKIP
>>> class_versus_chance(games, n=1000)                                     # doctest: +SKIP

A student's widget shows a result code when a game is finished (``widget.result_code(name)``);
the hand-in file carries it. :func:`pool` reads codes however the teacher has them, replays
every game through its rules (a forged or tampered code is rejected with the reason, never
counted), and returns one row per game. :func:`chance` plays the same setup ``n`` times with a
random player in the student's seat; :func:`class_versus_chance` plots the two side by side.
``python -m evo_lessons.classroom example`` writes the example class the teacher notebook uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .codes import result_code
from .compare import (
    Comparison,
    chance,
    class_versus_chance,
    compare,
    mean_interval,
    measures_of,
    most_common_setup,
    wilson,
)
from .example import EXAMPLE_FILE, example_codes
from .pooling import check_code, find_codes, pool_codes, population_summary

if TYPE_CHECKING:
    import pandas as pd


def pool(codes_or_files: Any) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Pool a class's result codes: ``(games, rejected)`` as two DataFrames.

    ``codes_or_files``: a code, pasted text (one code a line), a hand-in file (HTML or
    Markdown) or a folder of them (read recursively, hidden folders skipped), a FileUpload
    widget's value, or a list of any of these. ``games`` has one row per accepted result:
    the student's name, the setup, the winners and the spec's metrics at the end (numbers
    from the replayed game, never from the code), ``you_won`` and ``you_<metric>`` for the
    student's seat. The same code found twice (a hand-in's .html and .md) counts once; the
    same game under two names counts for both and names the first in ``duplicate_of``.
    ``rejected`` lists every refused code with its ``problem`` (one word) and ``reason``.
    """
    from .pooling import frames

    return frames(pool_codes(codes_or_files))


__all__ = [
    "EXAMPLE_FILE",
    "Comparison",
    "chance",
    "check_code",
    "class_versus_chance",
    "compare",
    "example_codes",
    "find_codes",
    "mean_interval",
    "measures_of",
    "most_common_setup",
    "pool",
    "pool_codes",
    "population_summary",
    "result_code",
    "wilson",
]
