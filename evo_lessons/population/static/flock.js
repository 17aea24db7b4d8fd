// flock.js: the population widget's individuals, drawn. A population is a crowd, not a chart: a
// few dozen little creatures (our own design: a round body on legs, head to the right) stand for
// the whole population, each kind of individual as often as its share (the kernel's view.flock
// counts them). Each trait has its own visible feature, always with words beside it, never
// colour alone: the first trait is the body's colour, the second its stripes, the third its legs,
// the fourth its eyes, the fifth its feelers; under each creature its values as numbers, and a
// bar for its chance to be a parent in the environment now. Joined after the kit (dom.js) and
// before population.js by evo_lessons/population/widget.py.

/** Okabe-Ito colours for the first trait's values (told apart by colour-blind readers too). */
const FLOCK_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#D55E00",
                       "#0072B2", "#999999"];
/** What each trait changes in the drawing: the legend's words' keys (t("population.feature_0")
 *  is "body colour", then stripes, legs, eyes, feelers). */
const FLOCK_FEATURES = 5;
const FLOCK_INK = "#222";

/** One creature at (x, y) (its feet), values[k] the index of trait k's value. */
function drawCreature(parent, values, x, y, scale = 1) {
  const g = svgEl("g", { transform: `translate(${x},${y}) scale(${scale})` }, parent);
  const [colour = 0, stripes = 0, legs = 0, eyes = 0, feelers = 0] = values;
  const leg = 4 + legs * 2.2;
  const bodyY = -leg - 8;
  for (const lx of [-6, -2, 3, 7]) {
    svgEl("path", { d: `M${lx} ${bodyY + 5} V0`, stroke: FLOCK_INK, "stroke-width": 1.6,
                    "stroke-linecap": "round" }, g);
  }
  svgEl("ellipse", { cx: 0, cy: bodyY, rx: 11, ry: 8, fill: FLOCK_COLOURS[colour % 8],
                     stroke: FLOCK_INK, "stroke-width": 1.1 }, g);
  for (let k = 0; k < stripes; k++) {
    const sx = -7 + (k * 14) / Math.max(1, stripes);
    svgEl("path", { d: `M${sx + 2} ${bodyY - 7} q-2 7 0 14`, stroke: FLOCK_INK, "stroke-width": 1.4,
                    fill: "none" }, g);
  }
  const hx = 12, hy = bodyY - 6;
  svgEl("circle", { cx: hx, cy: hy, r: 5, fill: FLOCK_COLOURS[colour % 8], stroke: FLOCK_INK,
                    "stroke-width": 1.1 }, g);
  svgEl("circle", { cx: hx + 1.5, cy: hy - 1, r: 0.9 + eyes * 0.5, fill: "#fff", stroke: FLOCK_INK,
                    "stroke-width": 0.8 }, g);
  svgEl("circle", { cx: hx + 1.8, cy: hy - 1, r: 0.5 + eyes * 0.2, fill: FLOCK_INK }, g);
  if (feelers) {
    const len = 3 + feelers * 2.5;
    svgEl("path", { d: `M${hx + 2} ${hy - 4} q${len * 0.4} ${-len} ${len} ${-len * 0.8}`,
                    stroke: FLOCK_INK, "stroke-width": 1, fill: "none" }, g);
  }
  return g;
}

/** The legend's little picture of one value of trait k. */
function featureSample(parent, k, index) {
  const s = svgEl("svg", { width: 30, height: 38, viewBox: "-16 -46 36 46", "aria-hidden": "true" },
                  parent);
  const values = [0, 0, 1, 1, 0];
  values[k] = index;
  if (k !== 0) values[0] = 7; // grey body: the feature itself is what differs
  drawCreature(s, values, -3, -1);
  return s;
}

/**
 * The flock and its legend in `box` (emptied first); `flock` is view.flock, `rule` the
 * generation's rule in words, t(key, vars) the page's words (population/page_strings.py).
 * Returns nothing; the drawing carries a text equivalent.
 */
function drawFlock(box, flock, rule, t) {
  box.replaceChildren();
  const head = htmlEl("p", { class: "evo-flock-head" }, box);
  if (!flock.shown) {
    head.textContent = t("population.flock_extinct");
    htmlEl("p", { class: "evo-flock-rule" }, box, rule);
    return;
  }
  head.textContent = flock.shown < flock.size
    ? t("population.flock_some", { shown: flock.shown, size: flock.size.toLocaleString() })
    : t("population.flock_all", { size: flock.size });
  const traits = flock.traits;
  const kindWords = (kind) => kind.traits.map((v, k) => `${traits[k].name} ${traits[k].labels[v]}`)
    .join(", ");
  // a creature with feelers (five traits) stands taller: its cell leaves room above it
  const FEET = traits.length > 4 ? 58 : 44, PER_ROW = 8, CELL_W = 56, CELL_H = FEET + 22;
  const rows = Math.ceil(flock.shown / PER_ROW);
  const width = PER_ROW * CELL_W, height = rows * CELL_H;
  const summary = flock.kinds.map((kind) =>
    t("population.flock_kind", { shown: kind.shown, traits: kindWords(kind),
                                 share: (100 * kind.share).toFixed(0),
                                 fitness: (100 * kind.fitness).toFixed(0) }))
    .join("; ");
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, class: "evo-flock-svg",
                             role: "img", "aria-label": `${head.textContent} ${summary}.` }, box);
  let n = 0;
  for (const kind of flock.kinds) {
    for (let copy = 0; copy < kind.shown; copy += 1, n += 1) {
      const x = (n % PER_ROW) * CELL_W + CELL_W / 2 - 3, y = Math.floor(n / PER_ROW) * CELL_H;
      const one = svgEl("g", {}, svg);
      svgEl("title", {}, one, t("population.flock_tooltip",
                                { traits: kindWords(kind),
                                  fitness: (100 * kind.fitness).toFixed(0) }));
      drawCreature(one, kind.traits, x, y + FEET, 1.3);
      // its values as numbers, one a trait (a dot between them while they fit the cell)
      const numbers = kind.traits.map((v) => v + 1).join(traits.length > 5 ? "" : "·");
      svgEl("text", { x: x + 3, y: y + FEET + 11, "text-anchor": "middle", "font-size": 10,
                      fill: FLOCK_INK }, one, numbers);
      // the chance to be a parent: a bar, full for a perfect match
      const barY = y + FEET + 15;
      svgEl("rect", { x: x - 17, y: barY, width: 40, height: 5, fill: "#fff", stroke: "#555",
                      "stroke-width": 0.6 }, one);
      svgEl("rect", { x: x - 17, y: barY, width: 40 * Math.max(0, Math.min(1, kind.fitness)),
                      height: 5, fill: "#0072B2" }, one);
    }
  }
  const legend = htmlEl("ul", { class: "evo-flock-legend" }, box);
  traits.forEach((trait, k) => {
    // the first five traits are drawn; a world with more shows the rest as numbers only
    const drawn = k < FLOCK_FEATURES;
    const li = htmlEl("li", {}, legend);
    htmlEl("strong", {}, li, drawn
      ? t("population.legend_drawn", { trait: trait.name, n: k + 1,
                                       feature: t(`population.feature_${k}`) })
      : t("population.legend", { trait: trait.name, n: k + 1 }));
    trait.labels.forEach((label, v) => {
      const chip = htmlEl("span", { class: "evo-flock-chip" }, li);
      if (drawn) featureSample(chip, k, v);
      htmlEl("span", {}, chip, label.startsWith(String(v + 1)) ? label : `${v + 1} ${label}`);
    });
  });
  htmlEl("p", { class: "evo-flock-bar" }, box, t("population.bar"));
  htmlEl("p", { class: "evo-flock-rule" }, box, rule);
}
