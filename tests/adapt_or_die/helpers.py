"""Tables set exactly as a test needs them, and dice that roll what the test says.

``table(...)`` starts a game and then sets the pieces by hand: creatures, mats at their places,
niche and adaptation cards, positions, the roll in hand, and the next mats and die faces. The
piles are kept consistent (a mat laid is taken off the pile, a card held is off the pile), so
the invariants the property tests check hold in these positions too.

Board facts used below (the single board, data.toml): space 0 is the centre; the marked exit
of side k (1-8, clockwise from the top) is space 4k; mat place k is node 56 + k, beside it.
"""

from __future__ import annotations

from playing import LoadedDice

from evo_lessons.games.adapt_or_die import new_game
from evo_lessons.games.adapt_or_die.data import world
from evo_lessons.games.adapt_or_die.rules import MOVE, AdaptOrDieState

WORLD = world()
SINGLE = WORLD.boards["single"]
DOUBLE = WORLD.boards["double"]
CENTRE = 0
FEATURE = {f.key: f.index for f in WORLD.features}
KIND = {k.symbol: i for i, k in enumerate(WORLD.kinds)}
#: a mat's pressures when a test does not care: the fixed ones, and 3 for every blank
MIDDLE = (3, 3, 3)


def card(symbol: str, feature: str) -> int:
    """The id of an adaptation card: ``card("++", "eyes")``."""
    return FEATURE[feature] * len(WORLD.kinds) + KIND[symbol]


def exit_space(side: int) -> int:
    return 4 * side


def place_node(place: int, board=SINGLE) -> int:
    return board.spaces + place - 1


def die(face: int) -> float:
    """The generator value that makes the die show ``face``."""
    return (face - 0.5) / 6


def table(
    players: int = 4,
    *,
    creatures=None,
    mats=None,
    niches=None,
    cards=None,
    positions=None,
    roll: int | None = None,
    turn_player: int = 0,
    top_mats=(),
    dice=(),
    seed: int = 0,
    **options,
) -> AdaptOrDieState:
    """A game at ``turn_player``'s move, set as given.

    creatures: creature number per seat. mats: {place: habitat} or {place: (habitat, blanks)}
    (blanks: the three randomizer numbers; MIDDLE if not given). niches: habitat numbers per
    seat. cards: adaptation card ids per seat (by default the first free cards, one per niche).
    positions: node per seat. roll: the die in hand (the move phase). top_mats: the next mats
    drawn, first drawn first. dice: the next die faces (``die(face)`` values are made for you).
    """
    state = new_game(seed=seed, players=players, **options)
    board = state.board
    if creatures is not None:
        state.creatures = list(creatures)
    for place, mat in (mats or {}).items():
        habitat, blanks = mat if isinstance(mat, tuple) else (mat, MIDDLE)
        state.mat_pile.remove(habitat)
        state.randomizer_pile.pop()
        state.mats[place - 1] = habitat
        state.mat_values[place - 1] = WORLD.habitat(habitat).pressures(blanks)
    for habitat in reversed(top_mats):
        state.mat_pile.remove(habitat)
        state.mat_pile.append(habitat)
    for seat, held in enumerate(niches or []):
        state.niches[seat] = list(held)
        for habitat in held:
            state.niche_pile[habitat - 1] -= 1
    for seat in range(players):
        if cards is not None and seat < len(cards) and cards[seat] is not None:
            chosen = list(cards[seat])
        else:
            free = [c for c in range(len(WORLD.cards)) if state.pool[c]]
            chosen = free[: len(state.niches[seat])]
        state.adaptations[seat] = chosen
        for c in chosen:
            assert state.pool[c], f"card {c} is held twice"
            state.pool[c] = False
    if positions is not None:
        state.positions = list(positions)
    state.turn_player = turn_player
    if roll is not None:
        state.roll = roll
        state.phase = MOVE
    if dice:
        state.rng = LoadedDice([die(face) for face in dice], seed)
    state._legal = None
    assert board is state.board
    return state


def texts(events) -> str:
    return "\n".join(e.text for e in events)
