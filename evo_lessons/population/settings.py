"""A run's settings: checked once, saved as JSON, and enough to re-run the same population.

Everything that decides a run is here (the world by name, sizes, rates, the seed, the start and
the environment), so ``Settings.from_json(s.to_json())`` re-runs exactly. Every value from
outside is checked with a sentence a student can read; nothing half-checked reaches the model.

**The work bound.** A run costs about one unit per individual per generation, in every deme. One
bound (:func:`check_work`) counts it over demes x size x generations, with every scheduled size
change (``changes``) counted from its generation on, and refuses a run past ``MAX_WORK`` (or
with more than ``MAX_ALIVE`` individuals alive at once) before anything is simulated, in
microseconds. :func:`evolve`, :class:`~evo_lessons.population.Population` (each step of a
stepped run, and every size change), the widget and the class tools' re-run of a population
result code all use it, so no input can make any of them run longer than the bound allows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from evo_lessons.engine.seeds import check_seed
from evo_lessons.engine.words import is_whole, short_repr
from evo_lessons.i18n import pgettext

from .worlds import World, get_world
from .worlds.base import number_in

MAX_SIZE = 1_000_000
MAX_GENERATIONS = 100_000
MAX_SELECTION = 20.0
MAX_GROWTH = 100.0
MUTATION_KINDS = ("uniform", "step")
SEED_LIMIT = 2**63
#: individual-generations one run may cost, over every deme and generation: 10,000 individuals
#: for 5,000 generations (a single-deme study of 20,000 for 1,200 fits). The costliest runs per
#: individual (63 demes, mutation and migration at 1) take about 0.45 CPU-seconds a million on
#: a loaded 2-core machine, so no run anyone asks for (evolve, the widget, a pooled code) costs
#: more than about 22 s, and a typical one far less (benchmarks/bench_population.py)
MAX_WORK = 50_000_000
#: individuals alive at once, over every deme (memory: about 150 MB at most)
MAX_ALIVE = 2_000_000


def whole(what: str, value: Any, low: int, high: int) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise ValueError(
            pgettext(
                "population error; {what} is a setting's name (a Python word, kept as it is)",
                "{what} is a whole number from {low} to {high}, not {value}",
            ).format(what=what, low=f"{low:,}", high=f"{high:,}", value=short_repr(value))
        )
    return value


@dataclass(frozen=True)
class Settings:
    """Every setting of a population run (see :func:`evo_lessons.population.evolve`)."""

    game: str
    size: int
    mutation_rate: float
    seed: int
    generations: int = 0
    selection: float = 1.0
    growth: float | None = None
    migration: float = 0.0
    mutation: str = "uniform"
    start: Any = None
    changes: tuple = ()
    environment: dict = field(default_factory=dict)
    #: one start per deme (in the order of the world's demes), or None: every deme ``start``
    starts: tuple | None = None

    @classmethod
    def make(cls, game: str | World, **settings: Any) -> Settings:
        """Checked settings from keyword arguments: ``Settings.make("climate", size=500,
        mutation_rate=0.01, seed=1, temperature=2)``; the world's environment options go with
        the run's own (see :func:`evo_lessons.population.evolve`)."""
        own = {
            k: settings.pop(k)
            for k in list(settings)
            if k in cls.__dataclass_fields__ and k not in ("game", "environment")
        }
        return check(game=game, **own, environment=settings)

    def to_json(self) -> str:
        data = asdict(self)
        data["changes"] = [list(c) for c in self.changes]
        if self.starts is None:
            del data["starts"]  # saves from before the option read the same
        else:
            data["starts"] = list(self.starts)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> Settings:
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise ValueError(
                pgettext("population error", "these population settings are not valid JSON")
            ) from None
        if not isinstance(data, dict):
            raise ValueError(
                pgettext(
                    "population error", "population settings are a JSON object of named settings"
                )
            )
        known = set(cls.__dataclass_fields__)
        extra = sorted(set(data) - known)
        if extra:
            raise ValueError(
                pgettext("population error", "unknown population setting {name}").format(
                    name=short_repr(extra[0])
                )
            )
        for name in ("game", "size", "mutation_rate", "seed"):
            if name not in data:
                raise ValueError(
                    pgettext("population error", "population settings need {name}").format(
                        name=repr(name)
                    )
                )
        environment = data.pop("environment", {})
        if not isinstance(environment, dict):
            raise ValueError(
                pgettext(
                    "population error; keep 'environment' (a Python word)",
                    "environment is a JSON object of the world's settings",
                )
            )
        return check(**data, environment=environment)

    @property
    def world(self) -> World:
        return get_world(self.game)


def check(
    *,
    game: str | World,
    size: Any,
    mutation_rate: Any,
    seed: Any,
    generations: Any = 0,
    selection: Any = 1.0,
    growth: Any = None,
    migration: Any = 0.0,
    mutation: Any = "uniform",
    start: Any = None,
    changes: Any = (),
    environment: Mapping[str, Any] | None = None,
    starts: Any = None,
) -> Settings:
    """Build checked :class:`Settings`; a ValueError says which setting is wrong and why.

    The work bound (:func:`check_work`) is checked too: a run past it is refused here."""
    world = get_world(game)
    env = world.environment(dict(environment or {}))
    if mutation not in MUTATION_KINDS:
        raise ValueError(
            pgettext(
                "population error; keep 'mutation', 'uniform' and 'step' (Python words)",
                "mutation is 'uniform' (to any other value) or 'step' (one value up or down), "
                "not {value}",
            ).format(value=short_repr(mutation))
        )
    run = check_run_values(
        {
            "size": size,
            "mutation_rate": mutation_rate,
            "selection": selection,
            "growth": growth,
            "migration": migration,
        }
    )
    settings = Settings(
        game=world.name,
        seed=check_seed(seed),
        generations=whole("generations", generations, 0, MAX_GENERATIONS),
        mutation=mutation,
        **run,
        start=check_start(world, start, size),
        changes=check_changes(world, env, changes),
        environment=env,
        starts=check_starts(world, env, starts, size),
    )
    check_work(settings, world)
    return settings


def check_starts(world: World, environment: dict, starts: Any, size: int) -> tuple | None:
    """One start per deme (each as ``start`` takes it), for demes that begin differently."""
    if starts is None:
        return None
    demes = world.demes(environment)
    if not isinstance(starts, list | tuple) or len(starts) != len(demes):
        raise ValueError(
            pgettext(
                "population error; keep 'starts' (a Python word); {places} names the places",
                "starts gives one start for each of the {n} places the population lives in "
                "({places}), not {value}",
            ).format(n=len(demes), places=", ".join(demes)[:120], value=short_repr(starts))
        )
    return tuple(check_start(world, start, size) for start in starts)


def demes_of(settings: Settings, world: World | None = None) -> int:
    """How many demes a run has (a run keeps its demes: changes cannot add any)."""
    return len((world or get_world(settings.game)).demes(settings.environment))


def work(settings: Settings, world: World | None = None) -> tuple[int, int]:
    """(individual-generations over the whole run, most individuals alive at once).

    Counted at the most each generation may hold (``size`` in every deme, growth or not),
    with each scheduled size change counted from the generation it takes effect."""
    demes = demes_of(settings, world)
    size, total, peak, generation = settings.size, settings.size, settings.size, 0
    for when, change in settings.changes:
        if when > settings.generations:
            break
        total += size * (when - 1 - generation)
        generation = when - 1
        size = change.get("size", size)
        peak = max(peak, size)
    total += size * (settings.generations - generation)
    return demes * total, demes * peak


def check_work(settings: Settings, world: World | None = None) -> None:
    """Refuse a run past the one work bound, before anything is simulated (see the module)."""
    total, alive = work(settings, world)
    if alive > MAX_ALIVE:
        raise ValueError(
            pgettext(
                "population error",
                "this run would hold {alive} individuals at once over all its places; the most "
                "is {most} (fewer places or a smaller size)",
            ).format(alive=f"{alive:,}", most=f"{MAX_ALIVE:,}")
        )
    if total > MAX_WORK:
        raise ValueError(
            pgettext(
                "population error",
                "this run is {total} individual-generations over all its places; the most is "
                "{most} (fewer generations, places or individuals)",
            ).format(total=f"{total:,}", most=f"{MAX_WORK:,}")
        )


def check_start(world: World, start: Any, size: int) -> Any:
    """None (the world's default), "random", one genotype, or [count, genotype] groups."""
    if start is None:
        start = world.default_start
    if isinstance(start, str):
        if start != "random":
            raise ValueError(
                pgettext(
                    "population error; keep 'start' and 'random' (Python words)",
                    "start is 'random' or a genotype, not {value}",
                ).format(value=short_repr(start))
            )
        return "random"
    if (
        isinstance(start, list | tuple)
        and start
        and all(isinstance(g, list | tuple) and len(g) == 2 and is_whole(g[0]) for g in start)
    ):
        total = 0
        groups = []
        for count, genotype in start:
            world.genotype_code(genotype)
            if count < 0:
                raise ValueError(
                    pgettext("population error", "a start group's count is a whole number >= 0")
                )
            total += count
            groups.append([count, list(genotype)])
        if total != size:
            raise ValueError(
                pgettext(
                    "population error; keep 'size' (a Python word)",
                    "the start groups hold {total} individuals; size is {size}",
                ).format(total=f"{total:,}", size=f"{size:,}")
            )
        return groups
    world.genotype_code(start)  # one genotype for everyone; raises a readable ValueError
    return list(start)


#: settings a run may change as it goes (a slider in the widget, or a scheduled change)
RUN_KEYS = ("size", "mutation_rate", "selection", "growth", "migration")


def check_run_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """Check the run settings among ``values`` (the others are left out)."""
    checks = {
        "size": lambda v: whole("size", v, 1, MAX_SIZE),
        "mutation_rate": lambda v: number_in("mutation_rate", v, 0.0, 1.0),
        "selection": lambda v: number_in("selection", v, 0.0, MAX_SELECTION),
        "growth": lambda v: None if v is None else number_in("growth", v, 0.0, MAX_GROWTH),
        "migration": lambda v: number_in("migration", v, 0.0, 1.0),
    }
    return {key: checks[key](value) for key, value in values.items() if key in checks}


def check_changes(world: World, environment: dict, changes: Any) -> tuple:
    """Changes during a run: [generation, {setting: value}] pairs, in time order.

    A change listed for generation g takes effect before generation g is bred. Its settings are
    the run's own (size, mutation_rate, selection, growth, migration) or the world's environment.
    """
    if not isinstance(changes, list | tuple):
        raise ValueError(
            pgettext(
                "population error; keep 'changes' (a Python word)",
                "changes is a list of [generation, {{setting: value}}] pairs",
            ).format()
        )
    checked = []
    last = 0
    env = dict(environment)
    for item in changes:
        if not isinstance(item, list | tuple) or len(item) != 2 or not isinstance(item[1], dict):
            raise ValueError(
                pgettext(
                    "population error", "a change is [generation, {{setting: value}}], not {value}"
                ).format(value=short_repr(item))
            )
        what = pgettext("population error: the subject of a sentence", "a change's generation")
        generation = whole(what, item[0], 1, MAX_GENERATIONS)
        if not all(isinstance(key, str) for key in item[1]):
            raise ValueError(pgettext("population error", "a change names its settings by word"))
        if generation < last:
            raise ValueError(
                pgettext("population error", "changes are listed in the order of their generations")
            )
        last = generation
        run = check_run_values(item[1])
        world_part = {k: v for k, v in item[1].items() if k not in RUN_KEYS}
        if world_part:
            new = world.environment({**env, **world_part})
            world.fixed_demes(env, new)
            env = new
        checked.append((generation, {**run, **world_part}))
    return tuple(checked)
