// Lint rules, and the layering of src/ (see README, "Layout"):
//   src/api, src/client, src/core  plain TypeScript: no Office, no DOM, no Node, no UI layers
//   src/office                      the only code that touches Office, Excel, CustomFunctions, OfficeRuntime
//   src/taskpane, src/functions     browser code: no Node, no emulator
//   src/emulator                    Node only; never imported by the add-in
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import { builtinModules } from "node:module";
import tseslint from "typescript-eslint";

const PURE_LAYERS = ["src/api/**", "src/client/**", "src/core/**"];
const NODE_CODE = ["src/emulator/**", "scripts/**", "bench/**", "test/**", "*.config.*"];

const OFFICE_GLOBALS = ["Office", "Excel", "CustomFunctions", "OfficeRuntime"];
const DOM_GLOBALS = ["window", "document", "navigator", "localStorage", "sessionStorage", "location", "self"];
const NODE_GLOBALS = ["process", "Buffer", "require", "module", "__dirname", "__filename", "global"];

const nodeBuiltins = {
  paths: builtinModules.filter((name) => !name.startsWith("_")).map((name) => ({
    name,
    message: "Node built-ins are not available in Excel. Keep Node code in src/emulator, scripts or tests.",
  })),
  pattern: { group: ["node:*"], message: "Node built-ins are not available in Excel. Keep Node code in src/emulator, scripts or tests." },
};
const emulatorPattern = {
  group: ["**/emulator", "**/emulator/**"],
  message: "The emulator is Node-only and never ships in the add-in; talk to it over HTTP.",
};
const uiLayerPattern = {
  group: ["**/office", "**/office/**", "**/taskpane", "**/taskpane/**", "**/functions", "**/functions/**", "@microsoft/office-js", "office-addin-*"],
  message: "src/api, src/client and src/core stay free of Office and UI code: inject what you need from src/office.",
};

function restrictedGlobals(names, message) {
  return names.map((name) => ({ name, message }));
}

export default defineConfig([
  globalIgnores(["dist/", "node_modules/", "coverage/", "test-results/", ".certs/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },

  // Where code runs.
  { files: ["src/**"], ignores: ["src/emulator/**"], languageOptions: { globals: globals.browser } },
  { files: NODE_CODE, languageOptions: { globals: globals.node } },
  { files: ["test/**"], languageOptions: { globals: globals.jest } },
  {
    // package.json has no "type": "module", so .js files are CommonJS.
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  // Layers. Flat config replaces (does not merge) a rule's options per file, so these blocks
  // cover disjoint files.
  {
    files: PURE_LAYERS,
    rules: {
      "no-restricted-imports": ["error", { paths: nodeBuiltins.paths, patterns: [nodeBuiltins.pattern, emulatorPattern, uiLayerPattern] }],
      "no-restricted-globals": [
        "error",
        ...restrictedGlobals(OFFICE_GLOBALS, "Only src/office touches Office APIs; take what you need as a parameter."),
        ...restrictedGlobals(DOM_GLOBALS, "src/api, src/client and src/core run in plain Node tests: inject browser services (storage, clock, fetch)."),
        ...restrictedGlobals(NODE_GLOBALS, "src/api, src/client and src/core also run in Excel: no Node globals."),
      ],
      // Types count too (no-restricted-globals only sees values): `Excel.Range` in core is a dependency.
      "no-restricted-syntax": [
        "error",
        {
          selector: `TSQualifiedName[left.type='Identifier'][left.name=/^(${OFFICE_GLOBALS.join("|")})$/]`,
          message: "src/api, src/client and src/core do not use Office types: define the shape you need and let src/office map to it.",
        },
      ],
    },
  },
  {
    files: ["src/**"],
    ignores: [...PURE_LAYERS, "src/emulator/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: nodeBuiltins.paths, patterns: [nodeBuiltins.pattern, emulatorPattern] }],
    },
  },
  {
    files: ["src/**"],
    ignores: [...PURE_LAYERS, "src/emulator/**", "src/office/**"],
    rules: {
      "no-restricted-globals": ["error", ...restrictedGlobals(OFFICE_GLOBALS, "Only src/office touches Office APIs: call a function from src/office instead.")],
    },
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
              message: "The emulator stands in for the service: it shares src/api, never the add-in's Office or UI code.",
            },
          ],
        },
      ],
    },
  },
]);
