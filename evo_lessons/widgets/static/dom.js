// dom.js: the front-end kit every evo_lessons widget shares (game, population, lesson).
// Plain ES, no imports, no CDN. anywidget loads one module from a blob URL, where relative
// imports cannot resolve, so Python joins the kit and a widget's own files into that one module
// (evo_lessons/widgets/frontend.py: assemble). Every name below is a top-level declaration of
// that module: a widget's files must not declare them again (assemble refuses duplicates).
//
// The kit's API (what a game's renderer.js, game.js, population.js and lesson.js may use):
//
//   DOM and SVG (this file)
//     htmlEl(tag, attrs?, parent?, text?) -> HTMLElement    attrs: "class" sets className;
//         null/undefined/false are left out, true gives an empty attribute.
//     svgEl(tag, attrs?, parent?, text?) -> SVGElement      null/undefined attrs left out.
//     h(tag, attrs?, ...children) -> HTMLElement            attrs as htmlEl, plus "text".
//     uid(stem) -> string                                   a page-unique id ("evo-<stem>-...").
//     inkOn("#rrggbb") -> "#111" | "#fff"                   text colour that reads on a fill.
//     labelled(node, text) -> node                          role="img", aria-label and an SVG
//         <title> (a tooltip and a spoken name for a drawing).
//     makeTarget(node, label, onChoose) -> node             a board place a student can click
//         or reach with Tab and press with Enter or Space: role="button", tabindex=0,
//         aria-label, class "evo-target" (focus ring and hover from base.css).
//     reducedMotion() -> boolean                            prefers-reduced-motion is set.
//     animate(node, keyframes, options?) -> Animation|null  the Web Animations API, skipped
//         (null) under reduced motion or where unsupported; default 300 ms, ease-out.
//     flash(node) / appear(node) / vanish(node)             brief highlights for a change (a new
//         adaptation, a habitat turning, an extinction); all respect reduced motion.
//     roundText(round, maxRounds) -> string                 "Round 3 of 10", or "Round 3" when
//         there is no round limit (never "Round 3 of null").
//     styleOnce(id, css)                                    a renderer's own rules (its
//         animations and their reduced-motion off switch), added to the page once.
//     OUTLINE                                               the drawings' outline ink, dark
//         enough on both Lab themes.
//
//   Drawing and renderers (draw.js, game widget only)
//     registerRenderer(name, fn)      fn(root: HTMLElement, board: object, ctx: RenderContext)
//     draw.svg, draw.html, draw.inkOn, draw.card, draw.token, draw.die,
//     and the helpers above as draw.labelled, draw.target, draw.animate, draw.flash,
//     draw.appear, draw.vanish, draw.roundText, draw.reducedMotion.
//
//   Live plots (plot.js): createLivePlot(parent, spec) -> LivePlotView (see plot.js).
//
// Styles: base.css (Lab theme variables for light and dark, focus rings, no mid-word breaks)
// comes first in each widget's CSS; its classes start with "evo-".

/**
 * What a game's renderer receives as its third argument.
 * @typedef {object} RenderContext
 * @property {object} draw      the drawing helpers (draw.js)
 * @property {object} view      the whole view model (seats, status, actions, ...)
 * @property {Map<string, Array<{index: number, label: string, target: string}>>} targets
 *           the legal actions grouped by the board place that performs them
 * @property {(index: number) => void} act   play the legal action with this index
 * @property {(node: Element, target: string, label: string) => boolean} clickable
 *           make node the place for target's actions (one: it plays; several: the choices
 *           list shows them); false if no action has that target now
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an SVG element with attributes, append it to parent if given. */
function svgEl(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  }
  if (text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

/** Create an HTML element with attributes (class via "class"), append it to parent if given. */
function htmlEl(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

/** document.createElement with attributes and children in one call ("text" sets the text). */
function h(tag, attrs = {}, ...children) {
  const { text = null, ...rest } = attrs;
  const node = htmlEl(tag, rest, null, text);
  for (const child of children) if (child) node.append(child);
  return node;
}

let uidCounter = 0;
/** A page-unique id for label/aria wiring (several notebooks can share one page). */
function uid(stem) {
  uidCounter += 1;
  return `evo-${stem}-${uidCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Black or white text, whichever has the higher contrast (WCAG 2) on a background "#rrggbb".
 * Pure black and white: one of them reaches at least 4.58:1 on any colour, so text on a
 * player's or habitat's colour always meets the 4.5:1 of ordinary text. */
function inkOn(fill) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill || "");
  if (!m) return "#000";
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => {
    const v = parseInt(x, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // contrast with white (1.05 / (lum + 0.05)) against contrast with black ((lum + 0.05) / 0.05)
  return (lum + 0.05) ** 2 > 1.05 * 0.05 ? "#000" : "#fff";
}

/** Give a drawing a spoken name and a tooltip (a drawing is never only colour and shape). */
function labelled(node, text) {
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", text);
  if (node.namespaceURI === SVG_NS) {
    const old = Array.from(node.children).find((c) => c.tagName === "title");
    if (old) old.textContent = text;
    else node.insertBefore(svgEl("title", {}, null, text), node.firstChild);
  } else {
    node.title = text;
  }
  return node;
}

/** Make a board place clickable and keyboard-usable (Tab, then Enter or Space). */
function makeTarget(node, label, onChoose) {
  node.classList.add("evo-target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (e) => {
    e.stopPropagation();
    onChoose(e);
  });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      onChoose(e);
    }
  });
  return node;
}

/** True when the student's system asks for less motion. */
function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A brief animation that explains a change; nothing at all under reduced motion. */
function animate(node, keyframes, options = {}) {
  if (!node || reducedMotion() || typeof node.animate !== "function") return null;
  return node.animate(keyframes, { duration: 300, easing: "ease-out", ...options });
}

/** Draw the eye to something that just changed. */
function flash(node) {
  return animate(node, [{ opacity: 0.35 }, { opacity: 1 }], { duration: 450 });
}

/** Something new arrives (a card dealt, an adaptation gained). */
function appear(node) {
  return animate(node, [{ opacity: 0, transform: "scale(0.85)" },
                        { opacity: 1, transform: "scale(1)" }],
                 { duration: 280 });
}

/** Something leaves (an extinction); the caller removes or greys it afterwards. */
function vanish(node) {
  return animate(node, [{ opacity: 1 }, { opacity: 0.25 }], { duration: 400, fill: "forwards" });
}

/** The outline ink of every drawing: dark enough on the light and the dark Lab theme. */
const OUTLINE = "#1b1b1b";

/** Add a renderer's own style rules to the page once (several widgets may share a page). */
function styleOnce(id, css) {
  if (document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** "Round 3 of 10", or "Round 3" when the game has no round limit. */
function roundText(round, maxRounds) {
  return maxRounds === null || maxRounds === undefined ? `Round ${round}`
    : `Round ${round} of ${maxRounds}`;
}

/** Save bytes or text the kernel sent as a file the browser downloads (a link under host). */
function download(host, data, type, filename) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = htmlEl("a", { href: url, download: filename }, host);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// -- text that fits without reading the page's layout ---------------------------------------
// Widths of DejaVu Sans, regular and bold, in hundredths of an em ("a".."z", then "A".."Z";
// every digit is as wide as "0"): Linux's default sans-serif, and wider than Arial, Helvetica
// or Segoe UI, so a name measured with it fits on every system. Measured, never read from the page: reading a
// text's length after drawing would force a layout on every redraw.
const FIT_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const FIT_EM = {
  regular: [
    61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97,
    63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52,
    68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86,
    75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69,
  ],
  bold: [
    67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104,
    71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58,
    77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100,
    84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73,
  ],
};
const fitWidthTable = (widths, digit) => {
  const table = new Map([...FIT_LETTERS].map((ch, i) => [ch, widths[i] / 100]));
  for (const d of "0123456789") table.set(d, digit / 100);
  return table;
};
const FIT_WIDTHS = { regular: fitWidthTable(FIT_EM.regular, 64), bold: fitWidthTable(FIT_EM.bold, 70) };
const FIT_OTHER = { " ": 0.33, "'": 0.3, ".": 0.36, ",": 0.36, "-": 0.4, "(": 0.44, ")": 0.44,
                "·": 0.36, "…": 1.0 };
/** The width of text in SVG units at this font size (DejaVu Sans: the widest common sans). */
function textWidth(text, size, bold = false) {
  const table = FIT_WIDTHS[bold ? "bold" : "regular"];
  let em = 0;
  for (const ch of text) em += table.get(ch) ?? FIT_OTHER[ch] ?? 1.0; // symbols: a full em
  return em * size;
}
/** text, or its longest start that fits width with "…" (the full text goes in a <title>). */
function fitText(text, width, size, bold = false) {
  if (textWidth(text, size, bold) <= width) return text;
  let n = text.length - 1;
  while (n > 1 && textWidth(`${text.slice(0, n).trimEnd()}…`, size, bold) > width) n -= 1;
  return `${text.slice(0, n).trimEnd()}…`;
}
