// Lint rules, and the layering of src/ (see docs/architecture.md, "Layer rules"). Each layer imports only the layers
// below it (and itself):
//   src/api                         the bottom layer: imports nothing else of src
//   src/client                      src/api
//   src/core                        src/api, src/client
//   src/api, src/client, src/core  plain TypeScript: no Office, no DOM, no Node, no UI layers
//   src/office                      the only code that touches Office, Excel, CustomFunctions, OfficeRuntime;
//                                   never imports src/taskpane or src/functions
//   src/taskpane, src/functions     browser code: no Node, no emulator
//   src/emulator                    Node only; never imported by the add-in; never imports src/office,
//                                   src/taskpane or src/functions
//   src/host                        the production server: Node only, like src/emulator; may use
//                                   src/api and src/core (shared checks), never the Office or UI code
//   src/headless                    the refresh of workbook files without Excel (npm run refresh-workbook):
//                                   Node only; file I/O around src/core/xlsx; never the Office, UI,
//                                   emulator or host code
// src/office and src/taskpane also get eslint-plugin-office-addins' recommended rules (those of
// the `yo office` templates).
import js from "@eslint/js";
import officeAddins from "eslint-plugin-office-addins";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import { builtinModules } from "node:module";
import tseslint from "typescript-eslint";

const PURE_LAYERS = ["src/api/**", "src/client/**", "src/core/**"];
const NODE_CODE = [
  "src/emulator/**",
  "src/host/**",
  "src/headless/**",
  "scripts/**",
  "bench/**",
  "test/**",
  "*.config.*",
];
const TYPED_CODE = ["**/*.ts"];
const OFFICE_ADDINS_CODE = ["src/office/**/*.{js,mjs,cjs,ts,cts,mts}", "src/taskpane/**/*.{js,mjs,cjs,ts,cts,mts}"];

const OFFICE_GLOBALS = ["Office", "Excel", "CustomFunctions", "OfficeRuntime"];
const DOM_GLOBALS = ["window", "document", "navigator", "localStorage", "sessionStorage", "location", "self"];
const NODE_GLOBALS = ["process", "Buffer", "require", "module", "__dirname", "__filename", "global"];

const nodeBuiltins = {
  paths: builtinModules
    .filter((name) => !name.startsWith("_"))
    .map((name) => ({
      name,
      message: "Node built-ins are not available in Excel. Keep Node code in src/emulator, scripts or tests.",
    })),
  pattern: {
    group: ["node:*"],
    message: "Node built-ins are not available in Excel. Keep Node code in src/emulator, scripts or tests.",
  },
};
const emulatorPattern = {
  group: ["**/emulator", "**/emulator/**"],
  message: "The emulator is Node-only and never ships in the add-in; talk to it over HTTP.",
};
const uiLayerPattern = {
  group: [
    "**/office",
    "**/office/**",
    "**/taskpane",
    "**/taskpane/**",
    "**/functions",
    "**/functions/**",
    "@microsoft/office-js",
    "office-addin-*",
  ],
  message: "src/api, src/client and src/core stay free of Office and UI code: inject what you need from src/office.",
};

/**
 * An import that climbs out of its layer (`../`, `../../`, ...) into one of `layers`: `../core`,
 * `../../core/rows/x`. Imports inside a layer never climb to a sibling layer's name, so
 * `src/core/arguments/x.ts` importing `../cell-values` passes, and unlike a `**\/core` group this
 * does not catch packages such as `zod/v4/core` or a same-directory module named `./core`.
 * `import type` is matched too (no allowTypeImports): a type import is still a dependency.
 */
function upperLayers(layers, message) {
  return { regex: `^(\\./)?(\\.\\./)+(${layers.join("|")})(/|$)`, message };
}

// Only src/host is named "host" (the Office host the pane runs in is src/office/page-environment.ts),
// so any relative import of a "host" folder or module is the server.
const hostPattern = {
  regex: "^(\\./)?(\\.\\./)+host(/|$)",
  message: "src/host is the Node server that serves the add-in; the add-in never imports it.",
};

function restrictedImports(...patterns) {
  return [
    "error",
    { paths: nodeBuiltins.paths, patterns: [nodeBuiltins.pattern, emulatorPattern, hostPattern, ...patterns] },
  ];
}

function restrictedGlobals(names, message) {
  return names.map((name) => ({ name, message }));
}

export default defineConfig([
  globalIgnores(["dist/", "build/", "node_modules/", "coverage/", "test-results/", ".certs/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // Rules that read types: each .ts file is linted with the program that type-checks it, the
    // add-in's (tsconfig.addin.json) or Node's (tsconfig.json). test/unit/lint/layers.test.ts lints
    // planted files that are in neither, with these rules off (typescript-eslint's disableTypeChecked).
    files: TYPED_CODE,
    languageOptions: {
      parserOptions: { project: ["./tsconfig.addin.json", "./tsconfig.json"], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits or catches fails silently: the user sees nothing happen.
      "@typescript-eslint/no-floating-promises": "error",
      // An async function where a void callback is expected (an event listener, forEach) drops
      // its promise, and its failure, the same way.
      "@typescript-eslint/no-misused-promises": "error",
      // A switch over a union names every member or has a default: a new kind of error, cell or
      // tab added to the union is then a lint error wherever it is not handled.
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },

  // Where code runs.
  {
    files: ["src/**"],
    ignores: ["src/emulator/**", "src/host/**", "src/headless/**"],
    languageOptions: { globals: globals.browser },
  },
  { files: NODE_CODE, languageOptions: { globals: globals.node } },
  { files: ["test/**"], languageOptions: { globals: globals.jest } },
  {
    // package.json has no "type": "module", so .js files are CommonJS, as .cjs ones always are.
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  // Office add-in rules (eslint-plugin-office-addins, "recommended") on the code that calls Office.
  ...officeAddins.configs.recommended.map((config, index) => ({
    ...config,
    name: config.name ?? `office-addins/recommended/${index}`,
    files: OFFICE_ADDINS_CODE,
  })),
  {
    // Two side effects of that preset are undone here, for these files only; its own rules
    // (office-addins/*, no-eval, ...) all stay:
    // - it re-applies @eslint/js recommended after typescript-eslint, which turns no-undef (and
    //   the other checks TypeScript does better) back on for .ts files: typescript-eslint's
    //   override is applied again, and ecmaVersion goes back to "latest" from the preset's 6;
    // - prettier/prettier formats with prettier's defaults (80 columns): this repository has no
    //   prettier config and is not prettier-formatted; so no-unexpected-multiline, which the
    //   preset turns off only because prettier makes it moot, is back on.
    name: "office-addins/repository-overrides",
    files: OFFICE_ADDINS_CODE,
    languageOptions: { ecmaVersion: "latest" },
    rules: {
      ...tseslint.configs.eslintRecommended.rules,
      "prettier/prettier": "off",
      "no-unexpected-multiline": "error",
    },
  },

  // Layers. Flat config replaces (does not merge) a rule's options per file, so each rule is set
  // once per disjoint set of files, with all its patterns.
  {
    files: ["src/api/**"],
    rules: {
      "no-restricted-imports": restrictedImports(
        uiLayerPattern,
        upperLayers(
          ["client", "core"],
          "src/api is the bottom layer: it imports nothing else of src (not src/client, not src/core).",
        ),
      ),
    },
  },
  {
    files: ["src/client/**"],
    rules: {
      "no-restricted-imports": restrictedImports(
        uiLayerPattern,
        upperLayers(["core"], "src/client builds on src/api only: it does not import src/core."),
      ),
    },
  },
  { files: ["src/core/**"], rules: { "no-restricted-imports": restrictedImports(uiLayerPattern) } },
  {
    files: ["src/office/**"],
    rules: {
      "no-restricted-imports": restrictedImports(
        upperLayers(
          ["taskpane", "functions"],
          "src/office sits below src/taskpane and src/functions: it does not import them; they call it.",
        ),
      ),
    },
  },
  {
    files: ["src/**"],
    ignores: [...PURE_LAYERS, "src/office/**", "src/emulator/**", "src/host/**", "src/headless/**"],
    rules: { "no-restricted-imports": restrictedImports() },
  },
  {
    files: ["src/emulator/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/office", "**/office/**", "**/taskpane", "**/taskpane/**", "**/functions", "**/functions/**"],
              message:
                "The emulator stands in for the service: it shares src/api, never the add-in's Office or UI code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/host/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            emulatorPattern,
            {
              group: ["**/office", "**/office/**", "**/taskpane", "**/taskpane/**", "**/functions", "**/functions/**"],
              message:
                "The host serves the add-in and proxies the service: it shares src/api and src/core, never the add-in's Office or UI code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/headless/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            emulatorPattern,
            hostPattern,
            {
              group: ["**/office", "**/office/**", "**/taskpane", "**/taskpane/**", "**/functions", "**/functions/**"],
              message:
                "The headless refresh edits workbook files without Excel: it shares src/api, src/client and src/core, never the add-in's Office or UI code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: PURE_LAYERS,
    rules: {
      "no-restricted-globals": [
        "error",
        ...restrictedGlobals(OFFICE_GLOBALS, "Only src/office touches Office APIs; take what you need as a parameter."),
        ...restrictedGlobals(
          DOM_GLOBALS,
          "src/api, src/client and src/core run in plain Node tests: inject browser services (storage, clock, fetch).",
        ),
        ...restrictedGlobals(NODE_GLOBALS, "src/api, src/client and src/core also run in Excel: no Node globals."),
      ],
      // Types count too (no-restricted-globals only sees values): `Excel.Range` in core is a dependency.
      "no-restricted-syntax": [
        "error",
        {
          selector: `TSQualifiedName[left.type='Identifier'][left.name=/^(${OFFICE_GLOBALS.join("|")})$/]`,
          message:
            "src/api, src/client and src/core do not use Office types: define the shape you need and let src/office map to it.",
        },
      ],
    },
  },
  {
    // Every batch waits for the user to leave a cell it would otherwise fail on (delayForCellEdit).
    files: ["src/office/**"],
    ignores: ["src/office/excel-run.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "Excel",
          property: "run",
          message: "Call runExcel (src/office/excel-run.ts): it waits while the user edits a cell instead of failing.",
        },
      ],
    },
  },
  {
    files: ["src/**"],
    ignores: [...PURE_LAYERS, "src/emulator/**", "src/host/**", "src/headless/**", "src/office/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...restrictedGlobals(
          OFFICE_GLOBALS,
          "Only src/office touches Office APIs: call a function from src/office instead.",
        ),
      ],
    },
  },
]);
