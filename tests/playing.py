"""Playing games in the games' tests: part way at random (the same for the same seed), by bots
(every decision kept), replayed to a point of its history, made to refuse actions that are not
legal, with dice that roll what a test scripts. Every game's tests had their own copy of each;
one copy keeps them the same (the same seed still gives the same game a test was written for).
"""

from __future__ import annotations

import random
from typing import TypeVar

from evo_lessons.engine import GameState, IllegalAction

State = TypeVar("State", bound=GameState)


def random_moves(state: State, moves: int, seed: int) -> State:
    """``state`` after ``moves`` legal actions chosen by ``random.Random(seed)`` (fewer if the
    game ends first): a game part way through, for a test that needs one."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def decisions(state: State, bots: list) -> list[tuple[State, int]]:
    """Every (state, seat) at which a decision was taken as ``bots`` (one a seat) play ``state``
    to its end: a copy of the state as the bot saw it, for a test to ask the bot again."""
    seen = []
    while not state.is_over:
        seat = state.current_player
        seen.append((state.clone(), seat))
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return seen


def replayed(state: State, at: int) -> State:
    """A new game of ``state``'s seed and options with the first of its actions replayed: ``at``
    of them, wrapped round the history's length (a drawn number gives any point, 0 to all)."""
    partial = state.spec.new_game(seed=state.seed, **state.options)
    for action in state.history[: at % (len(state.history) + 1)]:
        partial.apply(action)
    return partial


def assert_refused(state: GameState, impostors: list) -> None:
    """Each impostor (an action that is not legal here) raises IllegalAction naming the legal
    ones, and leaves the state as it was."""
    before = state.fingerprint()
    legal = state.legal_actions()
    for bad in impostors:
        try:
            state.apply(bad)
        except IllegalAction as error:
            assert state.fingerprint() == before
            if legal:
                assert str(legal[0]) in str(error)
        else:
            raise AssertionError(f"{bad} was accepted")


class LoadedDice(random.Random):
    """A seeded generator that returns scripted values first (die faces, random picks).

    ``getrandbits`` is defined so that ``random.Random`` keeps using it for shuffles: a shuffle
    stays seeded chance and never eats the script.
    """

    def __init__(self, script, seed: int = 1) -> None:
        super().__init__(seed)
        self.script = list(script)

    def random(self) -> float:
        return self.script.pop(0) if self.script else super().random()

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k)
