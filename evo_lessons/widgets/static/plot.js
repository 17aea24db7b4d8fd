// plot.js: live line plots drawn in the browser as SVG from the numbers the kernel sends.
// Part of the front-end kit (see dom.js). The kernel sends each metric row once, as numbers
// (append-only); this module keeps the rows and draws small panels in the look of the package's
// matplotlib figures: Okabe-Ito colours, a dash and a marker per player, "P1".."P8" labels.
// Axes are fixed: a point is appended without touching them; only when a value leaves the
// domain is the panel redrawn, with the domain doubled (so a game redraws a handful of times).
//
// createLivePlot(parent, spec) -> LivePlotView
//   spec = {
//     x_label: "turn",
//     columns: ["turn", "player", "genes", ...],        // what each row's numbers are
//     series: [{label: "P1", colour: "#E69F00", dash: "", marker: "o"}, ...],
//     panels: [{title, column, ylim: [lo, hi] | null, yticks: [...] | null,
//               yticklabels: [...] | null, dodge: 0, shared: false}, ...],
//     markers_column: index | null,                     // dotted lines where it changes
//     markers: "every" | "last",                       // a marker per point, or the newest only
//     alt: "Live plot of ..."                           // the spoken description
//   }
//   view.append(rows)   rows: arrays of numbers in spec.columns order (null: no value)
//   view.reset()        forget every row (a new game, a rewind)
//   view.count          rows received so far
//   view.root           the element holding the legend and the panels

const PLOT_W = 360;
const PLOT_H = 200;
const PLOT_PAD = { left: 44, right: 10, top: 8, bottom: 34 };
const PLOT_X_START = 16;
// a free axis starts at 0..4 (whole-number ticks for counts) and doubles from there
const PLOT_Y_START = [0, 4];

/** An SVG path for a marker shape centred on (x, y), after matplotlib's marker codes. */
function markerPath(shape, x, y, r = 3.2) {
  const f = (v) => v.toFixed(1);
  switch (shape) {
    case "s": return `M${f(x - r)} ${f(y - r)}h${f(2 * r)}v${f(2 * r)}h${f(-2 * r)}Z`;
    case "^": return `M${f(x)} ${f(y - r * 1.2)}L${f(x + r * 1.1)} ${f(y + r)}L${f(x - r * 1.1)} ${f(y + r)}Z`;
    case "v": return `M${f(x)} ${f(y + r * 1.2)}L${f(x + r * 1.1)} ${f(y - r)}L${f(x - r * 1.1)} ${f(y - r)}Z`;
    case "D": return `M${f(x)} ${f(y - r * 1.3)}L${f(x + r)} ${f(y)}L${f(x)} ${f(y + r * 1.3)}L${f(x - r)} ${f(y)}Z`;
    case "P": return `M${f(x - r)} ${f(y)}H${f(x + r)}M${f(x)} ${f(y - r)}V${f(y + r)}`;
    case "X": return `M${f(x - r)} ${f(y - r)}L${f(x + r)} ${f(y + r)}M${f(x + r)} ${f(y - r)}L${f(x - r)} ${f(y + r)}`;
    case "*": return `M${f(x)} ${f(y - r * 1.3)}L${f(x + r * 0.4)} ${f(y - r * 0.3)}L${f(x + r * 1.2)} ${f(y - r * 0.3)}L${f(x + r * 0.5)} ${f(y + r * 0.3)}L${f(x + r * 0.8)} ${f(y + r * 1.2)}L${f(x)} ${f(y + r * 0.7)}L${f(x - r * 0.8)} ${f(y + r * 1.2)}L${f(x - r * 0.5)} ${f(y + r * 0.3)}L${f(x - r * 1.2)} ${f(y - r * 0.3)}L${f(x - r * 0.4)} ${f(y - r * 0.3)}Z`;
    default: return `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0`;
  }
}

/** Round tick values from lo to hi (1, 2 or 5 times a power of ten apart), about count + 1. */
/** A tick label short enough for the plot's margin: 950, 1.5k, 50k, 1.2M. */
function compactNumber(v) {
  if (Math.abs(v) >= 1e6) return `${Number((v / 1e6).toPrecision(3))}M`;
  if (Math.abs(v) >= 1e3) return `${Number((v / 1e3).toPrecision(3))}k`;
  return String(v);
}

function niceTicks(lo, hi, count = 4) {
  const span = hi - lo;
  if (!(span > 0)) return [lo];
  // the finest of 1, 2, 5 or 10 times a power of ten that gives at most count + 1 intervals
  const power = 10 ** Math.floor(Math.log10(span / count));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => span / s <= count + 1 + 1e-9);
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
    ticks.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return ticks;
}

/** The smallest domain, doubled from the current one, that holds every value. */
function grownDomain([lo, hi], low, high) {
  let [a, b] = [lo, hi];
  while (high > b) b = b <= 0 ? 1 : b * 2;
  while (low < a) a = a >= 0 ? -1 : a * 2;
  return [a, b];
}

class LivePlotView {
  constructor(parent, spec) {
    this.spec = spec;
    this.count = 0;
    this.root = htmlEl("div", { class: "evo-liveplot" }, parent);
    labelled(this.root, spec.alt || "Live plot; the table gives the numbers.");
    this.legend = htmlEl("ul", { class: "evo-lp-legend", "aria-hidden": "true" }, this.root);
    for (const s of spec.series) {
      const li = htmlEl("li", {}, this.legend);
      const key = svgEl("svg", { width: 30, height: 12, viewBox: "0 0 30 12" }, li);
      svgEl("line", { x1: 1, x2: 29, y1: 6, y2: 6, stroke: s.colour, "stroke-width": 2,
                      "stroke-dasharray": s.dash || null }, key);
      svgEl("path", { d: markerPath(s.marker, 15, 6), fill: s.colour, stroke: s.colour }, key);
      htmlEl("span", {}, li, s.label);
    }
    this.grid = htmlEl("div", { class: "evo-lp-panels" }, this.root);
    this.panels = spec.panels.map((p) => this._makePanel(p));
    this.marks = [];
    this._lastMark = undefined;
  }

  _makePanel(panel) {
    const figure = htmlEl("figure", { class: "evo-lp-panel" }, this.grid);
    htmlEl("figcaption", {}, figure, panel.title);
    const svg = svgEl("svg", { viewBox: `0 0 ${PLOT_W} ${PLOT_H}`, class: "evo-lp-svg",
                               "aria-hidden": "true" }, figure);
    const axes = svgEl("g", { class: "evo-lp-axes" }, svg);
    const marks = svgEl("g", { class: "evo-lp-marks" }, svg);
    const lines = svgEl("g", { class: "evo-lp-lines" }, svg);
    const free = !panel.ylim;
    const lines_ = (panel.shared ? [{ label: "all", colour: "#222222", dash: "", marker: "o" }]
      : this.spec.series).map((s) => ({
      style: s,
      points: [],
      path: svgEl("path", { fill: "none", stroke: s.colour, "stroke-width": panel.shared ? 2 : 1.7,
                            "stroke-dasharray": s.dash || null, "stroke-linejoin": "round" },
                  lines),
      dots: svgEl("g", { fill: s.colour, stroke: s.colour, "stroke-width": 0.8 }, lines),
    }));
    // words on the y axis ("number", "shape") need a wider margin than numbers
    const longest = Math.max(0, ...(panel.yticklabels || []).map((t) => String(t).length));
    const left = Math.max(PLOT_PAD.left, Math.min(120, 14 + 6.4 * longest));
    const state = { panel, figure, svg, axes, marks, series: lines_, free, pending: null, left,
                    xSpan: PLOT_X_START, y: free ? PLOT_Y_START.slice() : panel.ylim.slice(),
                    low: Infinity, high: -Infinity, xmax: 0 };
    this._drawAxes(state);
    return state;
  }

  _sx(state, x) {
    const w = PLOT_W - state.left - PLOT_PAD.right;
    return state.left + (x / state.xSpan) * w;
  }

  _sy(state, y) {
    const h = PLOT_H - PLOT_PAD.top - PLOT_PAD.bottom;
    const [lo, hi] = state.y;
    const inset = state.free ? 5 : 0; // free axes keep points off the frame
    return PLOT_PAD.top + inset + (1 - (y - lo) / (hi - lo)) * (h - 2 * inset);
  }

  _drawAxes(state) {
    const { axes, panel } = state;
    axes.replaceChildren();
    const x0 = state.left, x1 = PLOT_W - PLOT_PAD.right;
    const y0 = PLOT_PAD.top, y1 = PLOT_H - PLOT_PAD.bottom;
    svgEl("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "evo-lp-frame" }, axes);
    const yticks = panel.yticks && !state.free ? panel.yticks : niceTicks(...state.y);
    yticks.forEach((v, i) => {
      const y = this._sy(state, v);
      if (y < y0 - 0.5 || y > y1 + 0.5) return;
      svgEl("line", { x1: x0, x2: x1, y1: y, y2: y, class: "evo-lp-grid" }, axes);
      const text = panel.yticklabels && !state.free ? panel.yticklabels[i] : compactNumber(v);
      svgEl("text", { x: x0 - 4, y: y + 4, class: "evo-lp-tick", "text-anchor": "end" }, axes,
            text);
    });
    for (const v of niceTicks(0, state.xSpan)) {
      const x = this._sx(state, v);
      svgEl("line", { x1: x, x2: x, y1: y0, y2: y1, class: "evo-lp-grid" }, axes);
      svgEl("text", { x, y: y1 + 14, class: "evo-lp-tick", "text-anchor": "middle" }, axes,
            compactNumber(v));
    }
    svgEl("text", { x: (x0 + x1) / 2, y: PLOT_H - 4, class: "evo-lp-axis-label",
                    "text-anchor": "middle" }, axes, this.spec.x_label);
  }

  /** Redraw a panel's lines, dots and marks from its points (after the domain changed). */
  _redraw(state) {
    this._drawAxes(state);
    for (const s of state.series) {
      s.dots.replaceChildren();
      // spec.markers "last": only each line's newest point is marked (long population runs)
      const marked = this.spec.markers === "last" ? s.points.slice(-1) : s.points;
      marked.forEach(([x, y]) => this._addDot(state, s, x, y));
      this._setPath(state, s);
    }
    state.marks.replaceChildren();
    for (const x of this.marks) this._addMark(state, x);
  }

  _setPath(state, s) {
    // steps-post, as the matplotlib figure draws it: a value holds until the next step
    let d = "";
    let lastY = null;
    for (const [x, y] of s.points) {
      const px = this._sx(state, x).toFixed(1), py = this._sy(state, y).toFixed(1);
      d += lastY === null ? `M${px} ${py}` : `H${px}V${py}`;
      lastY = py;
    }
    s.path.setAttribute("d", d);
  }

  _addDot(state, s, x, y) {
    svgEl("path", { d: markerPath(s.style.marker, this._sx(state, x), this._sy(state, y)) },
          s.dots);
  }

  _addMark(state, x) {
    const px = this._sx(state, x);
    svgEl("line", { x1: px, x2: px, y1: PLOT_PAD.top, y2: PLOT_H - PLOT_PAD.bottom,
                    class: "evo-lp-mark" }, state.marks);
  }

  /** Forget every row (a new game or a rewind); the axes go back to their start. */
  reset() {
    this.count = 0;
    this.marks = [];
    this._lastMark = undefined;
    for (const state of this.panels) {
      for (const s of state.series) s.points = [];
      state.xSpan = PLOT_X_START;
      state.low = Infinity;
      state.high = -Infinity;
      state.xmax = 0;
      state.y = state.free ? PLOT_Y_START.slice() : state.panel.ylim.slice();
      this._redraw(state);
    }
  }

  /** Add rows (arrays in spec.columns order); only what changed is drawn. */
  append(rows) {
    if (!rows.length) return;
    const [X, P] = [0, 1];
    const mc = this.spec.markers_column;
    const touched = new Set();
    const newMarks = [];
    for (const row of rows) {
      const x = row[X], player = row[P];
      if (mc !== null && mc !== undefined && player === 0) {
        const v = row[mc];
        if (this._lastMark !== undefined && v !== this._lastMark) newMarks.push(x);
        this._lastMark = v;
      }
      for (const state of this.panels) {
        const { panel } = state;
        const y = row[panel.column];
        if (y === null || y === undefined) continue;
        if (panel.shared && player !== 0) continue;
        const k = panel.shared ? 0 : player;
        const s = state.series[k];
        if (!s) continue;
        const n = state.series.length;
        const value = panel.dodge ? y + (k - (n - 1) / 2) * panel.dodge : y;
        const last = s.points[s.points.length - 1];
        if (last && last[0] === x) {
          // several steps in one turn: the turn keeps its latest value
          last[1] = value;
          s.dots.lastChild?.remove();
        } else {
          s.points.push([x, value]);
        }
        if (this.spec.markers === "last") s.dots.replaceChildren();
        this._addDot(state, s, x, value);
        state.low = Math.min(state.low, y); // the values themselves: dodging stays inside
        state.high = Math.max(state.high, y);
        state.xmax = Math.max(state.xmax, x);
        touched.add(state);
        state.pending = state.pending || new Set();
        state.pending.add(s);
      }
    }
    this.count += rows.length;
    this.marks.push(...newMarks);
    for (const state of this.panels) {
      const pending = state.pending || new Set();
      state.pending = null;
      if (!touched.has(state) && !newMarks.length) continue;
      // the domain grows (doubling) only when a value has left it
      for (const x of newMarks) state.xmax = Math.max(state.xmax, x);
      let span = state.xSpan;
      while (state.xmax + 0.5 > span) span *= 2;
      let y = state.y;
      if (state.free && state.high >= state.low) y = grownDomain(state.y, state.low, state.high);
      if (span !== state.xSpan || y[0] !== state.y[0] || y[1] !== state.y[1]) {
        state.xSpan = span;
        state.y = y;
        this._redraw(state);
        continue;
      }
      for (const s of pending) this._setPath(state, s);
      for (const x of newMarks) this._addMark(state, x);
    }
  }
}

/** A live plot of metric rows in parent (see the top of this file for spec). */
function createLivePlot(parent, spec) {
  return new LivePlotView(parent, spec);
}
