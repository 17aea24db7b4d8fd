"""Phylo: food webs (mechanics after Phylo, phylogame.org, the Phylomon project; CC BY-NC-ND).

>>> from evo_lessons.games import phylo
>>> state = phylo.new_game(seed=7)
"""

from pathlib import Path

from evo_lessons.engine import Credit, GameSpec, Metric, Option
from evo_lessons.i18n import N_

from .bots import BOTS, AttackerBot, BuilderBot, RandomBot
from .observation import PhyloObservation
from .rules import (
    ACTION_TYPES,
    DECK_CHOICES,
    DECK_MODES,
    Challenge,
    ChooseOpening,
    DiscardToDraw,
    MoveSpecies,
    Pass,
    PhyloState,
    PickCard,
    PlayEvent,
    PlayInvasive,
    PlayParasite,
    PlaySpecies,
    RemoveCard,
    Spread,
    build_actions,
)
from .view import VIEW

GAME = GameSpec(
    name="phylo",
    title=N_("Phylo: food webs"),
    summary=N_("Build food webs from real species; redundant links survive disturbance."),
    state=PhyloState,
    options=(
        Option(
            "players",
            2,
            N_("Phylo is a game for two players"),
            low=2,
            high=2,
            out_of_range=N_("Phylo is a game for exactly 2 players"),
        ),
        Option(
            "decks",
            "themed",
            N_("themed (ready-made decks), pool (the collection dealt at random) or build (R15)"),
            kind=str,
            choices=DECK_MODES,
        ),
        Option(
            "deck_1",
            "random",
            N_("Player 1's ready-made deck (themed decks)"),
            kind=str,
            choices=DECK_CHOICES,
        ),
        Option(
            "deck_2",
            "random",
            N_("Player 2's ready-made deck (themed decks)"),
            kind=str,
            choices=DECK_CHOICES,
        ),
        Option(
            "deck_size",
            24,
            N_("cards in each deck for pool and build (24 in the rules)"),
            low=12,
            high=40,
        ),
        Option("rows", 7, N_("rows of the table's grid (R1)"), low=3, high=15),
        Option("columns", 9, N_("columns of the table's grid (R1)"), low=4, high=16),
        Option(
            "realism", False, N_("call your bluff: links can be challenged against the data"), bool
        ),
        Option(
            "preselect",
            False,
            N_("each player picks the 5 cards of the opening hand from their deck (R18)"),
            bool,
        ),
    ),
    bots=BOTS,
    helper_bot="builder",
    metrics=(
        Metric("points", N_("Points on the table")),
        Metric("species", N_("Species on the table")),
        Metric("links", N_("Compatible links of the player's species")),
        Metric("connectance", N_("Connectance: share of possible links made"), kind=float),
        Metric("chain", N_("Longest food chain (species)")),
        Metric("at_risk", N_("Cards at risk")),
        Metric("lost", N_("Cards lost to events, invasions and broken links")),
    ),
    view=VIEW,
    observation=PhyloObservation,
    renderer=Path(__file__).with_name("renderer.js"),
    credit=Credit(
        game=N_("Phylo (the Phylomon project)"),
        authors=N_("Fenrislorsrai and the Phylomon community, with David Ng (phylogame.org)"),
        licence="CC BY-NC-ND",
        source="phylogame.org",
    ),
    hidden_information=True,
)

new_game = GAME.new_game
load_json = GAME.load_json

__all__ = [
    "ACTION_TYPES",
    "BOTS",
    "GAME",
    "AttackerBot",
    "BuilderBot",
    "Challenge",
    "ChooseOpening",
    "DiscardToDraw",
    "MoveSpecies",
    "Pass",
    "PhyloObservation",
    "PhyloState",
    "PickCard",
    "PlayEvent",
    "PlayInvasive",
    "PlayParasite",
    "PlaySpecies",
    "RandomBot",
    "RemoveCard",
    "Spread",
    "build_actions",
    "load_json",
    "new_game",
]
