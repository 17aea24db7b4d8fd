"""Load and check ``data.toml``: the species and event cards, their vocabularies, the decks.

Cards are data so a teacher can read and edit them; the loader checks every field against the
vocabularies and the rules' invariants (a producer or decomposer has rank 1 and every consumer a
higher one, a consumer names what it eats, SPREAD names its condition, a deck has 24 known cards
...) and says what is wrong instead of failing mid-game. A misspelt field name is refused too,
since a silently ignored ``flght = 2`` would change the game without a word. Points are computed
here, from one formula of ease of play (:func:`points_for`), never typed.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from evo_lessons.i18n import data_text, pgettext

DIETS = ("photosynthetic", "decomposer", "herbivore", "carnivore", "omnivore", "parasite")
EFFECTS = ("discard", "area", "contagion", "wind", "pollinator", "relocate", "draw")
SPREAD_CONDITIONS = ("wind", "pollinator")
NEEDS = ("mobile", "spread_wind", "spread_pollinator")
#: the diets whose food-chain rank is 1: they make their food or live on dead matter (the rules)
RANK_ONE_DIETS = ("photosynthetic", "decomposer")
#: the fields a species card may have; the rest are optional keywords
SPECIES_FIELDS = frozenset(
    {"key", "name", "latin", "group", "diet", "rank", "scale", "terrains", "climates", "realms"}
    | {"eats", "fact", "introduced", "move", "flight", "spread", "pollinator", "invasive"}
    | {"parasitic"}
)
EVENT_FIELDS = frozenset({"key", "name", "effect", "target", "area", "amount", "text", "fact"})
DECK_SIZE = 24
#: the deck-builder's limit: at most this many copies of one card in a deck
MAX_COPIES = 2


@dataclass(frozen=True, slots=True)
class Species:
    """One species card. Keyword fields are 0 / "" / () when the card lacks the keyword."""

    id: int
    key: str
    name: str
    latin: str
    group: str
    diet: str
    rank: int
    scale: int
    terrains: tuple[str, ...]
    climates: tuple[str, ...]
    realms: tuple[str, ...]
    introduced: tuple[str, ...]
    eats: tuple[str, ...]
    move: int
    flight: int
    spread: str
    pollinator: bool
    invasive: tuple[str, ...]
    parasitic: tuple[str, ...]
    fact: str
    points: int

    kind = "species"

    @property
    def keywords(self) -> tuple[str, ...]:
        """The keywords as printed on the card: ("MOVE 2", "SPREAD (wind)", ...)."""
        words = []
        if self.move:
            words.append(f"MOVE {self.move}")
        if self.flight:
            words.append(f"FLIGHT {self.flight}")
        if self.spread:
            words.append(f"SPREAD ({self.spread})")
        if self.pollinator:
            words.append("POLLINATOR")
        if self.invasive:
            words.append(f"INVASIVE ({', '.join(self.invasive)})")
        if self.parasitic:
            words.append(f"PARASITIC (host: {', '.join(self.parasitic)})")
        return tuple(words)

    @property
    def all_realms(self) -> frozenset[str]:
        """Where it lives today: native realms plus those it was carried to."""
        return frozenset(self.realms) | frozenset(self.introduced)


@dataclass(frozen=True, slots=True)
class Filter:
    """Which species an event may be played on (or, for area effects, also hits)."""

    groups: tuple[str, ...] = ()
    diets: tuple[str, ...] = ()
    terrains: tuple[str, ...] = ()
    climates: tuple[str, ...] = ()
    lacks_terrains: tuple[str, ...] = ()
    lacks_climates: tuple[str, ...] = ()
    only_terrains: tuple[str, ...] = ()
    min_scale: int = 0
    max_scale: int = 99
    own: bool = False
    needs: str = ""

    def matches(self, s: Species) -> bool:
        """Does species ``s`` meet every condition (``own`` is the rules' business)?"""
        return (
            (not self.groups or s.group in self.groups)
            and (not self.diets or s.diet in self.diets)
            and (not self.terrains or any(t in self.terrains for t in s.terrains))
            and (not self.climates or any(c in self.climates for c in s.climates))
            and not any(t in self.lacks_terrains for t in s.terrains)
            and not any(c in self.lacks_climates for c in s.climates)
            and (not self.only_terrains or all(t in self.only_terrains for t in s.terrains))
            and self.min_scale <= s.scale <= self.max_scale
            and (not self.needs or _has_need(s, self.needs))
        )


def _has_need(s: Species, need: str) -> bool:
    if need == "mobile":
        return bool(s.move or s.flight)
    return s.spread == need.removeprefix("spread_")


@dataclass(frozen=True, slots=True)
class EventCard:
    id: int
    key: str
    name: str
    effect: str
    target: Filter
    area: Filter
    amount: int
    text: str
    fact: str

    kind = "event"


Card = Species | EventCard


@dataclass(frozen=True, slots=True)
class Deck:
    key: str
    name: str
    cards: tuple[int, ...]  # card ids, 24 of them


@dataclass(frozen=True, slots=True)
class Collection:
    """Everything in data.toml, parsed and checked."""

    cards: tuple[Card, ...]  # species first (ids 0..), then events
    species: tuple[Species, ...]
    events: tuple[EventCard, ...]
    decks: tuple[Deck, ...]
    terrains: tuple[dict[str, str], ...]
    climates: tuple[dict[str, str], ...]
    realms: tuple[str, ...]
    groups: tuple[str, ...]
    diets: tuple[dict[str, str], ...]
    scales: tuple[dict[str, Any], ...]
    home: dict[str, str]

    def by_key(self, key: str) -> Card:
        for card in self.cards:
            if card.key == key:
                return card
        raise ValueError(
            pgettext("phylo error", "there is no card {key} in the Phylo collection").format(
                key=repr(key)
            )
        )

    def deck(self, key: str) -> Deck:
        for deck in self.decks:
            if deck.key == key:
                return deck
        # Translators: {keys} are the decks' keys, kept as they are (a program reads them)
        raise ValueError(
            pgettext(
                "phylo error", "there is no ready-made deck {key}; choose one of {keys}"
            ).format(key=repr(key), keys=", ".join(d.key for d in self.decks))
        )


def points_for(rank: int, terrains: int, climates: int, helpful: int) -> int:
    """Points from ease of play (the rules: wide habitats, low rank, helpful keywords score lower).

    ``points = max(1, rank + narrowness - helpfulness)`` where narrowness is 2 for a species of
    one terrain-climate pair, 1 for two or three pairs, else 0; helpfulness counts MOVE/FLIGHT,
    SPREAD and INVASIVE, at most 2.
    """
    pairs = terrains * climates
    narrowness = 2 if pairs == 1 else 1 if pairs <= 3 else 0
    return max(1, rank + narrowness - min(2, helpful))


def check_deck(cards: tuple[int, ...] | list[int], collection: Collection | None = None) -> None:
    """The deck-builder's rule: exactly 24 known card ids, at most two copies of any card."""
    c = collection or collection_data()
    if not isinstance(cards, tuple | list) or not all(type(x) is int for x in cards):
        raise ValueError(pgettext("phylo error", "a deck is a list of whole-number card ids"))
    if len(cards) != DECK_SIZE:
        raise ValueError(
            pgettext("phylo error", "a deck has exactly {size} cards, this one has {n}").format(
                size=DECK_SIZE, n=len(cards)
            )
        )
    unknown = [x for x in cards if not 0 <= x < len(c.cards)]
    if unknown:
        raise ValueError(
            pgettext("phylo error", "card id {id} is not in the collection (0 to {last})").format(
                id=unknown[0], last=len(c.cards) - 1
            )
        )
    card, count = Counter(cards).most_common(1)[0]
    if count > MAX_COPIES:
        name = c.cards[card].name
        field = "species.name" if c.cards[card].kind == "species" else "events.name"
        raise ValueError(
            pgettext(
                "phylo error",
                "a deck may hold at most {most} copies of a card, but has {n} of {card}",
            ).format(most=MAX_COPIES, n=count, card=data_text("phylo", field, name))
        )


# -- parsing ---------------------------------------------------------------------------------
def parse_collection(raw: dict) -> Collection:
    """Build the :class:`Collection` from parsed TOML, raising ValueError on anything wrong."""
    try:
        return _parse(raw)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"phylo data.toml is missing or mistypes {error}") from None


def _whole(value: Any, where: str, low: int = 0) -> int:
    """A whole number of at least ``low`` (TOML's true/false and 2.5 are refused, not rounded)."""
    if type(value) is not int or value < low:
        raise ValueError(f"phylo data.toml: {where} must be a whole number, {low} or more")
    return value


def _flag(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"phylo data.toml: {where} must be true or false")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"phylo data.toml: {where} must be some text")
    return value


def _no_unknown_fields(raw: dict, allowed: frozenset[str], where: str) -> None:
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ValueError(f"phylo data.toml: {where} has unknown field {unknown[0]!r}")


def _words(value: Any, allowed: tuple[str, ...], where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"phylo data.toml: {where} must be a list of words")
    bad = [v for v in value if v not in allowed]
    if bad:
        raise ValueError(f"phylo data.toml: {where} has unknown {bad[0]!r}")
    return tuple(value)


def _parse(raw: dict) -> Collection:
    terrains = tuple(raw["terrains"])
    climates = tuple(raw["climates"])
    t_keys = tuple(t["key"] for t in terrains)
    c_keys = tuple(c["key"] for c in climates)
    realms = tuple(raw["realms"])
    groups = tuple(raw["groups"])
    foods = tuple(raw["foods"])
    diets = tuple(raw["diets"])
    if tuple(d["key"] for d in diets) != DIETS:
        raise ValueError(f"phylo data.toml: the diets must be {DIETS}")
    scales = tuple(raw["scales"])
    top_scale = len(scales)
    species: list[Species] = []
    for s in raw["species"]:
        where = f"species {s.get('key', '?')}"
        species.append(_species(len(species), s, where, t_keys, c_keys, realms, groups, foods))
        if not 1 <= species[-1].scale <= top_scale:
            raise ValueError(f"phylo data.toml: {where} has a scale outside 1..{top_scale}")
    events = [
        _event(len(species) + i, e, t_keys, c_keys, groups) for i, e in enumerate(raw["events"])
    ]
    cards: tuple[Card, ...] = (*species, *events)
    keys = [c.key for c in cards]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise ValueError(f"phylo data.toml: the card key {dup!r} is used twice")
    index = {c.key: c.id for c in cards}
    decks = []
    for d in raw["decks"]:
        missing = [k for k in d["cards"] if k not in index]
        if missing:
            raise ValueError(f"phylo data.toml: deck {d['key']} names unknown card {missing[0]!r}")
        ids = tuple(index[k] for k in d["cards"])
        try:
            check_deck(ids, _Partial(cards))  # type: ignore[arg-type]
        except ValueError as error:
            raise ValueError(f"phylo data.toml: deck {d['key']}: {error}") from None
        decks.append(Deck(d["key"], d["name"], ids))
    return Collection(
        cards=cards,
        species=tuple(species),
        events=tuple(events),
        decks=tuple(decks),
        terrains=terrains,
        climates=climates,
        realms=realms,
        groups=groups,
        diets=diets,
        scales=scales,
        home=dict(raw["home"]),
    )


@dataclass(frozen=True)
class _Partial:
    """Just enough of a collection for check_deck while the collection is being built."""

    cards: tuple[Card, ...]


def _species(index, s, where, t_keys, c_keys, realms, groups, foods) -> Species:
    _no_unknown_fields(s, SPECIES_FIELDS, where)
    diet = s["diet"]
    if diet not in DIETS:
        raise ValueError(f"phylo data.toml: {where} has unknown diet {diet!r}")
    if s["group"] not in groups:
        raise ValueError(f"phylo data.toml: {where} has unknown group {s['group']!r}")
    spread = s.get("spread", "")
    if spread and spread not in SPREAD_CONDITIONS:
        raise ValueError(f"phylo data.toml: {where}: SPREAD needs 'wind' or 'pollinator'")
    terrains = _words(s["terrains"], t_keys, f"{where} terrains")
    climates = _words(s["climates"], c_keys, f"{where} climates")
    if not terrains or not climates:
        raise ValueError(f"phylo data.toml: {where} needs a terrain and a climate")
    move = _whole(s.get("move", 0), f"{where} move")
    flight = _whole(s.get("flight", 0), f"{where} flight")
    invasive = _words(s.get("invasive", []), groups, f"{where} invasive")
    helpful = bool(move or flight) + bool(spread) + bool(invasive)
    rank = _whole(s["rank"], f"{where} rank", 1)
    # the rules' food chain: rank 1 makes its own food (or lives on dead matter), rank n eats n-1
    if (rank == 1) != (diet in RANK_ONE_DIETS):
        raise ValueError(
            f"phylo data.toml: {where} is {diet} with rank {rank}, but producers and "
            "decomposers have rank 1 and every consumer a higher rank"
        )
    if diet == "herbivore" and rank != 2:
        raise ValueError(f"phylo data.toml: {where} is a herbivore, so it eats rank 1: rank 2")
    eats = _words(s["eats"], foods, f"{where} eats")
    if diet != "photosynthetic" and not eats:
        raise ValueError(f"phylo data.toml: {where} is {diet}, so it must say what it eats")
    parasitic = _words(s.get("parasitic", []), groups, f"{where} parasitic")
    if diet == "parasite" and not parasitic:
        raise ValueError(f"phylo data.toml: {where} is a parasite, so it must name its hosts")
    native = _words(s["realms"], realms, f"{where} realms")
    introduced = _words(s.get("introduced", []), realms, f"{where} introduced")
    if not native or set(native) & set(introduced):
        raise ValueError(
            f"phylo data.toml: {where} needs its native realms, and a realm it was carried to "
            "is not also a native one"
        )
    pollinator = _flag(s.get("pollinator", False), f"{where} pollinator")
    return Species(
        id=index,
        key=_text(s["key"], f"{where} key"),
        name=_text(s["name"], f"{where} name"),
        latin=_text(s["latin"], f"{where} latin"),
        group=s["group"],
        diet=diet,
        rank=rank,
        scale=_whole(s["scale"], f"{where} scale"),
        terrains=terrains,
        climates=climates,
        realms=native,
        introduced=introduced,
        eats=eats,
        move=move,
        flight=flight,
        spread=spread,
        pollinator=pollinator,
        invasive=invasive,
        parasitic=parasitic,
        fact=_text(s["fact"], f"{where} fact"),
        points=points_for(rank, len(terrains), len(climates), helpful),
    )


def _filter(raw: dict, where: str, t_keys, c_keys, groups) -> Filter:
    known = set(Filter.__slots__)
    unknown = set(raw) - known
    if unknown:
        raise ValueError(f"phylo data.toml: {where} has unknown condition {sorted(unknown)[0]!r}")
    needs = raw.get("needs", "")
    if needs and needs not in NEEDS:
        raise ValueError(f"phylo data.toml: {where} needs one of {NEEDS}")
    return Filter(
        groups=_words(raw.get("groups", []), groups, f"{where} groups"),
        diets=_words(raw.get("diets", []), DIETS, f"{where} diets"),
        terrains=_words(raw.get("terrains", []), t_keys, f"{where} terrains"),
        climates=_words(raw.get("climates", []), c_keys, f"{where} climates"),
        lacks_terrains=_words(raw.get("lacks_terrains", []), t_keys, f"{where} lacks_terrains"),
        lacks_climates=_words(raw.get("lacks_climates", []), c_keys, f"{where} lacks_climates"),
        only_terrains=_words(raw.get("only_terrains", []), t_keys, f"{where} only_terrains"),
        min_scale=_whole(raw.get("min_scale", 0), f"{where} min_scale"),
        max_scale=_whole(raw.get("max_scale", 99), f"{where} max_scale"),
        own=_flag(raw.get("own", False), f"{where} own"),
        needs=needs,
    )


def _event(index: int, e: dict, t_keys, c_keys, groups) -> EventCard:
    where = f"event {e.get('key', '?')}"
    _no_unknown_fields(e, EVENT_FIELDS, where)
    if e["effect"] not in EFFECTS:
        raise ValueError(f"phylo data.toml: {where} has unknown effect {e['effect']!r}")
    return EventCard(
        id=index,
        key=e["key"],
        name=e["name"],
        effect=e["effect"],
        target=_filter(e["target"], f"{where} target", t_keys, c_keys, groups),
        area=_filter(e.get("area", {}), f"{where} area", t_keys, c_keys, groups),
        amount=_whole(e.get("amount", 0), f"{where} amount"),
        text=_text(e["text"], f"{where} text"),
        fact=_text(e["fact"], f"{where} fact"),
    )


@cache
def collection_data() -> Collection:
    """The packaged collection, parsed once per process."""
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    return parse_collection(tomllib.loads(text))
