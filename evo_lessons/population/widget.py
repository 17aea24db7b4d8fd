"""``PopulationWidget``: watch a population evolve in a game's world, live, with nobody steering.

Python owns the :class:`~evo_lessons.population.Population`; the front end (hand-written
``static/population.js``, no bundler, no CDN) draws SVG plots from the numbers in ``view`` and
sends small messages back: ``{"type": "step", "generations": 1}``, ``{"type": "set", "name":
"selection", "value": 2}``, ``{"type": "environment", "choice": "cooler"}``, ``{"type":
"reset", "seed": null}``. Each is checked here; a forged or malformed one is refused with a
visible message and changes nothing. Play/Pause runs in the page: while playing it asks for the
next generations only after the last ones were drawn, so the kernel is never blocked and Pause
always works.

Every control has a Python method too (``step``, ``change_environment``, ``set``, ``reset``), so
a notebook can script what a student clicks.
"""

from __future__ import annotations

import math
import pathlib
from typing import Any, ClassVar

import anywidget
import numpy as np
import traitlets

from evo_lessons.engine.words import is_whole, short_repr
from evo_lessons.widgets.frontend import assemble
from evo_lessons.widgets.messages import PageMessages, check_seed
from evo_lessons.widgets.palette import PLAYER_COLOURS as COLOURS
from evo_lessons.widgets.palette import PLAYER_SVG_DASHES as DASHES
from evo_lessons.widgets.palette import PLAYER_SYMBOLS as SYMBOLS

from .model import Population
from .result import Result
from .settings import MAX_GROWTH, MAX_SELECTION, RUN_KEYS, Settings, check_run_values
from .worlds import World

STATIC = pathlib.Path(__file__).parent / "static"
#: points kept per plotted line: older generations are thinned (every other one) beyond this
MAX_POINTS = 400
#: generations one message may ask for (Play asks for a few at a time)
MAX_STEP = 100
#: the widget's own bounds on sizes: big enough to show drift vanish, small enough to be live
MAX_WIDGET_SIZE = 100_000


class _Series:
    """Per-generation rows, thinned to at most MAX_POINTS so a long run stays cheap to send."""

    def __init__(self, columns: int) -> None:
        self.x = np.zeros(MAX_POINTS + 1, dtype=np.int64)
        self.y = np.zeros((MAX_POINTS + 1, columns))
        self.n = 0

    def add(self, x: int, y: np.ndarray) -> None:
        self.x[self.n], self.y[self.n] = x, y
        self.n += 1
        if self.n > MAX_POINTS:  # odd count here: every other row keeps the newest one
            kept = (self.n + 1) // 2
            self.x[:kept], self.y[:kept] = self.x[: self.n : 2], self.y[: self.n : 2]
            self.n = kept

    def columns(self) -> list[list[float | None]]:
        """Each column as a JSON-safe list (4 decimals; NaN, an extinct population, as null)."""
        data = np.round(self.y[: self.n], 4).T
        if np.isnan(data).any():
            return [[None if v != v else v for v in column] for column in data.tolist()]
        return data.tolist()


class PopulationWidget(PageMessages, anywidget.AnyWidget):
    """A population in a game's world: Step, Play/Pause, sliders, environment buttons, plots.

    Takes the arguments of :class:`~evo_lessons.population.Population` (``game``, ``size``,
    ``mutation_rate``, ``selection``, ``seed``, ``growth``, ``migration``, ``mutation``,
    ``start``, and the world's environment such as ``temperature=3``).
    """

    _esm = assemble(STATIC / "population.js")
    _css = assemble(STATIC / "population.css")

    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: str | World = "climate", **settings: Any) -> None:
        super().__init__()
        settings.setdefault("mutation_rate", 0.001)
        size = settings.get("size", 1000)
        if is_whole(size) and size > MAX_WIDGET_SIZE:
            raise ValueError(f"the widget shows populations of up to {MAX_WIDGET_SIZE:,}")
        self._start(Population(game, **settings))
        self.on_msg(self._on_message)

    def _start(self, population: Population) -> None:
        self.population = population
        self._series = _Series(int(population.world.sizes.sum()) + 2)
        self._series.add(0, self._row())
        self._refresh()

    # -- Python controls (the same as the page's) ----------------------------------------------
    def step(self, generations: int = 1) -> None:
        """Breed ``generations`` generations and redraw."""
        if not is_whole(generations) or not 1 <= generations <= MAX_STEP:
            raise ValueError(
                f"a step is 1 to {MAX_STEP} generations, not {short_repr(generations)}"
            )
        self.population.check_steps(generations)  # the one work bound, before any step
        for _ in range(generations):
            if self.population.extinct:
                break
            self.population.step()
            self._series.add(self.population.generation, self._row())
        self._refresh()

    def change_environment(self, **changes: Any) -> None:
        """Change the environment from the next generation (``temperature=2``, ...)."""
        self.population.change_environment(**changes)
        self._refresh()

    def set(self, **changes: Any) -> None:
        """Change size, mutation_rate, selection, growth or migration from the next generation."""
        size = changes.get("size")
        if is_whole(size) and size > MAX_WIDGET_SIZE:
            raise ValueError(f"the widget shows populations of up to {MAX_WIDGET_SIZE:,}")
        self.population.set(**changes)
        self._refresh()

    def reset(self, seed: int | None = None) -> None:
        """A new run from generation 0 with the current settings and environment."""
        p = self.population
        self._start(
            Population(
                p.world,
                **p.run,
                seed=seed,
                mutation=p.initial.mutation,
                start=p.initial.start,
                **p.environment,
            )
        )

    @property
    def settings(self) -> Settings:
        """Settings that re-run everything shown so far (``run(widget.settings)``)."""
        return self.population.settings

    def result(self) -> Result:
        """The run so far, every generation (``.frame``, ``.summary``)."""
        return self.population.result()

    def result_code(self, name: str, lesson: str | None = None) -> str:
        """The run so far as a result code (``EVR2-...``) with the student's name, to hand in.

        The teacher's class notebook (:func:`evo_lessons.classroom.pool`) re-runs it from its
        settings, so a code whose numbers were edited is refused.
        """
        from .result import result_code

        return result_code(self.population.result(), name, lesson)

    # -- the page's messages -------------------------------------------------------------------
    #: every message the page may send, with exactly the fields it carries
    REFUSED = "Refused: "
    MESSAGES: ClassVar[dict[str, frozenset[str]]] = {
        "step": frozenset({"generations"}),
        "set": frozenset({"name", "value"}),
        "environment": frozenset({"choice"}),
        "reset": frozenset({"seed"}),
        "code": frozenset({"name"}),
    }

    def _on_step(self, content: dict) -> None:
        self.step(content["generations"])

    def _on_set(self, content: dict) -> None:
        name, value = content["name"], content["value"]
        if name not in RUN_KEYS:
            raise ValueError(f"no slider is called {short_repr(name, 30)}")
        check_run_values({name: value})  # checked before anything changes
        self.set(**{name: value})

    def _on_environment(self, content: dict) -> None:
        choice = content["choice"]
        offered = {c.key: c for c in self.population.world.choices(self.population.environment)}
        if not isinstance(choice, str) or choice not in offered:
            raise ValueError(f"{short_repr(choice, 30)} is not one of the changes offered")
        self.change_environment(**offered[choice].changes)

    def _on_reset(self, content: dict) -> None:
        seed = content["seed"]
        self.reset(None if seed is None else check_seed(seed))

    def _on_code(self, content: dict) -> None:
        name = content["name"]
        if not isinstance(name, str) or not name.strip() or len(name) > 1000:
            raise ValueError("type your name first: the result code carries it")
        self.send(
            {
                "type": "code",
                "code": self.result_code(name.strip()),
                "generation": int(self.population.generation),
            }
        )

    # -- the view model ------------------------------------------------------------------------
    def _row(self) -> np.ndarray:
        p = self.population
        return np.concatenate([p.frequencies, [p.mean_fitness, p.size]])

    def _refresh(self) -> None:
        self.view = self._view()

    def _view(self) -> dict[str, Any]:
        p, world = self.population, self.population.world
        data = self._series.columns()
        columns = [(k, i) for k, t in enumerate(world.traits) for i in range(len(t.values))]
        index = {c: n for n, c in enumerate(columns)}
        panels = []
        for panel in world.panels():
            lines = []
            single = len({k for k, _ in panel.lines}) == 1
            for n, (k, i) in enumerate(panel.lines):
                trait = world.traits[k]
                if single:
                    label = trait.labels[i]
                elif len(trait.values) == 2:
                    label = trait.name
                else:
                    label = f"{trait.name}: {trait.labels[i]}"
                lines.append(
                    {
                        "label": label,
                        "colour": COLOURS[n % len(COLOURS)],
                        "symbol": SYMBOLS[n % len(SYMBOLS)],
                        "dash": DASHES[n % len(DASHES)],
                        "values": data[index[(k, i)]],
                    }
                )
            panels.append({"title": panel.title, "lines": lines, "max": 1})
        fitness = data[-2]
        sizes = [int(v) for v in data[-1]]
        panels.append(
            {
                "title": "Mean fitness (1 = every individual matches)",
                "max": 1,
                "lines": [
                    {
                        "label": "mean fitness",
                        "colour": COLOURS[5],
                        "symbol": SYMBOLS[0],
                        "dash": "",
                        "values": fitness,
                    }
                ],
            }
        )
        panels.append(
            {
                "title": "Population size",
                "max": max(max(sizes), p.run["size"] * p.demes),
                "lines": [
                    {
                        "label": "individuals",
                        "colour": COLOURS[1],
                        "symbol": SYMBOLS[1],
                        "dash": "",
                        "values": sizes,
                    }
                ],
            }
        )
        choices = world.choices(p.environment)
        return {
            "game": world.name,
            "title": f"{world.title}: a population that nobody steers",
            "generation": p.generation,
            "seed": p.initial.seed,
            "extinct": p.extinct,
            "x": self._series.x[: self._series.n].tolist(),
            "panels": panels,
            "choices": [{"key": c.key, "label": c.label} for c in choices],
            "controls": {
                "size": p.run["size"],
                "mutation_rate": p.run["mutation_rate"],
                "selection": p.run["selection"],
                "migration": p.run["migration"],
                "growth": p.run["growth"],
                "demes": p.demes,
                "max_size": MAX_WIDGET_SIZE,
                "max_selection": MAX_SELECTION,
                "max_growth": MAX_GROWTH,
            },
            "environment": world.describe(p.environment),
            "about": world.about,
            "table": self._table(),
            "status": self._status(),
            "description": self._description(),
        }

    def _table(self) -> dict[str, Any]:
        p, world = self.population, self.population.world
        rows, n = [], 0
        for trait in world.traits:
            for label in trait.labels:
                f = p.frequencies[n]
                rows.append([trait.name, label, "" if math.isnan(f) else f"{100 * f:.1f}%"])
                n += 1
        return {"columns": ["Trait", "Value", "Share now"], "rows": rows}

    def _status(self) -> str:
        p = self.population
        if p.extinct:
            return f"Generation {p.generation}: the population is extinct."
        return (
            f"Generation {p.generation}: {p.size:,} individuals, mean fitness {p.mean_fitness:.2f}."
        )

    def _description(self) -> str:
        p, world = self.population, self.population.world
        lines = [self._status(), world.describe(p.environment)]
        if not p.extinct:
            n = 0
            for trait in world.traits:
                parts = []
                for label in trait.labels:
                    parts.append(f"{label} {100 * p.frequencies[n]:.0f}%")
                    n += 1
                lines.append(f"{trait.name}: {', '.join(parts)}.")
        lines.append(
            f"Each generation: fitness exp(-{p.run['selection']:g} x mismatch); parents are "
            f"drawn in proportion to fitness; each trait mutates with chance "
            f"{p.run['mutation_rate']:g}, at random, whether it helps or not. Nobody chooses."
        )
        return "\n".join(lines)
