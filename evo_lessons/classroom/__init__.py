"""A whole class: result codes pooled, checked by replay, sorted, and compared with chance.

>>> from evo_lessons.classroom import pool
>>> results = pool(["EVR2-...", "hand-in/"], lesson="01_climate", scenario=4242)  # doctest: +SKIP
>>> results.games, results.apart, results.rejected                                # doctest: +SKIP
>>> for comparison in results.comparisons(n=1000): display(comparison)            # doctest: +SKIP

A student's game shows a result code when it is finished (``session.result_code(name,
lesson)``, the widget's result box); the hand-in file carries it in its **results section**,
the only part of a hand-in that is read:

* Markdown hand-ins: between a line ``<!-- evo-results -->`` and a line
  ``<!-- /evo-results -->``;
* HTML hand-ins: inside ``<section id="evo-results">`` ... ``</section>``.

A code typed into an answer is never read; a hand-in without the section is listed apart.
:func:`markdown_results` and :func:`html_results` write the section (for the hand-in writer).

:func:`pool` reads codes however the teacher has them and sorts every one into **counted**
(checked, one row per game however it was encoded or renamed, played by the student),
**apart** (genuine but not the student's own first play: duplicates with who handed them in,
one game in two students' files, a deal replayed or rewound or first played by the helper, a
bot's hand shown, games the helper bot played for a person, games no person played, seats
changed mid-game, another scenario or lesson than the one fixed, old EVR1 codes) and
**refused** (damaged or forged: an illegal move, a "bot" seat that did not play as that bot,
relabelled seats, a population summary its settings do not give, a run past the work bound, a
hand-in edited after it was made; and codes past the call's work budget, ``skipped``). Each
not counted has a one-word ``problem`` and a reason. The teacher may fix the ``scenario`` (a
seed, or a scenario code given with the lesson) and the ``lesson``; otherwise every setup is
compared on its own.
:func:`chance` plays a setup ``n`` times with a random player in the student's seat (the same
deal and bots when the scenario is fixed); ``results.comparisons()`` gives a table and a plot
per setup. ``python -m evo_lessons.classroom example`` writes the example class the teacher
notebook uses.

A live class (``evo-teacher class serve``) takes the codes as they are made instead; a
student's kernel reaches it through :mod:`evo_lessons.live` (``join_class`` gives a ``Seat``:
``seat.send(code)``, ``seat.game(name)`` for a game the class deals and records).
"""

from __future__ import annotations

from typing import Any

from .codes import result_code
from .compare import (
    Comparison,
    chance,
    class_versus_chance,
    compare,
    compare_setups,
    mean_interval,
    measures_of,
    most_common_setup,
    setups_of,
    wilson,
)
from .example import EXAMPLE_FILE, example_codes
from .handins import (
    HTML_CLOSE,
    HTML_OPEN,
    MARKDOWN_CLOSE,
    MARKDOWN_OPEN,
    find_codes,
    html_results,
    markdown_results,
    results_section,
)
from .pooling import Fixed, check_code, pool_codes
from .report import APART, CHECKS, ClassResults


def pool(
    codes_or_files: Any, *, scenario: Any = None, lesson: str | None = None, budget: Any = None
) -> ClassResults:
    """Pool a class's result codes into :class:`ClassResults`.

    ``codes_or_files``: a code, pasted text (one code a line), a hand-in file (HTML or
    Markdown: its results section only) or a folder of them (read recursively, hidden folders
    skipped), a FileUpload widget's value, or a list of any of these. ``scenario``: a seed or a
    scenario code the class was given (codes from another are listed apart); ``lesson``: the
    lesson id (likewise). ``games`` has one row per counted game: the student's name, lesson,
    setup, winners and the spec's metrics at the end (numbers from the replayed game), and
    ``you_won`` / ``you_<metric>`` for the student's seat. ``games, rejected = pool(...)``
    unpacks as before. ``budget``: a :class:`~.pooling.WorkBudget` (default: the one every
    call has); codes past it are refused as ``skipped``, unchecked, and say so.
    """
    from .pooling import frames

    pooled = pool_codes(codes_or_files, scenario=scenario, lesson=lesson, budget=budget)
    games, populations, apart, rejected = frames(pooled)
    return ClassResults(games, populations, apart, rejected, pooled.fixed)


__all__ = [
    "APART",
    "CHECKS",
    "EXAMPLE_FILE",
    "HTML_CLOSE",
    "HTML_OPEN",
    "MARKDOWN_CLOSE",
    "MARKDOWN_OPEN",
    "ClassResults",
    "Comparison",
    "Fixed",
    "chance",
    "check_code",
    "class_versus_chance",
    "compare",
    "compare_setups",
    "example_codes",
    "find_codes",
    "html_results",
    "markdown_results",
    "mean_interval",
    "measures_of",
    "most_common_setup",
    "pool",
    "pool_codes",
    "population_summary",
    "result_code",
    "results_section",
    "setups_of",
    "wilson",
]


def __getattr__(name: str) -> Any:
    """``population_summary``, imported when asked for: the population model needs numpy, and
    the classroom's other tools (a lesson's hand-in and seal among them) run without it."""
    if name == "population_summary":
        from evo_lessons.population.result import population_summary

        return population_summary
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
