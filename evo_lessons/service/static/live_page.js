// live_page.js: the class service's live page. Served joined after the front-end kit (dom.js and
// plot.js, by evo_lessons.widgets.frontend.assemble), so it draws with the kit's own helpers:
// svgEl/htmlEl/labelled/fitText from dom.js, niceTicks/compactNumber from plot.js.
//
// Two layouts. The projector layout (the default) fits one 1920x1080 screen for a class of 30
// playing five games: the join address and code in large type, how many joined / are playing /
// finished / stuck, each game's class-against-chance plot under its title, and who is doing what
// (only while names are shown). It shows no seed and no control that changes the class. The
// teacher's layout adds the teacher's panel: pause, deal again (seeds), let join again,
// downloads and every list. Layout and "Hide names" are kept in localStorage across reloads.
//
// Polling: one request at a time. The page asks for /api/summary with If-None-Match of the
// ETag of the summary it has (the class's version; the service answers 304 while nothing
// changed), and asks again POLL_MS after the answer, never before it. "Stuck" is worked out here from each game's last move and the
// service's clock (its Date header), so it updates while the summary does not change.

const POLL_MS = 2000;
const STORE = "evo-live-page:";
const GAMES = ["climate", "niche", "adaptation", "adapt_or_die", "phylo"];
const GAME_TITLES = {
  climate: "Climate",
  niche: "Niche",
  adaptation: "Adaptation",
  adapt_or_die: "Adapt or Die",
  phylo: "Phylo",
};
// measures drawn per game on the projector (every measure is in the teacher's tables)
const MEASURES_SHOWN = 2;
const PLOT_WIDTH = 580;

const page = {
  hide: false,
  layout: "projector",
  last: null,
  etag: null, // the service's ETag of the summary drawn: sent back as If-None-Match
  offset: 0, // the service's clock minus this computer's (ms)
  checked: null,
  drawn: "",
  inFlight: false,
  again: false,
  timer: null,
  paused: false,
};

/** The page's element with this id (the page's own inputs and selects among them).
 * @param {string} id
 * @returns {HTMLInputElement} */
function byId(id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}

function remember(key, value) {
  try {
    localStorage.setItem(STORE + key, value);
  } catch (error) {
    // private windows may refuse storage: the page still works, it only forgets
  }
}

function recall(key) {
  try {
    return localStorage.getItem(STORE + key);
  } catch (error) {
    return null;
  }
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function who(student) {
  return page.hide ? `Student ${student.id}` : student.name;
}

function nameOf(name, summary) {
  if (!page.hide) return name;
  const found = summary.students.find((s) => s.name === name);
  return found ? `Student ${found.id}` : "a student";
}

function fmt(value, share) {
  if (value === null || value === undefined) return "–";
  return share ? `${Math.round(value * 100)}%` : compactNumber(Number(value.toFixed(2)));
}

function serverNow() {
  return Date.now() + page.offset;
}

function minutesSince(when) {
  return Math.max(0, Math.floor((serverNow() - Date.parse(when)) / 60000));
}

/** A student's state now: "stuck" is "playing" with no move for the summary's stuck_after. */
function stateOf(student, summary) {
  if (student.state !== "playing" || !student.last_move) return student.state;
  const idle = (serverNow() - Date.parse(student.last_move)) / 1000;
  return idle > summary.stuck_after ? "stuck" : "playing";
}

function table(columns, rows, caption) {
  const node = htmlEl("table");
  if (caption) htmlEl("caption", {}, node, caption);
  const head = htmlEl("tr", {}, htmlEl("thead", {}, node));
  for (const c of columns) htmlEl("th", { scope: "col" }, head, c);
  const body = htmlEl("tbody", {}, node);
  for (const row of rows) {
    const tr = htmlEl("tr", {}, body);
    for (const cell of row) {
      if (cell instanceof Node) htmlEl("td", {}, tr).append(cell);
      else htmlEl("td", {}, tr, cell === null || cell === undefined ? "" : String(cell));
    }
  }
  return node;
}

/** What a plot row says when it has no point: chance not simulated yet, or nothing to measure. */
function missingWords(side, skipped = false) {
  if (side) return "nothing to measure";
  return skipped ? "not simulated" : "simulating…";
}

function sideWords(label, side, share, skipped = false) {
  if (!side || side.value === null) return `${label}: ${missingWords(side, skipped)}`;
  const range = side.low !== null ? ` (95% interval ${fmt(side.low, share)} to ${fmt(side.high, share)})` : "";
  return `${label} ${fmt(side.value, share)}${range}, ${plural(side.n, "game", "games")}`;
}

/** The domain of a measure's plot: a share from 0 to 1; a mean from its intervals. */
function domainOf(measure, share) {
  if (share) return [0, 1];
  let lo = Infinity;
  let hi = -Infinity;
  for (const side of [measure.class, measure.chance]) {
    if (!side || side.value === null) continue;
    for (const v of [side.value, side.low, side.high]) {
      if (v === null || v === undefined) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (lo === Infinity) return [0, 1];
  if (lo >= 0) lo = 0; // counts start at 0, so two plots read alike
  if (!(hi > lo)) hi = lo + 1;
  const ticks = niceTicks(lo, hi, 4);
  return [Math.min(lo, ticks[0]), Math.max(hi, ticks[ticks.length - 1])];
}

/** Class and chance for the first measures of a setup: points with 95% interval whiskers. */
function setupPlot(parent, setup) {
  // the win share, then the first measures the class has a number for
  const [first, ...rest] = setup.measures;
  const shown = [first, ...rest.filter((m) => m.class && m.class.value !== null)].slice(0, MEASURES_SHOWN);
  const block = { label: 26, row: 30, axis: 24, gap: 8 };
  const blockH = block.label + block.row * 2 + block.axis;
  const height = shown.length * blockH + (shown.length - 1) * block.gap;
  const left = 118;
  const right = PLOT_WIDTH - 74;
  const svg = svgEl("svg", { viewBox: `0 0 ${PLOT_WIDTH} ${height}`, class: "interval" }, parent);
  const words = [];
  shown.forEach((measure, m) => {
    const share = measure === first;
    const top = m * (blockH + block.gap);
    const [lo, hi] = domainOf(measure, share);
    const x = (v) => left + ((v - lo) / (hi - lo)) * (right - left);
    words.push(`${measure.measure}: ${sideWords("our class", measure.class, share)}; ${sideWords("chance", measure.chance, share, setup.chance_skipped)}`);
    svgEl("text", { x: 0, y: top + 19, class: "measure" }, svg, fitText(measure.measure, PLOT_WIDTH, 19));
    const axisY = top + block.label + block.row * 2;
    for (const tick of niceTicks(lo, hi, 4)) {
      svgEl("line", { x1: x(tick), x2: x(tick), y1: top + block.label, y2: axisY, class: "grid" }, svg);
      svgEl("text", { x: x(tick), y: axisY + 18, "text-anchor": "middle", class: "tick" }, svg, fmt(tick, share));
    }
    [["our class", measure.class, "ours"], ["chance", measure.chance, "chance"]].forEach(([label, side, kind], i) => {
      const y = top + block.label + block.row * i + block.row / 2;
      svgEl("text", { x: 0, y: y + 7, class: `side ${kind}` }, svg, label);
      if (!side || side.value === null) {
        svgEl("text", { x: left, y: y + 7, class: "waiting" }, svg, missingWords(side, setup.chance_skipped));
        return;
      }
      if (side.low !== null && side.high !== null) {
        svgEl("line", { x1: x(side.low), x2: x(side.high), y1: y, y2: y, class: `whisker ${kind}` }, svg);
        for (const end of [side.low, side.high]) {
          svgEl("line", { x1: x(end), x2: x(end), y1: y - 8, y2: y + 8, class: `whisker ${kind}` }, svg);
        }
      }
      if (kind === "ours") svgEl("circle", { cx: x(side.value), cy: y, r: 8, class: `mark ${kind}` }, svg);
      else svgEl("rect", { x: x(side.value) - 7, y: y - 7, width: 14, height: 14, class: `mark ${kind}` }, svg);
      svgEl("text", { x: PLOT_WIDTH, y: y + 7, "text-anchor": "end", class: `value ${kind}` }, svg, fmt(side.value, share));
    });
  });
  labelled(svg, `${setup.title}: ${words.join(". ")}.`);
  return svg;
}

function drawSetups(summary) {
  const host = byId("setups");
  const key = JSON.stringify(summary.setups);
  if (key === page.drawn) return; // nothing new: keep the drawing
  page.drawn = key;
  host.replaceChildren();
  host.dataset.count = String(summary.setups.length);
  if (!summary.setups.length) {
    htmlEl("p", { class: "empty" }, host, "No counted game yet: counted games are the ones the class deals.");
  }
  for (const setup of summary.setups) {
    const figure = htmlEl("figure", { class: "card" }, host);
    const caption = htmlEl("figcaption", {}, figure);
    htmlEl("span", { class: "card-title" }, caption, setup.short || setup.title);
    const deal = setup.fixed_deal ? "the class's deal" : "fresh deals";
    htmlEl("span", { class: "card-n" }, caption, `${plural(setup.n, "counted game", "counted games")} · chance on ${deal}`);
    setupPlot(figure, setup);
  }
  drawNumbers(summary);
}

function drawNumbers(summary) {
  const host = byId("numbers");
  host.replaceChildren();
  if (!summary.setups.length) htmlEl("p", { class: "empty" }, host, "No counted game yet.");
  for (const setup of summary.setups) {
    const rows = [];
    setup.measures.forEach((m, i) => {
      for (const [label, side] of [["our class", m.class], ["chance", m.chance]]) {
        const share = i === 0;
        rows.push([m.measure, label, side ? side.n : "–", side ? fmt(side.value, share) : "simulating",
          side && side.low !== null ? `${fmt(side.low, share)} to ${fmt(side.high, share)}` : "–"]);
      }
    });
    const region = htmlEl("div", { class: "numbers", role: "region", "aria-label": `The numbers behind the plot: ${setup.title}`, tabindex: 0 }, host);
    region.append(table(["measure", "who", "games", "value", "95% interval"], rows, `${setup.title}: ${setup.setup}`));
  }
}

function doingOf(student, state) {
  if (state === "stuck") return `stuck ${minutesSince(student.last_move)} min · ${student.game}`;
  if (state === "playing") return `${student.game} · move ${student.moves}`;
  if (state === "finished") return `finished · ${plural(student.class_games, "counted game", "counted games")}`;
  return student.practice ? `not started · ${plural(student.practice, "practice code", "practice codes")}` : "not started";
}

function drawGrid(summary) {
  const counts = { joined: summary.students.length, playing: 0, finished: 0, stuck: 0 };
  const cells = [];
  for (const s of summary.students) {
    const state = stateOf(s, summary);
    if (state !== "joined") counts[state] += 1; // "joined" counts everyone
    const cell = htmlEl("li", { class: `cell ${state}` });
    htmlEl("span", { class: "name" }, cell, who(s));
    htmlEl("span", { class: "doing" }, cell, doingOf(s, state));
    cells.push(cell);
  }
  const grid = byId("grid");
  grid.replaceChildren(...cells);
  grid.dataset.size = cells.length > 30 ? "large" : "class";
  if (!cells.length) htmlEl("li", { class: "empty" }, grid, "Nobody has joined yet.");
  for (const [state, n] of Object.entries(counts)) byId(`n-${state}`).textContent = String(n);
  document.body.dataset.stuck = String(counts.stuck);
}

function drawStudents(summary) {
  const rows = summary.students.map((s) => {
    const cell = htmlEl("span");
    if (s.may_rejoin) cell.textContent = "may join again";
    else {
      const button = htmlEl("button", { type: "button", class: "rejoin", "aria-label": `Let join again: ${who(s)}`, "data-student": s.id }, cell, "Let join again");
      button.addEventListener("click", () => letJoinAgain(s));
    }
    return [who(s), s.class_games, s.practice, s.apart, s.refused, cell];
  });
  const host = byId("students");
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = active && host.contains(active) ? active.dataset.student : null;
  host.replaceChildren(rows.length
    ? table(["student", "counted", "practice", "apart", "refused", "lost their place?"], rows, `${rows.length} joined`)
    : htmlEl("p", { class: "empty" }, null, "Nobody has joined yet."));
  if (focused) {
    const again = /** @type {HTMLElement | null} */ (host.querySelector(`button[data-student="${focused}"]`));
    if (again) again.focus();
  }
}

function dealWords(deal) {
  if (deal.seed !== null && deal.seed !== undefined) return `seed ${deal.seed}: one deal for the whole class`;
  return deal.scenario ? "a scenario code: one deal for the whole class" : "a secret deal for each student";
}

function drawLists(summary) {
  const deals = Object.entries(summary.deals);
  byId("deals").replaceChildren(deals.length
    ? table(["game", "deal", "how"], deals.map(([game, d]) => [GAME_TITLES[game] || game, `deal ${d.round}`, dealWords(d)]))
    : htmlEl("p", { class: "empty" }, null, "The first deal of every game: a secret deal for each student."));
  byId("games-count").textContent = `${summary.playing.length} playing, ${summary.finished} finished.`;
  byId("playing").replaceChildren(summary.playing.length
    ? table(["student", "game", "moves", "last move", "deal"], summary.playing.map((g) => [
      nameOf(g.student, summary), g.title || g.game, g.moves, `${minutesSince(g.last_move)} min ago`, `deal ${g.round}`]))
    : htmlEl("p", { class: "empty" }, null, "No game in play."));
  byId("practice").replaceChildren(summary.practice_setups.length
    ? table(["game", "codes", "won (95% interval)", "setup"], summary.practice_setups.map((p) => [
      p.title, p.n, `${fmt(p.won.value, true)} (${fmt(p.won.low, true)} to ${fmt(p.won.high, true)})`, p.setup]))
    : htmlEl("p", { class: "empty" }, null, "None."));
  for (const [id, list] of [["apart", summary.apart_list], ["refused", summary.refused_list]]) {
    byId(id).replaceChildren(list.length
      ? table(["student", "game", "why", "reason"], list.slice().reverse().map((r) => [nameOf(r.student, summary), r.game || "", r.problem, r.reason]))
      : htmlEl("p", { class: "empty" }, null, "None."));
  }
}

function drawStatus(summary) {
  const checked = page.checked ? page.checked.toLocaleTimeString([], { hour12: false }) : "";
  const counts = [
    plural(summary.class_games, "counted game", "counted games"),
    plural(summary.practice, "practice code", "practice codes"),
    `${summary.apart} apart`,
    `${summary.refused} refused`,
  ].join(", ");
  byId("status").textContent = `${summary.paused ? "Paused by the teacher. " : ""}${counts}. Checked ${checked}.`;
}

function draw(summary) {
  page.last = summary;
  page.paused = summary.paused;
  document.body.classList.toggle("paused", summary.paused);
  const pause = byId("pause");
  pause.textContent = summary.paused ? "Start the class again" : "Pause the class";
  pause.setAttribute("aria-pressed", String(summary.paused));
  if (summary.class) byId("title").textContent = summary.class;
  byId("join-url").textContent = `${location.origin}${location.pathname.replace(/teacher$/, "")}`;
  byId("join-code").textContent = summary.join_code;
  drawStatus(summary);
  drawSetups(summary);
  drawGrid(summary);
  drawStudents(summary);
  drawLists(summary);
}

/** The time-dependent parts (stuck, "min ago") again, with no new summary. */
function redrawClock() {
  if (!page.last) return;
  drawStatus(page.last);
  drawGrid(page.last);
  drawLists(page.last);
}

function pollLater(ms = POLL_MS) {
  clearTimeout(page.timer);
  page.timer = setTimeout(poll, ms);
}

/** Ask for the summary: one request at a time; a call while one is out asks again after it. */
async function poll() {
  if (page.inFlight) {
    page.again = true;
    return;
  }
  clearTimeout(page.timer);
  page.inFlight = true;
  try {
    const headers = page.etag ? { "If-None-Match": page.etag } : {};
    const answer = await fetch("api/summary", { credentials: "same-origin", cache: "no-store", headers });
    const date = Date.parse(answer.headers.get("Date") || "");
    if (!Number.isNaN(date)) page.offset = date - Date.now();
    if (answer.status === 304 && page.last) {
      page.checked = new Date();
      redrawClock();
    } else if (!answer.ok) {
      byId("status").textContent = answer.status === 401 || answer.status === 403
        ? "This page needs the teacher's address (the one ending in ?token=…) again."
        : "The class service did not answer; trying again.";
    } else {
      const summary = await answer.json();
      page.etag = answer.headers.get("ETag") || (summary.version !== undefined ? `"${summary.version}"` : null);
      page.checked = new Date();
      draw(summary);
    }
  } catch (error) {
    byId("status").textContent = "The class service cannot be reached; trying again.";
  } finally {
    page.inFlight = false;
    if (page.again) {
      page.again = false;
      poll();
    } else {
      pollLater();
    }
  }
}

async function post(path, body) {
  let answer;
  let data;
  try {
    answer = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    data = await answer.json();
  } catch (error) {
    return { ok: false, data: { error: "The class service cannot be reached: nothing was changed." } };
  }
  poll();
  return { ok: answer.ok, data };
}

/** A real dialog (keyboard: Tab between the buttons, Enter, Escape cancels); true for yes. */
function confirmAction(title, text, yes) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("confirm"));
  byId("confirm-title").textContent = title;
  byId("confirm-text").textContent = text;
  byId("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.showModal();
    byId("confirm-cancel").focus();
  });
}

async function letJoinAgain(student) {
  const sure = await confirmAction(
    `Let ${who(student)} join again?`,
    `The seat and its results go to whoever joins next with this name and the one-time code shown here next. Do this only for a student who lost their place (another computer, a deleted file).`,
    "Let join again",
  );
  if (!sure) return;
  const { ok, data } = await post("api/rejoin", { student: student.id });
  // the one-time code the student types as the join code with their name (teacher's panel only)
  byId("rejoin-answer").textContent = !ok
    ? `Not done: ${data.error}`
    : data.rejoin_code
      ? `${who(student)} joins again with the name "${student.name}" and this code (once, within two hours): ${data.rejoin_code}`
      : `${who(student)} may join again with the name "${student.name}".`;
}

/** The projector layout is drawn for 1920x1080 and scaled to the screen it is on (a 1280x720
 * projector shows the same page smaller, a 4K screen larger); the teacher's layout is not. */
function fitScreen() {
  const scale = Math.min(window.innerWidth / 1920, window.innerHeight / 1080);
  const zoom = page.layout === "projector" ? Math.min(2, Math.max(0.5, scale)) : 1;
  document.body.style.zoom = zoom === 1 ? "" : String(Math.floor(zoom * 1000) / 1000);
}

function applyLayout(layout) {
  page.layout = layout === "teacher" ? "teacher" : "projector";
  document.body.dataset.layout = page.layout;
  fitScreen();
  byId("teacher").hidden = page.layout !== "teacher";
  byId("layout").setAttribute("aria-pressed", String(page.layout === "teacher"));
  remember("layout", page.layout);
}

function applyHide(hide) {
  page.hide = hide;
  byId("hide-names").checked = hide;
  document.body.classList.toggle("names-hidden", hide);
  byId("who").hidden = hide && page.layout === "projector";
  remember("hide-names", hide ? "yes" : "no");
}

function setUpDeal() {
  const select = byId("deal-game");
  for (const game of GAMES) htmlEl("option", { value: game }, select, GAME_TITLES[game]);
  const seedBox = byId("deal-seed");
  const answerLine = byId("deal-answer");
  seedBox.addEventListener("invalid", () => {
    answerLine.textContent = "Not dealt: a seed is a whole number (digits only, at most 15).";
  });
  byId("deal").addEventListener("submit", async (event) => {
    event.preventDefault();
    answerLine.textContent = "";
    const body = { game: select.value };
    const seed = seedBox.value.trim();
    const scenario = byId("deal-scenario").value.trim();
    if (seed) body.seed = Number(seed);
    if (scenario) body.scenario = scenario;
    const title = GAME_TITLES[select.value];
    const how = seed ? `seed ${seed}: the same deal for everyone` : scenario ? "the scenario code: the same deal for everyone" : "a secret deal for each student";
    const sure = await confirmAction(
      `Deal ${title} again for the whole class?`,
      `Every student's next counted ${title} game will be a new deal (${how}). Games in play go on as they are.`,
      "Deal again",
    );
    if (!sure) {
      answerLine.textContent = "Not dealt.";
      return;
    }
    const { ok, data } = await post("api/deal", body);
    answerLine.textContent = ok
      ? `Dealt again: ${GAME_TITLES[data.game] || data.game}, deal ${data.round}, ${dealWords(data)}.`
      : `Not dealt: ${data.error}`;
  });
}

function setUp() {
  applyLayout(recall("layout") || "projector");
  applyHide(recall("hide-names") === "yes");
  byId("hide-names").addEventListener("change", (event) => {
    applyHide(/** @type {HTMLInputElement} */ (event.target).checked);
    page.drawn = "";
    if (page.last) draw(page.last);
  });
  byId("layout").addEventListener("click", () => {
    applyLayout(page.layout === "teacher" ? "projector" : "teacher");
    applyHide(page.hide);
    if (page.layout === "teacher") byId("teacher").scrollIntoView({ block: "start" });
  });
  byId("pause").addEventListener("click", () => post("api/pause", { paused: !page.paused }));
  window.addEventListener("resize", fitScreen);
  setUpDeal();
  poll();
}

setUp();
