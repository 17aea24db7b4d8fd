"""Tables set exactly as a test needs them, and actions picked by their plain-English labels.

``table(...)`` starts a normal game, then clears it and deals the named cards: a test reads like
the rulebook's examples ("Player 1 holds a Valley oak; a Horse stands at C3").
"""

from __future__ import annotations

from evo_lessons.games.phylo import new_game
from evo_lessons.games.phylo.rules import COLLECTION, PhyloState

FILLER = "dandelion"


def card(key: str) -> int:
    """A card's id from its key in data.toml."""
    return COLLECTION.by_key(key).id


def space(name: str, columns: int = 9) -> int:
    """ "D4" -> the space index on a grid of ``columns`` columns."""
    return (int(name[1:]) - 1) * columns + ord(name[0]) - ord("A")


def table(
    hands: tuple[list[str], list[str]] = ([], []),
    placed: list[tuple[str, int, str]] | tuple = (),
    beneath: list[tuple[str, int, str]] | tuple = (),
    decks: tuple[int, int] = (10, 10),
    player: int = 0,
    turn: int = 1,
    filler: str = FILLER,
    **options,
) -> PhyloState:
    """``player``'s turn ``turn`` with 3 actions; hands, table and deck sizes as given.

    ``placed``/``beneath``: (card key, owner, space name) on top of / beneath a space. Decks are
    filled with a harmless card (``filler``) so draws do not change what a test looks at.
    """
    state = new_game(seed=0, **options)
    card_of, owner_of = [state.card_of[0], state.card_of[1]], [0, 1]

    def make(key: str, owner: int) -> int:
        card_of.append(card(key))
        owner_of.append(owner)
        return len(card_of) - 1

    state.top = [-1] * len(state.top)
    state.under = [-1] * len(state.under)
    for p, home in enumerate(state.homes):
        state.top[home] = p
    state.hands = [[make(k, p) for k in hands[p]] for p in (0, 1)]
    state.decks = [[make(filler, p) for _ in range(decks[p])] for p in (0, 1)]
    state.discards = [[], []]
    columns = state.columns
    for key, owner, where in placed:
        state.top[space(where, columns)] = make(key, owner)
    for key, owner, where in beneath:
        state.under[space(where, columns)] = make(key, owner)
    state.card_of, state.owner_of = tuple(card_of), tuple(owner_of)
    state.phase = "play"
    state.turn, state.turn_player = turn, player
    state.actions_left = 3
    state.event_played = state.wind = state.pollinator = state.challenged = False
    state.risk, state.lost, state.end_after = {}, [0, 0], None
    state.history = []
    state._legal = None
    state.reindex()
    state._update_risk([])
    return state


def labels(state: PhyloState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def act(state: PhyloState, label: str) -> list[str]:
    """Apply the legal action with this exact label; return the event sentences."""
    for action in state.legal_actions():
        if str(action) == label:
            return [e.text for e in state.apply(action)]
    raise AssertionError(f"not legal: {label!r}; legal: {labels(state)[:40]}")


def at(state: PhyloState, where: str) -> str | None:
    """The key of the card on top of a space (None if empty, "HOME" for a HOME)."""
    instance = state.top[space(where, state.columns)]
    if instance < 0:
        return None
    c = state.card_of[instance]
    return "HOME" if c >= len(COLLECTION.cards) else COLLECTION.cards[c].key


def beneath_at(state: PhyloState, where: str) -> str | None:
    instance = state.under[space(where, state.columns)]
    return None if instance < 0 else COLLECTION.cards[state.card_of[instance]].key


def play_spaces(state: PhyloState, key: str) -> set[str]:
    """The spaces where a hand card may be played as an ordinary species."""
    name = COLLECTION.by_key(key).name
    return {
        str(a).rsplit(" at ", 1)[1]
        for a in state.legal_actions()
        if str(a).startswith(f"Play {name} at ")
    }


def at_risk(state: PhyloState) -> set[str]:
    return {COLLECTION.cards[state.card_of[i]].key for i in state.risk}
