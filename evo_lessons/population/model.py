"""The population model: a game's world, lived in by a population that nobody steers.

One generation, in this order (every step vectorised over individuals with numpy):

1. **Selection.** Each adult's fitness is ``w = exp(-selection * mismatch)``, where mismatch >= 0
   is how badly its genotype matches the environment of its deme (the world adapter counts it
   from the game's data: 0 is a perfect match). So ``selection = 0`` is pure drift, and two
   genotypes one mismatch apart have relative fitness ``1 + s`` with ``s = exp(selection) - 1``
   (about ``selection`` when it is small). Fitness multiplies across traits: no epistasis on the
   log scale. For a fixation probability, use the exact Wright-Fisher chain, or Kimura's
   diffusion formula with ``s = selection`` (the difference in log fitness): with
   ``s = exp(selection) - 1`` it overestimates fixation once ``selection >= 0.2``.
2. **Reproduction** (Wright-Fisher). Each deme's offspring are drawn together, each one from a
   parent chosen in proportion to fitness: a multinomial over the deme's genotypes. The
   offspring number is ``size`` in every deme that has parents (soft selection, constant size),
   or, with ``growth`` set, ``min(Poisson(growth x the deme's summed fitness), size)``
   (absolute fitness sets the size: a deme whose mean fitness stays below ``1 / growth``
   shrinks, and one with no individuals left is extinct; evolutionary rescue is the race
   between that decline and adaptation). Because offspring are capped at ``size`` while a bad
   draw is not made up, a deme whose ``growth x mean fitness`` is exactly 1 drifts down and
   dies out: persistence needs it clearly above 1. An empty deme stays empty unless migrants
   arrive.
3. **Inheritance** is asexual and exact: individuals are haploid (one copy of each trait, so
   drift works at 1/N, not the 1/(2N) of diploids), an offspring carries its parent's genotype,
   and all traits are linked (there is no recombination).
4. **Mutation.** Each trait of each offspring mutates with probability ``mutation_rate``,
   independently, blind to the environment: ``"uniform"`` changes it to one of the trait's
   other values, each equally likely; ``"step"`` moves it one value up or down with equal chance
   (a step off either end leaves it unchanged, so the two end values change at half the rate
   of the others). Both are symmetric, so with no selection every value is equally likely in
   the long run: mutation has no bias towards what helps.
5. **Migration.** Each offspring moves with probability ``migration`` to a neighbouring deme
   chosen at random (Climate's neighbouring cells, Adapt or Die's other habitats), if its deme
   has any. Emigrants leave evenly, but each chooses among its own deme's neighbours, so a deme
   with more neighbours receives a larger share of the immigrants.

The recorded numbers of generation t (trait-value frequencies pooled over demes, mean fitness
``w`` of its adults in the environment of the moment, size of each deme) are taken after step 5:
with migration a deme's recorded size is after migration, and may differ from ``size``.
Randomness comes only from the run's own ``numpy.random.Generator`` seeded with ``seed``.

Demes may start differently (``starts``: one start per deme), for migration experiments; a run
is bounded by one work bound (:func:`~evo_lessons.population.settings.check_work`), checked
before it starts and at each generation of a stepped run.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from evo_lessons.i18n import pgettext

from .result import Result
from .settings import (
    MAX_ALIVE,
    MAX_WORK,
    RUN_KEYS,
    Settings,
    check_changes,
    check_run_values,
    check_work,
)
from .worlds import World, get_world


class Population:
    """A population living in a game's world, stepped a generation at a time.

    ``Population(settings)`` with checked :class:`Settings` (the one constructor), or the same
    keyword arguments as :func:`evolve` without ``generations``:
    ``Population("climate", size=1000, mutation_rate=0.01, seed=1, temperature=3)``;
    ``seed=None`` draws one (and keeps it in :attr:`settings`, so the run can be repeated).
    """

    def __init__(
        self, game: str | World | Settings = "climate", world: World | None = None, **kw: Any
    ) -> None:
        if isinstance(game, Settings):
            if kw:
                raise ValueError(
                    pgettext(
                        "population error",
                        "give either checked Settings or keyword settings, not both",
                    )
                )
            settings = game
            check_work(settings, world)
        else:
            if world is not None:
                raise ValueError(pgettext("population error", "a world is given as the game"))
            kw.setdefault("size", 1000)
            kw.setdefault("mutation_rate", 0.001)
            if kw.get("seed") is None:
                kw["seed"] = secrets.randbits(63)
            kw.pop("generations", None)
            settings = Settings.make(game, **kw)
            world = get_world(game)
        self._begin(world or settings.world, settings)

    @classmethod
    def from_settings(cls, settings: Settings, world: World | None = None) -> Population:
        """A new population from checked settings (``world`` for a world not registered)."""
        return cls(settings, world)

    # -- setting up -------------------------------------------------------------------------------
    def _begin(self, world: World, settings: Settings) -> None:
        self.world = world
        self.initial = settings
        self.environment = dict(settings.environment)
        self.run = {key: getattr(settings, key) for key in RUN_KEYS}
        self.generation = 0
        self.rng = np.random.default_rng(settings.seed)
        self._scheduled = list(settings.changes)
        self._applied: list[tuple[int, dict[str, Any]]] = []
        demes = world.demes(self.environment)
        self.demes = len(demes)
        self.deme_names = demes
        self._G = world.genotypes
        self._L = len(world.traits)
        self._sizes = world.sizes
        self._strides = world.strides
        offsets = np.concatenate([[0], np.cumsum(world.sizes)[:-1]])
        self._columns = int(world.sizes.sum())
        #: indicator[g, c]: genotype g has the value of frequency column c
        self._indicator = np.zeros((self._G, self._columns))
        for k in range(self._L):
            self._indicator[np.arange(self._G), offsets[k] + world.grid[:, k]] = 1.0
        neighbours = world.neighbours(self.environment)
        width = max([len(n) for n in neighbours] + [1])
        self._degree = np.array([len(n) for n in neighbours], dtype=np.int64)
        self._next_deme = np.zeros((self.demes, width), dtype=np.int64)
        for d, near in enumerate(neighbours):
            self._next_deme[d, : len(near)] = near
        self._refit()
        self.counts = self._start_counts(settings)
        self._history: list[tuple[np.ndarray, float, np.ndarray]] = []
        #: individual-generations so far, over every deme (the work bound's count)
        self.work = self.demes * settings.size
        self._record()

    def _start_counts(self, settings: Settings) -> np.ndarray:
        counts = np.zeros((self.demes, self._G), dtype=np.int64)
        starts = settings.starts or [settings.start] * self.demes
        for deme, start in enumerate(starts):
            counts[deme] = self._start_deme(start, settings.size)
        return counts

    def _start_deme(self, start: Any, size: int) -> np.ndarray:
        counts = np.zeros(self._G, dtype=np.int64)
        if start == "random":  # every trait value equally likely, independently
            counts[:] = self.rng.multinomial(size, np.full(self._G, 1.0 / self._G))
        elif isinstance(start[0], list) and len(start[0]) == 2 and isinstance(start[0][1], list):
            for count, genotype in start:
                counts[self.world.genotype_code(genotype)] += count
        else:
            counts[self.world.genotype_code(start)] = size
        return counts

    def _refit(self) -> None:
        """The fitness table of every genotype in every deme, for this environment."""
        self._mismatch = np.asarray(self.world.mismatch(self.environment), dtype=np.float64)
        self._fitness = np.exp(-self.run["selection"] * self._mismatch)

    # -- changing things mid-run ----------------------------------------------------------------
    def change_environment(self, **changes: Any) -> None:
        """Change the environment from the next generation on (``temperature=2``, ...)."""
        self._change(changes, environment_only=True)

    def set(self, **changes: Any) -> None:
        """Change size, mutation_rate, selection, growth or migration from the next generation."""
        unknown = sorted(set(changes) - set(RUN_KEYS))
        if unknown:
            raise ValueError(
                pgettext(
                    "population error; {names} are settings' names (Python words)",
                    "only {names} can change during a run, not {name}",
                ).format(names=", ".join(RUN_KEYS), name=repr(unknown[0]))
            )
        self._change(changes, environment_only=False)

    def _change(self, changes: dict[str, Any], *, environment_only: bool) -> None:
        if environment_only and set(changes) & set(RUN_KEYS):
            raise ValueError(
                pgettext(
                    "population error; keep the Python words",
                    "use set(...) for size, mutation_rate, selection, growth, migration",
                )
            )
        if not changes:
            return
        ((_, checked),) = check_changes(self.world, self.environment, [[1, changes]])
        if self.demes * checked.get("size", 0) > MAX_ALIVE:
            raise ValueError(
                pgettext(
                    "population error",
                    "a run holds at most {most} individuals at once over all its places",
                ).format(most=f"{MAX_ALIVE:,}")
            )
        self._apply(checked)
        self._applied.append((self.generation + 1, checked))

    def _apply(self, checked: dict[str, Any]) -> None:
        run = check_run_values(checked)
        self.run.update(run)
        world_part = {k: v for k, v in checked.items() if k not in RUN_KEYS}
        if world_part:
            self.environment = self.world.environment({**self.environment, **world_part})
        self._refit()

    @property
    def settings(self) -> Settings:
        """Settings that re-run this population exactly, changes made so far included."""
        return Settings(
            **{
                **{f: getattr(self.initial, f) for f in Settings.__dataclass_fields__},
                "generations": self.generation,
                "changes": tuple(self._applied),
            }
        )

    # -- one generation ------------------------------------------------------------------------
    def check_steps(self, generations: int = 1) -> None:
        """ValueError, changing nothing, if breeding ``generations`` more would pass the work
        bound (at the sizes now and those scheduled); the widget asks before it steps."""
        size, total, at = self.run["size"], self.work, self.generation
        changes = [c for c in self._scheduled if c[0] <= at + generations]
        for when, change in changes:
            total += self.demes * size * max(0, when - 1 - at)
            at = max(at, when - 1)
            size = change.get("size", size)
        total += self.demes * size * (self.generation + generations - at)
        if total > MAX_WORK:
            raise ValueError(
                pgettext(
                    "population error",
                    "this run would pass the most one run may do ({most} individual-generations "
                    "over all its places): start a new one",
                ).format(most=f"{MAX_WORK:,}")
            )

    def step(self, generations: int = 1) -> None:
        """Breed ``generations`` new generations (ValueError, before breeding, past the bound)."""
        for _ in range(generations):
            while self._scheduled and self._scheduled[0][0] <= self.generation + 1:
                change = self._scheduled.pop(0)
                self._apply(change[1])
                self._applied.append(change)
            cost = self.demes * self.run["size"]
            if self.work + cost > MAX_WORK:
                raise ValueError(
                    pgettext(
                        "population error",
                        "this run has reached the most one run may do ({most} "
                        "individual-generations over all its places): start a new one",
                    ).format(most=f"{MAX_WORK:,}")
                )
            self.work += cost
            self.counts = self._breed()
            self.generation += 1
            self._record()

    def _breed(self) -> np.ndarray:
        rng, G = self.rng, self._G
        weights = self.counts * self._fitness
        total = weights.sum(axis=1)
        alive = total > 0
        size = self.run["size"]
        if self.run["growth"] is None:
            born = np.where(alive, size, 0)
        else:
            born = np.minimum(rng.poisson(self.run["growth"] * total), size)
        # only genotypes someone carries can have offspring: a multinomial over those alone
        # (often a few dozen of Adapt or Die's 3,125) costs far less and draws the same law
        carried = np.flatnonzero(self.counts.any(axis=0))
        if not carried.size:  # extinct everywhere: nobody to breed, nobody to arrive
            return np.zeros_like(self.counts)
        weights = weights[:, carried]
        probabilities = np.divide(
            weights, total[:, None], out=np.zeros_like(weights), where=alive[:, None]
        )
        probabilities[~alive, 0] = 1.0  # any valid row: nobody is born there
        offspring = np.zeros_like(self.counts)
        offspring[:, carried] = rng.multinomial(born, probabilities)
        mu, m = self.run["mutation_rate"], self.run["migration"]
        if mu == 0 and (m == 0 or not self._degree.any()):
            return offspring
        # the offspring one by one: a code for (deme, genotype) each (counts as intp: a browser's
        # 32-bit numpy refuses np.repeat's int64 counts)
        individual = np.repeat(np.arange(self.demes * G), offspring.ravel().astype(np.intp))
        if mu > 0:
            self._mutate(individual, mu)
        if m > 0 and self._degree.any():
            self._migrate(individual, m)
        return np.bincount(individual, minlength=self.demes * G).reshape(self.demes, G)

    def _mutate(self, individual: np.ndarray, mu: float) -> None:
        rng, L = self.rng, self._L
        hits = _distinct(rng, individual.size * L, rng.binomial(individual.size * L, mu))
        if not hits.size:
            return
        who, trait = np.divmod(hits, L)
        values = self._sizes[trait]
        stride = self._strides[trait]
        old = (individual[who] % self._G) // stride % values
        if self.initial.mutation == "uniform":
            new = (old + rng.integers(1, values)) % values
        else:
            new = old + 2 * rng.integers(0, 2, size=old.size) - 1
            new = np.where((new < 0) | (new >= values), old, new)
        # distinct (individual, trait) pairs: traits are separate digits, so the changes add
        np.add.at(individual, who, (new - old) * stride)

    def _migrate(self, individual: np.ndarray, m: float) -> None:
        rng, G = self.rng, self._G
        movers = _distinct(rng, individual.size, rng.binomial(individual.size, m))
        deme = individual[movers] // G
        degree = self._degree[deme]
        can = degree > 0
        movers, deme, degree = movers[can], deme[can], degree[can]
        choice = (rng.random(movers.size) * degree).astype(np.int64)
        individual[movers] += (self._next_deme[deme, choice] - deme) * G

    # -- what is recorded -------------------------------------------------------------------------
    def _record(self) -> None:
        pooled = self.counts.sum(axis=0)
        n = int(pooled.sum())
        if n:
            frequencies = pooled @ self._indicator / n
            fitness = float((self.counts * self._fitness).sum() / n)
        else:
            frequencies = np.full(self._columns, np.nan)
            fitness = float("nan")
        self._history.append((frequencies, fitness, self.counts.sum(axis=1)))

    @property
    def size(self) -> int:
        """Individuals alive now, over every deme."""
        return int(self.counts.sum())

    @property
    def extinct(self) -> bool:
        return self.size == 0

    @property
    def mean_fitness(self) -> float:
        """Mean fitness of the individuals alive now, in the environment now (NaN if extinct).

        Right after an environment change this already shows the new environment's verdict;
        the record of the generation (in :meth:`result`) keeps the value it was bred with.
        """
        n = self.size
        return float((self.counts * self._fitness).sum() / n) if n else float("nan")

    @property
    def frequencies(self) -> np.ndarray:
        """The latest frequency of every trait value, traits in order, values in order."""
        return self._history[-1][0]

    @property
    def mismatch(self) -> np.ndarray:
        """(demes, genotypes) mismatch table of the environment now (read-only use)."""
        return self._mismatch

    def result(self) -> Result:
        """Everything recorded so far, as a :class:`Result`."""
        frequencies, fitness, sizes = zip(*self._history, strict=True)
        return Result(
            settings=self.settings,
            world=self.world,
            frequencies=np.vstack(frequencies),
            mean_fitness=np.array(fitness),
            sizes=np.vstack(sizes),
        )


def _distinct(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``k`` distinct integers from ``range(n)``, every such set equally likely.

    Drawing with replacement and topping up until ``k`` differ gives the first ``k`` distinct
    values of an i.i.d. uniform sequence, which is a uniform ``k``-subset; it costs O(k) where
    ``Generator.choice(replace=False)`` may cost O(n).
    """
    if k == 0:
        return np.empty(0, dtype=np.int64)
    if 4 * k > n:
        return rng.choice(n, size=k, replace=False)
    picks = np.unique(rng.integers(n, size=k))
    while picks.size < k:
        picks = np.unique(np.concatenate([picks, rng.integers(n, size=k - picks.size)]))
    return picks


def evolve(game: str | World, **settings: Any) -> Result:
    """Run a population in a game's world for ``generations`` generations; nobody steers.

    Keyword arguments (all checked, with a sentence saying what is wrong):
        size: individuals per deme (the carrying capacity when ``growth`` is set).
        generations: how many generations to breed after generation 0.
        mutation_rate: chance that each trait of each offspring mutates (blind to need).
        seed: the run's seed: the same settings and seed give the same result.
        selection: strength of selection; fitness is ``exp(-selection * mismatch)`` (1.0).
        growth: None (default) for a constant size; else the expected offspring of a
            perfectly matched individual, so that absolute fitness sets the next generation's
            size (offspring are capped at ``size``: persistence needs ``growth x mean
            fitness`` clearly above 1).
        migration: chance that an offspring moves to a neighbouring deme (0.0).
        mutation: "uniform" (to any other value) or "step" (one value up or down; the two end
            values then change at half the rate).
        start: "random", one genotype for everyone (a value per trait), or a list of
            ``[count, genotype]`` groups; default: the world's (Climate: the game's 1-1-1).
        starts: one start per deme, for demes that begin differently (default: ``start``
            everywhere).
        changes: ``[[generation, {setting: value}], ...]``: environment or run settings that
            change before that generation is bred (``[[50, {"temperature": 2}]]``).
        **environment: the world's environment (``temperature=``, ``cells=``, ``challenge=``,
            ``environment=``, ...).

    ``game`` is a game's name ("climate", "niche", "adaptation", "adapt_or_die") or a world
    object. A run past the work bound (:data:`~evo_lessons.population.settings.MAX_WORK`
    individual-generations over all demes) is refused before it starts.

    Returns:
        a :class:`Result` with ``frame`` (generation, trait, value, label, frequency) and
        ``summary`` (generation, mean_fitness, size).
    """
    for needed in ("size", "generations", "mutation_rate", "seed"):
        if needed not in settings:
            raise TypeError(
                pgettext(
                    "population error; keep evolve() and the setting's name (Python code)",
                    "evolve() needs {name}=",
                ).format(name=needed)
            )
    return run(Settings.make(game, **settings), get_world(game))


def run(settings: Settings, world: World | None = None) -> Result:
    """Re-run saved settings (``run(load(text))``): the same result every time."""
    population = Population(settings, world)
    population.step(settings.generations)
    return population.result()
