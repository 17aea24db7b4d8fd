"""A game declared once: the :class:`GameSpec` that the rest of the package reads.

Everything outside a game's folder (the registry, the widget, the session, ``simulate``, the
benchmarks and the conformance suite) knows a game only through its spec: its name and title,
its options with their types, ranges and defaults (checked here, in one place, for every game),
its state class, its bots and which one helps a student who presses Step, its metrics, its view
and renderer, and the credits owed to the game's authors. Adding a game is one folder that
declares ``GAME = GameSpec(...)`` in its ``__init__.py``, plus one line in the registry.

Like OpenSpiel's ``pyspiel.GameType`` declaration, and unlike a convention of module names, a
spec can be checked: :func:`evo_lessons.engine.testing.check_game` checks every field.
"""

# i18n: developer-only: a game's declaration and its checks: every error is a game author's or a
# Python programmer's (an option passed in code: players=9); its one word a student sees, the
# x-axis label, is marked with N_() and translated where the widget draws it

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, is_typeddict

from evo_lessons.i18n import N_

from .seeds import check_seed
from .words import is_whole, short_repr

if TYPE_CHECKING:
    from .actions import Action
    from .state import GameState


@dataclasses.dataclass(frozen=True)
class Option:
    """One variant option of a game: a keyword argument of ``new_game``.

    ``kind`` is ``int``, ``bool`` or ``str``. Whole numbers have a range (``low``..``high``);
    words have ``choices``. ``allow_none`` lets ``None`` mean "off" (a round cap nobody set).
    """

    name: str
    default: Any
    help: str
    kind: type = int
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    allow_none: bool = False
    #: the sentence for an out-of-range value, if the game words it its own way
    out_of_range: str = ""

    def __post_init__(self) -> None:
        if self.kind not in (int, bool, str):
            raise TypeError(f"option {self.name}: kind must be int, bool or str")
        if self.kind is int and (self.low is None or self.high is None):
            raise TypeError(f"option {self.name}: a whole-number option needs low and high")
        if self.kind is str and not self.choices:
            raise TypeError(f"option {self.name}: a word option needs its choices")
        self.check(self.default)

    def check(self, value: object) -> Any:
        """Return ``value`` if it is allowed, else raise ValueError with a readable sentence."""
        if value is None and self.allow_none:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"{self.name} must be True or False, got {short_repr(value)}")
            return value
        if self.kind is str:
            if not isinstance(value, str) or value not in self.choices:
                raise ValueError(
                    f"{self.name} must be one of {', '.join(map(repr, self.choices))}, "
                    f"got {short_repr(value)}"
                )
            return value
        if not is_whole(value):
            off = " (or None for no limit)" if self.allow_none else ""
            raise ValueError(f"{self.name} must be a whole number{off}, got {short_repr(value)}")
        if not self.low <= value <= self.high:  # type: ignore[operator]
            raise ValueError(
                self.out_of_range
                or f"{self.name} must be from {self.low} to {self.high}, got {short_repr(value)}"
            )
        return value

    def describe(self) -> str:
        """One line for a help text or a teacher's table of options."""
        if self.kind is int:
            allowed = f"{self.low}-{self.high}" + (" or None" if self.allow_none else "")
        elif self.kind is bool:
            allowed = "True/False"
        else:
            allowed = " | ".join(self.choices)
        return f"{self.name} ({allowed}; default {self.default!r}): {self.help}"


@dataclasses.dataclass(frozen=True)
class Metric:
    """A number (or label) recorded for every player after every step.

    ``per_player=False`` marks a value shared by the whole table (the climate, the round), which
    the rows repeat in every player's row so one table holds everything. ``kind`` is ``int``,
    ``float``, ``bool`` or ``str`` (a label such as a habitat's name: tabled, never plotted).

    A ``str`` metric's values are ids (``"tropical_forest"``, ``"colour"``): the same in every
    language, so a CSV, a pooled class and a replay read them alike. ``words`` turns one into
    what a student reads in a table (its name in the current language); the widget's table and
    ``history(readable=True)`` use it, the data never does.
    """

    name: str
    label: str
    unit: str = ""
    per_player: bool = True
    kind: type = int
    words: Callable[[str], str] | None = None


@dataclasses.dataclass(frozen=True)
class Panel:
    """One panel of the live plot: a metric over the steps, one line per player.

    ``ylim``/``yticks`` fix the axis (None: fitted to the data) and ``yticklabels`` name the
    ticks (categories coded as numbers); ``dodge`` shifts players slightly apart so equal values
    stay visible; ``shared`` draws one line for everyone.
    """

    metric: str
    title: str
    ylim: tuple[float, float] | None = None
    yticks: tuple[float, ...] | None = None
    dodge: float = 0.0
    shared: bool = False
    yticklabels: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.yticklabels is not None and len(self.yticklabels) != len(self.yticks or ()):
            raise TypeError(f"panel {self.metric}: one tick label per tick")

    @classmethod
    def whole_numbers(
        cls, metric: str, title: str, low: int, high: int, shared: bool = False
    ) -> Panel:
        """Whole numbers from ``low`` to ``high``: a tick on each, a little margin, and players
        dodged apart (``shared``: one line for the whole table)."""
        return cls(
            metric,
            title,
            ylim=(low - 0.4, high + 0.4),
            yticks=tuple(range(low, high + 1)),
            dodge=0.0 if shared else 0.06,
            shared=shared,
        )


@dataclasses.dataclass(frozen=True)
class View:
    """What the widget shows of a game, drawn from one seat's observation and nothing else.

    ``view_model(obs)`` is the JSON the renderer draws from ``obs = state.observation(seat)``
    (the game's declared observation type: the seat is ``obs["seat"]``, None for the public
    view); ``describe(obs)`` the same in words for screen readers; ``action_target(action)``
    the id of the board element a click on which performs the action (or None).
    """

    # (Any: each game's functions take its own observation type, which mypy checks there)
    view_model: Callable[[Any], dict[str, Any]]
    describe: Callable[[Any], str]
    action_target: Callable[[Any], str | None]
    panels: tuple[Panel, ...]
    table_columns: tuple[str, ...]
    #: the metric whose changes draw dotted lines on every panel (the climate, the challenge)
    markers_key: str | None = None
    #: what one step of the x axis is called under the plots ("turn", "round")
    x_label: str = N_("turn")  # (marked for the catalogue; the widget translates it)


@dataclasses.dataclass(frozen=True)
class Credit:
    """Whose game this is, and on what terms we use it."""

    game: str
    authors: str
    licence: str
    #: what we take from it: "mechanics only" for a no-derivatives licence
    use: str = "mechanics only; every rule text, card, board and sentence here is our own"
    source: str = ""

    def line(self) -> str:
        source = f" ({self.source})" if self.source else ""
        return (
            f"{self.game} by {self.authors}{source}. Licence: {self.licence}. "
            f"We use its {self.use}."
        )


@dataclasses.dataclass(frozen=True, eq=False)
class GameSpec:
    """Everything the package needs to know about one game, declared in the game's folder."""

    name: str
    title: str
    state: type[GameState]
    options: tuple[Option, ...]
    bots: Mapping[str, Callable[..., Any]]
    #: the bot that plays a seat for a student who presses Step (and the default opponent)
    helper_bot: str
    metrics: tuple[Metric, ...]
    view: View
    #: the game's renderer: a hand-written JS file that calls ``registerRenderer(name, draw)``
    renderer: Path
    credit: Credit
    #: does any seat hold something another may not see (hands, deck order, a secret choice)?
    hidden_information: bool
    #: the column the plots and tables use as their x axis ("turn", "round")
    x_axis: str = "turn"
    #: a sentence for the notebook and the widget's help: what the game teaches
    summary: str = ""
    #: what a seat sees, declared: the game's TypedDict extending ``engine.Observation``, the
    #: one input of its view and bots (the conformance suite requires it and checks every
    #: observation's keys against it)
    observation: type | None = None

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if "players" not in names:
            raise TypeError(f"{self.name}: every game declares a 'players' option")
        if len(set(names)) != len(names) or "seed" in names:
            raise TypeError(f"{self.name}: option names must be distinct and not 'seed'")
        if "random" not in self.bots or self.helper_bot not in self.bots:
            raise TypeError(f"{self.name}: bots need 'random' and the helper bot")
        metric_names = [m.name for m in self.metrics]
        if len(set(metric_names)) != len(metric_names):
            raise TypeError(f"{self.name}: metric names must be distinct")
        for panel in self.view.panels:
            if panel.metric not in metric_names:
                raise TypeError(f"{self.name}: panel {panel.metric!r} is not a metric")
        for column in self.view.table_columns:
            if column not in (*metric_names, "player", self.x_axis):
                raise TypeError(f"{self.name}: table column {column!r} is not a metric")
        if self.observation is not None and not is_typeddict(self.observation):
            raise TypeError(f"{self.name}: the observation type must be a TypedDict")
        owner = self.state.__dict__.get("spec")
        if owner is not None and owner.name != self.name:
            raise TypeError(f"{self.state.__name__} is already the state of {owner.name!r}")
        # the state learns its game from its spec: the name is written once, here
        self.state.spec = self

    # -- options -------------------------------------------------------------------------------
    @property
    def min_players(self) -> int:
        return self.option("players").low  # type: ignore[return-value]

    @property
    def max_players(self) -> int:
        return self.option("players").high  # type: ignore[return-value]

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option checked and filled in with its default; ValueError names a bad one."""
        if type(options) is not dict and not isinstance(options, Mapping):  # (a dict at once)
            raise ValueError("the options must be a mapping of names to values")
        known = self._option_names
        unknown = [k for k in options if k not in known]
        if unknown:
            raise ValueError(
                f"{self.title} has no option {short_repr(unknown[0])}; its options are "
                f"{', '.join(sorted(known))}"
            )
        if not options:  # the defaults: checked once, copied each time (a sweep's every game)
            return dict(self._defaults)
        return {o.name: o.check(options.get(o.name, o.default)) for o in self.options}

    @functools.cached_property
    def _option_names(self) -> frozenset[str]:
        return frozenset(o.name for o in self.options)

    @functools.cached_property
    def _defaults(self) -> dict[str, Any]:
        """Every option at its default, checked (once: a spec never changes)."""
        return {o.name: o.check(o.default) for o in self.options}

    def new_game(self, seed: int = 0, **options: Any) -> GameState:
        """A new game with these options: ``GAME.new_game(seed=7, players=3)``."""
        if not is_whole(seed):
            raise ValueError(f"the seed must be a whole number, got {short_repr(seed)}")
        check_seed(seed)  # the one rule for a seed (0 <= seed < 2**63), as everywhere else
        return self.state(self.normalise_options(options), seed)

    # -- saves ---------------------------------------------------------------------------------
    def load_json(self, text: str | bytes) -> GameState:
        """Rebuild a saved game by replaying and re-checking every action (ValueError if bad)."""
        from .record import load_state

        return load_state(self, text)

    # -- bots ----------------------------------------------------------------------------------
    def make_bot(self, name: str, seed: int) -> Any:
        if not isinstance(name, str) or name not in self.bots:
            raise ValueError(
                f"unknown bot {short_repr(name)}; {self.title} has {', '.join(sorted(self.bots))}"
            )
        return self.bots[name](seed=seed)

    def action_types(self) -> Mapping[str, type[Action]]:
        return self.state.action_types

    def __repr__(self) -> str:
        return f"<GameSpec {self.name!r}: {self.title}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # by reference: a worker process imports the game and uses its one declared spec
        return (_spec_of, (self.state.__module__, self.state.__qualname__))


def _spec_of(module: str, qualname: str) -> GameSpec:
    import importlib

    spec: GameSpec = getattr(importlib.import_module(module), qualname).spec
    return spec
