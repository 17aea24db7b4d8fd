"""Load and check ``data.toml``: challenge types, environments and the trait deck.

The cards are data so a teacher can redesign the deck; the loader checks what the rules rely on
(12 environments of 2-4 distinct known challenges, 52 trait cards, every trait tagged as a
structural, behavioural or functional adaptation, every event effect known, every environment
completable within the rule of 4) and says what is wrong instead of failing
later, mid-game.
"""

# i18n: developer-only: data.toml's loader: its errors are for whoever edits the English data file
# (a game author); the words it shows a student come from data.toml through data_text() or are
# marked with pN_()

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

ENVIRONMENT_COUNT = 12
TRAIT_CARD_COUNT = 52
PLAY_AREA_LIMIT = 4  # the rule of 4
#: AQA GCSE Biology 4.7.1.4: the three kinds of adaptation a trait card is tagged with
ADAPTATION_KINDS = ("structural", "behavioural", "functional")

EFFECTS = {
    # effect: (target, stays)
    "mutation": ("self", False),
    "migration": ("self", False),
    "refuge": ("self", True),
    "parasite": ("other", True),
    "bottleneck": ("other", False),
    "gene_flow": ("other", True),  # the card stays as a copy of the donor's trait (R7)
    "mass_extinction": ("table", False),
}


@dataclass(frozen=True, slots=True)
class Challenge:
    index: int
    key: str
    name: str
    short: str
    about: str


@dataclass(frozen=True, slots=True)
class Environment:
    id: int
    key: str
    name: str
    challenges: tuple[int, ...]  # challenge indices, distinct
    mask: int  # bit c set = challenge c must be met
    about: str


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 52 trait cards. ``kind`` is "trait", "double" (two traits) or "event"."""

    id: int
    key: str
    name: str
    kind: str
    meets: tuple[int, ...]  # challenge indices (empty for events)
    mask: int
    effect: str  # "" for trait cards
    target: str  # "self", "other" or "table" for events; "" for trait cards
    stays: bool
    text: str  # what an event does, in a sentence ("" for trait cards)
    fact: str  # the true biology behind the card
    adaptation: tuple[str, ...] = ()  # structural / behavioural / functional (empty for events)

    @property
    def is_event(self) -> bool:
        return self.kind == "event"


@dataclass(frozen=True, slots=True)
class Deck:
    challenges: tuple[Challenge, ...]
    environments: tuple[Environment, ...]
    cards: tuple[Card, ...]


def _need(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in entry:
        raise ValueError(f"niche data.toml: {where} is missing {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"niche data.toml: {where} has {key} = {value!r} (not a {kind.__name__})")
    return value


def _challenge_indices(names: list[Any], index: dict[str, int], where: str) -> tuple[int, ...]:
    out = []
    for name in names:
        if name not in index:
            raise ValueError(f"niche data.toml: {where} names an unknown challenge {name!r}")
        out.append(index[name])
    if len(set(out)) != len(out):
        raise ValueError(f"niche data.toml: {where} lists a challenge twice")
    return tuple(out)


def _adaptation(entry: dict[str, Any], where: str) -> tuple[str, ...]:
    kinds = _need(entry, "adaptation", list, where)
    if not 1 <= len(kinds) <= 2 or len(set(kinds)) != len(kinds):
        raise ValueError(f"niche data.toml: {where} needs one or two distinct adaptation kinds")
    for kind in kinds:
        if kind not in ADAPTATION_KINDS:
            raise ValueError(
                f"niche data.toml: {where} has adaptation {kind!r}; "
                f"use {', '.join(ADAPTATION_KINDS)}"
            )
    return tuple(kinds)


def _mask(indices: tuple[int, ...]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def parse_deck(raw: dict[str, Any]) -> Deck:
    """Build a :class:`Deck` from parsed TOML, raising ValueError on anything inconsistent."""
    challenges = tuple(
        Challenge(
            index=i,
            key=_need(c, "key", str, f"challenge {i + 1}"),
            name=_need(c, "name", str, f"challenge {i + 1}"),
            short=_need(c, "short", str, f"challenge {i + 1}"),
            about=_need(c, "about", str, f"challenge {i + 1}"),
        )
        for i, c in enumerate(raw.get("challenges", []))
    )
    index = {c.key: c.index for c in challenges}
    if len(index) != len(challenges) or not challenges:
        raise ValueError("niche data.toml: challenge keys must be present and distinct")
    environments = []
    for i, e in enumerate(raw.get("environments", [])):
        where = f"environment {i + 1}"
        names = _need(e, "challenges", list, where)
        if not 2 <= len(names) <= 4:
            raise ValueError(f"niche data.toml: {where} must have 2 to 4 challenges")
        chosen = _challenge_indices(names, index, where)
        environments.append(
            Environment(
                id=i,
                key=_need(e, "key", str, where),
                name=_need(e, "name", str, where),
                challenges=chosen,
                mask=_mask(chosen),
                about=_need(e, "about", str, where),
            )
        )
    if len(environments) != ENVIRONMENT_COUNT:
        raise ValueError(
            f"niche data.toml: the game has {ENVIRONMENT_COUNT} environments, "
            f"the file {len(environments)}"
        )
    cards: list[Card] = []
    for t in raw.get("traits", []):
        where = f"trait {t.get('key', '?')!r}"
        meets = _challenge_indices(_need(t, "meets", list, where), index, where)
        if len(meets) not in (1, 2):
            raise ValueError(f"niche data.toml: {where} must meet one or two challenges")
        adaptation = _adaptation(t, where)
        for _ in range(_need(t, "copies", int, where)):
            cards.append(
                Card(
                    id=len(cards),
                    key=_need(t, "key", str, where),
                    name=_need(t, "name", str, where),
                    kind="trait" if len(meets) == 1 else "double",
                    meets=meets,
                    mask=_mask(meets),
                    effect="",
                    target="",
                    stays=True,
                    text="",
                    fact=_need(t, "fact", str, where),
                    adaptation=adaptation,
                )
            )
    for v in raw.get("events", []):
        where = f"event {v.get('key', '?')!r}"
        effect = _need(v, "effect", str, where)
        if effect not in EFFECTS:
            raise ValueError(f"niche data.toml: {where} has an unknown effect {effect!r}")
        target, stays = EFFECTS[effect]
        if _need(v, "target", str, where) != target or _need(v, "stays", bool, where) != stays:
            raise ValueError(
                f"niche data.toml: {where}: effect {effect} needs target = {target!r} "
                f"and stays = {str(stays).lower()}"
            )
        for _ in range(_need(v, "copies", int, where)):
            cards.append(
                Card(
                    id=len(cards),
                    key=_need(v, "key", str, where),
                    name=_need(v, "name", str, where),
                    kind="event",
                    meets=(),
                    mask=0,
                    effect=effect,
                    target=target,
                    stays=stays,
                    text=_need(v, "text", str, where),
                    fact=_need(v, "fact", str, where),
                )
            )
    if len(cards) != TRAIT_CARD_COUNT:
        raise ValueError(
            f"niche data.toml: the trait deck has {TRAIT_CARD_COUNT} cards, the file {len(cards)}"
        )
    deck = Deck(tuple(challenges), tuple(environments), tuple(cards))
    for environment in deck.environments:
        if not completable(deck, environment):
            raise ValueError(
                f"niche data.toml: {environment.name} cannot be completed with "
                f"{PLAY_AREA_LIMIT} trait cards from this deck"
            )
    return deck


def completable(deck: Deck, environment: Environment) -> bool:
    """Can some set of at most four distinct trait cards meet every challenge?"""
    useful = [c.mask for c in deck.cards if c.mask & environment.mask]
    for size in range(1, PLAY_AREA_LIMIT + 1):
        for combo in combinations(useful, size):
            covered = 0
            for mask in combo:
                covered |= mask
            if covered & environment.mask == environment.mask:
                return True
    return False


@cache
def deck() -> Deck:
    """The packaged cards, parsed once per process."""
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    return parse_deck(tomllib.loads(text))
