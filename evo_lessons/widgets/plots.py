"""Plots of metric rows: numbers for the browser's live plot, and matplotlib figures.

A plot is a function of the rows (Mesa's collect-then-plot). While a game is played the widget
sends the rows themselves (:class:`PlotFeed`: each row once, as numbers) and the page draws them
as SVG (``static/plot.js``), so a step costs the kernel no drawing at all. matplotlib draws the
same declared panels for notebooks, print and the "Download plot (PNG)" button:
``metric_figure(rows, spec, players)``; :class:`LivePlot` is the figure behind it (its lines
reset in place, blitted onto a cached background). No pyplot global state, so plots render
without a display and can be tested.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from evo_lessons.i18n import _ as _t
from evo_lessons.i18n import pgettext

from .palette import PLAYER_COLOURS, PLAYER_DASHES, PLAYER_MARKERS, series_style

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from evo_lessons.engine.spec import GameSpec

Row = dict[str, Any]


def _series(rows: Sequence[Row], player: int, metric: str, x: str) -> tuple[list, list]:
    xs: list[Any] = []
    ys: list[Any] = []
    last_x = None
    for row in rows:
        if row.get("player") != player or row.get(metric) is None:
            continue
        if row[x] == last_x:  # several steps in one turn: keep the latest value
            ys[-1] = row[metric]
            continue
        xs.append(row[x])
        ys.append(row[metric])
        last_x = row[x]
    return xs, ys


class LivePlot:
    """A figure of small panels, one line per player in each, redrawn cheaply each step.

    Drawing text is most of matplotlib's cost, so the axes, ticks, titles and legend are drawn
    once into a cached background and each frame only draws the lines onto it (blitting). The
    x range grows by doubling, so the background is redrawn only a handful of times a game.

    Args:
        spec: the game's declaration: its view's panels (each a metric with a title, optional
            ``ylim``/``yticks``, ``shared`` for one line of a value the whole table shares,
            ``dodge`` to shift players apart so equal values stay visible), the x axis and the
            metric whose changes are marked with dotted vertical lines.
        players: how many players (lines per panel).
    """

    def __init__(
        self,
        spec: GameSpec,
        players: int,
        *,
        width: float = 7.2,
        dpi: int = 72,
        x_span: int = 16,
    ) -> None:
        self.panels = list(spec.view.panels)
        self.players = players
        self.x = spec.x_axis
        xlabel = _t(spec.view.x_label)  # (the reader's language: a Msg or a marked str)
        self.markers_key = spec.view.markers_key
        self.x_span = x_span
        columns = 2 if len(self.panels) > 1 else 1
        rows = (len(self.panels) + columns - 1) // columns
        # a title longer than its panel wraps onto a second line instead of running into the
        # next panel's (about 40 characters fit at this size)
        titles = [textwrap.fill(_t(p.title), 44 if columns == 2 else 90) for p in self.panels]
        two_lines = any("\n" in t for t in titles)
        worded = any(p.yticklabels for p in self.panels)  # words on an axis need more room
        row_height = 2.0 if two_lines else 1.8
        height = row_height * rows + 0.6
        # matplotlib only when a figure is drawn: the games and the widget's own live plot (the
        # page draws it from numbers) run without it, as in a browser-only Python
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        # A fixed layout, not "constrained": re-solving the layout cost ~400 ms a frame.
        self.figure = Figure(figsize=(width, height), dpi=dpi)
        self.figure.subplots_adjust(
            left=0.12 if worded else 0.07,
            right=0.98,
            bottom=0.54 / height,
            top=1 - (0.62 if two_lines else 0.45) / height,
            wspace=0.3 if worded else 0.18,
            hspace=0.8 if two_lines else 0.65,
        )
        self.canvas = FigureCanvasAgg(self.figure)
        self.axes = self.figure.subplots(rows, columns, squeeze=False).ravel()
        for extra in self.axes[len(self.panels) :]:
            extra.set_visible(False)
        self.lines: list[list[Any]] = []
        for ax, panel, title in zip(self.axes, self.panels, titles, strict=False):
            ax.set_title(title, fontsize=10, loc="left")
            # a panel without fixed limits starts at 0..1 and only ever grows (_fit_y)
            ax.set_ylim(*(panel.ylim or (-0.3, 1.3)))
            if panel.yticks:
                labels = [_t(x) for x in panel.yticklabels] if panel.yticklabels else None
                ax.set_yticks(panel.yticks, labels=labels)
            ax.set_xlabel(xlabel, fontsize=9, labelpad=1)
            ax.tick_params(labelsize=9)
            ax.grid(True, alpha=0.3)
            ax.set_xlim(0, self.x_span)
            lines = []
            if panel.shared:
                (line,) = ax.plot(
                    [],
                    [],
                    color="#222222",
                    linewidth=1.8,
                    marker=".",
                    drawstyle="steps-post",
                    animated=True,
                    label="all",
                )
                self.lines.append([line])
                continue
            for p in range(players):
                k = p % len(PLAYER_COLOURS)
                (line,) = ax.plot(
                    [],
                    [],
                    color=PLAYER_COLOURS[k],
                    linestyle=PLAYER_DASHES[k],
                    marker=PLAYER_MARKERS[k],
                    markersize=3.5,
                    linewidth=1.6,
                    label=f"P{p + 1}",
                    drawstyle="steps-post",
                    animated=True,
                )
                lines.append(line)
            self.lines.append(lines)
        player_lines = next(
            ls for ls, pn in zip(self.lines, self.panels, strict=False) if not pn.shared
        )
        self.figure.legend(
            handles=player_lines,
            loc="upper center",
            fontsize=10,
            ncols=min(players, 8),
            frameon=False,
            bbox_to_anchor=(0.5, 1.0),
        )
        self._marker_artists: list[Any] = []
        self._marked: list[Any] = []
        self._background = None

    def update(self, rows: Sequence[Row]) -> None:
        """Reset every line's data from the rows (no new artists, so no flicker or leak)."""
        xmax = 1
        for panel, lines in zip(self.panels, self.lines, strict=False):
            dodge = panel.dodge
            for p, line in enumerate(lines):
                xs, ys = _series(rows, p, panel.metric, self.x)
                if dodge:
                    shift = (p - (len(lines) - 1) / 2) * dodge
                    ys = [y + shift for y in ys]
                line.set_data(xs, ys)
                if xs:
                    xmax = max(xmax, xs[-1])
        span = self.x_span
        while xmax + 0.5 > span:
            span *= 2
        if span != self.x_span:
            self.x_span = span
            for ax in self.axes[: len(self.panels)]:
                ax.set_xlim(0, span)
            self._background = None
        for ax, panel, lines in zip(self.axes, self.panels, self.lines, strict=False):
            if panel.ylim is None and self._fit_y(ax, [y for ln in lines for y in ln.get_ydata()]):
                self._background = None
        self._update_markers(rows)

    @staticmethod
    def _fit_y(ax, values: list[float]) -> bool:
        """Grow a free axis to hold ``values``; counts that are all zero keep 0 at the bottom
        (an axis from -1 to 1 would suggest negative counts). True if the limits changed."""
        if not values:
            return False
        low, high = min(values), max(values)
        now = ax.get_ylim()
        if now[0] <= low and high <= now[1]:
            return False
        pad = max(0.3, (high - min(low, 0)) * 0.15)
        bottom = low - pad if low < 0 else min(now[0], -0.3)
        ax.set_ylim(bottom, max(high + pad, now[1]))
        return True

    def _update_markers(self, rows: Sequence[Row]) -> None:
        if not self.markers_key:
            return
        changes = []
        last = None
        for row in rows:
            if row.get("player") != 0:
                continue
            value = row.get(self.markers_key)
            if last is not None and value != last:
                changes.append((row[self.x], value))
            last = value
        if changes == self._marked:
            return
        for artist in self._marker_artists:
            artist.remove()
        self._marker_artists = []
        for x, _value in changes:
            for ax in self.axes[: len(self.panels)]:
                self._marker_artists.append(
                    ax.axvline(
                        x, color="#555555", linestyle=(0, (1, 2)), linewidth=1, animated=True
                    )
                )
        self._marked = changes

    def freeze(self) -> None:
        """Make the figure a static picture: everything drawn the ordinary way, the x axis
        ending where the data ends (a live plot keeps room to grow; a printed one need not)."""
        for artist in self._marker_artists:
            artist.set_animated(False)
        last = max((x for lines in self.lines for ln in lines for x in ln.get_xdata()), default=0)
        for ax in self.axes[: len(self.panels)]:
            ax.set_xlim(0, max(1, last) + 0.5)

    def render(self) -> None:
        """Draw the current frame into the canvas (background once, then the lines)."""
        if self._background is None:
            self.canvas.draw()  # animated artists are left out of this
            self._background = self.canvas.copy_from_bbox(self.figure.bbox)
        self.canvas.restore_region(self._background)
        for artist in self._marker_artists:
            artist.axes.draw_artist(artist)
        for ax, lines in zip(self.axes, self.lines, strict=False):
            for line in lines:
                ax.draw_artist(line)

    def png(self) -> bytes:
        """Render the frame and return it as PNG bytes (fast compression: it is a live view)."""
        from PIL import Image

        self.render()
        width, height = self.canvas.get_width_height()
        image = Image.frombuffer(
            "RGBA", (width, height), self.canvas.buffer_rgba(), "raw", "RGBA", 0, 1
        ).convert("RGB")
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=1)
        return buffer.getvalue()


def metric_figure(rows: Sequence[Row], spec: GameSpec, players: int, **kwargs: Any) -> Figure:
    """A static figure of the rows (what the widget shows live), for notebooks and print."""
    plot = LivePlot(spec, players, **kwargs)
    for lines in plot.lines:  # a static figure draws everything the ordinary way
        for line in lines:
            line.set_animated(False)
    plot.update(rows)
    plot.freeze()
    return plot.figure


def _number(value: Any) -> float | int | None:
    """A JSON number for the page, or None (missing, not a number, NaN or infinite)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    return None


class PlotFeed:
    """The live plot's numbers for the page: a spec once per game, then every row once.

    Each call of :meth:`delta` gives the rows recorded since the last call, as lists of numbers
    in :attr:`columns` order, with ``start`` (how many rows came before) and ``epoch`` (which
    timeline they belong to: a new game, a rewind or a loaded scenario starts a new epoch, and
    the page then starts again from row 0). A page that missed rows (a view drawn late) asks for
    :meth:`history`. So a step sends a few numbers, never the whole history or an image.
    """

    def __init__(self, spec: GameSpec, players: int, *, epoch: int = 0) -> None:
        """``epoch``: the last epoch the page saw (a loaded scenario's feed carries on from it,
        so the page never mistakes the new game's rows for the old game's)."""
        view = spec.view
        self.x = spec.x_axis
        metrics = []
        for panel in view.panels:
            if panel.metric not in metrics:
                metrics.append(panel.metric)
        if view.markers_key and view.markers_key not in metrics:
            metrics.append(view.markers_key)
        self.columns = [self.x, "player", *metrics]
        self._markers = view.markers_key
        self.epoch = epoch
        self._rows: list | None = None
        self._sent = 0
        titles = ", ".join(_t(p.title).lower() for p in view.panels)
        self.spec = {
            "x_label": _t(view.x_label),
            "columns": self.columns,
            "series": [{"label": f"P{p + 1}", **series_style(p)} for p in range(players)],
            "panels": [
                {
                    "title": _t(p.title),
                    "column": self.columns.index(p.metric),
                    "ylim": list(p.ylim) if p.ylim else None,
                    "yticks": list(p.yticks) if p.yticks else None,
                    "yticklabels": [_t(x) for x in p.yticklabels] if p.yticklabels else None,
                    "dodge": p.dodge,
                    "shared": p.shared,
                }
                for p in view.panels
            ],
            "markers_column": self.columns.index(view.markers_key) if view.markers_key else None,
            "alt": pgettext(
                "screen-reader description of the live plot",
                "Live plot of each player's values against {x} ({titles}); the table beside it "
                "gives the numbers.",
            ).format(x=_t(view.x_label), titles=titles),
        }

    def _encode(self, row: Row) -> list:
        out: list[Any] = [_number(row.get(self.x)), _number(row.get("player"))]
        for name in self.columns[2:]:
            value = row.get(name)
            # the marker column only needs to be compared, so words are kept as they are
            if name == self._markers and isinstance(value, str):
                out.append(value[:60])
            else:
                out.append(_number(value))
        return out

    def delta(self, rows: list[Row]) -> dict[str, Any]:
        """The rows since the last call (all of them after a new game or a rewind)."""
        if rows is not self._rows or len(rows) < self._sent:
            self.epoch += 1
            self._rows = rows
            self._sent = 0
        start = self._sent
        fresh = [self._encode(r) for r in rows[start:]]
        self._sent = len(rows)
        return {"epoch": self.epoch, "start": start, "rows": fresh}

    def unchanged(self) -> dict[str, Any]:
        """No new rows (a redraw after a refusal or a name): the page keeps what it has."""
        return {"epoch": self.epoch, "start": self._sent, "rows": []}

    def history(self) -> dict[str, Any]:
        """Every row sent so far, for a page that missed some."""
        rows = self._rows or []
        return {"epoch": self.epoch, "rows": [self._encode(r) for r in rows[: self._sent]]}


def figure_png(figure: Figure, dpi: int = 110) -> bytes:
    """A figure as PNG bytes (the "Download plot (PNG)" button)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()
