// population.js: the PopulationWidget's front end. Plain ES (no imports, no CDN), joined after
// the front-end kit (dom.js, plot.js) into one module.
// Python owns the population; this file draws SVG plots from the numbers in `view` and sends
// small messages ({type: "step", generations}) that Python checks. Play/Pause lives here: while
// playing, the next step is asked for only after the last one was drawn.

// The DOM helpers (htmlEl, svgEl, uid) are the front-end kit's (dom.js), joined before this
// file by evo_lessons/widgets/frontend.py.
const el = htmlEl;
const svg = svgEl;
const nextId = (stem) => uid(`pop-${stem}`);

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

/** One panel: axes, lines with dashes and an end symbol; the line labels are a legend of
 *  HTML text beside the drawing, so a long label wraps between words instead of being clipped. */
function drawPanel(parent, panel, x, lastX) {
  const W = 320, H = 180, left = 44, right = 14, top = 10, bottom = 28;
  const figure = el("figure", { class: "evo-pop-panel" }, parent);
  el("figcaption", { class: "evo-pop-title" }, figure, panel.title);
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img",
                         "aria-label": `${panel.title}: plot; the table gives the numbers` },
                figure);
  const plotW = W - left - right, plotH = H - top - bottom;
  const xMax = Math.max(1, lastX);
  const yMax = panel.max || 1;
  const px = (g) => left + (g / xMax) * plotW;
  const py = (v) => top + plotH - (v / yMax) * plotH;
  svg("rect", { x: left, y: top, width: plotW, height: plotH, class: "evo-pop-frame" }, s);
  for (const f of [0, 0.5, 1]) {
    const y = py(f * yMax);
    svg("line", { x1: left, x2: left + plotW, y1: y, y2: y, class: "evo-pop-grid" }, s);
    const tick = yMax === 1 ? `${Math.round(f * 100)}%` : Math.round(f * yMax).toLocaleString();
    svg("text", { x: left - 4, y: y + 4, class: "evo-pop-tick", "text-anchor": "end" }, s, tick);
  }
  svg("text", { x: left, y: H - 8, class: "evo-pop-tick" }, s, "0");
  svg("text", { x: left + plotW, y: H - 8, class: "evo-pop-tick", "text-anchor": "end" }, s,
      `generation ${lastX}`);
  const ends = [];
  for (const line of panel.lines) {
    let d = "";
    let pen = false;
    let last = null;
    line.values.forEach((v, i) => {
      if (v === null) { pen = false; return; }
      d += `${pen ? "L" : "M"}${px(x[i]).toFixed(1)} ${py(v).toFixed(1)}`;
      pen = true;
      last = [px(x[i]), py(v)];
    });
    svg("path", { d, fill: "none", stroke: line.colour, "stroke-width": 2,
                  "stroke-dasharray": line.dash || null }, s);
    if (last) {
      svg("text", { x: last[0], y: last[1] + 4, "text-anchor": "middle", fill: line.colour,
                    class: "evo-pop-symbol" }, s, line.symbol);
    }
    ends.push({ line, y: last ? last[1] : Infinity });
  }
  // the legend lists the lines top to bottom as they end, each with its symbol and dash
  ends.sort((a, b) => a.y - b.y);
  const legend = el("ul", { class: "evo-pop-legend" }, figure);
  for (const e of ends) {
    const li = el("li", { class: "evo-pop-label" }, legend);
    const key = svg("svg", { width: 26, height: 12, viewBox: "0 0 26 12", "aria-hidden": "true" },
                    li);
    svg("line", { x1: 1, x2: 25, y1: 6, y2: 6, stroke: e.line.colour, "stroke-width": 2,
                  "stroke-dasharray": e.line.dash || null }, key);
    el("span", { style: `color:${e.line.colour}`, "aria-hidden": "true",
                 class: "evo-pop-key-symbol" }, li, e.line.symbol);
    el("span", {}, li, e.line.label);
  }
  return figure;
}

function render({ model, el: host }) {
  // JupyterLab's notebook shortcuts (arrows, Space, Enter in command mode) would take the keys
  // a student uses on these buttons and sliders; this attribute keeps them for the widget
  // (and the notebook cancels arrow keys on their way up: they stop here, except Escape and
  // Tab, which still lead back out of the widget)
  const root = el("div", { class: "evo-pop evo-kit", "data-lm-suppress-shortcuts": "true" }, host);
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
                               "aria-label": "Generations" }, root);
  let playing = false;
  let waiting = false;
  const send = (message) => model.send(message);
  const stepButton = el("button", { type: "button", class: "evo-pop-step" }, controls,
                        "Step 1 generation");
  stepButton.addEventListener("click", () => send({ type: "step", generations: 1 }));
  const step10 = el("button", { type: "button", class: "evo-pop-step10" }, controls,
                    "Step 10 generations");
  step10.addEventListener("click", () => send({ type: "step", generations: 10 }));
  const playButton = el("button", { type: "button", class: "evo-pop-play",
                                    "aria-pressed": "false" }, controls, "Play");
  const speedId = nextId("speed");
  el("label", { for: speedId }, controls, "Generations per frame");
  const speed = el("select", { id: speedId, class: "evo-pop-speed" }, controls);
  for (const n of [1, 5, 20]) el("option", { value: n }, speed, String(n));
  const seedId = nextId("seed");
  el("label", { for: seedId }, controls, "Seed");
  const seedInput = el("input", { id: seedId, type: "number", min: 0, step: 1,
                                  class: "evo-pop-seed-input", placeholder: "random" }, controls);
  const resetButton = el("button", { type: "button", class: "evo-pop-reset" }, controls,
                         "New run");
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
    playButton.textContent = on ? "Pause" : "Play";
    playButton.setAttribute("aria-pressed", on ? "true" : "false");
    root.dataset.playing = on ? "1" : "0";
    if (on) askNext();
  };
  playButton.addEventListener("click", () => setPlaying(!playing));

  const environmentBox = el("fieldset", { class: "evo-pop-environment" }, root);
  el("legend", {}, environmentBox, "Change the environment (from the next generation)");
  const environmentText = el("p", { class: "evo-pop-environment-text" }, environmentBox);
  const choicesBox = el("div", { class: "evo-pop-choices" }, environmentBox);

  const sliders = el("fieldset", { class: "evo-pop-sliders" }, root);
  el("legend", {}, sliders, "Settings (from the next generation)");
  const set = (name) => (value) => send({ type: "set", name, value });
  const sizeSlider = slider(sliders, "Population size N", {
    min: 1, max: 5, step: 0.05, ...SIZE, format: (v) => v.toLocaleString(), onChange: set("size"),
  });
  const muSlider = slider(sliders, "Mutation rate μ (per trait per generation)", {
    min: -5.5, max: -1, step: 0.25, ...RATE, format: (v) => (v === 0 ? "0 (none)" : String(v)),
    onChange: set("mutation_rate"),
  });
  const selectionSlider = slider(sliders, "Selection strength", {
    min: 0, max: 5, step: 0.05, toValue: (s) => roundTo(s, 3), fromValue: (v) => v,
    format: (v) => (v === 0 ? "0 (drift only)" : String(v)), onChange: set("selection"),
  });
  const migrationSlider = slider(sliders, "Migration between places", {
    min: 0, max: 0.5, step: 0.01, toValue: (s) => roundTo(s, 3), fromValue: (v) => v,
    format: String, onChange: set("migration"),
  });
  const growthWrap = el("div", { class: "evo-pop-growth" }, sliders);
  const growthId = nextId("growth");
  const growthBox = el("input", { id: growthId, type: "checkbox" }, growthWrap);
  el("label", { for: growthId }, growthWrap,
     "Size set by fitness: a population that cannot keep up shrinks and can go extinct");
  const growthSlider = slider(sliders, "Offspring of a perfectly matched individual", {
    min: 1, max: 4, step: 0.1, toValue: (s) => roundTo(s, 2), fromValue: (v) => v ?? 1.5,
    format: String, onChange: set("growth"),
  });
  growthBox.addEventListener("change", () =>
    send({ type: "set", name: "growth",
           value: growthBox.checked ? Number(growthSlider.input.value) : null }));

  const main = el("div", { class: "evo-pop-main" }, root);
  const plots = el("div", { class: "evo-pop-plots" }, main);
  const side = el("div", { class: "evo-pop-side" }, main);
  el("h4", {}, side, "Now");
  const table = el("table", { class: "evo-pop-table" }, side);
  el("h4", {}, side, "In words");
  const description = el("pre", { class: "evo-pop-description" }, side);

  // a result code of the run so far, to hand in or paste into the teacher's class notebook
  const handIn = el("details", { class: "evo-pop-result" }, root);
  el("summary", {}, handIn, "Result code of this run (to hand in)");
  const nameId = nextId("name");
  el("label", { for: nameId }, handIn, "Your name");
  const nameInput = el("input", { id: nameId, type: "text", maxlength: 60, autocomplete: "name",
                                  class: "evo-pop-name" }, handIn);
  const getCode = el("button", { type: "button", class: "evo-pop-get-code" }, handIn,
                     "Get result code");
  const codeOut = el("input", { type: "text", readonly: true, class: "evo-pop-code",
                                "aria-label": "Result code of this run" }, handIn);
  const copyCode = el("button", { type: "button", class: "evo-pop-copy", disabled: true }, handIn,
                      "Copy");
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
      codeNote.textContent = "Copied: paste it where your teacher asks.";
    } catch (_err) {
      codeOut.focus();
      codeOut.select();
      codeNote.textContent = "Selected: press Ctrl+C (Cmd+C on a Mac) to copy it.";
    }
  });
  const onCustom = (msg) => {
    if (!msg || msg.type !== "code") return;
    codeOut.value = msg.code;
    copyCode.disabled = !msg.code;
    codeNote.textContent = `Result code for generation ${msg.generation}.`;
  };
  model.on("msg:custom", onCustom);

  let frames = 0;
  const update = () => {
    const view = model.get("view") || {};
    if (!view.game) return;
    title.textContent = view.title;
    seed.textContent = `seed ${view.seed}`;
    status.textContent = view.status;
    environmentText.textContent = view.environment;
    const focusedChoice = choicesBox.contains(document.activeElement);
    choicesBox.replaceChildren();
    if (view.choices.length <= 4) {
      for (const c of view.choices) {
        const b = el("button", { type: "button", "data-choice": c.key }, choicesBox, c.label);
        b.addEventListener("click", () => send({ type: "environment", choice: c.key }));
      }
    } else {
      const id = nextId("choice");
      el("label", { for: id }, choicesBox, "New environment");
      const select = el("select", { id }, choicesBox);
      for (const c of view.choices) el("option", { value: c.key }, select, c.label);
      const go = el("button", { type: "button", "data-choice": "apply" }, choicesBox, "Change");
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

    plots.replaceChildren();
    const lastX = view.x[view.x.length - 1];
    for (const panel of view.panels) drawPanel(plots, panel, view.x, lastX);

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
