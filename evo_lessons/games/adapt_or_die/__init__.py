"""Adapt or Die (mechanics after David Marques's *Adapt or Die*, PhosphorLearn, 2020).

>>> from evo_lessons.games import adapt_or_die
>>> state = adapt_or_die.new_game(players=4, seed=7)
"""

# i18n: developer-only: the game's declaration: what a student sees of it (its title, its metrics'
# labels) is marked with N_() and translated where it is shown; its summary, options' help and
# option errors are a Python programmer's (help(), players=9), and its credit is the authors' own
# words

from pathlib import Path

from evo_lessons.engine import Credit, GameSpec, Metric, Option
from evo_lessons.i18n import N_

from .bots import BOTS, FitterBot, RandomBot, SensibleRandomBot, TraderBot, UniformRandomBot
from .observation import AdaptOrDieObservation
from .rules import (
    ACTION_TYPES,
    FEATURES,
    ROUND_LIMIT,
    SCORINGS,
    AdaptOrDieState,
    AnswerTrade,
    ChooseCreature,
    EndTurn,
    ExchangeNiche,
    Exit,
    ForceNiche,
    GiveNiche,
    KeepNiche,
    Move,
    OfferAdaptations,
    OfferNiches,
    OrderCards,
    ReturnAdaptation,
    ReturnNiche,
    TakeAdaptation,
)
from .view import MISFIT_TITLES, VIEW

#: each feature's metric label, in data.toml's order (catalogue entries)
_FEATURE_LABELS = (
    N_("Leg length (1-5, after the cards held)"),
    N_("Segments (1-5, after the cards held)"),
    N_("Size (1-5, after the cards held)"),
    N_("Eyes (1-5, after the cards held)"),
    N_("Antennae (1-5, after the cards held)"),
)

GAME = GameSpec(
    name="adapt_or_die",
    title=N_("Adapt or Die"),
    summary="One body, several habitats: selection pressures differ, and no bug fits them all.",
    state=AdaptOrDieState,
    options=(
        Option(
            "players",
            4,
            "how many players (bugs)",
            low=3,
            high=5,
            out_of_range="Adapt or Die is for 3 to 5 players",
        ),
        Option(
            "habitats_per_player",
            4,
            "niches each player must hold at the end: 4 in the rules; 3 or 5 for a shorter or "
            "longer game (5 uses the double board, R18); 6 only with same_habitats (R15)",
            low=3,
            high=6,
        ),
        Option(
            "choose_creature",
            False,
            "players choose their creatures instead of drawing them (R16)",
            bool,
        ),
        Option(
            "scoring",
            "auto",
            "auto (the rules), total (lowest unfit score), extinctions (fewest habitats scoring "
            "above 8) or habitats (best in the most habitats) (R14)",
            kind=str,
            choices=SCORINGS,
        ),
        Option(
            "same_habitats",
            False,
            "every player receives every selected habitat (R15)",
            bool,
        ),
        Option(
            "max_rounds",
            None,
            "a round cap for a short class (R19); None plays until everyone holds the target "
            f"(within {ROUND_LIMIT} rounds)",
            low=1,
            high=ROUND_LIMIT,
            allow_none=True,
        ),
    ),
    bots=BOTS,
    helper_bot="fitter",
    metrics=(
        Metric("unfit", N_("Unfit score now (best order of the cards held)")),
        Metric("niches", N_("Niche cards held")),
        Metric("extinctions", N_("Habitats scoring above 8 (extinct there)")),
        *(
            Metric(f"{key}_misfit", label)
            for key, label in zip(FEATURES, MISFIT_TITLES, strict=True)
        ),
        *(Metric(key, label) for key, label in zip(FEATURES, _FEATURE_LABELS, strict=True)),
    ),
    view=VIEW,
    observation=AdaptOrDieObservation,
    renderer=Path(__file__).with_name("renderer.js"),
    credit=Credit(
        game="Adapt or Die",
        authors="David Marques, PhosphorLearn (2020)",
        licence="all rights reserved (© 2020 PhosphorLearn); no licence is stated in the rules",
    ),
    hidden_information=True,
)

new_game = GAME.new_game
load_json = GAME.load_json

__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "GAME",
    "AdaptOrDieObservation",
    "AdaptOrDieState",
    "AnswerTrade",
    "ChooseCreature",
    "EndTurn",
    "ExchangeNiche",
    "Exit",
    "FitterBot",
    "ForceNiche",
    "GiveNiche",
    "KeepNiche",
    "Move",
    "OfferAdaptations",
    "OfferNiches",
    "OrderCards",
    "RandomBot",
    "ReturnAdaptation",
    "ReturnNiche",
    "SensibleRandomBot",
    "TakeAdaptation",
    "TraderBot",
    "UniformRandomBot",
    "load_json",
    "new_game",
]
