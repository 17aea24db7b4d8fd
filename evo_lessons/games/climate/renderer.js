// climate.js: the Climate game's board: the habitat map at the current temperature, a
// thermometer, the species, each player's genome board and tokens, and the viewer's hand.
// Cells a move or placement can reach are outlined and clickable (mouse and keyboard).

registerRenderer("climate", (root, b, ctx) => {
  const { svg, html } = draw;
  const size = 44;
  const left = 46;
  const width = left + b.columns * size + 8;
  const height = b.rows * size + 8;
  const habitats = b.habitats;
  const seats = ctx.view.seats;

  const map = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, class: "evo-climate-map",
    role: "group", "aria-label": `Habitat map at temperature ${b.temperature} of 5`,
  }, root);

  // thermometer: five boards, the current one filled
  for (let t = 5; t >= 1; t--) {
    const y = 8 + (5 - t) * 22;
    const on = t === b.temperature;
    svg("rect", { x: 6, y, width: 18, height: 20, rx: 3, fill: on ? "#D55E00" : "#f4f4f4",
                  stroke: "#333" }, map);
    svg("text", { x: 15, y: y + 14, "text-anchor": "middle", "font-size": 11,
                  fill: on ? "#fff" : "#333", "font-weight": on ? "bold" : "normal" }, map, t);
  }
  svg("text", { x: 2, y: 128, "font-size": 9 }, map, "5 warm");
  svg("text", { x: 2, y: 140, "font-size": 9 }, map, "1 cold");

  const occupant = new Map();
  for (const sp of b.species) if (sp.cell) occupant.set(sp.cell, sp);

  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.columns; c++) {
      const cell = r * b.columns + c + 1;
      const h = habitats[b.cells[cell - 1]];
      const g = svg("g", { transform: `translate(${left + c * size},${4 + r * size})`,
                           "data-cell": cell }, map);
      svg("rect", { width: size, height: size, fill: h.colour, stroke: "#666",
                    "stroke-width": 0.6 }, g);
      const ink = draw.inkOn(h.colour);
      svg("text", { x: 3, y: 11, "font-size": 9, fill: ink }, g, cell);
      svg("text", { x: size - 3, y: size - 4, "font-size": 8, "text-anchor": "end", fill: ink,
                    opacity: 0.85 }, g, h.short);
      const sp = occupant.get(cell);
      if (sp) {
        const style = seats[sp.player];
        draw.token(g, size / 2, size / 2 + 1, 12, {
          fill: style.colour, symbol: `${sp.player + 1}`,
          title: `Player ${sp.player + 1}${sp.adapted ? "" : " (not adapted!)"}`,
          stroke: sp.adapted ? "#111" : "#ff0000",
        });
        if (!sp.adapted) {
          svg("text", { x: size / 2, y: 10, "text-anchor": "middle", "font-size": 10,
                        "font-weight": "bold", fill: "#c00000" }, g, "!");
        }
      }
      if (ctx.clickable(g, `cell-${cell}`, `Cell ${cell}, ${h.name}`)) {
        svg("rect", { x: 2, y: 2, width: size - 4, height: size - 4, fill: "none",
                      stroke: "#000", "stroke-width": 2.5, "stroke-dasharray": "5 3",
                      class: "evo-target-outline" }, g);
      }
    }
  }
  html("p", { class: "evo-caption" }, root,
       `Round ${b.round} of ${b.max_rounds} · climate board ${b.temperature} of 5` +
       (b.after_change ? " · the climate just changed: adapt or move!" : "") +
       " · North (cold) is at the top, the east is wetter; cell numbers never change.");

  // legend, with text: colour is never the only cue
  const legend = html("ul", { class: "evo-legend", "aria-label": "Habitats" }, root);
  for (const h of habitats) {
    const li = html("li", {}, legend);
    html("span", { class: "evo-swatch", style: `background:${h.colour}` }, li, h.short);
    html("span", {}, li, ` ${h.name} (genes at ${h.gene_value})`);
  }

  // table info: die, piles
  const info = html("div", { class: "evo-info" }, root);
  if (b.roll) {
    const dice = svg("svg", { width: 30, height: 30, "aria-label": `Last roll ${b.roll}` }, info);
    draw.die(dice, 2, 2, 26, b.roll);
  }
  const dele = b.deleterious_from_top.length
    ? ` Deleterious cards (face up) lie ${b.deleterious_from_top.join(" and ")} from the top.`
    : "";
  html("span", {}, info, ` Draw pile ${b.draw_pile} cards · discard ${b.discard}.${dele}` +
       (b.blind_mutation ? " Blind mutation: cards act at random as they are drawn." : ""));

  // genome boards, tokens and hands
  const boards = html("div", { class: "evo-genomes" }, root);
  for (const sp of b.species) {
    const style = seats[sp.player];
    const card = html("div", { class: "evo-genome", "data-player": sp.player }, boards);
    const head = html("p", { class: "evo-genome-head" }, card);
    html("span", { class: "evo-swatch", style: `background:${style.colour}` }, head,
         `${sp.player + 1}`);
    const here = sp.habitat === null
      ? "not placed yet"
      : `${habitats[sp.habitat].name} · ${sp.adapted ? "adapted" : "NOT adapted"}`;
    html("strong", {}, head, ` Player ${sp.player + 1}`);
    html("span", {}, head, ` · ${here} · ${sp.hand_size} cards · lineages lost ${sp.extinctions}`);
    const s = svg("svg", { width: 200, height: 112, role: "group",
                           "aria-label": `Genome of Player ${sp.player + 1}: ` +
                             b.genes.map((g, i) => `${g} ${sp.genome[i]}`).join(", ") }, card);
    b.genes.forEach((gene, gi) => {
      svg("text", { x: 52 + gi * 48 + 20, y: 11, "text-anchor": "middle", "font-size": 10 }, s,
          gene);
    });
    habitats.forEach((h, hi) => {
      const y = 16 + hi * 23;
      svg("rect", { x: 0, y, width: 48, height: 21, fill: h.colour, stroke: "#666" }, s);
      svg("text", { x: 24, y: y + 14, "text-anchor": "middle", "font-size": 9,
                    fill: draw.inkOn(h.colour) }, s, `${h.short} ${h.gene_value}`);
      b.genes.forEach((gene, gi) => {
        const x = 52 + gi * 48;
        const on = sp.genome[gi] === h.gene_value;
        const g = svg("g", { transform: `translate(${x},${y})` }, s);
        svg("rect", { width: 40, height: 21, rx: 3, fill: on ? style.colour : "#fafafa",
                      stroke: "#888" }, g);
        if (on) {
          svg("text", { x: 20, y: 15, "text-anchor": "middle", "font-size": 11,
                        "font-weight": "bold", fill: draw.inkOn(style.colour) }, g,
              String(h.gene_value));
        }
        if (sp.player === ctx.view.viewer &&
            ctx.clickable(g, `gene-${gi}-${h.gene_value}`,
                          `PlanAhead ${gene} to ${h.gene_value}`)) {
          svg("rect", { x: 1, y: 1, width: 38, height: 19, fill: "none", stroke: "#000",
                        "stroke-width": 2, "stroke-dasharray": "4 2" }, g);
        }
      });
    });
    const tokens = html("p", { class: "evo-tokens" }, card, "Tokens: ");
    habitats.forEach((h, hi) => {
      const has = sp.tokens.includes(hi);
      html("span", { class: `evo-token ${has ? "on" : "off"}`,
                     style: has ? `background:${h.colour};color:${draw.inkOn(h.colour)}` : "",
                     title: `${h.name}: ${has ? "earned" : "not yet"}` }, tokens,
           has ? `✓ ${h.short}` : `· ${h.short}`);
    });
    if (sp.player === ctx.view.viewer && b.hand) {
      const hand = html("p", { class: "evo-hand" }, card, "Your hand: ");
      if (!b.hand.length) html("span", {}, hand, "no cards");
      for (const c of b.hand) html("span", { class: "evo-card" }, hand, `${c.label} ×${c.count}`);
    }
  }
});
