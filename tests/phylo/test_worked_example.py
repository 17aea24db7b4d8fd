"""The rules' worked example, played step by step on our grid (a golden game).

Player 1 (seat 0) holds Valley oak, Indian plum, Horse, American robin and Eurasian lynx; Player 2
holds Sunflower, Eastern kingbird and Wildfire. The HOME cards are at D4 (Player 1) and E4.
The text's figures become the spaces below; the log of the whole example is kept in
golden/worked_example.txt (regenerate with EVO_REGOLD=1 and review the diff).
"""

from __future__ import annotations

from pathlib import Path

from evo_lessons.engine.testing import check_golden

from .helpers import act, at, at_risk, labels, play_spaces, table

GOLDEN = Path(__file__).parent / "golden" / "worked_example.txt"
REGENERATE = "EVO_REGOLD=1 python -m pytest tests/phylo/test_worked_example.py -o addopts=''"

HANDS = (
    ["valley_oak", "indian_plum", "horse", "american_robin", "eurasian_lynx"],
    ["sunflower", "eastern_kingbird", "wildfire", "earthworm", "turkey_tail"],
)


def start():
    return table(hands=HANDS, decks=(8, 8))


def player_1_first_turn(state, log):
    log += act(state, "Play Valley oak at C4")
    log += act(state, "Play Indian plum at C3")
    log += act(state, "Play Horse at C2")


def player_2_turn(state, log):
    log += act(state, "Play Sunflower at F4")
    log += act(state, "Play Eastern kingbird at G4")
    log += act(state, "Play Wildfire on Indian plum at C3")


def test_step_2_a_rank_1_species_may_start_beside_either_home():
    state = start()
    assert play_spaces(state, "valley_oak") == {"C4", "D3", "D5", "E3", "E5", "F4"}


def test_step_3_the_indian_plum_may_go_beside_the_oak_or_a_home():
    state = start()
    act(state, "Play Valley oak at C4")
    spaces = play_spaces(state, "indian_plum")
    assert {"C3", "B4", "C5"} <= spaces  # beside the oak: forest, warm in common
    assert {"D3", "F4"} <= spaces  # beside a HOME: any rank-1 species


def test_step_4_the_horse_fits_only_beside_a_plant_it_can_eat():
    state = start()
    act(state, "Play Valley oak at C4")
    act(state, "Play Indian plum at C3")
    spaces = play_spaces(state, "horse")
    assert "C2" in spaces  # option 1: HORSE to INDIAN PLUM to VALLEY OAK to HOME
    assert "E5" not in spaces and "F4" not in spaces  # beside a HOME only: no food


def test_step_6_player_2_builds_kingbird_to_sunflower_to_home():
    state = start()
    player_1_first_turn(state, [])
    assert state.turn_player == 1 and state.turn == 2
    sunflower = play_spaces(state, "sunflower")
    assert "F4" in sunflower
    act(state, "Play Sunflower at F4")
    kingbird = play_spaces(state, "eastern_kingbird")
    assert "G4" in kingbird
    assert len(kingbird) < len(play_spaces(state, "earthworm"))  # rank 2: fewer places


def test_step_7_wildfire_on_the_plum_leaves_the_horse_at_risk():
    state = start()
    player_1_first_turn(state, [])
    player_2_turn(state, [])
    assert at(state, "C3") is None  # the plum burned
    assert at(state, "C2") == "horse"  # still on the table ...
    assert at_risk(state) == {"horse"}  # ... but without food
    assert state.turn == 3 and state.turn_player == 0  # Player 1's turn to react


def test_step_8_without_a_reaction_the_horse_is_removed_at_the_end_of_player_1s_turn():
    state = start()
    player_1_first_turn(state, [])
    player_2_turn(state, [])
    log = act(state, "Play American robin at C5")
    log += act(state, "Pass: end the turn")
    assert at(state, "C2") is None
    assert any("Horse still has no compatible connection: removed" in line for line in log)
    assert state.lost[0] == 2  # the plum and the horse


def test_step_8_to_9_moving_the_horse_saves_it_and_the_lynx_tops_a_chain_of_three():
    state = start()
    player_1_first_turn(state, [])
    player_2_turn(state, [])
    act(state, "Move Horse from C2 to C3")
    assert at_risk(state) == set()
    robin = play_spaces(state, "american_robin")
    assert "C5" in robin  # beside the oak: an omnivore may eat a photosynthetic neighbour
    assert "B3" not in robin  # beside the horse only: the horse is too big to eat
    act(state, "Play American robin at C5")
    act(state, "Play Eurasian lynx at C6")
    assert (at(state, "C3"), at(state, "C5"), at(state, "C6")) == (
        "horse",
        "american_robin",
        "eurasian_lynx",
    )
    assert state.turn_player == 1  # the turn passed, and nothing was removed
    assert state.metrics()[0]["chain"] == 3  # LYNX -> ROBIN -> VALLEY OAK


def test_the_whole_worked_example_log_is_unchanged():
    state = start()
    log: list[str] = []
    player_1_first_turn(state, log)
    player_2_turn(state, log)
    log += act(state, "Move Horse from C2 to C3")
    log += act(state, "Play American robin at C5")
    log += act(state, "Play Eurasian lynx at C6")
    log.append(f"Legal for Player 2 now: {len(labels(state))} actions.")
    check_golden("\n".join(log) + "\n", GOLDEN, REGENERATE)
