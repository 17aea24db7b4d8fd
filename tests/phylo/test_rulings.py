"""The numbered rulings R1-R20 of rules.py's docstring: where the text is silent, what we decided.

Each test's name starts with its ruling's number. Tables come from ``table`` (helpers.py):
Player 1's HOME at D4, Player 2's at E4, Player 1 to act with three actions.
"""

from __future__ import annotations

from collections import Counter

import pytest

from evo_lessons.games.phylo import build_actions, new_game
from evo_lessons.games.phylo.rules import CARDS, COLLECTION, ChooseOpening, PickCard, PlayEvent

from .helpers import act, at, at_risk, beneath_at, card, labels, play_spaces, space, table


def moves_of(state, name: str) -> set[str]:
    return {a.split(" to ")[1] for a in labels(state) if a.startswith(f"Move {name} from")}


# -- R1: the table ----------------------------------------------------------------------------
def test_r1_the_default_grid_is_7_by_9_with_the_homes_mid_table():
    state = new_game(seed=1)
    assert (state.rows, state.columns) == (7, 9)
    assert at(table(), "D4") == "HOME" and at(table(), "E4") == "HOME"


def test_r1_the_grid_size_is_an_option_and_cards_never_leave_it():
    state = table(rows=3, columns=4, placed=[("horse", 0, "A1"), ("dandelion", 1, "A2")])
    assert state.homes == (5, 6)  # B2 and C2 on a 3 x 4 grid
    assert moves_of(state, "Horse") <= {"B1", "C1", "A3"}
    with pytest.raises(ValueError, match="rows"):
        new_game(rows=2)


# -- R2: neighbours ----------------------------------------------------------------------------
def test_r2_a_diagonal_space_is_not_next_to_a_card():
    state = table(hands=(["dandelion"], []))
    assert "C3" not in play_spaces(state, "dandelion")  # diagonal to the HOME at D4


# -- R3: one neighbour at a time; HOME for anyone ----------------------------------------------
def test_r3_a_player_may_play_beside_the_other_players_home_and_cards():
    state = table(hands=(["dandelion", "horse"], []), placed=[("valley_oak", 1, "F4")])
    assert "F5" in play_spaces(state, "dandelion")  # beside Player 2's HOME
    assert "G4" in play_spaces(state, "horse")  # eating Player 2's oak


def test_r3_home_gives_no_food():
    state = table(hands=(["horse"], []))
    assert play_spaces(state, "horse") == set()


# -- R4: empty spaces --------------------------------------------------------------------------
def test_r4_a_space_holding_only_a_parasite_is_not_empty():
    state = table(hands=(["dandelion"], []), beneath=[("blacklegged_tick", 1, "C4")])
    assert "C4" not in play_spaces(state, "dandelion")


# -- R5: invasive ------------------------------------------------------------------------------
def test_r5_an_invader_needs_a_compatible_neighbour_of_the_space():
    state = table(hands=(["cane_toad"], []), placed=[("red_eyed_tree_frog", 1, "B2")])
    assert not any("INVASIVE" in a for a in labels(state))  # no insect for the toad to eat


def test_r5_a_parasite_beneath_the_replaced_species_stays():
    state = table(
        hands=(["eastern_grey_squirrel"], []),
        placed=[("red_squirrel", 1, "C3"), ("scots_pine", 1, "C2"), ("valley_oak", 0, "C4")],
        beneath=[("blacklegged_tick", 1, "C3")],
    )
    act(state, "Play Eastern grey squirrel (INVASIVE) at C3, replacing Red squirrel")
    assert at(state, "C3") == "eastern_grey_squirrel"
    assert beneath_at(state, "C3") == "blacklegged_tick"
    assert state.lost == [0, 1]


# -- R6: parasites -----------------------------------------------------------------------------
def test_r6_a_parasite_stays_alone_when_its_host_moves_away():
    state = table(
        placed=[("horse", 0, "C3"), ("valley_oak", 0, "C4")],
        beneath=[("blacklegged_tick", 1, "C3")],
    )
    act(state, "Move Horse from C3 to C5")
    assert at(state, "C3") is None and beneath_at(state, "C3") == "blacklegged_tick"
    assert at_risk(state) == {"blacklegged_tick"}


def test_r6_a_parasitic_card_with_an_ordinary_diet_may_be_played_normally():
    state = table(hands=(["mistletoe"], []), placed=[("valley_oak", 0, "C4")])
    assert "C4" in {a.split(" at ")[1] for a in labels(state) if "beneath" in a}
    assert "C3" in play_spaces(state, "mistletoe")  # as a plant beside the oak


# -- R7: moving --------------------------------------------------------------------------------
def test_r7_a_move_may_pass_over_other_cards():
    state = table(placed=[("horse", 0, "C3"), ("valley_oak", 0, "C4")])
    assert "C5" in moves_of(state, "Horse")  # over the oak


def test_r7_only_your_own_species_move_and_a_move_is_an_action():
    state = table(placed=[("horse", 1, "C3"), ("valley_oak", 0, "C4")])
    assert moves_of(state, "Horse") == set()
    mine = table(placed=[("horse", 0, "C3"), ("valley_oak", 0, "C4")])
    act(mine, "Move Horse from C3 to C5")
    assert mine.actions_left == 2


# -- R8: spreading -----------------------------------------------------------------------------
def test_r8_spreading_is_beside_your_own_copy_only():
    state = table(
        hands=(["sunflower"], []), placed=[("sunflower", 1, "B2"), ("honey_bee", 1, "B3")]
    )
    assert not any(a.startswith("Spread") for a in labels(state))


def test_r8_after_the_third_action_the_turn_waits_for_a_spread():
    state = table(
        hands=(["sunflower", "dandelion", "dandelion", "dandelion"], []),
        placed=[("sunflower", 0, "B2"), ("honey_bee", 1, "B3")],
    )
    for where in ("C4", "D3", "D5"):
        act(state, f"Play Common dandelion at {where}")
    assert state.turn_player == 0 and state.actions_left == 0
    assert "Pass: end the turn" in labels(state)
    act(state, "Spread Sunflower to B1 (free)")
    assert state.turn_player == 1  # nothing left to spread: the turn ends


# -- R9: passing -------------------------------------------------------------------------------
def test_r9_passing_ends_the_turn_with_actions_left():
    state = table(hands=(["dandelion"], []))
    act(state, "Play Common dandelion at C4")
    act(state, "Pass: end the turn")
    assert state.turn_player == 1 and state.turn == 2


# -- R10: events -------------------------------------------------------------------------------
def test_r10_events_are_never_played_on_a_home_or_a_parasite_beneath():
    state = table(
        hands=(["pesticide"], []),
        placed=[("horse", 1, "C3")],
        beneath=[("tsetse_fly", 1, "C3")],
    )
    assert not any(isinstance(a, PlayEvent) for a in state.legal_actions())


def test_r10_the_event_goes_to_its_players_discard_and_victims_to_their_owners():
    state = table(hands=(["wildfire"], []), placed=[("valley_oak", 1, "C4")])
    act(state, "Play Wildfire on Valley oak at C4")
    piles = [[CARDS[state.card_of[i]].key for i in pile] for pile in state.discards]
    assert piles == [["wildfire"], ["valley_oak"]]
    assert state.lost == [0, 1]


def test_r10_an_event_may_hit_your_own_species():
    state = table(hands=(["wildfire"], []), placed=[("valley_oak", 0, "C4")])
    assert "Play Wildfire on Valley oak at C4" in labels(state)


# -- R11: the timing of broken links -----------------------------------------------------------
def test_r11_your_own_breakage_is_removed_at_the_end_of_the_opponents_next_turn():
    state = table(
        hands=(["wildfire"], []),
        placed=[("indian_plum", 0, "B2"), ("horse", 0, "B1")],
    )
    act(state, "Play Wildfire on Indian plum at B2")  # Player 1 burns their own plum
    act(state, "Pass: end the turn")
    assert at(state, "B1") == "horse"  # Player 2's turn is still to come
    act(state, "Pass: end the turn")
    assert at(state, "B1") is None  # removed at the end of Player 2's turn


def test_r11_the_clock_starts_again_when_a_card_loses_its_link_a_second_time():
    state = table(
        hands=(["wildfire"], ["valley_oak", "wildfire"]),
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")],
    )
    act(state, "Play Wildfire on Indian plum at B2")  # turn 1: the horse at risk
    act(state, "Pass: end the turn")
    act(state, "Play Valley oak at A1")  # turn 2: fed again
    act(state, "Play Wildfire on Valley oak at A1")  # ... and at risk again, from turn 2
    assert state.risk == {state.top[space("B1")]: 2}
    act(state, "Pass: end the turn")
    assert at(state, "B1") == "horse"  # survives the end of turn 2: its new clock began in it


def test_r11_cards_left_unconnected_by_a_removal_go_one_turn_later():
    state = table(
        hands=(["wildfire"], []),
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1"), ("blacklegged_tick", 1, "A2")],
        beneath=[("blacklegged_tick", 1, "B1")],
    )
    act(state, "Play Wildfire on Indian plum at B2")
    act(state, "Pass: end the turn")
    act(state, "Pass: end the turn")  # end of turn 2: the horse goes, its tick is left hostless
    assert at(state, "B1") is None and beneath_at(state, "B1") == "blacklegged_tick"
    assert "blacklegged_tick" in at_risk(state)
    act(state, "Pass: end the turn")
    assert beneath_at(state, "B1") is None


# -- R12: the end ------------------------------------------------------------------------------
def test_r12_an_event_that_takes_the_last_card_also_ends_the_game():
    state = table(hands=(["mast_year"], []), placed=[("valley_oak", 0, "C4")], decks=(2, 9))
    act(state, "Play Mast year on Valley oak at C4")
    assert state.end_after == 2


def test_r12_the_last_turns_removal_step_happens_before_scoring():
    state = table(
        hands=(["wildfire"], []),
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")],
        decks=(0, 9),
        turn=1,
    )
    state.end_after = 2
    act(state, "Play Wildfire on Indian plum at B2")
    act(state, "Pass: end the turn")
    act(state, "Pass: end the turn")
    assert state.is_over and state.scores()[1] == 0


# -- R13: discarding, piles, hands -------------------------------------------------------------
def test_r13_with_fewer_than_three_cards_left_you_draw_what_there_is():
    state = table(hands=(["horse"], []), decks=(2, 9))
    act(state, "Discard Horse to draw 3 cards")
    assert len(state.hands[0]) == 2


def test_r13_no_discarding_to_draw_from_an_empty_deck():
    state = table(hands=(["horse"], []), decks=(0, 9))
    assert not any(a.startswith("Discard") for a in labels(state))


def test_r13_discard_piles_are_public_and_hands_have_no_limit():
    state = table(hands=(["horse"] * 12, []), decks=(9, 9))
    act(state, "Discard Horse to draw 3 cards")
    assert state.observation(1)["discards"][0] == [card("horse")]
    assert len(state.hands[0]) == 14


# -- R14: call your bluff ----------------------------------------------------------------------
def test_r14_a_challenge_is_an_action_once_a_turn_and_needs_an_opponents_card():
    state = table(
        placed=[("valley_oak", 0, "C4"), ("american_robin", 0, "C5"), ("eurasian_lynx", 0, "C6")],
        realism=True,
    )
    assert not any(a.startswith("Call the bluff") for a in labels(state))  # all mine
    state = table(
        placed=[("valley_oak", 1, "C4"), ("american_robin", 1, "C5"), ("horse", 1, "B4")],
        realism=True,
    )
    act(state, "Call the bluff on American robin at C5 beside Valley oak at C4")
    act(state, "Remove Horse at B4")
    assert state.actions_left == 2
    assert not any(a.startswith("Call the bluff") for a in labels(state))


def test_r14_a_diet_the_species_does_not_eat_is_a_bluff():
    state = table(placed=[("turkey_tail", 1, "C4"), ("eastern_kingbird", 1, "C5")], realism=True)
    log = act(state, "Call the bluff on Eastern kingbird at C5 beside Turkey tail at C4")
    assert "does not eat that kind of food (fungus" in log[0]
    assert state.current_player == 0


def test_r14_cards_at_risk_from_before_keep_their_clock():
    state = table(
        hands=(["wildfire"], []),
        placed=[
            ("indian_plum", 1, "B2"),
            ("horse", 1, "B1"),
            ("valley_oak", 1, "F4"),
            ("american_robin", 1, "F5"),
        ],
        realism=True,
    )
    act(state, "Play Wildfire on Indian plum at B2")
    act(state, "Call the bluff on American robin at F5 beside Valley oak at F4")
    act(state, "Remove Valley oak at F4")
    assert at(state, "F5") is None  # the robin went at once with its food
    assert at(state, "B1") == "horse"  # the horse was at risk before: it keeps its clock


def test_r14_realism_is_off_by_default():
    state = table(placed=[("valley_oak", 1, "C4"), ("american_robin", 1, "C5")])
    assert not any(a.startswith("Call the bluff") for a in labels(state))


# -- R15: decks --------------------------------------------------------------------------------
def test_r15_random_themed_decks_are_two_different_ready_made_decks():
    for seed in range(30):
        state = new_game(seed=seed)
        decks = [e.data["deck"] for e in state.setup_events if e.kind == "deck"]
        assert len(set(decks)) == 2


def test_r15_a_named_deck_is_dealt_exactly():
    state = new_game(seed=2, deck_1="kelp_forest", deck_2="savanna")
    mine = [state.card_of[i] for i in state.decks[0] + state.hands[0]]
    assert Counter(mine) == Counter(COLLECTION.deck("kelp_forest").cards)


def test_r15_the_pool_is_dealt_alternately_from_the_shuffled_collection():
    state = new_game(seed=4, decks="pool", deck_size=30)
    cards = [state.card_of[i] for p in (0, 1) for i in state.decks[p] + state.hands[p]]
    assert len(cards) == 60 and len(set(cards)) == 60  # one copy of each card in the pool


def test_r15_the_deck_builder_takes_a_tuple_of_card_ids_checked():
    ids = COLLECTION.deck("woodland").cards
    state = new_game(seed=5, decks="build")
    for action in build_actions(ids) + build_actions(COLLECTION.deck("savanna").cards):
        state.apply(action)
    assert state.phase == "play"
    mine = [state.card_of[i] for i in state.decks[0] + state.hands[0]]
    assert Counter(mine) == Counter(ids)
    with pytest.raises(ValueError, match="exactly 24"):
        build_actions(ids[:23])
    with pytest.raises(ValueError, match="at most 2 copies"):
        build_actions((ids[0],) * 3 + ids[3:])


def test_r15_the_builder_offers_no_third_copy_and_hides_the_picks():
    state = new_game(seed=6, decks="build")
    state.apply(PickCard(0))
    state.apply(state.legal_actions()[0])
    assert PickCard(0) not in state.legal_actions()
    assert state.observation(0)["picks"] == [0, 0]
    assert state.observation(1)["picks"] == []  # Player 2 sees only their own (none yet)
    assert state.observation(None)["picked"] == [2, 0]  # everyone sees how many


# -- R16 and R17 -------------------------------------------------------------------------------
def test_r16_the_first_player_draws_at_the_start_of_the_first_turn():
    state = new_game(seed=8)
    first = state.turn_player
    assert len(state.hands[first]) == 6 and len(state.hands[1 - first]) == 5


def test_r17_migration_with_nowhere_to_go_does_nothing():
    state = table(hands=(["migration"], []), placed=[("horse", 0, "A1")])
    log = act(state, "Play Migration on Horse at A1")
    assert at(state, "A1") == "horse"
    assert any("nowhere to migrate" in line for line in log)


def test_r17_mast_year_draws_what_the_deck_has():
    state = table(hands=(["mast_year"], []), placed=[("valley_oak", 0, "C4")], decks=(1, 9))
    act(state, "Play Mast year on Valley oak at C4")
    assert len(state.hands[0]) == 1 and state.decks[0] == []


# -- R18: the preselected opening hand -----------------------------------------------------------
def test_r18_the_opening_hand_is_drawn_at_random_unless_the_option_is_on():
    assert new_game(seed=4).options["preselect"] is False
    state = new_game(seed=4)
    assert state.phase == "play"
    assert sorted(len(h) for h in state.hands) == [5, 6]  # five each, and the first turn's card


def test_r18_each_player_picks_five_cards_of_their_own_deck_player_1_first():
    state = new_game(seed=4, preselect=True)
    assert state.phase == "preselect" and state.current_player == 0
    own = Counter(state.card_of[i] for i in state.decks[0])
    assert {a.card for a in state.legal_actions()} == set(own)
    assert all(str(a).startswith("Take ") for a in state.legal_actions())
    chosen = []
    for _ in range(5):
        action = state.legal_actions()[-1]
        chosen.append(action.card)
        state.apply(action)
    assert sorted(state.card_of[i] for i in state.hands[0]) == sorted(chosen)
    assert state.current_player == 1 and state.phase == "preselect"
    assert len(state.decks[0]) == 24 - 5


def test_r18_after_both_picks_the_coin_decides_and_the_first_turn_draws():
    state = new_game(seed=4, preselect=True)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    assert state.phase == "play" and state.turn == 1
    assert sorted(len(h) for h in state.hands) == [5, 6]  # the first player drew (R16)


def test_r18_a_player_sees_their_own_deck_while_picking_but_never_the_other():
    state = new_game(seed=4, preselect=True)
    mine = state.observation(0)
    assert mine["deck"] == sorted(state.card_of[i] for i in state.decks[0])
    assert "deck" not in state.observation(None)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    theirs = state.observation(0)
    assert "deck" in theirs and theirs["deck"] == sorted(state.card_of[i] for i in state.decks[0])
    assert theirs["hand"] == sorted(state.card_of[i] for i in state.hands[0])


def test_r18_picks_follow_built_decks():
    state = new_game(seed=2, decks="build", deck_size=12, preselect=True)
    for _ in range(24):
        state.apply(state.legal_actions()[0])
    assert state.phase == "preselect"


def test_r18_a_card_not_in_the_deck_cannot_be_picked():
    state = new_game(seed=4, preselect=True)
    absent = next(c.id for c in CARDS if c.id not in {state.card_of[i] for i in state.decks[0]})
    with pytest.raises(ValueError, match="Illegal"):
        state.apply(ChooseOpening(absent))


# -- R19: wildfire burns any plant ---------------------------------------------------------------
@pytest.mark.parametrize(
    "plant, where",
    [("giant_water_lily", "freshwater"), ("saguaro", "desert"), ("arctic_willow", "tundra")],
)
def test_r19_wildfire_may_be_played_on_a_plant_of_any_terrain(plant, where):
    state = table(hands=(["wildfire"], []), placed=[(plant, 1, "B2")])
    assert where in CARDS[card(plant)].terrains
    name = COLLECTION.by_key(plant).name
    assert f"Play Wildfire on {name} at B2" in labels(state)
    act(state, f"Play Wildfire on {name} at B2")
    assert at(state, "B2") is None


def test_r19_wildfire_is_never_played_on_an_alga_or_a_fungus():
    state = table(
        hands=(["wildfire"], []),
        placed=[("giant_kelp", 1, "B2"), ("turkey_tail", 1, "B5"), ("reindeer_lichen", 1, "H2")],
    )
    assert not [a for a in labels(state) if a.startswith("Play Wildfire")]


# -- R20: fungus eaters --------------------------------------------------------------------------
def test_r20_the_leafcutter_ant_may_be_played_beside_the_fungus_it_farms():
    state = table(hands=(["leafcutter_ant"], []), placed=[("leafcutter_fungus", 1, "B2")])
    assert {"A2", "B1", "B3", "C2"} <= play_spaces(state, "leafcutter_ant")


def test_r20_the_fungus_keeps_the_ant_connected_after_its_plant_burns():
    state = table(
        hands=(["wildfire"], []),
        placed=[("leafcutter_fungus", 1, "A2"), ("cecropia", 1, "C2"), ("leafcutter_ant", 1, "B2")],
    )
    act(state, "Play Wildfire on Trumpet tree at C2")
    assert at(state, "B2") == "leafcutter_ant" and "leafcutter_ant" not in at_risk(state)


def test_r20_a_herbivore_that_eats_no_fungi_gets_no_food_from_one():
    state = table(hands=(["horse"], []), placed=[("turkey_tail", 1, "B2")])
    assert not {"A2", "B1", "B3", "C2"} & play_spaces(state, "horse")
