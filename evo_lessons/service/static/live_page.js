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
//
// Words. The page holds no English: every word comes from the service in the page's language
// (evo_lessons/service/page_words.py), in the JSON block #live-words, read by t("key", {vars}).
// Numbers are written with Intl.NumberFormat in that language. The teacher picks the language
// in the teacher's panel (kept in a cookie, as the layout is kept); the page's requests carry it
// (Accept-Language), so the service's sentences (a refusal) come in it too.

const POLL_MS = 2000;
const STORE = "evo-live-page:";
const GAMES = ["climate", "niche", "adaptation", "adapt_or_die", "phylo"];
const LANG_COOKIE = "evo_live_lang";

/** The page's words (service/page_words.py), in its language. */
const WORDS = (() => {
  const node = document.getElementById("live-words");
  try {
    return JSON.parse(node ? node.textContent || "{}" : "{}");
  } catch (error) {
    return {};
  }
})();
const LANG = (WORDS.lang || document.documentElement.lang || "en").replace("_", "-");
const NUMBER = new Intl.NumberFormat(LANG, { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat(LANG, { style: "percent", maximumFractionDigits: 0 });
// the confidence level of every interval shown ("95%", as the language writes it)
const LEVEL = PERCENT.format(0.95);

/** One of the page's words, its {placeholders} filled in (the key itself if it is missing).
 * @param {string} key
 * @param {Object<string, any>} [vars] */
function t(key, vars = {}) {
  const text = (WORDS.words && WORDS.words[key]) || key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** A plural entry's form for n, with n written in the page's language. */
function tn(key, n) {
  const forms = (WORDS.plurals && WORDS.plurals[key]) || { one: key, other: key };
  return (n === 1 ? forms.one : forms.other).replace("{n}", NUMBER.format(n));
}

/** A game's name on the projector (short), or its title: ``game`` is the game's name, or its
 * English short title (a student's row in the summary names the game so). */
function gameName(game, short = true) {
  const games = WORDS.games || {};
  const found = games[game] || games[(WORDS.by_title || {})[game]];
  if (!found) return game;
  return short ? found.short : found.title;
}

/** A measure's name in the page's language (the summary names it in English). */
function measureName(game, measure) {
  const found = WORDS.games && WORDS.games[game];
  return (found && found.measures[measure]) || measure;
}

/** A setup's title as the summary numbers it ("Niche (2)"), in the page's language. */
function setupTitle(setup, short = true) {
  const number = /\((\d+)\)$/.exec(short ? setup.short || setup.title : setup.title);
  const name = gameName(setup.game, short);
  return number ? `${name} (${number[1]})` : name;
}
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

function who(student) {
  return page.hide ? t("student_n", { id: student.id }) : student.name;
}

function nameOf(name, summary) {
  if (!page.hide) return name;
  const found = summary.students.find((s) => s.name === name);
  return found ? t("student_n", { id: found.id }) : t("a_student");
}

function fmt(value, share) {
  if (value === null || value === undefined) return "–";
  if (share) return PERCENT.format(value);
  return Math.abs(value) >= 10000 ? compactNumber(Number(value.toFixed(2))) : NUMBER.format(value);
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
  if (side) return t("nothing_to_measure");
  return skipped ? t("not_simulated") : t("simulating");
}

function sideWords(label, side, share, skipped = false) {
  if (!side || side.value === null) return t("side_missing", { label, missing: missingWords(side, skipped) });
  const range = side.low !== null ? t("side_range", { level: LEVEL, low: fmt(side.low, share), high: fmt(side.high, share) }) : "";
  return t("side_value", { label, value: fmt(side.value, share), range, games: tn("n_games", side.n) });
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
  // room for the side labels ("our class": bold 20px) in the page's language
  const label = Math.max(textWidth(t("our_class"), 20, true), textWidth(t("chance"), 20, true));
  const left = Math.max(118, Math.ceil(label) + 16);
  const right = PLOT_WIDTH - 74;
  const svg = svgEl("svg", { viewBox: `0 0 ${PLOT_WIDTH} ${height}`, class: "interval" }, parent);
  const words = [];
  shown.forEach((measure, m) => {
    const share = measure === first;
    const top = m * (blockH + block.gap);
    const [lo, hi] = domainOf(measure, share);
    const x = (v) => left + ((v - lo) / (hi - lo)) * (right - left);
    const name = measureName(setup.game, measure.measure);
    words.push(t("plot_words", {
      measure: name,
      ours: sideWords(t("our_class"), measure.class, share),
      theirs: sideWords(t("chance"), measure.chance, share, setup.chance_skipped),
    }));
    svgEl("text", { x: 0, y: top + 19, class: "measure" }, svg, fitText(name, PLOT_WIDTH, 19));
    const axisY = top + block.label + block.row * 2;
    for (const tick of niceTicks(lo, hi, 4)) {
      svgEl("line", { x1: x(tick), x2: x(tick), y1: top + block.label, y2: axisY, class: "grid" }, svg);
      svgEl("text", { x: x(tick), y: axisY + 18, "text-anchor": "middle", class: "tick" }, svg, fmt(tick, share));
    }
    [[t("our_class"), measure.class, "ours"], [t("chance"), measure.chance, "chance"]].forEach(([label, side, kind], i) => {
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
  labelled(svg, `${setupTitle(setup, false)}: ${words.join(". ")}.`);
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
    htmlEl("p", { class: "empty" }, host, t("no_counted_game"));
  }
  for (const setup of summary.setups) {
    const figure = htmlEl("figure", { class: "card" }, host);
    const caption = htmlEl("figcaption", {}, figure);
    htmlEl("span", { class: "card-title" }, caption, setupTitle(setup));
    const deal = setup.fixed_deal ? t("deal_class") : t("deal_fresh");
    htmlEl("span", { class: "card-n" }, caption, t("card_n", { counted: tn("n_counted", setup.n), deal }));
    setupPlot(figure, setup);
  }
  drawNumbers(summary);
}

function drawNumbers(summary) {
  const host = byId("numbers");
  host.replaceChildren();
  if (!summary.setups.length) htmlEl("p", { class: "empty" }, host, t("no_counted_game_short"));
  for (const setup of summary.setups) {
    const rows = [];
    setup.measures.forEach((m, i) => {
      for (const [label, side] of [[t("our_class"), m.class], [t("chance"), m.chance]]) {
        const share = i === 0;
        rows.push([measureName(setup.game, m.measure), label, side ? NUMBER.format(side.n) : "–",
          side ? fmt(side.value, share) : missingWords(side, setup.chance_skipped),
          side && side.low !== null ? t("interval_range", { low: fmt(side.low, share), high: fmt(side.high, share) }) : "–"]);
      }
    });
    const title = setupTitle(setup, false);
    const region = htmlEl("div", { class: "numbers", role: "region", "aria-label": t("numbers_region", { title }), tabindex: 0 }, host);
    const columns = [t("col_measure"), t("col_who"), t("col_games"), t("col_value"), t("col_interval", { level: LEVEL })];
    region.append(table(columns, rows, `${title}: ${setup.setup}`));
  }
}

function doingOf(student, state) {
  const game = gameName(student.game);
  if (state === "stuck") return t("doing_stuck", { minutes: NUMBER.format(minutesSince(student.last_move)), game });
  if (state === "playing") return t("doing_playing", { game, moves: NUMBER.format(student.moves) });
  if (state === "finished") return t("doing_finished", { counted: tn("n_counted", student.class_games) });
  return student.practice ? t("doing_practice", { practice: tn("n_practice", student.practice) }) : t("doing_none");
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
  if (!cells.length) htmlEl("li", { class: "empty" }, grid, t("nobody"));
  for (const [state, n] of Object.entries(counts)) byId(`n-${state}`).textContent = NUMBER.format(n);
  document.body.dataset.stuck = String(counts.stuck);
}

function drawStudents(summary) {
  const rows = summary.students.map((s) => {
    const cell = htmlEl("span");
    if (s.may_rejoin) cell.textContent = t("may_rejoin");
    else {
      const button = htmlEl("button", { type: "button", class: "rejoin", "aria-label": t("let_join_again_label", { name: who(s) }), "data-student": s.id }, cell, t("let_join_again"));
      button.addEventListener("click", () => letJoinAgain(s));
    }
    return [who(s), s.class_games, s.practice, s.apart, s.refused, cell];
  });
  const host = byId("students");
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = active && host.contains(active) ? active.dataset.student : null;
  host.replaceChildren(rows.length
    ? table([t("col_student"), t("col_counted"), t("col_practice"), t("col_apart"), t("col_refused"), t("col_lost")], rows,
      t("joined_n", { n: NUMBER.format(rows.length) }))
    : htmlEl("p", { class: "empty" }, null, t("nobody")));
  if (focused) {
    const again = /** @type {HTMLElement | null} */ (host.querySelector(`button[data-student="${focused}"]`));
    if (again) again.focus();
  }
}

function dealWords(deal) {
  if (deal.seed !== null && deal.seed !== undefined) return t("deal_seed_words", { seed: deal.seed });
  return deal.scenario ? t("deal_scenario_words") : t("deal_secret_words");
}

function drawLists(summary) {
  const deals = Object.entries(summary.deals);
  byId("deals").replaceChildren(deals.length
    ? table([t("col_game"), t("col_deal"), t("col_how")], deals.map(([game, d]) => [
      gameName(game), t("deal_round", { round: d.round }), dealWords(d)]))
    : htmlEl("p", { class: "empty" }, null, t("first_deal")));
  byId("games-count").textContent = t("games_count", {
    playing: NUMBER.format(summary.playing.length), finished: NUMBER.format(summary.finished) });
  byId("playing").replaceChildren(summary.playing.length
    ? table([t("col_student"), t("col_game"), t("col_moves"), t("col_last_move"), t("col_deal")], summary.playing.map((g) => [
      nameOf(g.student, summary), gameName(g.game, false), NUMBER.format(g.moves),
      t("minutes_ago", { minutes: NUMBER.format(minutesSince(g.last_move)) }), t("deal_round", { round: g.round })]))
    : htmlEl("p", { class: "empty" }, null, t("no_game_in_play")));
  byId("practice").replaceChildren(summary.practice_setups.length
    ? table([t("col_game"), t("col_codes"), t("col_won", { level: LEVEL }), t("col_setup")], summary.practice_setups.map((p) => [
      gameName(p.game, false), NUMBER.format(p.n),
      t("won_range", { value: fmt(p.won.value, true), low: fmt(p.won.low, true), high: fmt(p.won.high, true) }), p.setup]))
    : htmlEl("p", { class: "empty" }, null, t("none")));
  for (const [id, list] of [["apart", summary.apart_list], ["refused", summary.refused_list]]) {
    byId(id).replaceChildren(list.length
      ? table([t("col_student"), t("col_game"), t("col_why"), t("col_reason")], list.slice().reverse().map((r) => [
        nameOf(r.student, summary), r.game ? gameName(r.game, false) : "", r.problem, r.reason]))
      : htmlEl("p", { class: "empty" }, null, t("none")));
  }
}

function drawStatus(summary) {
  const checked = page.checked ? page.checked.toLocaleTimeString(LANG, { hour12: false }) : "";
  const counts = [
    tn("n_counted", summary.class_games),
    tn("n_practice", summary.practice),
    t("n_apart", { n: NUMBER.format(summary.apart) }),
    t("n_refused", { n: NUMBER.format(summary.refused) }),
  ].join(", ");
  const line = t("status_line", { counts, time: checked });
  byId("status").textContent = summary.paused ? `${t("paused_line")} ${line}` : line;
}

function draw(summary) {
  page.last = summary;
  page.paused = summary.paused;
  document.body.classList.toggle("paused", summary.paused);
  const pause = byId("pause");
  pause.textContent = summary.paused ? t("resume") : t("pause");
  pause.setAttribute("aria-pressed", String(summary.paused));
  // a class's name is the teacher's (data); a class nobody named keeps the page's own title
  if (summary.class && summary.class !== WORDS.default_class) byId("title").textContent = summary.class;
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
    const headers = page.etag ? { "If-None-Match": page.etag, "Accept-Language": LANG } : { "Accept-Language": LANG };
    const answer = await fetch("api/summary", { credentials: "same-origin", cache: "no-store", headers });
    const date = Date.parse(answer.headers.get("Date") || "");
    if (!Number.isNaN(date)) page.offset = date - Date.now();
    if (answer.status === 304 && page.last) {
      page.checked = new Date();
      redrawClock();
    } else if (!answer.ok) {
      byId("status").textContent = answer.status === 401 || answer.status === 403 ? t("needs_token") : t("no_answer");
    } else {
      const summary = await answer.json();
      page.etag = answer.headers.get("ETag") || (summary.version !== undefined ? `"${summary.version}"` : null);
      page.checked = new Date();
      draw(summary);
    }
  } catch (error) {
    byId("status").textContent = t("unreachable");
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
      headers: { "Content-Type": "application/json", "Accept-Language": LANG },
      body: JSON.stringify(body),
    });
    data = await answer.json();
  } catch (error) {
    return { ok: false, data: { error: t("not_changed") } };
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
  const sure = await confirmAction(t("rejoin_title", { name: who(student) }), t("rejoin_text"), t("let_join_again"));
  if (!sure) return;
  const { ok, data } = await post("api/rejoin", { student: student.id });
  // the one-time code the student types as the join code with their name (teacher's panel only)
  byId("rejoin-answer").textContent = !ok
    ? t("not_done", { error: data.error })
    : data.rejoin_code
      ? t("rejoin_code", { who: who(student), name: student.name, code: data.rejoin_code })
      : t("rejoin_done", { who: who(student), name: student.name });
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
  for (const game of GAMES) htmlEl("option", { value: game }, select, gameName(game));
  const seedBox = byId("deal-seed");
  const answerLine = byId("deal-answer");
  seedBox.addEventListener("invalid", () => {
    answerLine.textContent = t("seed_invalid");
  });
  byId("deal").addEventListener("submit", async (event) => {
    event.preventDefault();
    answerLine.textContent = "";
    const body = { game: select.value };
    const seed = seedBox.value.trim();
    const scenario = byId("deal-scenario").value.trim();
    if (seed) body.seed = Number(seed);
    if (scenario) body.scenario = scenario;
    const game = gameName(select.value);
    const how = seed ? t("how_seed", { seed }) : scenario ? t("how_scenario") : t("deal_secret_words");
    const sure = await confirmAction(
      t("deal_confirm_title", { game }),
      t("deal_confirm_text", { game, how }),
      t("deal_submit"),
    );
    if (!sure) {
      answerLine.textContent = t("not_dealt");
      return;
    }
    const { ok, data } = await post("api/deal", body);
    answerLine.textContent = ok
      ? t("dealt", { game: gameName(data.game), round: data.round, how: dealWords(data) })
      : t("not_dealt_because", { error: data.error });
  });
}

/** The teacher's choice of language: kept in a cookie (the service reads it when it serves the
 * page), and the page loaded again in it. */
function setUpLanguage() {
  const select = byId("language");
  for (const { lang, name } of WORDS.languages || []) {
    const option = htmlEl("option", { value: lang, lang: lang.replace("_", "-") }, select, name);
    if (lang === WORDS.lang) option.selected = true;
  }
  select.addEventListener("change", () => {
    const where = location.pathname.replace(/[^/]*$/, "");
    document.cookie = `${LANG_COOKIE}=${encodeURIComponent(select.value)}; path=${where}; max-age=31536000; SameSite=Strict`;
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.assign(url.toString());
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
  setUpLanguage();
  poll();
}

setUp();
