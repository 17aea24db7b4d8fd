// climate/renderer.js: the Climate game's board, drawn from the view model's numbers.
// A thermometer, the habitat map as drawn tiles (grass and acacias, rainforest, woods of
// conifers, snow), each species drawn from its three genes (PhET's rule: the phenotype is
// drawn from the genotype, one small function per body part), its genome board and tokens,
// and the viewer's hand. Places a move can reach are outlined and clickable (mouse and
// keyboard); every drawing has a text equivalent. Wrapped in a block: the renderers share
// one module, so nothing here leaks a name to the others.
{
  const { svg, html } = draw;
  const INK = draw.OUTLINE;
  const RISKY = "#D55E00"; // Okabe-Ito vermillion: "not adapted", always with a "!" and words
  const previous = new WeakMap(); // board element -> last board drawn (to animate changes)

  /** Once per page: the animations, switched off by prefers-reduced-motion. */
  const addStyle = () => draw.styleOnce("evo-climate-style", `
      .evo-climate-turned { animation: evo-climate-turn 0.9s ease-out; transform-box: fill-box;
                            transform-origin: center; }
      @keyframes evo-climate-turn { from { opacity: 0.15; transform: scale(0.7); } }
      .evo-climate-arrive { animation: evo-climate-hop 0.5s ease-out; transform-box: fill-box;
                            transform-origin: bottom; }
      @keyframes evo-climate-hop { 0% { transform: translateY(-10px) scale(0.6); opacity: 0.3; } }
      .evo-climate-lost { animation: evo-climate-fade 2.4s ease-in forwards; }
      @keyframes evo-climate-fade { 0%, 75% { opacity: 1; } 100% { opacity: 0; } }
      .evo-climate-cards { display: flex; flex-wrap: wrap; gap: 8px; align-content: flex-start;
                           flex: 1 1 300px; }
      .evo-climate-top { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
      .evo-climate-card { border: 2px solid #888; border-radius: 8px; padding: 3px 6px;
                          font-size: 12px; display: flex; flex-wrap: wrap; gap: 0 6px;
                          align-items: flex-start; flex: 0 1 auto; min-width: 0;
                          max-width: 100%; }
      /* the scene and the genome board side by side where they fit, one above the other on a
         phone or beside the choices; each shrinks with the card rather than being cut off */
      .evo-climate-card > p { flex: 1 0 100%; }
      .evo-climate-card > svg { flex: 0 1 auto; max-width: 100%; height: auto; }
      .evo-climate-card.risky { border-color: ${RISKY}; border-style: dashed; }
      .evo-climate-card.turn { box-shadow: 0 0 0 3px #0072B2; }
      .evo-climate-card p { margin: 1px 0; }
      @media (prefers-reduced-motion: reduce) {
        .evo-climate-turned, .evo-climate-arrive, .evo-climate-lost { animation: none; }
      }`);

  // ---- habitat tiles: one small motif function per habitat ---------------------------------
  const grassTuft = (g, x, y, colour) => svg("path", {
    d: `M${x - 3} ${y} l1 -5 M${x} ${y} l0 -7 M${x + 3} ${y} l-1 -5`,
    stroke: colour, "stroke-width": 1.4, "stroke-linecap": "round", fill: "none",
  }, g);
  const acacia = (g, x, y) => {
    svg("path", { d: `M${x} ${y} l0 -9 l-4 -4 M${x} ${y - 9} l4 -4`, stroke: "#6b4a1f",
                  "stroke-width": 1.6, fill: "none" }, g);
    svg("ellipse", { cx: x, cy: y - 14, rx: 10, ry: 3.4, fill: "#6f8f23", stroke: "#3e5212",
                     "stroke-width": 0.8 }, g);
  };
  const broadleaf = (g, x, y, r, fill, stroke) => {
    svg("rect", { x: x - 1.2, y: y - 2, width: 2.4, height: r + 2, fill: "#5a3d1e" }, g);
    svg("circle", { cx: x, cy: y - r * 0.6, r, fill, stroke, "stroke-width": 0.8 }, g);
  };
  const conifer = (g, x, y, h) => {
    svg("path", { d: `M${x} ${y - h} l${h * 0.38} ${h * 0.8} h${-h * 0.76} z`, fill: "#1d4a31",
                  stroke: "#0c2518", "stroke-width": 0.7 }, g);
    svg("rect", { x: x - 1, y: y - h * 0.2, width: 2, height: h * 0.22, fill: "#4a3219" }, g);
  };
  const snowMound = (g, x, y, w) => svg("path", {
    d: `M${x - w} ${y} q${w} ${-w * 0.7} ${2 * w} 0 z`, fill: "#ffffff", stroke: "#9fb3c2",
    "stroke-width": 0.7,
  }, g);

  const MOTIFS = {
    savannah(g, s, n) {
      grassTuft(g, s * 0.25, s * 0.85, "#8a7a10");
      grassTuft(g, s * 0.7, s * 0.62, "#8a7a10");
      if (n % 3 === 0) acacia(g, s * 0.62, s * 0.92);
      else grassTuft(g, s * 0.48, s * 0.95, "#8a7a10");
    },
    tropical_forest(g, s, n) {
      broadleaf(g, s * 0.28, s * 0.9, s * 0.17, "#0a6e4f", "#033b29");
      broadleaf(g, s * 0.72, s * 0.82, s * 0.2, "#0d7d5a", "#033b29");
      if (n % 2) broadleaf(g, s * 0.5, s * 0.98, s * 0.14, "#16906a", "#033b29");
    },
    temperate_forest(g, s, n) {
      conifer(g, s * 0.3, s * 0.95, s * 0.5);
      conifer(g, s * 0.72, s * 0.88, s * 0.42);
      if (n % 2 === 0) broadleaf(g, s * 0.52, s * 0.98, s * 0.11, "#7a8f3a", "#2f3d12");
    },
    tundra(g, s, n) {
      snowMound(g, s * 0.32, s * 0.96, s * 0.24);
      snowMound(g, s * 0.74, s * 0.78, s * 0.16);
      svg("circle", { cx: s * (n % 2 ? 0.6 : 0.2), cy: s * 0.62, r: 1.6, fill: "#6d7f5a" }, g);
    },
  };

  /** A habitat tile of side s at (x, y); n varies the motif from cell to cell. */
  function habitatTile(parent, habitat, x, y, s, n) {
    const g = svg("g", { transform: `translate(${x},${y})` }, parent);
    svg("rect", { width: s, height: s, fill: habitat.colour, stroke: "#555",
                  "stroke-width": 0.6 }, g);
    (MOTIFS[habitat.key] || (() => {}))(g, s, n);
    return g;
  }

  // ---- the creature: one function per body part, each reading one gene ---------------------
  // gene values: 1 savannah, 2 tropical forest, 3 temperate forest, 4 tundra
  const COATS = { 1: "#D9B26A", 2: "#5B4330", 3: "#8B5A2B", 4: "#F4F6F8" };
  const BODY = { // torso half-sizes, leg length and thickness, ear size
    1: { rx: 20, ry: 10, leg: 20, thick: 3, ear: 11 },
    2: { rx: 23, ry: 8.5, leg: 13, thick: 2.6, ear: 6 },
    3: { rx: 22, ry: 13.5, leg: 11, thick: 5, ear: 5 },
    4: { rx: 17, ry: 15, leg: 5, thick: 5.5, ear: 3.5 },
  };

  function legs(g, b, coat) {
    const top = b.ry * 0.5;
    for (const x of [-b.rx * 0.6, -b.rx * 0.3, b.rx * 0.35, b.rx * 0.62]) {
      svg("line", { x1: x, y1: top, x2: x, y2: b.ry * 0.6 + b.leg, stroke: INK,
                    "stroke-width": b.thick + 2, "stroke-linecap": "round" }, g);
      svg("line", { x1: x, y1: top, x2: x, y2: b.ry * 0.6 + b.leg, stroke: coat,
                    "stroke-width": b.thick, "stroke-linecap": "round" }, g);
    }
  }

  function tail(g, b, body, coat) {
    const x = -b.rx + 1;
    const d = body === 2 // a long curling climber's tail
      ? `M${x} 0 c-14 -4 -18 -22 -8 -26 c6 -2 8 5 3 6`
      : `M${x} -2 q-8 -2 -9 -${body === 1 ? 10 : 5}`;
    svg("path", { d, fill: "none", stroke: INK, "stroke-width": 4.4, "stroke-linecap": "round" }, g);
    svg("path", { d, fill: "none", stroke: coat, "stroke-width": 2.4, "stroke-linecap": "round" }, g);
  }

  function torso(g, b, colour, coat) {
    if (colour >= 3) { // a thick coat (3) or dense fur (4): tufts all round the outline
      const tufts = colour === 4 ? 18 : 12;
      for (let i = 0; i < tufts; i++) {
        const a = (i / tufts) * 2 * Math.PI;
        svg("circle", { cx: Math.cos(a) * b.rx, cy: Math.sin(a) * b.ry,
                        r: colour === 4 ? 4.2 : 3, fill: coat, stroke: INK,
                        "stroke-width": 0.9 }, g);
      }
    }
    svg("ellipse", { rx: b.rx, ry: b.ry, fill: coat, stroke: colour >= 3 ? "none" : INK,
                     "stroke-width": 1.4 }, g);
    if (colour === 2) { // a dark, patterned coat: rosettes
      for (const [px, py] of [[-9, -3], [-1, 2], [7, -4], [12, 3], [-14, 3]]) {
        if (Math.abs(px) < b.rx - 3) {
          svg("circle", { cx: px, cy: py * (b.ry / 10), r: 2.2, fill: "#241a10" }, g);
        }
      }
    }
  }

  function head(g, b, body, coat) {
    const hx = b.rx + 4;
    const hy = -b.ry * 0.55;
    const r = body === 4 ? 8 : 9;
    // ears: large thin ears shed heat (1); small round ears keep it (4)
    const earPath = (dx) => `M${hx + dx - 3} ${hy - r + 3} q${-2} ${-b.ear * 1.6} ${5} ${-b.ear * 1.4}` +
      ` q${2} ${b.ear * 0.8} ${1} ${b.ear * 1.4} z`;
    for (const dx of [-4, 3]) {
      svg("path", { d: earPath(dx), fill: coat, stroke: INK, "stroke-width": 1.2 }, g);
    }
    svg("circle", { cx: hx, cy: hy, r, fill: coat, stroke: INK, "stroke-width": 1.4 }, g);
    svg("ellipse", { cx: hx + r * 0.85, cy: hy + 2.5, rx: 4.2, ry: 3.2, fill: coat, stroke: INK,
                     "stroke-width": 1.1 }, g); // snout
    svg("circle", { cx: hx + r * 0.85 + 3, cy: hy + 1.5, r: 1.4, fill: INK }, g); // nose
    svg("circle", { cx: hx + 2, cy: hy - 2.5, r: 1.7, fill: INK }, g); // eye
    svg("circle", { cx: hx + 2.5, cy: hy - 3, r: 0.6, fill: "#fff" }, g);
    return { x: hx + r * 0.85 + 6, y: hy + 2 };
  }

  function metabolismMark(g, b, metabolism, nose) {
    if (metabolism === 1) { // saves water: a water-storing hump
      svg("path", { d: `M${-b.rx * 0.45} ${-b.ry + 2} q${b.rx * 0.35} ${-b.ry * 1.1} ${b.rx * 0.7} 0`,
                    fill: "#c99a4c", stroke: INK, "stroke-width": 1.2 }, g);
    } else if (metabolism === 2) { // fuelled by fruit all year: a fruit at the mouth
      svg("circle", { cx: nose.x + 2, cy: nose.y + 5, r: 4, fill: "#E69F00", stroke: INK,
                      "stroke-width": 1 }, g);
      svg("path", { d: `M${nose.x + 2} ${nose.y + 1} l2 -3`, stroke: "#2f6b1f",
                    "stroke-width": 1.4 }, g);
    } else if (metabolism === 3) { // stores fat for winter: a pale fat belly
      svg("ellipse", { cx: 0, cy: b.ry * 0.45, rx: b.rx * 0.62, ry: b.ry * 0.5, fill: "#f3dcb0",
                       stroke: INK, "stroke-width": 0.9, opacity: 0.95 }, g);
    } else if (metabolism === 4) { // makes a lot of heat: warm breath in the cold
      for (const [dx, dy, r] of [[3, -2, 2.6], [8, -5, 3.4], [14, -7, 2.4]]) {
        svg("circle", { cx: nose.x + dx, cy: nose.y + dy, r, fill: "#ffffff", stroke: "#7a8a99",
                        "stroke-width": 0.8, opacity: 0.9 }, g);
      }
    }
  }

  /** The species drawn from its genome [body, colour, metabolism], facing right; height ~70. */
  function creature(parent, genome, { x = 0, y = 0, scale = 1 } = {}) {
    const [body, colour, metabolism] = genome.map((v) => Math.min(4, Math.max(1, v)));
    const b = BODY[body];
    const coat = COATS[colour];
    // feet on the ground line at y: the torso sits a leg's length above it
    const lift = b.ry * 0.6 + b.leg + b.thick / 2;
    const g = svg("g", { transform: `translate(${x},${y}) scale(${scale}) translate(0,${-lift})` },
                  parent);
    legs(g, b, coat);
    tail(g, b, body, coat);
    torso(g, b, colour, coat);
    const nose = head(g, b, body, coat);
    metabolismMark(g, b, metabolism, nose);
    return g;
  }

  /** Words for the drawing: what each gene value looks like. */
  const creatureWords = (b, genome) =>
    genome.map((v, i) => `${b.genes[i]} ${v}: ${(b.gene_variants[i] || [])[v - 1] || ""}`)
      .join("; ");

  // ---- the board ---------------------------------------------------------------------------
  function thermometer(parent, t, tr) {
    const g = svg("g", { role: "img", "aria-label": tr("climate.thermometer", { board: t }) },
                  parent);
    svg("title", {}, g, tr("climate.board_of", { board: t }));
    svg("rect", { x: 14, y: 6, width: 14, height: 210, rx: 7, fill: "#fff", stroke: INK,
                  "stroke-width": 1.5 }, g);
    const level = 206 - (t / 5) * 180;
    svg("rect", { x: 17, y: level, width: 8, height: 214 - level, rx: 4, fill: RISKY,
                  class: "evo-climate-mercury" }, g);
    svg("circle", { cx: 21, cy: 226, r: 12, fill: RISKY, stroke: INK, "stroke-width": 1.5 }, g);
    for (let k = 1; k <= 5; k++) {
      const y = 206 - (k / 5) * 180;
      const on = k === t;
      svg("line", { x1: 28, x2: 34, y1: y, y2: y, stroke: "currentColor" }, g);
      svg("text", { x: 37, y: y + 4.5, "font-size": on ? 15 : 12, "font-weight": on ? "bold" : "normal",
                    fill: "currentColor" }, g, k);
    }
    svg("text", { x: 2, y: 256, "font-size": 12, fill: "currentColor" }, g, tr("climate.warm5"));
    svg("text", { x: 2, y: 270, "font-size": 12, fill: "currentColor" }, g, tr("climate.cold1"));
  }

  function seatBadge(parent, x, y, style, player) {
    const g = svg("g", { transform: `translate(${x},${y})` }, parent);
    svg("circle", { r: 8.5, fill: style.colour, stroke: INK, "stroke-width": 1.3 }, g);
    svg("text", { y: 4.3, "text-anchor": "middle", "font-size": 12, "font-weight": "bold",
                  fill: draw.inkOn(style.colour) }, g, player + 1);
    return g;
  }

  function drawMap(root, b, ctx, before) {
    const size = 46;
    const left = 58;
    const width = left + b.columns * size + 4;
    const height = Math.max(b.rows * size + 8, 280);
    const seats = ctx.view.seats;
    const map = svg("svg", {
      viewBox: `0 0 ${width} ${height}`, width, height, class: "evo-climate-map",
      role: "group", "aria-label": ctx.t("climate.map", { board: b.temperature }),
    }, root);
    thermometer(map, b.temperature, ctx.t);
    const occupant = new Map();
    for (const sp of b.species) if (sp.cell) occupant.set(sp.cell, sp);
    const wasAt = new Map();
    for (const sp of before ? before.species : []) wasAt.set(sp.player, sp.cell);

    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.columns; c++) {
        const cell = r * b.columns + c + 1;
        const h = b.habitats[b.cells[cell - 1]];
        const x = left + c * size;
        const y = 4 + r * size;
        const g = svg("g", { "data-cell": cell }, map);
        // (an animated group never carries a transform attribute: CSS would replace it)
        const tile = svg("g", {}, g);
        habitatTile(tile, h, x, y, size, cell);
        if (before && before.cells[cell - 1] !== b.cells[cell - 1]) {
          tile.classList.add("evo-climate-turned");
        }
        svg("rect", { x: x + 1.5, y: y + 1.5, width: cell > 9 ? 18 : 11, height: 14, rx: 3,
                      fill: "#ffffff", opacity: 0.8 }, g);
        svg("text", { x: x + 3, y: y + 13, "font-size": 12, fill: "#111" }, g, cell);
        const sp = occupant.get(cell);
        let words = ctx.t("climate.cell", { cell, habitat: h.name });
        if (sp) {
          const who = svg("g", {}, g);
          creature(who, sp.genome, { x: x + size / 2 - 4, y: y + size - 3, scale: 0.6 });
          seatBadge(who, x + size - 10, y + 11, seats[sp.player], sp.player);
          if (wasAt.has(sp.player) && wasAt.get(sp.player) !== cell) {
            who.classList.add("evo-climate-arrive");
          }
          if (!sp.adapted) {
            svg("rect", { x: x + 1, y: y + 1, width: size - 2, height: size - 2, fill: "none",
                          stroke: RISKY, "stroke-width": 3 }, g);
            svg("text", { x: x + 6, y: y + size - 6, "font-size": 16, "font-weight": "bold",
                          fill: RISKY, stroke: "#fff", "stroke-width": 0.6 }, g, "!");
          }
          words += ctx.t(sp.adapted ? "climate.cell_species" : "climate.cell_species_risky",
                         { who: seats[sp.player].name });
        }
        if (ctx.clickable(g, `cell-${cell}`, words)) {
          svg("rect", { x: x + 3, y: y + 3, width: size - 6, height: size - 6, fill: "none",
                        stroke: "#000", "stroke-width": 2.5, "stroke-dasharray": "6 3",
                        class: "evo-target-outline" }, g);
          svg("rect", { x: x + 5.5, y: y + 5.5, width: size - 11, height: size - 11, fill: "none",
                        stroke: "#fff", "stroke-width": 1.2, "stroke-dasharray": "6 3" }, g);
        } else {
          svg("title", {}, g, words);
        }
      }
    }
  }

  function legend(root, b, ctx) {
    const list = html("ul", { class: "evo-legend", "aria-label": ctx.t("climate.habitats") }, root);
    for (const h of b.habitats) {
      const li = html("li", {}, list);
      const s = svg("svg", { width: 26, height: 26, viewBox: "0 0 26 26", "aria-hidden": "true" }, li);
      habitatTile(s, h, 0, 0, 26, 3);
      html("span", {}, li, ` ${ctx.t("climate.legend", { habitat: h.name, value: h.gene_value })}`);
    }
  }

  function genomeBoard(card, b, sp, style, ctx) {
    const mine = sp.player === ctx.view.viewer;
    const s = svg("svg", { width: 160, height: 100, viewBox: "0 0 160 100", role: "group",
                           "aria-label": ctx.t("climate.genome_board", {
                             who: ctx.view.seats[sp.player].name,
                             genes: b.genes.map((g, i) => `${g} ${sp.genome[i]}`).join(", "),
                           }) }, card);
    b.genes.forEach((gene, gi) => {
      svg("text", { x: 43 + gi * 40, y: 12, "text-anchor": "middle", "font-size": 12,
                    fill: "currentColor" }, s, gene.length > 6 ? `${gene.slice(0, 5)}.` : gene);
    });
    b.habitats.forEach((h, hi) => {
      const y = 16 + hi * 21;
      habitatTile(s, h, 0, y, 20, hi);
      svg("title", {}, svg("g", {}, s), h.name);
      b.genes.forEach((gene, gi) => {
        const x = 24 + gi * 40;
        const on = sp.genome[gi] === h.gene_value;
        const g = svg("g", { transform: `translate(${x},${y})` }, s);
        svg("rect", { width: 36, height: 19, rx: 4, fill: on ? style.colour : "none",
                      stroke: "#888" }, g);
        svg("text", { x: 18, y: 14, "text-anchor": "middle", "font-size": 12,
                      "font-weight": on ? "bold" : "normal",
                      // the other values quieter, yet readable (6.4:1 on the table, no fading)
                      fill: on ? draw.inkOn(style.colour) : "#5c5c5c" }, g,
            on ? `${style.symbol}${h.gene_value}` : h.gene_value);
        if (mine && ctx.clickable(g, `gene-${gi}-${h.gene_value}`,
                                  ctx.t("climate.plan_ahead", { gene, value: h.gene_value }))) {
          svg("rect", { x: 1, y: 1, width: 34, height: 17, rx: 3, fill: "none",
                        stroke: "currentColor", "stroke-width": 2, "stroke-dasharray": "4 2" }, g);
        }
      });
    });
  }

  function speciesCard(parent, b, sp, ctx, before) {
    const seats = ctx.view.seats;
    const style = seats[sp.player];
    const placed = sp.habitat !== null && sp.habitat !== undefined;
    const classes = ["evo-climate-card"];
    if (placed && !sp.adapted) classes.push("risky");
    if (b.turn_player === sp.player) classes.push("turn");
    const card = html("div", { class: classes.join(" "), "data-player": sp.player,
                               style: `border-color:${placed && !sp.adapted ? RISKY : style.colour}` },
                      parent);
    const head = html("p", { class: "evo-genome-head" }, card);
    html("span", { class: "evo-swatch",
                   style: `background:${style.colour};color:${draw.inkOn(style.colour)}` }, head,
         `${style.symbol} ${sp.player + 1}`);
    html("strong", {}, head, ` ${style.name}`);
    const h = placed ? b.habitats[sp.habitat] : null;
    const status = placed
      ? `${h.name} · ${ctx.t(sp.adapted ? "climate.adapted" : "climate.not_adapted")}`
      : ctx.t("climate.not_placed");
    html("p", {}, card, ctx.t("climate.card_line", { status, cards: sp.hand_size,
                                                      lost: sp.extinctions }));
    const scene = svg("svg", {
      width: 150, height: 96, viewBox: "0 0 150 96", role: "img",
      "aria-label": ctx.t(h ? "climate.species_in" : "climate.species", {
        who: style.name, habitat: h ? h.name.toLowerCase() : "",
        genes: creatureWords(b, sp.genome),
      }) + (placed ? ctx.t(sp.adapted ? "climate.adapted_tail" : "climate.not_adapted_tail") : ""),
    }, card);
    if (h) {
      for (let i = 0; i < 6; i++) habitatTile(scene, h, (i % 3) * 50, Math.floor(i / 3) * 48, 50, i * 3 + 1);
      svg("rect", { width: 150, height: 96, fill: "#ffffff", opacity: 0.3 }, scene);
    } else {
      svg("rect", { x: 1, y: 1, width: 148, height: 94, rx: 6, fill: "none", stroke: "#999",
                    "stroke-dasharray": "4 3" }, scene);
    }
    const drawn = svg("g", {}, scene);
    creature(drawn, sp.genome, { x: 66, y: 90, scale: 1.05 });
    const old = before && before.species.find((o) => o.player === sp.player);
    if (old && old.genome.join() !== sp.genome.join()) drawn.classList.add("evo-climate-arrive");
    if (old && sp.extinctions > old.extinctions) {
      const lost = svg("g", { class: "evo-climate-lost" }, scene);
      svg("rect", { x: 5, y: 8, width: 140, height: 24, rx: 5, fill: "#222", opacity: 0.85 }, lost);
      svg("text", { x: 75, y: 25, "text-anchor": "middle", "font-size": 13, fill: "#fff",
                    "font-weight": "bold" }, lost, ctx.t("climate.extinct"));
    }
    genomeBoard(card, b, sp, style, ctx);
    const tokens = html("p", { class: "evo-tokens" }, card, ctx.t("climate.tokens") + " ");
    b.habitats.forEach((hab, hi) => {
      const has = sp.tokens.includes(hi);
      html("span", { class: `evo-token ${has ? "on" : "off"}`,
                     style: has ? `background:${hab.colour};color:${draw.inkOn(hab.colour)}` : "",
                     title: `${hab.name}: ${ctx.t(has ? "climate.earned" : "climate.not_yet")}` },
           tokens,
           has ? `✓ ${hab.short}` : `· ${hab.short}`);
    });
    if (sp.player === ctx.view.viewer && b.hand) {
      const hand = html("p", { class: "evo-hand" }, card, ctx.t("climate.your_hand") + " ");
      if (!b.hand.length) html("span", {}, hand, ctx.t("climate.no_cards"));
      for (const c of b.hand) html("span", { class: "evo-card", style: "color:#111" }, hand,
                                    `${c.label} ×${c.count}`);
    }
  }

  registerRenderer("climate", (root, b, ctx) => {
    addStyle();
    const before = previous.get(root);
    previous.set(root, b);
    const top = html("div", { class: "evo-climate-top" }, root);
    drawMap(top, b, ctx, before);
    const cards = html("div", { class: "evo-climate-cards evo-genomes" }, top);
    // the viewer's own species card sits beside the choices (its genes are clicked to plan
    // ahead); the others lie beside or below the map
    const viewer = ctx.view.viewer;
    const own = b.species.some((sp) => sp.player === viewer) ? ctx.ownBox(ctx.t("climate.your_species")) : null;
    for (const sp of b.species) {
      speciesCard(sp.player === viewer ? own : cards, b, sp, ctx, before);
    }

    const rounds = b.max_rounds ? ctx.t("round_of", { round: b.round, max: b.max_rounds })
      : ctx.t("round", { round: b.round });
    html("p", { class: "evo-caption" }, root,
         `${rounds} · ${ctx.t("climate.caption_board", { board: b.temperature })}` +
         (b.after_change ? ` · ${ctx.t("climate.just_changed")}` : "") +
         ` · ${ctx.t("climate.cells_fixed")}`);
    legend(root, b, ctx);
    const info = html("div", { class: "evo-info" }, root);
    if (b.roll) {
      const dice = svg("svg", { width: 30, height: 30, role: "img",
                                "aria-label": ctx.t("climate.last_roll", { roll: b.roll }) },
                      info);
      draw.die(dice, 2, 2, 26, b.roll, ctx.t("die_value", { value: b.roll }));
    }
    const dele = b.deleterious_from_top.length
      ? ` ${ctx.t("climate.deleterious", { depths: b.deleterious_from_top.join(", ") })}`
      : "";
    html("span", {}, info, ` ${ctx.t("climate.piles", { draw: b.draw_pile, discard: b.discard })}${dele}` +
         (b.blind_mutation ? ` ${ctx.t("climate.blind")}` : ""));
  });
}
