// adapt_or_die.js: the Adapt or Die table. The octagon board (or the double board) with its
// spaces, the marked exits, the habitat mats laid beside them with their five pressures, and the
// bugs (seat colour AND a P1.. label AND the seat's symbol: colour is never the only cue). After a
// roll the reachable spaces and mat places are outlined and clickable, with the mouse or with Tab
// and Enter/Space. Below: the niche card on the table, the face-up adaptation cards, and each
// player's creature card and live scorecard. The order of the face-down piles never reaches here.

{
  const INK = draw.OUTLINE;
  const previous = new WeakMap(); // board element -> last view drawn (to animate what changed)

  const addStyle = () => draw.styleOnce("evo-aod-style", `
      .evo-aod-new { animation: evo-aod-pop 0.8s ease-out; transform-box: fill-box;
                     transform-origin: center; }
      @keyframes evo-aod-pop { 0% { transform: scale(2.2); opacity: 0.2; } 60% { transform: scale(0.9); } }
      .evo-aod-moved { animation: evo-aod-hop 0.5s ease-out; transform-box: fill-box;
                       transform-origin: bottom; }
      @keyframes evo-aod-hop { 0% { transform: translateY(-8px) scale(0.7); opacity: 0.4; } }
      .evo-aod-chooser { display: flex; flex-wrap: wrap; gap: 6px; }
      .evo-aod-choice { border: 1px solid #888; border-radius: 8px; padding: 2px 4px;
                        font-size: 12px; width: 128px; text-align: center; }
      .evo-aod-choice p { margin: 0; }
      .evo-aod-chip svg { vertical-align: middle; margin-right: 2px; }
      .evo-aod-bugbox { display: flex; gap: 6px; align-items: center; }
      .evo-aod-bugbox ul { margin: 0; padding-left: 1.1em; font-size: 12px; }
      .evo-aod-bugbox svg { flex: 0 1 auto; min-width: 0; max-width: 60%; height: auto; }
      .evo-own-table .evo-aod-card { max-width: 100%; border: 0; padding: 0; }
      .evo-genomes > .evo-aod-card { flex: 0 1 auto; max-width: min(100%, 360px); }
      .evo-aod-score-frame { max-width: 100%; overflow-x: auto; }
      .evo-aod-scorecard { font-size: 11px; }
      .evo-aod-scorecard caption { text-align: left; font-size: 11px; }
      .evo-aod-scorecard th, .evo-aod-scorecard td { padding: 0 3px; white-space: nowrap; }
      .evo-aod-scorecard tbody tr:last-child th { white-space: normal; }
      @media (prefers-reduced-motion: reduce) { .evo-aod-new, .evo-aod-moved { animation: none; } }`);

  // ---- habitat mats: one small motif a habitat, drawn in a w x h strip ------------------------
  const S = draw.svg;
  const line = (g, d, stroke, width = 1) =>
    S("path", { d, stroke, "stroke-width": width, fill: "none", "stroke-linecap": "round" }, g);
  const dot = (g, cx, cy, r, fill, stroke = "none") =>
    S("circle", { cx, cy, r, fill, stroke, "stroke-width": 0.5 }, g);
  const leaf = (g, x, y, r, fill, angle = 0) =>
    S("ellipse", { cx: x, cy: y, rx: r, ry: r * 0.5, fill, stroke: "#2f4a1f", "stroke-width": 0.4,
                   transform: `rotate(${angle} ${x} ${y})` }, g);
  const MOTIFS = {
    cave: (g, w, h) => { for (let i = 0; i < 5; i++) S("path", { d: `M${4 + i * w / 5} 0 l3 ${h * (i % 2 ? 0.5 : 0.8)} l3 ${-h * (i % 2 ? 0.5 : 0.8)}z`, fill: "#6d6d80" }, g); },
    dunes: (g, w, h) => { line(g, `M0 ${h * 0.7} q${w / 4} ${-h * 0.6} ${w / 2} 0 t${w / 2} 0`, "#b8893b", 1.2); dot(g, w - 7, 5, 3, "#E69F00"); },
    soil_pores: (g, w, h) => { for (const [x, y, r] of [[8, 6, 3], [20, 11, 2.5], [33, 5, 3.5], [44, 11, 2]]) dot(g, x * w / 52, y * h / 16, r, "#f0e3cf", "#5a4632"); },
    deep_soil: (g, w, h) => { for (const [x, y] of [[7, 9], [22, 5], [36, 11], [46, 5]]) S("ellipse", { cx: x * w / 52, cy: y * h / 16, rx: 4, ry: 2.6, fill: "#5a4a3a" }, g); },
    leaf_litter: (g, w, h) => { for (const [x, y, a] of [[8, 8, 20], [20, 10, -30], [32, 7, 60], [44, 10, -10]]) leaf(g, x * w / 52, y * h / 16, 5, "#a0522d", a); },
    pond_surface: (g, w, h) => { for (const x of [0.25, 0.7]) S("ellipse", { cx: w * x, cy: h / 2, rx: 8, ry: 3, fill: "none", stroke: "#1f5f7a", "stroke-width": 0.8 }, g); },
    air_over_pond: (g, w, h) => { for (const [x, y] of [[0.3, 0.45], [0.72, 0.6]]) { dot(g, w * x, h * y, 3.5, "#fff"); dot(g, w * x + 4, h * y - 1, 3.5, "#fff"); dot(g, w * x + 8, h * y, 3, "#fff"); } },
    pond_water: (g, w, h) => { line(g, `M0 ${h * 0.35} q${w / 8} -3 ${w / 4} 0 t${w / 4} 0 t${w / 4} 0 t${w / 4} 0`, "#e8f6fb", 1); dot(g, w * 0.3, h * 0.75, 1.6, "#e8f6fb"); dot(g, w * 0.6, h * 0.7, 2, "#e8f6fb"); },
    under_bark: (g, w, h) => { for (let i = 0; i < 4; i++) line(g, `M${6 + i * w / 4} 1 q3 ${h / 2} 0 ${h - 2}`, "#5e3b1f", 1.2); },
    canopy: (g, w, h) => { for (const [x, y, a] of [[8, 7, 30], [18, 10, -20], [30, 6, 10], [41, 10, 50], [48, 5, -40]]) leaf(g, x * w / 52, y * h / 16, 5, "#2e7d32", a); },
    night_sky: (g, w, h) => { dot(g, w - 8, h / 2, 4.5, "#F0E442"); dot(g, w - 6, h / 2 - 1.5, 4, "#7F86B8"); for (const [x, y] of [[6, 4], [16, 10], [27, 5], [34, 12]]) dot(g, x * w / 52, y * h / 16, 1.1, "#fff"); },
    flower_meadow: (g, w, h) => { for (const [x, c] of /** @type {Array<[number, string]>} */ ([[8, "#CC79A7"], [22, "#F0E442"], [36, "#fff"], [47, "#CC79A7"]])) { line(g, `M${x * w / 52} ${h} l0 ${-h * 0.55}`, "#3c7a2a"); dot(g, x * w / 52, h * 0.4, 2.8, c, "#6a2a50"); } },
    grassland: (g, w, h) => { for (let i = 0; i < 7; i++) line(g, `M${4 + i * w / 7} ${h} l-1.5 ${-h * 0.7} M${5 + i * w / 7} ${h} l2 ${-h * 0.55}`, "#6b7a1a", 1); },
    dung_pat: (g, w, h) => { S("ellipse", { cx: w / 2, cy: h * 0.65, rx: w * 0.28, ry: h * 0.3, fill: "#5e4b24" }, g); line(g, `M${w / 2 - 4} ${h * 0.35} q2 -4 0 -6 M${w / 2 + 3} ${h * 0.35} q2 -4 0 -6`, "#5e4b24", 0.8); },
    leaf_mine: (g, w, h) => { leaf(g, w / 2, h / 2, w * 0.38, "#6fbf73", 0); line(g, `M${w * 0.2} ${h / 2} q${w * 0.1} -5 ${w * 0.2} 0 t${w * 0.2} 0 t${w * 0.15} 0`, "#f1f1c8", 1.4); },
    forest_floor_night: (g, w, h) => { dot(g, 7, 5, 3, "#F0E442"); S("path", { d: `M${w * 0.6} ${h} l0 -5 M${w * 0.6 - 5} ${h - 5} q5 -8 10 0z`, fill: "#D55E00", stroke: "#fff", "stroke-width": 0.6 }, g); },
  };

  /** The mat's picture strip (w x h) in the habitat's colour. */
  function matPicture(parent, hab, w, h) {
    const g = S("g", { "aria-hidden": "true" }, parent);
    S("rect", { width: w, height: h, rx: 3, fill: hab.colour, stroke: INK, "stroke-width": 0.6 }, g);
    (MOTIFS[hab.key] || (() => {}))(g, w, h);
    return g;
  }

  // ---- the bug, top-down, facing right: one function per feature (1 least .. 5 most) ------------
  // features: [leg length, segments, size, eyes, antennae]
  const bugLegs = (g, legLength, body, half) => {
    const reach = 3 + legLength * 3.2;
    body.forEach(([cx], i) => {
      if (i === 0 || i > 3) return;
      for (const side of [-1, 1]) {
        line(g, `M${cx} ${side * half * 0.6} l${-reach * 0.3} ${side * reach * 0.7} l${-reach * 0.35} ${side * reach * 0.45}`, INK, 1.5);
      }
    });
  };
  const bugAntennae = (g, antennae, headX, r) => {
    const len = 3 + antennae * 4.5;
    for (const side of [-1, 1]) {
      line(g, `M${headX + r * 0.7} ${side * r * 0.4} q${len * 0.6} ${side * len * 0.1} ${len} ${side * len * 0.55}`, INK, 1.2);
    }
  };
  const bugEyes = (g, eyes, headX, r) => {
    const er = 0.5 + eyes * 0.55;
    for (const side of [-1, 1]) {
      dot(g, headX + r * 0.35, side * r * 0.5, er, eyes <= 1 ? "#999" : "#111", "#fff");
      if (eyes > 2) dot(g, headX + r * 0.35 + er * 0.3, side * r * 0.5 - er * 0.3, er * 0.3, "#fff");
    }
  };
  /** Segments, each a little oval, sized by the size feature; returns their centres. */
  const bugBody = (g, segments, size, fill) => {
    const half = 3 + size * 1.6; // half the body's width
    const count = Math.max(1, segments) + 1; // the head, then the body segments
    const step = half * 1.1;
    const centres = [];
    for (let i = 0; i < count; i++) centres.push([(count - 1 - i) * step - ((count - 1) * step) / 2, 0]);
    return { half, centres, fill };
  };

  /** Draws the bug from its five features; marks: {feature: symbol} shows adaptation cards.
   *  frame: [half width, half height] of the drawing around (x, y), in its own units: a badge
   *  that would run out of it is moved in, so no mark is ever cut off at the drawing's edge. */
  function drawBug(parent, features, { x = 0, y = 0, scale = 1, fill = "#bbb", marks = {}, fresh = new Set(), frame = null } = {}) {
    const [legLength, segments, size, eyes, antennae] = features;
    const g = S("g", { transform: `translate(${x},${y}) scale(${scale})` }, parent);
    const body = bugBody(g, segments, size, fill);
    bugLegs(g, legLength, body.centres, body.half);
    body.centres.slice().reverse().forEach(([cx], i, all) => {
      const isHead = i === all.length - 1;
      const r = isHead ? body.half * 0.8 : body.half;
      S("ellipse", { cx, cy: 0, rx: isHead ? r : body.half * 0.62, ry: r, fill: isHead ? "#444" : fill,
                     stroke: INK, "stroke-width": 1.1 }, g);
    });
    const [headX] = body.centres[0];
    const headR = body.half * 0.8;
    bugEyes(g, eyes, headX, headR);
    bugAntennae(g, antennae, headX, headR);
    // an adaptation card sits on the body part it changes
    const spots = [
      [body.centres[Math.min(2, body.centres.length - 1)][0] - 4, body.half + 11], // legs
      [body.centres[body.centres.length - 1][0] - body.half, -body.half - 8], // segments (the tail)
      [0, 0], // size (the middle of the body)
      [headX + 2, -headR - 9], // eyes
      [headX + 14 + antennae * 3, -8 - antennae * 2], // antennae (their tips)
    ];
    for (const [f, symbol] of Object.entries(marks)) {
      // the badge is as wide as its symbol ("=3++" is four bold characters, about 6.6 units each)
      const bw = Math.max(16, 6.6 * String(symbol).length + 5);
      let [mx, my] = spots[f];
      if (frame) {
        const [fw, fh] = [frame[0] / scale, frame[1] / scale];
        mx = Math.max(-fw + bw / 2 + 1, Math.min(fw - bw / 2 - 1, mx));
        my = Math.max(-fh + 7.5, Math.min(fh - 7.5, my));
      }
      const m = S("g", { transform: `translate(${mx},${my})` }, g);
      const badge = S("g", { class: fresh.has(Number(f)) ? "evo-aod-new" : null }, m);
      S("rect", { x: -bw / 2, y: -6.5, width: bw, height: 13, rx: 3, fill: "#fff",
                  stroke: "#0072B2", "stroke-width": 1.3 }, badge);
      S("text", { y: 4, "text-anchor": "middle", "font-size": 10, "font-weight": "bold",
                  fill: "#0b3b60" }, badge, symbol);
    }
    return g;
  }

  /** A 14 px icon of the body part a feature names (beside each adaptation card's label). */
  function featureIcon(parent, f) {
    const s = S("svg", { width: 16, height: 14, viewBox: "-8 -7 16 14", "aria-hidden": "true" }, parent);
    if (f === 0) line(s, "M-6 -5 l5 4 l2 7 M2 -5 l3 4 l1 7", "currentColor", 1.4);
    else if (f === 1) for (const cx of [-5, 0, 5]) S("ellipse", { cx, rx: 2.6, ry: 4, fill: "none", stroke: "currentColor" }, s);
    else if (f === 2) { S("circle", { r: 2, fill: "currentColor" }, s); S("circle", { r: 6, fill: "none", stroke: "currentColor" }, s); }
    else if (f === 3) { S("ellipse", { rx: 6.5, ry: 4, fill: "none", stroke: "currentColor", "stroke-width": 1.3 }, s); S("circle", { r: 2.2, fill: "currentColor" }, s); }
    else line(s, "M-6 6 q2 -9 5 -12 M0 6 q3 -9 7 -11", "currentColor", 1.4);
    return s;
  }

  /** The bug's features now: the scorecard's last column if it has one, else the creature's. */
  const featuresNow = (bg) =>
    bg.scorecard ? bg.scorecard.rows.map((r) => r.end) : bg.creature.features;

  /** {feature index: symbols of the held adaptation cards on it}. */
  const marksOf = (bg) => {
    const marks = {};
    for (const c of bg.adaptations) marks[c.feature] = (marks[c.feature] || "") + c.symbol;
    return marks;
  };

registerRenderer("adapt_or_die", (root, b, ctx) => {
  const { svg, html } = draw;
  addStyle();
  const before = previous.get(root);
  previous.set(root, b);
  const seats = ctx.view.seats;
  const name = (s) => seats[s].name; // the view's seat names (Python's)
  const tag = (s) => seats[s].label;
  const t = ctx.t;
  const ABBR = [t("adapt_or_die.abbr_leg"), t("adapt_or_die.abbr_segments"), t("adapt_or_die.abbr_size"),
                t("adapt_or_die.abbr_eyes"), t("adapt_or_die.abbr_antennae")];
  const sep = t("adapt_or_die.list_sep");
  const board = b.board;

  // -- the line at the top ----------------------------------------------------------------------
  const info = html("div", { class: "evo-info" }, root);
  if (b.roll) {
    const dice = svg("svg", { width: 30, height: 30, role: "img",
                              "aria-label": t("adapt_or_die.last_roll", { roll: b.roll }) }, info);
    draw.die(dice, 2, 2, 26, b.roll, t("die_value", { value: b.roll }));
  }
  const phaseWords = {
    choose: t("adapt_or_die.phase_choose"),
    move: t("adapt_or_die.phase_move", { who: name(b.turn_player) }),
    niche: t("adapt_or_die.phase_niche"),
    return: t("adapt_or_die.phase_return"),
    pick: t("adapt_or_die.phase_pick"),
    trade: t("adapt_or_die.phase_trade", { who: name(b.turn_player) }),
    answer: t("adapt_or_die.phase_answer"),
    order: t("adapt_or_die.phase_order"),
    over: t("adapt_or_die.phase_over"),
  };
  html("span", {}, info,
       t("adapt_or_die.turn_line", { turn: b.turn, round: b.round, phase: phaseWords[b.phase] || b.phase }) +
       t("adapt_or_die.goal", { target: b.target }) +
       (b.scoring === "total" ? "." : t("adapt_or_die.scoring", { scoring: b.scoring_name })) +
       t("adapt_or_die.mats_down", { n: b.mat_pile }));

  // -- the board --------------------------------------------------------------------------------
  const MAT = 50;
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
    "aria-label": t("adapt_or_die.board", { board: board.name }),
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
      svg("title", {}, g, t("adapt_or_die.space_exit", { n: node }));
    } else {
      svg("circle", { cx: x, cy: y, r: node === board.start ? 6.5 : 4.2,
                      fill: node === board.start ? "#ddd" : "#fff", stroke: "#444" }, g);
      svg("title", {}, g, node === board.start ? t("adapt_or_die.space_centre", { n: node })
        : t("adapt_or_die.space", { n: node }));
    }
    if (reachable.has(node) && ctx.clickable(g, `space-${node}`, t("adapt_or_die.space", { n: node }))) {
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
          t("adapt_or_die.place_short", { n: p.place }));
      svg("text", { x: MAT / 2, y: MAT / 2 + 9, "text-anchor": "middle", "font-size": 7 }, g,
          t("adapt_or_die.no_mat"));
      svg("title", {}, g, t("adapt_or_die.place_empty_title", { n: p.place }));
    } else {
      const hab = p.habitat;
      const fixed = new Set(hab.fixed.map(([f]) => f));
      svg("rect", { width: MAT, height: MAT, rx: 4, fill: "#fffdf6", stroke: "#222" }, g);
      const pic = matPicture(g, hab, MAT, 15);
      const fresh = before && !before.places.some((q) => q.place === p.place && q.habitat);
      if (fresh) pic.classList.add("evo-aod-new");
      // the name tag is as wide as its words (about 4.9 units a bold character at this size)
      const tag = `${hab.short} ${hab.number}`;
      svg("rect", { x: 1, y: 1, width: Math.min(MAT - 2, 4 + 4.9 * tag.length), height: 8.5,
                    rx: 2, fill: "#fff", opacity: 0.85 }, g);
      svg("text", { x: 2.5, y: 8, "font-size": 7, "font-weight": "bold", fill: "#111" }, g, tag);
      // one pressure a line (two columns made bold labels run into each other); the two
      // fixed pressures are bold and starred, so weight is not the only cue
      p.pressures.forEach((v, f) => {
        svg("text", { x: 3, y: 22.5 + f * 6.6, "font-size": 6.4, fill: "#111",
                      "font-weight": fixed.has(f) ? "bold" : "normal" }, g,
            `${ABBR[f]} ${v}${fixed.has(f) ? " *" : ""}`);
        // the pressure as pips too: a glance reads the mat
        for (let k = 0; k < v; k++) {
          svg("rect", { x: 31 + k * 3.8, y: 18.3 + f * 6.6, width: 2.8, height: 4.4,
                        fill: fixed.has(f) ? "#0072B2" : "#8aa9c4" }, g);
        }
      });
      const why = hab.fixed.map(([f, v], i) => `${b.features[f]} ${v}: ${hab.why[i]}`).join(" ");
      svg("title", {}, g, t("adapt_or_die.place_title", {
        n: p.place, habitat: hab.name, number: hab.number, about: hab.about,
        pressures: p.pressures.map((v, f) => `${b.features[f]} ${v}`).join(sep), why }));
    }
    if (ctx.clickable(g, `place-${p.place}`,
                      p.habitat ? t("adapt_or_die.place_named", { n: p.place, habitat: p.habitat.name })
                        : t("adapt_or_die.place_empty", { n: p.place }))) {
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
  // a bug is a picture, not a place: clicks go through it to the space or mat beneath
  // (pointer-events none); a bug on a mat stands between the mat and the board, so the mat's
  // name and pressures stay in sight
  const [cx0, cy0] = board.spaces[board.start];
  // the mat beside each marked exit: a bug there stands on the side away from it, so it never
  // covers the mat's name (standing above the space covered its first letter)
  const matOf = new Map();
  for (const place of board.places) for (const e of place.exits) matOf.set(e, place);
  const standAt = (node) => {
    const [x, y] = at(node);
    const mat = matOf.get(node);
    if (node < board.spaces.length && mat) {
      const dx = x - mat.x, dy = y - mat.y, d = Math.hypot(dx, dy) || 1;
      return [x + (dx / d) * 11, y + (dy / d) * 11];
    }
    if (node < board.spaces.length) return [x, y - 11];
    const dx = cx0 - x, dy = cy0 - y, d = Math.hypot(dx, dy) || 1;
    return [x + (dx / d) * (MAT / 2 + 9), y + (dy / d) * (MAT / 2 + 9)];
  };
  for (const [node, list] of crowd) {
    const [x, cy] = standAt(node);
    list.forEach((s, i) => {
      const dx = (i - (list.length - 1) / 2) * 12;
      const style = seats[s];
      const who = b.bugs.find((o) => o.seat === s);
      const g = svg("g", { role: "img", "aria-label": t("adapt_or_die.bug", { who: name(s) }),
                           "pointer-events": "none", class: "evo-aod-bug" }, map);
      svg("title", {}, g, `${name(s)} ${style.symbol}` +
          (who.creature ? `: ${who.creature.name}` : ""));
      if (who.creature) {
        drawBug(g, featuresNow(who), { x: x + dx, y: cy, scale: 0.42, fill: style.colour });
      }
      draw.token(g, x + dx + 5, cy - 5, 4.6, { fill: style.colour, symbol: `${s + 1}` });
      const old = before && before.bugs.find((o) => o.seat === s);
      if (old && old.position !== node) g.classList.add("evo-aod-moved");
    });
  }
  html("p", { class: "evo-caption" }, root, t("adapt_or_die.caption"));

  // -- choosing creatures -------------------------------------------------------------------------
  if (b.creatures.length) {
    const box = html("div", { class: "evo-aod-creatures" }, root);
    html("h4", {}, box, t("adapt_or_die.creatures_free"));
    const row = html("div", { class: "evo-aod-chooser" }, box);
    for (const c of b.creatures) {
      const chip = html("div", { class: "evo-aod-choice", title: c.about }, row);
      const pic = svg("svg", { width: 120, height: 64, viewBox: "-60 -32 120 64", role: "img",
                               "aria-label": `${c.name}: ` +
                                 c.features.map((v, f) => `${b.features[f]} ${v}`).join(sep) }, chip);
      drawBug(pic, c.features, { scale: 0.95, fill: "#c8b27a" });
      html("p", {}, chip, `${c.number}. ${c.name}`);
      html("p", {}, chip, c.features.map((v, f) => `${ABBR[f]} ${v}`).join(" "));
      ctx.clickable(chip, `creature-${c.number}`, t("adapt_or_die.creature_choice", { n: c.number, creature: c.name }));
    }
  }

  // -- the card on the table, the trade on offer, the face-up adaptation cards -----------------
  const table = html("div", { class: "evo-aod-table" }, root);
  if (b.offered) {
    const p = html("p", {}, table, t("adapt_or_die.on_table"));
    const chip = html("span", { class: "evo-card", style: `background:${b.offered.habitat.colour};color:${draw.inkOn(b.offered.habitat.colour)}` },
                      p, b.offered.spare ? t("adapt_or_die.offered_spare", { habitat: b.offered.habitat.name })
                        : t("adapt_or_die.offered", { habitat: b.offered.habitat.name }));
    ctx.clickable(chip, "offered", t("adapt_or_die.offered_card", { habitat: b.offered.habitat.name }));
  }
  for (const [s, hab] of b.gains) {
    html("p", {}, table, t("adapt_or_die.gains", { who: name(s), n: hab }));
  }
  if (b.offer) {
    html("p", {}, table, t("adapt_or_die.offer", { who: name(b.offer.from), other: name(b.offer.to),
                                                   give: b.offer.give_label, get: b.offer.get_label }));
  }
  const pool = html("div", { class: "evo-aod-pool", role: "group",
                             "aria-label": t("adapt_or_die.pool_label") }, table);
  html("strong", {}, pool, t("adapt_or_die.pool", { n: b.pool.length }));
  for (const c of b.pool) {
    const chip = html("span", { class: "evo-card evo-aod-chip", title: c.label, style: "color:#111" }, pool);
    featureIcon(chip, c.feature);
    html("span", {}, chip, c.label);
    ctx.clickable(chip, `pool-${c.id}`, t("adapt_or_die.pool_card", { card: c.label }));
  }

  // -- every player's creature card and scorecard ---------------------------------------------
  const boards = html("div", { class: "evo-genomes" }, root);
  const viewer = ctx.view.viewer;
  const own = b.bugs.some((bug) => bug.seat === viewer) ? ctx.ownBox(t("adapt_or_die.your_creature")) : null;
  for (const bug of b.bugs) {
    const s = bug.seat;
    const style = seats[s];
    // the viewer's card sits beside the choices; another player's card lies below the board:
    // its places (the cards a trade asks for) are also in the choices list beside the board,
    // so it may be off screen on a laptop
    const card = html("div", { class: "evo-genome evo-aod-card", "data-player": s,
                               "data-below-board": s === viewer ? null : "true" },
                      s === viewer ? own : boards);
    const head = html("p", { class: "evo-genome-head" }, card);
    html("span", { class: "evo-swatch",
                   style: `background:${style.colour};color:${draw.inkOn(style.colour)}` }, head,
         `${s + 1}`);
    const who = html("strong", {}, head, ` ${name(s)} (${tag(s)} ${style.symbol})`);
    ctx.clickable(who, `bug-${s}`, name(s));
    if (!bug.creature) {
      html("span", {}, head, t("adapt_or_die.no_creature"));
      continue;
    }
    const home = bug.creature.home ? t("adapt_or_die.home", { n: bug.creature.home })
      : t("adapt_or_die.no_home");
    html("span", { title: bug.creature.about }, head,
         t("adapt_or_die.creature_line", { creature: bug.creature.name, n: bug.creature.number, home,
                                           unfit: bug.unfit }));
    const old = before && before.bugs.find((o) => o.seat === s);
    const heldBefore = new Set(old ? old.adaptations.map((c) => c.id) : []);
    const fresh = new Set(old ? bug.adaptations.filter((c) => !heldBefore.has(c.id))
      .map((c) => c.feature) : []);
    const now = featuresNow(bug);
    const box = html("div", { class: "evo-aod-bugbox" }, card);
    const pic = svg("svg", {
      width: 150, height: 92, viewBox: "-75 -46 150 92", role: "img",
      "aria-label": t("adapt_or_die.bug_now", { who: name(s), creature: bug.creature.name,
                                                features: now.map((v, f) => `${b.features[f]} ${v}`).join(sep) }) +
        (bug.adaptations.length
          ? t("adapt_or_die.bug_cards", { cards: bug.adaptations.map((c) => c.label).join(sep) }) : ""),
    }, box);
    drawBug(pic, now, { scale: 1.45, fill: style.colour, marks: marksOf(bug), fresh,
                        frame: [75, 46] });
    const facts = html("ul", { "aria-hidden": "true" }, box);
    now.forEach((v, f) => html("li", {}, facts, `${b.features[f]} ${v}`));
    const mine = s === b.turn_player;
    const niches = html("p", { class: "evo-tokens" }, card, t("adapt_or_die.niches"));
    if (!bug.niches.length) html("span", {}, niches, t("adapt_or_die.none_yet"));
    for (const hab of bug.niches) {
      const chip = html("span", { class: "evo-token",
                                  style: `background:${hab.colour};color:${draw.inkOn(hab.colour)}`,
                                  title: hab.about }, niches, `${hab.short} ${hab.number}`);
      ctx.clickable(chip, mine ? `held-niche-${hab.number}` : `niche-${s}-${hab.number}`,
                    t("adapt_or_die.their_niche", { who: name(s), habitat: hab.name }));
    }
    const cards = html("p", { class: "evo-hand" }, card, t("adapt_or_die.cards"));
    if (!bug.adaptations.length) html("span", {}, cards, t("adapt_or_die.none_yet"));
    for (const c of bug.adaptations) {
      const chip = html("span", { class: "evo-card", style: "color:#111" }, cards, c.label);
      ctx.clickable(chip, mine ? `held-card-${c.id}` : `card-${s}-${c.id}`,
                    t("adapt_or_die.their_card", { who: name(s), card: c.label }));
    }
    const sc = bug.scorecard;
    // the table is as narrow as its numbers; on a phone it scrolls in its own framed box
    // rather than sticking out of the card
    const frame = html("div", { class: "evo-aod-score-frame" }, card);
    const tbl = html("table", { class: "evo-aod-scorecard",
                                "aria-label": t("adapt_or_die.scorecard_of", { who: name(s) }) }, frame);
    html("caption", {}, tbl, t("adapt_or_die.scorecard"));
    const headRow = html("tr", {}, html("thead", {}, tbl));
    for (const label of [t("adapt_or_die.col_feature"), t("adapt_or_die.col_start"),
                         t("adapt_or_die.col_cards"), t("adapt_or_die.col_now")]) {
      html("th", { scope: "col" }, headRow, label);
    }
    for (const hab of sc.habitats) {
      html("th", { scope: "col", title: t("adapt_or_die.col_habitat_title", { n: hab }) }, headRow,
           t("adapt_or_die.col_habitat", { n: hab }));
    }
    html("th", { scope: "col" }, headRow, t("adapt_or_die.col_total"));
    const body = html("tbody", {}, tbl);
    for (const row of sc.rows) {
      const tr = html("tr", {}, body);
      html("th", { scope: "row" }, tr, row.feature);
      html("td", {}, tr, row.start);
      html("td", {}, tr, row.adapt || "–");
      html("td", {}, tr, row.end);
      for (const [sp, score] of row.cells) html("td", {}, tr, `${sp}/${score}`);
      html("td", {}, tr, row.total);
    }
    const foot = html("tr", {}, body);
    html("th", { scope: "row", colspan: 4 }, foot, t("adapt_or_die.habitat_score"));
    for (const total of sc.habitat_totals) {
      html("td", { title: total > 8 ? t("adapt_or_die.extinct") : null }, foot,
           total > 8 ? `${total} ✝` : `${total}`);
    }
    html("td", {}, foot, `${sc.total}`);
  }

  if (b.final) {
    const end = html("p", { class: "evo-caption" }, root, t("adapt_or_die.final"));
    b.final.forEach((r, s) => {
      html("span", {}, end, t("adapt_or_die.final_seat", { who: name(s), total: r.total,
                                                          extinct: r.extinctions, best: r.best_in }) +
           (s < b.final.length - 1 ? " · " : "."));
    });
  }
});
}
