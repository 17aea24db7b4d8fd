// ESLint for the front-end JavaScript of evo_lessons (run by .ci/run, from the repository root:
//   tools/eslint/node_modules/.bin/eslint -c tools/eslint/eslint.config.js evo_lessons tests/example_game).
//
// The kit's conventions (evo_lessons/widgets/frontend.py): every widget's module is plain ES,
// joined by Python from the kit (dom.js, plot.js; draw.js for games) and the widget's own files,
// with no import, no bundler and no CDN. So a file reads the kit's top-level names as globals it
// does not declare, and declares top-level names other files use. The kit's names are read from
// the kit files themselves (as frontend.py's duplicate check reads them), so a renderer that
// uses a name the kit does not have is still an error, and so is one that declares a kit name.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import js from "@eslint/js";
import globals from "globals";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const STATIC = resolve(ROOT, "evo_lessons/widgets/static");
// a declaration at the start of a line, outside any block (frontend.py's _TOP_LEVEL)
const TOP_LEVEL = /^(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/gm;

/** The top-level names of kit files, as read-only globals for the files joined after them. */
function kitGlobals(...files) {
  const names = {};
  for (const file of files) {
    const text = readFileSync(resolve(STATIC, file), "utf8");
    for (const match of text.matchAll(TOP_LEVEL)) names[match[1]] = "readonly";
  }
  return names;
}

/** The top-level names of any file (a path from the repository root), as read-only globals. */
function topLevelOf(path) {
  const names = {};
  for (const match of readFileSync(resolve(ROOT, path), "utf8").matchAll(TOP_LEVEL)) {
    names[match[1]] = "readonly";
  }
  return names;
}

const KIT_FILES = ["dom.js", "plot.js", "draw.js"];
const KIT = kitGlobals("dom.js", "plot.js"); // every widget's module starts with these
const GAME_KIT = kitGlobals(...KIT_FILES); // a game widget's adds draw.js

const rules = {
  // top-level declarations are the module's API for the files joined after them
  "no-unused-vars": ["error", { vars: "local", args: "after-used", argsIgnorePattern: "^_",
                               caughtErrors: "none" }],
  "no-var": "error",
  "prefer-const": "error",
  eqeqeq: ["error", "always", { null: "ignore" }],
  "no-implicit-globals": "off",
  "no-shadow-restricted-names": "error",
  "no-redeclare": "error",
};

export default [
  { ignores: ["**/node_modules/**"] },
  js.configs.recommended,
  {
    files: ["evo_lessons/**/*.js", "tests/example_game/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules,
  },
  // the kit: each file may use the other kit files' names (its own are its declarations). Read
  // as scripts, where a top-level name is a global (the module's API), not an unused local; the
  // files that end with the module's `export default` are read as modules.
  ...KIT_FILES.map((file) => ({
    files: [`evo_lessons/widgets/static/${file}`],
    languageOptions: {
      sourceType: "script",
      globals: kitGlobals(...KIT_FILES.filter((other) => other !== file)),
    },
  })),
  {
    files: ["evo_lessons/games/*/renderer.js", "tests/example_game/renderer.js"],
    languageOptions: { sourceType: "script", globals: GAME_KIT },
    rules: { "no-redeclare": ["error", { builtinGlobals: false }] },
  },
  {
    files: ["evo_lessons/widgets/static/game.js"],
    languageOptions: { globals: GAME_KIT },
    rules: { "no-redeclare": ["error", { builtinGlobals: false }] },
  },
  {
    files: [
      "evo_lessons/population/static/population.js",
      "evo_lessons/lessons/static/*.js",
      "evo_lessons/service/static/*.js",
    ],
    languageOptions: { globals: KIT },
    rules: { "no-redeclare": ["error", { builtinGlobals: false }] },
  },
  // the population widget: flock.js (the drawing of its individuals) is joined before
  // population.js, which uses its top-level names
  {
    files: ["evo_lessons/population/static/flock.js"],
    languageOptions: { sourceType: "script", globals: KIT },
    rules: { "no-redeclare": ["error", { builtinGlobals: false }] },
  },
  {
    files: ["evo_lessons/population/static/population.js"],
    languageOptions: { globals: { ...KIT, ...topLevelOf("evo_lessons/population/static/flock.js") } },
  },
];
