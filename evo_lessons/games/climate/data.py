"""Load and check ``data.toml``: habitats, genes, the mutation deck and the five boards.

The boards are data so a teacher can redraw the world; the loader checks the invariants the
rules rely on (every cell numbered the same on every board, known habitat letters, savannah and
tundra moving the right way) and says what is wrong instead of failing later mid-game.
"""

# i18n: developer-only: data.toml's loader: its errors are for whoever edits the English data file
# (a game author); the words it shows a student come from data.toml through data_text() or are
# marked with pN_()

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from evo_lessons.i18n import data_text, pN_, tr


@dataclass(frozen=True, slots=True)
class Habitat:
    index: int  # 0 savannah .. 3 tundra
    key: str
    letter: str
    name: str
    short: str
    gene_value: int  # the gene variant adapted to it: 1..4
    colour: str
    about: str


@dataclass(frozen=True, slots=True)
class Gene:
    index: int
    key: str
    name: str
    variants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One mutation card. ``gene`` is None for neutral and deleterious cards."""

    id: int
    kind: str  # "mutation", "neutral" or "deleterious"
    gene: int | None = None
    step: int = 0  # +1 or -1 for a mutation

    def __post_init__(self) -> None:
        # the rules tell a mutation card by its gene, so the two must agree
        if (self.gene is not None) != (self.kind == "mutation"):
            raise ValueError(
                f"climate card {self.id}: a mutation card names a gene, and no other card does"
            )

    def label(self, genes: tuple[Gene, ...]) -> str:
        """ "+1 body", "neutral": the card in the log and the hand (in the current language)."""
        if self.gene is not None:  # a mutation
            gene = data_text("climate", "genes.name", genes[self.gene].name).lower()
            return f"{'+1' if self.step > 0 else '-1'} {gene}"
        return tr(CARD_KINDS.get(self.kind, pN_("climate card kind", self.kind)))


#: the card kinds that are not a mutation, as the hand and the log name them
CARD_KINDS = {
    "neutral": pN_("climate card kind", "neutral"),
    "deleterious": pN_("climate card kind", "deleterious"),
}


@dataclass(frozen=True, slots=True)
class World:
    habitats: tuple[Habitat, ...]
    genes: tuple[Gene, ...]
    cards: tuple[Card, ...]  # every card that exists; a game may leave some neutral cards out
    neutral_small_game: int
    hand_limit: int
    start_cards: int
    restart_cards: int
    rows: int
    columns: int
    start_temperature: int
    #: boards[t - 1][cell - 1] is the habitat index of a cell at temperature t
    boards: tuple[tuple[int, ...], ...]
    #: neighbours[cell - 1]: the orthogonally adjacent cells (ruling R1)
    neighbours: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> int:
        return self.rows * self.columns

    def habitat_at(self, temperature: int, cell: int) -> Habitat:
        return self.habitats[self.boards[temperature - 1][cell - 1]]


def _neighbours(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for cell in range(1, rows * columns + 1):
        r, c = divmod(cell - 1, columns)
        near = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < columns:
                near.append(rr * columns + cc + 1)
        result.append(tuple(near))
    return tuple(result)


def parse_world(raw: dict) -> World:
    """Build a :class:`World` from parsed TOML, raising ValueError on anything inconsistent."""
    try:
        return _parse_world(raw)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"climate data.toml is missing or mistypes {error}") from None


def _parse_world(raw: dict) -> World:
    habitats = tuple(
        Habitat(index=i, **{k: h[k] for k in Habitat.__slots__ if k != "index"})
        for i, h in enumerate(raw["habitats"])
    )
    genes = tuple(
        Gene(index=i, key=g["key"], name=g["name"], variants=tuple(g["variants"]))
        for i, g in enumerate(raw["genes"])
    )
    deck, board = raw["deck"], raw["board"]
    rows, columns = int(board["rows_count"]), int(board["columns_count"])
    if [h.gene_value for h in habitats] != [1, 2, 3, 4]:
        raise ValueError("climate data.toml: the four habitats must hold gene values 1, 2, 3, 4")
    if len(genes) != 3 or any(len(g.variants) != 4 for g in genes):
        raise ValueError("climate data.toml: three genes of four variants each are needed")
    letters = {h.letter: h.index for h in habitats}
    boards = []
    for number, b in enumerate(raw["boards"], start=1):
        if b["temperature"] != number:
            raise ValueError(
                f"climate data.toml: board {number} has temperature {b['temperature']}"
            )
        if len(b["rows"]) != rows or any(len(line) != columns for line in b["rows"]):
            raise ValueError(f"climate data.toml: board {number} is not {rows} x {columns}")
        try:
            boards.append(tuple(letters[ch] for line in b["rows"] for ch in line))
        except KeyError as error:
            raise ValueError(
                f"climate data.toml: board {number} has an unknown habitat {error}"
            ) from None
    _check_boards(boards)
    cards: list[Card] = []
    for gene in range(3):
        for step, count in ((+1, deck["plus_per_gene"]), (-1, deck["minus_per_gene"])):
            cards += [Card(len(cards) + k, "mutation", gene, step) for k in range(count)]
    cards += [Card(len(cards) + k, "neutral") for k in range(deck["neutral"])]
    cards += [Card(len(cards) + k, "deleterious") for k in range(deck["deleterious"])]
    return World(
        habitats=habitats,
        genes=genes,
        cards=tuple(cards),
        neutral_small_game=int(deck["neutral_small_game"]),
        hand_limit=int(deck["hand_limit"]),
        start_cards=int(deck["start_cards"]),
        restart_cards=int(deck["restart_cards"]),
        rows=rows,
        columns=columns,
        start_temperature=int(board["start_temperature"]),
        boards=tuple(boards),
        neighbours=_neighbours(rows, columns),
    )


#: five species may all need an empty savannah cell at once (start, or restart after extinction)
MIN_SAVANNAH = 5


def _check_boards(boards: list[tuple[int, ...]]) -> None:
    """The invariants the rules rely on (R1): checked here, so an edited map fails early."""
    if len(boards) != 5:
        raise ValueError("climate data.toml: exactly five boards (temperatures 1..5) are needed")
    for number, cells in enumerate(boards, start=1):
        missing = {0, 1, 2, 3} - set(cells)
        if missing:
            raise ValueError(
                f"climate data.toml: board {number} lacks habitat(s) {sorted(missing)}"
            )
        if cells.count(0) < MIN_SAVANNAH:
            raise ValueError(
                f"climate data.toml: board {number} needs at least {MIN_SAVANNAH} savannah cells"
            )
    savannah = [cells.count(0) for cells in boards]
    tundra = [cells.count(3) for cells in boards]
    if any(a >= b for a, b in itertools.pairwise(savannah)):
        raise ValueError(f"climate data.toml: savannah must grow as it warms, got {savannah}")
    if any(a <= b for a, b in itertools.pairwise(tundra)):
        raise ValueError(f"climate data.toml: tundra must shrink as it warms, got {tundra}")


@cache
def world() -> World:
    """The packaged world, parsed once per process."""
    text = resources.files(__package__).joinpath("data.toml").read_text(encoding="utf-8")
    return parse_world(tomllib.loads(text))
