"""Properties that hold in every Climate game, checked over thousands of seeded random games.

Hypothesis draws a seed and the variant options; a seeded random player plays the game to the
end, and the property is checked after every action (or at every turn's end).
"""

from __future__ import annotations

import random
from itertools import pairwise

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from playing import assert_refused, replayed

from evo_lessons.games import climate
from evo_lessons.games.climate import ClimateState, EndTurn, Move, Place, PlanAhead, new_game

WORLD = ClimateState.world

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
OPTIONS = st.fixed_dictionaries(
    {
        "players": st.integers(min_value=2, max_value=5),
        "blind_mutation": st.booleans(),
        "climate_change_faces": st.sampled_from([0, 3, 3, 3, 6]),
        "climate_trend": st.sampled_from(["random", "random", "warming", "cooling"]),
        "max_rounds": st.sampled_from([10, 10, 30]),
        "tokens_to_win": st.sampled_from([4, 4, 3, 2]),
    }
)
MANY = settings(max_examples=examples(500), deadline=None, database=None)
SOME = settings(max_examples=examples(200), deadline=None, database=None)


def adapted(state: ClimateState, player: int) -> bool:
    """Two of three genes at the value of the habitat under the species (computed afresh)."""
    value = WORLD.boards[state.temperature - 1][state.positions[player] - 1] + 1
    return sum(gene == value for gene in state.genomes[player]) >= 2


class TurnEndSpy(ClimateState):
    """A Climate state that notes, as each turn ends, whether the species is adapted."""

    def _finish_turn(self, events):
        player = self.turn_player
        self.turn_ends = [*getattr(self, "turn_ends", []), (player, adapted(self, player))]
        super()._finish_turn(events)


def play(seed: int, options: dict, each_step=None, state_class=ClimateState) -> ClimateState:
    """A seeded random game; ``each_step(state, events)`` runs after every action."""
    state = state_class(new_game(seed=seed, **options).options, seed)
    chooser = random.Random(seed)
    for _ in range(20_000):
        if state.is_over:
            return state
        legal = state.legal_actions()
        events = state.apply(legal[chooser.randrange(len(legal))])
        if each_step is not None:
            each_step(state, events)
    raise AssertionError("a random game did not end")


def token_winner(state: ClimateState) -> int | None:
    target = state.options["tokens_to_win"]
    holders = [p for p in range(state.num_players) if state.tokens[p].bit_count() >= target]
    assert len(holders) <= 1, "the game goes on after a species has collected every token"
    return holders[0] if holders else None


# -- the properties ----------------------------------------------------------------------------
@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_cards_are_conserved_after_every_action(seed, options):
    def check(state, _events):
        cards = (
            [c for hand in state.deck.hands for c in hand]
            + state.deck.draw_pile
            + state.deck.discard
        )
        assert sorted(cards) == list(state.deck.in_game)  # every card once, none made or lost

    play(seed, options, check)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_no_hand_holds_more_than_five_cards_once_its_turn_is_over(seed, options):
    def check(state, _events):
        mid_turn = token_winner(state) if state.is_over else state.turn_player
        for player, hand in enumerate(state.deck.hands):
            if player != mid_turn:
                assert len(hand) <= 5

    play(seed, options, check)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_no_two_species_ever_share_a_cell(seed, options):
    def check(state, _events):
        cells = [cell for cell in state.positions if cell is not None]
        assert len(cells) == len(set(cells))

    play(seed, options, check)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_genes_stay_between_1_and_4(seed, options):
    def check(state, _events):
        for genome in state.genomes:
            assert len(genome) == 3 and all(1 <= g <= 4 for g in genome)

    play(seed, options, check)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_temperature_stays_in_1_to_5_and_moves_at_most_one_step_a_round(seed, options):
    def check(state, _events):
        log = state.temperature_log
        assert 1 <= state.temperature <= 5
        assert state.temperature == log[-1]  # it changes only at the end of a round
        assert all(abs(b - a) <= 1 for a, b in pairwise(log))

    play(seed, options, check)


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_only_adapted_species_finish_a_turn(seed, options):
    state = play(seed, options, state_class=TurnEndSpy)
    ends = getattr(state, "turn_ends", [])
    assert all(ok for _player, ok in ends), f"unadapted at a turn's end: {ends}"


@MANY
@given(seed=SEEDS, options=OPTIONS)
def test_a_winner_by_tokens_holds_exactly_tokens_to_win_tokens(seed, options):
    state = play(seed, options)
    winner = token_winner(state)
    if winner is not None:
        assert state.winners == [winner]
        assert state.tokens[winner].bit_count() == options["tokens_to_win"]
    else:
        assert state.round == options["max_rounds"]  # no winner by tokens: time ran out (R9)
        best = max(t.bit_count() for t in state.tokens)
        assert state.winners and all(state.tokens[w].bit_count() == best for w in state.winners)


@SOME
@given(seed=SEEDS, options=OPTIONS)
def test_the_same_seed_and_actions_replay_to_the_same_state(seed, options):
    state = play(seed, options)
    again = new_game(seed=seed, **options)
    for action in state.history:
        again.apply(action)
    assert again == state


def _impostors(state: ClimateState) -> list[object]:
    """Actions that look plausible but are not legal here."""
    legal = state.legal_actions()
    candidates: list[object] = [Place(1), EndTurn(), PlanAhead(0, 4, cost=9), "End the turn"]
    for action in legal:
        if isinstance(action, Move):
            candidates.append(Move(action.cell, *action.genome, cost=action.cost + 1))
            candidates.append(Move(action.cell, *action.genome, action.cost, not action.stay))
    return [a for a in candidates if a not in legal]


@SOME
@given(seed=SEEDS, options=OPTIONS, at=st.integers(min_value=0, max_value=400))
def test_an_illegal_action_raises_naming_the_legal_ones_and_changes_nothing(seed, options, at):
    state = play(seed, {**options, "max_rounds": 10})
    probe = replayed(state, at)
    assert_refused(probe, _impostors(probe))


@SOME
@given(seed=SEEDS, options=OPTIONS, at=st.integers(min_value=0, max_value=400))
def test_save_and_load_round_trip_at_any_point(seed, options, at):
    state = play(seed, options)
    partial = replayed(state, at)
    loaded = climate.load_json(partial.to_json())
    assert loaded == partial
    assert loaded.legal_actions() == partial.legal_actions()
