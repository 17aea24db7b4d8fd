"""The Climate game (mechanics after M. Leonardi, University of Cambridge; CC BY-NC-ND 4.0).

>>> from evo_lessons.games import climate
>>> state = climate.new_game(players=3, seed=7)
"""

# i18n: developer-only: the game's declaration: what a student sees of it (its title, its metrics'
# labels) is marked with N_() and translated where it is shown; its summary, options' help and
# option errors are a Python programmer's (help(), players=9), and its credit is the authors' own
# words

from pathlib import Path

from evo_lessons.engine import Credit, GameSpec, Metric, Option
from evo_lessons.i18n import N_

from .actions import ACTION_TYPES, GENE_NAMES, EndTurn, Move, Place, PlanAhead
from .bots import BOTS, ClimateBot, RandomBot
from .observation import ClimateObservation
from .rules import HOMES, TRENDS, ClimateState
from .tables import MOST_PLAYERS
from .view import VIEW
from .words import habitat_name_of

GAME = GameSpec(
    name="climate",
    title=N_("The Climate game"),
    summary="A changing climate: move, adapt or go extinct.",
    state=ClimateState,
    options=(
        Option("players", 4, "how many species (players)", low=2, high=MOST_PLAYERS),
        Option("tokens_to_win", 4, "habitat tokens needed to win (4 in the rules)", low=2, high=4),
        Option(
            "climate_change_faces",
            3,
            "faces of the climate die that change the climate (3 in the rules)",
            low=0,
            high=6,
        ),
        Option(
            "climate_trend",
            "random",
            "which way a change goes: random (the rules), warming or cooling",
            kind=str,
            choices=TRENDS,
        ),
        Option(
            "max_rounds",
            None,
            "a round cap for a short class (R9); None plays until someone has every token",
            low=1,
            high=1_000,
            allow_none=True,
        ),
        Option("blind_mutation", False, "mutations act at random, with no choice (R12)", bool),
        Option(
            "start_habitat",
            "savannah",
            "where lineages start and colonise: savannah (the rules), tundra or mixed (R15)",
            kind=str,
            choices=HOMES,
        ),
    ),
    bots=BOTS,
    helper_bot="planner",
    metrics=(
        Metric("round", N_("Round"), per_player=False),
        Metric("body", N_("Body gene")),
        Metric("colour", N_("Colour gene")),
        Metric("metabolism", N_("Metabolism gene")),
        Metric("matches", N_("Genes matching the habitat")),
        Metric("habitat", N_("Habitat"), kind=str, words=habitat_name_of),
        Metric("cards", N_("Mutation cards in hand")),
        Metric("tokens", N_("Habitat tokens")),
        Metric("extinctions", N_("Lineages lost (extinctions)")),
        Metric("temperature", N_("Climate board (1 cold … 5 warm)"), per_player=False),
    ),
    view=VIEW,
    observation=ClimateObservation,
    renderer=Path(__file__).with_name("renderer.js"),
    credit=Credit(
        game='The Climate game ("Which type of animal will you be in 10 million years?")',
        authors=(
            "Dr Michela Leonardi, Evolutionary Ecology Group and Museum of Zoology, University "
            "of Cambridge (with E. Miller, G. L. Somma, A. Manica, E. A. Fano, R. Wade; ERC "
            'grant 647787 "LocalAdaptation")'
        ),
        licence="CC BY-NC-ND 4.0",
    ),
    hidden_information=True,
)

new_game = GAME.new_game
load_json = GAME.load_json

__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "GAME",
    "GENE_NAMES",
    "ClimateBot",
    "ClimateObservation",
    "ClimateState",
    "EndTurn",
    "Move",
    "Place",
    "PlanAhead",
    "RandomBot",
    "load_json",
    "new_game",
]
