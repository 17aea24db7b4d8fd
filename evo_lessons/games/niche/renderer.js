// niche.js: the Niche table. The two gene-pool pyramids (the game's name for its draw piles;
// cards that can be drawn are outlined, marked "✓ TAKE" and clickable; every name in full at
// 11 px, broken into the lines the view model sends), every player's environment with its challenges ticked off,
// each play area with its four places (the rule of 4), and the viewer's hand. Every card carries
// text labels (COLD, DARK, ...): colour only repeats what the words say. Everything clickable is
// reachable with Tab and Enter.

{
  const S = draw.svg;
  const INK = draw.OUTLINE;
  const previous = new WeakMap(); // board element -> last view (to animate what changed)

  const addStyle = () => draw.styleOnce("evo-niche-style", `
      .evo-niche-new { animation: evo-niche-grow 0.8s ease-out; transform-box: fill-box;
                       transform-origin: center; }
      @keyframes evo-niche-grow { 0% { transform: scale(0.2); opacity: 0; } 70% { transform: scale(1.15); } }
      .evo-niche-scene-row { display: flex; gap: 8px; align-items: flex-start; }
      .evo-niche-scene-row > div { flex: 1 1 auto; }
      .evo-niche-card strong { font-size: 12px; }
      .evo-niche-grid { display: grid; gap: 3px; margin: 2px 0;
                        grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); }
      .evo-niche-grid-head { grid-column: 1 / -1; }
      .evo-niche-small { min-width: 0; }
      /* a small card's sentence is cut to two lines (its title, the choices and the text
         description give it whole): an event's rule would otherwise fill the column */
      .evo-niche-small > div:first-of-type { display: -webkit-box; -webkit-line-clamp: 2;
                                             -webkit-box-orient: vertical; overflow: hidden; }
      .evo-niche-dealt > div { max-width: 100%; }
      .evo-own-table .evo-niche-dealt > div { width: calc(50% - 8px); margin: 2px !important;
                                              padding: 3px 5px !important; }
      .evo-niche-dealt svg { max-width: 100%; height: auto; }
      .evo-own-table .evo-niche-scene-row svg { flex: 0 1 auto; max-width: 50%; height: auto; }
      @media (prefers-reduced-motion: reduce) { .evo-niche-new { animation: none; } }`);

  // ---- environments: one backdrop function each (w x h) ----------------------------------------
  const rect = (g, x, y, w, h, fill) => S("rect", { x, y, width: w, height: h, fill }, g);
  const path = (g, d, fill, stroke = "none", width = 1) =>
    S("path", { d, fill, stroke, "stroke-width": width, "stroke-linecap": "round" }, g);
  const circle = (g, cx, cy, r, fill, stroke = "none") =>
    S("circle", { cx, cy, r, fill, stroke, "stroke-width": 0.8 }, g);
  const peaks = (g, w, h, top) => {
    path(g, `M0 ${h * 0.75} L${w * 0.25} ${h * top} L${w * 0.45} ${h * 0.6} L${w * 0.7} ${h * (top - 0.1)} L${w} ${h * 0.7} V${h} H0z`, "#7b8794");
    path(g, `M${w * 0.7 - 12} ${h * (top - 0.1) + 14} L${w * 0.7} ${h * (top - 0.1)} L${w * 0.7 + 12} ${h * (top - 0.1) + 12}z`, "#fff");
    path(g, `M${w * 0.25 - 10} ${h * top + 12} L${w * 0.25} ${h * top} L${w * 0.25 + 9} ${h * top + 11}z`, "#fff");
  };
  const BACKDROPS = {
    deep_sea(g, w, h) { rect(g, 0, 0, w, h, "#0b2545"); rect(g, 0, h * 0.85, w, h * 0.15, "#3a3a4a");
      for (let i = 0; i < 9; i++) circle(g, (i * 37) % w, (i * 23) % (h * 0.8), 1.2, "#9fb7d0"); },
    hot_desert(g, w, h) { rect(g, 0, 0, w, h, "#fbe9c0"); circle(g, w * 0.85, h * 0.2, 12, "#E69F00");
      path(g, `M0 ${h * 0.75} Q${w * 0.3} ${h * 0.55} ${w * 0.6} ${h * 0.78} T${w} ${h * 0.72} V${h} H0z`, "#e6c27a"); },
    arctic_tundra(g, w, h) { rect(g, 0, 0, w, h, "#dfeaf2"); rect(g, 0, h * 0.78, w, h * 0.22, "#ffffff");
      for (const x of [0.15, 0.5, 0.8]) path(g, `M${w * x} ${h * 0.8} l4 -8 l4 8z`, "#6d7f5a"); },
    rainforest_canopy(g, w, h) { rect(g, 0, 0, w, h, "#bfe3c0"); path(g, `M0 ${h * 0.82} Q${w / 2} ${h * 0.72} ${w} ${h * 0.85}`, "none", "#6b4a1f", 6);
      for (const [x, y, r] of [[0.1, 0.2, 18], [0.4, 0.1, 22], [0.75, 0.18, 20], [0.95, 0.4, 14]]) circle(g, w * x, h * y, r, "#2e7d32"); },
    cave(g, w, h) { rect(g, 0, 0, w, h, "#3d3d48");
      for (let i = 0; i < 7; i++) path(g, `M${i * w / 7} 0 l8 ${14 + (i % 3) * 8} l8 ${-14 - (i % 3) * 8}z`, "#6d6d80");
      rect(g, 0, h * 0.86, w, h * 0.14, "#55555f"); },
    high_mountains(g, w, h) { rect(g, 0, 0, w, h, "#cfe3f2"); peaks(g, w, h, 0.15); },
    coral_reef(g, w, h) { rect(g, 0, 0, w, h, "#56B4E9"); rect(g, 0, h * 0.85, w, h * 0.15, "#f3e2b3");
      for (const [x, c] of /** @type {Array<[number, string]>} */ ([[0.12, "#CC79A7"], [0.3, "#E69F00"], [0.82, "#D55E00"]])) path(g, `M${w * x} ${h * 0.86} l-6 -18 M${w * x} ${h * 0.86} l0 -24 M${w * x} ${h * 0.86} l7 -16`, "none", c, 3.5); },
    savanna(g, w, h) { rect(g, 0, 0, w, h, "#f7efc4"); rect(g, 0, h * 0.78, w, h * 0.22, "#d9c25a");
      path(g, `M${w * 0.82} ${h * 0.8} l0 -22`, "none", "#6b4a1f", 2.5); S("ellipse", { cx: w * 0.82, cy: h * 0.8 - 24, rx: 20, ry: 6, fill: "#6f8f23" }, g); },
    southern_ocean(g, w, h) { rect(g, 0, 0, w, h, "#e8f1f7"); rect(g, 0, h * 0.7, w, h * 0.3, "#2f6f9f");
      for (const x of [0.05, 0.55]) path(g, `M${w * x} ${h * 0.72} h${w * 0.3} l-6 -8 h${-w * 0.25}z`, "#ffffff", "#9fb3c2"); },
    hydrothermal_vent(g, w, h) { rect(g, 0, 0, w, h, "#14213d"); path(g, `M${w * 0.78} ${h} l6 -36 h10 l6 36z`, "#5a4a3a");
      for (let i = 0; i < 4; i++) circle(g, w * 0.78 + 11 + i * 3, h - 44 - i * 10, 5 + i * 2, "#44475a"); },
    rocky_shore(g, w, h) { rect(g, 0, 0, w, h, "#d7ecf7"); rect(g, 0, h * 0.72, w, h * 0.28, "#3d8fbf");
      for (const [x, r] of [[0.12, 16], [0.85, 20]]) S("ellipse", { cx: w * x, cy: h * 0.85, rx: r, ry: r * 0.7, fill: "#8a8a8a", stroke: "#555" }, g); },
    alpine_lake(g, w, h) { rect(g, 0, 0, w, h, "#d6e8f5"); peaks(g, w, h * 0.8, 0.2); rect(g, 0, h * 0.78, w, h * 0.22, "#3d7fb0"); },
  };

  /** An environment drawn as a scene w x h; returns the group. */
  function backdrop(parent, key, w, h) {
    const g = S("g", { "aria-hidden": "true" }, parent);
    (BACKDROPS[key] || ((gg) => rect(gg, 0, 0, w, h, "#eee")))(g, w, h);
    return g;
  }

  // ---- the creature: its traits in play, each drawn on a body part -----------------------------
  /** Coat colour and pattern from the traits in play (white coat, warning colours, camouflage). */
  const coatOf = (t) => t.has("white_winter_coat") ? "#F4F6F8"
    : t.has("warning_colours") ? "#F0E442"
    : t.has("camouflage") ? "#8a9460"
    : t.has("mimicry") ? "#E69F00" : "#a88a6a";

  /** @type {Array<[string[], Function]>} */
  const PARTS = [ // [trait keys, draw(g, body)] in drawing order: behind the body first
    [["living_in_groups"], (g, b) => { for (const dx of [-44, -30]) { S("ellipse", { cx: dx, cy: 6, rx: 9, ry: 6, fill: b.coat, stroke: INK, opacity: 0.75 }, g); circle(g, dx + 9, 1, 4, b.coat, INK); } }],
    [["jet_and_ink"], (g) => { for (const [x, y, r] of [[-34, 2, 7], [-42, -4, 5], [-44, 7, 5]]) circle(g, x, y, r, "#333", "#000"); }],
    [["burrowing"], (g, b) => path(g, `M-34 ${b.foot} q10 -12 20 0z`, "#8c6e54", INK)],
    [["streamlined_body"], (g, b) => path(g, `M-6 ${-b.ry + 1} l8 -11 l6 11z`, b.coat, INK)],
    [["thick_fur", "yak_body"], (g, b) => { for (let i = 0; i < 16; i++) { const a = (i / 16) * 2 * Math.PI; circle(g, Math.cos(a) * b.rx, Math.sin(a) * b.ry, 3.6, b.coat, INK); } }],
  ];
  /** @type {Array<[string[], Function]>} */
  const ON_BODY = [
    [["warning_colours"], (g, b) => { for (const x of [-10, 0, 10]) S("rect", { x: x - 2, y: -b.ry + 1, width: 4, height: b.ry * 2 - 2, fill: "#111", opacity: 0.85 }, g); }],
    [["camouflage"], (g) => { for (const [x, y, r] of [[-9, -3, 3.5], [3, 3, 4], [10, -5, 2.6]]) circle(g, x, y, r, "#4f5a2e"); }],
    [["mimicry"], (g) => { circle(g, -6, -1, 4.5, "#fff", INK); circle(g, -6, -1, 2, INK); }],
    [["hard_shell", "closing_shell"], (g, b) => { path(g, `M${-b.rx + 2} -2 Q0 ${-b.ry * 2.1} ${b.rx - 2} -2z`, "#8f7a4a", INK, 1.2); path(g, `M-6 -3 l2 ${-b.ry + 1} M6 -3 l-2 ${-b.ry + 1}`, "none", INK, 0.9); }],
    [["waterproof_feathers"], (g, b) => { for (let x = -b.rx + 6; x < b.rx - 4; x += 7) path(g, `M${x} ${-b.ry * 0.4} q3.5 5 7 0`, "none", "#2f4f6f", 1.1); }],
    [["camel_body"], (g, b) => path(g, `M-10 ${-b.ry + 2} q8 -16 16 0z`, "#c99a4c", INK, 1.1)],
    [["reflective_hairs"], (g, b) => { for (const x of [-10, -3, 4]) path(g, `M${x} ${-b.ry + 3} l3 -4`, "none", "#ffffff", 1.6); }],
    [["lateral_line"], (g, b) => S("path", { d: `M${-b.rx + 4} 1 H${b.rx - 2}`, stroke: INK, "stroke-dasharray": "3 2" }, g)],
    [["baggy_skin"], (g, b) => { for (const x of [-8, 0, 8]) path(g, `M${x - 3} ${b.ry * 0.6} q3 3 6 0`, "none", INK, 0.9); }],
    [["fat_reserves", "blubber"], (g, b) => S("ellipse", { cx: 0, cy: b.ry * 0.45, rx: b.rx * 0.6, ry: b.ry * 0.45, fill: "#f3dcb0", stroke: INK, "stroke-width": 0.8 }, g)],
  ];
  /** @type {Array<[string[], Function]>} */
  const ON_HEAD = [
    [["large_ears"], (g, h) => { for (const dx of [-5, 3]) path(g, `M${h.x + dx} ${h.y - 6} q-4 -22 8 -20 q1 10 -3 19z`, h.coat, INK, 1.1); }],
    [["gills", "lungfish"], (g, h) => { for (const dx of [-6, -3]) path(g, `M${h.x + dx} ${h.y - 2} q-2 4 0 8`, "none", "#b00020", 1.3); }],
    [["whiskers"], (g, h) => { for (const dy of [-2, 1, 4]) path(g, `M${h.x + 9} ${h.y + 2} l12 ${dy}`, "none", INK, 0.7); }],
    [["echolocation"], (g, h) => { for (const r of [6, 10]) path(g, `M${h.x + 12 + r} ${h.y - r} a${r} ${r} 0 0 1 0 ${2 * r}`, "none", "#0072B2", 1.3); }],
    [["glowing_lure"], (g, h) => { path(g, `M${h.x + 2} ${h.y - 8} q8 -14 16 -8`, "none", INK, 1.1); circle(g, h.x + 18, h.y - 15, 3.8, "#F0E442", "#b58900"); }],
  ];
  /** @type {Array<[string[], Function]>} */
  const FEET = [
    [["webbed_feet"], (g, x, y) => path(g, `M${x - 5} ${y + 2} l5 -4 l5 4z`, "#E69F00", INK, 0.8)],
  ];
  /** Traits with no body part of their own: a badge with a sign and the trait's name as title. */
  const BADGES = {
    // signs from the plain fonts every school computer has (no emoji: they may not draw)
    antifreeze: "❄", hibernation: "Zz", nocturnal: "☾", slow_metabolism: "~",
    eat_anything: "✱", oxygen_haemoglobin: "O₂", breath_holding: "◦◦", concentrated_urine: "▼",
    waxy_cuticle: "◇", fog_basking: "≋", cam_photosynthesis: "✿", yak_body: "O₂",
  };

  /** The creature built from the trait cards in play (key -> card), facing right, about 90 x 60. */
  function creature(parent, cards, { x = 0, y = 0, scale = 1, fresh = new Set() } = {}) {
    const t = new Map(cards.map((c) => [c.key, c]));
    const has = (keys) => keys.find((k) => t.has(k));
    const g = S("g", { transform: `translate(${x},${y}) scale(${scale})` }, parent);
    const round = has(["blubber", "fat_reserves", "yak_body"]);
    const sleek = t.has("streamlined_body");
    const b = { rx: sleek ? 26 : 20, ry: round ? 15 : sleek ? 9 : 11, coat: coatOf(t) };
    b.foot = b.ry + (sleek ? 5 : 12);
    const mark = (keys, node) => { if (keys.some((k) => fresh.has(k))) node.classList.add("evo-niche-new"); };
    for (const [keys, fn] of PARTS) if (has(keys)) { const p = S("g", {}, g); fn(p, b); mark(keys, p); }
    for (const lx of [-b.rx * 0.6, -b.rx * 0.25, b.rx * 0.3, b.rx * 0.6]) {
      path(g, `M${lx} ${b.ry * 0.5} V${b.foot}`, "none", INK, 5);
      path(g, `M${lx} ${b.ry * 0.5} V${b.foot}`, "none", b.coat, 3);
      for (const [keys, fn] of FEET) if (has(keys)) { const p = S("g", {}, g); fn(p, lx, b.foot); mark(keys, p); }
    }
    path(g, `M${-b.rx + 1} -1 q-10 -2 -12 -9`, "none", INK, 4);
    path(g, `M${-b.rx + 1} -1 q-10 -2 -12 -9`, "none", b.coat, 2);
    S("ellipse", { rx: b.rx, ry: b.ry, fill: b.coat, stroke: INK, "stroke-width": 1.3 }, g);
    for (const [keys, fn] of ON_BODY) if (has(keys)) { const p = S("g", {}, g); fn(p, b); mark(keys, p); }
    const h = { x: b.rx + 5, y: -b.ry * 0.5, coat: b.coat };
    const headParts = S("g", {}, g);
    circle(g, h.x, h.y, 9, b.coat, INK);
    circle(g, h.x + 3, h.y - 2, 1.7, INK);
    circle(g, h.x + 9, h.y + 1.5, 1.5, INK);
    for (const [keys, fn] of ON_HEAD) {
      if (!has(keys)) continue;
      const p = S("g", {}, keys[0] === "large_ears" ? headParts : g);
      fn(p, h);
      mark(keys, p);
    }
    if (!t.has("large_ears")) for (const dx of [-4, 2]) circle(headParts, h.x + dx, h.y - 8, 3, b.coat, INK);
    const badges = [...t.keys()].filter((k) => BADGES[k]);
    badges.forEach((k, i) => {
      const bx = -b.rx + i * 17;
      const by = -b.ry - 20;
      const bg = S("g", {}, g);
      circle(bg, bx, by, 7.5, "#ffffff", "#0072B2");
      S("text", { x: bx, y: by + 4, "text-anchor": "middle", "font-size": 10, fill: "#0b3b60" }, bg, BADGES[k]);
      S("title", {}, bg, t.get(k).name);
      mark([k], bg);
    });
    return g;
  }

  /** The player's scene: the environment, the creature its traits make, a text equivalent. */
  function scene(parent, player, env, fresh, seatName, t) {
    const traits = player.play_area.filter((c) => c.kind !== "event");
    const words = traits.length
      ? traits.map((c) => c.copy_of ? t("niche.as_copy", { card: c.name, other: c.copy_of }) : c.name)
        .join(t("niche.list_sep"))
      : t("niche.no_traits");
    const label = env ? t("niche.creature_in", { who: seatName, environment: env.name, traits: words })
      : t("niche.creature", { who: seatName, traits: words });
    const s = S("svg", { width: 170, height: 104, viewBox: "0 0 170 104", role: "img",
                         "aria-label": label }, parent);
    if (env) backdrop(s, env.key, 170, 104);
    else S("rect", { x: 1, y: 1, width: 168, height: 102, rx: 6, fill: "none", stroke: "#999", "stroke-dasharray": "4 3" }, s);
    creature(s, traits, { x: 78, y: 62, scale: 1.2, fresh });
    return s;
  }

registerRenderer("niche", (root, b, ctx) => {
  const { svg, html } = draw;
  addStyle();
  const before = previous.get(root);
  previous.set(root, b);
  const seats = ctx.view.seats;
  const name = (s) => seats[s].name;
  // Okabe-Ito tints per kind of card, always with the kind written on the card too
  const FILL = { trait: "#fff4d6", double: "#dff1fb", event: "#f6e3ef" };
  const t = ctx.t;
  const KIND = { trait: t("niche.kind_trait"), double: t("niche.kind_double"), event: t("niche.kind_event") };
  const and = t("niche.and");
  const cardTitle = (c) =>
    c.copy_of ? t("niche.title_copy", { card: c.name, other: c.copy_of, meets: c.meets_names.join(and), text: c.text })
    : c.kind === "event" ? t("niche.title_event", { card: c.name, text: c.text, fact: c.fact })
    : t("niche.title_trait", { card: c.name, kinds: c.adaptation_names.join(and),
                               meets: c.meets_names.join(and), fact: c.fact });

  // -- the line at the top ------------------------------------------------------------------------
  const info = html("p", { class: "evo-niche-info", style: "margin:2px 0 6px" }, root);
  // the shell's status line announces the winners; the board only says how the game ended
  if (b.winners.length) {
    html("strong", {}, info, b.ended_by_time ? t("niche.time_ran_out") : t("niche.final"));
  } else if (b.phase === "keep") {
    html("strong", {}, info, t("niche.setup"));
  } else {
    html("strong", {}, info, b.max_rounds ? t("niche.round_of", { round: b.round, max: b.max_rounds })
      : t("niche.round", { round: b.round }));
  }
  html("span", {}, info, t("niche.decks", { traits: b.trait_deck, discard: b.discard }) +
       (b.discard_top ? t("niche.discard_top", { card: b.discard_top.name }) : "") +
       t("niche.decks_end", { environments: b.environment_deck, goal: b.to_win }));

  // -- the gene pool: two pyramids ----------------------------------------------------------------
  // a card is W wide (a 16-letter line of its name at 11 px fits); a covered card shows its top
  // DY pixels: two lines of name and the challenges it meets. The two stacks sit one above the
  // other, so the pool fits the board's column at full size (never scaled down)
  const W = 128, H = 84, DY = 44, GAP = 12;
  const stackWidth = 4 * W;
  // a stack is as tall as its deepest card still there: drawn cards leave no empty band, so
  // the players' hands below come up into view as the pool empties
  const stackHeights = b.gene_pool.map((stack) => {
    const deepest = Math.max(-1, ...stack.filter((slot) => slot.present).map((slot) => slot.layer));
    return 18 + Math.max(0, deepest) * DY + H + 4;
  });
  const stackTops = stackHeights.map((_h, s) =>
    stackHeights.slice(0, s).reduce((sum, h) => sum + h + GAP, 0));
  const poolHeight = stackHeights.reduce((sum, h) => sum + h, 0) + GAP * (stackHeights.length - 1);
  // setup: the only choice is which environment to keep, so it comes before the pool
  // the viewer's own cards (in setup, the two environments dealt) sit beside the choices
  const viewer = ctx.view.viewer;
  const hasOwn = b.dealt.length || b.players.some((p) => p.seat === viewer);
  const own = hasOwn ? ctx.ownBox(b.dealt.length ? t("niche.your_environments") : t("niche.your_creature"))
    : null;
  const setupBox = b.dealt.length ? html("div", { class: "evo-niche-dealt", role: "group",
                                                  "aria-label": t("niche.keep_one") },
                                         own) : null;
  const pool = svg("svg", {
    viewBox: `0 0 ${stackWidth + 8} ${poolHeight}`, width: stackWidth + 8,
    height: poolHeight, class: "evo-niche-pool", role: "group",
    "aria-label": t("niche.pool_label"),
  }, root);
  b.gene_pool.forEach((stack, s) => {
    const x0 = 4, y0 = stackTops[s];
    svg("text", { x: x0, y: y0 + 12, "font-size": 12, "font-weight": "bold" }, pool,
        t("niche.gene_pool", { n: s + 1 }));
    // bottom layer first, so the cards lying on top are drawn over it
    for (const slot of stack) {
      if (!slot.present) continue;
      const x = x0 + slot.across * W;  // R1's geometry, from the view model
      const y = y0 + 18 + slot.layer * DY;
      const g = svg("g", { transform: `translate(${x},${y})`,
                           "data-pool": `${s}-${slot.position}` }, pool);
      if (!slot.face_up) {
        svg("rect", { width: W - 4, height: H, rx: 5, fill: draw.CARD_BACK, stroke: "#333" }, g);
        svg("path", { d: `M6 ${H - 6} L${W - 10} 6`, stroke: "#c9d1dc", "stroke-width": 2 }, g);
        svg("text", { x: (W - 4) / 2, y: 14, "text-anchor": "middle", "font-size": 11,
                      fill: draw.inkOn(draw.CARD_BACK) }, g, t("niche.face_down"));
        svg("title", {}, g, t("niche.face_down_title"));
        continue;
      }
      const c = slot.card;
      svg("rect", { width: W - 4, height: H, rx: 5, fill: FILL[c.kind], stroke: "#333",
                    "stroke-width": slot.available ? 2.5 : 1 }, g);
      c.name_lines.forEach((line, k) => {
        svg("text", { x: 4, y: 14 + 14 * k, "font-size": 12, "font-weight": "bold",
                      fill: "#111" }, g, line);
      });
      const below = 14 + 14 * c.name_lines.length;
      svg("text", { x: 4, y: below, "font-size": 12, fill: "#111" }, g,
          c.kind === "event" ? KIND.event : c.meets.join(" + "));
      if (c.adaptation.length) {
        svg("text", { x: 4, y: below + 14, "font-size": 12, fill: "#333" }, g,
            c.adaptation_names.join(" + "));
      }
      if (slot.available) {
        svg("text", { x: 4, y: H - 5, "font-size": 12, "font-weight": "bold", fill: "#111" }, g,
            t("niche.take"));
      }
      // the trait on a little creature: the card shows the body part it gives
      if (c.kind !== "event") creature(g, [c], { x: W - 36, y: H - 6, scale: 0.42 });
      svg("title", {}, g, cardTitle(c) + (slot.available ? "" : t("niche.covered")));
      if (ctx.clickable(g, `pool-${s}-${slot.position}`, t("niche.pool_card", { n: s + 1, card: c.name }))) {
        svg("rect", { x: -3, y: -3, width: W + 2, height: H + 6, rx: 7, fill: "none",
                      stroke: "#000", "stroke-width": 2.5, "stroke-dasharray": "6 3",
                      class: "evo-target-outline" }, g);
      }
    }
    if (!stack.some((slot) => slot.present)) {
      svg("text", { x: x0 + 8, y: y0 + 60, "font-size": 11 }, pool,
          t("niche.empty_stack"));
    }
  });
  html("p", { class: "evo-caption" }, root, t("niche.caption"));

  // -- a card as an HTML box (hand, play area, environments) --------------------------------------
  const cardBox = (parent, c, { small = false } = {}) => {
    // an event's sentence has words as long as "environments": its card is wider, so no word
    // runs out of it; a small card (the viewer's own, beside the choices) fills its cell of a
    // grid and leaves out the drawing (the scene above shows the creature)
    const box = html("div", {
      class: `evo-niche-card${small ? " evo-niche-small" : ""}`, "data-card": c.id,
      title: cardTitle(c),
      style: (small ? "" : "display:inline-block;vertical-align:top;min-height:3.4em;" +
                           `width:${c.kind === "event" ? 9.8 : 7.6}em;margin:2px;`) +
             `padding:3px 5px;border:1px solid #333;border-radius:5px;` +
             `background:${FILL[c.kind]};color:#111;font-size:12px;`,
    }, parent);
    html("strong", {}, box, c.name);
    html("div", { style: "font-size:12px" }, box,
         c.copy_of ? t("niche.copy_of", { card: c.copy_of, meets: c.meets.join(" + ") })
         : c.kind === "event" ? `${KIND.event}: ${c.text}` : `${KIND[c.kind]}: ${c.meets.join(" + ")}`);
    if (c.adaptation.length) {
      html("div", { style: "font-size:11px;color:#333" }, box,
           t("niche.adaptation", { kinds: c.adaptation_names.join(" + ") }));
    }
    if (c.kind !== "event" && !small) {
      const pic = svg("svg", { width: 64, height: 50, viewBox: "-40 -40 80 62",
                               "aria-hidden": "true", style: "display:block" }, box);
      creature(pic, [c], { x: -4, y: 0, scale: 0.8 });
    }
    return box;
  };
  const outline = "outline:2px dashed #000;outline-offset:1px;";

  // -- setup: the two environments dealt to the viewer ----------------------------------------------
  if (setupBox) {
    const dealt = setupBox;
    html("p", { style: "margin:4px 0" }, dealt,
         t("niche.keep_prompt"));
    for (const env of b.dealt) {
      const box = html("div", { "data-env": env.id, title: env.about,
                                style: "display:inline-block;vertical-align:top;margin:3px;" +
                                       "padding:4px 8px;border:2px dashed #000;" +
                                       "border-radius:6px;background:#eef4ff;color:#111;max-width:14em" },
                       dealt);
      const pic = svg("svg", { width: 150, height: 70, viewBox: "0 0 170 80", "aria-hidden": "true",
                               style: "display:block;border-radius:4px" }, box);
      backdrop(pic, env.key, 170, 80);
      html("strong", {}, box, env.name);
      html("div", { style: "font-size:12px" }, box,
           t("niche.challenges", { list: env.challenges.map((c) => c.short).join(t("niche.list_sep")) }));
      html("div", { style: "font-size:10px;color:#333" }, box, env.about);
      ctx.clickable(box, `dealt-${env.id}`, t("niche.keep_env", { environment: env.name }));
    }
  }

  // -- the players ----------------------------------------------------------------------------------
  const table = html("div", { class: "evo-niche-players",
                              style: "display:flex;flex-wrap:wrap;gap:8px;margin-top:6px" }, root);
  for (const p of b.players) {
    const style = seats[p.seat];
    const turn = b.current_player === p.seat;
    const isViewer = p.seat === viewer;
    const panel = html("div", {
      class: "evo-niche-player", "data-player": p.seat,
      style: `border:${turn ? "3px solid #000" : "1px solid #bbb"};border-radius:6px;` +
             "padding:4px 6px;font-size:12px;" + (isViewer ? "" : "min-width:15em;max-width:36em"),
    }, isViewer ? own : table);
    const head = html("p", { style: "margin:0 0 3px" }, panel);
    html("span", { class: "evo-swatch",
                   style: `background:${style.colour};color:${draw.inkOn(style.colour)}` }, head,
         `${style.symbol} ${p.seat + 1}`);
    html("strong", {}, head, ` ${name(p.seat)}${p.seat === ctx.view.viewer ? t("niche.you") : ""}`);
    const marks = "✓".repeat(p.completed.length) + "·".repeat(Math.max(0, b.to_win -
                                                                      p.completed.length));
    html("span", { title: t("niche.completed", { list: p.completed.join(t("niche.list_sep")) || t("niche.none_yet") }) }, head,
         t("niche.environments", { marks, done: p.completed.length, goal: b.to_win }) +
         (p.protected ? t("niche.refuge") : "") + (turn ? t("niche.to_act") : ""));

    // the viewer's hand comes first in their panel: it holds the cards they play now, and so
    // stays in view on a laptop screen without scrolling past the creature and the play area
    const mine = p.seat === ctx.view.viewer && b.hand;
    const handSlot = mine ? html("div", { class: "evo-niche-hand evo-niche-grid", role: "group",
                                          "aria-label": t("niche.your_hand") }, panel) : null;
    // the creature its traits make, in its environment; beside it the challenges, ticked off
    const row = html("div", { class: "evo-niche-scene-row" }, panel);
    const old = before && before.players.find((q) => q.seat === p.seat);
    const had = new Set(old ? old.play_area.map((c) => c.key) : p.play_area.map((c) => c.key));
    const fresh = new Set(p.play_area.map((c) => c.key).filter((k) => !had.has(k)));
    scene(row, p, p.environment, fresh, name(p.seat), t);
    const envBox = html("div", { class: "evo-niche-env", style: "margin:2px 0" }, row);
    if (p.environment) {
      html("span", { title: p.environment.about }, envBox, `${p.environment.name}: `);
      for (const c of p.environment.challenges) {
        html("span", {
          class: `evo-niche-challenge ${c.met ? "met" : "unmet"}`,
          title: c.met ? t("niche.met_title", { challenge: c.name }) : t("niche.unmet_title", { challenge: c.name }),
          style: "display:inline-block;margin:1px 2px;padding:0 4px;border-radius:3px;" +
                 "font-size:12px;color:#111;border:1px " + (c.met ? "solid #000;background:#d8f0e4"
                                                         : "dashed #555;background:#fff"),
        }, envBox, `${c.met ? "✓" : "✗"} ${c.short}`);
      }
      html("span", { style: "font-size:11px", title: t("niche.match_title") }, envBox,
           t("niche.match", { percent: Math.round(p.match * 100) }));
    } else if (b.phase === "keep") {
      html("span", {}, envBox, t("niche.choosing"));
    } else {
      html("span", {}, envBox, b.winners.length
        ? t("niche.completed_of", { done: p.completed.length, goal: b.to_win })
        : t("niche.between"));
      if (b.current_player === p.seat && ctx.targets.has("environment-deck")) {
        const deck = html("span", {
          style: "display:inline-block;margin-left:4px;padding:1px 6px;border:2px dashed #000;" +
                 "border-radius:4px;background:#eef4ff;color:#111",
        }, envBox, t("niche.environment_deck", { n: b.environment_deck }));
        ctx.clickable(deck, "environment-deck", t("niche.draw_environment"));
      }
    }

    // the play area: four places (the rule of 4)
    const choosing = b.pending_discard && b.pending_discard.player === p.seat;
    const area = html("div", { class: `evo-niche-play${isViewer ? " evo-niche-grid" : ""}`,
                               role: "group",
                               "aria-label": t("niche.play_area_label", { who: name(p.seat),
                                 n: p.play_area.length, limit: b.play_limit }) }, panel);
    html("div", { class: "evo-niche-grid-head", style: "font-size:11px" }, area,
         t("niche.play_area", { n: p.play_area.length, limit: b.play_limit }) +
         (choosing ? t("niche.too_many") : ""));
    for (const c of p.play_area) {
      const box = cardBox(area, c, { small: isViewer });
      if (ctx.clickable(box, `play-${c.id}`, t("niche.discard", { card: c.name }))) box.style.cssText += outline;
    }
    for (let k = p.play_area.length; k < b.play_limit; k++) {
      html("div", { class: "evo-niche-empty",
                    style: (isViewer ? "" : "display:inline-block;vertical-align:top;width:7.6em;" +
                                            "min-height:3.4em;margin:2px;") +
                           "padding:3px 5px;border:1px dashed #999;border-radius:5px;" +
                           "color:#595959;font-size:11px" },
           area, t("niche.empty_place"));
    }

    // the viewer's hand (drawn into its place above)
    if (mine) {
      const hand = handSlot;
      html("div", { class: "evo-niche-grid-head", style: "font-size:11px;margin:1px 0" }, hand,
           t("niche.hand_head", { n: b.hand.length }));
      for (const c of b.hand) {
        const box = cardBox(hand, c, { small: true });
        if (ctx.clickable(box, `hand-${c.id}`, t("niche.play", { card: c.name }))) box.style.cssText += outline;
      }
    } else {
      html("div", { style: "font-size:11px;margin-top:3px" }, panel,
           t("niche.hand_size", { n: p.hand_size, events: p.events_suffered }));
    }
  }
});
}
