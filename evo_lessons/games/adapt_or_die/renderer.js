// adapt_or_die.js: the Adapt or Die table. The octagon board (or the double board) with its
// spaces, the marked exits, the habitat mats laid beside them with their five pressures, and the
// bugs (seat colour AND a P1.. label AND the seat's symbol: colour is never the only cue). After a
// roll the reachable spaces and mat places are outlined and clickable, with the mouse or with Tab
// and Enter/Space. Below: the niche card on the table, the face-up adaptation cards, and each
// player's creature card and live scorecard. The order of the face-down piles never reaches here.

registerRenderer("adapt_or_die", (root, b, ctx) => {
  const { svg, html } = draw;
  const seats = ctx.view.seats;
  const name = (s) => `Player ${s + 1}`;
  const tag = (s) => `P${s + 1}`;
  const ABBR = ["Leg", "Seg", "Size", "Eyes", "Ant"];
  const board = b.board;

  // -- the line at the top ----------------------------------------------------------------------
  const info = html("div", { class: "evo-info" }, root);
  if (b.roll) {
    const dice = svg("svg", { width: 30, height: 30, role: "img",
                              "aria-label": `Last roll: ${b.roll}` }, info);
    draw.die(dice, 2, 2, 26, b.roll);
  }
  const phaseWords = {
    choose: "choosing creatures",
    move: `${name(b.turn_player)} moves: outlined spaces and mat places are within the roll`,
    niche: "a niche card waits for a decision",
    return: "a niche card goes back: an adaptation card goes with it",
    pick: "a new niche card comes with an adaptation card of the player's choice",
    trade: `${name(b.turn_player)} may offer a trade, or end the turn`,
    answer: "a trade waits for an answer",
    order: "scoring: choosing the order of adaptation cards",
    over: "the game is over",
  };
  html("span", {}, info,
       ` Turn ${b.turn} · round ${b.round} · ${phaseWords[b.phase] || b.phase}. ` +
       `Goal: ${b.target} niches each; the lowest unfit score wins` +
       (b.scoring === "total" ? "." : ` (scoring: ${b.scoring}).`) +
       ` ${b.mat_pile} mats face down.`);

  // -- the board --------------------------------------------------------------------------------
  const MAT = 46;
  const xs = board.spaces.map((p) => p[0]).concat(board.places.map((p) => p.x));
  const ys = board.spaces.map((p) => p[1]).concat(board.places.map((p) => p.y));
  const pad = MAT / 2 + 6;
  const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
  const w = Math.max(...xs) + pad - minX, h = Math.max(...ys) + pad - minY;
  // the double board is twice as wide: let it spread, so its mats stay readable
  const scale = Math.min(1.9, (board.places.length > 8 ? 900 : 560) / w);
  const map = svg("svg", {
    viewBox: `${minX} ${minY} ${w} ${h}`, width: Math.round(w * scale),
    height: Math.round(h * scale), class: "evo-aod-board", role: "group",
    "aria-label": `Board: ${board.name}`,
  }, root);
  const at = (node) => {
    if (node < board.spaces.length) return board.spaces[node];
    const place = board.places[node - board.spaces.length];
    return [place.x, place.y];
  };
  for (const [a, c] of board.edges) {
    const [x1, y1] = board.spaces[a], [x2, y2] = board.spaces[c];
    svg("line", { x1, y1, x2, y2, stroke: "#9a9a9a", "stroke-width": 1.4 }, map);
  }
  for (const place of board.places) {
    for (const e of place.exits) {
      const [x1, y1] = board.spaces[e];
      svg("line", { x1, y1, x2: place.x, y2: place.y, stroke: "#555", "stroke-width": 1.4,
                    "stroke-dasharray": "3 2" }, map);
    }
  }
  const reachable = new Set(b.reachable);
  const exits = new Set(board.places.flatMap((p) => p.exits));
  board.spaces.forEach(([x, y], node) => {
    const g = svg("g", { "data-space": node }, map);
    if (exits.has(node)) {
      svg("rect", { x: x - 5.5, y: y - 5.5, width: 11, height: 11, fill: "#fff", stroke: "#222",
                    "stroke-width": 1.6, transform: `rotate(45 ${x} ${y})` }, g);
      svg("title", {}, g, `Space ${node}: a marked exit`);
    } else {
      svg("circle", { cx: x, cy: y, r: node === board.start ? 6.5 : 4.2,
                      fill: node === board.start ? "#ddd" : "#fff", stroke: "#444" }, g);
      svg("title", {}, g, node === board.start ? `Space ${node}: the centre` : `Space ${node}`);
    }
    if (reachable.has(node) && ctx.clickable(g, `space-${node}`, `Space ${node}`)) {
      svg("circle", { cx: x, cy: y, r: 8.5, fill: "none", stroke: "#000", "stroke-width": 1.8,
                      "stroke-dasharray": "3 2", class: "evo-target-outline" }, g);
    }
  });

  // the mats: a face-down place, or the habitat with its five pressures (fixed ones bold and starred)
  for (const p of b.places) {
    const place = board.places[p.place - 1];
    const g = svg("g", { transform: `translate(${place.x - MAT / 2},${place.y - MAT / 2})`,
                         "data-place": p.place }, map);
    if (!p.habitat) {
      svg("rect", { width: MAT, height: MAT, rx: 4, fill: "#f6f6f6", stroke: "#777",
                    "stroke-dasharray": "4 3" }, g);
      svg("text", { x: MAT / 2, y: MAT / 2 - 2, "text-anchor": "middle", "font-size": 8 }, g,
          `place ${p.place}`);
      svg("text", { x: MAT / 2, y: MAT / 2 + 9, "text-anchor": "middle", "font-size": 7 }, g,
          "no mat yet");
      svg("title", {}, g, `Mat place ${p.place}: empty; the first bug to exit here lays a mat`);
    } else {
      const hab = p.habitat;
      const fixed = new Set(hab.fixed.map(([f]) => f));
      svg("rect", { width: MAT, height: MAT, rx: 4, fill: hab.colour, stroke: "#222" }, g);
      const ink = draw.inkOn(hab.colour);
      svg("text", { x: 3, y: 9, "font-size": 7.5, "font-weight": "bold", fill: ink }, g,
          `${hab.short} ${hab.number}`);
      // one pressure a line (two columns made bold labels run into each other); the two
      // fixed pressures are bold and starred, so weight is not the only cue
      p.pressures.forEach((v, f) => {
        svg("text", { x: 3, y: 17 + f * 6.6, "font-size": 6.4, fill: ink,
                      "font-weight": fixed.has(f) ? "bold" : "normal" }, g,
            `${ABBR[f]} ${v}${fixed.has(f) ? " *" : ""}`);
      });
      const why = hab.fixed.map(([f, v], i) => `${b.features[f]} ${v}: ${hab.why[i]}`).join(" ");
      svg("title", {}, g, `Mat place ${p.place}: ${hab.name} (habitat ${hab.number}). ` +
          `${hab.about} Pressures: ` +
          p.pressures.map((v, f) => `${b.features[f]} ${v}`).join(", ") + `. ${why}`);
    }
    if (ctx.clickable(g, `place-${p.place}`,
                      `Mat place ${p.place}${p.habitat ? `, ${p.habitat.name}` : ", empty"}`)) {
      svg("rect", { x: -3, y: -3, width: MAT + 6, height: MAT + 6, rx: 6, fill: "none",
                    stroke: "#000", "stroke-width": 2.5, "stroke-dasharray": "5 3",
                    class: "evo-target-outline" }, g);
    }
  }

  // the bugs, fanned out a little where they share a space
  const crowd = new Map();
  for (const bug of b.bugs) {
    const list = crowd.get(bug.position) || [];
    list.push(bug.seat);
    crowd.set(bug.position, list);
  }
  for (const [node, list] of crowd) {
    const [x, y] = at(node);
    list.forEach((s, i) => {
      const dx = (i - (list.length - 1) / 2) * 9;
      const style = seats[s];
      draw.token(map, x + dx, y - (node < board.spaces.length ? 9 : 16), 6.5, {
        fill: style.colour, symbol: `${s + 1}`, title: `${name(s)} ${style.symbol}`,
      });
    });
  }
  html("p", { class: "evo-caption" }, root,
       "◆ marks an exit. A mat lies beside each exit once a bug has left the board there; " +
       "its two fixed pressures are in bold with a star (*), the three from its randomizer card are not. " +
       "Features and pressures run from 1 (least) to 5 (most).");

  // -- choosing creatures -------------------------------------------------------------------------
  if (b.creatures.length) {
    const box = html("div", { class: "evo-aod-creatures" }, root);
    html("h4", {}, box, "Creatures still free");
    for (const c of b.creatures) {
      const chip = html("span", { class: "evo-card" }, box,
                        `${c.number}. ${c.name}: ` + c.features.map((v, f) => `${ABBR[f]} ${v}`).join(" "));
      chip.setAttribute("title", c.about);
      ctx.clickable(chip, `creature-${c.number}`, `Creature ${c.number}, ${c.name}`);
    }
  }

  // -- the card on the table, the trade on offer, the face-up adaptation cards -----------------
  const table = html("div", { class: "evo-aod-table" }, root);
  if (b.offered) {
    const p = html("p", {}, table, "On the table: ");
    const chip = html("span", { class: "evo-card", style: `background:${b.offered.habitat.colour}` },
                      p, `${b.offered.habitat.name} niche${b.offered.spare ? " (spare copy)" : ""}`);
    ctx.clickable(chip, "offered", `The ${b.offered.habitat.name} niche card`);
  }
  for (const [s, hab] of b.gains) {
    html("p", {}, table, `${name(s)} takes an adaptation card with the niche card of habitat ${hab}.`);
  }
  if (b.offer) {
    html("p", {}, table, `${name(b.offer.from)} offers ${name(b.offer.to)} the ` +
         `${b.offer.give_label} for the ${b.offer.get_label}: ${name(b.offer.to)} answers.`);
  }
  const pool = html("div", { class: "evo-aod-pool", role: "group",
                             "aria-label": "Face-up adaptation cards" }, table);
  html("strong", {}, pool, `Adaptation cards face up (${b.pool.length}): `);
  for (const c of b.pool) {
    const chip = html("span", { class: "evo-card", title: c.label }, pool, c.label);
    ctx.clickable(chip, `pool-${c.id}`, `Adaptation card ${c.label}`);
  }

  // -- every player's creature card and scorecard ---------------------------------------------
  const boards = html("div", { class: "evo-genomes" }, root);
  for (const bug of b.bugs) {
    const s = bug.seat;
    const style = seats[s];
    const card = html("div", { class: "evo-genome", "data-player": s }, boards);
    const head = html("p", { class: "evo-genome-head" }, card);
    html("span", { class: "evo-swatch", style: `background:${style.colour}` }, head,
         `${s + 1}`);
    const who = html("strong", {}, head, ` ${name(s)} (${tag(s)} ${style.symbol})`);
    ctx.clickable(who, `bug-${s}`, name(s));
    if (!bug.creature) {
      html("span", {}, head, " · no creature yet");
      continue;
    }
    const home = bug.creature.home ? `home: habitat ${bug.creature.home}` : "no home habitat";
    html("span", { title: bug.creature.about }, head,
         ` · ${bug.creature.name} (creature ${bug.creature.number}, ${home}) · unfit now ` +
         `${bug.unfit}`);
    const mine = s === b.turn_player;
    const niches = html("p", { class: "evo-tokens" }, card, "Niches: ");
    if (!bug.niches.length) html("span", {}, niches, "none yet");
    for (const hab of bug.niches) {
      const chip = html("span", { class: "evo-token",
                                  style: `background:${hab.colour};color:${draw.inkOn(hab.colour)}`,
                                  title: hab.about }, niches, `${hab.short} ${hab.number}`);
      ctx.clickable(chip, mine ? `held-niche-${hab.number}` : `niche-${s}-${hab.number}`,
                    `${name(s)}'s ${hab.name} niche card`);
    }
    const cards = html("p", { class: "evo-hand" }, card, "Adaptation cards: ");
    if (!bug.adaptations.length) html("span", {}, cards, "none yet");
    for (const c of bug.adaptations) {
      const chip = html("span", { class: "evo-card" }, cards, c.label);
      ctx.clickable(chip, mine ? `held-card-${c.id}` : `card-${s}-${c.id}`,
                    `${name(s)}'s ${c.label} card`);
    }
    const sc = bug.scorecard;
    const t = html("table", { class: "evo-aod-scorecard",
                              "aria-label": `Scorecard of ${name(s)}` }, card);
    const headRow = html("tr", {}, html("thead", {}, t));
    for (const label of ["Feature", "Start", "Cards", "Now"]) {
      html("th", { scope: "col" }, headRow, label);
    }
    for (const hab of sc.habitats) html("th", { scope: "col", title: "pressure / score" }, headRow, `H${hab} SP/score`);
    html("th", { scope: "col" }, headRow, "Total");
    const body = html("tbody", {}, t);
    for (const row of sc.rows) {
      const tr = html("tr", {}, body);
      html("th", { scope: "row" }, tr, row.feature);
      html("td", {}, tr, row.start);
      html("td", {}, tr, row.adapt || "–");
      html("td", {}, tr, row.end);
      for (const [sp, score] of row.cells) html("td", {}, tr, `${sp} / ${score}`);
      html("td", {}, tr, row.total);
    }
    const foot = html("tr", {}, body);
    html("th", { scope: "row", colspan: 4 }, foot, "Habitat score (above 8: extinct ✝)");
    for (const total of sc.habitat_totals) {
      html("td", {}, foot, total > 8 ? `${total} ✝ extinct` : `${total}`);
    }
    html("td", {}, foot, `${sc.total}`);
  }

  if (b.final) {
    const end = html("p", { class: "evo-caption" }, root, "Final scores: ");
    b.final.forEach((r, s) => {
      html("span", {}, end, `${name(s)} ${r.total} unfit, ${r.extinctions} extinct, best in ` +
           `${r.best_in}${s < b.final.length - 1 ? " · " : "."}`);
    });
  }
});
