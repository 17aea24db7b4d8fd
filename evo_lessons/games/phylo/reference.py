"""The legal actions and the cards at risk worked out from scratch: the yardstick for the fast path.

The rules keep their answers between actions (``index.py``, ``tables.py``): a random game asks
thousands of times a second where each hand card may go, and recomputing it from the whole table
costs most of a game. This module answers the same questions the slow, plain way, reading only
the table as it lies (``top``, ``under``, the hands) and the rules' compatibility (R2-R8, R10,
R11, R14), with no index and nothing remembered. The test suite plays thousands of seeded games
and checks at every decision that the fast legal list equals this one, action for action and in
the same order, and that the cards at risk and the scores equal the ones recounted here
(tests/phylo/test_incremental_legal.py).

The order is part of the answer (a seeded random player picks by position, the golden logs and
saves depend on it): plays space by space, each space where a scan of the table in reading order
first meets a card beside which anything may be played, then the cards in id order; then each
card's INVASIVE and PARASITIC plays; events; moves; discards; challenges; spreads; pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evo_lessons.engine import Action

from . import tables as T
from .actions import (
    PASS,
    Challenge,
    DiscardToDraw,
    MoveSpecies,
    PlayEvent,
    PlayInvasive,
    PlayParasite,
    PlaySpecies,
    Spread,
)

if TYPE_CHECKING:
    from .rules import PhyloState

#: the species beside which some species may be played (R3; HOME: any rank-1 species)
OFFERS = frozenset(y for y in range(len(T.CARDS) + 1) if T.BESIDE[y])


def fits(state: PhyloState, card: int, space: int, leaving: int = -1) -> bool:
    """R3: does a neighbour of ``space`` (other than ``leaving``) alone keep ``card`` compatible?"""
    for n in state.neighbours[space]:
        other = state.top[n]
        if n != leaving and other >= 0 and T.compatible(T.SPECIES[card], state.card_of[other]):
            return True
    return False


def empty(state: PhyloState, space: int) -> bool:
    """R4 and R6: no card on the space and no parasite in it."""
    return state.top[space] < 0 and state.under[space] < 0


def open_spaces(state: PhyloState) -> list[int]:
    """Empty spaces beside a card that offers plays, as a scan in reading order first meets them."""
    order: list[int] = []
    for space, instance in enumerate(state.top):
        if instance < 0 or state.card_of[instance] not in OFFERS:
            continue
        for n in state.neighbours[space]:
            if empty(state, n) and n not in order:
                order.append(n)
    return order


def turn_actions(state: PhyloState) -> list[Action]:
    """A turn's legal actions in the rules' order, from the table alone."""
    me = state.turn_player
    card_of, top = state.card_of, state.top
    hand = sorted({card_of[i] for i in state.hands[me]})
    species = [c for c in hand if T.IS_SPECIES[c]]
    actions: list[Action] = []
    if state.actions_left:
        for space in open_spaces(state):  # R2-R4
            r, c = state._rc(space)
            actions += [PlaySpecies(card, r, c) for card in species if fits(state, card, space)]
        for card in species:  # R5, R6
            for space, instance in enumerate(top):
                if instance < 2:
                    continue
                target, (r, c) = card_of[instance], state._rc(space)
                if T.may_invade(T.SPECIES[card], target) and fits(state, card, space):
                    actions.append(PlayInvasive(card, r, c, target))
                if T.may_host(T.SPECIES[card], target) and state.under[space] < 0:
                    actions.append(PlayParasite(card, r, c, target))
        if not state.event_played:  # R10
            for card in (c for c in hand if not T.IS_SPECIES[c]):
                event = T.AS_EVENT[card]
                for space, instance in enumerate(top):
                    if instance < 2 or not event.target.matches(T.SPECIES[card_of[instance]]):
                        continue
                    if event.target.own and state.owner_of[instance] != me:
                        continue
                    actions.append(PlayEvent(card, *state._rc(space), card_of[instance]))
        actions += move_actions(state, me)
        if state.decks[me]:  # R13
            actions += [DiscardToDraw(card) for card in hand]
        if state.options["realism"] and not state.challenged:  # R14
            actions += challenge_actions(state, me)
    actions += spread_actions(state, me, hand)
    actions.append(PASS)
    return actions


def move_actions(state: PhyloState, me: int) -> list[Action]:
    """R7: each of my species with MOVE or FLIGHT, to every empty space in reach where it fits."""
    actions: list[Action] = []
    for space, instance in enumerate(state.top):
        if instance < 2 or state.owner_of[instance] != me:
            continue
        card = state.card_of[instance]
        reach, directions = T.MOVE_REACH[card]
        for line in state.rays[space][:directions] if reach else ():
            for d in line[:reach]:
                if empty(state, d) and fits(state, card, d, leaving=space):
                    actions.append(MoveSpecies(card, *state._rc(space), *state._rc(d)))
    return actions


def challenge_actions(state: PhyloState, me: int) -> list[Action]:
    """R14: every link (a species and a neighbour keeping it compatible) with a card not mine."""
    actions: list[Action] = []
    top, card_of, owner_of = state.top, state.card_of, state.owner_of
    for space, instance in enumerate(top):
        if instance < 2:
            continue
        for n in state.neighbours[space]:
            other = top[n]
            if other < 2 or not T.compatible(T.SPECIES[card_of[instance]], card_of[other]):
                continue
            if owner_of[instance] != me or owner_of[other] != me:
                actions.append(
                    Challenge(card_of[instance], *state._rc(space), card_of[other], *state._rc(n))
                )
    return actions


def spread_actions(state: PhyloState, me: int, hand: list[int]) -> list[Action]:
    """R8: a copy from the hand on an empty space beside my original, its condition met."""
    found: set[tuple[int, int]] = set()
    for space, instance in enumerate(state.top):
        if instance < 2 or state.owner_of[instance] != me:
            continue
        card = state.card_of[instance]
        if card not in hand or not T.SPREAD[card]:
            continue
        if T.SPREAD[card] == "wind":
            met = state.wind
        else:
            met = state.pollinator or any(
                state.top[n] >= 2 and T.SPECIES[state.card_of[state.top[n]]].pollinator
                for n in state.neighbours[space]
            )
        if met:
            found.update((card, n) for n in state.neighbours[space] if empty(state, n))
    return [Spread(card, *state._rc(space)) for card, space in sorted(found)]


def legal_actions(state: PhyloState) -> list[Action]:
    """Every legal action now, from scratch (the other phases' lists are computed fresh anyway)."""
    if state.is_over:
        return []
    if state.phase == "play":
        return turn_actions(state)
    return list(state._legal_actions())


def connected(state: PhyloState, space: int, instance: int) -> bool:
    """R3, R6, R11: a neighbour alone keeps the card compatible, or (a parasite) its host does."""
    card = state.card_of[instance]
    if state.under[space] == instance:
        host = state.top[space]
        if host >= 0 and T.may_host(T.SPECIES[card], state.card_of[host]):
            return True
    return fits(state, card, space)


def unconnected(state: PhyloState) -> set[int]:
    """Every species on the table without a compatible connection (R11), HOME never."""
    return {
        instance
        for space in range(len(state.top))
        for instance in (state.top[space], state.under[space])
        if instance >= 2 and not connected(state, space, instance)
    }


def scores(state: PhyloState) -> list[int]:
    """R12: each player's points on the table, parasites beneath included."""
    points = [0, 0]
    for space in range(len(state.top)):
        for instance in (state.top[space], state.under[space]):
            if instance >= 2:
                points[state.owner_of[instance]] += T.SPECIES[state.card_of[instance]].points
    return points
