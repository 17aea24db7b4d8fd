"""Adapt or Die: move your bug round an octagon, collect habitats, and fit them with one body.

Mechanics from *Adapt or Die* by David Marques (PhosphorLearn, 2020). We use its mechanics only:
every sentence, habitat, creature and board here is our own.

This module is the entry to the rules: the table and how the game is set up, the numbered rulings
(every gap in the text we decided), and the state that holds the whole table. The rest of the
rulebook is in its parts, each module's docstring the rules it implements, in our words:

* :mod:`.movement`: the turn and the board (the die, moving, exiting, laying the mats);
* :mod:`.niches`: exits and niches (niche cards, and the adaptation cards that go with them);
* :mod:`.trading`: the trades at the end of a turn;
* :mod:`.ending`: the end of the game, the scorecard and the winners (:mod:`.scoring` does the
  arithmetic);
* :mod:`.actions`: the decisions a player makes, as the buttons read.

Speed machinery lives beside the rules, never inside them: precomputed reach, interned actions
and offers in :mod:`.tables`, and remembered scores at the end of :mod:`.scoring` (pure functions
of the numbers, so remembering them changes no result).

The table and the setup, in our words
-------------------------------------
* **The table.** An eight-sided board: from its centre four steps lead to each side, and four
  steps run along the edge from one side to the next. Each side has one marked exit space, and
  beside each exit lies a place for a habitat mat. Sixteen habitat mats lie face down in a pile.
  Each habitat has two fixed selection pressures; its other three are blanks, filled by a
  randomizer card when the mat is placed. Eighty niche cards (five for each habitat) lie in a
  pile; twenty-five adaptation cards lie face up for anyone to take.
* **The creatures.** Each player draws a creature card face down and shows it: one of fifteen
  bugs, each perfectly suited to its own home habitat, or the generic bug, which has no home. A
  creature has five features (leg length, segments, size, eyes, antennae), each from 1 to 5.
* **The goal.** The best fit of one body to a set of four niches: the lowest *unfit* score.


Variants (keyword arguments of :func:`new_game`)
------------------------------------------------
``players`` 3-5. ``habitats_per_player`` 3, 4 (the rules) or 5 (a longer game, on the double
board of 12 mat places); 6 only with ``same_habitats`` (the text: that variant "works best with 5
or 6"). ``choose_creature``: choose creatures instead of drawing them.
``scoring``: "auto" (the rules: lowest unfit score; with ``same_habitats``, the text's own
scoring, "habitats"), "total", "extinctions" (a habitat score above 8 is an extinction; fewest
extinctions win) or "habitats" (best in the most habitats wins). ``same_habitats``: whenever a
player selects a habitat, everyone receives it and takes an adaptation card, clockwise from the
selector. ``max_rounds``: a round cap for a short class, 1-500 (R19; None, the default, plays
until everyone holds the target, within 500 rounds).

Rulings (where the text is silent, or where we read it; each is tested in
tests/adapt_or_die/test_rulings.py, and each says where the text speaks and why we decided)
-----------------------------------------------------------------------------------------------
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
    drawn for it at once and shown: the card's three numbers fill the mat's blank pressures in
    feature order. A placed mat and its numbers never change; each randomizer card serves one
    mat. The text speaks only of the order ("numbers in order fill the blanks in order", in its
    scoring method); it never says when a randomizer card is drawn or turned up, and lists no
    randomizer cards among its 121 cards. We show the numbers when the mat is laid because the
    text's own scoring app is there "to help with strategy", which needs the pressures during
    play, because everything else on its table is face up, and because a pressure nobody can see
    would make choosing habitats and adaptation cards a guess. The text's scoring method reads
    the numbers out again at the end; so does our scorecard.
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
    -- (two down), and =3, "back to the middle", which sets the feature to 3. This is a reading,
    not the text: it names no adaptation card. It says there are 25 and its sample scorecard
    shows "+", "++", "-" and one "+3", on a leg length of 3 that ends at 3. Five kinds for five
    features make 25; "--" mirrors "++"; and "+3" cannot be a step up (3 would end at 4) or three
    steps up (it would end at 5), so we read it as "set to 3", the only card that fits the
    sample's numbers. It is a game card, not a model of stabilising selection (which favours the
    value best in the present environment, over generations).
R10. A niche card and an adaptation card always change hands together: whoever gains a niche card
    takes it with the adaptation card they choose, in one move (the niche card waits on the table
    until they choose), and whoever returns a niche card returns it with an adaptation card of
    their choice, in one move.
    In an exchange the old niche card and an adaptation card go back first, then the new niche
    card comes with a chosen adaptation (which may be the card just returned). So niche and
    adaptation counts are equal after every move, not only at the end of a turn (except when the
    cards run out, R20).
R11. At the end of the turn the player may make one niche trade (one of theirs for one of another
    player's, leaving nobody with two copies) and one adaptation trade (one card for one card),
    each "with any other willing player". A trade is an offer the other player accepts; they
    answer accept or decline. The text limits trades, not offers, so a declined offer does not
    use the trade up: the player may offer that kind of trade to another player. The text does
    not say how often one may ask; we let each player be asked once a turn for each kind (a
    player who declined has said they are not willing this turn), which also makes every turn
    end. The player ends the turn when they choose, or when no offer is left.
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
    The text says the variant "works best with 5 or 6 HABITATs per player", so it allows 6 (the
    other games allow 3-5, as the text's longer-game variant says).
R16. Choosing creatures: in seat order, each player takes any creature card not yet taken.
R17. A decision with only one legal option is taken at once (the log shows it as usual): a forced
    move, the end of a turn with nothing to trade, the only adaptation card left to return.
R18. The double board (habitats_per_player 5 or 6) joins two octagons at one side by a one-step
    passage; the two pairs of sides facing each other across the gap share a mat place, leaving
    12 places. With 3 or 4 habitats per player the single board (8 places) is used. The text asks
    for the double board with 5 habitats; 6 (same habitats only) uses it too.
R19. A teacher with a short class may cap the game at ``max_rounds`` rounds (1-500; None, the
    default, plays until everyone holds the target). A capped game is scored as it stands at the
    end of its last round, and only the players holding the most niche cards can win (a shorter
    scorecard is not a better one). The text sets no limit, and needs none at a table; we end
    every game after 500 rounds in any case, so that every game ends and its save stays small
    (a turn is at most 21 decisions: a move, a niche decision, a card returned and one taken,
    and with 5 players at most 4 offers and 4 answers of each kind, then the end of the turn;
    so a game is at most about 52,500). Players who aim for the exits finish in about 12
    rounds (about 50 turns), and players who choose at random but exit and keep their niches
    (the "random" bot) in about 15 (59 turns; the slowest of 150 games took 28 rounds). Only
    uniformly random players (the "uniform" bot, for fuzzing) come near the limit: they rarely
    exit the board and offer trades at random, so at the default options they need about 1,100
    turns on average, and about one game in five reaches it.
R20. The 25 adaptation cards suffice in every game but one: at most 5 players x 5 habitats = 25
    are ever held at once. The exception is the text's own: "with 6 HABITATs and 5 players, there
    will be no adaptations left for the last HABITAT". Then each player receives the last
    habitat's niche card alone, with no adaptation card, and ends with 6 niche cards and 5
    adaptation cards. The distance cap of 4 never binds with features and pressures from 1 to 5;
    we keep it as written.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import compress
from typing import Any, ClassVar

from evo_lessons.engine import Action, Event, GameState
from evo_lessons.engine.words import seat_name
from evo_lessons.i18n import pgettext

from . import scoring
from .actions import (
    ACCEPT,
    ACTION_TYPES,
    ANSWER,
    CHOOSE,
    DECLINE,
    MOVE,
    NICHE,
    ORDER,
    OVER,
    PICK,
    RETURN,
    TRADE,
    WORLD,
    AnswerTrade,
    ChooseCreature,
    EndTurn,
    ExchangeNiche,
    Exit,
    ForceNiche,
    GiveNiche,
    KeepNiche,
    Move,
    OfferAdaptations,
    OfferNiches,
    OrderCards,
    ReturnAdaptation,
    ReturnNiche,
    TakeAdaptation,
)
from .data import FEATURE_COUNT, Board
from .ending import ROUND_LIMIT, Ending
from .movement import Movement
from .niches import Niches
from .observation import AdaptOrDieSeen, Bug, Place
from .tables import MOVES, intern, reach
from .trading import Trading
from .words import board_name, creature_name

__all__ = [
    "ACTION_TYPES",
    "FEATURES",
    "ROUND_LIMIT",
    "SCORINGS",
    "WORLD",
    "AdaptOrDieState",
    "AnswerTrade",
    "ChooseCreature",
    "EndTurn",
    "ExchangeNiche",
    "Exit",
    "ForceNiche",
    "GiveNiche",
    "KeepNiche",
    "Move",
    "OfferAdaptations",
    "OfferNiches",
    "OrderCards",
    "ReturnAdaptation",
    "ReturnNiche",
    "TakeAdaptation",
]

FEATURES = tuple(f.key for f in WORLD.features)
SCORINGS = ("auto", "total", "extinctions", "habitats")


class AdaptOrDieState(Movement, Niches, Trading, Ending, GameState):
    """The whole table: the board and bugs, the mats, the card piles and every player's cards.

    The state's parts (:class:`~.movement.Movement`, :class:`~.niches.Niches`,
    :class:`~.trading.Trading`, :class:`~.ending.Ending`) each play one part of the rulebook on
    the attributes set up here.
    """

    action_types: ClassVar[Mapping[str, type[Action]]] = ACTION_TYPES
    world: ClassVar = WORLD
    #: the game's settings, the card piles and the mats: slots keep the state's ``__dict__``
    #: under ``MAX_ATTRIBUTES`` (``engine/state.py``), so its rules read their attributes and
    #: call their methods on CPython's fast path
    __slots__ = (
        "board_key",
        "creature_pile",
        "mat_pile",
        "mat_values",
        "mats",
        "niche_pile",
        "pool",
        "randomizer_pile",
        "same",
        "scoring",
        "target",
    )

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        n = options["players"]
        self.target: int = options["habitats_per_player"]
        self.same: bool = options["same_habitats"]
        scoring_rule = options["scoring"]
        if scoring_rule == "auto":
            scoring_rule = "habitats" if self.same else "total"
        self.scoring: str = scoring_rule
        if self.target > 5 and not self.same:
            raise ValueError(
                "habitats_per_player may be 6 only with same_habitats=True: the rules suggest 3, "
                "4 or 5 habitats each, and 5 or 6 when everyone receives the same habitats"
            )
        self.board_key = "double" if self.target >= 5 else "single"  # R18
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
        self.traded: set[str] = set()  # kinds of trade made this turn (R11)
        self.declined: list[tuple[str, int]] = []  # (kind, seat): offers declined this turn
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
                pgettext(
                    "adapt_or_die log",
                    "The {mats} habitat mats are shuffled into a face-down pile, and the "
                    "{cards} randomizer cards are shuffled too.",
                ).format(mats=len(self.mat_pile), cards=len(self.randomizer_pile)),
            )
        )
        events.append(
            Event(
                "start",
                pgettext(
                    "adapt_or_die log",
                    "Every bug starts on the centre of the board ({board}). Each player aims for "
                    "{n} niches.",
                ).format(board=board_name(self.board_key), n=self.target),
            )
        )
        if self.options["choose_creature"]:
            text = pgettext(
                "adapt_or_die log", "Each player chooses a creature, in seat order (R16)."
            )
            events.append(Event("choose", text))
            return
        self.rng.shuffle(self.creature_pile)
        for seat in range(self.num_players):
            self.creatures[seat] = self.creature_pile.pop()
        each = pgettext("adapt_or_die log", "{who} is the {creature} (creature {n})")
        dealt = pgettext("adapt_or_die log; between the seats dealt", "; ").join(
            each.format(who=seat_name(s), creature=creature_name(c), n=c)
            for s, c in enumerate(self.creatures)
        )
        text = pgettext("adapt_or_die log", "The creature cards are shuffled and dealt: {dealt}.")
        events.append(Event("deal", text.format(dealt=dealt)))
        self._start_turn(events)

    def _choose(self, creature: int, events: list[Event]) -> None:
        player = self.turn_player
        self.creatures[player] = creature
        text = pgettext("adapt_or_die log", "{who} chooses the {creature}.").format(
            who=seat_name(player), creature=creature_name(creature)
        )
        events.append(Event("choose", text, player))
        if player + 1 < self.num_players:
            self.turn_player = player + 1
            return
        self.turn_player = 0
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
            # (the move phase has its roll)
            return list(MOVES[self.board_key][self.positions[self.turn_player]][self.roll])  # type: ignore[index]
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

    # (``action: Any``: told apart by its exact class, kept for speed, which mypy does not
    # narrow by; it is the legal list's own Action)
    def _do(self, action: Any, events: list[Event]) -> None:
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

    # -- what players see ----------------------------------------------------------------------
    def unfit_now(self, seat: int) -> int:
        """The seat's unfit score now, its cards in the best order (a metric, and for bots)."""
        if not self.creatures[seat]:
            return 0
        start = WORLD.creature(self.creatures[seat]).features
        habitats = [self.pressures_of(h) for h in self.niches[seat]]
        return scoring.best_unfit(start, self.adaptations[seat], habitats)

    def _observe(self, player: int | None) -> AdaptOrDieSeen:
        """Everything on the table is public; only the piles' order is hidden (from everyone)."""
        board = self.board
        # each habitat on the board -> its pressures (an empty place's 0 -> None is never asked)
        placed = dict(zip(self.mats, self.mat_values, strict=True))
        bugs: list[Bug] = []
        for seat in range(self.num_players):
            creature = self.creatures[seat]
            niches, cards, orders = self.niches[seat], self.adaptations[seat], self.orders[seat]
            start = WORLD.creature(creature).features if creature else None
            bugs.append(
                {
                    "seat": seat,
                    "creature": creature or None,
                    "features": list(start) if start else None,
                    "position": self.positions[seat],
                    "niches": list(niches),
                    "adaptations": list(cards),
                    "unfit": scoring.best_unfit_of(
                        start, tuple(sorted(cards)), tuple(map(placed.__getitem__, niches))
                    )
                    if start
                    else 0,
                    "orders": [list(o) if o is not None else None for o in orders]
                    if orders.count(None) < FEATURE_COUNT  # an order chosen (R13)
                    else [None] * FEATURE_COUNT,
                }
            )
        places: list[Place] = [
            {
                "place": place.number,
                "node": place.node,
                "habitat": number or None,
                "pressures": list(values) if values else None,
            }
            for place, number, values in zip(board.places, self.mats, self.mat_values, strict=True)
        ]
        offer = None
        if self.offer is not None:
            kind, to, give, get = self.offer
            offer = {"kind": kind, "from": self.turn_player, "to": to, "give": give, "get": get}
        reachable = []
        if self.phase == MOVE:
            reachable = list(reach(board)[self.positions[self.turn_player]][self.roll])  # type: ignore[index]
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
            "pool": list(compress(range(len(self.pool)), self.pool)),
            "offered": {"habitat": self.offered, "spare": self.spare} if self.offered else None,
            "returning": self.returning or None,
            "gains": [list(g) for g in self.gains],
            "offer": offer,
            "traded": sorted(self.traded),
            "declined": sorted([kind, seat] for kind, seat in self.declined),
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
        return twin

    def summary(self) -> dict[str, Any]:
        row = super().summary()
        row["turns"] = self.turns
        row["rounds"] = self.round
        row["creatures"] = list(self.creatures)
        # ended by the clock (R19) rather than by everyone reaching the target
        row["timed_out"] = self.is_over and any(len(n) != self.target for n in self.niches)
        return row
