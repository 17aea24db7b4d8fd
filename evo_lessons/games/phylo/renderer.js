// phylo.js: the Phylo table. The grid with our own card faces (name, scale, rank, diet colour AND
// its word, terrain and climate symbols, keywords, points), every card upright and readable from
// one screen (whose card: a frame in the seat's colour and a numbered token), a drawing of the
// species' group (plant, fungus, insect, bird, fish, mammal ...), food links as arrows (energy flows from food to eater), cards at
// risk outlined in dashes and marked "AT RISK". Select a card in your hand (or one of your mobile
// species on the board) and the spaces where it can go are outlined and clickable, with the
// mouse or with Tab and Enter/Space. Beside the grid (below it when the board is narrower than
// about 900 px), the same species as a food-web graph:
// one box per card, stacked by rank (producers on the left: energy enters there), arrows from
// each food to its eater; Tab to a box to hear what it eats and what eats it, and to light up
// its links and its space on the grid.

{
  const S = draw.svg;
  /** @type {string} */
  const INK = draw.OUTLINE;
  const previous = new WeakMap(); // board element -> last board drawn (to animate changes)
  const observers = new WeakMap(); // board element -> the ResizeObserver of its grid's frame

  const addStyle = () => draw.styleOnce("evo-phylo-style", `
      .evo-phylo-new { animation: evo-phylo-deal 0.6s ease-out; transform-box: fill-box;
                       transform-origin: center; }
      @keyframes evo-phylo-deal { 0% { transform: scale(0.4) rotate(-8deg); opacity: 0.2; } }
      .evo-phylo-gone { animation: evo-phylo-fade 2.2s ease-in forwards; pointer-events: none; }
      @keyframes evo-phylo-fade { 0%, 60% { opacity: 1; } 100% { opacity: 0; } }
      .evo-phylo-card > svg { float: left; margin: 0 4px 0 0; }
      .evo-phylo-hand { display: grid; gap: 4px;
                        grid-template-columns: repeat(auto-fill, minmax(138px, 1fr)); }
      .evo-phylo-hand-note { grid-column: 1 / -1; margin: 0; font-size: 12px; }
      .evo-phylo-mini { padding: 2px 4px; border: 1px solid #333; border-radius: 5px;
                        font-size: 12px; background: #fffdf7; color: #111; min-width: 0; }
      .evo-phylo-mini strong { display: block; }
      .evo-phylo-chosen { border: 3px solid #0072B2; padding: 0 2px; grid-column: 1 / -1; }
      .evo-phylo-band { font-weight: bold; padding: 0 3px; border-radius: 3px; margin-bottom: 2px; }
      .evo-phylo-more { clear: both; font-size: 11px; }
      .evo-phylo-places { clear: both; font-weight: bold; }
      @media (prefers-reduced-motion: reduce) {
        .evo-phylo-new { animation: none; }
        .evo-phylo-gone { animation: none; opacity: 0; }
      }`);

  // ---- one small drawing per group, in a 34 x 34 box -----------------------------------------
  const P = (g, d, fill, stroke = INK, width = 1.1) =>
    S("path", { d, fill, stroke, "stroke-width": width, "stroke-linecap": "round",
                "stroke-linejoin": "round" }, g);
  const C = (g, cx, cy, r, fill, stroke = INK) =>
    S("circle", { cx, cy, r, fill, stroke, "stroke-width": 1 }, g);
  const E = (g, cx, cy, rx, ry, fill, stroke = INK) =>
    S("ellipse", { cx, cy, rx, ry, fill, stroke, "stroke-width": 1 }, g);
  const GROUPS = {
    plant(g) { P(g, "M17 32 V12", "none", "#2f6b1f", 2); E(g, 11, 20, 6, 3, "#4caf50"); E(g, 23, 16, 6, 3, "#4caf50"); C(g, 17, 9, 4.5, "#F0E442"); C(g, 17, 9, 1.8, "#E69F00", "none"); },
    alga(g) { for (const x of [9, 17, 25]) P(g, `M${x} 32 q-5 -7 0 -14 t0 -14`, "none", "#2e8b57", 2.4); },
    fungus(g) { P(g, "M13 31 h8 l-1 -13 h-6z", "#f3e6cc"); P(g, "M3 19 Q17 -2 31 19z", "#D55E00"); C(g, 11, 13, 1.8, "#fff", "none"); C(g, 20, 9, 2, "#fff", "none"); C(g, 25, 15, 1.5, "#fff", "none"); },
    microbe(g) { E(g, 15, 17, 10, 7, "#9fd3a8"); C(g, 13, 16, 3, "#4a7a52"); P(g, "M25 17 q4 -5 7 0 t0 5", "none", INK, 1); },
    insect(g) { for (const y of [14, 18, 22]) P(g, `M9 ${y - 6} L17 ${y} L25 ${y - 6} M9 ${y + 4} L17 ${y} L25 ${y + 4}`, "none", INK, 1); E(g, 17, 9, 3.5, 3, "#333"); E(g, 17, 16, 3.6, 4, "#8a5a2b"); E(g, 17, 25, 5, 7, "#E69F00"); P(g, "M15 6 l-4 -5 M19 6 l4 -5", "none", INK, 1); },
    invertebrate(g) { P(g, "M3 29 h24 q5 0 5 -5", "#c9a66b"); C(g, 16, 20, 9, "#b07e56"); P(g, "M16 20 m-5 0 a5 5 0 1 1 5 5 a2.5 2.5 0 1 1 -2.5 -2.5", "none", INK, 1.1); P(g, "M29 24 l2 -7 M31 24 l3 -6", "none", INK, 1); },
    fish(g) { P(g, "M4 17 Q15 5 26 17 Q15 29 4 17z", "#56B4E9"); P(g, "M25 17 l7 -7 v14z", "#56B4E9"); C(g, 10, 15, 1.6, INK, "none"); P(g, "M14 12 q3 5 0 10", "none", INK, 0.9); },
    amphibian(g) { E(g, 17, 22, 12, 8, "#6fbf73"); C(g, 11, 14, 4, "#6fbf73"); C(g, 23, 14, 4, "#6fbf73"); C(g, 11, 13.5, 1.7, INK, "none"); C(g, 23, 13.5, 1.7, INK, "none"); P(g, "M11 24 q6 4 12 0", "none", INK, 1); P(g, "M5 28 l-3 4 M29 28 l3 4", "none", "#2f6b1f", 2); },
    reptile(g) { P(g, "M3 22 Q10 14 20 18 Q27 20 31 15", "none", INK, 5); P(g, "M3 22 Q10 14 20 18 Q27 20 31 15", "none", "#8fbc5a", 3.2); for (const x of [11, 22]) P(g, `M${x} 18 l-3 7 M${x} 18 l3 7`, "none", "#5a7a32", 1.6); C(g, 30, 14, 1, INK, "none"); },
    bird(g) { E(g, 15, 19, 9, 7, "#0072B2"); C(g, 24, 12, 5, "#0072B2"); P(g, "M28 12 l5 1.5 l-5 1.5z", "#E69F00"); P(g, "M8 17 q5 -9 12 -1", "#56B4E9"); P(g, "M6 20 l-5 -3 l1 6z", "#0072B2"); C(g, 25, 11, 1.1, "#fff", "none"); P(g, "M13 26 v5 M18 26 v5", "none", INK, 1.1); },
    mammal(g) { E(g, 15, 19, 10, 6.5, "#a0704a"); C(g, 26, 14, 4.8, "#a0704a"); P(g, "M24 10 l1 -5 l3 4z", "#a0704a"); for (const x of [8, 12, 18, 22]) P(g, `M${x} 24 v7`, "none", INK, 2); P(g, "M5 17 q-4 -2 -3 -7", "none", INK, 1.4); C(g, 27.5, 13, 1, INK, "none"); },
  };

  /** The species' group drawn in a 34 x 34 box at (x, y), at the given scale. */
  function groupIcon(parent, group, x = 0, y = 0, scale = 1) {
    const g = S("g", { transform: `translate(${x},${y}) scale(${scale})`, "aria-hidden": "true" }, parent);
    (GROUPS[group] || GROUPS.microbe)(g);
    return g;
  }


let phyloSelected = null; // "hand-<card>" or "board-<row>-<column>": survives redraws

registerRenderer("phylo", (root, b, ctx) => {
  const { svg, html } = draw;
  const W = 100, H = 96, PAD = 4;
  addStyle();
  const before = previous.get(root);
  previous.set(root, b);
  const t = ctx.t; // every word comes from Python (page_strings.py's "phylo." keys, the view)
  // cards new since the last board (dealt in with a flourish) and cards gone from it (lost)
  const key = (cell) => `${cell.space}-${cell.card}-${cell.beneath ? 1 : 0}`;
  const nowKeys = new Set(b.cells.map(key));
  const fresh = new Set(before ? b.cells.filter((c) => !before.cells.some((o) => key(o) === key(c)))
    .map((c) => c.card) : []);
  const gone = before ? before.cells.filter((c) => !nowKeys.has(key(c)) && !c.beneath) : [];
  let animate = true; // only the first paint of a board animates (not a re-paint on selection)
  const seats = ctx.view.seats;
  const name = (p) => seats[p].name; // the view's seat names (Python's)
  const at = (r, c) => `${String.fromCharCode(65 + c)}${r + 1}`;

  const targetsWith = (prefix) => [...ctx.targets.keys()].filter((t) => t.startsWith(prefix));

  const paint = () => {
    root.replaceChildren();
    // a selection that no longer has any action is dropped
    const selPrefix = selectionPrefix();
    if (phyloSelected && !targetsWith(selPrefix).length && !selectionHasDiscard()) {
      phyloSelected = null;
    }
    header();
    const layout = html("div", { class: "evo-phylo-layout",
                                 style: "display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start" },
                        root);
    const frame = html("div", { class: "evo-phylo-frame",
                                style: "flex:1 1 auto;min-width:0;max-width:100%;overflow-x:auto" },
                       layout);
    board(frame);
    scrollHint(frame);
    web(html("div", { style: "flex:0 0 auto;max-width:100%;overflow-x:auto" }, layout));
    hand();
    collection();
    legend();
    animate = false;
  };

  /**
   * Where the grid is wider than the screen (a phone), it scrolls sideways in its frame and a
   * line above it says so. A ResizeObserver reads the sizes once the browser has laid the frame
   * out anyway (reading them while drawing would lay out the page in the middle of a click).
   */
  const scrollHint = (frame) => {
    const hint = html("p", { class: "evo-phylo-scroll-hint", hidden: true,
                             style: "flex:1 0 100%;margin:0;font-size:12px;font-weight:bold" },
                       frame);
    frame.before(hint);
    hint.textContent = t("phylo.scroll_hint");
    observers.get(root)?.disconnect();
    if (typeof ResizeObserver !== "function") return;
    const watch = new ResizeObserver(() => {
      hint.hidden = frame.scrollWidth <= frame.clientWidth + 1;
    });
    watch.observe(frame);
    observers.set(root, watch);
  };

  const selectionPrefix = () => {
    if (!phyloSelected) return "\u0000";
    if (phyloSelected.startsWith("hand-")) return `put-${phyloSelected.slice(5)}-`;
    const [, r, c] = phyloSelected.split("-");
    return `move-${r}-${c}-`;
  };
  const selectionHasDiscard = () =>
    phyloSelected && phyloSelected.startsWith("hand-") &&
    ctx.targets.has(`discard-${phyloSelected.slice(5)}`);

  const select = (key) => {
    phyloSelected = phyloSelected === key ? null : key;
    paint();
    const first = root.querySelector(".evo-target");
    if (first && phyloSelected) first.focus();
  };

  /** A focusable, keyboard-operable element that selects something (not itself an action). */
  const selectable = (node, key, label) => {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-pressed", String(phyloSelected === key));
    node.setAttribute("aria-label", label);
    node.addEventListener("click", () => select(key));
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        select(key);
      }
    });
  };

  // -- the line at the top -----------------------------------------------------------------------
  const header = () => {
    const info = html("p", { class: "evo-phylo-info", style: "margin:2px 0 6px" }, root);
    if (b.winners.length) {
      html("strong", {}, info, `${b.winners_text} `);
    } else if (b.phase === "build") {
      html("strong", {}, info, t("phylo.building", { first: b.picked[0], second: b.picked[1],
                                                     size: b.deck_size }));
    } else {
      const vars = { turn: b.turn, who: name(b.turn_player), n: b.actions_left };
      html("strong", {}, info,
           t(b.actions_left === 1 ? "phylo.turn_one" : "phylo.turn_many", vars) +
           (b.event_played ? t("phylo.event_played") : "") + t("phylo.full_stop"));
    }
    const bits = [0, 1].map((p) => t("phylo.seat_line", {
      who: name(p), points: b.scores[p], deck: b.deck_sizes[p], hand: b.hand_sizes[p],
      lost: b.lost[p] }));
    html("span", {}, info, bits.join(" · ") +
         (b.end_after ? t("phylo.ends_after", { turn: b.end_after }) : "") +
         (b.wind ? t("phylo.wind") : "") + (b.pollinator ? t("phylo.pollinators") : ""));
  };

  // -- one card face --------------------------------------------------------------------------------
  const face = (g, f, owner, { atRisk = false } = {}) => {
    const style = seats[owner] || { colour: "#999" };
    const w = W - 2 * PAD, h = H - 2 * PAD;
    // whose card: a frame in the seat's colour (and a numbered token: never colour alone)
    svg("rect", { width: w, height: h, rx: 6, fill: "#fffdf7", stroke: style.colour,
                  "stroke-width": 3 }, g);
    if (atRisk) {
      svg("rect", { x: 3, y: 3, width: w - 6, height: h - 6, rx: 4, fill: "none",
                    stroke: "#c00000", "stroke-width": 2, "stroke-dasharray": "5 3" }, g);
    }
    if (f.kind === "event") {
      svg("text", { x: 6, y: 20, "font-size": 14, "font-weight": "bold", fill: "#111" }, g,
          fitText(f.name, w - 12, 14, true));
      svg("text", { x: 6, y: 38, "font-size": 13, fill: "#111" }, g, t("phylo.event"));
      return;
    }
    // diet band: the colour AND the word; the points on the right
    svg("rect", { x: 1.5, y: 1.5, width: w - 3, height: 17, rx: 4, fill: f.colour }, g);
    svg("text", { x: 5, y: 14.5, "font-size": 12, "font-weight": "bold",
                  fill: draw.inkOn(f.colour) }, g, fitText(f.band, w - 44, 12, true));
    svg("text", { x: w - 5, y: 14.5, "font-size": 13, "text-anchor": "end",
                  "font-weight": "bold", fill: draw.inkOn(f.colour) }, g,
        fitText(t("phylo.pt", { n: f.points }), 34, 13, true));
    const pic = svg("g", {}, g); // animated: no transform attribute of its own
    groupIcon(pic, f.group, 3, 21, 1);
    if (animate && fresh.has(f.id)) pic.classList.add("evo-phylo-new");
    svg("text", { x: 41, y: 35, "font-size": 14, "font-weight": "bold", fill: "#111" }, g,
        fitText(t("phylo.rank_short", { n: f.rank }), w - 64, 14, true));
    svg("text", { x: 41, y: 52, "font-size": 14, fill: "#111" }, g,
        fitText(t("phylo.scale_short", { n: f.scale }), w - 64, 14));
    svg("text", { x: 5, y: 70, "font-size": 13.5, "font-weight": "bold", fill: "#111" }, g,
        fitText(f.name, w - 10, 13.5, true));
    // the symbols' glyphs (a fallback font) reach lower than letters: a baseline clear of the
    // card's bottom edge
    svg("text", { x: 5, y: 82.5, "font-size": 13, fill: "#111" }, g,
        fitText(`${f.terrains.join("")} ${f.climates.join("")}`, w - 10, 13));
    draw.token(g, w - 12, 32, 8.5, { fill: style.colour, symbol: String(owner + 1) });
    if (atRisk) { // a red strip over the terrain line (the terrains stay in the card's words)
      svg("rect", { x: 2, y: 72, width: w - 4, height: 15, rx: 3, fill: "#c00000" }, g);
      svg("text", { x: w / 2, y: 84, "font-size": 12, "font-weight": "bold", "text-anchor": "middle",
                    fill: "#fff" }, g, fitText(t("phylo.at_risk_strip"), w - 8, 12, true));
    }
    svg("title", {}, g, t("phylo.card_title", {
      who: name(owner), card: f.name, latin: f.latin, group: f.group_word,
      diet: f.diet_label.toLowerCase(), rank: f.rank, scale: f.scale, lengths: f.lengths,
      terrains: f.terrain_names.join("/"), climates: f.climate_names.join("/"), points: f.points,
      risk: atRisk ? t("phylo.title_at_risk") : "", keywords: f.keywords.join(t("phylo.list_sep")),
      fact: f.fact }));
  };

  /**
   * The part of the grid in play: every card and HOME, every space a card in hand or on the
   * table could go to now, and one row and column around them (where the next card may go),
   * within the table's edges. Drawing only that part keeps the cards readable in a notebook's
   * width instead of shrinking (or cutting off) the whole table.
   */
  const region = () => {
    const spaces = [...b.cells.map((cell) => cell.space), ...b.homes.map((h) => h.space)];
    for (const t of ctx.targets.keys()) {
      if (!t.startsWith("put-") && !t.startsWith("move-")) continue;
      const [r, c] = t.split("-").slice(-2).map(Number);
      if (Number.isInteger(r) && Number.isInteger(c)) spaces.push(r * b.columns + c);
    }
    if (!spaces.length) return { r0: 0, r1: b.rows - 1, c0: 0, c1: b.columns - 1 };
    const rows = spaces.map((sp) => Math.floor(sp / b.columns));
    const cols = spaces.map((sp) => sp % b.columns);
    return { r0: Math.max(0, Math.min(...rows) - 1),
             r1: Math.min(b.rows - 1, Math.max(...rows) + 1),
             c0: Math.max(0, Math.min(...cols) - 1),
             c1: Math.min(b.columns - 1, Math.max(...cols) + 1) };
  };

  // -- the grid -------------------------------------------------------------------------------------
  const board = (parent) => {
    const { r0, r1, c0, c1 } = region();
    const x0 = 20 - c0 * W, y0 = 16 - r0 * H; // the shown part's first space at (20, 16)
    const width = (c1 - c0 + 1) * W + 24, height = (r1 - r0 + 1) * H + 20;
    const all = r0 === 0 && c0 === 0 && r1 === b.rows - 1 && c1 === b.columns - 1;
    // the frame asks for the grid's full width: where the food web does not fit beside it (a
    // 9-column table on a laptop) the web wraps below and every column shows; on a phone the
    // frame still shrinks to the screen and scrolls
    parent.style.flexBasis = `${width}px`;
    // never larger than the cards' own size, never smaller than 65% of it: a table wider than
    // that scrolls sideways in its frame (its scroll bar shows)
    const map = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, width: "100%", class: "evo-phylo-grid",
      style: `height:auto;display:block;max-width:${width}px;` +
             `min-width:${Math.round(width * 0.65)}px`,
      role: "group", "aria-label": t("phylo.table_label", { rows: b.rows, columns: b.columns }) +
        (all ? "" : t("phylo.table_shown", { first: r0 + 1, last: r1 + 1,
                                              from: String.fromCharCode(65 + c0),
                                              to: String.fromCharCode(65 + c1) })),
    }, parent);
    const defs = svg("defs", {}, map);
    const marker = svg("marker", { id: "phylo-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
                                   markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
                       defs);
    svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#222" }, marker);
    for (let c = c0; c <= c1; c++) {
      svg("text", { x: x0 + c * W + W / 2, y: 12, "text-anchor": "middle", "font-size": 13,
                    fill: "currentColor" },
          map, String.fromCharCode(65 + c));
    }
    for (let r = r0; r <= r1; r++) {
      svg("text", { x: 9, y: y0 + r * H + H / 2, "text-anchor": "middle", "font-size": 13,
                    fill: "currentColor" },
          map, r + 1);
    }
    const cellAt = new Map();
    for (const cell of b.cells) {
      const key = cell.space;
      if (!cellAt.has(key)) cellAt.set(key, {});
      cellAt.get(key)[cell.beneath ? "under" : "top"] = cell;
    }
    const homes = new Map(b.homes.map((h) => [h.space, h]));
    const selPrefix = selectionPrefix();
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const space = r * b.columns + c;
        const g = svg("g", { transform: `translate(${x0 + c * W},${y0 + r * H})`,
                             "data-space": at(r, c) }, map);
        svg("rect", { width: W, height: H, fill: "#eef3ea", stroke: "#b8c4b0",
                      "stroke-width": 0.6 }, g);
        const here = cellAt.get(space) || {};
        const home = homes.get(space);
        // the card itself, upright for every reader
        const holder = svg("g", { transform: `translate(${PAD},${PAD})` }, g);
        if (home) {
          const style = seats[home.owner] || { colour: "#999" };
          svg("rect", { width: W - 2 * PAD, height: H - 2 * PAD, rx: 6, fill: "#f2f2f2",
                        stroke: style.colour, "stroke-width": 3 }, holder);
          svg("text", { x: (W - 2 * PAD) / 2, y: 26, "text-anchor": "middle", "font-size": 16,
                        "font-weight": "bold", fill: "#111" }, holder,
              fitText(b.home_name, W - 2 * PAD - 8, 16, true));
          svg("text", { x: (W - 2 * PAD) / 2, y: 46, "text-anchor": "middle", "font-size": 13,
                        fill: "#111" }, holder, fitText(name(home.owner), W - 2 * PAD - 8, 13));
          draw.token(holder, (W - 2 * PAD) / 2, 66, 10, { fill: style.colour,
                     symbol: String(home.owner + 1) });
          svg("text", { x: (W - 2 * PAD) / 2, y: 84, "text-anchor": "middle", "font-size": 12,
                        fill: "#111" }, holder, fitText(t("phylo.all_terrains"), W - 2 * PAD - 8, 12));
          svg("title", {}, holder, t("phylo.home_title", { who: name(home.owner),
                                                            home: b.home_name }));
        } else if (here.top) {
          face(holder, here.top.face, here.top.owner, { atRisk: here.top.at_risk });
          const mine = here.top.owner === ctx.view.viewer;
          const boardKey = `board-${r}-${c}`;
          const choosingFromHand = phyloSelected && phyloSelected.startsWith("hand-");
          if (mine && !choosingFromHand && targetsWith(`move-${r}-${c}-`).length) {
            selectable(holder, boardKey, t("phylo.select_move", { card: here.top.face.name,
                                                                  space: at(r, c) }));
            if (phyloSelected === boardKey) {
              svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, fill: "none",
                            stroke: "#0072B2", "stroke-width": 3 }, g);
            }
          }
        }
        if (here.under) {
          const u = here.under;
          const tab = svg("g", { transform: `translate(${PAD + 2},${H - 19})` }, g);
          svg("rect", { width: W - 2 * PAD - 4, height: 16, rx: 3, fill: u.face.colour,
                        stroke: u.at_risk ? "#c00000" : "#333",
                        "stroke-dasharray": u.at_risk ? "4 2" : null }, tab);
          svg("text", { x: 3, y: 12.5, "font-size": 12, fill: draw.inkOn(u.face.colour) }, tab,
              fitText(`${u.at_risk ? "⚠ " : ""}${t("phylo.p_short", { n: u.owner + 1 })} ` +
                      u.face.name, W - 2 * PAD - 10, 12));
          svg("title", {}, tab, t("phylo.parasite_title", {
            who: name(u.owner), card: u.face.name, risk: u.at_risk ? t("phylo.title_at_risk") : "",
            fact: u.face.fact }));
          const removeKey = `remove-${r}-${c}-${u.card}`;
          ctx.clickable(tab, removeKey, t("phylo.remove", { card: u.face.name, space: at(r, c) }));
        }
        if (here.top) {
          ctx.clickable(holder, `remove-${r}-${c}-${here.top.card}`,
                        t("phylo.remove", { card: here.top.face.name, space: at(r, c) }));
        }
        // a legal place for the selected card
        if (ctx.clickable(g, `${selPrefix}${r}-${c}`, t("phylo.space", { space: at(r, c) }))) {
          svg("rect", { x: 2, y: 2, width: W - 4, height: H - 4, fill: "rgba(0,114,178,0.12)",
                        stroke: "#0072B2", "stroke-width": 3, "stroke-dasharray": "7 3",
                        class: "evo-target-outline" }, g);
          svg("text", { x: W / 2, y: H / 2 + 4, "text-anchor": "middle", "font-size": 14,
                        "font-weight": "bold", fill: "#003f66" }, g,
              t(here.top ? "phylo.here" : "phylo.play_here"));
        }
      }
    }
    // a card just lost (an extinction): a fading ghost where it stood
    if (animate) {
      for (const cell of gone) {
        const r = Math.floor(cell.space / b.columns), c = cell.space % b.columns;
        if (r < r0 || r > r1 || c < c0 || c > c1) continue;
        const ghost = svg("g", { transform: `translate(${x0 + c * W + PAD},${y0 + r * H + PAD})`,
                                 class: "evo-phylo-gone", "aria-hidden": "true" }, map);
        svg("rect", { width: W - 2 * PAD, height: H - 2 * PAD, rx: 6, fill: "#555",
                      opacity: 0.75 }, ghost);
        svg("text", { x: (W - 2 * PAD) / 2, y: 40, "text-anchor": "middle", "font-size": 14,
                      "font-weight": "bold", fill: "#fff" }, ghost, t("phylo.lost"));
        svg("text", { x: (W - 2 * PAD) / 2, y: 60, "text-anchor": "middle", "font-size": 12,
                      fill: "#fff" }, ghost, fitText(cell.face.name, W - 2 * PAD - 8, 12));
      }
    }
    // food links: short arrows across the shared edge, from food to eater
    const centre = (space) => {
      const r = Math.floor(space / b.columns), c = space % b.columns;
      return [x0 + c * W + W / 2, y0 + r * H + H / 2];
    };
    for (const link of b.links) {
      if (link.kind !== "food") continue;
      const [ax, ay] = centre(link.from), [bx, by] = centre(link.to);
      const mx = (ax + bx) / 2, my = (ay + by) / 2;
      const dx = (bx - ax) * 0.09, dy = (by - ay) * 0.09; // in the gap: off the cards' text
      svg("line", { x1: mx - dx, y1: my - dy, x2: mx + dx, y2: my + dy, stroke: "#222",
                    "stroke-width": 2.2, "marker-end": "url(#phylo-arrow)",
                    class: "evo-phylo-link" }, map);
    }
  };

  // -- the food web as a graph ----------------------------------------------------------------------
  const web = (parent) => {
    const { nodes, edges } = b.web;
    const feeding = edges.filter((e) => e.kind === "food").length;
    const box = html("figure", { class: "evo-phylo-web", style: "margin:0" }, parent);
    const links = t(feeding === 1 ? "phylo.feeding_link" : "phylo.feeding_links", { n: feeding });
    html("figcaption", { style: "font-size:12px;margin:0 0 2px" }, box,
         t("phylo.web_caption", { n: nodes.length, links }));
    if (!nodes.length) {
      html("p", { style: "font-size:11px;margin:2px 0" }, box,
           t("phylo.web_empty", { home: b.home_name }));
      return;
    }
    const NW = 104, NH = 34, COL = 130, ROW = 40, TOP = 30, LEFT = 4;
    const maxRank = Math.max(...nodes.map((n) => n.rank));
    const byRank = [];
    for (let r = 1; r <= maxRank; r++) byRank.push(nodes.filter((n) => n.rank === r));
    const tallest = Math.max(...byRank.map((l) => l.length));
    const width = LEFT + maxRank * COL, height = TOP + tallest * ROW + 4;
    const at = new Map();
    byRank.forEach((level, k) => level.forEach((n, i) => {
      at.set(n.id, { x: LEFT + k * COL, y: TOP + i * ROW + (tallest - level.length) * ROW / 2 });
    }));
    const g = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, width, height, class: "evo-phylo-webgraph",
      // never shrunk below its size (its words would be too small to read on a phone): its
      // frame scrolls sideways instead
      style: `max-width:none;min-width:${width}px;height:${height}px`,
      role: "group", "aria-label": t("phylo.web_label", { n: nodes.length, links }),
    }, box);
    const defs = svg("defs", {}, g);
    for (const [id, colour] of [["phylo-web-arrow", "#222"], ["phylo-web-arrow-hl", "#0072B2"]]) {
      const m = svg("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 8,
                                markerHeight: 8, markerUnits: "userSpaceOnUse",
                                orient: "auto-start-reverse" }, defs);
      svg("path", { d: "M0 0 L10 5 L0 10 z", fill: colour }, m);
    }
    byRank.forEach((_level, k) => {
      svg("text", { x: LEFT + k * COL + NW / 2, y: 11, "text-anchor": "middle", "font-size": 10,
                    "font-weight": "bold" }, g, fitText(t("phylo.rank_head", { n: k + 1 }), NW, 10, true));
      svg("text", { x: LEFT + k * COL + NW / 2, y: 24, "text-anchor": "middle", "font-size": 9 },
          g, fitText(t(k === 0 ? "phylo.producers" : "phylo.consumers"), NW, 9));
    });
    // each arrow leaves its food's right side and enters its eater's left side at its own height
    const ports = (key) => {
      const ends = new Map();
      for (const e of edges) {
        const id = e[key];
        if (!ends.has(id)) ends.set(id, []);
        ends.get(id).push(e);
      }
      const y = new Map();
      for (const list of ends.values()) {
        list.forEach((e, i) => y.set(e, (NH * (i + 1)) / (list.length + 1)));
      }
      return y;
    };
    const outY = ports("from"), inY = ports("to");
    const lines = [];
    for (const e of edges) {
      const a = at.get(e.from), z = at.get(e.to);
      if (!a || !z) continue;
      const y1 = a.y + outY.get(e), y2 = z.y + inY.get(e);
      let d;
      if (a.x === z.x) { // the same rank (a parasite on a plant): a bow out to the right
        const x = a.x + NW, bend = x + 18;
        d = `M${x} ${y1} C${bend} ${y1} ${bend} ${y2} ${x + 1} ${y2}`;
      } else {
        const x1 = a.x + NW, x2 = z.x - 1, mid = (x1 + x2) / 2;
        d = `M${x1} ${y1} C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}`;
      }
      const line = svg("path", { d, fill: "none", stroke: "#222", "stroke-width": 1.4,
                                 "stroke-dasharray": e.kind === "host" ? "4 2" : null,
                                 "marker-end": "url(#phylo-web-arrow)", class: "evo-phylo-edge",
                                 "data-from": e.from, "data-to": e.to }, g);
      lines.push(line);
    }
    const names = new Map(nodes.map((n) => [n.id, `${n.name} ${n.where}`]));
    const list = (ids) => ids.map((i) => names.get(i)).join(t("phylo.list_sep"));
    const light = (node, on) => {
      for (const line of lines) {
        const mine = line.dataset.from === node.id || line.dataset.to === node.id;
        line.setAttribute("stroke", on && mine ? "#0072B2" : "#222");
        line.setAttribute("stroke-width", on && mine ? 3 : 1.4);
        line.setAttribute("marker-end", on && mine ? "url(#phylo-web-arrow-hl)"
                                                   : "url(#phylo-web-arrow)");
      }
      const cell = root.querySelector(`.evo-phylo-grid [data-space="${node.where}"] > rect`);
      if (cell) {
        cell.setAttribute("stroke", on ? "#0072B2" : "#b8c4b0");
        cell.setAttribute("stroke-width", on ? 4 : 0.6);
      }
    };
    for (const n of nodes) {
      const { x, y } = at.get(n.id);
      const seat = seats[n.owner] || { colour: "#999" };
      const label = t("phylo.node", { who: name(n.owner), card: n.name, space: n.where,
                                      rank: n.rank, diet: n.diet_label.toLowerCase() }) +
        (n.beneath ? t("phylo.node_parasite") : "") +
        (n.eats.length ? t("phylo.node_eats", { food: list(n.eats) })
          : n.rank > 1 ? t("phylo.node_no_food") : "") +
        (n.eaten_by.length ? t("phylo.node_eaten_by", { eaters: list(n.eaten_by) }) : "") +
        (n.at_risk ? t("phylo.node_at_risk") : "");
      const node = svg("g", { transform: `translate(${x},${y})`, tabindex: "0", role: "img",
                              "aria-label": label, class: "evo-phylo-node",
                              "data-node": n.id }, g);
      svg("rect", { width: NW, height: NH, rx: 4, fill: "#fffdf7",
                    stroke: n.at_risk ? "#c00000" : "#333", "stroke-width": n.at_risk ? 2.2 : 1,
                    "stroke-dasharray": n.at_risk ? "4 2" : null }, node);
      svg("rect", { width: 6, height: NH, rx: 2, fill: n.colour }, node);
      svg("text", { x: 9, y: 14, "font-size": 11, "font-weight": "bold" }, node,
          fitText(`${n.at_risk ? "⚠ " : ""}${n.name}`, NW - 12, 11, true));
      // the second line stops short of the owner's token in the corner
      svg("text", { x: 9, y: 28, "font-size": 9.5 }, node,
          fitText(`${n.band} · ${n.where}`, NW - 26, 9.5));
      draw.token(node, NW - 8, NH - 8, 5.5, { fill: seat.colour, symbol: String(n.owner + 1) });
      svg("title", {}, node, label);
      node.addEventListener("focus", () => light(n, true));
      node.addEventListener("blur", () => light(n, false));
      node.addEventListener("mouseenter", () => light(n, true));
      node.addEventListener("mouseleave", () => light(n, false));
    }
  };

  // -- the viewer's hand ----------------------------------------------------------------------------
  /** A small card for the deck builder: group drawing, name, diet, rank and points. */
  const miniCard = (parent, f, count = 1) => {
    const card = html("div", {
      class: "evo-phylo-card evo-phylo-pick", "data-card": f.id,
      title: f.kind === "event" ? t("phylo.event_title", { card: f.name, text: f.text, fact: "" })
        : t("phylo.species_title", { card: f.name, latin: f.latin, fact: f.fact }),
      style: "display:inline-block;vertical-align:top;width:9.5em;margin:2px;padding:2px 4px;" +
             "border:1px solid #333;border-radius:5px;font-size:12px;background:#fffdf7;color:#111",
    }, parent);
    if (f.kind === "event") {
      html("strong", {}, card, f.name);
      html("div", {}, card, t("phylo.event"));
      return card;
    }
    html("div", { style: `background:${f.colour};color:${draw.inkOn(f.colour)};` +
                         "font-weight:bold;padding:0 3px;border-radius:3px" },
         card, t("phylo.band_points", { band: f.band, n: f.points }));
    const pic = svg("svg", { width: 30, height: 30, viewBox: "0 0 34 34", role: "img",
                             "aria-label": f.group_word }, card);
    groupIcon(pic, f.group);
    html("strong", {}, card, `${f.name}${count > 1 ? ` ×${count}` : ""}`);
    html("div", { style: "clear:both" }, card,
         t("phylo.rank_scale", { rank: f.rank, scale: f.scale }));
    return card;
  };

  // -- deck building: the collection to pick from, and the deck so far ---------------------------
  const collection = () => {
    if (b.phase !== "build") return;
    const picks = new Map();
    for (const f of b.picks) picks.set(f.id, [f, (picks.get(f.id) || [f, 0])[1] + 1]);
    const mine = html("div", { class: "evo-phylo-deck", role: "group",
                               "aria-label": t("phylo.deck_so_far") }, root);
    html("div", { style: "font-size:12px;margin:4px 0" }, mine,
         t(b.picks.length ? "phylo.deck_count" : "phylo.deck_empty",
           { n: b.picks.length, size: b.deck_size }));
    for (const [f, count] of picks.values()) miniCard(mine, f, count);
    const pickable = b.collection.filter((f) => ctx.targets.has(`pick-${f.id}`));
    if (!pickable.length) return;
    const box = html("div", { class: "evo-phylo-collection", role: "group",
                              "aria-label": t("phylo.collection_label"),
                              style: "max-height:22em;overflow-y:auto;border:1px solid #bbb;" +
                                     "border-radius:6px;padding:2px" }, root);
    html("div", { style: "font-size:12px;margin:2px 4px" }, box,
         t("phylo.collection", { n: pickable.length }));
    for (const f of pickable) {
      const card = miniCard(box, f);
      ctx.clickable(card, `pick-${f.id}`, `${f.name}`);
    }
  };

  /**
   * The viewer's hand, beside the choices: a small card each (diet, points, the group's
   * drawing, name, rank and scale, how many places it has now), two to a row, so selecting a
   * card and placing it on the grid happen on one screen. The selected card opens to show
   * everything the full card says, and its Discard button.
   */
  const hand = () => {
    if (!b.hand) {
      html("p", { style: "font-size:12px;margin:4px 0" }, root, t("phylo.hands_hidden"));
      return;
    }
    const box = html("div", { class: "evo-phylo-hand", role: "group",
                              "aria-label": t("phylo.your_hand") },
                     ctx.ownBox(t("phylo.your_hand_n", { n: b.hand.length })));
    html("p", { class: "evo-phylo-hand-note" }, box, t("phylo.select_hint"));
    const seen = new Set();
    for (const f of b.hand) {
      const key = `hand-${f.id}`;
      const copies = b.hand.filter((g) => g.id === f.id).length;
      if (seen.has(key)) continue;
      seen.add(key);
      const places = targetsWith(`put-${f.id}-`).length;
      const canDiscard = ctx.targets.has(`discard-${f.id}`);
      const chosen = phyloSelected === key;
      const card = html("div", {
        class: `evo-phylo-card evo-phylo-mini${chosen ? " evo-phylo-chosen" : ""}`,
        "data-card": f.id,
        title: f.kind === "event" ? t("phylo.event_title", { card: f.name, text: f.text, fact: f.fact })
          : t("phylo.species_title", { card: f.name, latin: f.latin, fact: f.fact }),
      }, box);
      const count = copies > 1 ? ` ×${copies}` : "";
      if (f.kind === "event") {
        html("div", { class: "evo-phylo-band", style: "background:#5b6980;color:#fff" }, card,
             t("phylo.event"));
        html("strong", {}, card, `${f.name}${count}`);
        if (chosen) html("div", { class: "evo-phylo-more" }, card, f.text);
      } else {
        html("div", { class: "evo-phylo-band",
                      style: `background:${f.colour};color:${draw.inkOn(f.colour)}` },
             card, t("phylo.band_points", { band: f.band, n: f.points }));
        const pic = svg("svg", { width: 28, height: 28, viewBox: "0 0 34 34", role: "img",
                                 "aria-label": f.group_word }, card);
        groupIcon(pic, f.group);
        html("strong", {}, card, `${f.name}${count}`);
        html("div", {}, card,
             `${t("phylo.rank_short", { n: f.rank })} · ${t("phylo.scale_short", { n: f.scale })}` +
             ` · ${f.terrains.join("")} ${f.climates.join("")}`);
        if (chosen) {
          const more = html("div", { class: "evo-phylo-more" }, card);
          html("div", { style: "font-style:italic" }, more, f.latin);
          // a line may break after a slash (a zero-width space), never inside a word
          html("div", {}, more, t("phylo.rank_scale_habitat", {
            rank: f.rank, scale: f.scale, terrains: f.terrain_names.join("/\u200b"),
            climates: f.climate_names.join("/\u200b") }));
          if (f.keywords.length) html("div", {}, more, f.keywords.join(" · "));
        }
      }
      html("div", { class: "evo-phylo-places" }, card,
           t(places === 1 ? "phylo.place_one" : places ? "phylo.places" : "phylo.no_place",
             { n: places }));
      if (places || canDiscard) {
        selectable(card, key, t("phylo.select_card", { card: f.name, n: places }));
      }
      if (chosen && canDiscard) {
        const drop = html("button", { type: "button", style: "margin-top:3px" }, card,
                          t("phylo.discard_draw"));
        ctx.clickable(drop, `discard-${f.id}`, t("phylo.discard", { card: f.name }));
      }
    }
  };

  const legend = () => {
    const box = html("p", { class: "evo-caption", style: "font-size:11px;margin:6px 0" }, root);
    html("span", {}, box, t("phylo.diets"));
    for (const d of b.legend.diets) {
      html("span", { style: `background:${d.colour};color:${draw.inkOn(d.colour)};` +
                           "display:inline-block;padding:0 4px;margin:1px 3px 1px 0;border-radius:3px" },
         box, d.label);
    }
    const sep = t("phylo.list_sep");
    html("span", {}, box, t("phylo.legend", {
      terrains: b.legend.terrains.map((x) => `${x.symbol} ${x.name}`).join(sep),
      climates: b.legend.climates.map((x) => `${x.symbol} ${x.name}`).join(sep) }));
  };

  paint();
});
}
