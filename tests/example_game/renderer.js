// The Peppered moths board: the bark cards turned so far, each player's survivors, and the three
// moths to rest (clickable on your turn). Plain ES: draw.js's `draw` and `registerRenderer` are
// globals of the widget's one module; ctx.clickable makes an element an action's target. Every
// word drawn comes from Python, already in the reader's language (the view model's labels).

registerRenderer("peppered_moths", (root, b, ctx) => {
  const { svg } = draw;
  const width = 360;
  const board = svg("svg", {
    viewBox: `0 0 ${width} 170`, width, height: 170, role: "group",
    "aria-label": b.round_label,
  }, root);

  // the bark turned so far, newest last (face up: public, R2), then the face-down deck
  b.bark.forEach((bark, i) => {
    draw.card(board, 8 + i * 28, 8, 24, 34, { label: bark.key[0].toUpperCase(), title: bark.name });
  });
  draw.card(board, 8 + b.bark.length * 28, 8, 24, 34, { faceDown: true,
    title: b.bark_left_label });

  // each seat: survivors, and a face-down marker once it has rested this round
  b.players.forEach((p, seat) => {
    const y = 60 + seat * 18;
    svg("text", { x: 8, y, "font-size": 12 }, board, p.line);
  });

  // the three moths: on your turn, each is the target of its Rest action
  b.moths.forEach((moth, i) => {
    const g = svg("g", { transform: `translate(${200 + i * 52},110)` }, board);
    draw.token(g, 20, 20, 18, { fill: moth.colour, symbol: moth.key[0].toUpperCase(),
                                title: moth.name });
    svg("text", { x: 20, y: 52, "text-anchor": "middle", "font-size": 10 }, g,
        moth.label);
    ctx.clickable(g, `moth-${moth.key}`, moth.name);
  });
});
