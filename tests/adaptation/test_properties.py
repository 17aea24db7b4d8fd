"""Properties that hold in every game, checked by hypothesis over thousands of seeded games."""

from __future__ import annotations

import random

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.engine import IllegalAction
from evo_lessons.games.adaptation import (
    CHALLENGES,
    ChooseChallenge,
    KeepCard,
    SwapCard,
    load_json,
    new_game,
)
from evo_lessons.games.adaptation.rules import DECK_SIZE

games = st.fixed_dictionaries(
    {
        "seed": st.integers(min_value=0, max_value=2**40),
        "players": st.integers(min_value=2, max_value=8),
        "tokens": st.sampled_from([3, 3, 3, 4, 6]),
        "moves": st.integers(min_value=0, max_value=2**31),
    }
)
EVERY_ACTION = [KeepCard(), SwapCard(), *(ChooseChallenge(c) for c in CHALLENGES)]


def _cards_accounted_for(state) -> bool:
    held = [c for c in state.hands if c >= 0]
    return sorted([*state.draw_pile, *state.discard_pile, *held]) == list(range(DECK_SIZE))


def _play(spec, check_step=None):
    state = new_game(players=spec["players"], seed=spec["seed"], tokens=spec["tokens"])
    rng = random.Random(spec["moves"])
    bound = 1 + spec["players"] * spec["tokens"]
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if check_step is not None:
            check_step(state, action)
        state.apply(action)
        steps += 1
        assert steps <= bound * (spec["players"] + 1), "the game must end"
    return state


@settings(max_examples=examples(2000), deadline=None)
@given(games)
def test_invariants_hold_at_every_step_of_every_game(spec):
    tokens_before = []

    def check(state, action):
        assert _cards_accounted_for(state)
        if tokens_before:
            assert all(a >= b for a, b in zip(tokens_before[-1], state.tokens, strict=True))
        assert all(t >= 0 for t in state.tokens)
        tokens_before.append(list(state.tokens))
        # only active players decide, and exactly the dealer takes the first two decisions
        assert state.tokens[state.current_player] > 0
        if state.phase in (0, 1):
            assert state.current_player == state.dealer

    state = _play(spec, check)
    assert _cards_accounted_for(state)
    assert state.is_over and state.winners
    assert len(state.rounds) <= 1 + spec["players"] * spec["tokens"]
    # every round after round one costs at least one token; round one costs none
    assert sum(state.rounds[0]["tokens"]) == spec["players"] * spec["tokens"]
    for before, after in zip(state.rounds, state.rounds[1:], strict=False):
        assert sum(after["tokens"]) <= sum(before["tokens"]) - 1
        assert len(after["defeated"]) >= 1
    # the winners: the last with tokens, or all who went extinct together in the last round
    alive = [s for s, t in enumerate(state.tokens) if t > 0]
    if alive:
        assert state.winners == alive and len(alive) == 1
    else:
        last = state.rounds[-1]
        assert state.winners == sorted(last["extinct"])
        assert len(state.winners) >= 2  # a lone survivor would have ended the game earlier


@settings(max_examples=examples(400), deadline=None)
@given(games, st.floats(min_value=0.0, max_value=1.0))
def test_replay_and_save_load_are_exact(spec, where):
    full = _play(spec)
    cut = int(len(full.history) * where)
    state = new_game(players=spec["players"], seed=spec["seed"], tokens=spec["tokens"])
    for action in full.history[:cut]:
        state.apply(action)
    loaded = load_json(state.to_json())
    assert loaded == state
    assert loaded.observation(None) == state.observation(None)
    assert loaded.rng.getstate() == state.rng.getstate()
    # the same seed and the same decisions give the same game
    rebuilt = new_game(seed=full.seed, **full.options)
    for action in full.history:
        rebuilt.apply(action)
    assert rebuilt == full and rebuilt.rounds == full.rounds and rebuilt.winners == full.winners


@settings(max_examples=examples(400), deadline=None)
@given(games)
def test_illegal_actions_raise_and_change_nothing(spec):
    tried = 0

    def check(state, action):
        nonlocal tried
        legal = state.legal_actions()
        before, moves, player = state.fingerprint(), len(state.history), state.current_player
        for bad in [*EVERY_ACTION, ChooseChallenge("size"), "keep", None]:
            if bad in legal:
                continue
            try:
                state.apply(bad)
            except IllegalAction as error:
                assert str(legal[0]) in str(error)
                tried += 1
            else:
                raise AssertionError(f"{bad!r} was accepted")
            assert (len(state.history), state.current_player) == (moves, player), bad
        # the whole state, once all of them were refused (a change by any one would show)
        assert state.fingerprint() == before

    state = _play(spec, check)
    for bad in EVERY_ACTION:
        try:
            state.apply(bad)
        except IllegalAction:
            continue
        raise AssertionError("a finished game accepted an action")
    assert tried > 0
