"""Helpers for the Niche tests: find cards by name and lay out a table by hand.

Tests that need a particular position move real cards (so all 52 stay accounted for) rather
than invent a state: ``take`` lifts a card from wherever it is, refilling a gene-pool slot
from the deck so the pyramid keeps its shape.
"""

from __future__ import annotations

from evo_lessons.games.niche import CARDS, ENVIRONMENTS, new_game
from evo_lessons.games.niche.rules import NicheState


def card_ids(key: str) -> list[int]:
    ids = [c.id for c in CARDS if c.key == key]
    assert ids, f"no card {key!r}"
    return ids


def card_id(key: str, nth: int = 0) -> int:
    return card_ids(key)[nth]


def env_id(key: str) -> int:
    return next(e.id for e in ENVIRONMENTS if e.key == key)


def take(state: NicheState, card: int) -> None:
    """Remove ``card`` from wherever it is (a gene-pool slot is refilled from the deck)."""
    for pile in (state.trait_deck, state.discard, *state.hands, *state.play):
        if card in pile:
            pile.remove(card)
            return
    for stack in state.gene_pool.cards:
        if card in stack:
            spare = next(c for c in state.trait_deck if c != card)
            state.trait_deck.remove(spare)
            stack[stack.index(card)] = spare
            return
    raise AssertionError(f"card {card} is nowhere")


def give(state: NicheState, player: int, hand: list[int] | None = None, play=None) -> None:
    """Set a player's hand and/or play area, returning displaced cards to the deck bottom."""
    if hand is not None:
        for card in list(state.hands[player]):
            state.hands[player].remove(card)
            state.trait_deck.insert(0, card)
        for card in hand:
            take(state, card)
            state.hands[player].append(card)
    if play is not None:
        for card in list(state.play[player]):
            state.play[player].remove(card)
            state.trait_deck.insert(0, card)
        for card in play:
            take(state, card)
            state.play[player].append(card)
    state._legal = None


def set_environment(state: NicheState, player: int, env: int) -> None:
    """Give ``player`` environment ``env``, returning their old one to the environment deck."""
    old = state.environment[player]
    for pile in (state.environment_deck, state.set_aside):
        if env in pile:
            pile.remove(env)
    for other in range(state.num_players):
        if state.environment[other] == env and other != player:
            state.environment[other] = -1
    if old >= 0 and old != env:
        state.environment_deck.append(old)
    state.environment[player] = env
    state._legal = None


def started(players: int = 2, seed: int = 0, **options) -> NicheState:
    """A game past the setup (everyone kept their first environment), seat 0 to draw."""
    state = new_game(players=players, seed=seed, **options)
    while state.phase == "keep":
        state.apply(state.legal_actions()[0])
    return state


def empty_stack(state: NicheState, stack: int) -> list[int]:
    """Lift every card of a gene-pool stack (as if all ten had been drawn); return them."""
    pool = state.gene_pool
    cards = [c for c in pool.cards[stack] if c >= 0]
    pool.cards[stack] = [-1] * len(pool.cards[stack])
    pool.present[stack] = 0
    state._legal = None
    return cards


def draw_any(state: NicheState) -> None:
    """Draw the first available gene-pool card."""
    assert state.phase == "draw"
    state.apply(state.legal_actions()[0])


def all_trait_cards(state: NicheState) -> list[int]:
    cards = list(state.trait_deck) + list(state.discard)
    for stack in state.gene_pool.cards:
        cards += [c for c in stack if c >= 0]
    for p in range(state.num_players):
        cards += state.hands[p] + state.play[p]
    return sorted(cards)


def all_environments(state: NicheState) -> list[int]:
    envs = list(state.environment_deck) + list(state.set_aside)
    envs += [e for e in state.environment if e >= 0]
    for pair in state.dealt:
        envs += pair
    return sorted(envs)
