// niche.js: the Niche table. The two gene-pool pyramids (the game's name for its draw piles;
// cards that can be drawn are outlined, marked "✓ TAKE" and clickable; every name in full at
// 11 px, broken into the lines the view model sends), every player's environment with its challenges ticked off,
// each play area with its four places (the rule of 4), and the viewer's hand. Every card carries
// text labels (COLD, DARK, ...): colour only repeats what the words say. Everything clickable is
// reachable with Tab and Enter.

registerRenderer("niche", (root, b, ctx) => {
  const { svg, html } = draw;
  const seats = ctx.view.seats;
  const name = (s) => seats[s].name;
  // Okabe-Ito tints per kind of card, always with the kind written on the card too
  const FILL = { trait: "#fff4d6", double: "#dff1fb", event: "#f6e3ef" };
  const KIND = { trait: "TRAIT", double: "2 TRAITS", event: "EVENT" };
  const cardTitle = (c) =>
    c.copy_of ? `${c.name}: a copy of ${c.copy_of}, meets ${c.meets_names.join(" and ")}. ${c.text}`
    : c.kind === "event" ? `${c.name} (event): ${c.text} ${c.fact}`
    : `${c.name} (${c.adaptation.join(" and ")} adaptation): meets ` +
      `${c.meets_names.join(" and ")}. ${c.fact}`;

  // -- the line at the top ------------------------------------------------------------------------
  const info = html("p", { class: "evo-niche-info", style: "margin:2px 0 6px" }, root);
  // the shell's status line announces the winners; the board only says how the game ended
  if (b.winners.length) {
    html("strong", {}, info, b.ended_by_time ? "Time ran out (R14). " : "Final position. ");
  } else if (b.phase === "keep") {
    html("strong", {}, info, "Setup: each player keeps one of two environments. ");
  } else {
    html("strong", {}, info, `Round ${b.round} of at most ${b.max_rounds}. `);
  }
  html("span", {}, info, `Trait deck ${b.trait_deck} · discard pile ${b.discard}` +
       (b.discard_top ? ` (top: ${b.discard_top.name})` : "") +
       ` · environment deck ${b.environment_deck}. Adapt to ${b.to_win} environments to win.`);

  // -- the gene pool: two pyramids ----------------------------------------------------------------
  // a card is W wide (a 16-letter line of its name at 11 px fits); a covered card shows its top
  // DY pixels: two lines of name and the challenges it meets. The two stacks sit one above the
  // other, so the pool fits the board's column at full size (never scaled down)
  const W = 116, H = 80, DY = 42, GAP = 12;
  const stackWidth = 4 * W;
  const stackHeight = 18 + 3 * DY + H + 4;
  const poolHeight = 2 * stackHeight + GAP;
  const pool = svg("svg", {
    viewBox: `0 0 ${stackWidth + 8} ${poolHeight}`, width: stackWidth + 8,
    height: poolHeight, class: "evo-niche-pool", role: "group",
    "aria-label": "Gene pool (the game's name for its draw piles): two stacks; outlined " +
                  "cards can be drawn",
  }, root);
  b.gene_pool.forEach((stack, s) => {
    const x0 = 4, y0 = s * (stackHeight + GAP);
    svg("text", { x: x0, y: y0 + 12, "font-size": 12, "font-weight": "bold" }, pool,
        `Gene pool ${s + 1}`);
    // bottom layer first, so the cards lying on top are drawn over it
    for (const slot of stack) {
      if (!slot.present) continue;
      const x = x0 + slot.across * W;  // R1's geometry, from the view model
      const y = y0 + 18 + slot.layer * DY;
      const g = svg("g", { transform: `translate(${x},${y})`,
                           "data-pool": `${s}-${slot.position}` }, pool);
      if (!slot.face_up) {
        svg("rect", { width: W - 4, height: H, rx: 5, fill: "#6b7a8f", stroke: "#333" }, g);
        svg("path", { d: `M6 ${H - 6} L${W - 10} 6`, stroke: "#c9d1dc", "stroke-width": 2 }, g);
        svg("text", { x: (W - 4) / 2, y: 14, "text-anchor": "middle", "font-size": 11,
                      fill: "#fff" }, g, "face down");
        svg("title", {}, g, "A face-down card: nobody knows what it is");
        continue;
      }
      const c = slot.card;
      svg("rect", { width: W - 4, height: H, rx: 5, fill: FILL[c.kind], stroke: "#333",
                    "stroke-width": slot.available ? 2.5 : 1 }, g);
      c.name_lines.forEach((line, k) => {
        svg("text", { x: 4, y: 13 + 13 * k, "font-size": 11, "font-weight": "bold" }, g, line);
      });
      const below = 13 + 13 * c.name_lines.length;
      svg("text", { x: 4, y: below, "font-size": 10.5 }, g,
          c.kind === "event" ? "EVENT" : c.meets.join(" + "));
      if (c.adaptation.length) {
        svg("text", { x: 4, y: below + 13, "font-size": 10 }, g, c.adaptation.join(" + "));
      }
      if (slot.available) {
        svg("text", { x: 4, y: H - 6, "font-size": 10.5, "font-weight": "bold" }, g, "✓ TAKE");
      }
      svg("title", {}, g, cardTitle(c) + (slot.available ? "" : " (covered: not yet)"));
      if (ctx.clickable(g, `pool-${s}-${slot.position}`, `Gene pool ${s + 1}: ${c.name}`)) {
        svg("rect", { x: -3, y: -3, width: W + 2, height: H + 6, rx: 7, fill: "none",
                      stroke: "#000", "stroke-width": 2.5, "stroke-dasharray": "6 3",
                      class: "evo-target-outline" }, g);
      }
    }
    if (!stack.some((slot) => slot.present)) {
      svg("text", { x: x0 + 8, y: y0 + 60, "font-size": 11 }, pool,
          "Empty: rebuilt at the end of the turn");
    }
  });
  html("p", { class: "evo-caption" }, root,
       "Cards lying on top are in front. A card can be drawn when it is face up and nothing " +
       "lies on it (outlined, ✓ TAKE). Face-down cards turn over at the end of the turn in " +
       "which they are uncovered.");

  // -- a card as an HTML box (hand, play area, environments) --------------------------------------
  const cardBox = (parent, c, extra = "") => {
    const box = html("div", {
      class: "evo-niche-card", "data-card": c.id, title: cardTitle(c),
      style: `display:inline-block;vertical-align:top;width:7.6em;min-height:3.4em;` +
             `margin:2px;padding:3px 5px;border:1px solid #333;border-radius:5px;` +
             `background:${FILL[c.kind]};font-size:11px;${extra}`,
    }, parent);
    html("strong", {}, box, c.name);
    html("div", { style: "font-size:10px" }, box,
         c.copy_of ? `COPY OF ${c.copy_of}: ${c.meets.join(" + ")}`
         : c.kind === "event" ? `EVENT: ${c.text}` : `${KIND[c.kind]}: ${c.meets.join(" + ")}`);
    if (c.adaptation.length) {
      html("div", { style: "font-size:10px;color:#333" }, box,
           `${c.adaptation.join(" + ")} adaptation`);
    }
    return box;
  };
  const outline = "outline:2px dashed #000;outline-offset:1px;";

  // -- setup: the two environments dealt to the viewer ----------------------------------------------
  if (b.dealt.length) {
    const dealt = html("div", { class: "evo-niche-dealt", role: "group",
                                "aria-label": "Your two environments: keep one" }, root);
    html("p", { style: "margin:4px 0" }, dealt,
         "Keep one of these environments (the other goes back into the deck):");
    for (const env of b.dealt) {
      const box = html("div", { "data-env": env.id, title: env.about,
                                style: "display:inline-block;vertical-align:top;margin:3px;" +
                                       "padding:4px 8px;border:2px dashed #000;" +
                                       "border-radius:6px;background:#eef4ff;max-width:14em" },
                       dealt);
      html("strong", {}, box, env.name);
      html("div", { style: "font-size:11px" }, box,
           `Challenges: ${env.challenges.map((c) => c.short).join(", ")}`);
      html("div", { style: "font-size:10px;color:#333" }, box, env.about);
      ctx.clickable(box, `dealt-${env.id}`, `Keep the ${env.name}`);
    }
  }

  // -- the players ----------------------------------------------------------------------------------
  const table = html("div", { class: "evo-niche-players",
                              style: "display:flex;flex-wrap:wrap;gap:8px;margin-top:6px" }, root);
  for (const p of b.players) {
    const style = seats[p.seat];
    const turn = b.current_player === p.seat;
    const panel = html("div", {
      class: "evo-niche-player", "data-player": p.seat,
      style: `border:${turn ? "3px solid #000" : "1px solid #bbb"};border-radius:6px;` +
             "padding:4px 6px;font-size:12px;min-width:15em;max-width:36em",
    }, table);
    const head = html("p", { style: "margin:0 0 3px" }, panel);
    html("span", { class: "evo-swatch", style: `background:${style.colour}` }, head,
         `${style.symbol} ${p.seat + 1}`);
    html("strong", {}, head, ` ${name(p.seat)}${p.seat === ctx.view.viewer ? " (you)" : ""}`);
    const marks = "✓".repeat(p.completed.length) + "·".repeat(Math.max(0, b.to_win -
                                                                      p.completed.length));
    html("span", { title: `Completed: ${p.completed.join(", ") || "none yet"}` }, head,
         ` · environments ${marks} (${p.completed.length} of ${b.to_win})` +
         (p.protected ? " · REFUGE: protected" : "") + (turn ? " · to act" : ""));

    // the environment and its challenges, ticked off
    const envBox = html("div", { class: "evo-niche-env", style: "margin:2px 0" }, panel);
    if (p.environment) {
      html("span", { title: p.environment.about }, envBox, `${p.environment.name}: `);
      for (const c of p.environment.challenges) {
        html("span", {
          class: `evo-niche-challenge ${c.met ? "met" : "unmet"}`,
          title: `${c.name}: ${c.met ? "met by a trait in play" : "not met yet"}`,
          style: "display:inline-block;margin:1px 2px;padding:0 4px;border-radius:3px;" +
                 "font-size:11px;border:1px " + (c.met ? "solid #000;background:#d8f0e4"
                                                         : "dashed #555;background:#fff"),
        }, envBox, `${c.met ? "✓" : "✗"} ${c.short}`);
      }
      html("span", { style: "font-size:11px", title: "Match: the share of this " +
                     "environment's challenges met (not fitness)" }, envBox,
           ` match ${Math.round(p.match * 100)}%`);
    } else if (b.phase === "keep") {
      html("span", {}, envBox, "Choosing an environment…");
    } else {
      html("span", {}, envBox, b.winners.length
        ? `Completed ${p.completed.length} of ${b.to_win} environments.`
        : "Environment completed: draws a new one on the next turn.");
      if (b.current_player === p.seat && ctx.targets.has("environment-deck")) {
        const deck = html("span", {
          style: "display:inline-block;margin-left:4px;padding:1px 6px;border:2px dashed #000;" +
                 "border-radius:4px;background:#eef4ff",
        }, envBox, `Environment deck (${b.environment_deck})`);
        ctx.clickable(deck, "environment-deck", "Draw a new environment");
      }
    }

    // the play area: four places (the rule of 4)
    const choosing = b.pending_discard && b.pending_discard.player === p.seat;
    const area = html("div", { class: "evo-niche-play", role: "group",
                               "aria-label": `${name(p.seat)}'s play area, ` +
                                 `${p.play_area.length} of ${b.play_limit} places` }, panel);
    html("div", { style: "font-size:11px" }, area,
         `Play area: ${p.play_area.length} of ${b.play_limit} places (rule of 4)` +
         (choosing ? " · too many: choose one to discard" : ""));
    for (const c of p.play_area) {
      const box = cardBox(area, c);
      if (ctx.clickable(box, `play-${c.id}`, `Discard ${c.name}`)) box.style.cssText += outline;
    }
    for (let k = p.play_area.length; k < b.play_limit; k++) {
      html("div", { class: "evo-niche-empty",
                    style: "display:inline-block;vertical-align:top;width:7.6em;" +
                           "min-height:3.4em;margin:2px;padding:3px 5px;" +
                           "border:1px dashed #999;border-radius:5px;color:#666;font-size:10px" },
           area, "empty place");
    }

    // the viewer's hand
    if (p.seat === ctx.view.viewer && b.hand) {
      const hand = html("div", { class: "evo-niche-hand", role: "group",
                                 "aria-label": "Your hand" }, panel);
      html("div", { style: "font-size:11px;margin-top:3px" }, hand,
           `Your hand (${b.hand.length}):`);
      for (const c of b.hand) {
        const box = cardBox(hand, c);
        if (ctx.clickable(box, `hand-${c.id}`, `Play ${c.name}`)) box.style.cssText += outline;
      }
    } else {
      html("div", { style: "font-size:11px;margin-top:3px" }, panel,
           `${p.hand_size} cards in hand · events suffered ${p.events_suffered}`);
    }
  }
});
