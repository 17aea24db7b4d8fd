"""The fast legal list equals the one worked out from scratch, at every decision of many games.

The rules keep what they know about the table between actions (``index.py``: open spaces, the
species able to move, each hand's cards, remembered lists), and a turn's legal list counts its
plays and builds only the one a player picks (``choices.py``). A seeded random player picks by
position in the legal list, so the list must hold exactly the same actions in exactly the same
order as a from-scratch enumeration (``reference.py``), and the cards at risk and the scores
must equal the ones recounted from the table. These games cover every variant: themed, pool and
built decks, the preselected opening hand, call your bluff, small and large grids, short decks,
and the random, builder and attacker bots (events, invasions, parasites, moves and spreads all
happen in them).
"""

from __future__ import annotations

import random

import pytest

from evo_lessons.engine import derive_seed
from evo_lessons.games.phylo import GAME, new_game, reference
from evo_lessons.games.phylo.choices import TurnChoices
from evo_lessons.games.phylo.rules import FIRST_EVENT, PhyloState

VARIANTS = {
    "themed": {},
    "pool": {"decks": "pool"},
    "pool_short_decks": {"decks": "pool", "deck_size": 12},
    "build": {"decks": "build", "deck_size": 12},
    "preselect": {"preselect": True},
    "realism": {"realism": True},
    "realism_pool_preselect": {"realism": True, "decks": "pool", "preselect": True},
    "small_grid": {"rows": 3, "columns": 4},
    "narrow_grid": {"rows": 5, "columns": 6, "decks": "pool", "deck_size": 40},
    "large_grid": {"rows": 15, "columns": 16, "realism": True},
}


def check_every_decision(seed: int, options: dict, bots: list) -> PhyloState:
    """Play a seeded game; at every decision compare the fast answers with the recounted ones."""
    state = new_game(seed=seed, **options)
    for _ in range(20_000):
        if state.is_over:
            return state
        legal = state.legal_actions()
        assert legal == reference.legal_actions(state), (seed, options, len(state.history))
        # what play_game hands a bot: a turn's plays counted and each built when read
        # (choices.py), every one the whole list's own object, in its place
        choices = state.choices()
        assert len(choices) == len(legal), (seed, len(state.history))
        assert all(choices[k] is legal[k] for k in range(len(legal))), (seed, len(state.history))
        if isinstance(choices, TurnChoices):  # a random bot's pick: that fraction of the way
            size = len(legal)
            for fraction in (0.0, 0.4999, 0.5, 0.999999):
                assert choices.pick(fraction) is legal[int(fraction * size)], (seed, fraction)
        if state.phase == "play":
            assert set(state.risk) == reference.unconnected(state), (seed, len(state.history))
            assert state.scores() == reference.scores(state), (seed, len(state.history))
        for p in (0, 1):  # the index's count of each hand
            held = sorted({state.card_of[i] for i in state.hands[p]})
            assert state.index.held[p] == held, (seed, len(state.history))
            bits = state.index.bit
            assert state.index.species[p] == sum(bits[c] for c in held if c < FIRST_EVENT)
            assert state.index.held_events[p] == [c for c in held if c >= FIRST_EVENT]
        bot = bots[state.current_player]
        view = state.observation(state.current_player) if bot.needs_observation else None
        state.apply(bot.choose(view, choices))
    raise AssertionError("a game did not end")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_games_legal_lists_equal_the_from_scratch_ones(variant: str) -> None:
    options = VARIANTS[variant]
    make = GAME.bots["random"]
    long_games = options.get("decks") == "build" or options.get("deck_size") == 40
    games = 60 if long_games or options.get("rows") == 15 else 200
    for i in range(games):
        seed = derive_seed(19, i)
        check_every_decision(seed, options, [make(seed=seed + k) for k in range(2)])


@pytest.mark.parametrize("bot", ["builder", "attacker"])
@pytest.mark.parametrize("variant", ["themed", "pool", "realism_pool_preselect", "small_grid"])
def test_strategy_games_legal_lists_equal_the_from_scratch_ones(bot: str, variant: str) -> None:
    make = GAME.bots[bot]
    for i in range(8):
        seed = derive_seed(20, i)
        check_every_decision(seed, VARIANTS[variant], [make(seed=seed + k) for k in range(2)])


def test_mixed_bots_legal_lists_equal_the_from_scratch_ones() -> None:
    """A random player against a builder: the table fills unevenly, moves and events abound."""
    for i in range(20):
        seed = derive_seed(21, i)
        bots = [GAME.bots["random"](seed=seed), GAME.bots["builder"](seed=seed + 1)]
        check_every_decision(seed, {"decks": "pool"} if i % 2 else {}, bots)


def test_cloned_and_reloaded_states_keep_equal_legal_lists() -> None:
    """A clone forgets what was remembered and a save replays: both give the same lists."""
    make = GAME.bots["random"]
    for i in range(30):
        seed = derive_seed(22, i)
        state = new_game(seed=seed)
        bots = [make(seed=seed + k) for k in range(2)]
        while not state.is_over:
            legal = state.legal_actions()
            if len(state.history) % 7 == 3:
                assert state.clone().legal_actions() == legal
                assert GAME.load_json(state.to_json()).legal_actions() == legal
            state.apply(bots[state.current_player].choose(None, legal))


def test_the_reference_sees_a_change_made_by_hand() -> None:
    """The reference reads only the table: a card laid by hand (then reindexed) shows at once."""
    state = new_game(seed=5)
    while not any(a.__class__.__name__ == "PlaySpecies" for a in state.legal_actions()):
        state.apply(state.legal_actions()[-1])
    play = next(a for a in state.legal_actions() if a.__class__.__name__ == "PlaySpecies")
    space = play.row * state.columns + play.column
    me = state.turn_player
    instance = next(i for i in state.hands[me] if state.card_of[i] == play.card)
    state.hands[me].remove(instance)
    state.top[space] = instance
    state.reindex()
    state._legal = None
    assert play not in reference.legal_actions(state)
    assert state.legal_actions() == reference.legal_actions(state)


def test_secrets_dealt_anew_are_counted_in_the_new_hands() -> None:
    """``shuffle_secrets`` deals the other hand anew: the index counts the hand it now holds."""
    state = new_game(seed=11)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    twin = state.shuffle_secrets(0, random.Random(3))
    for p in (0, 1):
        assert twin.index.held[p] == sorted({twin.card_of[i] for i in twin.hands[p]})
        assert twin.index.held_events[p] == [c for c in twin.index.held[p] if c >= FIRST_EVENT]
    twin._legal = None
    assert twin.legal_actions() == reference.legal_actions(twin)
