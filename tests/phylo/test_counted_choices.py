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
