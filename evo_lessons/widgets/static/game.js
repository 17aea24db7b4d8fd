// game.js: the shell every game shares. Controls, legal actions, log, timeline, seats,
// scenario codes, CSV export, live plot with its table, and the text description.
// Python owns the game; this file only draws the view model and sends small messages
// ({type: "act", index}) that Python checks.

/** Build the static part of the widget once; returns the elements that change. */
function buildShell(el, model) {
  // JupyterLab's notebook takes arrow keys and letters as its own shortcuts; inside the widget
  // they belong to the slider, the buttons and the board (Escape and Tab still leave it)
  const root = htmlEl("div", { class: "evo-root", "data-lm-suppress-shortcuts": "true" }, el);
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" && e.key !== "Tab") e.stopPropagation();
  });
  const header = htmlEl("div", { class: "evo-header" }, root);
  const title = htmlEl("h3", { class: "evo-title" }, header);
  const seedLabel = htmlEl("span", { class: "evo-seed" }, header);
  const status = htmlEl("p", { class: "evo-status", role: "status", "aria-live": "polite" }, root);
  const error = htmlEl("p", { class: "evo-error", role: "alert", hidden: true }, root);
  const result = buildResult(root, model);

  const main = htmlEl("div", { class: "evo-main" }, root);
  const boardWrap = htmlEl("div", { class: "evo-board-wrap" }, main);
  const board = htmlEl("div", { class: "evo-board" }, boardWrap);
  const cover = htmlEl("div", { class: "evo-cover", hidden: true }, boardWrap);
  const coverText = htmlEl("p", {}, cover);
  const reveal = htmlEl("button", { type: "button", class: "evo-reveal" }, cover, "Show my hand");
  reveal.addEventListener("click", () => model.send({ type: "reveal" }));

  const side = htmlEl("div", { class: "evo-side" }, main);
  htmlEl("h4", {}, side, "Your choices");
  const filterNote = htmlEl("p", { class: "evo-filter", hidden: true }, side);
  const actions = htmlEl("ul", { class: "evo-actions", "aria-label": "Legal actions" }, side);
  htmlEl("h4", {}, side, "What happened");
  const log = htmlEl("ol", { class: "evo-log", tabindex: 0, "aria-label": "Event log" }, side);

  const controls = htmlEl("div", { class: "evo-controls", role: "toolbar",
                                   "aria-label": "Game controls" }, root);
  const button = (label, title, message) => {
    const b = htmlEl("button", { type: "button", title }, controls, label);
    b.addEventListener("click", () => model.send(message()));
    return b;
  };
  const stepButton = button("Step", "One move by the bot whose turn it is; then the bots play on to your turn", () => ({ type: "step" }));
  const playButton = button("Play to end", "Bots play every remaining move", () => ({ type: "play" }));
  const undoButton = button("Undo", "Take back your last decision", () => ({ type: "undo" }));
  const seedInput = htmlEl("input", { type: "number", min: 0, step: 1, class: "evo-seed-input",
                                      "aria-label": "Seed for a new game (empty: random)",
                                      placeholder: "seed" }, controls);
  button("New game", "Start a new game (with the seed typed, or a random one)", () => {
    const v = seedInput.value.trim();
    return { type: "new_game", seed: v === "" ? null : Number.parseInt(v, 10) };
  });

  const timeline = htmlEl("div", { class: "evo-timeline" }, root);
  const sliderId = `evo-slider-${Math.random().toString(36).slice(2)}`;
  const sliderLabel = htmlEl("label", { for: sliderId }, timeline, "Timeline");
  const slider = htmlEl("input", { id: sliderId, type: "range", min: 0, max: 0, step: 1,
                                   value: 0 }, timeline);
  const sliderText = htmlEl("span", { class: "evo-slider-text", "aria-hidden": "true" }, timeline);
  slider.addEventListener("change", () => model.send({ type: "seek", position: Number(slider.value) }));

  const seatsBox = htmlEl("fieldset", { class: "evo-seats" }, root);
  htmlEl("legend", {}, seatsBox, "Who plays each seat");

  const tools = htmlEl("details", { class: "evo-tools" }, root);
  htmlEl("summary", {}, tools, "Share, load and export");
  const codeOut = htmlEl("input", { type: "text", readonly: true, class: "evo-code",
                                    "aria-label": "Scenario code of this game" }, tools);
  const getCode = htmlEl("button", { type: "button" }, tools, "Get scenario code");
  getCode.addEventListener("click", () => model.send({ type: "code" }));
  const codeIn = htmlEl("input", { type: "text", class: "evo-code",
                                   "aria-label": "Paste a scenario code to load",
                                   placeholder: "paste a code (EVO1-...)" }, tools);
  const loadCode = htmlEl("button", { type: "button" }, tools, "Load code");
  loadCode.addEventListener("click", () => model.send({ type: "load_code", code: codeIn.value }));
  const csvButton = htmlEl("button", { type: "button" }, tools, "Download history (CSV)");
  csvButton.addEventListener("click", () => model.send({ type: "csv" }));

  const plotBox = htmlEl("div", { class: "evo-plot" }, root);
  const plot = htmlEl("img", { class: "evo-plot-img", alt: "" }, plotBox);
  const tableBox = htmlEl("details", { class: "evo-table" }, plotBox);
  htmlEl("summary", {}, tableBox, "Table of the plotted values (latest turns)");
  const table = htmlEl("table", {}, tableBox);

  const describe = htmlEl("details", { class: "evo-description" }, root);
  htmlEl("summary", {}, describe, "Text description of the board");
  const description = htmlEl("pre", { "aria-live": "off" }, describe);

  return {
    root, title, seedLabel, status, error, board, cover, coverText, actions, filterNote, log,
    stepButton, playButton, undoButton, slider, sliderText, sliderLabel, seatsBox, codeOut,
    plot, table, description, result,
  };
}

/** The result code under a finished game: a name box, the code, and a Copy button. */
function buildResult(root, model) {
  const box = htmlEl("section", { class: "evo-result", hidden: true,
                                  "aria-label": "Result code" }, root);
  htmlEl("h4", {}, box, "Result code");
  const nameId = `evo-name-${Math.random().toString(36).slice(2)}`;
  htmlEl("label", { for: nameId }, box, "Your name");
  const name = htmlEl("input", { id: nameId, type: "text", maxlength: 60, class: "evo-name",
                                 autocomplete: "name" }, box);
  const sendName = () => model.send({ type: "name", name: name.value });
  name.addEventListener("change", sendName);
  name.addEventListener("keydown", (e) => { if (e.key === "Enter") sendName(); });
  const code = htmlEl("input", { type: "text", readonly: true, class: "evo-code",
                                 "aria-label": "Result code of this finished game" }, box);
  const copy = htmlEl("button", { type: "button" }, box, "Copy");
  const note = htmlEl("span", { class: "evo-result-note", role: "status",
                                "aria-live": "polite" }, box);
  copy.addEventListener("click", async () => {
    if (!code.value) return;
    // the clipboard API needs a secure page (https or localhost); elsewhere the text is
    // selected so Ctrl+C (Cmd+C) copies it
    try {
      await navigator.clipboard.writeText(code.value);
      note.textContent = "Copied: paste it where your teacher asks.";
    } catch (_err) {
      code.focus();
      code.select();
      note.textContent = "Selected: press Ctrl+C (Cmd+C on a Mac) to copy it.";
    }
  });
  return { box, name, code, copy, note };
}

function renderResult(ui, view) {
  const r = ui.result;
  const shown = view.result || null;
  r.box.hidden = !shown;
  if (!shown) return;
  if (document.activeElement !== r.name) r.name.value = shown.name;
  if (r.code.value !== shown.code) r.note.textContent = shown.note;
  r.code.value = shown.code;
  r.copy.disabled = !shown.code;
}

function renderActions(ui, view, model, filter) {
  ui.actions.replaceChildren();
  const shown = filter ? view.actions.filter((a) => a.target === filter) : view.actions;
  ui.filterNote.hidden = !filter;
  if (filter) {
    ui.filterNote.replaceChildren();
    htmlEl("span", {}, ui.filterNote, `Choices for ${filter.replace("-", " ")}. `);
    const all = htmlEl("button", { type: "button" }, ui.filterNote, "Show all choices");
    all.addEventListener("click", () => renderActions(ui, view, model, null));
  }
  if (!shown.length) {
    htmlEl("li", { class: "evo-none" }, ui.actions,
           view.over ? "The game is over." : view.human_turn ? "" : "Waiting for the bots.");
  }
  for (const a of shown) {
    const li = htmlEl("li", {}, ui.actions);
    const b = htmlEl("button", { type: "button", "data-index": a.index,
                                 "data-target": a.target || "" }, li, a.label);
    b.addEventListener("click", () => model.send({ type: "act", index: a.index }));
  }
  return shown;
}

function renderSeats(ui, view, model) {
  ui.seatsBox.querySelectorAll(".evo-seat").forEach((n) => n.remove());
  for (const seat of view.seats) {
    const wrap = htmlEl("label", { class: "evo-seat" }, ui.seatsBox);
    htmlEl("span", { class: "evo-swatch", style: `background:${seat.colour}` }, wrap, seat.symbol);
    htmlEl("span", {}, wrap, ` ${seat.name} `);
    const select = htmlEl("select", { "aria-label": `${seat.name} is played by` }, wrap);
    for (const kind of ["human", ...view.bots]) {
      htmlEl("option", { value: kind, selected: kind === seat.kind }, select,
             kind === "human" ? "a person" : `${kind} bot`);
    }
    select.addEventListener("change", () =>
      model.send({ type: "seat", seat: seat.seat, kind: select.value }));
  }
}

function renderTable(ui, view) {
  const t = view.table || { columns: [], rows: [] };
  ui.table.replaceChildren();
  const head = htmlEl("tr", {}, htmlEl("thead", {}, ui.table));
  for (const c of t.columns) htmlEl("th", { scope: "col" }, head, c);
  const body = htmlEl("tbody", {}, ui.table);
  for (const row of t.rows) {
    const tr = htmlEl("tr", {}, body);
    row.forEach((v) => htmlEl("td", {}, tr, v === null ? "" : v));
  }
}

function render({ model, el }) {
  const ui = buildShell(el, model);
  let plotUrl = null;
  let filter = null;

  const context = (view) => {
    const targets = new Map();
    for (const a of view.actions) {
      if (!a.target) continue;
      if (!targets.has(a.target)) targets.set(a.target, []);
      targets.get(a.target).push(a);
    }
    const choose = (target) => {
      const options = targets.get(target) || [];
      if (options.length === 1) model.send({ type: "act", index: options[0].index });
      else if (options.length > 1) {
        filter = target;
        const shown = renderActions(ui, view, model, filter);
        if (shown.length) ui.actions.querySelector("button")?.focus();
      }
    };
    return {
      draw,
      view,
      targets,
      act: (index) => model.send({ type: "act", index }),
      /** Make a board element clickable (mouse and keyboard) if it is an action's target. */
      clickable(node, target, label) {
        const options = targets.get(target);
        if (!options) return false;
        node.classList.add("evo-target");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        const what = options.length === 1 ? options[0].label : `${options.length} choices`;
        node.setAttribute("aria-label", `${label}: ${what}`);
        node.addEventListener("click", () => choose(target));
        node.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            choose(target);
          }
        });
        return true;
      },
    };
  };

  const update = () => {
    const view = model.get("view") || {};
    if (!view.game) return;
    filter = null;
    ui.title.textContent = view.title;
    ui.seedLabel.textContent = view.seed === null
      ? "seed shown when the game ends (it would reveal the hidden cards)"
      : `seed ${view.seed}`;
    ui.stepButton.title = view.human_turn
      ? `The ${view.helper_bot} bot makes your move for you; then the bots play on to your turn`
      : "One move by the bot whose turn it is; with people at the table, the bots play on to the next person's turn";
    ui.status.textContent = view.status;
    ui.cover.hidden = !view.covered;
    ui.coverText.textContent = view.covered ? view.status : "";
    const hadFocusInActions = ui.actions.contains(document.activeElement);
    renderActions(ui, view, model, null);
    if (hadFocusInActions) ui.actions.querySelector("button")?.focus();
    const atEnd = ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < 24;
    ui.log.replaceChildren();
    for (const entry of view.log) htmlEl("li", { value: entry.step }, ui.log, entry.text);
    if (atEnd || !ui.log.dataset.scrolled) scrollLogToEnd();
    const tl = view.timeline;
    ui.slider.max = String(tl.length);
    ui.slider.value = String(tl.position);
    ui.slider.setAttribute("aria-valuetext", `move ${tl.position} of ${tl.length}`);
    ui.sliderText.textContent = `move ${tl.position} of ${tl.length}`;
    ui.stepButton.disabled = view.over;
    ui.playButton.disabled = view.over;
    ui.undoButton.disabled = tl.position === 0;
    renderSeats(ui, view, model);
    renderResult(ui, view);
    renderTable(ui, view);
    ui.description.textContent = view.description;
    ui.board.replaceChildren();
    const renderer = RENDERERS[view.game];
    if (renderer) renderer(ui.board, view.board, context(view));
    else htmlEl("pre", {}, ui.board, view.description);
    // the plot frame arrives in the same message as the view: draw it with the board
    updatePlot(view.plot_frame);
    ui.root.dataset.position = String(tl.position);
  };

  // The newest events are at the bottom. A log drawn before the widget is on screen has no
  // height yet, so it is scrolled to its end again whenever its size changes, unless the
  // student has scrolled up to read.
  const scrollLogToEnd = () => { ui.log.scrollTop = ui.log.scrollHeight; };
  ui.log.addEventListener("scroll", () => {
    const atEnd = ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < 24;
    if (atEnd) delete ui.log.dataset.scrolled;
    else ui.log.dataset.scrolled = "1";
  });
  const logObserver = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => { if (!ui.log.dataset.scrolled) scrollLogToEnd(); })
    : null;
  logObserver?.observe(ui.log);

  let shownFrame = -1;
  const updatePlot = (frame) => {
    const data = model.get("plot_png");
    if (!data || !data.byteLength || frame === shownFrame) return;
    const blob = new Blob([data], { type: "image/png" });
    const url = URL.createObjectURL(blob);
    ui.plot.src = url;
    ui.plot.alt = `Live plot of each player's values against ${model.get("view").x_label || "turn"}; the table below gives the numbers.`;
    if (plotUrl) URL.revokeObjectURL(plotUrl);
    plotUrl = url;
    shownFrame = frame;
    ui.root.dataset.plotFrames = String(Number(ui.root.dataset.plotFrames || 0) + 1);
  };

  const updateError = () => {
    const message = model.get("error");
    ui.error.hidden = !message;
    ui.error.textContent = message || "";
  };

  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "csv") {
      const blob = new Blob([msg.text], { type: "text/csv" });
      const a = htmlEl("a", { href: URL.createObjectURL(blob), download: msg.filename }, ui.root);
      a.click();
      a.remove();
    } else if (msg.type === "code") {
      ui.codeOut.value = msg.code;
      ui.codeOut.select();
    }
  };

  model.on("change:view", update);
  model.on("change:error", updateError);
  model.on("msg:custom", onCustom);
  update();
  updateError();
  return () => {
    model.off("change:view", update);
    model.off("change:error", updateError);
    model.off("msg:custom", onCustom);
    logObserver?.disconnect();
    if (plotUrl) URL.revokeObjectURL(plotUrl);
  };
}

export default { render };
