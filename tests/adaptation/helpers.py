"""Rigged tables for the rule tests: put chosen cards in chosen hands, then play a round."""

from __future__ import annotations

from evo_lessons.games.adaptation import CARDS, ChooseChallenge, KeepCard, SwapCard, new_game
from evo_lessons.games.adaptation.data import DECK_SIZE
from evo_lessons.games.adaptation.rules import ADAPT, AdaptationState


def card(count: int, shape: str, colour: str, used: set[int] | None = None) -> int:
    """The id of a card with these properties (a copy not in ``used``)."""
    used = used or set()
    for c in CARDS:
        if (c.count, c.shape, c.colour) == (count, shape, colour) and c.id not in used:
            return c.id
    raise LookupError(f"no free card {count} {colour} {shape}")


def deal(specs: list[tuple[int, str, str]]) -> list[int]:
    """Card ids for a list of (count, shape, colour), each copy used once."""
    used: set[int] = set()
    ids = []
    for spec in specs:
        ids.append(card(*spec, used=used))
        used.add(ids[-1])
    return ids


def rig(
    hands: list[int],
    dealer: int,
    tokens: list[int] | None = None,
    seed: int = 0,
) -> AdaptationState:
    """A game waiting for ``dealer``'s redraw decision with exactly these hands and tokens.

    A hand of -1 is an extinct player (their tokens must be 0). Every other card is in the draw
    pile, so all 66 cards stay accounted for.
    """
    players = len(hands)
    state = new_game(players=players, seed=seed)
    state.tokens = list(tokens) if tokens is not None else [3] * players
    state.hands = list(hands)
    held = {c for c in hands if c >= 0}
    state.draw_pile = [c for c in range(DECK_SIZE) if c not in held]
    state.rng.shuffle(state.draw_pile)
    state.discard_pile = []
    # the last reveal everybody remembers: the rigged hands, face up
    state.rounds[-1] = dict(state.rounds[-1], cards=list(hands))
    state.round = 1
    state._start_round(dealer)
    return state


def rig_round_one(hands: list[int]) -> AdaptationState:
    """Replay round one (R4) with chosen cards: seat 0 deals, number challenge, no token lost."""
    players = len(hands)
    state = new_game(players=players, seed=0)
    state.tokens = [3] * players
    state.hands = list(hands)
    state.draw_pile = [c for c in range(DECK_SIZE) if c not in set(hands)]
    state.discard_pile = []
    state.rounds = []
    state.round = 1
    state.dealer = 0
    state.challenge = 0
    # the rigged round one replaces the real one, its events included (they open the log)
    state.setup_events = state._reveal(costs_tokens=False)
    return state


def play_round(state: AdaptationState, challenge: str, swaps: frozenset[int] = frozenset()):
    """Dealer keeps, picks ``challenge``; everybody keeps except the seats in ``swaps``."""
    events = []
    dealer = state.current_player
    events += state.apply(SwapCard() if dealer in swaps else KeepCard())
    events += state.apply(ChooseChallenge(challenge))
    while state.current_player is not None and state.phase == ADAPT:
        seat = state.current_player
        events += state.apply(SwapCard() if seat in swaps else KeepCard())
    return events
