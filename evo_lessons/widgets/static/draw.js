// draw.js: drawing primitives shared by every game's renderer, and the renderer registry.
// The game widget's module is the kit (dom.js, plot.js), this file, every game's renderer.js,
// then game.js, joined by evo_lessons/widgets/frontend.py. The kit's API is documented at the
// top of dom.js; svgEl, htmlEl and inkOn live there.

/** @type {Record<string, (root: HTMLElement, board: any, ctx: RenderContext) => void>} */
const RENDERERS = {};

/** Register a game's renderer: fn(root, boardViewModel, ctx). */
function registerRenderer(name, fn) {
  RENDERERS[name] = fn;
}

// frozen: nothing adds to the kit at run time, and the type checker (tools/typecheck_js.py)
// then knows its members exactly, so a misspelt one is an error
const draw = Object.freeze({
  svg: svgEl,
  html: htmlEl,
  inkOn,
  labelled,
  target: makeTarget,
  animate,
  flash,
  appear,
  vanish,
  roundText,
  reducedMotion,
  styleOnce,
  OUTLINE,
  /** The back of a face-down card: white words on it read at 5.6:1 */
  CARD_BACK: "#5b6980",

  /** A rounded card with a label; faceDown draws a hatched back. Returns the group. */
  card(parent, x, y, w, h, { label = "", fill = "#fff", faceDown = false, title = null } = {}) {
    const g = svgEl("g", { transform: `translate(${x},${y})` }, parent);
    svgEl("rect", {
      width: w, height: h, rx: 5, fill: faceDown ? draw.CARD_BACK : fill,
      stroke: "#333", "stroke-width": 1,
    }, g);
    if (faceDown) {
      svgEl("path", { d: `M4 ${h - 4} L${w - 4} 4`, stroke: "#c9d1dc", "stroke-width": 2 }, g);
    } else if (label) {
      svgEl("text", { x: w / 2, y: h / 2 + 4, "text-anchor": "middle", "font-size": 11,
                      fill: inkOn(fill) }, g, label);
    }
    if (title) svgEl("title", {}, g, title);
    return g;
  },

  /** A round token with a symbol inside (never colour alone). */
  token(parent, cx, cy, r, { fill = "#888", symbol = "", title = null, stroke = "#111" } = {}) {
    const g = svgEl("g", {}, parent);
    svgEl("circle", { cx, cy, r, fill, stroke, "stroke-width": 1.5 }, g);
    if (symbol) {
      svgEl("text", { x: cx, y: cy + r * 0.38, "text-anchor": "middle",
                      "font-size": r * 1.1, "font-weight": "bold", fill: inkOn(fill) }, g, symbol);
    }
    if (title) svgEl("title", {}, g, title);
    return g;
  },

  /** A die face showing value 1..6 (pips), or blank for null; title: its tooltip, in the
   * page's words (the renderer's "die_value" string). */
  die(parent, x, y, size, value, title) {
    const g = svgEl("g", { transform: `translate(${x},${y})` }, parent);
    svgEl("rect", { width: size, height: size, rx: size / 6, fill: "#fff", stroke: "#222" }, g);
    const pips = {
      1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
      4: [[1, 1], [1, 3], [3, 1], [3, 3]], 5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
      6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]],
    }[value] || [];
    for (const [px, py] of pips) {
      svgEl("circle", { cx: (px * size) / 4, cy: (py * size) / 4, r: size / 11, fill: "#222" }, g);
    }
    svgEl("title", {}, g, title);
    return g;
  },
});
