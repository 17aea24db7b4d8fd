// game.js: the shell every game shares. Board, the current player's choices (compact and
// grouped, beside the board so they never push it out of view), controls, log, timeline, seats,
// scenario codes, CSV and PNG export, the live plot drawn here from the numbers the kernel sends
// (plot.js) with its table, and the text description. Python owns the game; this file only draws
// the view model and sends small messages ({type: "act", index}) that Python checks.
// Layout: a CSS grid that reads its own width (container queries in game.css): stacked on a
// phone, board + choices side by side on a laptop, board + choices + plot on a wide screen.
// The current player's own hand or creature sits under the choices (a renderer draws it into
// ctx.ownBox), so on a school laptop the board, the own cards and the choices share the first
// screen; a covered seat (people taking turns at one screen) shows none of it.

/**
 * The page's words: Python sends them in the widget's language (the "strings" trait; the page
 * holds no English). t("move_of", {position: 3, length: 9}) fills the {placeholders}; a key the
 * kernel did not send shows as the key itself (a bug the pseudo-locale test catches).
 */
function translate(model) {
  return (key, vars = {}) => {
    const table = model.get("strings") || {};
    const text = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : key;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole);
  };
}

/** Build the static part of the widget once; returns the elements that change. */
function buildShell(el, model, t) {
  // JupyterLab's notebook takes arrow keys and letters as its own shortcuts; inside the widget
  // they belong to the slider, the buttons and the board (Escape and Tab still leave it)
  const root = htmlEl("div", { class: "evo-root evo-kit", "data-lm-suppress-shortcuts": "true" },
                      el);
  root.lang = model.get("lang") || "en"; // the language Python speaks here, and its direction
  root.dir = model.get("direction") || "ltr";
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" && e.key !== "Tab") e.stopPropagation();
  });
  const header = htmlEl("div", { class: "evo-header" }, root);
  const title = htmlEl("h3", { class: "evo-title" }, header);
  const seedLabel = htmlEl("span", { class: "evo-seed" }, header);
  const status = htmlEl("p", { class: "evo-status", role: "status", "aria-live": "polite" }, root);
  const error = htmlEl("p", { class: "evo-error evo-error-line", role: "alert", hidden: true },
                       root);
  // a class's counted game: what it is, then the class's verdict (controls it lacks are hidden)
  const served = htmlEl("p", { class: "evo-served-line", role: "status", hidden: true }, root);
  const result = buildResult(root, model, t);

  const main = htmlEl("div", { class: "evo-main" }, root);
  const boardWrap = htmlEl("div", { class: "evo-board-wrap" }, main);
  const board = htmlEl("div", { class: "evo-board" }, boardWrap);
  const cover = htmlEl("div", { class: "evo-cover", hidden: true }, boardWrap);
  const coverText = htmlEl("p", {}, cover);
  const reveal = htmlEl("button", { type: "button", class: "evo-reveal" }, cover, t("show_hand"));
  reveal.addEventListener("click", () => model.send({ type: "reveal" }));

  const turn = htmlEl("section", { class: "evo-turn", "aria-label": t("your_choices") }, main);
  htmlEl("h4", {}, turn, t("your_choices"));
  const filterNote = htmlEl("p", { class: "evo-filter", hidden: true }, turn);
  const actions = htmlEl("div", { class: "evo-actions", role: "group",
                                  "aria-label": t("legal_actions") }, turn);
  const controls = htmlEl("div", { class: "evo-controls", role: "toolbar",
                                   "aria-label": t("controls") }, turn);
  const button = (label, titleText, message) => {
    const b = htmlEl("button", { type: "button", title: titleText }, controls, label);
    b.addEventListener("click", () => model.send(message()));
    return b;
  };
  const stepButton = button(t("step"), t("step_tip"), () => ({ type: "step" }));
  const playButton = button(t("play"), t("play_tip"), () => ({ type: "play" }));
  const undoButton = button(t("undo"), t("undo_tip"), () => ({ type: "undo" }));
  playButton.classList.add("evo-play");
  undoButton.classList.add("evo-undo");

  // the current player's own hand, creature or cards, drawn by the renderer beside the choices
  // (ctx.own): on a laptop the board, this and the choices share the first screen
  const own = htmlEl("section", { class: "evo-own", "aria-label": t("own_cards"),
                                  hidden: true }, main);

  const logBox = htmlEl("section", { class: "evo-log-box", "aria-label": t("what_happened") }, main);
  htmlEl("h4", {}, logBox, t("what_happened"));
  const log = htmlEl("ol", { class: "evo-log", tabindex: 0, "aria-label": t("event_log") }, logBox);

  const plotBox = htmlEl("section", { class: "evo-plot", "aria-label": t("live_plot") }, main);
  const plotHost = htmlEl("div", { class: "evo-plot-host" }, plotBox);
  const plotSide = htmlEl("div", { class: "evo-plot-side" }, plotBox);
  const tableBox = htmlEl("details", { class: "evo-table" }, plotSide);
  htmlEl("summary", {}, tableBox, t("table_summary"));
  const table = htmlEl("table", {}, tableBox);
  const pngButton = htmlEl("button", { type: "button", class: "evo-png" }, plotSide,
                           t("png"));
  pngButton.addEventListener("click", () => model.send({ type: "png" }));

  const game = htmlEl("div", { class: "evo-game-row" }, root);
  const timeline = htmlEl("div", { class: "evo-timeline" }, game);
  const sliderId = uid("slider");
  htmlEl("label", { for: sliderId }, timeline, t("timeline"));
  const slider = htmlEl("input", { id: sliderId, type: "range", min: 0, max: 0, step: 1,
                                   value: 0 }, timeline);
  const sliderText = htmlEl("span", { class: "evo-slider-text", "aria-hidden": "true" }, timeline);
  slider.addEventListener("change", () => model.send({ type: "seek", position: Number(slider.value) }));
  const newGame = htmlEl("div", { class: "evo-new-game" }, game);
  const seedInput = htmlEl("input", { type: "number", min: 0, step: 1, class: "evo-seed-input",
                                      "aria-label": t("seed_input"),
                                      placeholder: t("seed_placeholder") }, newGame);
  const newButton = htmlEl("button", { type: "button",
                                       title: t("new_game_tip") },
                           newGame, t("new_game"));
  newButton.addEventListener("click", () => {
    const v = seedInput.value.trim();
    model.send({ type: "new_game", seed: v === "" ? null : Number.parseInt(v, 10) });
  });

  const seatsBox = htmlEl("fieldset", { class: "evo-seats" }, root);
  htmlEl("legend", {}, seatsBox, t("seats"));

  const tools = htmlEl("details", { class: "evo-tools" }, root);
  htmlEl("summary", {}, tools, t("tools"));
  const codeRow = htmlEl("div", { class: "evo-tools-row evo-scenario-row" }, tools);
  const codeOut = htmlEl("input", { type: "text", readonly: true, class: "evo-code",
                                    "aria-label": t("scenario_code_label") }, codeRow);
  const getCode = htmlEl("button", { type: "button", class: "evo-get-code" }, codeRow,
                         t("get_code"));
  getCode.addEventListener("click", () => model.send({ type: "code" }));
  const codeNote = htmlEl("p", { class: "evo-code-note", hidden: true }, tools);
  const loadRow = htmlEl("div", { class: "evo-tools-row evo-scenario-row" }, tools);
  const codeIn = htmlEl("input", { type: "text", class: "evo-code",
                                   "aria-label": t("paste_code"),
                                   placeholder: t("paste_placeholder") }, loadRow);
  const loadCode = htmlEl("button", { type: "button" }, loadRow, t("load_code"));
  loadCode.addEventListener("click", () => model.send({ type: "load_code", code: codeIn.value }));
  const csvButton = htmlEl("button", { type: "button" }, tools, t("csv"));
  csvButton.addEventListener("click", () => model.send({ type: "csv" }));

  const describe = htmlEl("details", { class: "evo-description" }, root);
  htmlEl("summary", {}, describe, t("description"));
  const description = htmlEl("pre", { "aria-live": "off" }, describe);

  return {
    root, title, seedLabel, status, error, served, board, own, cover, coverText, reveal, actions,
    filterNote,
    log, stepButton, playButton, undoButton, slider, sliderText, seatsBox, codeOut, getCode,
    codeNote, plotBox, plotHost, table, description, result,
  };
}

/** The result code under a finished game: a name box, the code, and a Copy button. */
function buildResult(root, model, t) {
  const box = htmlEl("section", { class: "evo-result", hidden: true,
                                  "aria-label": t("result_code") }, root);
  htmlEl("h4", {}, box, t("result_code"));
  const nameId = uid("name");
  htmlEl("label", { for: nameId }, box, t("your_name"));
  const name = htmlEl("input", { id: nameId, type: "text", maxlength: 60, class: "evo-name",
                                 autocomplete: "name" }, box);
  const sendName = () => model.send({ type: "name", name: name.value });
  name.addEventListener("change", sendName);
  name.addEventListener("keydown", (e) => { if (e.key === "Enter") sendName(); });
  const code = htmlEl("input", { type: "text", readonly: true, class: "evo-code",
                                 "aria-label": t("result_code_label") }, box);
  const copy = htmlEl("button", { type: "button" }, box, t("copy"));
  const note = htmlEl("span", { class: "evo-result-note", role: "status",
                                "aria-live": "polite" }, box);
  copy.addEventListener("click", async () => {
    if (!code.value) return;
    // the clipboard API needs a secure page (https or localhost); elsewhere the text is
    // selected so Ctrl+C (Cmd+C) copies it
    try {
      await navigator.clipboard.writeText(code.value);
      note.textContent = t("copied");
    } catch (_err) {
      code.focus();
      code.select();
      note.textContent = t("selected");
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

/**
 * Group choices that differ in one word (the place: "Move to space 1" ... "Move to space 13")
 * under one heading with a small button per place; the others stay one button each.
 * Returns [{head: string|null, items: [{action, short, before, after}]}] in the order of the
 * first choice (before + short + after is the whole label).
 */
function groupActions(actions) {
  const words = actions.map((a) => a.label.split(" "));
  const keyOf = (w, i) => `${w.length}|${i}|${w.map((x, j) => (j === i ? "\u2026" : x)).join(" ")}`;
  const counts = new Map();
  words.forEach((w) => w.forEach((_, i) => {
    const k = keyOf(w, i);
    counts.set(k, (counts.get(k) || 0) + 1);
  }));
  const groups = new Map();
  actions.forEach((a, n) => {
    const w = words[n];
    /** @type {number | null} */
    let best = null;
    let bestCount = 1;
    w.forEach((_, i) => { // the largest family wins; on a tie the later word (places come last)
      const c = counts.get(keyOf(w, i));
      if (c >= bestCount && c > 1) { best = i; bestCount = c; }
    });
    const key = best === null ? `single|${n}` : keyOf(w, best);
    if (!groups.has(key)) {
      groups.set(key, { head: best === null ? null : w.map((x, j) => (j === best ? "\u2026" : x)).join(" "),
                        items: [] });
    }
    groups.get(key).items.push(best === null ? { action: a, short: a.label, before: "", after: "" }
      : { action: a, short: w[best], before: w.slice(0, best).join(" "),
          after: w.slice(best + 1).join(" ") });
  });
  return [...groups.values()].map((g) => (g.items.length > 1 ? g
    : { head: null, items: [{ action: g.items[0].action, short: g.items[0].action.label,
                              before: "", after: "" }] }));
}

function renderActions(ui, view, model, filter, t) {
  ui.actions.replaceChildren();
  const shown = filter ? view.actions.filter((a) => a.target === filter) : view.actions;
  ui.filterNote.hidden = !filter;
  if (filter) {
    ui.filterNote.replaceChildren();
    htmlEl("span", {}, ui.filterNote, t("choices_for", { place: filter.replace("-", " ") }) + " ");
    const all = htmlEl("button", { type: "button" }, ui.filterNote, t("show_all"));
    all.addEventListener("click", () => renderActions(ui, view, model, null, t));
  }
  if (!shown.length) {
    htmlEl("p", { class: "evo-none" }, ui.actions,
           view.over ? t("game_over") : view.human_turn ? "" : t("waiting"));
  }
  for (const group of groupActions(shown)) {
    const box = htmlEl("div", { class: group.head ? "evo-choice-group" : "evo-choice-single" },
                       ui.actions);
    if (group.head) htmlEl("p", { class: "evo-choice-head", "aria-hidden": "true" }, box, group.head);
    const list = htmlEl("div", { class: "evo-choice-list" }, box);
    for (const { action, short, before, after } of group.items) {
      // the button shows the place; the rest of the sentence is there for screen readers
      // (and copy and paste), so its text is the whole choice
      const b = htmlEl("button", { type: "button", "data-index": action.index,
                                   "data-target": action.target || "", title: action.label },
                       list);
      if (before) htmlEl("span", { class: "evo-visually-hidden" }, b, `${before} `);
      b.append(short);
      if (after) htmlEl("span", { class: "evo-visually-hidden" }, b, ` ${after}`);
      b.addEventListener("click", () => model.send({ type: "act", index: action.index }));
    }
  }
  return shown;
}

/** A bot's name in the page's language ("planner"); a game's own bot with no name in the
 * page's words (a teacher's game) keeps its id. */
function botName(t, kind) {
  const name = t(`bot.${kind}`);
  return name === `bot.${kind}` ? kind : name;
}

function renderSeats(ui, view, model, t) {
  ui.seatsBox.querySelectorAll(".evo-seat").forEach((n) => n.remove());
  for (const seat of view.seats) {
    const wrap = htmlEl("label", { class: "evo-seat" }, ui.seatsBox);
    htmlEl("span", { class: "evo-swatch", style: `background:${seat.colour};color:${inkOn(seat.colour)}` },
           wrap, seat.symbol);
    htmlEl("span", {}, wrap, ` ${seat.name} `);
    const select = htmlEl("select", { "aria-label": t("played_by", { seat: seat.name }) }, wrap);
    for (const kind of ["human", ...view.bots]) {
      htmlEl("option", { value: kind, selected: kind === seat.kind }, select,
             kind === "human" ? t("a_person") : t("kind_bot", { kind: botName(t, kind) }));
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

/**
 * How to bring a shown log up to date with the entries the kernel sent (keys of both, oldest
 * first): remove the first `drop` shown entries, then append the sent entries from `keep` on
 * (the shown ones that stay are the sent ones before `keep`). The sent entries are usually the
 * shown ones' tail followed by new ones; anything else (a rewind, a new game) replaces them all
 * ({drop: shown.length, keep: 0}).
 */
function logSplice(shown, sent) {
  for (let drop = 0; drop < shown.length; drop += 1) {
    const keep = shown.length - drop;
    if (keep > sent.length || shown[drop] !== sent[0]) continue;
    let same = true;
    for (let n = 1; n < keep && same; n += 1) same = shown[drop + n] === sent[n];
    if (same) return { drop, keep };
  }
  return { drop: shown.length, keep: 0 };
}

function render({ model, el }) {
  const t = translate(model);
  const ui = buildShell(el, model, t);
  let filter = null;
  let plot = null; // the LivePlotView of the current plot spec
  let plotEpoch = null;
  let plotFrames = 0;
  let historyAsked = false;
  const drawn = {}; // the data each part was last drawn from
  const askHistory = () => {
    if (historyAsked) return;
    historyAsked = true;
    model.send({ type: "plot_history" });
  };

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
        const shown = renderActions(ui, view, model, filter, t);
        if (shown.length) ui.actions.querySelector("button")?.focus();
      }
    };
    return {
      draw,
      view,
      /** The page's words in the widget's language (renderers: t(key, {vars})). */
      t,
      targets,
      /**
       * A box beside the choices for the viewing player's own hand or creature, under a
       * heading; a renderer draws there what the player picks from, so that the board, it and
       * the choices share a laptop's first screen. Called once a view.
       */
      ownBox(heading) {
        ui.own.setAttribute("aria-label", heading);
        htmlEl("h4", {}, ui.own, heading);
        return htmlEl("div", { class: "evo-own-table", "data-own": "true" }, ui.own);
      },
      act: (index) => model.send({ type: "act", index }),
      /** Make a board element clickable (mouse and keyboard) if it is an action's target. */
      clickable(node, target, label) {
        const options = targets.get(target);
        if (!options) return false;
        const what = options.length === 1 ? options[0].label : t("n_choices", { n: options.length });
        makeTarget(node, `${label}: ${what}`, () => choose(target));
        return true;
      },
    };
  };

  // The kernel sends each metric row once: a view carries the rows since the last one
  // (plot.start = how many came before). A page that missed some (drawn late, a second view
  // of the widget) asks for the whole history once.
  const updatePlot = (view) => {
    const spec = model.get("plot_spec") || {};
    const data = view.plot;
    ui.plotBox.hidden = !data || !spec.panels;
    if (!data || !spec.panels) return;
    if (!plot || plot.spec !== spec) {
      ui.plotHost.replaceChildren();
      plot = createLivePlot(ui.plotHost, spec);
      plotEpoch = null;
    }
    if (data.epoch !== plotEpoch) {
      if (data.start !== 0) {
        askHistory();
        return;
      }
      plot.reset();
      plotEpoch = data.epoch;
    }
    if (data.start > plot.count) {
      askHistory();
      return;
    }
    const fresh = data.rows.slice(plot.count - data.start);
    if (fresh.length) {
      plot.append(fresh);
      plotFrames += 1;
      ui.root.dataset.plotFrames = String(plotFrames);
    }
  };

  const update = () => {
    const view = model.get("view") || {};
    if (!view.game) return;
    const started = performance.now();
    const changed = (name, value) => { // draw a part again only when its data changed
      const key = JSON.stringify(value);
      if (drawn[name] === key) return false;
      drawn[name] = key;
      return true;
    };
    const filtered = filter !== null;
    filter = null;
    ui.title.textContent = view.title;
    const served = view.served || null;
    ui.root.classList.toggle("evo-served", !!served);
    ui.served.hidden = !served;
    ui.served.textContent = served ? [served.text, served.result].filter(Boolean).join(" ") : "";
    ui.seedLabel.textContent = served ? t("dealt_by_class")
      : view.seed == null  // null or undefined (a page whose view has no seed): no seed shown
        ? t("seed_hidden")
        : t("seed_shown", { seed: view.seed });
    ui.stepButton.title = view.human_turn
      ? t("step_tip_human", { bot: botName(t, view.helper_bot) })
      : t("step_tip_bots");
    if (ui.status.textContent !== view.status) {
      ui.status.textContent = view.status;
      flash(ui.status); // a brief cue that the turn moved on (none under reduced motion)
    }
    const cover = view.cover || null;
    ui.cover.hidden = !view.covered;
    ui.coverText.textContent = view.covered ? (cover ? cover.text : view.status) : "";
    ui.reveal.hidden = !!(cover && !cover.reveal);
    // the choices are drawn again only when they changed (or a board place had narrowed them)
    if (changed("actions", [view.actions, view.over, view.human_turn]) || filtered) {
      const hadFocusInActions = ui.actions.contains(document.activeElement);
      renderActions(ui, view, model, null, t);
      if (hadFocusInActions) ui.actions.querySelector("button")?.focus();
    }
    drawLog(view.log);
    const tl = view.timeline;
    ui.slider.max = String(tl.length);
    ui.slider.value = String(tl.position);
    const moveOf = t("move_of", { position: tl.position, length: tl.length });
    ui.slider.setAttribute("aria-valuetext", moveOf);
    ui.sliderText.textContent = moveOf;
    ui.stepButton.disabled = view.over;
    ui.playButton.disabled = view.over;
    ui.undoButton.disabled = tl.position === 0;
    const code = view.code || { ready: true, note: "" };
    ui.getCode.disabled = !code.ready;
    ui.codeNote.hidden = code.ready;
    ui.codeNote.textContent = code.ready ? "" : code.note;
    if (!code.ready) ui.codeOut.value = "";
    if (changed("seats", [view.seats, view.bots])) renderSeats(ui, view, model, t);
    renderResult(ui, view);
    if (changed("table", view.table)) renderTable(ui, view);
    if (ui.description.textContent !== view.description) {
      ui.description.textContent = view.description;
    }
    ui.board.replaceChildren();
    ui.own.replaceChildren();
    const renderer = RENDERERS[view.game];
    if (renderer) renderer(ui.board, view.board, context(view));
    else htmlEl("pre", {}, ui.board, view.description);
    // a covered seat (people taking turns at one screen) shows none of its own cards either
    ui.own.hidden = view.covered || !ui.own.childElementCount;
    // the plot rows arrive in the same message as the view: drawn with the board
    updatePlot(view);
    ui.root.dataset.position = String(tl.position);
    ui.root.dataset.game = view.game; // which game (a test tells the games' widgets apart)
    // how long drawing a view took in the page (benchmarks/bench_browser.py reports it)
    ui.root.dataset.renderMs = (performance.now() - started).toFixed(1);
  };

  // The newest events are at the bottom, and the log follows them unless the student has
  // scrolled up to read (the scroll listener keeps that in data-scrolled). Scrolling is done
  // when the browser has laid the log out anyway: a ResizeObserver watches the log (a log drawn
  // before the widget is on screen has no height yet) and its newest entry (called when that
  // entry is first laid out). Reading the log's size while drawing would make the browser lay
  // out the whole page in the middle of a click, more than once.
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
  let logTail = null; // the newest entry, watched until it is laid out
  let logKeys = []; // the entries shown, as step and text

  // The kernel sends the latest entries, a window that slides as the game goes on: only the
  // entries that left it are removed and only the new ones added.
  const drawLog = (entries) => {
    const keys = entries.map((e) => `${e.step}\u0000${e.text}`);
    const { drop, keep } = logSplice(logKeys, keys);
    if (drop === 0 && keep === keys.length) return;
    if (drop === logKeys.length) ui.log.replaceChildren();
    else for (let n = 0; n < drop; n += 1) ui.log.firstElementChild.remove();
    for (const entry of entries.slice(keep)) {
      htmlEl("li", { value: entry.step }, ui.log, entry.text);
    }
    logKeys = keys;
    if (logTail) logObserver?.unobserve(logTail);
    logTail = ui.log.lastElementChild;
    if (logTail) logObserver?.observe(logTail);
    else if (!logObserver) scrollLogToEnd();
  };

  const updateError = () => {
    const message = model.get("error");
    ui.error.hidden = !message;
    ui.error.textContent = message || "";
  };

  const onCustom = (msg, buffers) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "csv") {
      download(ui.root, msg.text, "text/csv", msg.filename);
    } else if (msg.type === "png" && buffers && buffers.length) {
      download(ui.root, buffers[0], "image/png", msg.filename);
    } else if (msg.type === "code") {
      ui.codeOut.value = msg.code;
      ui.codeOut.select();
    } else if (msg.type === "plot_history" && plot) {
      historyAsked = false;
      const view = model.get("view") || {};
      if (!view.plot || msg.epoch !== view.plot.epoch) return; // an answer to an older game
      plot.reset();
      plotEpoch = msg.epoch;
      plot.append(msg.rows);
      plotFrames += 1;
      ui.root.dataset.plotFrames = String(plotFrames);
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
  };
}

export default { render };
