// population.js: the PopulationWidget's front end. Plain ES (no imports, no CDN), joined after
// the front-end kit (dom.js, plot.js) into one module.
// Python owns the population; this file draws its plots with the kit's live plots from the rows
// of numbers the kernel sends once each, and sends small messages ({type: "step", generations})
// that Python checks. Play/Pause lives here: while
// playing, the next step is asked for only after the last one was drawn.

// The DOM helpers (htmlEl, uid) and createLivePlot are the front-end kit's (dom.js, plot.js),
// joined before this file by evo_lessons/widgets/frontend.py.
const el = htmlEl;
const nextId = (stem) => uid(`pop-${stem}`);

/**
 * The page's words: Python sends them in the widget's language (the "strings" trait, from
 * population/page_strings.py; this file holds no English). say(model, "population.step")
 * fills the {placeholders}; a key the kernel did not send shows as the key itself.
 */
function say(model, key, vars = {}) {
  const table = model.get("strings") || {};
  const text = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole);
}

/** A labelled range input: its text says the value in words; sends on release or keys. */
function slider(parent, label, { min, max, step, toValue, fromValue, format, onChange }) {
  const wrap = el("div", { class: "evo-pop-slider" }, parent);
  const id = nextId("slider");
  el("label", { for: id }, wrap, label);
  const input = el("input", { id, type: "range", min, max, step }, wrap);
  const out = el("output", { for: id, "aria-hidden": "true" }, wrap);
  const show = () => {
    const text = format(toValue(Number(input.value)));
    out.textContent = text;
    input.setAttribute("aria-valuetext", text);
  };
  input.addEventListener("input", show);
  input.addEventListener("change", () => onChange(toValue(Number(input.value))));
  return {
    wrap,
    input,
    set(value) {
      if (document.activeElement === input) return; // never yank a slider the user holds
      input.value = String(fromValue(value));
      show();
    },
  };
}

const roundTo = (v, digits = 2) => Number(v.toPrecision(digits));
const SIZE = { // 10 .. 100,000 on a log scale
  toValue: (s) => Math.round(roundTo(10 ** s)),
  fromValue: (v) => Math.log10(Math.max(10, v)),
};
const RATE = { // 0, then 1e-5 .. 1e-1 on a log scale
  toValue: (s) => (s <= -5.25 ? 0 : roundTo(10 ** s)),
  fromValue: (v) => (v <= 0 ? -5.5 : Math.log10(v)),
};

// The plots are the kit's live plots (plot.js), one LivePlotView per panel (each panel has its
// own lines), fed rows [generation, line, value] built from the kernel's generation rows
// [generation, share..., mean fitness, size] (see population/plots.py). Axes stay fixed and grow
// (doubling) only when outgrown. A long run is thinned here: at most SHOWN_ROWS generations are
// drawn per line; beyond that the lines are drawn again from every 2^k-th generation (and the
// newest), so a run of thousands of generations stays a few hundred points, redrawn a handful
// of times.
const SHOWN_ROWS = 320;
// the table under each plot: this many generations, evenly spread from the first to the newest
// (four columns of numbers fit the narrowest panel without scrolling)
const TABLE_ROWS = 4;
const FORMATS = {
  percent: (v) => `${(100 * v).toFixed(1)}%`,
  decimal: (v) => v.toFixed(3),
  whole: (v) => Math.round(v).toLocaleString(),
};

class PopulationPlots {
  /** spec: the kernel's plot_spec; askHistory() is called when rows were missed; t(key,
   *  vars) gives the page's words. */
  constructor(parent, spec, askHistory, t) {
    this.spec = spec;
    this.t = t;
    this.askHistory = askHistory;
    this.epoch = null;
    this.count = 0; // generation rows received in this epoch (the kernel's numbering)
    this.shown = []; // the generation rows drawn now (thinned)
    this.asked = false;
    this.panels = spec.panels.map((panel) => this._makePanel(parent, panel));
  }

  _makePanel(parent, panel) {
    const figure = el("figure", { class: "evo-pop-panel" }, parent);
    el("figcaption", { class: "evo-pop-title" }, figure, panel.title);
    const details = el("details", { class: "evo-pop-numbers" }, figure);
    el("summary", {}, details, this.t("population.table"));
    const table = el("table", {}, el("div", { class: "evo-pop-numbers-scroll" }, details));
    // a panel without fixed limits (the population size) gets its axis here: 0 to a top that
    // doubles when outgrown, with ticks in words that fit the margin ("50k", not "50000")
    const state = { panel, figure, details, table, view: null, top: panel.ylim ? null : 4 };
    this._makeView(state);
    // filled when opened (and kept up to date while open): a closed table costs nothing
    details.addEventListener("toggle", () => { if (details.open) this._fillTable(state); });
    return state;
  }

  /** (Re)make a panel's live plot, above its table (again when a sized axis is outgrown). */
  _makeView(state) {
    const { panel } = state;
    let { ylim, yticks, yticklabels } = panel;
    if (state.top !== null) {
      ylim = [0, state.top];
      yticks = niceTicks(0, state.top);
      yticklabels = yticks.map(compactNumber);
    }
    state.view?.root.remove();
    state.view = createLivePlot(state.figure, {
      x_label: this.spec.x_label,
      columns: ["generation", "line", "value"],
      series: panel.lines.map((l) => ({ label: l.label, colour: l.colour, dash: l.dash,
                                        marker: l.marker })),
      // the title is the figure's own caption, above the legend
      panels: [{ title: "", column: 2, ylim, yticks, yticklabels, dodge: 0, shared: false }],
      markers_column: null,
      markers: "last", // only each line's newest point is marked
      alt: panel.alt,
    });
    state.figure.insertBefore(state.view.root, state.details);
  }

  /** For a sized axis: grow its top (doubling) to hold rows; true if it had to grow. */
  _outgrown(state, rows) {
    if (state.top === null) return false;
    let top = state.top;
    for (const r of rows) {
      for (const line of state.panel.lines) {
        const v = r[line.column];
        while (v !== null && v !== undefined && v > top) top *= 2;
      }
    }
    if (top === state.top) return false;
    state.top = top;
    return true;
  }

  /** The rows a panel's plot takes for these generation rows: one per line. */
  _rowsFor(state, rows) {
    const out = [];
    for (const r of rows) {
      state.panel.lines.forEach((line, k) => out.push([r[0], k, r[line.column]]));
    }
    return out;
  }

  /** view.plot from the kernel: {epoch, start, rows}. True if something new was drawn. */
  receive(data) {
    if (!data) return false;
    if (data.epoch !== this.epoch) {
      if (data.start !== 0) return this._ask();
      this.asked = false; // an answer about an older run is dropped (see history)
      this.epoch = data.epoch;
      this.count = 0;
      this.shown = [];
      for (const state of this.panels) {
        if (state.top !== null && state.top !== 4) {
          state.top = 4; // a new run starts its sized axis afresh
          this._makeView(state);
        } else {
          state.view.reset();
        }
      }
    }
    if (data.start > this.count) return this._ask();
    const fresh = data.rows.slice(this.count - data.start);
    if (!fresh.length) return false;
    this.count += fresh.length;
    this._add(fresh);
    return true;
  }

  /** The kernel's answer to plot_history: {epoch, count, rows} (rows possibly thinned), for
   *  the run now shown (epoch: the latest view's); an answer about an older run is dropped. */
  history(msg, epoch) {
    this.asked = false;
    if (msg.epoch !== epoch) return false;
    this.epoch = msg.epoch;
    this.count = msg.count;
    this.shown = [];
    for (const state of this.panels) if (state.top !== null) state.top = 4; // grown below
    this._add(msg.rows, true);
    return true;
  }

  _ask() {
    if (!this.asked) {
      this.asked = true;
      this.askHistory();
    }
    return false;
  }

  _add(rows, rebuild = false) {
    this.shown.push(...rows);
    if (this.shown.length > SHOWN_ROWS) {
      this._thin();
      rebuild = true;
    }
    for (const state of this.panels) {
      if (this._outgrown(state, rows)) {
        this._makeView(state);
        state.view.append(this._rowsFor(state, this.shown));
      } else if (rebuild) {
        state.view.reset();
        state.view.append(this._rowsFor(state, this.shown));
      } else {
        state.view.append(this._rowsFor(state, rows));
      }
      if (state.details.open) this._fillTable(state);
    }
  }

  /** Keep every 2^k-th generation (k as small as halves the rows) and the newest. */
  _thin() {
    const newest = this.shown[this.shown.length - 1];
    let stride = 1;
    while (newest[0] / stride > SHOWN_ROWS / 2) stride *= 2;
    this.shown = this.shown.filter((r) => r[0] % stride === 0 || r === newest);
  }

  /** The newest generation drawn (-1 before any). */
  get generation() {
    return this.shown.length ? this.shown[this.shown.length - 1][0] : -1;
  }

  /** A line per row, a few generations (first to newest) as columns: narrow enough for a
   *  panel even with eight lines; wider tables scroll in their own box. */
  _fillTable(state) {
    const { panel, table } = state;
    const format = FORMATS[panel.format] || String;
    const n = this.shown.length;
    const k = Math.min(TABLE_ROWS, n);
    const picked = [];
    for (let i = 0; i < k; i += 1) {
      const row = this.shown[Math.round((i * (n - 1)) / Math.max(1, k - 1))];
      if (row !== picked[picked.length - 1]) picked.push(row);
    }
    table.replaceChildren();
    el("caption", { class: "evo-visually-hidden" }, table,
       this.t("population.caption",
              { title: panel.title, generations: picked.map((r) => r[0]).join(", ") }));
    const head = el("tr", {}, el("thead", {}, table));
    el("th", { scope: "col" }, head, this.t("population.generation"));
    for (const row of picked) el("th", { scope: "col" }, head, String(row[0]));
    const body = el("tbody", {}, table);
    for (const line of panel.lines) {
      const tr = el("tr", {}, body);
      el("th", { scope: "row" }, tr, line.label);
      for (const row of picked) {
        const v = row[line.column];
        el("td", {}, tr, v === null || v === undefined ? this.t("population.none_alive")
                                                          : format(v));
      }
    }
  }
}

function render({ model, el: host }) {
  // JupyterLab's notebook shortcuts (arrows, Space, Enter in command mode) would take the keys
  // a student uses on these buttons and sliders; this attribute keeps them for the widget
  // (and the notebook cancels arrow keys on their way up: they stop here, except Escape and
  // Tab, which still lead back out of the widget)
  const root = el("div", { class: "evo-pop evo-kit", "data-lm-suppress-shortcuts": "true" }, host);
  root.lang = model.get("lang") || "en"; // the language Python speaks here, and its direction
  root.dir = model.get("direction") || "ltr";
  const t = (key, vars) => say(model, key, vars);
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" && e.key !== "Tab") e.stopPropagation();
  });
  const header = el("div", { class: "evo-pop-header" }, root);
  const title = el("h3", { class: "evo-pop-heading" }, header);
  const seed = el("span", { class: "evo-pop-seed" }, header);
  const status = el("p", { class: "evo-pop-status", role: "status", "aria-live": "polite" }, root);
  const error = el("p", { class: "evo-pop-error evo-error-line", role: "alert", hidden: true },
                   root);

  const controls = el("div", { class: "evo-pop-controls", role: "toolbar",
                               "aria-label": t("population.generations") }, root);
  let playing = false;
  let waiting = false;
  const send = (message) => model.send(message);
  const stepButton = el("button", { type: "button", class: "evo-pop-step" }, controls,
                        t("population.step"));
  stepButton.addEventListener("click", () => send({ type: "step", generations: 1 }));
  const step10 = el("button", { type: "button", class: "evo-pop-step10" }, controls,
                    t("population.step10"));
  step10.addEventListener("click", () => send({ type: "step", generations: 10 }));
  const playButton = el("button", { type: "button", class: "evo-pop-play",
                                    "aria-pressed": "false" }, controls,
                        t("population.play"));
  const speedId = nextId("speed");
  el("label", { for: speedId }, controls, t("population.speed"));
  const speed = el("select", { id: speedId, class: "evo-pop-speed" }, controls);
  for (const n of [1, 5, 20]) el("option", { value: n }, speed, String(n));
  const seedId = nextId("seed");
  el("label", { for: seedId }, controls, t("population.seed"));
  const seedInput = el("input", { id: seedId, type: "number", min: 0, step: 1,
                                  class: "evo-pop-seed-input",
                                  placeholder: t("population.seed_placeholder") }, controls);
  const resetButton = el("button", { type: "button", class: "evo-pop-reset" }, controls,
                         t("population.new_run"));
  resetButton.addEventListener("click", () => {
    const v = seedInput.value.trim();
    setPlaying(false);
    send({ type: "reset", seed: v === "" ? null : Number.parseInt(v, 10) });
  });

  const askNext = () => {
    if (!playing || waiting) return;
    waiting = true;
    send({ type: "step", generations: Number(speed.value) });
  };
  const setPlaying = (on) => {
    playing = on;
    playButton.textContent = on ? t("population.pause") : t("population.play");
    playButton.setAttribute("aria-pressed", on ? "true" : "false");
    root.dataset.playing = on ? "1" : "0";
    if (on) askNext();
  };
  playButton.addEventListener("click", () => setPlaying(!playing));

  // the population itself, drawn (flock.js), and the rule of a generation in words
  const flockBox = el("section", { class: "evo-flock", "aria-label": t("population.flock") },
                      root);

  const environmentBox = el("fieldset", { class: "evo-pop-environment" }, root);
  el("legend", {}, environmentBox, t("population.environment"));
  const environmentText = el("p", { class: "evo-pop-environment-text" }, environmentBox);
  const choicesBox = el("div", { class: "evo-pop-choices" }, environmentBox);

  const sliders = el("fieldset", { class: "evo-pop-sliders" }, root);
  el("legend", {}, sliders, t("population.settings"));
  const set = (name) => (value) => send({ type: "set", name, value });
  const sizeSlider = slider(sliders, t("population.size"), {
    min: 1, max: 5, step: 0.05, ...SIZE, format: (v) => v.toLocaleString(), onChange: set("size"),
  });
  const muSlider = slider(sliders, t("population.mutation_rate"), {
    min: -5.5, max: -1, step: 0.25, ...RATE,
    format: (v) => (v === 0 ? t("population.no_mutation") : String(v)),
    onChange: set("mutation_rate"),
  });
  const selectionSlider = slider(sliders, t("population.selection"), {
    min: 0, max: 5, step: 0.05, toValue: (s) => roundTo(s, 3), fromValue: (v) => v,
    format: (v) => (v === 0 ? t("population.drift_only") : String(v)), onChange: set("selection"),
  });
  const migrationSlider = slider(sliders, t("population.migration"), {
    min: 0, max: 0.5, step: 0.01, toValue: (s) => roundTo(s, 3), fromValue: (v) => v,
    format: String, onChange: set("migration"),
  });
  const growthWrap = el("div", { class: "evo-pop-growth" }, sliders);
  const growthId = nextId("growth");
  const growthBox = el("input", { id: growthId, type: "checkbox" }, growthWrap);
  el("label", { for: growthId }, growthWrap, t("population.growth_box"));
  const growthSlider = slider(sliders, t("population.growth"), {
    min: 1, max: 4, step: 0.1, toValue: (s) => roundTo(s, 2), fromValue: (v) => v ?? 1.5,
    format: String, onChange: set("growth"),
  });
  growthBox.addEventListener("change", () =>
    send({ type: "set", name: "growth",
           value: growthBox.checked ? Number(growthSlider.input.value) : null }));

  const main = el("div", { class: "evo-pop-main" }, root);
  const plotsBox = el("div", { class: "evo-pop-plots" }, main);
  const side = el("div", { class: "evo-pop-side" }, main);
  el("h4", {}, side, t("population.now"));
  const table = el("table", { class: "evo-pop-table" }, side);
  el("h4", {}, side, t("population.in_words"));
  const description = el("pre", { class: "evo-pop-description" }, side);
  const pngButton = el("button", { type: "button", class: "evo-pop-png" }, side,
                       t("population.png"));
  pngButton.addEventListener("click", () => send({ type: "png" }));
  let plots = null; // the PopulationPlots of the current plot_spec
  const plotsFor = () => {
    const spec = model.get("plot_spec") || {};
    if (!spec.panels) return null;
    if (!plots || plots.spec !== spec) {
      plotsBox.replaceChildren();
      plots = new PopulationPlots(plotsBox, spec, () => send({ type: "plot_history" }), t);
    }
    return plots;
  };

  // a result code of the run so far, to hand in or paste into the teacher's class notebook
  const handIn = el("details", { class: "evo-pop-result" }, root);
  el("summary", {}, handIn, t("population.result"));
  const nameId = nextId("name");
  el("label", { for: nameId }, handIn, t("population.your_name"));
  const nameInput = el("input", { id: nameId, type: "text", maxlength: 60, autocomplete: "name",
                                  class: "evo-pop-name" }, handIn);
  const getCode = el("button", { type: "button", class: "evo-pop-get-code" }, handIn,
                     t("population.get_code"));
  const codeOut = el("input", { type: "text", readonly: true, class: "evo-pop-code",
                                "aria-label": t("population.code_label") }, handIn);
  const copyCode = el("button", { type: "button", class: "evo-pop-copy", disabled: true }, handIn,
                      t("population.copy"));
  const codeNote = el("span", { role: "status", "aria-live": "polite" }, handIn);
  getCode.addEventListener("click", () => {
    setPlaying(false);
    send({ type: "code", name: nameInput.value });
  });
  copyCode.addEventListener("click", async () => {
    if (!codeOut.value) return;
    // the clipboard API needs a secure page; elsewhere the text is selected for Ctrl+C
    try {
      await navigator.clipboard.writeText(codeOut.value);
      codeNote.textContent = t("population.copied");
    } catch (_err) {
      codeOut.focus();
      codeOut.select();
      codeNote.textContent = t("population.selected");
    }
  });
  const onCustom = (msg, buffers) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "code") {
      codeOut.value = msg.code;
      copyCode.disabled = !msg.code;
      codeNote.textContent = t("population.code_for", { generation: msg.generation });
    } else if (msg.type === "png" && buffers && buffers.length) {
      download(root, buffers[0], "image/png", msg.filename);
    } else if (msg.type === "plot_history") {
      const view = model.get("view") || {};
      const current = plotsFor();
      if (current && view.plot && current.history(msg, view.plot.epoch)) {
        root.dataset.plotted = String(current.generation);
      }
    }
  };
  model.on("msg:custom", onCustom);

  let frames = 0;
  const update = () => {
    const view = model.get("view") || {};
    if (!view.game) return;
    title.textContent = view.title;
    // undefined: no seed yet
    seed.textContent = view.seed == null ? "" : t("population.seed_shown", { seed: view.seed });
    status.textContent = view.status;
    environmentText.textContent = view.environment;
    if (view.flock) drawFlock(flockBox, view.flock, view.rule, t);
    const focusedChoice = choicesBox.contains(document.activeElement);
    choicesBox.replaceChildren();
    if (view.choices.length <= 4) {
      for (const c of view.choices) {
        const b = el("button", { type: "button", "data-choice": c.key }, choicesBox, c.label);
        b.addEventListener("click", () => send({ type: "environment", choice: c.key }));
      }
    } else {
      const id = nextId("choice");
      el("label", { for: id }, choicesBox, t("population.new_environment"));
      const select = el("select", { id }, choicesBox);
      for (const c of view.choices) el("option", { value: c.key }, select, c.label);
      const go = el("button", { type: "button", "data-choice": "apply" }, choicesBox,
                    t("population.change"));
      go.addEventListener("click", () => send({ type: "environment", choice: select.value }));
    }
    if (focusedChoice) choicesBox.querySelector("button, select")?.focus();
    const c = view.controls;
    sizeSlider.set(c.size);
    muSlider.set(c.mutation_rate);
    selectionSlider.set(c.selection);
    migrationSlider.set(c.migration);
    migrationSlider.wrap.hidden = c.demes < 2;
    growthBox.checked = c.growth !== null;
    growthSlider.set(c.growth);
    growthSlider.wrap.hidden = c.growth === null;

    const current = plotsFor();
    if (current && current.receive(view.plot)) root.dataset.plotted = String(current.generation);

    table.replaceChildren();
    const head = el("tr", {}, el("thead", {}, table));
    for (const col of view.table.columns) el("th", { scope: "col" }, head, col);
    const body = el("tbody", {}, table);
    for (const row of view.table.rows) {
      const tr = el("tr", {}, body);
      row.forEach((v) => el("td", {}, tr, v));
    }
    description.textContent = view.description;

    stepButton.disabled = view.extinct;
    step10.disabled = view.extinct;
    playButton.disabled = view.extinct;
    root.dataset.generation = String(view.generation);
    root.dataset.frames = String(++frames);
    waiting = false;
    if (view.extinct) setPlaying(false);
    else if (playing) setTimeout(askNext, 30);
  };

  const updateError = () => {
    const message = model.get("error");
    error.hidden = !message;
    error.textContent = message || "";
    if (message) {
      waiting = false;
      setPlaying(false);
    }
  };

  model.on("change:view", update);
  model.on("change:error", updateError);
  update();
  updateError();
  return () => {
    playing = false;
    model.off("change:view", update);
    model.off("change:error", updateError);
    model.off("msg:custom", onCustom);
  };
}

export default { render };
