"""A turn's legal list counts its plays, events and discards, and names only the one picked.

``choices.TurnChoices`` counts a turn's event plays from the index's count of the species each
event card may target (``index.aimed``, by owner for the cards that say "your own", R10) and
its discards from the hand (R13); test_incremental_legal.py checks every decision of many
games against ``reference.py``. These tests pin the cases a random game meets rarely: an event
for your own species beside the other player's, a count that follows a species off the table,
and a list read after its decision.
"""

from __future__ import annotations

import pytest

from evo_lessons.games.phylo import index as index_module
from evo_lessons.games.phylo import placement, reference
from evo_lessons.games.phylo import tables as T
from evo_lessons.games.phylo.actions import DiscardToDraw, PlayEvent
from evo_lessons.games.phylo.choices import TurnChoices

from .helpers import act, card, labels, table


def events(state) -> list[str]:
    return [label for label in labels(state) if label.startswith("Play ") and " on " in label]


def aimed(state, key: str, owner: int) -> int:
    return state.index.aimed[2 * card(key) + owner]


def test_an_event_for_your_own_species_counts_only_yours():
    state = table(hands=(["migration"], []), placed=[("horse", 0, "B1"), ("horse", 1, "F4")])
    choices = state.choices()
    assert isinstance(choices, TurnChoices)
    assert (aimed(state, "migration", 0), aimed(state, "migration", 1)) == (1, 1)
    assert events(state) == ["Play Migration on Horse at B1"]
    assert sum(type(a) is PlayEvent for a in choices) == 1


def test_an_event_for_anyones_species_counts_both_players():
    state = table(
        hands=(["wildfire"], []), placed=[("valley_oak", 0, "C4"), ("valley_oak", 1, "F4")]
    )
    assert (aimed(state, "wildfire", 0), aimed(state, "wildfire", 1)) == (1, 1)
    assert events(state) == [
        "Play Wildfire on Valley oak at C4",
        "Play Wildfire on Valley oak at F4",
    ]


def test_the_count_follows_a_species_off_the_table():
    state = table(
        hands=(["wildfire", "wildfire"], ["wildfire"]),
        placed=[("valley_oak", 0, "C4"), ("valley_oak", 1, "F4")],
    )
    act(state, "Play Wildfire on Valley oak at F4")
    assert (aimed(state, "wildfire", 0), aimed(state, "wildfire", 1)) == (1, 0)
    act(state, "Pass: end the turn")  # Player 2 may burn the oak left
    assert events(state) == ["Play Wildfire on Valley oak at C4"]


def woodland_and_savanna(hand: str, placed: list[tuple[str, int, str]]):
    """Player 1 holds ``hand`` in a game of the woodland and savanna decks (decks filled with a
    woodland card, so only the cards named can come from elsewhere)."""
    return table(
        hands=([hand], []), placed=placed, filler="red_fox", deck_1="woodland", deck_2="savanna"
    )


def test_a_game_of_ready_made_decks_counts_only_its_own_events_targets():
    # every card from the two decks: the game keeps its own numbering and its own events
    state = woodland_and_savanna("migration", [("red_fox", 0, "B1"), ("valley_oak", 1, "F4")])
    own = state.index.bits.events
    assert own is not None and card("migration") in own and card("wildfire") not in own
    assert all(k // 2 in own for keys in state.index.aimed_by for k in keys)
    assert aimed(state, "migration", 0) == 1
    assert events(state) == ["Play Migration on Red fox at B1"]
    assert state.legal_actions() == reference.legal_actions(state)


def test_an_event_from_outside_the_games_decks_still_counts_its_targets():
    # an event set into a hand from elsewhere (not in woodland or savanna) makes the index
    # count every event's targets, as it numbers species by card id for a foreign species
    state = woodland_and_savanna("wildfire", [("valley_oak", 0, "C4"), ("valley_oak", 1, "F4")])
    assert state.index.bits is T.CARD_BITS
    assert (aimed(state, "wildfire", 0), aimed(state, "wildfire", 1)) == (1, 1)
    assert events(state) == [
        "Play Wildfire on Valley oak at C4",
        "Play Wildfire on Valley oak at F4",
    ]
    assert state.legal_actions() == reference.legal_actions(state)


def test_a_list_read_after_the_table_changed_refuses_to_name_an_event():
    state = table(
        hands=(["wildfire", "valley_oak"], []),
        placed=[("valley_oak", 1, "F4")],
    )
    choices = state.choices()
    labels_then = [str(a) for a in choices]
    fire = labels_then.index("Play Wildfire on Valley oak at F4")
    play = next(k for k, label in enumerate(labels_then) if label.startswith("Play Valley oak"))
    state.apply(choices[play])
    with pytest.raises(RuntimeError, match="after its decision"):
        choices[fire]


def test_a_list_read_after_a_discard_still_names_its_own_decisions_hand():
    """A discard changes the hand, not the table: the old list stays the old decision's."""
    state = table(hands=(["valley_oak", "horse"], []), placed=[], decks=(5, 5))
    choices = state.choices()
    before = [str(a) for a in choices]
    discards = [k for k, a in enumerate(choices) if type(a) is DiscardToDraw]
    assert [before[k] for k in discards] == [
        "Discard Valley oak to draw 3 cards",
        "Discard Horse to draw 3 cards",
    ]
    state.apply(choices[discards[0]])
    assert [str(choices[k]) for k in range(len(choices))] == before


@pytest.mark.parametrize("numbering", ["one digit", "card ids"])
def test_a_mover_that_could_feed_on_its_own_kind_counts_only_moves_another_card_allows(
    monkeypatch, numbering
):
    """R7: beside its old space a moving species must fit without itself. The turn counts its
    moves in one AND over the open spaces' masks, where a space beside the mover offers it
    only if another card does, unless the species could keep itself compatible; no moving
    species of today's cards can, so a plant (rank 1: any plant sharing its habitat keeps it)
    is given MOVE 1 here. Both ways a game numbers its species are checked."""
    baobab = card("baobab")
    reach = list(T.MOVE_REACH)
    reach[baobab] = (1, 4)
    monkeypatch.setattr(T, "MOVE_REACH", tuple(reach))  # reference.py's
    monkeypatch.setattr(index_module, "MOVE_REACH", tuple(reach))
    monkeypatch.setattr(placement, "MOVE_REACH", tuple(reach))
    way = list(placement.MOVE_WAY)
    way[baobab] = (1, False)
    monkeypatch.setattr(placement, "MOVE_WAY", tuple(way))
    placed = [("baobab", 0, "B2"), ("baobab", 0, "D2")]
    if numbering == "card ids":  # a card from neither of this game's decks (seed 0)
        placed.append(("valley_oak", 1, "I7"))
    state = table(placed=placed, decks=(0, 0))  # (no filler card from another deck)
    assert bool(state.index.repeat) is (numbering == "one digit")
    whole = [str(a) for a in reference.legal_actions(state)]
    choices = state.choices()  # counted: its length and each action picked by number
    assert [str(choices[k]) for k in range(len(choices))] == whole == labels(state)
    moves = [label for label in whole if label.startswith("Move ")]
    from_b2 = [label for label in moves if " from B2 " in label]
    assert from_b2 == ["Move African baobab from B2 to C2"]  # A2, B1 and B3 only had B2 itself
