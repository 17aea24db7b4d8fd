"""The population widget's plots: the numbers the page draws them from, and a matplotlib twin.

The page draws the plots itself, with the front-end kit's live plots (``widgets/static/plot.js``),
from numbers: :func:`plot_spec` once per widget (panels, lines, their colours, dashes and
markers, the axes), then one :func:`plot_row` per generation, each sent once. A page that
missed rows (drawn late, a second view) asks for the run so far, :func:`history_rows`, thinned
to every 2**k-th generation so a long run is still a small message. :func:`figure` draws the same
panels for a notebook, print and the "Download plot (PNG)" button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from evo_lessons.i18n import pgettext
from evo_lessons.widgets.palette import (
    PLAYER_COLOURS,
    PLAYER_DASHES,
    PLAYER_MARKERS,
    series_style,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .result import Result
    from .worlds import World

#: rows a page asking for the run so far gets at most (plus the newest generation)
HISTORY_ROWS = 256
#: the shares' axis: 0 to 100%, in words a student reads
SHARE_TICKS = ([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])


def _lines(world: World) -> list[dict[str, Any]]:
    """The frequency panels: per panel a title and its lines (label and frequency column), in
    the current language."""
    columns = [(k, i) for k, t in enumerate(world.traits) for i in range(len(t.values))]
    index = {c: n for n, c in enumerate(columns)}
    panels = []
    for panel in world.panels():
        single = len({k for k, _ in panel.lines}) == 1
        lines = []
        for k, i in panel.lines:
            trait = world.traits[k]
            if single:
                label = world.value_label(k, i)
            elif len(trait.values) == 2:
                label = world.trait_name(k)
            else:
                label = f"{world.trait_name(k)}: {world.value_label(k, i)}"
            lines.append({"label": label, "column": 1 + index[(k, i)]})
        panels.append({"title": panel.title, "lines": lines})
    return panels


def plot_spec(world: World) -> dict[str, Any]:
    """Every panel the page draws, in the kit's look: one line per value, never colour alone.

    A row (:func:`plot_row`) is ``[generation, share of each value..., mean fitness, size]``;
    each line names the row's ``column`` it draws. Shares and fitness sit on fixed 0..1 axes;
    the size axis grows (doubling) when the population outgrows it. ``format`` says how the
    table under a panel writes its numbers (``percent``, ``decimal`` or ``whole``). Its words
    are in the current language (the widget draws it in its own).
    """
    n = sum(len(t.values) for t in world.traits)
    share_ticks, share_labels = SHARE_TICKS
    panels = [
        {
            "title": p["title"],
            "ylim": [0, 1],
            "yticks": share_ticks,
            "yticklabels": share_labels,
            "format": "percent",
            "lines": [{**line, **series_style(k), "style": k} for k, line in enumerate(p["lines"])],
        }
        for p in _lines(world)
    ]
    panels.append(
        {
            "title": pgettext(
                "population plot title", "Mean fitness (1 = every individual matches)"
            ),
            "ylim": [0, 1],
            "yticks": [0, 0.25, 0.5, 0.75, 1],
            "yticklabels": ["0", "0.25", "0.5", "0.75", "1"],
            "format": "decimal",
            "lines": [
                {
                    "label": pgettext("population plot line", "mean fitness"),
                    "column": 1 + n,
                    **series_style(5),
                    "dash": "",
                    "style": 5,
                }
            ],
        }
    )
    panels.append(
        {
            "title": pgettext("population plot title", "Population size"),
            "ylim": None,
            "yticks": None,
            "yticklabels": None,
            "format": "whole",
            "lines": [
                {
                    "label": pgettext("population plot line", "individuals"),
                    "column": 2 + n,
                    **series_style(1),
                    "dash": "",
                    "style": 1,
                }
            ],
        }
    )
    # a panel of one line needs no dash to tell its lines apart: solid reads best
    for panel in panels:
        names = ", ".join(line["label"] for line in panel["lines"])
        panel["alt"] = pgettext(
            "population plot, screen-reader text; {title} is the plot's title, {lines} its "
            "lines' names",
            "{title}: a line for {lines}, against generation. The table of numbers under the "
            "plot gives the values.",
        ).format(title=panel["title"], lines=names)
    return {"x_label": pgettext("population plot axis", "generation"), "panels": panels}


def _number(value: float) -> float | None:
    """A JSON-safe number: 4 decimals, NaN (an extinct population) as null."""
    return None if value != value else round(float(value), 4)


def plot_row(generation: int, frequencies: np.ndarray, fitness: float, size: int) -> list:
    """One generation as the page's plots read it (see :func:`plot_spec`)."""
    return [
        int(generation),
        *(_number(f) for f in frequencies.tolist()),
        _number(fitness),
        int(size),
    ]


def history_rows(result: Result, limit: int = HISTORY_ROWS) -> list[list]:
    """The run so far for a page that missed rows: every 2**k-th generation (k as small as
    keeps at most ``limit`` rows) and the newest, so the page's lines still end where the run
    is now."""
    total = result.frequencies.shape[0]
    stride = 1
    while (total - 1) // stride + 1 > limit:
        stride *= 2
    kept = list(range(0, total, stride))
    if kept[-1] != total - 1:
        kept.append(total - 1)
    sizes = result.sizes.sum(axis=1)
    return [plot_row(g, result.frequencies[g], result.mean_fitness[g], int(sizes[g])) for g in kept]


def figure(result: Result, *, width: float = 7.2, dpi: int = 100) -> Figure:
    """The widget's panels as a matplotlib Figure (notebooks, print, the PNG download), in the
    current language.

    Lines in the Okabe-Ito colours with a dash and a marker each (every tenth of the run) and a
    legend in words, so the figure still reads in greyscale.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    spec = plot_spec(result.world)
    panels = spec["panels"]
    generations = result.generations
    data = np.column_stack(
        [generations, result.frequencies, result.mean_fitness, result.sizes.sum(axis=1)]
    )
    columns = 2
    rows = (len(panels) + columns - 1) // columns
    fig = Figure(figsize=(width, 2.6 * rows), dpi=dpi, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(rows, columns, squeeze=False).ravel()
    for extra in axes[len(panels) :]:
        extra.set_visible(False)
    every = max(1, len(generations) // 10)
    for ax, panel in zip(axes, panels, strict=False):
        for line in panel["lines"]:
            style = line["style"] % len(PLAYER_COLOURS)
            ax.plot(
                data[:, 0],
                data[:, line["column"]],
                color=PLAYER_COLOURS[style],
                linestyle=PLAYER_DASHES[style] if line["dash"] else "-",
                marker=PLAYER_MARKERS[style],
                markevery=every,
                markersize=4,
                linewidth=1.6,
                drawstyle="steps-post",
                label=line["label"],
            )
        ax.set_title(panel["title"], fontsize=10, loc="left", wrap=True)
        ax.set_xlabel(spec["x_label"], fontsize=9)
        ax.set_xlim(0, max(1, int(generations[-1])))
        if panel["ylim"]:
            ax.set_ylim(-0.02, 1.02)
            ax.set_yticks(panel["yticks"], labels=panel["yticklabels"])
        else:
            ax.set_ylim(0, max(1.0, float(np.nanmax(data[:, line["column"]])) * 1.1))
        ax.tick_params(labelsize=8)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7, loc="best", frameon=False)
    fig.suptitle(
        pgettext(
            "population plot title; {world} is a world such as 'Climate', {seed} a number",
            "{world}: a population that nobody steers (seed {seed})",
        ).format(world=result.world.shown_title(), seed=result.settings.seed),
        fontsize=11,
    )
    return fig


__all__ = ["HISTORY_ROWS", "figure", "history_rows", "plot_row", "plot_spec"]
