"""How Phylo names its cards, groups, realms and keywords in a sentence, in the current language.

The cards' names and facts live in data.toml (English); the catalogue of the game's data words
(:data:`evo_lessons.i18n.DATA_DOMAIN`) translates them. The groups, realms and foods are the
data's vocabulary (keys, never translated in a result code or a CSV file): their words for
people are here, in the package's catalogue, as are the keywords printed on a card (MOVE,
FLIGHT, SPREAD ...). Each table is built once per language (``per_language``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evo_lessons.engine import Event
from evo_lessons.i18n import Msg, current, data_text, per_language, pgettext, pN_, tr

from .compatibility import CARDS, COLLECTION, HOME
from .data import Species


class Said(Event):
    """An Event whose sentence is written when someone reads it, in the reader's language.

    A random playout never reads its log, so a game builds no sentence it does not show (the
    rules stay as fast in every language); the widget reads each event's ``text`` at once, in
    its own language, and the golden files read it in English. ``say`` takes no argument and
    returns the sentence in the current language: it must capture values, never the state
    (which goes on changing). Shared events (one per distinct sentence, ``tables.ActionTable``)
    are Said too: each keeps the sentence of the last language it was read in. Read-only, like
    every Event.
    """

    __slots__ = ("_said", "_say")

    def __init__(
        self,
        kind: str,
        say: Callable[[], str],
        player: int | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.kind, self.player = kind, player
        self.data = {} if data is None else data
        self._say = say
        self._said: tuple[object, str] | None = None  # (translator, sentence) last read

    @property
    def text(self) -> str:  # type: ignore[override]
        t, said = current(), self._said
        if said is None or said[0] is not t:
            said = self._said = (t, self._say())
        return said[1]

    # read-only and shared: a copied state (``clone``) keeps the same events
    def __copy__(self) -> Said:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Said:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a plain Event, its sentence in the current language."""
        return (Event, (self.kind, self.text, self.player, self.data))


#: the groups of species (and "detritus", a food): their words for people
GROUP_WORDS: dict[str, Msg] = {
    "plant": pN_("phylo species group", "plant"),
    "alga": pN_("phylo species group", "alga"),
    "fungus": pN_("phylo species group", "fungus"),
    "microbe": pN_("phylo species group", "microbe"),
    "insect": pN_("phylo species group", "insect"),
    "invertebrate": pN_("phylo species group", "invertebrate"),
    "fish": pN_("phylo species group", "fish"),
    "amphibian": pN_("phylo species group", "amphibian"),
    "reptile": pN_("phylo species group", "reptile"),
    "bird": pN_("phylo species group", "bird"),
    "mammal": pN_("phylo species group", "mammal"),
    # Translators: dead plants and animals, as a food
    "detritus": pN_("phylo species group", "detritus"),
}
#: the biogeographic realms (Olson et al. 2001): their words for people
REALM_WORDS: dict[str, Msg] = {
    "nearctic": pN_("phylo biogeographic realm", "nearctic"),
    "palearctic": pN_("phylo biogeographic realm", "palearctic"),
    "neotropical": pN_("phylo biogeographic realm", "neotropical"),
    "afrotropical": pN_("phylo biogeographic realm", "afrotropical"),
    "indomalayan": pN_("phylo biogeographic realm", "indomalayan"),
    "australasian": pN_("phylo biogeographic realm", "australasian"),
    "oceanian": pN_("phylo biogeographic realm", "oceanian"),
    "antarctic": pN_("phylo biogeographic realm", "antarctic"),
}

#: each diet's word on a card's band, short enough to leave room for the points
# Translators: a diet shortened to fit a narrow band on a card; keep it very short
DIET_BANDS: dict[str, Msg] = {
    "photosynthetic": pN_("phylo diet band, short for PHOTOSYNTHETIC", "PHOTO"),
    "decomposer": pN_("phylo diet band, short for DECOMPOSER", "DECOMP"),
    "herbivore": pN_("phylo diet band, short for HERBIVORE", "HERBIV"),
    "carnivore": pN_("phylo diet band, short for CARNIVORE", "CARNIV"),
    "omnivore": pN_("phylo diet band, short for OMNIVORE", "OMNIV"),
    "parasite": pN_("phylo diet band, short for PARASITE", "PARASITE"),
}


@per_language
def card_names() -> tuple[str, ...]:
    """``card_names()[card]``: every card's name (species, then events), HOME last."""
    names = [
        data_text("phylo", "species.name" if c.kind == "species" else "events.name", c.name)
        for c in CARDS
    ]
    return (*names, data_text("phylo", "home.name", COLLECTION.home["name"]))


def card_name(card: int) -> str:
    """A card's name as people read it (HOME's too)."""
    return card_names()[card]  # (HOME is the last id)


def home_name() -> str:
    return card_names()[HOME]


def group_word(group: str) -> str:
    """ "bird", "plant": a group (or a food) inside a sentence."""
    msg = GROUP_WORDS.get(group)
    return tr(msg) if msg else group


def realm_word(realm: str) -> str:
    msg = REALM_WORDS.get(realm)
    return tr(msg) if msg else realm


def list_words(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c" in the current language."""
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list of groups: "insects, fish and birds"
    return pgettext("phylo list", "{first} and {last}").format(
        first=pgettext("list separator", ", ").join(words[:-1]), last=words[-1]
    )


def keywords(card: Species) -> tuple[str, ...]:
    """A species card's keywords as printed on it: ("MOVE 2", "SPREAD (wind)", ...)."""
    words = []
    if card.move:
        # Translators: a card's keyword, in capitals as the card prints it: it moves n spaces
        words.append(pgettext("phylo keyword", "MOVE {n}").format(n=card.move))
    if card.flight:
        # Translators: a card's keyword: it flies n spaces, diagonals too
        words.append(pgettext("phylo keyword", "FLIGHT {n}").format(n=card.flight))
    if card.spread == "wind":
        words.append(pgettext("phylo keyword", "SPREAD (wind)"))
    elif card.spread:
        words.append(pgettext("phylo keyword", "SPREAD (pollinator)"))
    if card.pollinator:
        words.append(pgettext("phylo keyword", "POLLINATOR"))
    sep = pgettext("list separator", ", ")
    if card.invasive:
        # Translators: {groups} are the groups it may replace ("amphibian, reptile")
        words.append(
            pgettext("phylo keyword", "INVASIVE ({groups})").format(
                groups=sep.join(group_word(g) for g in card.invasive)
            )
        )
    if card.parasitic:
        words.append(
            pgettext("phylo keyword", "PARASITIC (host: {groups})").format(
                groups=sep.join(group_word(g) for g in card.parasitic)
            )
        )
    return tuple(words)


@per_language
def terrain_names() -> dict[str, tuple[str, str, str]]:
    """``terrain_names()[key]``: (symbol, short label, name) in the current language."""
    return {
        t["key"]: (
            t["symbol"],
            data_text("phylo", "terrains.short", t["short"]),
            data_text("phylo", "terrains.name", t["name"]),
        )
        for t in COLLECTION.terrains
    }


@per_language
def climate_names() -> dict[str, tuple[str, str, str]]:
    """``climate_names()[key]``: (symbol, short label, name) in the current language."""
    return {
        c["key"]: (
            c["symbol"],
            data_text("phylo", "climates.short", c["short"]),
            data_text("phylo", "climates.name", c["name"]),
        )
        for c in COLLECTION.climates
    }


def diet_band(key: str) -> str:
    """ "HERBIV": a diet on a card's narrow band."""
    msg = DIET_BANDS.get(key)
    return tr(msg) if msg else key


def diet_label(key: str) -> str:
    """ "HERBIVORE": the word a card's diet band prints."""
    for d in COLLECTION.diets:
        if d["key"] == key:
            return data_text("phylo", "diets.label", d["label"])
    return key
