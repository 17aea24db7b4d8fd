"""Adaptation: survive challenges chosen by a dealer who changes the environment each round.

>>> from evo_lessons.games import adaptation
>>> state = adaptation.new_game(players=4, seed=1)
>>> state.current_player == state.dealer
True
"""

# i18n: developer-only: the game's declaration: what a student sees of it (its title, its metrics'
# labels) is marked with N_() and translated where it is shown; its summary, options' help and
# option errors are a Python programmer's (help(), players=9), and its credit is the authors' own
# words

from pathlib import Path

from evo_lessons.engine import Credit, GameSpec, Metric, Option
from evo_lessons.i18n import N_

from .actions import ACTION_TYPES, ChooseChallenge, KeepCard, SwapCard
from .bots import BOTS, KeeperBot, MemoryBot, RandomBot
from .data import CARDS, CHALLENGES, Card
from .observation import AdaptationObservation
from .rules import (
    DEFAULT_TOKENS,
    MAX_PLAYERS,
    MAX_TOKENS,
    MIN_PLAYERS,
    AdaptationState,
    next_dealer,
)
from .view import VIEW
from .words import challenge_word

GAME = GameSpec(
    name="adaptation",
    title=N_("Adaptation: survive the challenge"),
    summary="Fitness is relative, and the environment changes.",
    state=AdaptationState,
    options=(
        Option("players", 4, "how many players", low=MIN_PLAYERS, high=MAX_PLAYERS),
        Option(
            "tokens",
            DEFAULT_TOKENS,
            "survival tokens each player starts with (R7)",
            low=DEFAULT_TOKENS,
            high=MAX_TOKENS,
        ),
    ),
    bots=BOTS,
    helper_bot="memory",
    metrics=(
        Metric("tokens", N_("Survival tokens")),
        Metric("number", N_("Number score of the card shown")),
        Metric("shape", N_("Shape score of the card shown")),
        Metric("colour", N_("Colour score of the card shown")),
        Metric("swapped", N_("Swapped this round (1 = yes)")),
        Metric("defeated", N_("Defeated this round (1 = yes)")),
        Metric("dealer", N_("Dealt this round (1 = yes)")),
        Metric("challenge", N_("Challenge (1 number, 2 shape, 3 colour)"), per_player=False),
        Metric("challenge_name", N_("Challenge"), per_player=False, kind=str, words=challenge_word),
    ),
    view=VIEW,
    observation=AdaptationObservation,
    renderer=Path(__file__).with_name("renderer.js"),
    credit=Credit(
        game="Adaptation, a card game of bluffing and memory",
        authors="its authors (rules as published)",
        licence="rules as published",
        use="rules, with our own card designs and words",
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
    "GAME",
    "AdaptationObservation",
    "AdaptationState",
    "Card",
    "ChooseChallenge",
    "KeepCard",
    "KeeperBot",
    "MemoryBot",
    "RandomBot",
    "SwapCard",
    "load_json",
    "new_game",
    "next_dealer",
]
