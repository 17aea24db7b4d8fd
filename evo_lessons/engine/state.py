"""The state-machine contract every game follows (see DESIGN.md).

What a seat sees is a declared type: ``observation(seat)`` returns the game's ``TypedDict``
(``games/<name>/observation.py``, extending :class:`~evo_lessons.engine.observation.Observation`),
and that observation is the only input of the game's view and of its bots: ``view_model(obs)``,
``describe(obs)``, ``choose(obs, legal)``. Nothing above the rules reads the state's attributes
to draw a page or pick a move, so a secret stays out of a seat's page by construction, and a type
checker finds a misspelt key.

One public entry checks, one private step does: :meth:`GameState.apply` checks the action
against :meth:`legal_actions` and only then calls the game's ``_apply``, so an illegal action
raises :class:`IllegalAction` and leaves the state exactly as it was. Chance lives inside the
state's own seeded generator, so the same seed and the same decisions always give the same game.
"""

from __future__ import annotations

import copy
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast

from . import record
from .actions import Action, IllegalAction
from .choices import Choices, own_action
from .events import Event
from .observation import Observation
from .words import is_whole, short_repr

if TYPE_CHECKING:
    from .spec import GameSpec


#: the most attributes a state may keep in its ``__dict__``. CPython (3.11 to 3.13 alike) keeps
#: an instance's attributes in the compact form its specialised reads rely on only while its
#: class has fewer than 30 of them; from the 30th on, every ``self.x`` and ``self.method()`` of
#: the rules takes the slow, generic path (a Phylo random game cost 4% more instructions with
#: 34). A game with more declares the rest in ``__slots__`` on its state class (constants and
#: piles alike: ``clone`` and ``fingerprint`` copy and compare slots as they do the rest); the
#: conformance suite checks every game against this limit.
MAX_ATTRIBUTES = 29


@functools.cache
def slot_names(cls: type) -> tuple[str, ...]:
    """The attributes ``cls`` and its bases keep in ``__slots__``, sorted."""
    names: set[str] = set()
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    return tuple(sorted(names - {"__dict__", "__weakref__"}))


class GameState(ABC):
    """Base of every game's state.

    A game implements five members: ``current_player``, ``_legal_actions``, ``_apply``,
    ``_observe`` and ``metrics`` (and ``num_players`` if its seat count is not simply the
    ``players`` option; ``shuffle_secrets`` if it has hidden information). The public methods
    here check, record and copy; docs/writing_a_game.md walks through all of them.
    """

    #: the game's declaration; set by ``GameSpec`` when the game declares itself
    spec: ClassVar[GameSpec]
    #: every action class of the game, by class name (for saves)
    action_types: ClassVar[Mapping[str, type[Action]]] = {}
    #: attributes worked out from the options alone and never changed (a board's geometry):
    #: the same in every state with these options, which the fingerprint already holds, so
    #: ``fingerprint`` leaves them out. The conformance suite checks that they are equal in a
    #: game's first and last state and in a game of another seed.
    FROM_OPTIONS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, options: Mapping[str, Any], seed: int) -> None:
        if not is_whole(seed):
            raise ValueError(f"seed must be a whole number, got {short_repr(seed)}")
        #: the normalised variant options; ``new_game(seed=seed, **options)`` rebuilds the start
        self.options: dict[str, Any] = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        self.winners: list[int] = []
        self._legal: list[Action] | Choices | None = None
        #: what happened while the table was set up (deals, a first reveal): the log's start
        self.setup_events: list[Event] = []

    # -- what the rules say ------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is now, or None when the game is over."""

    @property
    def num_players(self) -> int:
        """How many seats: the ``players`` option every spec declares (override if it differs)."""
        players: int = self.options["players"]
        return players

    @abstractmethod
    def _legal_actions(self) -> list[Action] | Choices:
        """Every legal action now (never empty while the game goes on): a list, or a
        :class:`~evo_lessons.engine.choices.Choices` where building the whole list is the cost
        of a random playout."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action, resolving any chance with ``self.rng``."""

    @abstractmethod
    def _observe(self, player: int | None) -> Mapping[str, Any]:
        """The game's part of ``observation(player)``: JSON-safe, only what that seat may see.

        Its keys are the game's declared observation type's, less the envelope's (``ENVELOPE``),
        which the base class adds.
        """

    @abstractmethod
    def metrics(self) -> list[dict[str, Any]]:
        """One row per player, in seat order: what the live plot, its table and ``simulate`` read.

        Each row holds exactly ``player`` (the seat), the spec's ``x_axis`` (``turn`` unless the
        spec says otherwise) and every metric the spec declares, by name, with a value of the
        declared kind or None (no value yet: the plot leaves a gap). A metric declared with
        ``per_player=False`` has the same value in every row. Rows are public, whoever looks:
        a metric must never carry a secret (the conformance suite deals secrets anew and checks
        that the rows do not change).
        """

    # -- the shared machinery ----------------------------------------------------------------
    @property
    def game_name(self) -> str:
        return self.spec.name

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    def observation(self, player: int | None = None) -> Observation:
        """JSON-safe view of what ``player`` may see; ``None`` is the public view.

        Every game's observation has the same envelope: ``game``, ``seat`` (whose view this is,
        or None), ``players``, ``current_player``, ``winners`` and ``options``; then the game's
        own keys (a seat's secret cards under ``hand`` where a game has hands), as its declared
        type (``spec.observation``) lists them. It is all a view or a bot is given.
        """
        if player is not None and not (is_whole(player) and 0 <= player < self.num_players):
            raise ValueError(
                f"a seat is a whole number from 0 to {self.num_players - 1} (or None for the "
                f"public view), got {short_repr(player)}"
            )
        view = {
            "game": self.spec.name,
            "seat": player,
            "players": self.num_players,
            "current_player": self.current_player,
            "winners": list(self.winners),
            "options": dict(self.options),
        }
        view.update(self._observe(player))
        return cast(Observation, view)

    def _legal_now(self) -> list[Action] | Choices:
        """The legal actions as the game gives them, worked out once per state (kept in
        ``_legal`` until the next ``apply``)."""
        legal = self._legal
        if legal is None:
            # (``is_over``, inlined: this runs at every decision of every game)
            legal = self._legal = [] if self.current_player is None else self._legal_actions()
        return legal

    def legal_actions(self) -> list[Action]:
        """The legal actions, computed once per state (a fresh list each call)."""
        return list(self._legal_now())

    def choices(self) -> Sequence[Action]:
        """The legal actions for a bot to pick from (``play_game`` hands them over): a fresh
        list, or the game's own read-only :class:`~evo_lessons.engine.choices.Choices`, which
        builds only the actions that are read. Same actions, same order as ``legal_actions``."""
        legal = self._legal_now()
        return list(legal) if type(legal) is list else legal

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` and carry it out; an illegal one raises and changes nothing.

        The state acts on the legal list's own action object, never on the caller's: an action
        whose fields merely compare equal to a legal one (``30.0`` for ``30``, a numpy integer,
        ``True`` for ``1``) is refused, so nothing from outside reaches the rules.
        """
        legal = self._legal
        if legal is None:  # (self._legal_now(), inlined: a bot has just read the list)
            legal = self._legal_now()
        if not isinstance(action, Action):
            raise IllegalAction(action, list(legal))
        if type(legal) is not list:  # a game's own sequence (engine/choices.py)
            # (``legal.own(action)``, whose usual answer is inlined: the action it handed out)
            # (not narrowed by the type() test, which is kept for speed)
            own = action if action is legal._given else legal.own(action)  # type: ignore[union-attr]
        elif id(action) in map(id, legal):  # a bot hands back the list's own object: at once
            own = action
        else:
            own = own_action(legal, action)
        # the cache is cleared before the rules act: a game whose _apply has just worked out
        # the next state's legal actions anyway (Adapt or Die's forced moves, R17) may leave
        # them in self._legal, and they are used as they are
        self._legal = None
        events = self._apply(own)
        self.history.append(own)
        return events

    def shuffle_secrets(self, seat: int | None, rng: random.Random) -> GameState:
        """A copy in which everything ``seat`` may not see is dealt anew (for the test suite).

        Games with hidden information implement it (other hands, the deck's order, a secret
        choice, the generator's state); the conformance suite checks that the seat's
        observation, view and description do not change, which proves nothing secret leaks.
        """
        raise NotImplementedError(f"{type(self).__name__} has no shuffle_secrets")

    def clone(self) -> Self:
        """An independent copy, generator included (bots look ahead with it)."""
        twin = copy.copy(self)
        for key, value in self.attributes().items():
            if key == "_legal":  # a list is the twin's too; a Choices reads this state's index
                if type(value) is not list:
                    twin._legal = None
                continue
            if key == "history":  # its actions are values (see Action): the list is copied
                twin.history = list(value)
            elif isinstance(value, random.Random):
                fresh = random.Random()
                fresh.setstate(value.getstate())
                setattr(twin, key, fresh)
            elif not isinstance(value, int | str | float | bool | tuple | type(None)):
                setattr(twin, key, copy.deepcopy(value))
        return twin

    def attributes(self) -> dict[str, Any]:
        """Every attribute of the state by name: its ``__dict__`` and its slots (see
        ``MAX_ATTRIBUTES``)."""
        found = dict(self.__dict__)
        for name in slot_names(type(self)):
            if hasattr(self, name):  # (a slot not yet set has no value)
                found[name] = getattr(self, name)
        return found

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is; equal states have equal prints."""
        parts = []
        attributes = self.attributes()
        skipped = ("_legal", *self.FROM_OPTIONS)
        for key in sorted(attributes):
            if key in skipped:
                continue
            value = attributes[key]
            if isinstance(value, random.Random):
                value = value.getstate()
            elif isinstance(value, set | frozenset):  # by its members: a set's order is not
                value = sorted(map(repr, value))  # its own (a copy may list them otherwise)
            parts.append((key, repr(value)))
        return (type(self).__name__, tuple(parts))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def summary(self) -> dict[str, Any]:
        """One row describing a finished (or stopped) game, for :func:`simulate`."""
        row: dict[str, Any] = {
            "winners": list(self.winners),
            "finished": self.is_over,
            "actions": len(self.history),
        }
        skip = {"player", "turn", self.spec.x_axis}  # the row's own labels, not its numbers
        for player, values in enumerate(self.metrics()):
            for key, value in values.items():
                if key in skip:
                    continue
                row[f"p{player}_{key}"] = value
        return row

    def to_json(self) -> str:
        """The save: config + seed + actions (replayed and re-checked on load)."""
        return record.dump_state(self)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.current_player} to act"
        return f"<{type(self).__name__} seed={self.seed} actions={len(self.history)} {status}>"
