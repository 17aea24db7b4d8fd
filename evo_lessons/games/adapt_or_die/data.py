"""Load and check ``data.toml``: features, habitats, creatures, cards and the two boards.

Everything a teacher might want to change is data. The loader turns it into frozen dataclasses
and checks every invariant the rules rely on (each creature fits its home's fixed pressures, each
value is 1-5, 25 distinct adaptation cards, the octagon's distances are those of the text), so an
edited file fails at once with a sentence that says what is wrong, never mid-game.
"""

# i18n: developer-only: data.toml's loader: its errors are for whoever edits the English data file
# (a game author); the words it shows a student come from data.toml through data_text() or are
# marked with pN_()

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any

FEATURE_COUNT = 5
HABITAT_COUNT = 16
CREATURE_COUNT = 16
LOW, HIGH = 1, 5
#: steps from an octagon's centre to each side, and between the exits of adjacent sides
STEPS_TO_SIDE = STEPS_BETWEEN_SIDES = 4


@dataclass(frozen=True, slots=True)
class Feature:
    index: int
    key: str
    name: str
    low: str  # what a 1 looks like
    high: str  # what a 5 looks like


@dataclass(frozen=True, slots=True)
class Habitat:
    """A habitat mat: two fixed selection pressures; the other three come from a randomizer."""

    number: int  # 1..16, printed on the mat and its niche cards
    key: str
    name: str
    short: str
    colour: str
    about: str
    #: the fixed pressures as (feature index, value), in feature order
    fixed: tuple[tuple[int, int], ...]
    #: one true sentence per fixed pressure, in the same order
    why: tuple[str, ...]

    @property
    def blanks(self) -> tuple[int, ...]:
        """The features a randomizer card fills, in feature order."""
        taken = {feature for feature, _ in self.fixed}
        return tuple(f for f in range(FEATURE_COUNT) if f not in taken)

    def pressures(self, randomizer: tuple[int, ...]) -> tuple[int, ...]:
        """All five pressures, a randomizer card filling the blanks in order (as the text says)."""
        values = [0] * FEATURE_COUNT
        for feature, value in self.fixed:
            values[feature] = value
        for feature, value in zip(self.blanks, randomizer, strict=True):
            values[feature] = value
        return tuple(values)


@dataclass(frozen=True, slots=True)
class Creature:
    number: int  # 1..16; 16 is the generic bug
    key: str
    name: str
    home: int  # a habitat number, or 0 for none
    features: tuple[int, ...]  # leg length, segments, size, eyes, antennae
    about: str


@dataclass(frozen=True, slots=True)
class AdaptationKind:
    symbol: str  # "++", "+", "-", "--", "=3"
    name: str
    step: int = 0
    set_to: int = 0  # nonzero: the card sets the feature to this value

    def apply(self, value: int) -> int:
        """The feature after this card: steps stop at 1 and 5 (the text's note)."""
        if self.set_to:
            return self.set_to
        return min(HIGH, max(LOW, value + self.step))


@dataclass(frozen=True, slots=True)
class AdaptationCard:
    id: int  # 0..24: feature * 5 + kind
    feature: int
    kind: int

    def label(self, world: World) -> str:
        return f"{world.kinds[self.kind].symbol} {world.features[self.feature].name.lower()}"


@dataclass(frozen=True, slots=True)
class Place:
    """A habitat mat place beside the board, reached by stepping off at its exit(s)."""

    number: int  # 1-based, clockwise
    node: int  # its node in the board's graph (after the spaces)
    x: int
    y: int
    exits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Board:
    key: str
    name: str
    #: the drawing position of every space (spaces are nodes 0 .. len(xy) - 1)
    xy: tuple[tuple[int, int], ...]
    places: tuple[Place, ...]
    #: neighbours of every node, spaces then places (a place's neighbours are its exits)
    neighbours: tuple[tuple[int, ...], ...]
    start: int  # the centre where every bug starts
    exits: tuple[int, ...]  # the marked exit spaces, each beside a place

    @property
    def spaces(self) -> int:
        return len(self.xy)

    @property
    def nodes(self) -> int:
        return len(self.neighbours)

    def place_at(self, node: int) -> Place | None:
        index = node - self.spaces
        return self.places[index] if 0 <= index < len(self.places) else None


@dataclass(frozen=True, slots=True)
class World:
    features: tuple[Feature, ...]
    habitats: tuple[Habitat, ...]  # habitats[number - 1]
    creatures: tuple[Creature, ...]  # creatures[number - 1]
    kinds: tuple[AdaptationKind, ...]
    cards: tuple[AdaptationCard, ...]  # the 25 adaptation cards, by id
    randomizer: tuple[tuple[int, ...], ...]
    boards: dict[str, Board]
    niche_copies: int
    die_faces: int
    extinction_above: int
    max_distance: int

    def habitat(self, number: int) -> Habitat:
        return self.habitats[number - 1]

    def creature(self, number: int) -> Creature:
        return self.creatures[number - 1]

    def card_label(self, card: int) -> str:
        return self.cards[card].label(self)


class DataError(ValueError):
    """data.toml is inconsistent; the message says where."""

    def __init__(self, message: str) -> None:
        super().__init__(f"adapt_or_die data.toml: {message}")


def _value(where: str, value: Any) -> int:
    if type(value) is not int or not LOW <= value <= HIGH:
        raise DataError(f"{where} must be a whole number from {LOW} to {HIGH}, got {value!r}")
    return value


def _features(raw: dict) -> tuple[Feature, ...]:
    features = tuple(
        Feature(i, f["key"], f["name"], f["low"], f["high"]) for i, f in enumerate(raw["features"])
    )
    if len(features) != FEATURE_COUNT:
        raise DataError(f"{FEATURE_COUNT} features are needed, got {len(features)}")
    return features


def _habitats(raw: dict, keys: dict[str, int]) -> tuple[Habitat, ...]:
    habitats = []
    for number, h in enumerate(raw["habitats"], start=1):
        if h["number"] != number:
            raise DataError(f"habitat {h['key']} should be number {number}, got {h['number']}")
        pressures = h["pressures"]
        if len(pressures) != 2:
            raise DataError(f"habitat {number} needs exactly two fixed pressures")
        unknown = set(pressures) - set(keys)
        if unknown:
            raise DataError(f"habitat {number} names unknown feature(s) {sorted(unknown)}")
        fixed = tuple(
            sorted((keys[k], _value(f"habitat {number} {k}", v)) for k, v in pressures.items())
        )
        why = h.get("why", {})
        if set(why) != set(pressures) or not all(isinstance(s, str) and s for s in why.values()):
            raise DataError(f"habitat {number} needs one sentence of 'why' per fixed pressure")
        reasons = tuple(why[k] for k in sorted(pressures, key=keys.__getitem__))
        habitats.append(
            Habitat(
                number, h["key"], h["name"], h["short"], h["colour"], h["about"], fixed, reasons
            )
        )
    if len(habitats) != HABITAT_COUNT:
        raise DataError(f"{HABITAT_COUNT} habitats are needed, got {len(habitats)}")
    return tuple(habitats)


def _creatures(raw: dict, keys: dict[str, int], habitats) -> tuple[Creature, ...]:
    creatures = []
    homes = set()
    for number, c in enumerate(raw["creatures"], start=1):
        if c["number"] != number:
            raise DataError(f"creature {c['key']} should be number {number}, got {c['number']}")
        if set(c["features"]) != set(keys):
            raise DataError(f"creature {number} needs a value for each of {sorted(keys)}")
        values = [0] * FEATURE_COUNT
        for key, value in c["features"].items():
            values[keys[key]] = _value(f"creature {number} {key}", value)
        home = c["home"]
        if number == CREATURE_COUNT:
            if home != 0:
                raise DataError(f"creature {number}, the generic bug, has no home (home = 0)")
        else:
            if type(home) is not int or not 1 <= home <= HABITAT_COUNT or home in homes:
                raise DataError(f"creature {number} needs its own home habitat, got {home!r}")
            homes.add(home)
            for feature, pressure in habitats[home - 1].fixed:
                if values[feature] != pressure:
                    raise DataError(
                        f"creature {number} must match its home's fixed pressures (R3): "
                        f"{raw['features'][feature]['key']} is {values[feature]}, not {pressure}"
                    )
        creatures.append(Creature(number, c["key"], c["name"], home, tuple(values), c["about"]))
    if len(creatures) != CREATURE_COUNT:
        raise DataError(f"{CREATURE_COUNT} creatures are needed, got {len(creatures)}")
    return tuple(creatures)


def _kinds(raw: dict) -> tuple[AdaptationKind, ...]:
    kinds = tuple(
        AdaptationKind(k["symbol"], k["name"], k.get("step", 0), k.get("set_to", 0))
        for k in raw["adaptation_kinds"]
    )
    if len(kinds) != 5 or len({k.symbol for k in kinds}) != 5:
        raise DataError("five distinct kinds of adaptation card are needed (5 x 5 features = 25)")
    for kind in kinds:
        if bool(kind.step) == bool(kind.set_to) or (kind.set_to and not LOW <= kind.set_to <= HIGH):
            raise DataError(f"adaptation {kind.symbol!r} needs either a step or a value 1-5")
    return kinds


def _randomizer(raw: dict) -> tuple[tuple[int, ...], ...]:
    cards = []
    for i, card in enumerate(raw["randomizer"]["cards"]):
        if len(card) != 3:
            raise DataError(f"randomizer card {i + 1} needs three values")
        cards.append(tuple(_value(f"randomizer card {i + 1}", v) for v in card))
    return tuple(cards)


def _distances(neighbours, start: int, passable) -> dict[int, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node != start and not passable(node):
            continue
        for near in neighbours[node]:
            if near not in seen:
                seen[near] = seen[node] + 1
                queue.append(near)
    return seen


def _board(b: dict) -> Board:
    key = b["key"]
    xy = tuple((int(x), int(y)) for x, y in b["spaces"])
    spaces = len(xy)
    edges: set[tuple[int, int]] = set()

    def link(a: int, c: int) -> None:
        if not (0 <= a < spaces and 0 <= c < spaces) or a == c:
            raise DataError(f"board {key}: bad step {a}-{c}")
        edges.add((min(a, c), max(a, c)))

    centres = list(b["centres"])
    exits = []
    for path in b["spokes"]:
        if len(path) != STEPS_TO_SIDE + 1 or path[0] not in centres:
            raise DataError(f"board {key}: a spoke runs {STEPS_TO_SIDE} steps from a centre")
        exits.append(path[-1])
        for a, c in pairwise(path):
            link(a, c)
    for path in b["rims"]:
        if len(path) != STEPS_BETWEEN_SIDES + 1 or path[0] not in exits or path[-1] not in exits:
            raise DataError(f"board {key}: a rim runs {STEPS_BETWEEN_SIDES} steps exit to exit")
        for a, c in pairwise(path):
            link(a, c)
    for a, c in b["links"]:
        link(a, c)
    places = []
    for number, p in enumerate(b["places"], start=1):
        if p["number"] != number or not p["exits"] or any(e not in exits for e in p["exits"]):
            raise DataError(f"board {key}: place {number} must lie beside exit spaces")
        places.append(Place(number, spaces + number - 1, p["x"], p["y"], tuple(p["exits"])))
    beside = [e for p in places for e in p.exits]
    linked = {n for pair in b["links"] for n in pair}
    if len(set(beside)) != len(beside) or set(beside) | linked != set(exits):
        raise DataError(f"board {key}: each exit lies beside one place (or on a passage)")
    near: list[list[int]] = [[] for _ in range(spaces + len(places))]
    for a, c in sorted(edges):
        near[a].append(c)
        near[c].append(a)
    for p in places:
        for e in p.exits:
            near[e].append(p.node)
            near[p.node].append(e)
    neighbours = tuple(tuple(sorted(n)) for n in near)
    on_board = _distances(neighbours, centres[0], lambda n: n < spaces)
    if any(n not in on_board for n in range(len(neighbours))):
        raise DataError(f"board {key}: every space and place must be reachable")
    # the text's geometry: the shortest route, not just the drawn path, is 4 steps
    for path in b["spokes"]:
        if _distances(neighbours, path[0], lambda n: n < spaces)[path[-1]] != STEPS_TO_SIDE:
            raise DataError(f"board {key}: space {path[-1]} is not {STEPS_TO_SIDE} from centre")
    for path in b["rims"]:
        if _distances(neighbours, path[0], lambda n: n < spaces)[path[-1]] != STEPS_BETWEEN_SIDES:
            raise DataError(f"board {key}: exits {path[0]} and {path[-1]} are not 4 apart")
    return Board(key, b["name"], xy, tuple(places), neighbours, centres[0], tuple(exits))


def parse_world(raw: dict) -> World:
    """Build the :class:`World` from parsed TOML, raising ValueError on anything inconsistent."""
    try:
        return _parse_world(raw)
    except DataError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise DataError(f"something is missing or mistyped ({error!r})") from None


def _parse_world(raw: dict) -> World:
    features = _features(raw)
    keys = {f.key: f.index for f in features}
    habitats = _habitats(raw, keys)
    creatures = _creatures(raw, keys, habitats)
    kinds = _kinds(raw)
    cards = tuple(
        AdaptationCard(feature * len(kinds) + kind, feature, kind)
        for feature in range(FEATURE_COUNT)
        for kind in range(len(kinds))
    )
    boards = {b["key"]: _board(b) for b in raw["boards"]}
    if set(boards) != {"single", "double"}:
        raise DataError("two boards are needed: 'single' and 'double'")
    randomizer = _randomizer(raw)
    most_places = max(len(b.places) for b in boards.values())
    if len(randomizer) < most_places:
        raise DataError(f"at least {most_places} randomizer cards are needed, one per mat place")
    table = raw["table"]
    world = World(
        features=features,
        habitats=habitats,
        creatures=creatures,
        kinds=kinds,
        cards=cards,
        randomizer=randomizer,
        boards=boards,
        niche_copies=int(table["niche_copies"]),
        die_faces=int(table["die_faces"]),
        extinction_above=int(table["extinction_above"]),
        max_distance=int(table["max_distance"]),
    )
    if world.niche_copies < 5:
        raise DataError("five niche cards per habitat are needed: one for each of 5 players")
    return world


@cache
def world() -> World:
    """The packaged data, parsed and checked once per process."""
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    return parse_world(tomllib.loads(text))
