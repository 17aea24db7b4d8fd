"""``check_game``: the conformance suite every game's tests run (after pyspiel and PettingZoo).

It checks the game's declaration (its spec: options, bots, metrics, view, renderer, credit),
then plays seeded games (random choices, or one of the game's bots in every seat) and checks the
contract at every sampled step: games end, live states have legal actions, illegal and forged
actions raise and change nothing, clones are equal and independent, saves round-trip and
damaged saves and scenario codes are rejected with a ValueError, the same seed gives the same
game, observations, metrics and views are JSON-safe, and bots are handed exactly their seat's
observation.

Hidden information gets two checks of its own, which the tests of every registered game also
run on states met in play (tests/engine/test_every_game.py):

- :func:`check_view_reads_only_the_observation`: each view function takes the seat's
  observation, its only argument, and gives the same page from a fresh copy of it without
  changing it; every observation holds exactly the keys its declared type lists
  (:func:`check_observation_keys`). Nothing else can reach the page.
- :func:`check_view_secrets`: for every seat, two states that differ only in what that seat may
  not see (``shuffle_secrets``) show it the same page: observation, view model, description,
  metric rows (the plot's panels and table) and, on its turn, its buttons and click targets.

docs/writing_a_game.md explains the contract these checks hold a game to.
"""

# i18n: developer-only: the conformance suite; a game author or a failing test reads it

from __future__ import annotations

import copy
import difflib
import json
import os
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .actions import Action, IllegalAction, action_from_json
from .bots import RandomBot, play_game, wants_observation
from .events import Event
from .fuzzing import check_forged_actions, check_hostile_saves
from .observation import ENVELOPE, declared_keys
from .spec import GameSpec
from .state import MAX_ATTRIBUTES, GameState


class _NotAnAction:
    def __str__(self) -> str:
        return "not an action"


def _random_playout(
    state: GameState, rng: random.Random, max_actions: int, bots: list[Any] | None = None
) -> list[GameState]:
    """Play randomly (or with ``bots``, one a seat), returning a sample of the states passed
    through (for deeper checks)."""
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
        # what a bot is handed (a list, or the game's own Choices) holds the same objects
        choices = state.choices()
        assert len(choices) == len(legal), "choices() and legal_actions() differ in length"
        assert all(choices[k] is legal[k] for k in range(len(legal))), (
            "choices() and legal_actions() differ"
        )
        if bots is None:
            action = legal[rng.randrange(len(legal))]
        else:
            bot = bots[player]
            # as play_game hands it: a bot that says it decides this one without looking gets
            # None (and fails here if it looks after all)
            seen = state.observation(player) if wants_observation(bot, legal) else None
            action = bot.choose(seen, legal)
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
        check_observation_keys(state.spec, view)
    for bad in (-1, state.num_players, True, 1.0, "0"):
        try:
            state.observation(bad)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise AssertionError(f"observation({bad!r}) should be refused")


def check_observation_keys(spec: GameSpec, observation: Mapping[str, Any]) -> None:
    """An observation holds exactly the keys its game's declared type lists: every required
    key, and none the type does not name (the run-time half of the type; mypy checks the rest,
    the values' types, in the game's rules, view and bots)."""
    assert spec.observation is not None, (
        f"{spec.name}: declare the observation's type (a TypedDict extending "
        "engine.Observation, in the game's observation.py) as GameSpec(observation=...)"
    )
    required, allowed = declared_keys(spec.observation)
    missing, extra = required - set(observation), set(observation) - allowed
    assert not missing, (
        f"the observation lacks {sorted(missing)}, which its type requires (a NotRequired key "
        "reads as required when observation.py has `from __future__ import annotations`)"
    )
    assert not extra, f"the observation holds {sorted(extra)}, which its type does not declare"


def check_attribute_count(state: GameState) -> None:
    """The state keeps at most ``MAX_ATTRIBUTES`` in its ``__dict__``: past that, CPython reads
    every attribute and calls every method of its rules the slow way (engine/state.py)."""
    count = len(vars(state))
    assert count <= MAX_ATTRIBUTES, (
        f"{type(state).__name__} keeps {count} attributes in its __dict__; at most "
        f"{MAX_ATTRIBUTES} keep CPython's attribute reads fast: declare the rest in __slots__ "
        "on the state class (see MAX_ATTRIBUTES in engine/state.py)"
    )


def check_options_tables(first: GameState, last: GameState, other_seed: GameState) -> None:
    """What a state declares as worked out from its options alone (``FROM_OPTIONS``, left out
    of its fingerprint) is the same at the end of a game as at its start, and in a game of
    another seed with the same options."""
    for name in type(last).FROM_OPTIONS:
        value = repr(getattr(last, name))
        assert value == repr(getattr(first, name)), f"{name} changed during the game"
        assert value == repr(getattr(other_seed, name)), f"{name} depends on more than options"


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

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
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
            assert option.low is not None and option.high is not None
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
                if metric.words is not None:
                    assert metric.kind is str and isinstance(value, str), "words name a label"
                    word = metric.words(value)
                    assert isinstance(word, str) and word.strip(), f"{metric.name}: no words"
    for metric in spec.metrics:
        if not metric.per_player:
            assert len({repr(r[metric.name]) for r in rows}) == 1, f"{metric.name} is shared"
    json.dumps(rows)


def _seats(state: GameState) -> list[int | None]:
    """Every seat's view, and the public one (None: a projector, a spectator)."""
    return [None, *range(state.num_players)]


def check_view_reads_only_the_observation(spec: GameSpec, state: GameState) -> None:
    """The view is a function of the seat's observation, its only argument, and nothing else:
    handed a fresh copy of the observation's data it gives the same page, and it leaves the
    observation it is given as it was (the widget hands one observation to both functions).

    A view cannot reach the state (it is never given it); what it could still do is keep
    something between calls or change its argument, which this catches."""
    view = spec.view
    for seat in _seats(state):
        observation = state.observation(seat)
        check_observation_keys(spec, observation)
        kept = copy.deepcopy(observation)
        model, words = view.view_model(observation), view.describe(observation)
        assert observation == kept, f"seat {seat}'s view changed the observation it was given"
        assert view.view_model(copy.deepcopy(kept)) == model, (
            f"seat {seat}'s view model differs when drawn again from the same observation"
        )
        assert view.describe(copy.deepcopy(kept)) == words, (
            f"seat {seat}'s description differs when written again from the same observation"
        )


def _what_seat_sees(spec: GameSpec, state: GameState, seat: int | None) -> dict[str, Any]:
    """Everything of a game that reaches ``seat``'s page: the observation, the board's view
    model and its description, the metric rows (the live plot's panels and its table are
    drawn from them, for every seat alike) and, on that seat's turn, its buttons and the board
    elements they make clickable."""
    view = spec.view
    observation = state.observation(seat)
    seen: dict[str, Any] = {
        "observation": observation,
        "view model": view.view_model(copy.deepcopy(observation)),
        "description": view.describe(copy.deepcopy(observation)),
        "metric rows (plot panels and table)": state.metrics(),
    }
    if seat is not None and seat == state.current_player:
        seen["buttons and click targets"] = [
            (str(action), view.action_target(action)) for action in state.legal_actions()
        ]
    return seen


def check_view_secrets(spec: GameSpec, state: GameState, rng: random.Random) -> None:
    """Two states that differ only in what a seat may not see look the same from that seat.

    For every seat (and the public view), ``state.shuffle_secrets(seat, rng)`` deals everything
    hidden from that seat anew: other hands, the deck's order, secret choices, the generator.
    What reaches the seat's page (see ``_what_seat_sees``) must not change. The twin is only
    looked at, never played: a game's twin need not be a state that play could reach.
    """
    if not spec.hidden_information:
        return
    for seat in _seats(state):
        before = _what_seat_sees(spec, state, seat)
        twin = state.shuffle_secrets(seat, random.Random(rng.random()))
        assert twin is not state, "shuffle_secrets must return a copy"
        # the twin's legal actions are worked out afresh from its own secrets, not copied
        twin._legal = None
        after = _what_seat_sees(spec, twin, seat)
        for part, value in before.items():
            assert after[part] == value, (
                f"dealing the secrets anew changed seat {seat}'s {part}: a secret leaks"
            )


def check_views(spec: GameSpec, state: GameState, rng: random.Random) -> None:
    """Views are JSON-safe, built from the seat's observation alone, and leak no secret."""
    view = spec.view
    for seat in _seats(state):
        observation = state.observation(seat)
        json.dumps(view.view_model(observation))
        words = view.describe(observation)
        assert isinstance(words, str) and words.strip(), "describe() must say something"
    for action in state.legal_actions():
        target = view.action_target(action)
        assert target is None or isinstance(target, str)
    check_view_reads_only_the_observation(spec, state)
    check_view_secrets(spec, state, rng)


def edge_variants(spec: GameSpec) -> list[dict[str, Any]]:
    """The defaults, then each option alone at every edge it declares: a whole number at its
    lowest and highest, a switch turned the other way, each other word of a choice.

    A game may refuse an edge alone (Adapt or Die allows 6 habitats each only when everyone
    has the same habitats): a variant ``new_game`` refuses with a ValueError is left out, as the
    rules' own combination. A new game gets these variants from its spec with no test code; its
    own tests add the combinations its rules care about.
    """
    variants: list[dict[str, Any]] = [{}]
    for option in spec.options:
        values: list[Any]
        if option.kind is int:
            values = [option.low, option.high]
        elif option.kind is bool:
            values = [not option.default]
        else:
            values = list(option.choices)
        for value in dict.fromkeys(values):
            if value == option.default:
                continue
            try:
                spec.new_game(seed=0, **{option.name: value})
            except ValueError:
                continue
            variants.append({option.name: value})
    return variants


def check_game(
    game: GameSpec,
    *,
    games: int = 20,
    seed: int = 0,
    options: list[dict[str, Any]] | None = None,
    max_actions: int = 20_000,
    fuzz: int = 200,
    bot: str | None = None,
) -> int:
    """Run the conformance suite on a game's spec; return how many states were checked.

    ``fuzz`` is how many damaged saves (and half as many damaged scenario codes) are tried on
    each of two saved games; forged actions are tried on every sampled state. ``bot`` names
    one of the game's bots to play every seat instead of uniform random choices: the states a
    sensible game passes through, and a short game where random play takes thousands of moves.
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
        players = None
        if bot is not None:
            players = [
                game.make_bot(bot, game_seed * 16 + seat) for seat in range(state.num_players)
            ]
        sample = _random_playout(state, random.Random(game_seed), max_actions, players)
        assert state.is_over and state.current_player is None
        assert state.legal_actions() == []
        assert state.winners, "a finished game names its winners"
        assert all(0 <= w < state.num_players for w in state.winners)
        # same seed, same decisions: the same game
        again = game.new_game(seed=game_seed, **opts)
        for action in state.history:
            again.apply(action)
        assert again == state, "replaying the same actions must give the same state"
        check_attribute_count(fresh)
        check_attribute_count(state)
        check_options_tables(fresh, state, game.new_game(seed=game_seed + 1, **opts))
        check_observation_envelope(state)
        check_metrics(game, state)
        check_views(game, state, rng)
        for mid in sample[:6]:
            legal = mid.legal_actions()
            check_action_json(legal, dict(mid.action_types))
            check_illegal_changes_nothing(mid, foreign)
            check_attribute_count(mid)
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
