// phylo.js: the Phylo table. The grid with our own card faces (name, scale, rank, diet colour AND
// its word, terrain and climate symbols, keywords, points), each player's cards upright to them
// (Player 2's are turned round), food links as arrows (energy flows from food to eater), cards at
// risk outlined in dashes and marked "AT RISK". Select a card in your hand (or one of your mobile
// species on the board) and the spaces where it can go are outlined and clickable, with the
// mouse or with Tab and Enter/Space. Beside the grid (below it when the board is narrower than
// about 900 px), the same species as a food-web graph:
// one box per card, stacked by rank (producers on the left: energy enters there), arrows from
// each food to its eater; Tab to a box to hear what it eats and what eats it, and to light up
// its links and its space on the grid.

let phyloSelected = null; // "hand-<card>" or "board-<row>-<column>": survives redraws

registerRenderer("phylo", (root, b, ctx) => {
  const { svg, html } = draw;
  const W = 100, H = 78, PAD = 4;
  const seats = ctx.view.seats;
  const name = (p) => `Player ${p + 1}`;
  const at = (r, c) => `${String.fromCharCode(65 + c)}${r + 1}`;
  const short = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

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
    board(html("div", { style: "flex:1 1 540px;min-width:0;max-width:924px" }, layout));
    web(html("div", { style: "flex:0 0 auto;max-width:100%;overflow-x:auto" }, layout));
    hand();
    legend();
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
      html("strong", {}, info, `Game over: ${b.winners.map(name).join(" and ")} ` +
           (b.winners.length === 1 ? "wins. " : "share the win. "));
    } else if (b.phase === "build") {
      html("strong", {}, info, `Deck building: ${b.picked[0]} and ${b.picked[1]} of ` +
           `${b.deck_size} cards chosen. `);
    } else {
      html("strong", {}, info, `Turn ${b.turn}: ${name(b.turn_player)} plays, ` +
           `${b.actions_left} action${b.actions_left === 1 ? "" : "s"} left` +
           (b.event_played ? ", event played" : "") + ". ");
    }
    const bits = [0, 1].map((p) =>
      `${name(p)}: ${b.scores[p]} points, deck ${b.deck_sizes[p]}, hand ${b.hand_sizes[p]}, ` +
      `lost ${b.lost[p]}`);
    html("span", {}, info, bits.join(" · ") +
         (b.end_after ? ` · the game ends after turn ${b.end_after}` : "") +
         (b.wind ? " · WIND blows" : "") + (b.pollinator ? " · POLLINATORS abound" : ""));
  };

  // -- one card face --------------------------------------------------------------------------------
  const face = (g, f, owner, { atRisk = false } = {}) => {
    const style = seats[owner] || { colour: "#999" };
    svg("rect", { width: W - 2 * PAD, height: H - 2 * PAD, rx: 5, fill: "#fffdf7",
                  stroke: atRisk ? "#c00000" : "#333", "stroke-width": atRisk ? 2.5 : 1,
                  "stroke-dasharray": atRisk ? "5 3" : null }, g);
    if (f.kind === "event") {
      svg("text", { x: 5, y: 14, "font-size": 10, "font-weight": "bold" }, g, short(f.name, 16));
      svg("text", { x: 5, y: 27, "font-size": 8.5 }, g, "EVENT");
      return;
    }
    // diet band: the colour AND the word
    svg("rect", { width: W - 2 * PAD, height: 12, rx: 4, fill: f.colour }, g);
    svg("text", { x: 4, y: 9.5, "font-size": 8, "font-weight": "bold", fill: draw.inkOn(f.colour) },
        g, f.diet_label);
    svg("text", { x: W - 2 * PAD - 4, y: 9.5, "font-size": 8, "text-anchor": "end",
                  "font-weight": "bold", fill: draw.inkOn(f.colour) }, g, `${f.points} pt`);
    svg("text", { x: 4, y: 24, "font-size": 9.5, "font-weight": "bold" }, g, short(f.name, 16));
    svg("text", { x: 4, y: 36, "font-size": 8.5 }, g,
        `RANK ${f.rank} · SCALE ${f.scale}`);
    svg("text", { x: 4, y: 48, "font-size": 10 }, g,
        `${f.terrains.join("")}  ${f.climates.join("")}`);
    if (f.keywords.length) {
      svg("text", { x: 4, y: 59, "font-size": 7.5 }, g, short(f.keywords.join(" · "), 26));
    }
    // whose card: a swatch with the seat's symbol (never colour alone)
    draw.token(g, W - 2 * PAD - 8, H - 2 * PAD - 8, 6, { fill: style.colour,
               symbol: String(owner + 1) });
    if (atRisk) {
      svg("text", { x: 4, y: H - 2 * PAD - 3, "font-size": 8, "font-weight": "bold",
                    fill: "#c00000" }, g, "⚠ AT RISK");
    }
    svg("title", {}, g, `${name(owner)}'s ${f.name} (${f.latin}): ${f.diet_label.toLowerCase()}, ` +
        `rank ${f.rank}, scale ${f.scale} (${f.lengths}), ${f.terrain_names.join("/")}, ` +
        `${f.climate_names.join("/")}, ${f.points} points. ${f.keywords.join(", ")} ${f.fact}`);
  };

  // -- the grid -------------------------------------------------------------------------------------
  const board = (parent) => {
    const width = b.columns * W + 24, height = b.rows * H + 20;
    const map = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, width: "100%", class: "evo-phylo-grid",
      style: "height:auto;display:block",
      role: "group", "aria-label": `The table: ${b.rows} rows by ${b.columns} columns`,
    }, parent);
    const defs = svg("defs", {}, map);
    const marker = svg("marker", { id: "phylo-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5,
                                   markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
                       defs);
    svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#222" }, marker);
    for (let c = 0; c < b.columns; c++) {
      svg("text", { x: 20 + c * W + W / 2, y: 12, "text-anchor": "middle", "font-size": 10 },
          map, String.fromCharCode(65 + c));
    }
    for (let r = 0; r < b.rows; r++) {
      svg("text", { x: 8, y: 16 + r * H + H / 2, "text-anchor": "middle", "font-size": 10 },
          map, r + 1);
    }
    const x0 = 20, y0 = 16;
    const cellAt = new Map();
    for (const cell of b.cells) {
      const key = cell.space;
      if (!cellAt.has(key)) cellAt.set(key, {});
      cellAt.get(key)[cell.beneath ? "under" : "top"] = cell;
    }
    const homes = new Map(b.homes.map((h) => [h.space, h]));
    const selPrefix = selectionPrefix();
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.columns; c++) {
        const space = r * b.columns + c;
        const g = svg("g", { transform: `translate(${x0 + c * W},${y0 + r * H})`,
                             "data-space": at(r, c) }, map);
        svg("rect", { width: W, height: H, fill: "#eef3ea", stroke: "#b8c4b0",
                      "stroke-width": 0.6 }, g);
        const here = cellAt.get(space) || {};
        const home = homes.get(space);
        // the card itself, turned to face its owner
        const holder = svg("g", { transform: `translate(${PAD},${PAD})` }, g);
        const turn = (owner, node) => {
          if (owner === 1) {
            node.setAttribute("transform",
              `translate(${PAD},${PAD}) rotate(180 ${(W - 2 * PAD) / 2} ${(H - 2 * PAD) / 2})`);
          }
        };
        if (home) {
          const style = seats[home.owner] || { colour: "#999" };
          svg("rect", { width: W - 2 * PAD, height: H - 2 * PAD, rx: 6, fill: "#f2f2f2",
                        stroke: style.colour, "stroke-width": 3 }, holder);
          svg("text", { x: (W - 2 * PAD) / 2, y: 30, "text-anchor": "middle", "font-size": 13,
                        "font-weight": "bold" }, holder, "HOME");
          svg("text", { x: (W - 2 * PAD) / 2, y: 46, "text-anchor": "middle", "font-size": 9 },
              holder, name(home.owner));
          svg("text", { x: (W - 2 * PAD) / 2, y: 60, "text-anchor": "middle", "font-size": 8 },
              holder, "every terrain & climate");
          svg("title", {}, holder, `${name(home.owner)}'s HOME: every terrain and climate; ` +
              "any rank-1 species may be played beside it.");
          turn(home.owner, holder);
        } else if (here.top) {
          face(holder, here.top.face, here.top.owner, { atRisk: here.top.at_risk });
          turn(here.top.owner, holder);
          const mine = here.top.owner === ctx.view.viewer;
          const boardKey = `board-${r}-${c}`;
          const choosingFromHand = phyloSelected && phyloSelected.startsWith("hand-");
          if (mine && !choosingFromHand && targetsWith(`move-${r}-${c}-`).length) {
            selectable(holder, boardKey, `Your ${here.top.face.name} at ${at(r, c)}: ` +
                       "select to move it");
            if (phyloSelected === boardKey) {
              svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, fill: "none",
                            stroke: "#0072B2", "stroke-width": 3 }, g);
            }
          }
        }
        if (here.under) {
          const u = here.under;
          const tab = svg("g", { transform: `translate(${PAD + 2},${H - 15})` }, g);
          svg("rect", { width: W - 2 * PAD - 4, height: 12, rx: 3, fill: u.face.colour,
                        stroke: u.at_risk ? "#c00000" : "#333",
                        "stroke-dasharray": u.at_risk ? "4 2" : null }, tab);
          svg("text", { x: 3, y: 9, "font-size": 7.5, fill: draw.inkOn(u.face.colour) }, tab,
              short(`${u.at_risk ? "⚠ " : ""}beneath: ${u.face.name} (P${u.owner + 1}, ` +
                    `${u.face.points} pt)`, 30));
          svg("title", {}, tab, `${name(u.owner)}'s ${u.face.name}, a parasite beneath this ` +
              `space${u.at_risk ? ", AT RISK" : ""}. ${u.face.fact}`);
          const removeKey = `remove-${r}-${c}-${u.card}`;
          ctx.clickable(tab, removeKey, `Remove ${u.face.name} at ${at(r, c)}`);
        }
        if (here.top) {
          ctx.clickable(holder, `remove-${r}-${c}-${here.top.card}`,
                        `Remove ${here.top.face.name} at ${at(r, c)}`);
        }
        // a legal place for the selected card
        if (ctx.clickable(g, `${selPrefix}${r}-${c}`, `Space ${at(r, c)}`)) {
          svg("rect", { x: 2, y: 2, width: W - 4, height: H - 4, fill: "rgba(0,114,178,0.12)",
                        stroke: "#0072B2", "stroke-width": 3, "stroke-dasharray": "7 3",
                        class: "evo-target-outline" }, g);
          svg("text", { x: W / 2, y: H / 2 + 4, "text-anchor": "middle", "font-size": 11,
                        "font-weight": "bold", fill: "#003f66" }, g,
              here.top ? "▶ HERE" : "▶ PLAY HERE");
        }
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
      const dx = (bx - ax) * 0.14, dy = (by - ay) * 0.14;
      svg("line", { x1: mx - dx, y1: my - dy, x2: mx + dx, y2: my + dy, stroke: "#222",
                    "stroke-width": 2.2, "marker-end": "url(#phylo-arrow)",
                    class: "evo-phylo-link" }, map);
    }
  };

  // -- the food web as a graph ----------------------------------------------------------------------
  const DIET_SHORT = { PHOTOSYNTHETIC: "PHOTOSYN.", DECOMPOSER: "DECOMP.", HERBIVORE: "HERBIV.",
                       CARNIVORE: "CARNIV.", OMNIVORE: "OMNIV.", PARASITE: "PARASITE" };
  const web = (parent) => {
    const { nodes, edges } = b.web;
    const feeding = edges.filter((e) => e.kind === "food").length;
    const box = html("figure", { class: "evo-phylo-web", style: "margin:0" }, parent);
    html("figcaption", { style: "font-size:12px;margin:0 0 2px" }, box,
         `Food web: ${nodes.length} species, ${feeding} feeding link${feeding === 1 ? "" : "s"}. ` +
         "Arrows run from a food to its eater.");
    if (!nodes.length) {
      html("p", { style: "font-size:11px;margin:2px 0" }, box,
           "No species on the table yet: rank-1 species (producers and decomposers) go " +
           "beside a HOME card first.");
      return;
    }
    const NW = 90, NH = 30, COL = 116, ROW = 36, TOP = 30, LEFT = 4;
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
      role: "group", "aria-label": `Food web graph: ${nodes.length} species and ${feeding} ` +
        "feeding links, producers on the left. Tab to a species to hear its links.",
    }, box);
    const defs = svg("defs", {}, g);
    for (const [id, colour] of [["phylo-web-arrow", "#222"], ["phylo-web-arrow-hl", "#0072B2"]]) {
      const m = svg("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 8,
                                markerHeight: 8, markerUnits: "userSpaceOnUse",
                                orient: "auto-start-reverse" }, defs);
      svg("path", { d: "M0 0 L10 5 L0 10 z", fill: colour }, m);
    }
    byRank.forEach((_level, k) => {
      svg("text", { x: LEFT + k * COL + NW / 2, y: 11, "text-anchor": "middle", "font-size": 9,
                    "font-weight": "bold" }, g, `RANK ${k + 1}`);
      svg("text", { x: LEFT + k * COL + NW / 2, y: 22, "text-anchor": "middle", "font-size": 7.5 },
          g, k === 0 ? "producers · decomposers" : "consumers");
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
    const list = (ids) => ids.map((i) => names.get(i)).join(", ");
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
      const label = `${name(n.owner)}'s ${n.name} at ${n.where}, rank ${n.rank}, ` +
        `${n.diet_label.toLowerCase()}` + (n.beneath ? ", a parasite beneath its host" : "") +
        (n.eats.length ? `; eats ${list(n.eats)}` : n.rank > 1 ? "; no food link" : "") +
        (n.eaten_by.length ? `; eaten by ${list(n.eaten_by)}` : "") +
        (n.at_risk ? "; AT RISK" : "");
      const node = svg("g", { transform: `translate(${x},${y})`, tabindex: "0", role: "img",
                              "aria-label": label, class: "evo-phylo-node",
                              "data-node": n.id }, g);
      svg("rect", { width: NW, height: NH, rx: 4, fill: "#fffdf7",
                    stroke: n.at_risk ? "#c00000" : "#333", "stroke-width": n.at_risk ? 2.2 : 1,
                    "stroke-dasharray": n.at_risk ? "4 2" : null }, node);
      svg("rect", { width: 6, height: NH, rx: 2, fill: n.colour }, node);
      svg("text", { x: 9, y: 12, "font-size": 9, "font-weight": "bold" }, node,
          short(`${n.at_risk ? "⚠ " : ""}${n.name}`, 17));
      svg("text", { x: 9, y: 24, "font-size": 7.5 }, node,
          `${DIET_SHORT[n.diet_label] || n.diet_label} · ${n.where}`);
      draw.token(node, NW - 8, NH - 8, 5.5, { fill: seat.colour, symbol: String(n.owner + 1) });
      svg("title", {}, node, label);
      node.addEventListener("focus", () => light(n, true));
      node.addEventListener("blur", () => light(n, false));
      node.addEventListener("mouseenter", () => light(n, true));
      node.addEventListener("mouseleave", () => light(n, false));
    }
  };

  // -- the viewer's hand ----------------------------------------------------------------------------
  const hand = () => {
    if (!b.hand) {
      html("p", { style: "font-size:12px;margin:4px 0" }, root,
           "Hands are hidden: choose a seat played by a person to see its hand.");
      return;
    }
    const box = html("div", { class: "evo-phylo-hand", role: "group",
                              "aria-label": "Your hand" }, root);
    html("div", { style: "font-size:12px;margin:4px 0" }, box,
         `Your hand (${b.hand.length}). Select a card to see where it can go:`);
    const seen = new Set();
    for (const f of b.hand) {
      const key = `hand-${f.id}`;
      const copies = b.hand.filter((g) => g.id === f.id).length;
      if (seen.has(key)) continue;
      seen.add(key);
      const places = targetsWith(`put-${f.id}-`).length;
      const canDiscard = ctx.targets.has(`discard-${f.id}`);
      const card = html("div", {
        class: "evo-phylo-card", "data-card": f.id,
        title: f.kind === "event" ? `${f.name}: ${f.text} ${f.fact}` : `${f.name} (${f.latin}). ${f.fact}`,
        style: "display:inline-block;vertical-align:top;width:10.5em;margin:2px;padding:3px 5px;" +
               "border-radius:5px;font-size:11px;background:#fffdf7;" +
               (phyloSelected === key ? "border:3px solid #0072B2;" : "border:1px solid #333;"),
      }, box);
      if (f.kind === "event") {
        html("strong", {}, card, `${f.name}${copies > 1 ? ` ×${copies}` : ""}`);
        html("div", {}, card, `EVENT: ${f.text}`);
      } else {
        html("div", { style: `background:${f.colour};color:${draw.inkOn(f.colour)};` +
                             "font-size:9px;font-weight:bold;padding:0 3px;border-radius:3px" },
             card, `${f.diet_label} · ${f.points} pt`);
        html("strong", {}, card, `${f.name}${copies > 1 ? ` ×${copies}` : ""}`);
        html("div", { style: "font-style:italic;font-size:10px" }, card, f.latin);
        html("div", {}, card, `Rank ${f.rank} · scale ${f.scale} · ` +
             `${f.terrains.join("")} ${f.climates.join("")}`);
        html("div", { style: "font-size:10px" }, card,
             `${f.terrain_names.join("/")} · ${f.climate_names.join("/")}`);
        if (f.keywords.length) html("div", { style: "font-size:10px" }, card, f.keywords.join(" · "));
      }
      html("div", { style: "font-size:10px;color:#333" }, card,
           places ? `${places} place${places === 1 ? "" : "s"} to play` : "no place now");
      if (places || canDiscard) {
        selectable(card, key, `${f.name} in your hand: ${places} places; select it`);
      }
      if (phyloSelected === key && canDiscard) {
        const drop = html("button", { type: "button", style: "margin-top:3px" }, card,
                          "Discard to draw 3");
        ctx.clickable(drop, `discard-${f.id}`, `Discard ${f.name}`);
      }
    }
  };

  const legend = () => {
    const box = html("p", { class: "evo-caption", style: "font-size:11px;margin:6px 0" }, root);
    html("span", {}, box, "Diets: ");
    for (const d of b.legend.diets) {
      html("span", { style: `background:${d.colour};color:${draw.inkOn(d.colour)};` +
                           "padding:0 4px;margin-right:3px;border-radius:3px" }, box, d.label);
    }
    html("span", {}, box, " · Terrains: " +
         b.legend.terrains.map((t) => `${t.symbol} ${t.name}`).join(", ") + " · Climates: " +
         b.legend.climates.map((c) => `${c.symbol} ${c.name}`).join(", ") +
         ". Arrows show energy flowing from a food to the species that eats it (dashed in the " +
         "graph: host to parasite). Player 2's cards are turned to face Player 2.");
  };

  paint();
});
