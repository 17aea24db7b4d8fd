"""Peppered moths: the small complete game that docs/writing_a_game.md builds step by step.

It lives in the tests, not in the package, so that the conformance suite checks the guide's code
on every run (tests/conftest.py registers it for the test session, as the one line in
``evo_lessons.GAMES`` registers a real game). A real game's folder is
``evo_lessons/games/<name>/`` and holds the same files.
"""

from pathlib import Path

from evo_lessons.engine import Credit, GameSpec, Metric, Option
from evo_lessons.i18n import N_

from .bots import BOTS, NaturalistBot
from .observation import MothsObservation
from .rules import (
    ACTION_TYPES,
    DEFAULT_ROUNDS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    PepperedMothsState,
    Rest,
)
from .view import VIEW

GAME = GameSpec(
    name="peppered_moths",
    title=N_("Peppered moths: hide from the birds"),
    summary=N_(
        "Which moth survives depends on the bark it rests on: selection by the environment."
    ),
    state=PepperedMothsState,
    options=(
        Option("players", 3, N_("how many players"), low=MIN_PLAYERS, high=MAX_PLAYERS),
        Option("rounds", DEFAULT_ROUNDS, N_("rounds to play (R4)"), low=1, high=MAX_ROUNDS),
    ),
    bots=BOTS,
    helper_bot="naturalist",
    metrics=(
        Metric("survivors", N_("Moths that survived")),
        Metric("moth", N_("Moth shown last round"), kind=str),
        Metric("bark", N_("Bark turned last (1 lichen, 2 mixed, 3 soot)"), per_player=False),
    ),
    view=VIEW,
    observation=MothsObservation,
    renderer=Path(__file__).with_name("renderer.js"),
    credit=Credit(
        game="Peppered moths (the guide's example)",
        authors="the evo_lessons contributors",
        licence="MIT, as the rest of this project",
        use="everything: it is ours",
    ),
    hidden_information=True,
    x_axis="round",
)

new_game = GAME.new_game
load_json = GAME.load_json

__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "GAME",
    "MothsObservation",
    "NaturalistBot",
    "PepperedMothsState",
    "Rest",
    "load_json",
    "new_game",
]
