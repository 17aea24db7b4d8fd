"""``check_game``: the conformance suite every game's tests run (after pyspiel and PettingZoo).

It plays seeded random games and checks the contract of DESIGN.md at every step: games end,
live states have legal actions, illegal actions raise and change nothing, clones are equal and
independent, saves round-trip and tampered saves are rejected, the same seed gives the same game,
observations are JSON-safe, and bots are handed exactly their seat's observation.
"""

from __future__ import annotations

import difflib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .actions import Action, IllegalAction, action_from_json
from .bots import RandomBot, play_game
from .events import Event
from .spec import GameSpec
from .state import GameState


class _NotAnAction:
    def __str__(self) -> str:
        return "not an action"


def _random_playout(state: GameState, rng: random.Random, max_actions: int) -> list[GameState]:
    """Play randomly, returning a sample of the states passed through (for deeper checks)."""
    sample: list[GameState] = []
    for step in range(max_actions):
        if state.is_over:
            return sample
        player = state.current_player
        assert isinstance(player, int) and 0 <= player < state.num_players, (
            f"current_player {player!r} is not a seat"
        )
        legal = state.legal_actions()
        assert legal, "a live state must have at least one legal action"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        for action in legal:
            assert isinstance(action, Action)
            assert str(action), "every action needs a plain-English label"
        action = legal[rng.randrange(len(legal))]
        if step % 7 == 0:
            sample.append(state.clone())
        events = state.apply(action)
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
        assert all(e.text for e in events), "every event needs a sentence for the log"
    raise AssertionError(f"random playout did not end within {max_actions} actions")


def check_illegal_changes_nothing(state: GameState, foreign: list[Action]) -> None:
    legal = state.legal_actions()
    before = state.fingerprint()
    candidates: list[Any] = [a for a in foreign if a not in legal][:5]
    candidates.append(_NotAnAction())
    for bad in candidates:
        try:
            state.apply(bad)
        except IllegalAction as error:
            assert state.fingerprint() == before, f"illegal {bad} changed the state"
            if legal:
                assert str(legal[0]) in str(error), "IllegalAction must name the legal actions"
        else:
            raise AssertionError(f"{bad} was accepted although it is not legal")


def check_clone(state: GameState) -> None:
    twin = state.clone()
    assert twin == state, "a clone must equal its original"
    if not state.is_over:
        before = state.fingerprint()
        twin.apply(twin.legal_actions()[0])
        assert state.fingerprint() == before, "changing a clone changed the original"


def check_save(state: GameState, load_json: Callable[[str], GameState]) -> None:
    text = state.to_json()
    loaded = load_json(text)
    assert loaded == state, "a loaded save must equal the state that was saved"
    data = json.loads(text)
    broken = [
        text[: len(text) // 2],
        "[]",
        json.dumps({**data, "game": "chess"}),
        json.dumps({**data, "seed": "seven"}),
        json.dumps({**data, "extra": 1}),
        json.dumps({**data, "actions": [*data["actions"], {"type": "Nonsense"}]}),
    ]
    if data["actions"]:
        first = dict(data["actions"][0])
        first["unexpected"] = 3
        broken.append(json.dumps({**data, "actions": [first, *data["actions"][1:]]}))
    for bad in broken:
        try:
            load_json(bad)
        except ValueError:
            continue
        raise AssertionError(f"a corrupted save was accepted: {bad[:120]}")


def check_action_json(actions: list[Action], types: dict[str, type[Action]]) -> None:
    for action in actions:
        data = json.loads(json.dumps(action.to_json()))
        assert action_from_json(data, types) == action, f"{action} does not round-trip"


class _SpyBot(RandomBot):
    """A random bot that checks it is handed exactly its seat's observation."""

    needs_observation = True

    def __init__(self, state_ref: list[GameState], seed: int) -> None:
        super().__init__(seed)
        self.state_ref = state_ref

    def choose(self, observation, legal_actions):
        state = self.state_ref[0]
        expected = state.observation(state.current_player)
        assert observation == expected, "a bot must be handed its seat's observation"
        json.dumps(observation)
        return super().choose(observation, legal_actions)


def check_game(
    game: GameSpec,
    *,
    games: int = 20,
    seed: int = 0,
    options: list[dict[str, Any]] | None = None,
    max_actions: int = 20_000,
) -> int:
    """Run the conformance suite on a game's spec; return how many states were checked."""
    variants = options or [{}]
    rng = random.Random(seed)
    checked = 0
    foreign: list[Action] = []
    for number in range(games):
        opts = variants[number % len(variants)]
        game_seed = seed * 1000 + number
        state = game.new_game(seed=game_seed, **opts)
        fresh = game.new_game(seed=game_seed, **opts)
        assert state == fresh, "the same seed must give the same start"
        sample = _random_playout(state, random.Random(game_seed), max_actions)
        assert state.is_over and state.current_player is None
        assert state.legal_actions() == []
        assert state.winners, "a finished game names its winners"
        assert all(0 <= w < state.num_players for w in state.winners)
        # same seed, same decisions: the same game
        again = game.new_game(seed=game_seed, **opts)
        for action in state.history:
            again.apply(action)
        assert again == state, "replaying the same actions must give the same state"
        json.dumps(state.observation(None))
        for player in range(state.num_players):
            json.dumps(state.observation(player))
        assert len(state.metrics()) == state.num_players
        json.dumps(state.metrics())
        for mid in sample[:6]:
            legal = mid.legal_actions()
            check_action_json(legal, dict(mid.action_types))
            check_illegal_changes_nothing(mid, foreign)
            check_clone(mid)
            foreign.extend(legal[:3])
            checked += 1
        if sample:
            check_save(sample[rng.randrange(len(sample))], game.load_json)
        check_save(state, game.load_json)
        checked += 1
    # bots get exactly their observation
    state = game.new_game(seed=seed, **variants[0])
    ref = [state]
    spies = [_SpyBot(ref, seed + seat) for seat in range(state.num_players)]
    play_game(state, spies, max_actions=max_actions)
    assert state.is_over
    return checked


def check_golden(log: str, golden: Path, regenerate: str) -> None:
    """Compare a playthrough's log with its golden file (``EVO_REGOLD=1`` rewrites the file).

    A golden playthrough is a seeded game kept as text: any change to the rules, the bots, the
    data or the wording of the log shows up as a readable diff in review.
    """
    if os.environ.get("EVO_REGOLD") == "1":
        golden.write_text(log, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(
        list(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                log.splitlines(keepends=True),
                f"golden/{golden.name}",
                "this run",
            )
        )[:60]
    )
    assert log == expected, (
        f"The playthrough in {golden.name} changed. If the change is intended, regenerate the "
        f"golden file with\n    {regenerate}\nand review it in the git diff.\n{diff}"
    )
