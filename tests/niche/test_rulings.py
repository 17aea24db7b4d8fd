"""The numbered rulings R1-R16 of evo_lessons/games/niche/rules.py, one or more tests each."""

from __future__ import annotations

import json
import random
from itertools import product

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
from evo_lessons.games.niche.pyramid import COVERED_BY, FACE_UP_WHEN_DEALT, LAYER_OF, STACK_SIZE
from evo_lessons.games.niche.tables import COVERED_TABLE

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
    take,
)


# -- R1: the geometry of the pyramid --------------------------------------------------------------
def _centre(pos: int) -> tuple[float, int]:
    """Where a card lies, in card widths: card j of layer L is centred at j + L/2."""
    layer = LAYER_OF[pos]
    first = LAYER_OF.index(layer)
    return (pos - first + layer / 2, layer)


def _lies_on(upper: int, lower: int) -> bool:
    """Geometric overlap: one layer up and less than one card width apart."""
    (xu, lu), (xl, ll) = _centre(upper), _centre(lower)
    return lu == ll + 1 and abs(xu - xl) < 1


def test_r1_covers_table_matches_the_geometry_for_every_position():
    for lower in range(STACK_SIZE):
        expected = tuple(u for u in range(STACK_SIZE) if _lies_on(u, lower))
        assert COVERED_BY[lower] == expected, lower
    assert COVERED_BY[0] == (4,) and COVERED_BY[1] == (4, 5) and COVERED_BY[9] == ()


def test_r1_covered_positions_for_every_set_of_present_cards():
    for present in range(1 << STACK_SIZE):
        for pos in range(STACK_SIZE):
            geometric = any(present >> u & 1 and _lies_on(u, pos) for u in range(STACK_SIZE))
            assert bool(COVERED_TABLE[present] >> pos & 1) == geometric, (present, pos)


def test_r1_available_means_present_face_up_and_uncovered_for_every_position():
    pool = new_game(players=2, seed=0).gene_pool
    for present, pos in product(range(1 << STACK_SIZE), range(STACK_SIZE)):
        for face in (False, True):
            pool.present[0] = present
            pool.face_up[0] = (1 << pos) if face else 0
            covered = any(present >> u & 1 and _lies_on(u, pos) for u in range(STACK_SIZE))
            expected = bool(present >> pos & 1) and face and not covered
            assert pool.available(0, pos) == expected, (present, pos, face)


def test_r1_every_reachable_stack_offers_a_card_until_it_is_empty():
    """Explore every order of drawing one stack (flipping at each turn's end)."""
    full = (1 << STACK_SIZE) - 1
    start_up = sum(1 << p for p in range(STACK_SIZE) if FACE_UP_WHEN_DEALT[p])
    seen, frontier = set(), [(full, start_up)]
    while frontier:
        present, up = frontier.pop()
        if (present, up) in seen:
            continue
        seen.add((present, up))
        available = [
            p
            for p in range(STACK_SIZE)
            if present >> p & 1 and up >> p & 1 and not COVERED_TABLE[present] >> p & 1
        ]
        if present:
            assert available, (present, up)
        for pos in available:
            rest = present & ~(1 << pos)
            flipped = up | (rest & ~COVERED_TABLE[rest])
            frontier.append((rest, flipped))
    assert (0, (1 << STACK_SIZE) - 1) in {(p, u | full) for p, u in seen if p == 0}


def test_r1_covered_face_up_cards_are_visible_but_not_available():
    state = started(players=2, seed=1)
    view = state.observation(None)["gene_pool"][0]
    assert view[5]["face_up"] and view[5]["card"] == state.gene_pool.cards[0][5]
    assert not view[5]["available"]
    assert view[7]["card"] is None and not view[7]["face_up"]


# -- R2: end of turn: rebuild, then flip ----------------------------------------------------------
def test_r2_a_short_deck_builds_a_partial_stack_bottom_first_then_flips():
    state = started(players=2, seed=2)
    spare = state.trait_deck[:5]
    state.trait_deck = list(spare)
    state.discard = []
    empty_stack(state, 0)
    events: list = []
    state._rebuild(0, events)
    pool = state.gene_pool
    assert pool.cards[0][:5] == list(reversed(spare)) and pool.cards[0][5:] == [-1] * 5
    pool.turn_up(events)
    up = [bool(pool.face_up[0] >> p & 1) for p in range(5)]
    # 0 and 1 lie under position 4; 2 and 3 are uncovered and turn face up
    assert up == [False, False, True, True, True]


def test_r2_an_empty_stack_with_no_cards_left_waits_and_is_built_later():
    state = started(players=2, seed=2)
    state.trait_deck, state.discard = [], []
    empty_stack(state, 0)
    state._rebuild(0, [])
    assert state.gene_pool.present[0] == 0
    state.discard = [card_id("gills")]
    state._rebuild(0, [])
    assert state.gene_pool.cards[0][0] == card_id("gills")


def test_r2_every_turn_starts_with_a_card_available():
    for seed in range(30):
        state = new_game(players=6, seed=seed)
        while not state.is_over:
            if state.phase == "draw":
                assert state.legal_actions()
            state.apply(state.legal_actions()[-1])


# -- R3: setup order ------------------------------------------------------------------------------
def test_r3_choices_in_seat_order_and_pairs_are_secret():
    state = new_game(players=3, seed=6)
    order = []
    while state.phase == "keep":
        order.append(state.current_player)
        me = state.current_player
        assert state.observation(me)["dealt_environments"] == state.dealt[me]
        other = (me + 1) % 3
        text = json.dumps(state.observation(other))
        assert state.observation(other)["dealt_environments"] == state.dealt[other]
        assert "dealt_environments" in text
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 2]
    assert state.current_player == 0 and state.phase == "draw"


def test_r3_public_view_hides_every_pair():
    state = new_game(players=3, seed=6)
    assert state.observation(None)["dealt_environments"] is None


def test_r3_kept_environment_must_be_one_of_the_two_dealt():
    state = new_game(players=2, seed=6)
    other = state.environment_deck[0]
    with pytest.raises(IllegalAction):
        state.apply(KeepEnvironment(other))


def test_r3_the_log_starts_with_the_setup_shuffles_the_gene_pool_then_the_environments():
    state = new_game(players=3, seed=6)
    setup = state.setup_events
    assert [e.kind for e in setup] == ["shuffle", "build", "build", "deal"]
    assert [e.data["stack"] for e in setup[1:3]] == [0, 1]
    for event in setup[1:3]:
        shown = state.gene_pool.face_up_cards(event.data["stack"])
        assert event.data["face_up"] == [card for _, card in shown]
        assert event.data["cards"] == STACK_SIZE
        assert event.text.startswith(f"Gene pool {event.data['stack'] + 1} is built with 10 ")
    assert "2 environment cards" in setup[3].text
    assert state.history == []  # the setup is nobody's decision


def test_r3_the_widgets_log_opens_with_the_setup():
    from evo_lessons.widgets.session import GameSession

    session = GameSession("niche", seed=6, players=3)
    assert [text for _, text in session.log[:4]] == [e.text for e in session.state.setup_events]


# -- R4: drawing is compulsory and comes first ----------------------------------------------------
def test_r4_no_card_can_be_played_before_drawing():
    state = started(players=2, seed=3)
    hand_card = state.hands[0][0]
    with pytest.raises(IllegalAction):
        state.apply(PlayCard(hand_card))


def test_r4_the_drawn_card_may_be_played_at_once():
    state = started(players=2, seed=3)
    draw = state.legal_actions()[0]
    state.apply(draw)
    assert any(a.card == draw.card for a in state.legal_actions())


# -- R5: meeting challenges -----------------------------------------------------------------------
def test_r5_a_two_trait_card_meets_two_challenges_and_events_meet_none():
    state = started(players=2, seed=3)
    set_environment(state, 0, env_id("high_mountains"))  # thin air + cold
    give(state, 0, play=[card_id("parasite"), card_id("refuge")])
    assert state.match(0) == 0.0
    give(state, 0, play=[card_id("yak_body")])
    assert state.match(0) == 1.0


def test_r5_a_trait_meets_its_challenge_in_any_environment():
    state = started(players=2, seed=3)
    give(state, 0, play=[card_id("blubber")])
    for env in ("arctic_tundra", "southern_ocean", "high_mountains"):
        set_environment(state, 0, env_id(env))
        assert state.match(0) > 0


# -- R6: the newcomer stays; the owner chooses ----------------------------------------------------
def test_r6_parasite_on_a_full_play_area_the_owner_decides_and_keeps_the_parasite():
    state = started(players=2, seed=3)
    parasite = card_id("parasite")
    old = [card_id("gills"), card_id("camouflage"), card_id("large_ears"), card_id("hard_shell")]
    give(state, 1, play=old)
    give(state, 0, hand=[parasite, card_id("mimicry"), card_id("blubber")])
    draw_any(state)
    state.apply(PlayCard(parasite, 1))
    assert state.phase == "discard" and state.current_player == 1
    assert set(state.legal_actions()) == {DiscardFromPlay(c) for c in old}
    with pytest.raises(IllegalAction):
        state.apply(DiscardFromPlay(parasite))
    state.apply(DiscardFromPlay(old[0]))
    assert parasite in state.play[1] and len(state.play[1]) == 4
    assert state.current_player == 1 and state.phase == "draw"  # player 2's own turn next


# -- R7: targets ----------------------------------------------------------------------------------
def test_r7_a_refuge_protects_its_holder_from_other_players_events():
    state = started(players=3, seed=3)
    give(state, 1, play=[card_id("refuge"), card_id("gills")])
    give(state, 2, play=[card_id("blubber")])
    give(state, 0, hand=[card_id("parasite"), card_id("bottleneck"), card_id("gene_flow")])
    draw_any(state)
    targets = {a.target for a in state.legal_actions() if a.card in state.hands[0][:3]}
    assert 1 not in targets and 2 in targets


def test_r7_gene_flow_takes_only_trait_cards_and_crash_needs_a_card_in_play():
    state = started(players=2, seed=3)
    give(state, 1, play=[card_id("parasite"), card_id("gills")])
    flow, crash = card_id("gene_flow"), card_id("bottleneck")
    give(state, 0, hand=[flow, crash, card_id("mimicry")])
    draw_any(state)
    legal = state.legal_actions()
    assert PlayCard(flow, 1, card_id("gills")) in legal
    assert PlayCard(flow, 1, card_id("parasite")) not in legal
    assert PlayCard(crash, 1) in legal


def test_r7_gene_flow_copies_a_trait_and_the_donor_keeps_it():
    state = started(players=2, seed=3)
    set_environment(state, 0, env_id("coral_reef"))  # water + predators
    gills, flow = card_id("gills"), card_id("gene_flow")
    give(state, 1, play=[gills])
    hand = [flow, card_id("mimicry"), card_id("blubber")]
    give(state, 0, play=[card_id("camouflage")], hand=hand)
    draw_any(state)
    events = state.apply(PlayCard(flow, 1, gills))
    assert state.play[1] == [gills] and state.suffered == [0, 0]
    assert flow in state.play[0] and state.copies == {flow: gills}
    assert "keeps theirs" in events[0].text
    assert state.completed[0] == [env_id("coral_reef")]  # the copy meets WATER
    assert all_trait_cards(state) == list(range(52))


def test_r7_a_gene_flow_copy_lasts_when_the_donor_loses_its_card_and_ends_with_its_card():
    state = started(players=2, seed=3)
    set_environment(state, 0, env_id("cave"))
    gills, flow = card_id("gills"), card_id("gene_flow")
    give(state, 1, play=[gills])
    give(state, 0, hand=[flow, card_id("mimicry"), card_id("blubber")])
    draw_any(state)
    state.apply(PlayCard(flow, 1, gills))
    give(state, 1, play=[])  # the donor loses its Gills: the copy stays
    set_environment(state, 0, env_id("coral_reef"))
    assert state.match(0) == 0.5
    state._leave_play(0, flow)
    assert state.copies == {} and state.match(0) == 0.0 and flow in state.discard


def test_r7_an_event_with_no_target_is_discarded_with_no_effect():
    state = started(players=2, seed=3)
    flow, crash = card_id("gene_flow"), card_id("bottleneck")
    give(state, 1, play=[])
    give(state, 0, hand=[flow, crash, card_id("mimicry")])
    draw_any(state)
    legal = state.legal_actions()
    assert PlayCard(flow) in legal and PlayCard(crash) in legal
    events = state.apply(PlayCard(crash))
    assert crash in state.discard and "no effect" in events[0].text
    assert state.suffered == [0, 0]


# -- R8: mutation ---------------------------------------------------------------------------------
def _mutation_reveals(key: str, environment: str = "coral_reef", play=()):
    """Seat 0 in ``environment`` with ``play`` in play plays Mutation onto card ``key``."""
    state = started(players=2, seed=3)
    set_environment(state, 0, env_id(environment))
    mutation, revealed = card_id("mutation"), card_id(key)
    give(state, 0, play=list(play), hand=[mutation, card_id("mimicry"), card_id("blubber")])
    draw_any(state)
    take(state, revealed)
    state.trait_deck.append(revealed)  # the top of the deck
    events = state.apply(PlayCard(mutation))
    return state, mutation, revealed, events


def test_r8_a_trait_meeting_an_unmet_challenge_is_a_helpful_variant_that_joins_play():
    state, mutation, gills, events = _mutation_reveals("gills")  # coral reef: WATER unmet
    assert gills in state.play[0] and mutation in state.discard
    assert "helpful" in events[0].text
    assert all_trait_cards(state) == list(range(52))


def test_r8_a_trait_meeting_nothing_unmet_makes_no_difference():
    state, mutation, fur, events = _mutation_reveals("thick_fur")  # no COLD on a coral reef
    assert state.play[0] == [] and fur in state.discard and mutation in state.discard
    assert "no difference" in events[0].text and state.suffered == [0, 0]


def test_r8_a_trait_meeting_an_already_met_challenge_makes_no_difference():
    state, _, webbed, _ = _mutation_reveals("webbed_feet", play=[card_id("gills")])
    assert state.play[0] == [card_id("gills")] and webbed in state.discard


def test_r8_a_revealed_event_card_is_a_harmful_mutation_that_costs_a_random_card():
    gills = card_id("gills")
    state, mutation, parasite, events = _mutation_reveals("parasite", play=[gills])
    assert state.play[0] == [] and gills in state.discard
    assert parasite in state.discard and mutation in state.discard
    assert "harmful" in events[0].text and state.suffered == [1, 0]


def test_r8_a_harmful_mutation_with_nothing_in_play_costs_nothing():
    state, _, parasite, _ = _mutation_reveals("parasite")
    assert state.play[0] == [] and parasite in state.discard and state.suffered == [0, 0]


def test_r8_with_no_cards_left_mutation_does_nothing():
    state = started(players=2, seed=3)
    mutation = card_id("mutation")
    give(state, 0, hand=[mutation, card_id("mimicry"), card_id("blubber")])
    draw_any(state)
    state.trait_deck, state.discard = [], []
    events = state.apply(PlayCard(mutation))
    assert state.play[0] == [] and state.discard == [mutation]
    assert "no trait card is left" in events[0].text


# -- R9: migration --------------------------------------------------------------------------------
def test_r9_migration_always_moves_to_a_new_environment():
    for seed in range(10):
        state = started(players=2, seed=seed)
        migration = card_id("migration")
        give(state, 0, hand=[migration, card_id("mimicry"), card_id("blubber")])
        old = state.environment[0]
        draw_any(state)
        state.apply(PlayCard(migration))
        assert state.environment[0] not in (old, -1) or state.completed[0]
        assert old in state.environment_deck
        assert all_environments(state) == list(range(12))


# -- R10: mass extinction -------------------------------------------------------------------------
def test_r10_mass_extinction_in_seat_order_from_the_player_skipping_refuge_and_empty():
    state = started(players=4, seed=3)
    extinction = card_id("mass_extinction")
    give(state, 0, hand=[extinction, card_id("mimicry"), card_id("blubber")])
    give(state, 1, play=[card_id("gills")])
    give(state, 2, play=[card_id("refuge"), card_id("camouflage")])
    give(state, 3, play=[card_id("large_ears"), card_id("hard_shell")])
    give(state, 0, play=[card_id("hibernation")])
    # play passes to player 1 first, so let player 0 play (seat order from the player: 0, 1, 3)
    draw_any(state)
    state.apply(PlayCard(extinction))
    order = []
    while state.phase == "discard":
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 3]
    assert state.play[1] == [] and len(state.play[2]) == 2 and len(state.play[3]) == 1
    assert state.suffered == [1, 1, 0, 1]


def test_r10_any_card_may_go_to_a_mass_extinction_even_a_parasite():
    state = started(players=2, seed=3)
    extinction = card_id("mass_extinction")
    give(state, 1, play=[card_id("parasite"), card_id("gills")])
    give(state, 0, hand=[extinction, card_id("mimicry"), card_id("blubber")])
    draw_any(state)
    state.apply(PlayCard(extinction))
    assert state.current_player == 1
    assert DiscardFromPlay(card_id("parasite")) in state.legal_actions()


# -- R11: when completion is checked --------------------------------------------------------------
def test_r11_a_new_environment_already_met_is_completed_at_once():
    state = started(players=2, seed=3)
    reef = env_id("coral_reef")
    set_environment(state, 0, env_id("cave"))
    state.set_aside.append(state.environment[0])
    state.completed[0] = [state.environment[0]]
    state.environment[0] = -1
    if state.environment[1] == reef:
        set_environment(state, 1, env_id("savanna"))
    state.environment_deck.remove(reef)
    state.environment_deck.append(reef)  # the next environment drawn
    give(state, 0, play=[card_id("gills"), card_id("camouflage")])
    state.phase = "environment"
    state._legal = None
    assert all_environments(state) == list(range(12))
    events = state.apply(DrawEnvironment())
    assert [e.kind for e in events][:2] == ["environment", "complete"]
    assert state.completed[0] == [env_id("cave"), reef] and state.environment[0] == -1
    draw_any(state)
    state.apply(state.legal_actions()[0])
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    assert state.legal_actions() == [DrawEnvironment()]


def test_r11_only_the_player_whose_turn_it_is_can_complete():
    state = started(players=2, seed=3)
    set_environment(state, 1, env_id("coral_reef"))
    give(state, 1, play=[card_id("gills"), card_id("camouflage")])  # met, but not checked yet
    give(state, 0, hand=[card_id("mimicry"), card_id("blubber"), card_id("hard_shell")])
    draw_any(state)
    state.apply(PlayCard(card_id("mimicry")))
    assert state.completed[1] == []
    draw_any(state)
    state.apply(state.legal_actions()[0])
    assert state.completed[1] == [env_id("coral_reef")]


# -- R12: the environment deck runs out -----------------------------------------------------------
def test_r12_set_aside_environments_are_shuffled_into_a_new_deck():
    state = started(players=2, seed=3)
    state.set_aside = list(state.environment_deck)  # all the rest completed already
    state.environment_deck = []
    state.completed[0] = [state.environment[0]]
    state.set_aside.append(state.environment[0])
    state.environment[0] = -1
    state.phase = "environment"
    state._legal = None
    events = state.apply(DrawEnvironment())
    assert any(e.kind == "shuffle" for e in events)
    assert len(state.environment_deck) + len(state.set_aside) == 12 - 1 - 1 + (
        1 if state.environment[0] < 0 else 0
    )
    assert all_environments(state) == list(range(12))
    assert len(state.completed[0]) in (1, 2)


# -- R13: players ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 7, 12])
def test_r13_two_to_six_players(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game(players=players)


@pytest.mark.parametrize(
    "bad",
    [
        {"players": "4"},
        {"players": True},
        {"max_rounds": 0},
        {"max_rounds": 2.5},
        {"max_rounds": 10_001},
    ],
)
def test_r13_bad_options_are_refused_with_a_clear_message(bad):
    with pytest.raises(ValueError):
        new_game(**bad)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r13_every_player_count_can_be_set_up(players):
    state = started(players=players, seed=1)
    assert len(state.environment_deck) == 12 - players
    assert all(len(hand) == 3 for hand in state.hands)


# -- R14: time runs out ---------------------------------------------------------------------------
def test_r14_the_game_ends_after_max_rounds_most_completions_win():
    state = started(players=3, seed=3, max_rounds=2)
    state.completed[2] = [99]  # a marker: player 3 has completed one environment
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.ended_by_time and state.turns == 6
    assert state.winners == [2]


def test_r14_ties_are_broken_by_the_match_then_shared():
    state = started(players=2, seed=3, max_rounds=1)
    set_environment(state, 0, env_id("coral_reef"))
    set_environment(state, 1, env_id("cave"))
    give(
        state,
        0,
        play=[card_id("gills")],
        hand=[card_id("blubber"), card_id("large_ears"), card_id("fog_basking")],
    )
    give(state, 1, play=[], hand=[card_id("hard_shell"), card_id("mimicry"), card_id("camouflage")])
    draw_any(state)
    state.apply(PlayCard(card_id("blubber")))
    draw_any(state)
    state.apply(PlayCard(card_id("hard_shell")))
    assert state.is_over and state.winners == [0]
    again = started(players=2, seed=3, max_rounds=1)
    while not again.is_over:
        again.apply(again.legal_actions()[0])
    assert again.ended_by_time or again.winners


# -- R15: hidden information ----------------------------------------------------------------------
def test_r15_observations_hide_hands_face_down_cards_and_deck_order():
    state = started(players=3, seed=3)
    view = state.observation(1)
    assert view["hand"] == state.hands[1]
    text = json.dumps(state.observation(None))
    public = state.observation(None)
    assert public["hand"] is None
    assert "trait_deck" not in public and public["trait_deck_size"] == len(state.trait_deck)
    for stack in public["gene_pool"]:
        for slot in stack:
            if not slot["face_up"]:
                assert slot["card"] is None
    assert json.loads(text) == public
    for seat in view["seats"]:
        assert "hand" not in seat and seat["hand_size"] == 3


# -- R16: metrics ---------------------------------------------------------------------------------
def test_r16_the_match_is_one_between_environments_and_events_suffered_count():
    state = started(players=2, seed=3)
    set_environment(state, 0, env_id("coral_reef"))
    set_environment(state, 1, env_id("cave"))
    parasite = card_id("parasite")
    give(
        state,
        0,
        play=[card_id("gills")],
        hand=[card_id("camouflage"), card_id("mimicry"), card_id("blubber")],
    )
    give(state, 1, hand=[parasite, card_id("hard_shell"), card_id("large_ears")])
    assert state.metrics()[0]["match"] == 0.5
    draw_any(state)
    state.apply(PlayCard(card_id("camouflage")))
    row = state.metrics()[0]
    assert row["match"] == 1.0 and row["environments_completed"] == 1
    assert row["cards_in_play"] == 2 and row["turn"] == state.turns
    assert set(row) == {
        "player",
        "turn",
        "match",
        "environments_completed",
        "cards_in_play",
        "events_suffered",
    }
    draw_any(state)
    state.apply(PlayCard(parasite, 0))
    assert [r["events_suffered"] for r in state.metrics()] == [1, 0]
    assert state.metrics()[0]["cards_in_play"] == 3


def test_illegal_draw_of_a_missing_card_changes_nothing():
    state = started(players=2, seed=3)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Legal now"):
        state.apply(DrawFromGenePool(0, 9, (state.gene_pool.cards[0][9] + 1) % 52))
    assert state.fingerprint() == before


def test_r15_the_log_never_names_a_card_dealt_face_down_or_into_a_hand():
    """Deals, rebuilds and reshuffles say how many cards moved, never which ones."""
    names = {c.name for c in CARDS}
    for seed in range(20):
        state = new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            for event in state.apply(legal[rng.randrange(len(legal))]):
                if event.kind in ("deal", "rebuild", "shuffle"):
                    assert not any(name in event.text for name in names), event.text


def test_r15_the_setup_names_only_face_up_gene_pool_cards():
    """Face-down cards and the environments dealt in secret never appear in the setup's log."""
    environments = {e.name for e in ENVIRONMENTS}
    for seed in range(40):
        state = new_game(players=2 + seed % 5, seed=seed)
        pool = state.gene_pool
        shown = {card for stack in range(2) for _, card in pool.face_up_cards(stack)}
        hidden = {pool.cards[stack][position] for stack, position in pool.face_down()}
        secret = {CARDS[c].name for c in hidden} - {CARDS[c].name for c in shown}
        for event in state.setup_events:
            assert not any(name in event.text for name in secret | environments), event.text
            assert set(event.data.get("face_up", [])) <= shown
            named = {c.name for c in CARDS if c.name in event.text}
            assert named <= {CARDS[c].name for c in shown}
