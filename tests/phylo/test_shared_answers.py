"""What the speed modules share or keep between actions stays true to the rules.

The log's commonest sentences are shared Event objects (one per play, draw, discard, turn start
and pass sentence), so a game that changed one would change every later log that uses it; the
index's bitmask of the species on top rules out spreads and keyword plays without a look at the
table, so it must count copies, and a spread must still wait for its condition (R8).
"""

from __future__ import annotations

from evo_lessons.engine import derive_seed, play_game
from evo_lessons.games.phylo import GAME
from evo_lessons.games.phylo import decks as D
from evo_lessons.games.phylo import placement as P
from evo_lessons.games.phylo import rules as R
from evo_lessons.games.phylo import tables as T

from .helpers import act, card, labels, space, table


def spreads(state) -> list[str]:
    return [label for label in labels(state) if label.startswith("Spread")]


def test_the_shared_sentences_are_the_same_after_many_games():
    make = GAME.bots["random"]
    for i in range(40):
        seed = derive_seed(7, i)
        state = GAME.new_game(seed=seed)
        play_game(state, [make(seed=seed + k) for k in range(2)], max_actions=10**5)
    shared = [
        (P.PLAYED[9], P._played(9).make),
        (D.DRAWN, D._drawn),
        (D.DISCARDED, D._discarded),
        (R.TURN_STARTS, R._turn_starts),
    ]
    for table_of_events, make_event in shared:
        assert table_of_events  # the games used it
        for key, event in table_of_events.items():
            assert event == make_event(key)
    assert [e.text for e in R.PASSES] == ["Player 1 ends the turn.", "Player 2 ends the turn."]
    assert all(e.data == {} for e in R.PASSES)


def test_a_spread_and_a_play_tell_their_verbs_apart():
    state = table(
        hands=(["sunflower", "sunflower"], []),
        placed=[("sunflower", 0, "C4"), ("honey_bee", 1, "C3")],
    )
    assert act(state, "Play Sunflower at C5") == ["Player 1 plays Sunflower at C5."]
    assert act(state, "Spread Sunflower to B4 (free)") == ["Player 1 spreads Sunflower at B4."]


def test_the_index_keeps_a_species_on_top_while_a_copy_of_it_is_left():
    state = table(placed=[("valley_oak", 0, "C4"), ("valley_oak", 1, "F4")])
    oak = 1 << card("valley_oak")
    state._remove_at(space("C4"), state.top[space("C4")], [], D.WHY_REMOVED)
    assert state.index.tops & oak
    state._remove_at(space("F4"), state.top[space("F4")], [], D.WHY_REMOVED)
    assert not state.index.tops & oak


def test_r8_a_pollinator_beside_it_does_not_help_a_wind_spreader():
    state = table(
        hands=(["common_milkweed"], []),
        placed=[("common_milkweed", 0, "C4"), ("honey_bee", 0, "C3")],
    )
    assert spreads(state) == []


def test_the_truth_tables_say_what_the_bitmasks_say():
    size = len(T.NEEDS)  # every card id, HOME included
    pairs = [(T.NEEDED, T.NEEDS), (T.HOSTED, T.HOSTS), (T.INVADED, T.INVADES)]
    for truths, masks in pairs:
        assert len(truths) == size
        for x, row in enumerate(truths):
            assert row == tuple(bool(masks[x] >> y & 1) for y in range(size))
    for event, row in T.TARGETED.items():
        assert row == tuple(bool(T.EVENT_TARGETS[event] >> y & 1) for y in range(size))


def test_nothing_is_played_on_a_home_and_no_event_names_one():
    """The loops over the table skip the HOMEs by their card id alone."""
    assert not any(row[T.HOME] for row in T.HOSTED + T.INVADED)
    assert not any(row[T.HOME] for row in T.TARGETED.values())


def test_a_shared_sentence_is_written_in_its_readers_language():
    """One shared Event serves every language: its sentence is written when it is read."""
    from evo_lessons.i18n import PSEUDO_LANG, speaking

    event = R.PASSES[0]
    assert event.text == "Player 1 ends the turn."
    with speaking("es"):
        assert event.text == "Jugador 1 termina el turno."
        assert event.to_json()["text"] == "Jugador 1 termina el turno."
    with speaking(PSEUDO_LANG):
        assert event.text.startswith("\u27e6")
    assert str(event) == "Player 1 ends the turn."
