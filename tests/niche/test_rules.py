"""One test per rule of the Niche text (the rulings R1-R16 are in test_rulings.py)."""

from __future__ import annotations

import pytest

from evo_lessons.engine import IllegalAction
from evo_lessons.games.niche import (
    CARDS,
    ENVIRONMENTS,
    DiscardFromPlay,
    DrawEnvironment,
    DrawFromGenePool,
    KeepEnvironment,
    PlayCard,
    new_game,
)
from evo_lessons.games.niche.pyramid import FACE_UP_WHEN_DEALT, LAYER_OF

from .helpers import (
    all_environments,
    all_trait_cards,
    card_id,
    draw_any,
    empty_stack,
    env_id,
    give,
    set_environment,
    started,
)


# -- contents ------------------------------------------------------------------------------------
def test_the_game_has_12_environments_and_52_trait_cards():
    assert len(ENVIRONMENTS) == 12
    assert len(CARDS) == 52
    kinds = {c.kind for c in CARDS}
    assert kinds == {"trait", "double", "event"}


def test_every_card_is_in_exactly_one_place_at_the_start():
    state = new_game(players=4, seed=3)
    assert all_trait_cards(state) == list(range(52))
    assert all_environments(state) == list(range(12))
    assert state.discard == []


# -- the gene pool -------------------------------------------------------------------------------
def test_gene_pool_is_two_stacks_of_ten_built_4_down_3_up_2_down_1_up():
    state = new_game(players=2, seed=5)
    assert [LAYER_OF.count(layer) for layer in range(4)] == [4, 3, 2, 1]
    pool = state.gene_pool
    for stack in range(2):
        assert all(card >= 0 for card in pool.cards[stack])
        faces = [bool(pool.face_up[stack] >> pos & 1) for pos in range(10)]
        assert faces == [False] * 4 + [True] * 3 + [False] * 2 + [True]
        assert faces == list(FACE_UP_WHEN_DEALT)


def test_at_the_start_only_the_top_card_of_each_stack_is_available():
    state = started(players=2, seed=5)
    draws = state.legal_actions()
    assert {(a.stack, a.position) for a in draws} == {(0, 9), (1, 9)}


def test_a_covered_or_face_down_card_cannot_be_drawn():
    state = started(players=2, seed=5)
    stack = state.gene_pool.cards[0]
    covered_face_up = DrawFromGenePool(0, 5, stack[5])
    face_down = DrawFromGenePool(0, 7, stack[7])
    before = state.fingerprint()
    for bad in (covered_face_up, face_down):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.fingerprint() == before


def test_uncovered_face_down_cards_flip_at_the_end_of_the_turn():
    state = started(players=2, seed=5)
    pool = state.gene_pool
    state.apply(DrawFromGenePool(0, 9, pool.cards[0][9]))
    # position 9 is gone: 7 and 8 are uncovered but still face down until the turn ends
    assert not pool.face_up[0] >> 7 & 1 and not pool.face_up[0] >> 8 & 1
    assert not any(
        a.stack == 0 and a.position in (7, 8)
        for a in state.legal_actions()
        if isinstance(a, DrawFromGenePool)
    )
    events = state.apply(state.legal_actions()[0])  # play a card: the turn ends
    assert pool.face_up[0] >> 7 & 1 and pool.face_up[0] >> 8 & 1
    assert any(e.kind == "flip" for e in events)
    positions = {(a.stack, a.position) for a in state.legal_actions()}
    assert {(0, 7), (0, 8), (1, 9)} <= positions


def test_an_emptied_stack_is_rebuilt_from_the_trait_deck():
    state = started(players=2, seed=8)
    give(state, 0, hand=[card_id("gills"), card_id("mimicry"), card_id("camouflage")])
    state.discard.extend(empty_stack(state, 0))  # as if its ten cards had been drawn, discarded
    deck_before = len(state.trait_deck)
    draw_any(state)
    events = state.apply(PlayCard(card_id("gills")))
    assert all(card >= 0 for card in state.gene_pool.cards[0])
    assert len(state.trait_deck) == deck_before - 10
    assert any(e.kind == "rebuild" for e in events)
    assert all_trait_cards(state) == list(range(52))


def test_rebuilding_reshuffles_the_discard_pile_when_the_deck_runs_short():
    state = started(players=2, seed=8)
    give(state, 0, hand=[card_id("gills"), card_id("mimicry"), card_id("camouflage")])
    # move all but three deck cards to the discard pile, then empty stack 0 into the discard
    state.discard.extend(state.trait_deck[3:])
    del state.trait_deck[3:]
    state.discard.extend(empty_stack(state, 0))
    draw_any(state)
    events = state.apply(PlayCard(card_id("gills")))
    assert all(card >= 0 for card in state.gene_pool.cards[0])
    assert any(e.kind == "shuffle" for e in events)
    assert all_trait_cards(state) == list(range(52))


# -- setup ---------------------------------------------------------------------------------------
def test_each_player_is_dealt_two_environments_and_keeps_one():
    state = new_game(players=3, seed=2)
    assert [len(pair) for pair in state.dealt] == [2, 2, 2]
    assert len(state.environment_deck) == 12 - 6
    pair = list(state.dealt[0])
    assert state.legal_actions() == [KeepEnvironment(pair[0]), KeepEnvironment(pair[1])]
    state.apply(KeepEnvironment(pair[1]))
    assert state.environment[0] == pair[1]
    assert pair[0] in state.environment_deck
    assert len(state.environment_deck) == 12 - 6 + 1


def test_three_trait_cards_each_are_dealt_after_the_environments_are_chosen():
    state = new_game(players=3, seed=2)
    assert all(hand == [] for hand in state.hands)
    while state.phase == "keep":
        state.apply(state.legal_actions()[0])
    assert [len(hand) for hand in state.hands] == [3, 3, 3]
    assert all_trait_cards(state) == list(range(52))


# -- a turn --------------------------------------------------------------------------------------
def test_a_turn_is_draw_one_then_play_one_leaving_three_in_hand():
    state = started(players=2, seed=4)
    assert state.phase == "draw" and state.current_player == 0
    assert all(isinstance(a, DrawFromGenePool) for a in state.legal_actions())
    draw_any(state)
    assert len(state.hands[0]) == 4 and state.phase == "play"
    assert all(isinstance(a, PlayCard) for a in state.legal_actions())
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 3


def test_players_take_turns_in_seat_order():
    state = started(players=3, seed=4)
    seen = []
    while len(seen) < 6:
        if state.phase == "draw":
            seen.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert seen == [0, 1, 2, 0, 1, 2]


def test_a_trait_card_goes_into_the_players_play_area():
    state = started(players=2, seed=4)
    gills = card_id("gills")
    give(state, 0, hand=[gills, card_id("blubber"), card_id("camouflage")])
    draw_any(state)
    state.apply(PlayCard(gills))
    assert gills in state.play[0]


def test_event_placed_before_the_player_stays_in_their_play_area():
    state = started(players=2, seed=4)
    refuge = card_id("refuge")
    give(state, 0, hand=[refuge, card_id("gills"), card_id("camouflage")])
    draw_any(state)
    state.apply(PlayCard(refuge))
    assert refuge in state.play[0]


def test_event_placed_before_another_player_goes_to_their_play_area():
    state = started(players=2, seed=4)
    parasite = card_id("parasite")
    give(state, 0, hand=[parasite, card_id("gills"), card_id("camouflage")])
    draw_any(state)
    state.apply(PlayCard(parasite, 1))
    assert parasite in state.play[1] and parasite not in state.play[0]


def test_event_that_is_discarded_after_its_effect():
    state = started(players=2, seed=4)
    crash = card_id("bottleneck")
    give(state, 0, hand=[crash, card_id("gills"), card_id("camouflage")])
    give(state, 1, play=[card_id("blubber")])
    draw_any(state)
    state.apply(PlayCard(crash, 1))
    assert crash in state.discard
    assert state.play[1] == []
    assert card_id("blubber") in state.discard


# -- the rule of 4 -------------------------------------------------------------------------------
def four_in_play(state, player=0):
    cards = [card_id("gills"), card_id("camouflage"), card_id("large_ears"), card_id("hard_shell")]
    give(state, player, play=cards)
    return cards


def test_rule_of_4_playing_a_fifth_card_asks_which_card_to_discard():
    state = started(players=2, seed=4)
    old = four_in_play(state)
    new = card_id("blubber")
    give(state, 0, hand=[new, card_id("mimicry"), card_id("gills", 1)])
    draw_any(state)
    state.apply(PlayCard(new))
    assert state.phase == "discard" and state.current_player == 0
    assert set(state.legal_actions()) == {DiscardFromPlay(c) for c in old}
    state.apply(DiscardFromPlay(old[2]))
    assert sorted(state.play[0]) == sorted([*old[:2], old[3], new])
    assert old[2] in state.discard
    assert state.current_player == 1  # then the turn is over


def test_play_area_never_holds_more_than_four_after_a_turn():
    state = started(players=2, seed=4)
    four_in_play(state)
    give(state, 0, hand=[card_id("blubber"), card_id("mimicry"), card_id("gills", 1)])
    draw_any(state)
    state.apply(PlayCard(card_id("blubber")))
    state.apply(state.legal_actions()[0])
    assert len(state.play[0]) == 4


def test_a_two_trait_card_counts_as_one_card():
    state = started(players=2, seed=4)
    give(state, 0, play=[card_id("hibernation"), card_id("lungfish"), card_id("burrowing")])
    give(state, 0, hand=[card_id("nocturnal"), card_id("gills"), card_id("mimicry")])
    draw_any(state)
    state.apply(PlayCard(card_id("nocturnal")))
    assert len(state.play[0]) == 4 and state.phase != "discard"


def test_two_copies_of_the_same_trait_may_be_in_play():
    state = started(players=2, seed=4)
    give(
        state,
        0,
        play=[card_id("gills")],
        hand=[card_id("gills", 1), card_id("mimicry"), card_id("camouflage")],
    )
    draw_any(state)
    state.apply(PlayCard(card_id("gills", 1)))
    assert sorted(state.play[0]) == sorted(card_ids_of("gills"))


def card_ids_of(key):
    return [c.id for c in CARDS if c.key == key]


# -- completing environments ---------------------------------------------------------------------
def test_completing_an_environment_sets_it_aside_and_keeps_the_traits():
    state = started(players=2, seed=4)
    reef = env_id("coral_reef")
    set_environment(state, 0, reef)
    give(
        state,
        0,
        play=[card_id("gills")],
        hand=[card_id("camouflage"), card_id("mimicry"), card_id("blubber")],
    )
    draw_any(state)
    events = state.apply(PlayCard(card_id("camouflage")))
    assert state.completed[0] == [reef]
    assert state.environment[0] == -1
    assert reef in state.set_aside
    assert sorted(state.play[0]) == sorted([card_id("gills"), card_id("camouflage")])
    assert any(e.kind == "complete" for e in events)


def test_the_next_turn_is_spent_drawing_a_new_environment():
    state = started(players=2, seed=4)
    set_environment(state, 0, env_id("coral_reef"))
    give(
        state,
        0,
        play=[card_id("gills")],
        hand=[card_id("camouflage"), card_id("mimicry"), card_id("blubber")],
    )
    draw_any(state)
    state.apply(PlayCard(card_id("camouflage")))
    draw_any(state)  # player 2's turn
    state.apply(state.legal_actions()[0])
    assert state.current_player == 0
    assert state.legal_actions() == [DrawEnvironment()]
    hand = list(state.hands[0])
    state.apply(DrawEnvironment())
    assert state.environment[0] >= 0 or len(state.completed[0]) == 2  # R11: may be met at once
    assert state.hands[0] == hand  # no trait card drawn or played that turn
    assert state.current_player == 1


def test_the_third_completed_environment_wins_at_once():
    state = started(players=3, seed=4)
    state.completed[0] = [env_id("cave"), env_id("savanna")]
    state.environment_deck = [
        e for e in state.environment_deck if e not in (env_id("cave"), env_id("savanna"))
    ]
    set_environment(state, 0, env_id("coral_reef"))
    give(
        state,
        0,
        play=[card_id("gills")],
        hand=[card_id("camouflage"), card_id("mimicry"), card_id("blubber")],
    )
    draw_any(state)
    events = state.apply(PlayCard(card_id("camouflage")))
    assert state.is_over and state.winners == [0]
    assert state.current_player is None and state.legal_actions() == []
    assert events[-1].kind == "win"
