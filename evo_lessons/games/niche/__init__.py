"""The Niche game (mechanics after Réka Nagy and Jakub Krakowiak's *Niche*, CC BY 3.0).

>>> from evo_lessons.games import niche
>>> state = niche.new_game(players=3, seed=7)
"""

# i18n: developer-only: the game's declaration: what a student sees of it (its title, its metrics'
# labels) is marked with N_() and translated where it is shown; its summary, options' help and
# option errors are a Python programmer's (help(), players=9), and its credit is the authors' own
# words

from pathlib import Path

from evo_lessons.engine import Credit, GameSpec, Metric, Option
from evo_lessons.i18n import N_

from .bots import BOTS, GeneralistBot, PlannerBot, RandomBot
from .observation import NicheObservation
from .rules import (
    ACTION_TYPES,
    CARDS,
    CHALLENGES,
    DEFAULT_MAX_ROUNDS,
    ENVIRONMENTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    NicheState,
    PlayCard,
)
from .view import VIEW

GAME = GameSpec(
    name="niche",
    title=N_("Niche: adapt to three environments"),
    summary="Adaptation as a fit between traits and an environment.",
    state=NicheState,
    options=(
        Option(
            "players",
            4,
            "how many players",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
            out_of_range=f"Niche is for {MIN_PLAYERS} to {MAX_PLAYERS} players",
        ),
        Option(
            "max_rounds",
            DEFAULT_MAX_ROUNDS,
            "a safety cap on rounds (R14; never reached)",
            low=1,
            high=10_000,
        ),
    ),
    bots=BOTS,
    helper_bot="planner",
    metrics=(
        # R16: a match to the environment, not fitness (relative reproductive success)
        Metric("match", N_("Match: share of the environment's challenges met"), kind=float),
        Metric("environments_completed", N_("Environments completed")),
        Metric("cards_in_play", N_("Cards in play")),
        Metric("events_suffered", N_("Events suffered")),
    ),
    view=VIEW,
    observation=NicheObservation,
    renderer=Path(__file__).with_name("renderer.js"),
    credit=Credit(
        game="Niche: A Game of Survival and Adaptation",
        authors="Réka Nagy and Jakub Krakowiak",
        licence="CC BY 3.0",
        use="mechanics, in our own words with our own environments and cards",
    ),
    hidden_information=True,
)

new_game = GAME.new_game
load_json = GAME.load_json

__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "CARDS",
    "CHALLENGES",
    "ENVIRONMENTS",
    "GAME",
    "DiscardFromPlay",
    "DrawEnvironment",
    "DrawFromGenePool",
    "GeneralistBot",
    "KeepEnvironment",
    "NicheObservation",
    "NicheState",
    "PlannerBot",
    "PlayCard",
    "RandomBot",
    "load_json",
    "new_game",
]
