// adaptation.js: the Adaptation table. Each player's card (face down, or face up for its owner
// and after the game), tokens and the dealer marker; the challenge cards (hidden until the
// reveal); keep / swap buttons for the human seat; the last reveal and a round-by-round memory
// aid. The objects are drawn as little organisms (a body of the card's
// shape and colour, with eyes and cilia) AND every card carries a text label, so nothing
// depends on telling colours apart. Everything clickable is reachable with Tab and Enter.

{
  const previous = new WeakMap(); // board element -> last board drawn (to animate changes)
  const addStyle = () => draw.styleOnce("evo-ad-style", `
      .evo-ad-flip { animation: evo-ad-flip 0.5s ease-out; transform-box: fill-box;
                     transform-origin: center; }
      @keyframes evo-ad-flip { 0% { transform: scaleX(0.05); } }
      .evo-ad-lost { animation: evo-ad-drop 1.2s ease-in forwards; transform-box: fill-box;
                     transform-origin: center; }
      @keyframes evo-ad-drop { 0% { opacity: 1; } 100% { opacity: 0; transform: translateY(14px) scale(0.5); } }
      @media (prefers-reduced-motion: reduce) {
        .evo-ad-flip { animation: none; }
        .evo-ad-lost { animation: none; opacity: 0; }
      }`);

registerRenderer("adaptation", (root, b, ctx) => {
  const { svg, html } = draw;
  addStyle();
  const before = previous.get(root);
  previous.set(root, b);
  const seats = ctx.view.seats;
  const name = (s) => seats[s].name; // the view's seat names (Python's)
  const t = ctx.t;
  const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
  const RULES = {
    number: t("adaptation.rule_number"),
    shape: t("adaptation.rule_shape"),
    colour: t("adaptation.rule_colour"),
  };
  // the challenges' names (their keys stay the data's)
  const CH = { number: t("adaptation.number"), shape: t("adaptation.shape"),
               colour: t("adaptation.colour") };
  const ch = (c) => CH[c] || c;
  const P = (s) => t("adaptation.p_short", { n: s + 1 });

  /** Points of a regular polygon with n sides, one corner up. */
  const polygon = (cx, cy, r, n) => {
    const pts = [];
    for (let i = 0; i < n; i++) {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
      pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(" ");
  };

  /** One organism: a body with the card's number of sides, in its colour, with cilia all
   *  round (one a corner, so the sides can still be counted), two eyes and a mouth. */
  const organism = (g, cx, cy, r, sides, fill) => {
    for (let i = 0; i < sides; i++) {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / sides;
      const x1 = cx + r * Math.cos(a), y1 = cy + r * Math.sin(a);
      const x2 = cx + (r + 4) * Math.cos(a), y2 = cy + (r + 4) * Math.sin(a);
      svg("line", { x1, y1, x2, y2, stroke: "#222", "stroke-width": 1.3,
                    "stroke-linecap": "round" }, g);
    }
    svg("polygon", { points: polygon(cx, cy, r, sides), fill, stroke: "#222",
                     "stroke-width": 1.3, "stroke-linejoin": "round" }, g);
    const e = Math.max(1.6, r * 0.2);
    for (const dx of [-r * 0.28, r * 0.28]) {
      svg("circle", { cx: cx + dx, cy: cy - r * 0.08, r: e, fill: "#fff", stroke: "#222",
                      "stroke-width": 0.7 }, g);
      svg("circle", { cx: cx + dx + e * 0.25, cy: cy - r * 0.08, r: e * 0.5, fill: "#111" }, g);
    }
    svg("path", { d: `M${cx - r * 0.2} ${cy + r * 0.3} q${r * 0.2} ${r * 0.18} ${r * 0.4} 0`,
                  fill: "none", stroke: "#222", "stroke-width": 1 }, g);
  };

  /** A playing card: its organisms drawn in colour, and its label written underneath. */
  const playingCard = (parent, x, y, w, h, card, { faceDown = false, title = null } = {}) => {
    if (faceDown || !card) {
      return draw.card(parent, x, y, w, h, { faceDown: true, title: title || t("adaptation.face_down") });
    }
    const g = svg("g", { transform: `translate(${x},${y})`, class: "evo-ad-card" }, parent);
    svg("rect", { width: w, height: h, rx: 6, fill: "#fffdf6", stroke: "#333" }, g);
    const fill = b.colours[card.colour] || "#888";
    const sides = b.sides[card.shape] || 4;
    const r = Math.min(w, h - 26) / 5.8;
    const spots = [[0.3, 0.25], [0.7, 0.25], [0.3, 0.55], [0.7, 0.55]];
    const centred = { 1: [[0.5, 0.4]], 2: [[0.3, 0.4], [0.7, 0.4]],
                      3: [[0.3, 0.25], [0.7, 0.25], [0.5, 0.55]] };
    const where = centred[card.count] || spots.slice(0, card.count);
    for (const [fx, fy] of where) organism(g, fx * w, fy * (h - 26) + 6, r, sides, fill);
    // the label in the reader's language ("3 red triangles", "3 triángulos rojos"), in two
    // lines: the words that fill half of it, then the rest
    const words = String(card.label).split(" ");
    let cut = 1;
    while (cut < words.length - 1 &&
           words.slice(0, cut + 1).join(" ").length <= card.label.length / 2) cut += 1;
    const lines = [words.slice(0, cut).join(" "), words.slice(cut).join(" ")];
    // 12 px, smaller for a line longer than the card holds (about 0.55 em a letter)
    const size = (line) => Math.min(12, Math.floor((w - 6) / (0.55 * line.length)));
    svg("text", { x: w / 2, y: h - 18, "text-anchor": "middle", "font-size": size(lines[0]),
                  "font-weight": "bold", fill: "#111" }, g, lines[0]);
    svg("text", { x: w / 2, y: h - 5, "text-anchor": "middle", "font-size": size(lines[1]),
                  fill: "#111" }, g, lines[1]);
    svg("title", {}, g, title || card.label);
    return g;
  };

  /** The challenge's sign: four dots (number), a hexagon (shape), four swatches (colour). */
  const challengeIcon = (parent, c) => {
    const s = svg("svg", { width: 52, height: 22, viewBox: "0 0 52 22", "aria-hidden": "true",
                           style: "display:block" }, parent);
    if (c === "number") {
      for (let i = 0; i < 4; i++) svg("circle", { cx: 7 + i * 12, cy: 11, r: 4.5, fill: "#555" }, s);
    } else if (c === "shape") {
      [3, 4, 5, 6].forEach((n, i) => svg("polygon", { points: polygon(7 + i * 12.5, 12, 6, n),
                                                      fill: "none", stroke: "#222", "stroke-width": 1.4 }, s));
    } else {
      Object.values(b.colours).forEach((fill, i) =>
        svg("rect", { x: 2 + i * 12.5, y: 4, width: 10, height: 14, rx: 2, fill, stroke: "#222" }, s));
    }
    return s;
  };

  // -- the round in one line ------------------------------------------------------------------
  const info = html("p", { class: "evo-ad-info", style: "margin:2px 0 6px" }, root);
  if (b.phase === "over") {
    // the shell's status line announces the winners; the board says how long it lasted
    html("strong", {}, info, t("adaptation.final", { n: b.history.length }));
  } else {
    html("strong", {}, info, t("adaptation.round", { round: b.round }));
    html("span", {}, info, t("adaptation.deals", { who: name(b.dealer), draw: b.draw_pile,
                                                   discard: b.discard_pile }) +
         (b.refills ? t("adaptation.reshuffled", { n: b.refills }) : "") + ".");
  }

  // -- the challenge cards ----------------------------------------------------------------------
  const chall = html("div", { class: "evo-ad-challenges", role: "group",
                              "aria-label": t("adaptation.challenge_cards"),
                              style: "display:flex;gap:8px;align-items:stretch;margin:4px 0" },
                     root);
  const lastChallenge = b.history[b.history.length - 1].challenge;
  const choosing = b.challenges.some((c) => ctx.targets.has(`challenge-${c}`));
  if (choosing) {
    html("span", { style: "align-self:center" }, chall, t("adaptation.choose"));
    for (const c of b.challenges) {
      const box = html("div", { class: "evo-ad-challenge", "data-challenge": c,
                                style: "border:2px dashed #000;border-radius:6px;padding:4px 8px;" +
                                       "max-width:12em;background:#eef4ff;color:#111" }, chall);
      challengeIcon(box, c);
      html("strong", {}, box, cap(ch(c)));
      html("div", { style: "font-size:12px" }, box, RULES[c]);
      ctx.clickable(box, `challenge-${c}`, t("adaptation.challenge_choice", { challenge: ch(c) }));
    }
  } else {
    const box = html("div", { class: "evo-ad-challenge", "data-challenge": b.challenge || "hidden",
                              style: "border:1px solid #333;border-radius:6px;padding:4px 8px;" +
                                     "background:#f4f4f4;color:#111" }, chall);
    if (b.phase === "over") {
      html("strong", {}, box, t("adaptation.last_challenge", { challenge: cap(ch(lastChallenge)) }));
    } else if (b.challenge) {
      challengeIcon(box, b.challenge);
      html("strong", {}, box, t("adaptation.secret", { challenge: cap(ch(b.challenge)) }));
      html("div", { style: "font-size:12px" }, box, RULES[b.challenge]);
    } else if (b.challenge_chosen) {
      html("strong", {}, box, t("adaptation.face_down_challenge"));
      html("div", { style: "font-size:11px" }, box, t("adaptation.hidden"));
    } else {
      html("strong", {}, box, t("adaptation.not_chosen"));
      html("div", { style: "font-size:11px" }, box,
           t("adaptation.may_redraw", { challenge: ch(lastChallenge) }));
    }
  }

  // -- the table: one place per player ---------------------------------------------------------
  const table = html("div", { class: "evo-ad-table", role: "group", "aria-label": t("adaptation.table"),
                              style: "display:flex;flex-wrap:wrap;gap:8px;margin:6px 0" }, root);
  for (const p of b.seats) {
    const style = seats[p.seat];
    const place = html("div", {
      class: "evo-ad-seat", "data-seat": p.seat, "data-own": p.you ? "true" : null,
      // four places in one row of the board's column: each as narrow as its card
      style: "border:1px solid #bbb;border-radius:6px;padding:4px 6px;flex:1 1 100px;" +
             "min-width:100px;max-width:170px;" +
             (p.you ? "box-shadow:0 0 0 2px #0072B2;" : "") +
             // out of the game: a dashed, grey place; its words stay fully readable (no fading)
             (p.active ? "" : "border-style:dashed;background:#f3f3f3;color:#111;"),
    }, table);
    const head = html("p", { style: "margin:0 0 2px" }, place);
    html("span", { class: "evo-swatch",
                   style: `background:${style.colour};color:${draw.inkOn(style.colour)}` }, head, style.symbol);
    html("strong", {}, head, ` ${name(p.seat)}${p.you ? t("adaptation.you") : ""}`);
    if (p.dealer) {
      html("span", { class: "evo-ad-dealer", title: t("adaptation.dealer"),
                     style: "margin-left:4px;padding:0 4px;border:1px solid #000;border-radius:8px;" +
                            "background:#111;color:#fff;font-size:11px" }, head, t("adaptation.dealer_badge"));
    }
    // tokens: filled circles left, hollow circles lost, and the number in words
    const count = Math.max(b.max_tokens, p.tokens);
    const perRow = 6; // six tokens a row: a place stays as narrow as its card
    const tok = svg("svg", { width: Math.min(count, perRow) * 13 + 4,
                             height: 16 + 13 * Math.floor((count - 1) / perRow),
                             role: "img", "aria-label": t("adaptation.tokens_of", { n: p.tokens, max: b.max_tokens }) },
                    place);
    const old = before && before.seats.find((q) => q.seat === p.seat);
    for (let i = 0; i < count; i++) {
      const on = i < p.tokens;
      const cx = 8 + (i % perRow) * 13, cy = 8 + 13 * Math.floor(i / perRow);
      svg("circle", { cx, cy, r: 5, fill: on ? "#c0392b" : "none", stroke: "currentColor",
                      "stroke-width": 1.2 }, tok);
      if (old && !on && i < old.tokens) { // a token just lost: it drops away
        svg("circle", { cx, cy, r: 5, fill: "#c0392b", stroke: "#333", class: "evo-ad-lost" }, tok);
      }
    }
    // the number in words ("extinct" follows as the seat's status: said once)
    html("div", { style: "font-size:12px" }, place,
         p.tokens === 1 ? t("adaptation.one_token") : t("adaptation.tokens", { n: p.tokens }));
    if (p.active || p.card) {
      const s = svg("svg", { width: 96, height: 124, viewBox: "0 0 96 124",
                             style: "max-width:100%;height:auto;display:block", role: "img",
                             "aria-label": p.card ? t("adaptation.card_of", { who: name(p.seat), card: p.card.label })
                                                  : t("adaptation.card_down", { who: name(p.seat) }) }, place);
      const drawn = svg("g", {}, s); // animated: no transform attribute of its own
      playingCard(drawn, 2, 2, 90, 118, p.card, { faceDown: p.face_down && !p.card });
      const was = old && old.card ? old.card.label : null;
      if (old && p.card && was !== p.card.label) drawn.classList.add("evo-ad-flip");
    }
    if (p.status) html("div", { class: "evo-ad-status", style: "font-size:12px" }, place,
                       p.status);
    if (!p.you && p.last_shown && b.phase !== "over") {
      html("div", { class: "evo-ad-memory", style: "font-size:12px" }, place,
           t("adaptation.last_shown", { card: p.last_shown.label }) +
           (p.changed_since ? t("adaptation.changed_since") : t("adaptation.still_held")));
    }
    if (p.you) {
      const row = html("div", { style: "display:flex;flex-wrap:wrap;gap:4px;margin-top:3px" },
                       place);
      for (const [target, text] of [["keep", t("adaptation.keep")], ["swap", t("adaptation.swap")]]) {
        const button = html("span", { class: `evo-ad-${target}`, "data-action": target,
                                      style: "border:2px solid #000;border-radius:4px;padding:2px 10px;" +
                                             "background:#f7f7f7;color:#111;font-weight:600" }, row, text);
        if (!ctx.clickable(button, target, target === "keep" ? t("adaptation.keep_label") :
                           t("adaptation.swap_label"))) {
          button.remove();
        }
      }
      if (!row.childElementCount) row.remove();
    }
  }

  // -- the last reveal -----------------------------------------------------------------------------
  const last = b.history[b.history.length - 1];
  const reveal = html("div", { class: "evo-ad-reveal", style: "margin:6px 0" }, root);
  html("p", { style: "margin:2px 0" }, reveal,
       t("adaptation.last_reveal", { round: last.round, challenge: ch(last.challenge) }) +
       (last.round === 1 ? t("adaptation.round_one")
                         : t("adaptation.lost_token", { who: last.defeated.map(name).join(t("adaptation.list_sep")) })));
  // one small drawing a card, in a row that wraps: on a phone the cards go onto two lines at
  // full size instead of shrinking (or being cut off at the edge)
  const rs = html("div", { class: "evo-ad-reveal-cards", role: "img",
                           style: "display:flex;flex-wrap:wrap;gap:0",
                           "aria-label": t("adaptation.reveal_label", { cards: last.cards
                             .map((c, s) => (c ? t("adaptation.scored_full", { who: name(s), card: c.label, score: last.scores[s] }) : null))
                             .filter((x) => x).join("; ") }) }, reveal);
  last.cards.forEach((c, s) => {
    if (!c) return;
    const cs = svg("svg", { width: 92, height: 118, viewBox: "0 0 92 118",
                            "aria-hidden": "true" }, rs);
    playingCard(cs, 10, 2, 70, 82, c);
    const lost = last.defeated.includes(s);
    svg("text", { x: 45, y: 99, "text-anchor": "middle", "font-size": 12, fill: "currentColor",
                  "font-weight": lost ? "bold" : "normal" }, cs, t("adaptation.scored", { who: P(s), score: last.scores[s] }));
    if (lost) {
      svg("text", { x: 45, y: 114, "text-anchor": "middle", "font-size": 12, fill: "currentColor",
                    "font-weight": "bold" }, cs, t("adaptation.lowest"));
    }
  });

  // -- memory aid: every round so far, newest first ----------------------------------------------
  // short headings (P1 .. P4, with the full name as a title), so every player's column fits
  // the board; a frame that scrolls sideways is the last resort on a phone
  const memory = html("details", { class: "evo-ad-history", open: true }, root);
  html("summary", {}, memory, t("adaptation.history"));
  const frame = html("div", { style: "max-width:100%;overflow-x:auto" }, memory);
  const tbl = html("table", { style: "border-collapse:collapse;font-size:11px" }, frame);
  const head = html("tr", {}, html("thead", {}, tbl));
  const columns = [[t("adaptation.col_round"), t("adaptation.col_round_title")],
                   [t("adaptation.col_changed"), t("adaptation.col_changed_title")],
                   ...b.seats.map((p) => [P(p.seat), name(p.seat)]),
                   [t("adaptation.col_lost"), t("adaptation.col_lost_title")]];
  for (const [short, full] of columns) {
    html("th", { scope: "col", title: full, style: "border:1px solid #ccc;padding:1px 3px" },
         head, short);
  }
  const body = html("tbody", {}, tbl);
  for (const r of [...b.history].reverse()) {
    const tr = html("tr", {}, body);
    const changed = [...r.swapped];
    if (r.redrew) changed.unshift(r.dealer);
    const cells = [
      `${r.round} (${P(r.dealer)}): ${ch(r.challenge)}`,
      r.round === 1 ? "—" : (changed.length ? changed.map(P).join(" ") +
                              (r.redrew ? t("adaptation.dealer_redrew") : "") : t("adaptation.none")),
      ...r.cards.map((c, s) => (c ? `${c.label} (${r.scores[s]})` : "—")),
      r.round === 1 ? t("adaptation.nobody") : r.defeated.map(P).join(" "),
    ];
    cells.forEach((v, i) => {
      const lost = i >= 2 && i < 2 + r.cards.length && r.defeated.includes(i - 2);
      html("td", { style: "border:1px solid #ccc;padding:1px 3px" +
                          (lost ? ";font-weight:bold;text-decoration:underline" : "") }, tr,
           v + (lost ? " ✗" : ""));
    });
  }
});
}
