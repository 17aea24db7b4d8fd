// live_page.js: the class service's live page. Served joined after the front-end kit (dom.js and
// plot.js, by evo_lessons.widgets.frontend.assemble), so it draws with the kit's own helpers:
// svgEl/htmlEl/labelled from dom.js, niceTicks/compactNumber and the plot's padding from plot.js.
// It polls /api/summary every two seconds (the page is current within one poll of a game's
// end), redraws only what changed, and keeps keyboard focus where it was.

const POLL_MS = 2000;
const CLASS_INK = "#0072B2"; // Okabe-Ito blue, as the class tools' figures
const CHANCE_INK = "#E69F00"; // Okabe-Ito orange
const GAMES = ["climate", "niche", "adaptation", "adapt_or_die", "phylo"];

const page = {
  hide: false,
  last: null,
  drawn: "",
  paused: false,
};

/** The page's element with this id (the page's own inputs and selects among them).
 * @param {string} id
 * @returns {HTMLInputElement} */
function byId(id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
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

/** One measure's class and chance as points with 95% interval whiskers (a small SVG). */
function intervalPanel(parent, measure, share) {
  const pad = PLOT_PAD;
  const width = 320;
  const rowH = 34;
  const height = pad.top + rowH * 2 + pad.bottom;
  const sides = [["our class", measure.class, CLASS_INK, "circle"], ["chance", measure.chance, CHANCE_INK, "square"]];
  let lo = share ? 0 : Infinity;
  let hi = share ? 1 : -Infinity;
  for (const [, side] of sides) {
    if (!side || side.value === null) continue;
    for (const v of [side.value, side.low, side.high]) {
      if (v === null || v === undefined) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (!(hi > lo)) [lo, hi] = [lo === Infinity ? 0 : lo - 1, hi === -Infinity ? 1 : hi + 1];
  const x = (v) => pad.left + 40 + ((v - lo) / (hi - lo)) * (width - pad.left - 40 - pad.right - 12);
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, class: "interval" }, parent);
  const words = sides
    .map(([label, side]) => side && side.value !== null
      ? `${label} ${fmt(side.value, share)}${side.low !== null ? ` (95% interval ${fmt(side.low, share)} to ${fmt(side.high, share)})` : ""}, ${side.n} games`
      : `${label}: not yet`)
    .join("; ");
  labelled(svg, `${measure.measure}: ${words}.`);
  const axisY = pad.top + rowH * 2;
  for (const tick of niceTicks(lo, hi, 4)) {
    svgEl("line", { x1: x(tick), x2: x(tick), y1: pad.top, y2: axisY, class: "grid" }, svg);
    svgEl("text", { x: x(tick), y: axisY + 14, "text-anchor": "middle", class: "tick" }, svg, fmt(tick, share));
  }
  sides.forEach(([label, side, ink, shape], i) => {
    const y = pad.top + rowH * i + rowH / 2;
    svgEl("text", { x: 4, y: y + 4, class: "side" }, svg, label);
    if (!side || side.value === null) {
      svgEl("text", { x: x(lo) + 4, y: y + 4, class: "tick" }, svg, label === "chance" ? "simulating…" : "no games");
      return;
    }
    if (side.low !== null && side.high !== null) {
      svgEl("line", { x1: x(side.low), x2: x(side.high), y1: y, y2: y, stroke: ink, "stroke-width": 3 }, svg);
      for (const end of [side.low, side.high]) {
        svgEl("line", { x1: x(end), x2: x(end), y1: y - 6, y2: y + 6, stroke: ink, "stroke-width": 2 }, svg);
      }
    }
    if (shape === "circle") {
      svgEl("circle", { cx: x(side.value), cy: y, r: 6, fill: ink, stroke: OUTLINE }, svg);
    } else {
      svgEl("rect", { x: x(side.value) - 5.5, y: y - 5.5, width: 11, height: 11, fill: ink, stroke: OUTLINE }, svg);
    }
  });
  svgEl("text", { x: width / 2, y: height - 4, "text-anchor": "middle", class: "tick" }, svg, measure.measure);
  return svg;
}

function drawSetups(summary) {
  const host = byId("setups");
  const key = JSON.stringify(summary.setups);
  if (key === page.drawn) return; // nothing new: keep the drawing (and any focus in it)
  page.drawn = key;
  host.replaceChildren();
  if (!summary.setups.length) {
    htmlEl("p", { class: "empty" }, host, "No counted game yet.");
    return;
  }
  for (const setup of summary.setups) {
    const figure = htmlEl("figure", { class: "setup" }, host);
    const plots = htmlEl("div", { class: "plots" }, figure);
    const shown = setup.measures.slice(0, 3);
    shown.forEach((m, i) => intervalPanel(plots, m, i === 0));
    const rows = [];
    for (const m of setup.measures) {
      for (const [label, side] of [["our class", m.class], ["chance", m.chance]]) {
        const share = m === setup.measures[0];
        rows.push([m.measure, label, side ? side.n : "–", side ? fmt(side.value, share) : "simulating",
          side && side.low !== null ? `${fmt(side.low, share)} to ${fmt(side.high, share)}` : "–"]);
      }
    }
    const numbers = htmlEl("div", { class: "numbers", role: "region", "aria-label": `The numbers behind the plot: ${setup.title}`, tabindex: 0 }, figure);
    numbers.append(table(["measure", "who", "games", "value", "95% interval"], rows));
    const deal = setup.fixed_deal ? "the teacher's deal" : "fresh deals";
    htmlEl("figcaption", {}, figure, `${setup.title}: ${setup.n} counted game(s); chance plays ${deal}. ${setup.setup}`);
  }
}

function drawStudents(summary) {
  const rows = summary.students.map((s) => {
    const cell = htmlEl("span");
    if (s.may_rejoin) cell.textContent = "may join again";
    else {
      const button = htmlEl("button", { type: "button", "aria-label": `Let ${who(s)} join again` }, cell, "Let join again");
      button.addEventListener("click", () => post("api/rejoin", { student: s.id }));
    }
    return [who(s), s.counted, s.apart, s.refused, cell];
  });
  const host = byId("students");
  const focused = host.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
  host.replaceChildren(rows.length
    ? table(["student", "counted", "apart", "refused", "lost their token?"], rows, `${rows.length} joined`)
    : htmlEl("p", { class: "empty" }, null, "Nobody has joined yet."));
  if (focused) {
    const again = [...host.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === focused);
    if (again) again.focus();
  }
}

function drawLists(summary) {
  byId("games-count").textContent = `${summary.playing.length} playing, ${summary.finished} finished.`;
  byId("playing").replaceChildren(summary.playing.length
    ? table(["student", "game", "deal"], summary.playing.map((g) => [nameOf(g.student, summary), g.game, `round ${g.round}`]))
    : htmlEl("p", { class: "empty" }, null, "No game in play."));
  for (const [id, list] of [["apart", summary.apart_list], ["refused", summary.refused_list]]) {
    byId(id).replaceChildren(list.length
      ? table(["student", "game", "why", "reason"], list.slice().reverse().map((r) => [nameOf(r.student, summary), r.game || "", r.problem, r.reason]))
      : htmlEl("p", { class: "empty" }, null, "None."));
  }
}

function draw(summary) {
  page.last = summary;
  page.paused = summary.paused;
  const pause = byId("pause");
  pause.textContent = summary.paused ? "Start the class again" : "Pause the class";
  pause.setAttribute("aria-pressed", String(summary.paused));
  byId("join").textContent = `Students join at ${location.origin}${location.pathname.replace(/teacher$/, "")} with the code ${summary.join_code}`;
  const counts = `${summary.counted} counted, ${summary.apart} apart, ${summary.refused} refused`;
  byId("status").textContent = `${summary.paused ? "Paused. " : ""}${counts}. Updated ${summary.updated.slice(11, 19)} UTC.`;
  drawSetups(summary);
  drawStudents(summary);
  drawLists(summary);
}

async function post(path, body) {
  const answer = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await answer.json();
  await poll();
  return { ok: answer.ok, data };
}

async function poll() {
  try {
    const answer = await fetch("api/summary", { credentials: "same-origin", cache: "no-store" });
    if (!answer.ok) {
      byId("status").textContent = answer.status === 401 || answer.status === 403
        ? "This page needs the teacher's address (the one ending in ?token=…) again."
        : "The class service did not answer; trying again.";
      return;
    }
    draw(await answer.json());
  } catch (error) {
    byId("status").textContent = "The class service cannot be reached; trying again.";
  }
}

function setUp() {
  const select = byId("deal-game");
  for (const game of GAMES) htmlEl("option", { value: game }, select, game.replace(/_/g, " "));
  byId("hide-names").addEventListener("change", (event) => {
    page.hide = /** @type {HTMLInputElement} */ (event.target).checked;
    page.drawn = "";
    if (page.last) draw(page.last);
  });
  byId("pause").addEventListener("click", () => post("api/pause", { paused: !page.paused }));
  byId("deal").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { game: select.value };
    const seed = byId("deal-seed").value.trim();
    const scenario = byId("deal-scenario").value.trim();
    if (seed) body.seed = Number(seed);
    if (scenario) body.scenario = scenario;
    const { ok, data } = await post("api/deal", body);
    byId("deal-answer").textContent = ok
      ? `Dealt again: ${data.game}, round ${data.round}${data.seed !== null ? `, seed ${data.seed}` : data.scenario ? ", the scenario code" : ", a secret deal each"}.`
      : data.error;
  });
  poll();
  setInterval(poll, POLL_MS);
}

setUp();
