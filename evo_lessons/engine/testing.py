"""``check_game``: the conformance suite every game's tests run (after pyspiel and PettingZoo).

It checks the game's declaration (its spec: options, bots, metrics, view, renderer, credit),
then plays seeded random games and checks the contract of DESIGN.md at every step: games end,
live states have legal actions, illegal and forged actions raise and change nothing, clones are
equal and independent, saves round-trip and damaged saves and scenario codes are rejected with a
ValueError, the same seed gives the same game, observations, metrics and views are JSON-safe and
built from the seat's observation alone, secrets dealt anew never change another seat's view,
and bots are handed exactly their seat's observation.
"""

from __future__ import annotations

import copy
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
from .fuzzing import check_forged_actions, check_hostile_saves
from .spec import GameSpec
from .state import ENVELOPE, GameState


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


def check_observation_envelope(state: GameState) -> None:
    """Every observation starts with the same keys, and refuses a seat that does not exist."""
    for seat in [None, *range(state.num_players)]:
        view = state.observation(seat)
        assert tuple(view)[: len(ENVELOPE)] == ENVELOPE, "observations share one envelope"
        assert view["seat"] == seat and view["game"] == state.spec.name
        json.dumps(view)
    for bad in (-1, state.num_players, True, 1.0, "0"):
        try:
            state.observation(bad)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise AssertionError(f"observation({bad!r}) should be refused")


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


def check_spec(spec: GameSpec) -> None:
    """The declaration itself: names, options that refuse bad values, bots, renderer, credit."""
    assert spec.name and spec.title and spec.summary, "a game needs a name, title and summary"
    assert spec.state.spec is spec, "the state class must know its spec"
    assert spec.state.action_types, "the state must declare its action types"
    state = spec.new_game(seed=1)
    assert state.options == spec.defaults(), "the defaults must be the options a game gets"
    for option in spec.options:
        bad: list[Any] = ["seven", 2.5, [], {}]
        if option.kind is int:
            bad += [option.low - 1, option.high + 1, True, float(option.default or 1)]
        if not option.allow_none:
            bad.append(None)
        for value in bad:
            if option.kind is bool and value is True:
                continue
            try:
                spec.new_game(seed=1, **{option.name: value})
            except ValueError as error:
                assert option.name in str(error) or option.out_of_range, (
                    f"the error for {option.name}={value!r} must name the option: {error}"
                )
            else:
                raise AssertionError(f"option {option.name}={value!r} was accepted")
        assert option.describe()
    for bad_call in ({"no_such_option": 1}, {"seed": "x"}):
        try:
            spec.new_game(**bad_call)
        except ValueError:
            pass
        else:
            raise AssertionError(f"new_game({bad_call}) was accepted")
    for name in spec.bots:
        bot = spec.make_bot(name, seed=3)
        assert isinstance(bot.name, str) and isinstance(bot.needs_observation, bool)
        assert callable(bot.choose)
    renderer = spec.renderer.read_text(encoding="utf-8")
    assert f'registerRenderer("{spec.name}"' in renderer, "the renderer must register its name"
    assert spec.credit.game and spec.credit.authors and spec.credit.licence and spec.credit.line()


def check_metrics(spec: GameSpec, state: GameState) -> None:
    """metrics() rows hold exactly the declared metrics, the player and the x axis."""
    rows = state.metrics()
    assert len(rows) == state.num_players, "one metrics row per player"
    declared = {m.name for m in spec.metrics}
    for player, row in enumerate(rows):
        assert row["player"] == player
        keys = set(row) - {"player", spec.x_axis}
        assert keys == declared, f"metrics must be the declared ones: {sorted(keys ^ declared)}"
        for metric in spec.metrics:
            value = row[metric.name]
            if value is not None:
                kinds = (int, float) if metric.kind is float else (metric.kind,)
                assert isinstance(value, kinds), f"{metric.name} should be {metric.kind.__name__}"
    for metric in spec.metrics:
        if not metric.per_player:
            assert len({repr(r[metric.name]) for r in rows}) == 1, f"{metric.name} is shared"
    json.dumps(rows)


class _ObservationOnly:
    """Stands in for a state when a view is drawn: it offers one seat's observation only."""

    def __init__(self, state: GameState, seat: int | None) -> None:
        self._observation = state.observation(seat)
        self._seat = seat

    def observation(self, player: int | None = None) -> dict[str, Any]:
        assert player == self._seat, "a seat's view may read only that seat's observation"
        return copy.deepcopy(self._observation)


def check_views(spec: GameSpec, state: GameState, rng: random.Random) -> None:
    """Views are JSON-safe, built from the seat's observation alone, and leak no secret."""
    view = spec.view
    seats: list[int | None] = [None, *range(state.num_players)]
    drawn = {}
    for seat in seats:
        model = view.view_model(state, seat)
        json.dumps(model)
        words = view.describe(state, seat)
        assert isinstance(words, str) and words.strip(), "describe() must say something"
        stub = _ObservationOnly(state, seat)
        try:
            assert view.view_model(stub, seat) == model
            assert view.describe(stub, seat) == words
        except AttributeError as error:
            raise AssertionError(
                f"the view reads more than the seat's observation ({error})"
            ) from None
        drawn[seat] = (state.observation(seat), model, words)
    for action in state.legal_actions():
        target = view.action_target(action)
        assert target is None or isinstance(target, str)
    if not spec.hidden_information:
        return
    for seat in seats:
        other = state.shuffle_secrets(seat, random.Random(rng.random()))
        assert other.observation(seat) == drawn[seat][0], (
            f"dealing the secrets anew changed what seat {seat} observes: a secret leaks"
        )
        assert view.view_model(other, seat) == drawn[seat][1], f"seat {seat}'s view leaks"
        assert view.describe(other, seat) == drawn[seat][2], f"seat {seat}'s words leak"


def check_game(
    game: GameSpec,
    *,
    games: int = 20,
    seed: int = 0,
    options: list[dict[str, Any]] | None = None,
    max_actions: int = 20_000,
    fuzz: int = 200,
) -> int:
    """Run the conformance suite on a game's spec; return how many states were checked.

    ``fuzz`` is how many damaged saves (and half as many damaged scenario codes) are tried on
    each of two saved games; forged actions are tried on every sampled state.
    """
    check_spec(game)
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
        check_observation_envelope(state)
        check_metrics(game, state)
        check_views(game, state, rng)
        for mid in sample[:6]:
            legal = mid.legal_actions()
            check_action_json(legal, dict(mid.action_types))
            check_illegal_changes_nothing(mid, foreign)
            check_clone(mid)
            check_metrics(game, mid)
            check_views(game, mid, rng)
            if number < 3:
                check_forged_actions(mid)
            foreign.extend(legal[:3])
            checked += 1
        if sample:
            check_save(sample[rng.randrange(len(sample))], game.load_json)
        check_save(state, game.load_json)
        if number < 2 and fuzz:
            check_hostile_saves(game.load_json, state.to_json(), rng, fuzz)
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
