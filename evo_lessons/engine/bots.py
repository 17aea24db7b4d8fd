"""Bots: seeded players that see only what their seat may see.

A bot gets ``observation(player)`` and the list of legal actions, never the state itself, so a
bot cannot cheat by reading hidden cards (the conformance suite checks this). A bot that does
not need the observation says so with ``needs_observation = False`` and simulations skip
building it: that is most of the speed of random playouts. A bot that needs it for some
decisions only (Adapt or Die's fitter ends its turn without looking: a third of its decisions)
may also define ``needs_observation_for(legal_actions) -> bool``: the observation is then built
only when it answers True, and ``None`` handed otherwise (``wants_observation``, the one rule
for every place that hands a bot its observation; the conformance suite plays such bots this
way too, so one that reads what it said it would not is caught).
"""

# i18n: developer-only: the bots' protocol; its errors are a Python programmer's (a wrong seat, a
# wrong number of bots)

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from .actions import Action
from .events import Event
from .observation import Observation
from .state import GameState


@runtime_checkable
class Bot(Protocol):
    """Anything with a name and a ``choose`` method is a bot."""

    name: str
    needs_observation: bool

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """Pick one of ``legal_actions`` (a list, or a game's read-only ``Choices``).

        ``observation`` is the seat's, of the game's declared observation type (each bot
        annotates it so; ``Any`` here lets one protocol cover every game), or None for a bot
        that does not look."""


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every strategy must beat."""

    name = "random"
    needs_observation = False

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        if type(legal_actions) is list:
            return legal_actions[int(self.rng.random() * len(legal_actions))]  # type: ignore[no-any-return]
        # a game's Choices: one call, not two (not narrowed by the type() test, kept for speed)
        return legal_actions.pick(self.rng.random())  # type: ignore[attr-defined,no-any-return]


def own_seat(observation: Observation) -> int:
    """The seat a bot plays: a bot is handed its own seat's observation, never the public one."""
    seat = observation["seat"]
    if seat is None:
        raise ValueError("a bot is handed its own seat's observation, not the public view")
    return seat


def wants_observation(bot: Bot, legal_actions: Sequence[Action]) -> bool:
    """Whether ``bot`` is handed its observation for this decision (else ``None``): its
    ``needs_observation``, then its ``needs_observation_for(legal_actions)`` if it has one
    (``None`` there: it looks at every decision)."""
    looks = getattr(bot, "needs_observation_for", None)
    return bool(bot.needs_observation) and (looks is None or looks(legal_actions))


BotFactory = Callable[..., Bot]

StepHook = Callable[[GameState, Action, list[Event]], None]


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_actions: int = 100_000,
    on_step: StepHook | None = None,
) -> GameState:
    """Let ``bots[i]`` play seat ``i`` until the game ends (or ``max_actions`` is reached)."""
    if len(bots) != state.num_players:
        raise ValueError(f"need {state.num_players} bots, one a seat; got {len(bots)}")
    # wants_observation, its first half read once (a bot does not change): True, False, or
    # the bot's needs_observation_for, asked at each decision
    watching = [
        bot.needs_observation and (getattr(bot, "needs_observation_for", None) or True)
        for bot in bots
    ]
    for _ in range(max_actions):
        player = state.current_player
        if player is None:
            break
        bot = bots[player]
        # state.choices(), inlined: the game goes on (player is not None), so its legal actions
        # are the game's own, worked out once per state; a list is handed out as a fresh copy
        legal = state._legal
        if legal is None:
            legal = state._legal = state._legal_actions()
        if type(legal) is list:
            legal = list(legal)
        watch = watching[player]
        sees = watch is True or (watch and watch(legal))
        action = bot.choose(state.observation(player) if sees else None, legal)
        events = state.apply(action)
        if on_step is not None:
            on_step(state, action, events)
    return state
