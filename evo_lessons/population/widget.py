"""``PopulationWidget``: watch a population evolve in a game's world, live, with nobody steering.

Python owns the :class:`~evo_lessons.population.Population`; the front end (hand-written
``static/population.js``, no bundler, no CDN) draws the plots with the front-end kit's live
plots from numbers: ``plot_spec`` once, then each generation's row once (``view["plot"]``: the
rows since the last view, with ``epoch`` and ``start`` as the game widget's feed has them; a page
that missed rows asks for ``plot_history``). It sends small messages back: ``{"type": "step",
"generations": 1}``, ``{"type": "set", "name": "selection", "value": 2}``, ``{"type":
"environment", "choice": "cooler"}``, ``{"type": "reset", "seed": null}``, ``{"type": "png"}``
(the plots as a PNG file, drawn by matplotlib). Each is checked here; a forged or malformed one
is refused with a visible message and changes nothing. Play/Pause runs in the page: while
playing it asks for the next generations only after the last ones were drawn, so the kernel is
never blocked and Pause always works.

Every control has a Python method too (``step``, ``change_environment``, ``set``, ``reset``), so
a notebook can script what a student clicks.

The widget speaks one language (``lang=``, else the lesson's, else ``$EVO_LESSONS_LANG``, else
English): the page's fixed words come in the ``strings`` trait (:mod:`.page_strings`), the
sentences that change with the run come ready-made in the view. The result's columns, result
codes and settings stay the same in every language.
"""

from __future__ import annotations

import math
import pathlib
from typing import TYPE_CHECKING, Any, ClassVar

import anywidget
import numpy as np
import traitlets

from evo_lessons.engine.words import is_whole, short_repr
from evo_lessons.i18n import Translator, get_translator, pgettext, pN_, speaking
from evo_lessons.widgets.frontend import assemble
from evo_lessons.widgets.messages import PageMessages, check_seed
from evo_lessons.widgets.page_strings import page_strings

from . import plots
from .model import Population
from .page_strings import POPULATION_PAGE
from .result import Result
from .settings import MAX_GROWTH, MAX_SELECTION, RUN_KEYS, Settings, check_run_values
from .worlds import World

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STATIC = pathlib.Path(__file__).parent / "static"
#: generations one message may ask for (Play asks for a few at a time)
MAX_STEP = 100
#: the widget's own bounds on sizes: big enough to show drift vanish, small enough to be live
MAX_WIDGET_SIZE = 100_000
#: individuals drawn in the page: the population in miniature, each kind in its share
DRAWN = 24


class PopulationWidget(PageMessages, anywidget.AnyWidget):
    """A population in a game's world: Step, Play/Pause, sliders, environment buttons, plots.

    Takes the arguments of :class:`~evo_lessons.population.Population` (``game``, ``size``,
    ``mutation_rate``, ``selection``, ``seed``, ``growth``, ``migration``, ``mutation``,
    ``start``, and the world's environment such as ``temperature=3``), and ``lang``: the
    language the widget speaks ("es"; default: the lesson's, else ``$EVO_LESSONS_LANG``, else
    English).
    """

    _esm = assemble(STATIC / "flock.js", STATIC / "population.js")
    _css = assemble(STATIC / "population.css")

    view = traitlets.Dict().tag(sync=True)
    #: the plots' panels, lines and axes (set once: a world's plots never change in a run)
    plot_spec = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: the page's words in the widget's language (the page holds no English: page_strings.py)
    strings = traitlets.Dict().tag(sync=True)
    #: the widget's language ("en", "es" ...) and its direction ("ltr" or "rtl")
    lang = traitlets.Unicode("en").tag(sync=True)
    direction = traitlets.Unicode("ltr").tag(sync=True)

    def __init__(
        self, game: str | World = "climate", *, lang: str | None = None, **settings: Any
    ) -> None:
        super().__init__()
        self.translator: Translator = get_translator(lang)
        self.lang, self.direction = self.translator.lang, self.translator.dir
        self.strings = page_strings(self.translator, table=POPULATION_PAGE)
        with speaking(self.translator):
            settings.setdefault("mutation_rate", 0.001)
            self._check_size(settings.get("size", 1000))
            self._epoch = 0
            self._start(Population(game, **settings))
            self.plot_spec = plots.plot_spec(self.population.world)
        self.on_msg(self._on_message)

    @staticmethod
    def _check_size(size: Any) -> None:
        if is_whole(size) and size > MAX_WIDGET_SIZE:
            raise ValueError(
                pgettext(
                    "population error; {most} is a number such as 100,000",
                    "the widget shows populations of up to {most}",
                ).format(most=f"{MAX_WIDGET_SIZE:,}")
            )

    def _start(self, population: Population) -> None:
        """A run from its generation 0: the page's plots start again (a new epoch)."""
        self.population = population
        self._epoch += 1
        self._sent = 0  # rows (generations) the page has been sent in this epoch
        self._fresh = [self._row()]  # rows not sent yet
        self._refresh()

    # -- Python controls (the same as the page's) ----------------------------------------------
    def step(self, generations: int = 1) -> None:
        """Breed ``generations`` generations and redraw."""
        with speaking(self.translator):
            if not is_whole(generations) or not 1 <= generations <= MAX_STEP:
                raise ValueError(
                    pgettext(
                        "population error; {most} is a number, {value} what was given",
                        "a step is 1 to {most} generations, not {value}",
                    ).format(most=MAX_STEP, value=short_repr(generations))
                )
            self.population.check_steps(generations)  # the one work bound, before any step
            for _ in range(generations):
                if self.population.extinct:
                    break
                self.population.step()
                self._fresh.append(self._row())
            self._refresh()

    def change_environment(self, **changes: Any) -> None:
        """Change the environment from the next generation (``temperature=2``, ...)."""
        with speaking(self.translator):
            self.population.change_environment(**changes)
            self._refresh()

    def set(self, **changes: Any) -> None:
        """Change size, mutation_rate, selection, growth or migration from the next generation."""
        with speaking(self.translator):
            self._check_size(changes.get("size", 0))  # (0 when the size stays: nothing to check)
            self.population.set(**changes)
            self._refresh()

    def reset(self, seed: int | None = None) -> None:
        """A new run from generation 0 with the current settings and environment."""
        p = self.population
        with speaking(self.translator):
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
    REFUSED = pN_("error; put before the reason a page's request was refused", "Refused: ")
    MESSAGES: ClassVar[dict[str, frozenset[str]]] = {
        "step": frozenset({"generations"}),
        "set": frozenset({"name", "value"}),
        "environment": frozenset({"choice"}),
        "reset": frozenset({"seed"}),
        "code": frozenset({"name"}),
        "png": frozenset(),
        "plot_history": frozenset(),
    }

    def _on_step(self, content: dict) -> None:
        self.step(content["generations"])

    def _on_set(self, content: dict) -> None:
        name, value = content["name"], content["value"]
        if name not in RUN_KEYS:
            raise ValueError(
                pgettext(
                    "population error; {name} is what the page sent", "no slider is called {name}"
                ).format(name=short_repr(name, 30))
            )
        check_run_values({name: value})  # checked before anything changes
        self.set(**{name: value})

    def _on_environment(self, content: dict) -> None:
        choice = content["choice"]
        offered = {c.key: c for c in self.population.world.choices(self.population.environment)}
        if not isinstance(choice, str) or choice not in offered:
            raise ValueError(
                pgettext(
                    "population error; {choice} is what the page sent",
                    "{choice} is not one of the changes offered",
                ).format(choice=short_repr(choice, 30))
            )
        self.change_environment(**offered[choice].changes)

    def _on_reset(self, content: dict) -> None:
        seed = content["seed"]
        self.reset(None if seed is None else check_seed(seed))

    def _on_code(self, content: dict) -> None:
        name = content["name"]
        if not isinstance(name, str) or not name.strip() or len(name) > 1000:
            raise ValueError(
                pgettext("population error", "type your name first: the result code carries it")
            )
        self.send(
            {
                "type": "code",
                "code": self.result_code(name.strip()),
                "generation": int(self.population.generation),
            }
        )

    def _on_png(self, content: dict) -> None:
        name = f"population_{self.population.world.name}_seed{self.population.initial.seed}.png"
        self.send({"type": "png", "filename": name}, buffers=[self.plot_png()])

    def _on_plot_history(self, content: dict) -> None:
        rows = plots.history_rows(self.population.result())
        self.send({"type": "plot_history", "epoch": self._epoch, "count": self._sent, "rows": rows})

    # -- plots -----------------------------------------------------------------------------------
    def figure(self) -> Figure:
        """The run so far as a matplotlib Figure, the plots' panels (renders without a page), in
        the widget's language."""
        with speaking(self.translator):
            return plots.figure(self.population.result())

    def plot_png(self) -> bytes:
        """The run so far as PNG bytes (what "Download plot (PNG)" saves)."""
        from evo_lessons.widgets.plots import figure_png  # matplotlib loads only when asked

        return figure_png(self.figure())

    # -- the view model ------------------------------------------------------------------------
    def _row(self) -> list:
        p = self.population
        return plots.plot_row(p.generation, p.frequencies, p.mean_fitness, p.size)

    def _refresh(self) -> None:
        fresh, self._fresh = self._fresh, []
        start, self._sent = self._sent, self._sent + len(fresh)
        with speaking(self.translator):
            self.view = self._view({"epoch": self._epoch, "start": start, "rows": fresh})

    def _view(self, plot: dict[str, Any]) -> dict[str, Any]:
        p, world = self.population, self.population.world
        choices = world.choices(p.environment)
        return {
            "game": world.name,
            "title": pgettext(
                "population heading; {world} is a world such as 'Climate'",
                "{world}: a population that nobody steers",
            ).format(world=world.shown_title()),
            "generation": p.generation,
            "seed": p.initial.seed,
            "extinct": p.extinct,
            "plot": plot,
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
            "about": world.shown_about(),
            "table": self._table(),
            "flock": self._flock(),
            "rule": self._rule(),
            "status": self._status(),
            "description": self._description(),
        }

    def _table(self) -> dict[str, Any]:
        p, world = self.population, self.population.world
        rows, n = [], 0
        for k, trait in enumerate(world.traits):
            for i in range(len(trait.labels)):
                f = p.frequencies[n]
                shown = "" if math.isnan(f) else f"{100 * f:.1f}%"
                rows.append([world.trait_name(k), world.value_label(k, i), shown])
                n += 1
        columns = [
            pgettext("population table column", "Trait"),
            pgettext("population table column", "Value"),
            pgettext("population table column", "Share now"),
        ]
        return {"columns": columns, "rows": rows}

    def _flock(self) -> dict[str, Any]:
        """The population in miniature for the page to draw: DRAWN individuals (fewer if fewer
        live), each kind of individual (one value of every trait) shown as often as its share
        of the population gives it (the largest remainders round), commonest first, with its
        fitness in the environment now. Counts, not a random sample: the same population always
        draws the same picture, and a kind of 1 in 24 or more is always in it."""
        p, world = self.population, self.population.world
        traits = [
            {
                "name": world.trait_name(k),
                "labels": [world.value_label(k, i) for i in range(len(t.labels))],
            }
            for k, t in enumerate(world.traits)
        ]
        pooled = p.counts.sum(axis=0)
        n = int(pooled.sum())
        if not n:
            return {"traits": traits, "shown": 0, "size": 0, "kinds": []}
        shown = min(DRAWN, n)
        carried = [int(code) for code in pooled.nonzero()[0]]
        quota = {code: int(pooled[code]) * shown / n for code in carried}
        whole = {code: math.floor(q) for code, q in quota.items()}
        left = shown - sum(whole.values())
        for code in sorted(carried, key=lambda c: (whole[c] - quota[c], c))[:left]:
            whole[code] += 1
        fitness = np.exp(-p.run["selection"] * p.mismatch)  # (demes, genotypes)
        kinds = []
        for code in sorted(carried, key=lambda c: (-int(pooled[c]), c)):
            if not whole[code]:
                continue
            column = p.counts[:, code]
            kinds.append(
                {
                    "traits": [
                        int(code // stride % size)
                        for stride, size in zip(world.strides, world.sizes, strict=True)
                    ],
                    "shown": whole[code],
                    "share": int(pooled[code]) / n,
                    "fitness": float((column * fitness[:, code]).sum() / column.sum()),
                }
            )
        return {"traits": traits, "shown": shown, "size": n, "kinds": kinds}

    def _rule(self) -> str:
        """What one generation does, in words a student reads (the description keeps the
        formula for those who want it)."""
        run = self.population.run
        s, mu = run["selection"], run["mutation_rate"]
        if s == 0:
            chances = pgettext(
                "population rule",
                "Selection is off: every individual has the same chance to be a parent, "
                "whatever its traits, so only luck (drift) changes the shares.",
            )
        else:
            chances = pgettext(
                "population rule; {share} is a percentage such as 37%, {s} a number",
                "An individual that matches the environment well has a better chance to be a "
                "parent: a perfect match counts in full, and each point of mismatch cuts its "
                "chance to {share} of what it was (selection strength {s}).",
            ).format(share=f"{math.exp(-s):.0%}", s=f"{s:g}")
        mutation = (
            pgettext("population rule", "Nothing mutates.")
            if mu == 0
            else pgettext(
                "population rule; {mu} is a number such as 0.001",
                "Each trait of each offspring changes by mutation with a chance of {mu}, at "
                "random, whether that helps or not.",
            ).format(mu=f"{mu:g}")
        )
        return pgettext(
            "population rule; {chances} and {mutation} are the sentences above",
            "{chances} Every generation, parents are picked at random, weighted by those "
            "chances, and their offspring carry their parents' traits. {mutation} Nobody "
            "chooses.",
        ).format(chances=chances, mutation=mutation)

    def _status(self) -> str:
        p = self.population
        if p.extinct:
            return pgettext(
                "population status", "Generation {generation}: the population is extinct."
            ).format(generation=p.generation)
        return pgettext(
            "population status; {size} is a number such as 1,000, {fitness} such as 0.85",
            "Generation {generation}: {size} individuals, mean fitness {fitness}.",
        ).format(generation=p.generation, size=f"{p.size:,}", fitness=f"{p.mean_fitness:.2f}")

    def _description(self) -> str:
        p, world = self.population, self.population.world
        lines = [self._status(), world.describe(p.environment)]
        if not p.extinct:
            n = 0
            for k, trait in enumerate(world.traits):
                parts = []
                for i in range(len(trait.labels)):
                    parts.append(f"{world.value_label(k, i)} {100 * p.frequencies[n]:.0f}%")
                    n += 1
                lines.append(f"{world.trait_name(k)}: {', '.join(parts)}.")
        lines.append(
            pgettext(
                "population description; {rule} is the rule's sentences, {s} a number; 'exp' "
                "is the exponential function",
                "{rule} In symbols: fitness = exp(-{s} x mismatch).",
            ).format(rule=self._rule(), s=f"{p.run['selection']:g}")
        )
        return "\n".join(lines)
