"""Properties that hold in every Phylo game, checked over thousands of seeded random games.

Hypothesis draws a seed and the variant options; a seeded random player plays the game to the
end, and the property is checked after every action (or at every removal step).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from evo_lessons.engine.testing import check_illegal_changes_nothing
from evo_lessons.games.phylo import load_json, new_game
from evo_lessons.games.phylo.index import TableIndex
from evo_lessons.games.phylo.rules import (
    CARDS,
    PhyloState,
    PlayEvent,
    PlaySpecies,
    cut_off_at,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
OPTIONS = st.fixed_dictionaries(
    {
        "decks": st.sampled_from(["themed", "themed", "themed", "pool"]),
        "realism": st.booleans(),
        "rows": st.sampled_from([3, 5, 7, 7, 7]),
        "columns": st.sampled_from([4, 6, 9, 9, 9]),
        "deck_size": st.sampled_from([12, 24, 24]),
        "preselect": st.sampled_from([False, False, False, True]),
    }
)
MANY = settings(max_examples=examples(1000), deadline=None, database=None)
SOME = settings(max_examples=examples(200), deadline=None, database=None)
MAX_ACTIONS = 5_000


def play(seed: int, options: dict, each_step=None, state_class=PhyloState) -> PhyloState:
    """A seeded random game; ``each_step(state, action)`` runs after every action."""
    state = state_class(new_game(seed=seed, **options).options, seed)
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        state.apply(action)
        if each_step is not None:
            each_step(state, action)
    raise AssertionError("a random game did not end")


def everywhere(state: PhyloState) -> Counter:
    """How many places hold each card instance (decks, hands, discard piles, the table)."""
    places = Counter()
    for p in (0, 1):
        places.update(state.decks[p])
        places.update(state.hands[p])
        places.update(state.discards[p])
    places.update(i for i in state.top if i >= 0)
    places.update(i for i in state.under if i >= 0)
    return places


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_every_card_is_always_in_exactly_one_place(seed, options):
    def check(state, _action):
        assert everywhere(state) == Counter(range(len(state.card_of)))
        assert [state.top[h] for h in state.homes] == [0, 1]  # the HOMEs never move

    play(seed, options, check)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_the_speed_index_always_equals_one_rebuilt_from_the_table(seed, options):
    """index.py remembers between actions what a full scan of the table would find."""

    def check(state, _action):
        fresh = TableIndex(state.index.bits, state.rows, state.columns)
        fresh.rebuild(state.top, state.under, state.card_of, state.neighbours, state.owner_of)
        assert state.index == fresh
        assert state.index.order == sorted(fresh.keys, key=fresh.keys.__getitem__)
        if state.phase == "play":  # every action of a turn ends with the links checked (R11)
            assert not state.index.recheck
        incremental = copy.deepcopy(state.index).unconnected(
            cut_off_at, state.top, state.under, state.card_of, state.neighbours
        )
        assert incremental == state._unconnected()
        assert set(state.risk) == {instance for _space, instance in incremental}

    play(seed, options, check)


@settings(max_examples=examples(60), deadline=None, database=None)
@given(seed=SEEDS, options=OPTIONS)
def test_the_legal_list_is_the_same_whether_or_not_parts_were_remembered(seed, options):
    """Moves and event targets kept between decisions (index.remembered) change nothing:
    not the actions, not their order, not the objects handed out."""

    def check(state, _action):
        legal = state.legal_actions()
        twin = state.clone()  # the clone's index remembers nothing
        assert twin.index.remembered == {}
        fresh = [] if twin.is_over else twin._legal_actions()
        assert fresh == legal
        assert all(a is b for a, b in zip(fresh, legal, strict=True))

    play(seed, options, check)


def test_a_remembered_list_is_forgotten_when_the_table_changes():
    # a turn of a player with a species that moves (R7) and a species to play
    state, rng = new_game(seed=3), random.Random(3)
    while state.phase == "play" and not (
        state.index.movers[state.turn_player]
        and any(isinstance(a, PlaySpecies) for a in state.legal_actions())
    ):
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == "play"
    state._move_actions(state.turn_player)
    assert state.index.remembered
    play_one = next(a for a in state.legal_actions() if isinstance(a, PlaySpecies))
    state.apply(play_one)
    assert state.index.remembered == {}  # a card came onto the table: worked out again


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_at_most_two_species_share_a_space_and_only_a_parasite_lies_beneath(seed, options):
    def check(state, _action):
        for space, beneath in enumerate(state.under):
            if beneath >= 0:
                assert CARDS[state.card_of[beneath]].parasitic  # the second is a parasite
                assert state.top[space] not in (0, 1)  # never beneath a HOME

    play(seed, options, check)


class RemovalSpy(PhyloState):
    """Checks, at every removal step, which species are left on the table unconnected."""

    def _removal_step(self, events):
        super()._removal_step(events)
        for _space, instance in self._unconnected():
            # R11: only a card that lost its last connection during the turn now ending may
            # stay unconnected: the next turn is the other player's turn to react
            assert self.risk[instance] == self.turn


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_after_a_removal_step_every_older_break_is_gone(seed, options):
    play(seed, options, state_class=RemovalSpy)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_at_most_one_event_is_played_a_turn(seed, options):
    per_turn = Counter()

    def check(state, action):
        if isinstance(action, PlayEvent):
            per_turn[turn_before[0]] += 1
        turn_before[0] = state.turn

    turn_before = [0]
    chooser_state = new_game(seed=seed, **options)
    turn_before[0] = chooser_state.turn
    play(seed, options, check)
    assert all(n <= 1 for n in per_turn.values())


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_every_game_ends_with_the_highest_score_winning(seed, options):
    state = play(seed, options)
    scores = state.scores()
    assert state.winners == [p for p in (0, 1) if scores[p] == max(scores)]
    assert state.end_after is not None and state.turn == state.end_after


@SOME
@given(seed=SEEDS, options=OPTIONS, data=st.data())
def test_illegal_actions_raise_and_change_nothing(seed, options, data):
    foreign = [PlaySpecies(0, 99, 99), PlayEvent(len(CARDS) - 1, 0, 0, 0)]
    stop = data.draw(st.integers(min_value=0, max_value=60))
    state = new_game(seed=seed, **options)
    chooser = random.Random(seed)
    for _ in range(stop):
        if state.is_over:
            break
        legal = state.legal_actions()
        foreign.extend(legal[:2])
        state.apply(legal[chooser.randrange(len(legal))])
    check_illegal_changes_nothing(state, foreign)


@SOME
@given(seed=SEEDS, options=OPTIONS)
def test_saves_and_replays_are_exact(seed, options):
    state = play(seed, options)
    again = new_game(seed=seed, **options)
    for action in state.history:
        again.apply(action)
    assert again == state
    assert load_json(state.to_json()) == state
    assert json.loads(state.to_json())["seed"] == seed


@settings(max_examples=examples(30), deadline=None, database=None)
@given(seed=SEEDS, realism=st.booleans())
def test_games_with_built_decks_end_and_replay(seed, realism):
    state = play(seed, {"decks": "build", "realism": realism})
    assert load_json(state.to_json()) == state
