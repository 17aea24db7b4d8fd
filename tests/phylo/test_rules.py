"""The rules of Phylo, one behaviour per test (rulings are in test_rulings.py).

Tables are set with ``table`` (see helpers.py): Player 1's HOME is at D4 and Player 2's at E4 on
the default 7 x 9 grid, and seat 0 (Player 1) is to act with three actions unless a test says so.
"""

from __future__ import annotations

import pytest

from evo_lessons.games.phylo import new_game
from evo_lessons.games.phylo.rules import CARDS, COLLECTION, HOME, PlayEvent
from evo_lessons.games.phylo.tables import compatible

from .helpers import act, at, at_risk, beneath_at, labels, play_spaces, table

SPECIES = COLLECTION.species


# -- the table at the start -------------------------------------------------------------------
def test_each_player_has_a_24_card_deck_a_home_and_draws_5():
    state = new_game(seed=3)
    first = state.turn_player
    for p in (0, 1):
        drawn = 6 if p == first else 5  # the first player has drawn for the first turn too
        assert len(state.hands[p]) == drawn
        assert len(state.decks[p]) == 24 - drawn
    assert [state.top[h] for h in state.homes] == [0, 1]


def test_the_two_home_cards_lie_side_by_side():
    state = new_game(seed=3)
    left, right = state.homes
    assert right == left + 1 and left // state.columns == right // state.columns


def test_a_coin_decides_who_starts():
    firsts = {new_game(seed=s).turn_player for s in range(20)}
    assert firsts == {0, 1}
    assert "A coin is tossed" in " ".join(e.text for e in new_game(seed=1).setup_events)


# -- a turn ------------------------------------------------------------------------------------
def test_a_turn_is_three_actions_then_the_other_player_draws_and_plays():
    state = table(hands=(["dandelion"] * 4, []), decks=(12, 5))
    for _ in range(3):
        act(state, "Discard Common dandelion to draw 3 cards")
    assert state.turn_player == 1 and state.turn == 2
    assert len(state.hands[1]) == 1  # the turn's draw
    assert state.actions_left == 3


def test_the_same_action_may_be_repeated():
    state = table(hands=(["dandelion", "dandelion", "sunflower"], []))
    act(state, "Play Common dandelion at C4")
    act(state, "Play Common dandelion at D3")
    assert state.actions_left == 1


def test_discarding_a_card_draws_three():
    state = table(hands=(["horse"], []), decks=(6, 6))
    act(state, "Discard Horse to draw 3 cards")
    assert len(state.hands[0]) == 3 and len(state.decks[0]) == 3
    assert [CARDS[state.card_of[i]].key for i in state.discards[0]] == ["horse"]


def test_passing_is_always_possible():
    state = table()
    assert labels(state) == ["Pass: end the turn"]
    act(state, "Pass: end the turn")
    assert state.turn_player == 1


# -- compatibility -----------------------------------------------------------------------------
def reference_compatible(x, y) -> bool:
    """The issue's rules, restated plainly: x may be played beside y."""
    if y == "HOME":
        return x.rank == 1 and x.diet != "parasite"
    if not (set(x.terrains) & set(y.terrains) and set(x.climates) & set(y.climates)):
        return False
    if x.diet == "parasite":
        return False
    if x.rank == 1:
        return True
    plant = y.diet == "photosynthetic"
    if x.diet == "omnivore" and plant:
        return True
    if x.diet == "herbivore":  # plants, and fungi where the real diet lists them (R20)
        fungus = y.group == "fungus" and "fungus" in x.eats
        return (plant or fungus) and y.rank == x.rank - 1
    if x.diet in ("carnivore", "omnivore"):
        return not plant and y.rank == x.rank - 1 and x.scale > y.scale
    return False


def test_compatibility_matches_the_rules_for_every_pair_of_species():
    for x in SPECIES:
        assert compatible(x, HOME) == reference_compatible(x, "HOME"), x.key
        for y in SPECIES:
            assert compatible(x, y.id) == reference_compatible(x, y), (x.key, y.key)


def test_on_a_small_board_a_species_fits_beside_another_exactly_when_compatible():
    # 3 x 6 grid: HOMEs at C2 and D2; a card at A1 is the only neighbour of B1 and A2
    for y in SPECIES:
        state = table(
            hands=([x.key for x in SPECIES], []),
            placed=[(y.key, 1, "A1")],
            rows=3,
            columns=6,
        )
        # play_spaces for every card of the hand, from one list of the state's legal actions (it
        # lists them all for each card it is asked about: 2 x 100-odd lists per placed species)
        actions = [str(a) for a in state.legal_actions()]
        spaces = {
            x.key: {a.rsplit(" at ", 1)[1] for a in actions if a.startswith(f"Play {x.name} at ")}
            for x in SPECIES
        }
        assert spaces[SPECIES[0].key] == play_spaces(state, SPECIES[0].key)  # the same reading
        fits = {x.key for x in SPECIES if {"B1", "A2"} <= spaces[x.key]}
        none = {x.key for x in SPECIES if not {"B1", "A2"} & spaces[x.key]}
        expected = {x.key for x in SPECIES if reference_compatible(x, y)}
        assert fits == expected, y.key
        assert none == {x.key for x in SPECIES} - expected, y.key


def test_any_rank_1_species_may_be_played_beside_either_home():
    state = table(hands=([s.key for s in SPECIES], []))
    beside_homes = {"C4", "D3", "D5", "E3", "E5", "F4"}
    for s in SPECIES:
        if s.rank == 1 and s.diet != "parasite":
            assert play_spaces(state, s.key) == beside_homes, s.key
        else:
            assert play_spaces(state, s.key) == set(), s.key


def test_one_neighbour_must_meet_every_condition_on_its_own():
    # the lynx needs food (the robin, smaller) and shared terrain and climate in ONE neighbour:
    # a rank-3 robin of the wrong climate on one side and a cold forest on the other do not add up
    state = table(
        hands=(["eurasian_lynx"], []),
        placed=[("roadrunner", 1, "B2"), ("scots_pine", 1, "A3")],
    )
    assert "A2" not in play_spaces(state, "eurasian_lynx")


def test_a_species_is_played_only_on_an_empty_space():
    state = table(hands=(["dandelion"], []), placed=[("valley_oak", 0, "C4")])
    assert "C4" not in play_spaces(state, "dandelion")


def test_herbivores_eat_larger_plants_but_carnivores_need_smaller_prey():
    oak, horse, robin = (COLLECTION.by_key(k) for k in ("valley_oak", "horse", "american_robin"))
    assert horse.scale < oak.scale and compatible(horse, oak.id)
    assert robin.scale < horse.scale and not compatible(robin, horse.id)


def test_an_omnivore_may_always_eat_a_photosynthetic_neighbour():
    robin = COLLECTION.by_key("american_robin")  # rank 3
    oak = COLLECTION.by_key("valley_oak")  # rank 1
    assert compatible(robin, oak.id)


def test_at_most_two_species_share_a_space():
    state = table(
        hands=(["blacklegged_tick", "blacklegged_tick", "dandelion"], []),
        placed=[("horse", 0, "C4")],
    )
    act(state, "Play Blacklegged tick (PARASITIC) beneath Horse at C4")
    assert not any("beneath" in label for label in labels(state))  # a third is refused
    assert "C4" not in play_spaces(state, "dandelion")


# -- keywords ----------------------------------------------------------------------------------
def invasion_table():
    return table(
        hands=([], ["cane_toad", "red_oat_grass"]),
        placed=[
            ("red_eyed_tree_frog", 0, "C3"),
            ("orchid_bee", 0, "C2"),
            ("brazil_nut", 0, "B2"),
        ],
        player=1,
    )


def test_invasive_replaces_a_species_it_names_and_discards_it():
    state = invasion_table()
    act(state, "Play Cane toad (INVASIVE) at C3, replacing Red-eyed tree frog")
    assert at(state, "C3") == "cane_toad"
    assert [CARDS[state.card_of[i]].key for i in state.discards[0]] == ["red_eyed_tree_frog"]
    assert state.lost[0] == 1


def test_invasive_gives_its_space_its_own_terrain_and_climate():
    state = invasion_table()
    assert "B3" not in play_spaces(state, "red_oat_grass")  # frog and nut: forest only
    act(state, "Play Cane toad (INVASIVE) at C3, replacing Red-eyed tree frog")
    assert "B3" in play_spaces(state, "red_oat_grass")  # the toad lives in grassland too


def test_invasive_cannot_replace_a_group_it_does_not_name():
    state = invasion_table()
    assert not any("replacing Orchid bee" in label for label in labels(state))


def test_parasitic_goes_beneath_a_host_and_scores():
    state = table(hands=(["blacklegged_tick"], []), placed=[("horse", 1, "C4")])
    act(state, "Play Blacklegged tick (PARASITIC) beneath Horse at C4")
    assert beneath_at(state, "C4") == "blacklegged_tick" and at(state, "C4") == "horse"
    assert state.scores()[0] == COLLECTION.by_key("blacklegged_tick").points


def test_a_parasite_gives_its_space_nothing():
    # a lone tick (its host moved away) is no neighbour for anything
    state = table(
        hands=(["valley_oak"], []),
        placed=[("indian_plum", 0, "B2")],
        beneath=[("blacklegged_tick", 0, "B3")],
    )
    assert "B3" not in play_spaces(state, "valley_oak")  # occupied
    assert "A3" not in play_spaces(state, "valley_oak")  # beside the tick only
    assert "blacklegged_tick" in at_risk(state)


def moves_of(state, name: str) -> set[str]:
    return {a.split(" to ")[1] for a in labels(state) if a.startswith(f"Move {name} from")}


def test_a_moved_species_must_land_where_it_is_compatible():
    # the horse at C3 eats the oak at C4; MOVE 2 can only reach C5, the oak's other side
    state = table(placed=[("horse", 0, "C3"), ("valley_oak", 0, "C4")])
    assert moves_of(state, "Horse") == {"C5"}


ROW_OF_FOOD = [("dandelion", 1, s) for s in ("A1", "B1", "C1", "D1", "F1", "G1", "H1", "I1")]


def test_move_reaches_up_to_n_spaces_in_a_straight_line():
    state = table(placed=[("horse", 0, "E2"), *ROW_OF_FOOD])
    # MOVE 2: two spaces along the row either way, or up into the gap; not B2, H2 or diagonals
    assert moves_of(state, "Horse") == {"C2", "D2", "F2", "G2", "E1"}


def test_flight_may_also_go_diagonally():
    placed = [("dandelion", 1, "D1")]
    horse = table(placed=[("horse", 0, "E3"), *placed])
    robin = table(placed=[("american_robin", 0, "E3"), *placed])
    assert moves_of(horse, "Horse") == {"E1"}  # straight up, beside the dandelion
    # FLIGHT 2: also one or two steps diagonally (D2, C1), each beside the dandelion
    assert moves_of(robin, "American robin") == {"E1", "D2", "C1"}


def test_spread_needs_its_condition_and_costs_no_action():
    no_bee = table(hands=(["sunflower"], []), placed=[("sunflower", 0, "B2")])
    assert not any(a.startswith("Spread") for a in labels(no_bee))
    state = table(
        hands=(["sunflower"], []), placed=[("sunflower", 0, "B2"), ("honey_bee", 1, "B3")]
    )
    act(state, "Spread Sunflower to B1 (free)")
    assert at(state, "B1") == "sunflower" and state.actions_left == 3


def test_spread_by_wind_needs_a_wind_event_this_turn():
    state = table(hands=(["dandelion", "strong_wind"], []), placed=[("dandelion", 0, "B2")])
    assert not any(a.startswith("Spread") for a in labels(state))
    act(state, "Play Strong wind on Common dandelion at B2")
    assert "Spread Common dandelion to B1 (free)" in labels(state)


# -- events ------------------------------------------------------------------------------------
EVENT_CASES = [
    # event, P2's cards (key, space), the target's space, cards expected gone, cards kept
    ("wildfire", [("valley_oak", "B3"), ("horse", "B2")], "B3", {"B3"}, {"B2"}),
    (
        "flood",
        [("horse", "B3"), ("dandelion", "B2"), ("valley_oak", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    (
        "drought",
        [("capybara", "B3"), ("duckweed", "B2"), ("jaguar", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    (
        "heatwave",
        [("scots_pine", "B3"), ("reindeer_lichen", "B2"), ("valley_oak", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    (
        "cold_snap",
        [("baobab", "B3"), ("giraffe", "B2"), ("red_fox", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    (
        "chytrid",
        [
            ("cane_toad", "B3"),
            ("red_eyed_tree_frog", "B2"),
            ("strawberry_poison_frog", "B1"),
            ("orchid_bee", "A3"),
            ("common_frog_stand_in", "A2"),
        ],
        "B3",
        {"B3", "B2", "B1"},
        {"A3"},
    ),
    (
        "bird_flu",
        [
            ("american_robin", "B3"),
            ("eastern_kingbird", "B2"),
            ("tawny_owl", "B1"),
            ("red_fox", "A3"),
            ("bald_eagle", "A4"),
        ],
        "B3",
        {"B3", "B2", "B1"},
        {"A3", "A4"},
    ),
    (
        "oil_spill",
        [("giant_kelp", "B3"), ("pacific_sardine", "B2"), ("valley_oak", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    ("logging", [("scots_pine", "B3"), ("indian_plum", "B2")], "B3", {"B3"}, {"B2"}),
    (
        "pesticide",
        [("honey_bee", "B3"), ("monarch", "B2"), ("horse", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    ("overfishing", [("chinook_salmon", "B3"), ("pacific_sardine", "B2")], "B3", {"B3"}, {"B2"}),
    (
        "hurricane",
        [("kapok", "B3"), ("brazil_nut", "B2"), ("agouti", "A3")],
        "B3",
        {"B3", "B2"},
        {"A3"},
    ),
    (
        "algal_bloom",
        [
            ("red_bellied_piranha", "B3"),
            ("neon_tetra", "B2"),
            ("cane_toad", "A3"),
            ("capybara", "B4"),
        ],
        "B3",
        {"B3", "B2", "A3"},
        {"B4"},
    ),
]


@pytest.mark.parametrize(
    ("event", "cards", "target", "gone", "kept"), EVENT_CASES, ids=[c[0] for c in EVENT_CASES]
)
def test_each_disturbance_event_discards_what_its_card_says(event, cards, target, gone, kept):
    cards = [(k, s) for k, s in cards if k != "common_frog_stand_in"]
    state = table(hands=([event], []), placed=[(k, 1, s) for k, s in cards])
    name = COLLECTION.by_key(event).name
    victim = COLLECTION.by_key(dict((s, k) for k, s in cards)[target]).name
    act(state, f"Play {name} on {victim} at {target}")
    assert {s for _k, s in cards if at(state, s) is None} == gone
    assert all(at(state, s) is not None for s in kept)
    assert state.lost[1] == len(gone)


def test_logging_and_overfishing_refuse_targets_below_their_size():
    state = table(
        hands=(["logging", "overfishing"], []),
        placed=[("indian_plum", 1, "B2"), ("neon_tetra", 1, "B3")],
    )
    assert not any(isinstance(a, PlayEvent) for a in state.legal_actions())


def test_pollinator_boom_lets_a_pollinator_plant_spread_this_turn():
    state = table(hands=(["sunflower", "pollinator_boom"], []), placed=[("sunflower", 0, "B2")])
    assert not any(a.startswith("Spread") for a in labels(state))  # no pollinator about
    act(state, "Play Pollinator boom on Sunflower at B2")
    assert "Spread Sunflower to B1 (free)" in labels(state)


def test_migration_moves_your_species_to_safety():
    state = table(
        hands=(["migration"], []),
        placed=[("horse", 0, "B1"), ("valley_oak", 0, "C4")],
    )
    assert "horse" in at_risk(state)
    act(state, "Play Migration on Horse at B1")
    assert at(state, "B1") is None and at_risk(state) == set()


def test_migration_is_only_for_your_own_mobile_species():
    state = table(hands=(["migration"], []), placed=[("horse", 1, "B1"), ("valley_oak", 0, "C4")])
    assert not any(a.startswith("Play Migration") for a in labels(state))


def test_mast_year_draws_two_cards():
    state = table(hands=(["mast_year"], []), placed=[("valley_oak", 0, "C4")], decks=(5, 5))
    act(state, "Play Mast year on Valley oak at C4")
    assert len(state.hands[0]) == 2 and len(state.decks[0]) == 3


def test_only_one_event_a_turn():
    state = table(
        hands=(["wildfire", "wildfire"], []),
        placed=[("valley_oak", 1, "B2"), ("indian_plum", 1, "B3")],
    )
    act(state, "Play Wildfire on Valley oak at B2")
    assert not any(isinstance(a, PlayEvent) for a in state.legal_actions())


def test_events_have_domino_effects_through_the_web():
    # the fire takes the plum; the horse that ate it is left without food
    state = table(
        hands=(["wildfire"], []),
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")],
    )
    act(state, "Play Wildfire on Indian plum at B2")
    assert at_risk(state) == {"horse"}


# -- broken links ------------------------------------------------------------------------------
def test_a_card_at_risk_survives_the_turn_it_broke_in():
    state = table(hands=(["wildfire"], []), placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")])
    act(state, "Play Wildfire on Indian plum at B2")
    act(state, "Pass: end the turn")
    assert at(state, "B1") == "horse"


def test_a_card_still_at_risk_after_the_reaction_turn_is_removed():
    state = table(hands=(["wildfire"], []), placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")])
    act(state, "Play Wildfire on Indian plum at B2")
    act(state, "Pass: end the turn")  # Player 1's turn ends
    act(state, "Pass: end the turn")  # Player 2's reaction turn ends without a reaction
    assert at(state, "B1") is None and state.lost[1] == 2


def test_a_reconnected_card_is_safe():
    state = table(
        hands=(["wildfire"], ["valley_oak"]),
        placed=[("indian_plum", 1, "B2"), ("horse", 1, "B1")],
    )
    act(state, "Play Wildfire on Indian plum at B2")
    act(state, "Pass: end the turn")
    act(state, "Play Valley oak at A1")  # Player 2 feeds the horse
    assert at_risk(state) == set()
    act(state, "Pass: end the turn")
    assert at(state, "B1") == "horse"


# -- the end -----------------------------------------------------------------------------------
def test_taking_the_last_card_ends_the_game_after_the_other_players_turn():
    state = table(hands=(["dandelion"], []), decks=(2, 5))
    act(state, "Discard Common dandelion to draw 3 cards")  # takes the last 2
    assert state.end_after == 2
    act(state, "Pass: end the turn")
    assert not state.is_over and state.turn_player == 1
    act(state, "Pass: end the turn")
    assert state.is_over


def test_the_score_counts_species_on_the_table_beneath_included():
    state = table(
        placed=[("valley_oak", 0, "C4"), ("horse", 0, "C3"), ("sunflower", 1, "F4")],
        beneath=[("blacklegged_tick", 1, "C3")],
        decks=(0, 0),
    )
    state.end_after = 1
    act(state, "Pass: end the turn")
    points = {k: COLLECTION.by_key(k).points for k in ("valley_oak", "horse", "sunflower")}
    tick = COLLECTION.by_key("blacklegged_tick").points
    assert state.scores() == [points["valley_oak"] + points["horse"], points["sunflower"] + tick]


def test_most_points_wins_and_equal_points_share_the_win():
    state = table(placed=[("valley_oak", 0, "C4"), ("valley_oak", 1, "F4")], decks=(0, 0))
    state.end_after = 1
    act(state, "Pass: end the turn")
    assert state.winners == [0, 1]
    state = table(placed=[("valley_oak", 0, "C4")], decks=(0, 0))
    state.end_after = 1
    act(state, "Pass: end the turn")
    assert state.winners == [0]


# -- call your bluff ---------------------------------------------------------------------------
def test_a_bluff_called_lets_the_challenger_remove_any_card():
    # a Eurasian lynx (Palearctic) eating an American robin (Nearctic): they never meet
    state = table(
        placed=[("valley_oak", 1, "C4"), ("american_robin", 1, "C5"), ("eurasian_lynx", 1, "C6")],
        realism=True,
    )
    log = act(state, "Call the bluff on Eurasian lynx at C6 beside American robin at C5")
    assert "bluff" in log[0] and "never meet" in log[0]
    assert state.current_player == 0
    act(state, "Remove Valley oak at C4")
    # immediate consequences: the robin loses its food, then the lynx: both go at once
    assert at(state, "C5") is None and at(state, "C6") is None


def test_a_true_link_challenged_lets_the_other_player_remove_a_card():
    state = table(
        placed=[("umbrella_thorn", 1, "C4"), ("giraffe", 1, "C5"), ("valley_oak", 0, "D5")],
        realism=True,
    )
    act(state, "Call the bluff on Giraffe at C5 beside Umbrella thorn acacia at C4")
    assert state.current_player == 1
    act(state, "Remove Valley oak at D5")
    assert at(state, "D5") is None and state.current_player == 0
    assert state.actions_left == 2  # the challenge was one action
