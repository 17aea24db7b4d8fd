"""The draws, the hand's index and a new game's log, as the fast code writes them.

``decks.py`` draws without a call a card and shares the setup's sentences (one Event each);
``index.py`` counts a hand's copies in a list by card id. These tests pin down what that code
must still say and count: each sentence of a draw (R12, R13), the copies of a card in hand, and
the setup's log (R1, R15).
"""

from __future__ import annotations

from evo_lessons.games.phylo import new_game
from evo_lessons.games.phylo.rules import FIRST_EVENT

from .helpers import act, card, table


def held(state, player: int) -> list[int]:
    """A hand's card ids, once each, recounted from the hand itself."""
    return sorted({state.card_of[i] for i in state.hands[player]})


def test_r13_a_discard_draws_three_and_logs_the_cards_left():
    state = table(hands=(["horse"], []), decks=(7, 9))
    texts = act(state, "Discard Horse to draw 3 cards")
    assert "Player 1 draws 3 cards (4 left in the deck)." in texts
    assert len(state.hands[0]) == 3 and len(state.decks[0]) == 4
    assert state.end_after is None


def test_r13_cards_are_drawn_from_the_top_of_the_deck_in_order():
    state = table(hands=(["horse"], []), decks=(7, 9))
    top_three = state.decks[0][-1:-4:-1]  # the deck's end is its top
    act(state, "Discard Horse to draw 3 cards")
    assert state.hands[0] == top_three


def test_r12_drawing_the_last_cards_logs_them_and_starts_the_end():
    state = table(hands=(["horse"], []), decks=(2, 9))
    texts = act(state, "Discard Horse to draw 3 cards")
    assert "Player 1 draws 2 cards (0 left in the deck)." in texts
    assert any("has taken the last card of the deck" in t for t in texts)
    assert state.end_after == 2


def test_r12_a_turn_begun_with_an_empty_deck_draws_nothing():
    state = table(decks=(5, 0))
    texts = act(state, "Pass: end the turn")
    assert "Player 2's deck is empty: no card to draw." in texts
    assert state.hands[1] == [] and state.end_after is None


def test_the_hand_index_keeps_a_card_until_its_last_copy_leaves():
    state = table(hands=(["horse", "horse"], []), decks=(9, 9))  # the decks hold no horse
    horse = card("horse")
    act(state, "Discard Horse to draw 3 cards")
    assert horse in state.index.held[0] and state.index.counts[0][horse] == 1
    assert state.index.species[0] & state.index.bit[horse]
    act(state, "Discard Horse to draw 3 cards")
    assert horse not in state.index.held[0] and state.index.counts[0][horse] == 0
    assert not state.index.species[0] & state.index.bit[horse]


def test_the_hand_index_equals_the_hand_after_every_draw_and_play():
    state = new_game(seed=3)
    for _ in range(60):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
        for p in (0, 1):
            cards = held(state, p)
            assert state.index.held[p] == cards
            bits = state.index.bit
            assert state.index.species[p] == sum(bits[c] for c in cards if c < FIRST_EVENT)
            assert state.index.held_events[p] == [c for c in cards if c >= FIRST_EVENT]
            for c in cards:
                copies = sum(state.card_of[i] == c for i in state.hands[p])
                assert state.index.counts[p][c] == copies


def test_r15_the_setup_log_names_each_seats_deck_the_homes_and_the_coin():
    state = new_game(seed=4, deck_1="woodland", deck_2="savanna")
    texts = [e.text for e in state.setup_events]
    assert texts[:2] == [
        "Player 1 plays the Temperate woodland deck.",
        "Player 2 plays the African savanna deck.",
    ]
    assert "Each deck is shuffled. Player 1's HOME at D4, Player 2's HOME at E4." in texts
    assert "Player 1 draws 5 cards." in texts and "Player 2 draws 5 cards." in texts
    assert any(t.startswith("A coin is tossed: ") for t in texts)
