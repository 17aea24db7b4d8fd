"""The conformance suite catches what it promises to catch: each check fails on a game built
to break it (the guide's example game with one part made leaky), and passes on the real one."""

from __future__ import annotations

import dataclasses
import random

import pytest
from example_game import GAME, PepperedMothsState, Rest
from example_game.bots import NaturalistBot
from example_game.data import BARKS, MOTHS

from evo_lessons.engine import play_game
from evo_lessons.engine.state import MAX_ATTRIBUTES
from evo_lessons.engine.testing import (
    check_game,
    check_view_reads_only_the_observation,
    check_view_secrets,
    edge_variants,
)

_made = 0


def _variant(state_class=PepperedMothsState, name: str = "", **view_changes):
    """The example game with its state class or view functions replaced (under a new name
    unless told: the renderer registers the real one)."""
    global _made
    _made += 1
    view = dataclasses.replace(GAME.view, **view_changes)
    # a class of its own: a state class belongs to one spec
    state = type(f"LeakyMoths{_made}", (state_class,), {})
    name = name or f"leaky_moths_{_made}"
    return dataclasses.replace(GAME, name=name, state=state, view=view)


def _mid_round(spec):
    """A state in which seat 0 has rested a moth face down and seat 1 is to rest."""
    state = spec.new_game(seed=4, players=3)
    state.apply(Rest(0))
    return state


def test_the_example_game_passes_the_view_checks():
    state = _mid_round(GAME)
    check_view_reads_only_the_observation(GAME, state)
    check_view_secrets(GAME, state, random.Random(1))


def test_a_view_that_keeps_something_between_calls_is_caught():
    drawn = []

    def view_model(obs):
        drawn.append(1)  # a page that depends on how often it was drawn, not on the observation
        return {"drawn": len(drawn), **GAME.view.view_model(obs)}

    spec = _variant(view_model=view_model)
    with pytest.raises(AssertionError, match="differs when drawn again"):
        check_view_reads_only_the_observation(spec, _mid_round(spec))


def test_a_view_that_changes_its_observation_is_caught():
    def describe(obs):
        words = GAME.view.describe(obs)
        obs["survivors"][0] += 1  # the widget hands the same observation to view_model too
        return words

    spec = _variant(describe=describe)
    with pytest.raises(AssertionError, match="changed the observation"):
        check_view_reads_only_the_observation(spec, _mid_round(spec))


class _UndeclaredKey(PepperedMothsState):
    def _observe(self, player):
        return {**super()._observe(player), "deck_size": len(self.bark_deck)}


def test_an_observation_key_the_type_does_not_declare_is_caught():
    spec = _variant(_UndeclaredKey)
    with pytest.raises(AssertionError, match=r"holds \['deck_size'\], which its type"):
        check_view_reads_only_the_observation(spec, _mid_round(spec))


def test_a_game_without_a_declared_observation_type_is_caught():
    spec = dataclasses.replace(_variant(), observation=None)
    with pytest.raises(AssertionError, match="declare the observation's type"):
        check_view_reads_only_the_observation(spec, _mid_round(spec))


class _TopCardInTheObservation(PepperedMothsState):
    def _observe(self, player):
        return {**super()._observe(player), "next_bark": BARKS[self.bark_deck[-1]].key}


class _MothInTheMetrics(PepperedMothsState):
    def metrics(self):
        rows = super().metrics()
        for row, moth in zip(rows, self.resting, strict=True):
            if moth is not None:
                row["moth"] = MOTHS[moth].key  # the face-down moth, before the bark is turned
        return rows


class _DeckInTheButtons(PepperedMothsState):
    def _legal_actions(self):
        # actions that depend on the deck's hidden order: only the moth the next bark hides
        return [Rest(BARKS[self.bark_deck[-1]].hides)]


@pytest.mark.parametrize(
    ("state_class", "part"),
    [
        (_TopCardInTheObservation, "observation"),
        (_MothInTheMetrics, "metric rows"),
        (_DeckInTheButtons, "buttons and click targets"),
    ],
    ids=["observation", "metrics", "buttons"],
)
def test_a_secret_that_reaches_a_seats_page_is_caught(state_class, part):
    spec = _variant(state_class)
    state = _mid_round(spec)
    with pytest.raises(AssertionError, match=f"changed seat .*'s {part}"):
        for attempt in range(20):  # a twin may deal the same secret again by chance
            check_view_secrets(spec, state, random.Random(attempt))


class _TopCardAsTheMothRested(PepperedMothsState):
    """A declared key holding a secret: the type allows it, the secrets check catches it."""

    def _observe(self, player):
        return {**super()._observe(player), "my_moth": BARKS[self.bark_deck[-1]].key}


def test_check_game_runs_the_view_checks_on_every_sampled_state():
    spec = _variant(_TopCardAsTheMothRested, name=GAME.name)
    with pytest.raises(AssertionError, match="a secret leaks"):
        check_game(spec, games=2, seed=1, fuzz=0)


def test_edge_variants_move_one_option_at_a_time_to_each_declared_edge():
    assert edge_variants(GAME) == [
        {},
        {"players": 2},
        {"players": 4},
        {"rounds": 1},
        {"rounds": 12},
    ]


class _RoundsNeedFourPlayers(PepperedMothsState):
    def __init__(self, options, seed):
        if options["rounds"] == 12 and options["players"] < 4:
            raise ValueError("12 rounds need 4 players")
        super().__init__(options, seed)


def test_edge_variants_leave_out_an_edge_the_game_refuses_alone():
    spec = _variant(_RoundsNeedFourPlayers)
    assert {"rounds": 12} not in edge_variants(spec)
    assert {"rounds": 1} in edge_variants(spec)


def _with_extra_attributes(count: int, slots: tuple[str, ...] = ()):
    """The example game's state with ``count`` more attributes (a list each, to be copied),
    those named in ``slots`` kept in ``__slots__``."""

    def __init__(self, options, seed):
        PepperedMothsState.__init__(self, options, seed)
        for k in range(count):
            setattr(self, f"extra_{k}", [k])

    return type("ManyAttributes", (PepperedMothsState,), {"__init__": __init__, "__slots__": slots})


def test_a_state_with_too_many_attributes_is_caught():
    room = MAX_ATTRIBUTES - len(vars(GAME.new_game(seed=1)))
    spec = _variant(_with_extra_attributes(room + 1), name=GAME.name)
    with pytest.raises(AssertionError, match=f"keeps {MAX_ATTRIBUTES + 1} attributes"):
        check_game(spec, games=1, seed=1, fuzz=0)
    check_game(_variant(_with_extra_attributes(room), name=GAME.name), games=1, seed=1, fuzz=0)


def test_attributes_in_slots_are_cloned_compared_and_counted_out():
    room = MAX_ATTRIBUTES - len(vars(GAME.new_game(seed=1)))
    state_class = _with_extra_attributes(room + 3, slots=("extra_0", "extra_1", "extra_2"))
    spec = _variant(state_class, name=GAME.name)
    check_game(spec, games=1, seed=1, fuzz=0)
    state = spec.new_game(seed=2)
    assert len(vars(state)) == MAX_ATTRIBUTES and "extra_0" in state.attributes()
    twin = state.clone()
    assert twin == state and twin.extra_0 is not state.extra_0  # a copy, not the same list
    twin.extra_0.append(1)
    assert twin != state and state.extra_0 == [0]  # the fingerprint reads the slots


def test_a_set_attribute_compares_by_its_members_not_its_order():
    # a set that grew and shrank lists its members in another order than a fresh copy of it
    # (here {1, 8}: [1, 8], its deep copy [8, 1]); a clone must still equal its original
    state = GAME.new_game(seed=1)
    members = set(range(300))
    for member in range(300):
        if member not in (1, 8):
            members.discard(member)
    state.seen = members
    twin = state.clone()
    assert list(twin.seen) != list(state.seen)  # the case this guards against
    assert twin == state
    twin.seen.add(3)
    assert twin != state


class _RoundsAsATable(PepperedMothsState):
    """Declares ``seats`` as worked out from the options alone (left out of the fingerprint)."""

    FROM_OPTIONS = ("seats",)

    def __init__(self, options, seed):
        super().__init__(options, seed)
        self.seats = tuple(range(self.players))


class _TableThatChanges(_RoundsAsATable):
    def _apply(self, action):
        self.seats = (*self.seats, 0)
        return super()._apply(action)


class _TableFromTheSeed(_RoundsAsATable):
    def __init__(self, options, seed):
        super().__init__(options, seed)
        self.seats = (seed,)


def test_tables_worked_out_from_the_options_are_left_out_of_the_fingerprint():
    spec = _variant(_RoundsAsATable, name=GAME.name)
    check_game(spec, games=2, seed=1, fuzz=0)
    state, other = spec.new_game(seed=2), spec.new_game(seed=2)
    other.seats = ()
    assert state == other  # the fingerprint does not read them


@pytest.mark.parametrize(
    ("state_class", "problem"),
    [(_TableThatChanges, "seats changed during the game"), (_TableFromTheSeed, "more than")],
)
def test_a_table_said_to_come_from_the_options_that_does_not_is_caught(state_class, problem):
    with pytest.raises(AssertionError, match=problem):
        check_game(_variant(state_class, name=GAME.name), games=1, seed=1, fuzz=0)


class _GlancingNaturalist(NaturalistBot):
    """Says it decides without looking, then reads the observation all the same."""

    name = "glancing"

    def needs_observation_for(self, legal_actions):
        return False


def test_a_bot_that_looks_where_it_said_it_would_not_is_caught():
    spec = dataclasses.replace(
        _variant(name=GAME.name), bots={**GAME.bots, "glancing": _GlancingNaturalist}
    )
    with pytest.raises(AssertionError):  # (the naturalist checks it was given one)
        check_game(spec, games=1, seed=1, fuzz=0, bot="glancing")
    # play_game hands it None too (and skips building the observation)
    state = spec.new_game(seed=1)
    with pytest.raises(AssertionError):  # (the naturalist checks it was given one)
        play_game(state, [_GlancingNaturalist(k) for k in range(state.num_players)])


class _AlwaysLooking(NaturalistBot):
    """Turns the method off: it looks at every decision."""

    needs_observation_for = None


def test_a_bot_without_needs_observation_for_looks_every_time_wherever_it_plays():
    spec = dataclasses.replace(
        _variant(name=GAME.name), bots={**GAME.bots, "looking": _AlwaysLooking}
    )
    check_game(spec, games=1, seed=1, fuzz=0, bot="looking")
    state = spec.new_game(seed=1)
    assert play_game(state, [_AlwaysLooking(k) for k in range(state.num_players)]).is_over
