"""Adapt or Die: move your bug round an octagon, collect habitats, and fit them with one body.

Mechanics from *Adapt or Die* by David Marques (PhosphorLearn, 2020). We use its mechanics only:
every sentence, habitat, creature and board here is our own.

The rules in our words
----------------------
* **The table.** An eight-sided board: from its centre four steps lead to each side, and four
  steps run along the edge from one side to the next. Each side has one marked exit space, and
  beside each exit lies a place for a habitat mat. Sixteen habitat mats lie face down in a pile.
  Each habitat has two fixed selection pressures; its other three are blanks, filled by a
  randomizer card when the mat is placed. Eighty niche cards (five for each habitat) lie in a
  pile; twenty-five adaptation cards lie face up for anyone to take.
* **The creatures.** Each player draws a creature card face down and shows it: one of fifteen
  bugs, each perfectly suited to its own home habitat, or the generic bug, which has no home. A
  creature has five features (leg length, segments, size, eyes, antennae), each from 1 to 5.
* **A turn.** Roll the die and move the bug anywhere within that roll. A bug that exits the board
  at a side's marked space reaches that side's habitat: if no mat lies there yet, the top mat of
  the pile is placed (it never moves or changes again). A player without that habitat's niche
  card takes one; they may keep it, exchange it for one of their own niche cards (which goes back
  to the pile), or give it to a player with fewer than four niche cards, who may not refuse. A
  player with four niche cards must exchange or give. A player who already held that niche must
  return a different niche card to the pile, or force the new one on someone else: coming back to
  a habitat is the way to get rid of an unwanted one. Whoever gains a niche card takes an
  adaptation card with it; whenever a niche card goes back to the pile, an adaptation card of the
  player's choice goes back too, so everyone always holds as many adaptation cards as niche
  cards. Nobody ever holds two copies of one niche, or ends a turn with more than four.
* **Trading.** At the end of the turn the player may trade one niche card, and one adaptation
  card, with any willing player.
* **The end.** Players who have four niche cards keep playing (and may change their niches). The
  game ends at the end of the turn in which the last player gets their fourth niche card.
* **Scoring.** Each player applies their adaptation cards to their creature's features, in the
  order they choose where several touch one feature (an increase from 5 or a decrease from 1 does
  nothing). Then for each held habitat and each feature the score is the distance between the
  feature and the habitat's pressure, at most 4. The sum is the *unfit* score. Lowest wins.

Variants (keyword arguments of :func:`new_game`)
------------------------------------------------
``players`` 3-5. ``habitats_per_player`` 3, 4 (the rules) or 5 (a longer game, on the double
board of 12 mat places). ``choose_creature``: choose creatures instead of drawing them.
``scoring``: "auto" (the rules: lowest unfit score; with ``same_habitats``, the text's own
scoring, "habitats"), "total", "extinctions" (a habitat score above 8 is an extinction; fewest
extinctions win) or "habitats" (best in the most habitats wins). ``same_habitats``: whenever a
player selects a habitat, everyone receives it and takes an adaptation card, clockwise from the
selector. ``max_rounds``: a round cap for a short class (R19; None, the default, sets none).

Rulings (where the text is silent; each is tested in tests/adapt_or_die/test_rulings.py)
-----------------------------------------------------------------------------------------
R1. *Move anywhere within that roll*: the bug ends on any space or mat place from 1 to the roll's
    number of steps away, along the board's lines, through any spaces. Bugs may share a space and
    pass through each other. Stepping back and forth is allowed, so "within the roll" means "at
    most the roll"; but the bug must move (ending where it began is not a move).
R2. *Exiting*: stepping from a side's marked exit space onto the mat place beside it is exiting;
    that step is one step of the roll, and it ends the move (nobody walks through a mat place).
    The bug then waits on the mat place; its next move re-enters through the exit. Stepping off
    the mat and straight back (two steps) is exiting at that habitat again: a return (R7).
R3. *Perfectly adapted* means the creature matches both fixed pressures of its home habitat
    (data.toml is checked for it). The other three pressures are random, so no creature can be
    sure of them; the generic bug (creature 16) has every feature at 3.
R4. Every bug starts on the centre space. Seat 0 plays first; turns pass in seat order
    (clockwise). Creature cards are shuffled and dealt in seat order, face up.
R5. A mat is placed face up as soon as a bug exits at its empty place, and a randomizer card is
    drawn for it at once: the card's three numbers fill the mat's blank pressures in feature
    order. A placed mat and its numbers never change; each randomizer card serves one mat.
R6. A player who lacks the habitat's niche takes the card and decides at once: keep it (only with
    fewer niche cards than the target), exchange it for one of theirs, or give it to a player
    who lacks that niche and holds fewer than the target. Keeping is allowed, never forced.
R7. A player who already holds the habitat's niche takes a spare copy and must either return a
    different niche card to the pile along with the copy, or force the copy on a player who lacks
    that niche and holds fewer than the target. If neither is possible (no other niche card, and
    nobody who could receive it) the copy goes straight back. If the pile has no copy left (five
    players all hold it) nothing happens.
R8. Nobody may be given a niche card they already hold (never two copies), nor one that would
    take them past the target: "may not refuse unless they already have 4" read with the rule
    that nobody ends a turn with more than four.
R9. The 25 adaptation cards are one of each of five kinds for each feature: ++ (two up), +, -,
    -- (two down), and =3, a stabilising card that sets the feature to the middle value 3. The
    text's sample scorecard shows it as "+3": leg length 3 ends at 3.
R10. A niche card and an adaptation card always change hands together: whoever gains a niche card
    takes it with the adaptation card they choose, in one move (the niche card waits on the table
    until they choose), and whoever returns a niche card returns it with an adaptation card of
    their choice, in one move.
    In an exchange the old niche card and an adaptation card go back first, then the new niche
    card comes with a chosen adaptation (which may be the card just returned). So niche and
    adaptation counts are equal after every move, not only at the end of a turn.
R11. At the end of the turn the player may offer one niche swap (one of theirs for one of another
    player's, leaving nobody with two copies) and one adaptation swap (one card for one card).
    The other player answers: accept or decline. Each kind of offer may be made once a turn,
    accepted or not; then the player ends the turn.
R12. The end is checked at the end of every turn, after any trades: when every player holds
    exactly the target number of niche cards, the game ends. A player may fall back below the
    target by returning a niche (R7); then the game goes on.
R13. At the end, each player in seat order chooses the order of their adaptation cards for each
    feature where different orders give different results. Orders that give the same feature
    value are the same choice, named by the first such order; a feature with only one possible
    result needs no decision. Only distinct outcomes are offered.
R14. Winners: lowest unfit score ("total"); fewest extinctions, a habitat score above 8 being an
    extinction ("extinctions": "all of those with the fewest" win); or most habitats in which the
    player is best, ties in a habitat counting for everyone tied ("habitats"). Ties share a win.
R15. Same habitats for all: a bug that exits at a habitat the table has not selected yet selects
    it, while fewer than the target are selected; everyone receives its niche card and takes an
    adaptation card, clockwise from the selector. Exiting at a selected habitat does nothing more.
    With identical niches there is nothing to exchange, give or return; adaptation trades remain.
R16. Choosing creatures: in seat order, each player takes any creature card not yet taken.
R17. A decision with only one legal option is taken at once (the log shows it as usual): a forced
    move, the end of a turn with nothing to trade, the only adaptation card left to return.
R18. The double board (habitats_per_player = 5) joins two octagons at one side by a one-step
    passage; the two pairs of sides facing each other across the gap share a mat place, leaving
    12 places. With 3 or 4 habitats per player the single board (8 places) is used.
R19. A teacher with a short class may cap the game at ``max_rounds`` rounds (None, the default:
    no cap). A capped game is scored as it stands at the end of its last round, and only the
    players holding the most niche cards can win (a shorter scorecard is not a better one). So
    that every game ends, the same happens after 100,000 turns: random players need well over a
    thousand turns at the default options (median about 1,200, mean about 1,700; the slowest of
    500 random games over five variants took about 15,000, with 5 habitats each), because they
    rarely exit the board; players who aim for the exits need about 50.
R20. The 25 adaptation cards suffice: at most 5 players x 5 habitats = 25 are ever held at once.
    The distance cap of 4 never binds with features and pressures from 1 to 5; we keep it as
    written.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name, winners_sentence

from . import scoring
from .data import FEATURE_COUNT, Board, world
from .tables import Interned, reach

WORLD = world()
FEATURES = tuple(f.key for f in WORLD.features)
SCORINGS = ("auto", "total", "extinctions", "habitats")
#: R19: a safety net far beyond any real game
TURN_LIMIT = 100_000


def _habitat_name(number: int) -> str:
    return WORLD.habitat(number).name


def _a(name: str) -> str:
    """ "a Cave", "an Air over a pond": the article a name needs."""
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _card_name(card: int) -> str:
    return WORLD.card_label(card)


# -- actions ---------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class ChooseCreature(Action):
    """Choose a creature card (the choose-your-creature variant, R16)."""

    creature: int

    def __str__(self) -> str:
        return f"Choose creature {self.creature}, the {WORLD.creature(self.creature).name}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    """Move the bug to a space on the board (R1)."""

    space: int

    def __str__(self) -> str:
        return f"Move to space {self.space}"


@dataclasses.dataclass(frozen=True, slots=True)
class Exit(Action):
    """Leave the board at a marked exit, onto the mat place beside it (R2)."""

    place: int

    def __str__(self) -> str:
        return f"Exit the board to mat place {self.place}"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepNiche(Action):
    """Keep the niche card just taken (R6)."""

    def __str__(self) -> str:
        return "Keep the niche card"


@dataclasses.dataclass(frozen=True, slots=True)
class ExchangeNiche(Action):
    """Keep the new niche card and return one of yours to the pile (R6, R10)."""

    habitat: int

    def __str__(self) -> str:
        return f"Keep it and return your {_habitat_name(self.habitat)} niche card"


@dataclasses.dataclass(frozen=True, slots=True)
class GiveNiche(Action):
    """Give the niche card just taken to another player (R6, R8)."""

    player: int

    def __str__(self) -> str:
        return f"Give the niche card to {seat_name(self.player)}"


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnNiche(Action):
    """Holding this niche already: return another niche card with the spare copy (R7)."""

    habitat: int

    def __str__(self) -> str:
        return f"Return your {_habitat_name(self.habitat)} niche card with the spare copy"


@dataclasses.dataclass(frozen=True, slots=True)
class ForceNiche(Action):
    """Holding this niche already: force the spare copy on another player (R7)."""

    player: int

    def __str__(self) -> str:
        return f"Force the spare niche card on {seat_name(self.player)}"


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnAdaptation(Action):
    """Return an adaptation card along with a returned niche card (R10)."""

    card: int

    def __str__(self) -> str:
        return f"Return the {_card_name(self.card)} adaptation card"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeAdaptation(Action):
    """Take a face-up adaptation card along with a niche card (R10)."""

    card: int

    def __str__(self) -> str:
        return f"Take the {_card_name(self.card)} adaptation card"


@dataclasses.dataclass(frozen=True, slots=True)
class OfferNiches(Action):
    """Offer another player a swap of one niche card each (R11)."""

    player: int
    give: int
    get: int

    def __str__(self) -> str:
        return (
            f"Offer {seat_name(self.player)} your {_habitat_name(self.give)} niche for their "
            f"{_habitat_name(self.get)} niche"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class OfferAdaptations(Action):
    """Offer another player a swap of one adaptation card each (R11)."""

    player: int
    give: int
    get: int

    def __str__(self) -> str:
        return (
            f"Offer {seat_name(self.player)} your {_card_name(self.give)} card for their "
            f"{_card_name(self.get)} card"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class AnswerTrade(Action):
    """The offered player's answer (R11)."""

    accept: bool

    def __str__(self) -> str:
        return "Accept the trade" if self.accept else "Decline the trade"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn without (further) trading."""

    def __str__(self) -> str:
        return "End the turn"


@dataclasses.dataclass(frozen=True, slots=True)
class OrderCards(Action):
    """Apply one feature's adaptation cards in this order, ending at ``end`` (R13)."""

    feature: int
    cards: tuple[int, ...]
    end: int

    def __str__(self) -> str:
        symbols = ", then ".join(WORLD.kinds[WORLD.cards[c].kind].symbol for c in self.cards)
        name = WORLD.features[self.feature].name.lower()
        return f"Apply the {name} cards {symbols}: {name} ends at {self.end}"


ACTION_TYPES = {
    cls.__name__: cls
    for cls in (
        ChooseCreature,
        Move,
        Exit,
        KeepNiche,
        ExchangeNiche,
        GiveNiche,
        ReturnNiche,
        ForceNiche,
        ReturnAdaptation,
        TakeAdaptation,
        OfferNiches,
        OfferAdaptations,
        AnswerTrade,
        EndTurn,
        OrderCards,
    )
}
intern = Interned()
KEEP, END_TURN = KeepNiche(), EndTurn()
ACCEPT, DECLINE = AnswerTrade(True), AnswerTrade(False)

#: phases: whose decision, and of what kind
CHOOSE, MOVE, NICHE, RETURN, PICK, TRADE, ANSWER, ORDER, OVER = (
    "choose",
    "move",
    "niche",
    "return",
    "pick",
    "trade",
    "answer",
    "order",
    "over",
)


def _board_actions(board: Board) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """For each node and roll, the move actions (Move or Exit) in node order (R1, R2)."""
    spaces = board.spaces

    def action(node: int) -> Action:
        if node < spaces:
            return intern(Move, node)
        return intern(Exit, node - spaces + 1)

    return tuple(
        tuple(tuple(action(n) for n in ends) for ends in by_roll) for by_roll in reach(board)
    )


_MOVES = {key: _board_actions(board) for key, board in WORLD.boards.items()}
_SEATS = range(5)
_HABITATS = range(len(WORLD.habitats) + 1)  # habitat numbers count from 1
_CARDS = range(len(WORLD.cards))
#: NICHE_OFFERS[to][give][get], CARD_OFFERS[to][give][get]: every offer, made once (R11)
NICHE_OFFERS = [[[OfferNiches(t, g, h) for h in _HABITATS] for g in _HABITATS] for t in _SEATS]
CARD_OFFERS = [[[OfferAdaptations(t, g, c) for c in _CARDS] for g in _CARDS] for t in _SEATS]


class AdaptOrDieState(GameState):
    """The whole table: the board and bugs, the mats, the card piles and every player's cards."""

    action_types: ClassVar[dict[str, type[Action]]] = ACTION_TYPES
    world: ClassVar = WORLD

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        n = options["players"]
        self.target: int = options["habitats_per_player"]
        self.same: bool = options["same_habitats"]
        scoring_rule = options["scoring"]
        if scoring_rule == "auto":
            scoring_rule = "habitats" if self.same else "total"
        self.scoring: str = scoring_rule
        self.board_key = "double" if self.target == 5 else "single"  # R18
        board = self.board
        self.positions: list[int] = [board.start] * n  # R4
        self.creatures: list[int] = [0] * n  # creature number per seat (0: not yet chosen)
        self.niches: list[list[int]] = [[] for _ in range(n)]  # habitat numbers, in order won
        self.adaptations: list[list[int]] = [[] for _ in range(n)]  # card ids, in order taken
        self.pool: list[bool] = [True] * len(WORLD.cards)  # face-up adaptation cards
        self.niche_pile: list[int] = [WORLD.niche_copies] * len(WORLD.habitats)
        self.mats: list[int] = [0] * len(board.places)  # habitat number at each place (0: none)
        self.mat_values: list[tuple[int, ...] | None] = [None] * len(board.places)
        self.mat_pile: list[int] = [h.number for h in WORLD.habitats]
        self.randomizer_pile: list[int] = list(range(len(WORLD.randomizer)))
        self.creature_pile: list[int] = [c.number for c in WORLD.creatures]
        self.selected: list[int] = []  # R15: the habitats the table has selected
        self.turn_player = 0
        self.turns = 0
        self.round = 1
        self.roll: int | None = None
        self.phase = CHOOSE
        # a decision under way (R6, R7, R10, R11)
        self.offered = 0  # the niche card taken from the pile, awaiting the niche decision
        self.spare = False  # ...as a spare copy of a niche the player holds (R7)
        self.returning = 0  # the niche card going back, awaiting its adaptation card
        self.gains: list[tuple[int, int]] = []  # (seat, habitat) awaiting an adaptation pick
        self.offer: tuple[str, int, int, int] | None = None  # (kind, to, give, get)
        self.traded: set[str] = set()  # kinds of offer made this turn
        self.order_queue: list[tuple[int, int]] = []  # (seat, feature) to decide (R13)
        self.orders: list[list[tuple[int, ...] | None]] = [[None] * FEATURE_COUNT for _ in range(n)]
        self.final: list[dict[str, Any]] | None = None
        self._setup(self.setup_events)

    # -- setup ---------------------------------------------------------------------------------
    def _setup(self, events: list[Event]) -> None:
        self.rng.shuffle(self.mat_pile)
        self.rng.shuffle(self.randomizer_pile)
        events.append(
            Event(
                "shuffle",
                f"The {len(self.mat_pile)} habitat mats are shuffled into a face-down pile, and "
                f"the {len(self.randomizer_pile)} randomizer cards are shuffled too.",
            )
        )
        events.append(
            Event(
                "start",
                f"Every bug starts on the centre of the board ({self.board.name}). Each "
                f"player aims for {self.target} niches.",
            )
        )
        if self.options["choose_creature"]:
            events.append(Event("choose", "Each player chooses a creature, in seat order (R16)."))
            return
        self.rng.shuffle(self.creature_pile)
        for seat in range(self.num_players):
            self.creatures[seat] = self.creature_pile.pop()
        dealt = "; ".join(
            f"{seat_name(s)} is the {WORLD.creature(c).name} (creature {c})"
            for s, c in enumerate(self.creatures)
        )
        events.append(Event("deal", f"The creature cards are shuffled and dealt: {dealt}."))
        self._start_turn(events)

    # -- contract ------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return WORLD.boards[self.board_key]

    @property
    def num_players(self) -> int:
        return len(self.positions)

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        if phase == PICK:
            return self.gains[0][0]
        if phase == ANSWER:
            return self.offer[1]  # type: ignore[index]
        if phase == ORDER:
            return self.order_queue[0][0]
        return self.turn_player

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == MOVE:
            return list(_MOVES[self.board_key][self.positions[self.turn_player]][self.roll])
        if phase == PICK:
            pool = self.pool
            return [intern(TakeAdaptation, c) for c in range(len(pool)) if pool[c]]
        if phase == TRADE:
            return self._trade_options()
        if phase == ANSWER:
            return [ACCEPT, DECLINE]
        if phase == NICHE:
            return self._niche_options()
        if phase == RETURN:
            return [intern(ReturnAdaptation, c) for c in sorted(self.adaptations[self.turn_player])]
        if phase == ORDER:
            return self._order_options()
        # CHOOSE
        taken = set(self.creatures)
        return [intern(ChooseCreature, c.number) for c in WORLD.creatures if c.number not in taken]

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        self._do(action, events)
        # R17: a decision with one option is no decision; the list is kept for the next call
        legal = self._legal_actions() if self.phase != OVER else []
        while len(legal) == 1:
            self._do(legal[0], events)
            legal = self._legal_actions() if self.phase != OVER else []
        self._legal = legal  # the base class's cache: computed here anyway
        return events

    def _do(self, action: Action, events: list[Event]) -> None:
        kind = type(action)
        if kind is Move:
            self._move(action, events)
        elif kind is Exit:
            self._exit(action, events)
        elif kind is TakeAdaptation:
            self._take_adaptation(action.card, events)
        elif kind is EndTurn:
            self._end_turn(events)
        elif kind is AnswerTrade:
            self._answer(action.accept, events)
        elif kind is OfferNiches or kind is OfferAdaptations:
            self._make_offer(action, events)
        elif kind is ReturnAdaptation:
            self._return_adaptation(action.card, events)
        elif kind is OrderCards:
            self._order(action, events)
        elif kind is ChooseCreature:
            self._choose(action.creature, events)
        else:
            self._decide_niche(action, events)

    # -- the turn ------------------------------------------------------------------------------
    def _start_turn(self, events: list[Event]) -> None:
        player = self.turn_player
        self.turns += 1
        self.traded = set()
        self.roll = roll = int(self.rng.random() * WORLD.die_faces) + 1
        self.phase = MOVE
        events.append(Event("roll", f"{seat_name(player)} rolls a {roll}.", player, {"roll": roll}))

    def _choose(self, creature: int, events: list[Event]) -> None:
        player = self.turn_player
        self.creatures[player] = creature
        name = WORLD.creature(creature).name
        events.append(Event("choose", f"{seat_name(player)} chooses the {name}.", player))
        if player + 1 < self.num_players:
            self.turn_player = player + 1
            return
        self.turn_player = 0
        self._start_turn(events)

    def _move(self, action: Move, events: list[Event]) -> None:
        player = self.turn_player
        self.positions[player] = action.space
        events.append(Event("move", f"{seat_name(player)} moves to space {action.space}.", player))
        self._to_trade()

    def _exit(self, action: Exit, events: list[Event]) -> None:
        player = self.turn_player
        place = self.board.places[action.place - 1]
        self.positions[player] = place.node
        events.append(
            Event(
                "exit",
                f"{seat_name(player)} exits the board to mat place {place.number}.",
                player,
                {"place": place.number},
            )
        )
        index = place.number - 1
        if not self.mats[index]:
            self._place_mat(index, player, events)
        habitat = self.mats[index]
        if self.same:
            self._select_for_all(habitat, events)
        else:
            self._take_niche(habitat, events)

    def _place_mat(self, index: int, player: int, events: list[Event]) -> None:
        """R5: the top mat, face up, with a randomizer card for its blanks; fixed for good."""
        number = self.mat_pile.pop()
        card = WORLD.randomizer[self.randomizer_pile.pop()]
        habitat = WORLD.habitat(number)
        values = habitat.pressures(card)
        self.mats[index] = number
        self.mat_values[index] = values
        filled = ", ".join(
            f"{WORLD.features[f].name.lower()} {v}"
            for f, v in zip(habitat.blanks, card, strict=True)
        )
        events.append(
            Event(
                "mat",
                f"{seat_name(player)} draws the {habitat.name} mat (habitat {number}) and lays "
                f"it at place {index + 1}; a randomizer card fills its blanks: {filled}.",
                player,
                {"place": index + 1, "habitat": number, "pressures": list(values)},
            )
        )

    def _take_niche(self, habitat: int, events: list[Event]) -> None:
        player = self.turn_player
        name = _habitat_name(habitat)
        if not self.niche_pile[habitat - 1]:
            events.append(Event("niche", f"No {name} niche card is left in the pile (R7).", player))
            self._to_trade()
            return
        self.niche_pile[habitat - 1] -= 1
        self.offered = habitat
        self.spare = habitat in self.niches[player]
        self.phase = NICHE
        if not self.spare:
            text = f"{seat_name(player)} takes {_a(name)} niche card from the pile."
        elif self._niche_options():
            text = (
                f"{seat_name(player)} already holds the {name} niche and takes a spare copy: "
                "they must return another niche card with it or force it on someone (R7)."
            )
        else:
            self.niche_pile[habitat - 1] += 1
            self.offered = 0
            events.append(
                Event(
                    "niche",
                    f"{seat_name(player)} already holds the {name} niche, but has no other niche "
                    "card to return and nobody can take a spare, so nothing happens (R7).",
                    player,
                )
            )
            self._to_trade()
            return
        events.append(Event("niche", text, player, {"habitat": habitat}))

    def _eligible(self, habitat: int) -> list[int]:
        """Players who may be given this niche card (R8)."""
        return [
            p
            for p in range(self.num_players)
            if p != self.turn_player
            and len(self.niches[p]) < self.target
            and habitat not in self.niches[p]
        ]

    def _niche_options(self) -> list[Action]:
        player = self.turn_player
        habitat = self.offered
        held = self.niches[player]
        if self.spare:  # R7
            options: list[Action] = [intern(ReturnNiche, h) for h in held if h != habitat]
            options += [intern(ForceNiche, p) for p in self._eligible(habitat)]
            return options
        options = [KEEP] if len(held) < self.target else []  # R6
        options += [intern(ExchangeNiche, h) for h in held]
        options += [intern(GiveNiche, p) for p in self._eligible(habitat)]
        return options

    def _decide_niche(self, action: Action, events: list[Event]) -> None:
        player = self.turn_player
        habitat, self.offered = self.offered, 0
        name = _habitat_name(habitat)
        who = seat_name(player)
        kind = type(action)
        if kind is KeepNiche:
            self.gains = [(player, habitat)]
            text = f"{who} keeps the {name} niche card."
        elif kind is ExchangeNiche:
            self.gains = [(player, habitat)]
            self.returning = action.habitat
            text = (
                f"{who} keeps the {name} niche card and returns the "
                f"{_habitat_name(action.habitat)} niche card to the pile."
            )
        elif kind is GiveNiche:
            self.gains = [(action.player, habitat)]
            to = seat_name(action.player)
            text = f"{who} gives the {name} niche card to {to}, who may not refuse (R8)."
        elif kind is ForceNiche:
            self.gains = [(action.player, habitat)]
            text = f"{who} forces the spare {name} niche card on {seat_name(action.player)}."
        else:  # ReturnNiche
            self.niche_pile[habitat - 1] += 1
            self.returning = action.habitat
            text = (
                f"{who} puts the spare {name} copy back and returns the "
                f"{_habitat_name(action.habitat)} niche card to the pile."
            )
        self.spare = False
        events.append(Event("niche", text, player, {"habitat": habitat}))
        self.phase = RETURN if self.returning else PICK

    def _return_adaptation(self, card: int, events: list[Event]) -> None:
        """R10: the returned niche card and an adaptation card go back together."""
        player = self.turn_player
        habitat, self.returning = self.returning, 0
        self.niches[player].remove(habitat)
        self.niche_pile[habitat - 1] += 1
        self.adaptations[player].remove(card)
        self.pool[card] = True
        events.append(
            Event(
                "return",
                f"{seat_name(player)} returns the {_card_name(card)} adaptation card with the "
                f"{_habitat_name(habitat)} niche card.",
                player,
                {"habitat": habitat, "card": card},
            )
        )
        if self.gains:
            self.phase = PICK
        else:
            self._to_trade()

    def _take_adaptation(self, card: int, events: list[Event]) -> None:
        """R10: the niche card waiting on the table and the chosen adaptation card, together."""
        player, habitat = self.gains.pop(0)
        self.niches[player].append(habitat)
        self.adaptations[player].append(card)
        self.pool[card] = False
        events.append(
            Event(
                "gain",
                f"{seat_name(player)} takes the {_habitat_name(habitat)} niche card and the "
                f"{_card_name(card)} adaptation card ({len(self.niches[player])} of "
                f"{self.target} niches).",
                player,
                {"habitat": habitat, "card": card},
            )
        )
        if not self.gains:
            self._to_trade()

    def _select_for_all(self, habitat: int, events: list[Event]) -> None:
        """R15: everyone receives a selected habitat, clockwise from the selector."""
        player = self.turn_player
        name = _habitat_name(habitat)
        if habitat in self.selected or len(self.selected) >= self.target:
            events.append(
                Event("select", f"The {name} is already selected: nothing more happens.", player)
            )
            self._to_trade()
            return
        self.selected.append(habitat)
        n = self.num_players
        self.gains = [((player + k) % n, habitat) for k in range(n)]
        self.niche_pile[habitat - 1] -= n
        events.append(
            Event(
                "select",
                f"{seat_name(player)} selects the {name} ({len(self.selected)} of {self.target}): "
                "everyone receives its niche card and takes an adaptation card, clockwise.",
                player,
                {"habitat": habitat},
            )
        )
        self.phase = PICK

    # -- trading (R11) -------------------------------------------------------------------------
    def _to_trade(self) -> None:
        """The move and any niche business are done: the end-of-turn trades (R11)."""
        self.phase = TRADE

    def _trade_options(self) -> list[Action]:
        player = self.turn_player
        options: list[Action] = [END_TURN]
        mine = self.niches[player]
        if "niche" not in self.traded and mine:
            for other in range(self.num_players):
                if other == player:
                    continue
                theirs = self.niches[other]
                offers = NICHE_OFFERS[other]
                for give in mine:
                    if give not in theirs:
                        row = offers[give]
                        options += [row[get] for get in theirs if get not in mine]
        cards = self.adaptations[player]
        if "adaptation" not in self.traded and cards:
            for other in range(self.num_players):
                if other != player and self.adaptations[other]:
                    offers = CARD_OFFERS[other]
                    for give in cards:
                        row = offers[give]
                        options += [row[get] for get in self.adaptations[other]]
        return options

    def _make_offer(self, action: OfferNiches | OfferAdaptations, events: list[Event]) -> None:
        player = self.turn_player
        kind = "niche" if type(action) is OfferNiches else "adaptation"
        self.traded.add(kind)
        self.offer = (kind, action.player, action.give, action.get)
        self.phase = ANSWER
        if kind == "niche":
            what = (
                f"the {_habitat_name(action.give)} niche for the {_habitat_name(action.get)} niche"
            )
        else:
            what = f"the {_card_name(action.give)} card for the {_card_name(action.get)} card"
        events.append(
            Event(
                "offer",
                f"{seat_name(player)} offers {seat_name(action.player)} a trade: {what}.",
                player,
            )
        )

    def _answer(self, accept: bool, events: list[Event]) -> None:
        kind, other, give, get = self.offer  # type: ignore[misc]
        self.offer = None
        player = self.turn_player
        self.phase = TRADE
        if not accept:
            events.append(Event("answer", f"{seat_name(other)} declines the trade.", other))
            return
        held = self.niches if kind == "niche" else self.adaptations
        mine, theirs = held[player], held[other]
        mine[mine.index(give)] = get
        theirs[theirs.index(get)] = give
        events.append(
            Event("answer", f"{seat_name(other)} accepts: the cards change hands.", other)
        )

    def _end_turn(self, events: list[Event]) -> None:
        """R12: the end is checked after every turn; otherwise the next player rolls."""
        if all(len(held) == self.target for held in self.niches):
            events.append(
                Event(
                    "end",
                    f"Every player holds {self.target} niche cards: the game ends. Scoring.",
                )
            )
            self._start_scoring(events)
            return
        cap = self.options["max_rounds"]
        last_of_round = self.turn_player == self.num_players - 1
        if (cap is not None and self.round >= cap and last_of_round) or self.turns >= TURN_LIMIT:
            events.append(
                Event("end", f"Time is up after {self.round} rounds (R19): scoring as it stands.")
            )
            self._start_scoring(events)
            return
        self.turn_player = (self.turn_player + 1) % self.num_players
        if self.turn_player == 0:
            self.round += 1
        self._start_turn(events)

    # -- scoring (R13, R14) --------------------------------------------------------------------
    def pressures_of(self, habitat: int) -> tuple[int, ...]:
        """A placed habitat's five pressures."""
        return self.mat_values[self.mats.index(habitat)]  # type: ignore[return-value]

    def _start_scoring(self, events: list[Event]) -> None:
        self.phase = ORDER
        self.roll = None
        queue = []
        for seat in range(self.num_players):
            groups = scoring.feature_cards(self.adaptations[seat])
            start = WORLD.creature(self.creatures[seat]).features
            for feature, cards in enumerate(groups):
                outcomes = scoring.orders_by_end(start[feature], cards)
                if len(outcomes) > 1:
                    queue.append((seat, feature))
                else:
                    self.orders[seat][feature] = outcomes[0][1] if cards else ()
        self.order_queue = queue
        if not queue:
            self._finish(events)

    def _order_options(self) -> list[Action]:
        seat, feature = self.order_queue[0]
        start = WORLD.creature(self.creatures[seat]).features[feature]
        cards = scoring.feature_cards(self.adaptations[seat])[feature]
        return [
            intern(OrderCards, feature, order, end)
            for end, order in scoring.orders_by_end(start, cards)
        ]

    def _order(self, action: OrderCards, events: list[Event]) -> None:
        seat, feature = self.order_queue.pop(0)
        self.orders[seat][feature] = action.cards
        symbols = ", then ".join(WORLD.kinds[WORLD.cards[c].kind].symbol for c in action.cards)
        name = WORLD.features[feature].name.lower()
        events.append(
            Event(
                "order",
                f"{seat_name(seat)} applies the {name} cards {symbols}: {name} ends at "
                f"{action.end}.",
                seat,
            )
        )
        if not self.order_queue:
            self._finish(events)

    def scorecard(self, seat: int) -> scoring.Scorecard:
        """The seat's scorecard with its chosen orders (or, before the end, card order)."""
        start = WORLD.creature(self.creatures[seat]).features
        groups = scoring.feature_cards(self.adaptations[seat])
        orders = [o if o is not None else tuple(groups[f]) for f, o in enumerate(self.orders[seat])]
        columns = [(h, self.pressures_of(h)) for h in self.niches[seat]]
        return scoring.scorecard(start, orders, columns)

    def _finish(self, events: list[Event]) -> None:
        n = self.num_players
        cards = [self.scorecard(seat) for seat in range(n)]
        limit = WORLD.extinction_above
        self.final = [
            {
                "total": card.total,
                "extinctions": sum(1 for t in card.habitat_totals if t > limit),
                "habitats": dict(zip(card.habitats, card.habitat_totals, strict=True)),
                "features": [row.end for row in card.rows],
                "best_in": 0,
            }
            for card in cards
        ]
        for habitat in {h for held in self.niches for h in held}:
            scores = {
                s: self.final[s]["habitats"][habitat] for s in range(n) if habitat in self.niches[s]
            }
            best = min(scores.values())
            for s, value in scores.items():
                if value == best:
                    self.final[s]["best_in"] += 1
        most = max(len(held) for held in self.niches)
        complete = [s for s in range(n) if len(self.niches[s]) == most]  # R19
        if self.scoring == "extinctions":
            key = lambda s: self.final[s]["extinctions"]  # noqa: E731
        elif self.scoring == "habitats":
            key = lambda s: -self.final[s]["best_in"]  # noqa: E731
        else:
            key = lambda s: self.final[s]["total"]  # noqa: E731
        best = min(key(s) for s in complete)
        self.winners = [s for s in complete if key(s) == best]
        for seat, result in enumerate(self.final):
            per = ", ".join(f"{_habitat_name(h)} {v}" for h, v in result["habitats"].items())
            events.append(
                Event(
                    "score",
                    f"{seat_name(seat)} ({WORLD.creature(self.creatures[seat]).name}) scores "
                    f"{result['total']} unfit ({per or 'no habitats'}); extinct in "
                    f"{result['extinctions']}, best in {result['best_in']}.",
                    seat,
                    {"total": result["total"]},
                )
            )
        events.append(
            Event("game_over", winners_sentence(self.winners), None, {"winners": self.winners})
        )
        self.phase = OVER

    # -- what players see ----------------------------------------------------------------------
    def unfit_now(self, seat: int) -> int:
        """The seat's unfit score now, its cards in the best order (a metric, and for bots)."""
        if not self.creatures[seat]:
            return 0
        start = WORLD.creature(self.creatures[seat]).features
        habitats = [self.pressures_of(h) for h in self.niches[seat]]
        return scoring.best_unfit(start, self.adaptations[seat], habitats)

    def _observe(self, player: int | None) -> dict[str, Any]:
        """Everything on the table is public; only the piles' order is hidden (from everyone)."""
        board = self.board
        bugs = []
        for seat in range(self.num_players):
            creature = self.creatures[seat]
            bugs.append(
                {
                    "seat": seat,
                    "creature": creature or None,
                    "features": list(WORLD.creature(creature).features) if creature else None,
                    "position": self.positions[seat],
                    "niches": list(self.niches[seat]),
                    "adaptations": list(self.adaptations[seat]),
                    "unfit": self.unfit_now(seat),
                    "orders": [list(o) if o is not None else None for o in self.orders[seat]],
                }
            )
        places = []
        for index, place in enumerate(board.places):
            number = self.mats[index]
            values = self.mat_values[index]
            places.append(
                {
                    "place": place.number,
                    "node": place.node,
                    "habitat": number or None,
                    "pressures": list(values) if values else None,
                }
            )
        offer = None
        if self.offer is not None:
            kind, to, give, get = self.offer
            offer = {"kind": kind, "from": self.turn_player, "to": to, "give": give, "get": get}
        reachable = []
        if self.phase == MOVE:
            reachable = list(reach(board)[self.positions[self.turn_player]][self.roll])
        return {
            "board": self.board_key,
            "phase": self.phase,
            "turn": self.turns,
            "round": self.round,
            "turn_player": self.turn_player,
            "roll": self.roll,
            "reachable": reachable,
            "target": self.target,
            "scoring": self.scoring,
            "bugs": bugs,
            "places": places,
            "mat_pile": len(self.mat_pile),
            "niche_pile": list(self.niche_pile),
            "pool": [c for c, up in enumerate(self.pool) if up],
            "offered": {"habitat": self.offered, "spare": self.spare} if self.offered else None,
            "returning": self.returning or None,
            "gains": [list(g) for g in self.gains],
            "offer": offer,
            "traded": sorted(self.traded),
            "selected": list(self.selected),
            "creatures_left": sorted(set(range(1, len(WORLD.creatures) + 1)) - set(self.creatures))
            if self.phase == CHOOSE
            else [],
            "final": self.final,
        }

    def metrics(self) -> list[dict[str, Any]]:
        rows = []
        limit = WORLD.extinction_above
        for seat in range(self.num_players):
            row: dict[str, Any] = {"turn": self.turns, "player": seat}
            creature = self.creatures[seat]
            habitats = [self.pressures_of(h) for h in self.niches[seat]]
            if creature:
                start = WORLD.creature(creature).features
                features = scoring.best_features(start, self.adaptations[seat], habitats)
            else:
                features = (0,) * FEATURE_COUNT
            per_habitat = [scoring.habitat_score(features, h) for h in habitats] if creature else []
            row["unfit"] = sum(per_habitat)
            row["niches"] = len(self.niches[seat])
            row["extinctions"] = sum(1 for score in per_habitat if score > limit)
            for f, key in enumerate(FEATURES):
                row[key] = features[f] if creature else None
                row[f"{key}_misfit"] = (
                    sum(scoring.distance(features[f], h[f]) for h in habitats) if creature else 0
                )
            rows.append(row)
        return rows

    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> AdaptOrDieState:
        """A copy with everything hidden from ``seat`` dealt anew: the piles' order and chance."""
        twin = self.clone()
        rng.shuffle(twin.mat_pile)
        rng.shuffle(twin.randomizer_pile)
        rng.shuffle(twin.creature_pile)
        twin.rng.seed(rng.random())
        return twin  # type: ignore[return-value]

    def summary(self) -> dict[str, Any]:
        row = super().summary()
        row["turns"] = self.turns
        row["rounds"] = self.round
        row["creatures"] = list(self.creatures)
        # ended by the clock (R19) rather than by everyone reaching the target
        row["timed_out"] = self.is_over and any(len(n) != self.target for n in self.niches)
        return row
