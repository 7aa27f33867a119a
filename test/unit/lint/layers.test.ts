/**
 * The layer rules of eslint.config.mjs (docs/architecture.md, "Layer rules"), checked on small source texts linted as
 * if they lived at a given path. Each rule has a violating text, which must get that rule's error,
 * and allowed texts, which must get no message at all, so the test fails both when a rule stops
 * working and when it starts catching more than it should.
 *
 * ESLint 10 loads eslint.config.mjs with a dynamic import, which jest's VM does not allow without
 * --experimental-vm-modules: one plain Node process lints every case with ESLint's Node API (one
 * ESLint instance) and prints the messages as JSON.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

interface LintCase {
  filePath: string;
  code: string;
}

interface LintMessage {
  ruleId: string | null;
  severity: number;
  message: string;
  line: number;
}

interface Violation extends LintCase {
  name: string;
  ruleId: string;
  /** Text the message must contain: the layer (or what) the rule protects. */
  mentions: string;
  severity?: number;
}

interface Allowed extends LintCase {
  name: string;
}

const REPO = path.resolve(__dirname, "../../..");

const LINT_ALL = `
const { ESLint } = require("eslint");
const tseslint = require("typescript-eslint");
const cases = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
(async () => {
  // The planted files are in no tsconfig: without a program, the rules that read types are off.
  const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });
  const results = [];
  for (const { code, filePath } of cases) {
    const [result] = await eslint.lintText(code, { filePath });
    results.push(result.messages.map(({ ruleId, severity, message, line }) => ({ ruleId, severity, message, line })));
  }
  process.stdout.write(JSON.stringify(results));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

const SYNC_IN_LOOP = `export async function formatAll(context: { sync(): Promise<void> }, ranges: { format: { autofitColumns(): void } }[]) {
  for (const range of ranges) {
    range.format.autofitColumns();
    await context.sync();
  }
}
`;

const violations: Violation[] = [
  {
    name: "office, below a subfolder, imports the Node host server",
    filePath: "src/office/tables/violation.ts",
    code: `import { startHost } from "../../host/start";\nexport const s = startHost;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/host is the Node server",
  },
  {
    name: "office, below a subfolder, imports a module named host",
    filePath: "src/office/tables/violation.ts",
    code: `import { start } from "../host";\nexport const s = start;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/host is the Node server",
  },
  {
    name: "api imports client",
    filePath: "src/api/violation.ts",
    code: `import { createTransport } from "../client/transport";\nexport const transport = createTransport;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api is the bottom layer",
  },
  {
    name: "api imports core",
    filePath: "src/api/violation.ts",
    code: `import { toCellValue } from "../core/cell-values";\nexport const cell = toCellValue;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api is the bottom layer",
  },
  {
    name: "api imports a type of core, from a subdirectory",
    filePath: "src/api/nested/violation.ts",
    code: `import type { CellValue } from "../../core/cell-values";\nexport type Cell = CellValue;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api is the bottom layer",
  },
  {
    name: "api imports office",
    filePath: "src/api/violation.ts",
    code: `import { host } from "../office/page-environment";\nexport const h = host;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api, src/client and src/core",
  },
  {
    name: "client imports core",
    filePath: "src/client/violation.ts",
    code: `import { periods } from "../core/periods";\nexport const p = periods;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/client builds on src/api only",
  },
  {
    name: "client re-exports core",
    filePath: "src/client/violation.ts",
    code: `export { clientsFor } from "../core/runtime/profile-clients";\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/client builds on src/api only",
  },
  {
    name: "client imports office",
    filePath: "src/client/violation.ts",
    code: `import { host } from "../office/page-environment";\nexport const h = host;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api, src/client and src/core",
  },
  {
    name: "core imports office",
    filePath: "src/core/violation.ts",
    code: `import { writeTable } from "../office/workbook";\nexport const w = writeTable;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api, src/client and src/core",
  },
  {
    name: "core imports a type of office, from a subdirectory",
    filePath: "src/core/rows/violation.ts",
    code: `import type { Host } from "../../office/page-environment";\nexport type H = Host;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api, src/client and src/core",
  },
  {
    name: "core imports taskpane",
    filePath: "src/core/violation.ts",
    code: `import { showStatus } from "../taskpane/status";\nexport const s = showStatus;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api, src/client and src/core",
  },
  {
    name: "core imports functions",
    filePath: "src/core/violation.ts",
    code: `import "../functions/functions";\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/api, src/client and src/core",
  },
  {
    name: "office imports taskpane",
    filePath: "src/office/violation.ts",
    code: `import { showStatus } from "../taskpane/status";\nexport const s = showStatus;\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/office sits below src/taskpane and src/functions",
  },
  {
    name: "office imports functions",
    filePath: "src/office/violation.ts",
    code: `import "../functions/functions";\n`,
    ruleId: "no-restricted-imports",
    mentions: "src/office sits below src/taskpane and src/functions",
  },
  {
    name: "core imports a Node built-in",
    filePath: "src/core/violation.ts",
    code: `import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n`,
    ruleId: "no-restricted-imports",
    mentions: "Node built-ins are not available in Excel",
  },
  {
    name: "core imports a Node built-in without node:",
    filePath: "src/core/violation.ts",
    code: `import path from "path";\nexport const join = path.join;\n`,
    ruleId: "no-restricted-imports",
    mentions: "Node built-ins are not available in Excel",
  },
  {
    name: "core uses an Office global",
    filePath: "src/core/violation.ts",
    code: `export const run = () => Excel.run(async () => undefined);\n`,
    ruleId: "no-restricted-globals",
    mentions: "Only src/office touches Office APIs",
  },
  {
    name: "core uses an Office type",
    filePath: "src/core/violation.ts",
    code: `export function address(range: Excel.Range): string {\n  return range.address;\n}\n`,
    ruleId: "no-restricted-syntax",
    mentions: "src/api, src/client and src/core do not use Office types",
  },
  {
    name: "taskpane imports the emulator",
    filePath: "src/taskpane/violation.ts",
    code: `import { startEmulator } from "../emulator/server/start";\nexport const start = startEmulator;\n`,
    ruleId: "no-restricted-imports",
    mentions: "The emulator is Node-only",
  },
  {
    name: "taskpane uses a Node built-in",
    filePath: "src/taskpane/violation.ts",
    code: `import { EventEmitter } from "node:events";\nexport const events = new EventEmitter();\n`,
    ruleId: "no-restricted-imports",
    mentions: "Node built-ins are not available in Excel",
  },
  {
    name: "emulator imports office",
    filePath: "src/emulator/violation.ts",
    code: `import { host } from "../office/page-environment";\nexport const h = host;\n`,
    ruleId: "no-restricted-imports",
    mentions: "it shares src/api, never the add-in's Office or UI code",
  },
  {
    name: "headless imports office",
    filePath: "src/headless/violation.ts",
    code: `import { writeTableRows } from "../office/tables/refresh-table";\nexport const w = writeTableRows;\n`,
    ruleId: "no-restricted-imports",
    mentions: "The headless refresh edits workbook files without Excel",
  },
  {
    name: "headless imports the emulator",
    filePath: "src/headless/violation.ts",
    code: `import { startEmulator } from "../emulator";\nexport const s = startEmulator;\n`,
    ruleId: "no-restricted-imports",
    mentions: "The emulator is Node-only",
  },
  {
    name: "core reads a file with a Node built-in (the headless refresh keeps its I/O in src/headless)",
    filePath: "src/core/xlsx/violation.ts",
    code: `import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n`,
    ruleId: "no-restricted-imports",
    mentions: "Node built-ins are not available in Excel",
  },
  {
    name: "office calls Excel.run itself, which fails while the user edits a cell",
    filePath: "src/office/violation.ts",
    code: `export const run = () => Excel.run(async (context) => context.sync());\n`,
    ruleId: "no-restricted-properties",
    mentions: "Call runExcel",
  },
  {
    name: "office-addins: context.sync() in a loop in src/office",
    filePath: "src/office/violation.ts",
    code: SYNC_IN_LOOP,
    ruleId: "office-addins/no-context-sync-in-loop",
    mentions: "context.sync() inside a loop",
    severity: 1,
  },
  {
    name: "office-addins: context.sync() in a loop in src/taskpane",
    filePath: "src/taskpane/violation.ts",
    code: SYNC_IN_LOOP,
    ruleId: "office-addins/no-context-sync-in-loop",
    mentions: "context.sync() inside a loop",
    severity: 1,
  },
];

const allowed: Allowed[] = [
  {
    name: "office, below a subfolder, imports src/office/page-environment.ts",
    filePath: "src/office/tables/allowed.ts",
    code: `import { officePlatform } from "../page-environment";\nexport const p = officePlatform;\n`,
  },
  {
    name: "api imports itself and packages (zod/v4/core is not src/core)",
    filePath: "src/api/allowed.ts",
    code: `import { z } from "zod";\nimport type { $ZodType } from "zod/v4/core";\nimport { primitives } from "./primitives";\nexport const all = [z, primitives];\nexport type Schema = $ZodType;\n`,
  },
  {
    name: "client imports api and itself",
    filePath: "src/client/allowed.ts",
    code: `import type { StatsRequest } from "../api";\nimport { transport } from "./transport";\nexport const t = transport;\nexport type R = StatsRequest;\n`,
  },
  {
    name: "core imports its own modules, api and client",
    filePath: "src/core/arguments/allowed.ts",
    code: `import { toCellValue } from "../cell-values";\nimport { dates } from "./dates";\nimport { routes } from "../../api/routes";\nimport type { ReportingClient } from "../../client";\nexport const all = [toCellValue, dates, routes];\nexport type C = ReportingClient;\n`,
  },
  {
    name: "core at the top of the layer imports api, client and itself",
    filePath: "src/core/allowed.ts",
    code: `import { routes } from "../api/routes";\nimport { transport } from "../client/transport";\nimport { spill } from "./rows/spill-table";\nimport { reportingFunctions } from "./reporting-functions";\nexport const all = [routes, transport, spill, reportingFunctions];\n`,
  },
  {
    name: "office imports core, client, api, itself, and uses Office",
    filePath: "src/office/allowed.ts",
    code: `import { toCellValue } from "../core/cell-values";\nimport { transport } from "../client";\nimport { routes } from "../api";\nimport { host } from "./host";\nimport { runExcel } from "./excel-run";\nexport const all = [toCellValue, transport, routes, host];\nexport const run = () => runExcel(async (context) => {\n  const range = context.workbook.getSelectedRange();\n  range.load("address");\n  await context.sync();\n  return range.address;\n});\n`,
  },
  {
    name: "taskpane imports office, core and itself",
    filePath: "src/taskpane/allowed.ts",
    code: `import { host } from "../office/page-environment";\nimport { periods } from "../core/periods";\nimport { showStatus } from "./status";\nexport const all = [host, periods, showStatus];\n`,
  },
  {
    name: "functions import office and core",
    filePath: "src/functions/allowed.ts",
    code: `import { host } from "../office/page-environment";\nimport { reportingFunctions } from "../core/reporting-functions";\nexport const all = [host, reportingFunctions];\n`,
  },
  {
    name: "emulator imports api and Node built-ins",
    filePath: "src/emulator/allowed.ts",
    code: `import { createServer } from "node:http";\nimport { routes } from "../api/routes";\nexport const all = [createServer, routes];\n`,
  },
  {
    name: "headless imports core, client, api and Node built-ins, and uses process",
    filePath: "src/headless/allowed.ts",
    code: `import { readFileSync } from "node:fs";\nimport { refreshPackage } from "../core/xlsx/package-refresh";\nimport type { FetchLike } from "../client";\nimport { routes } from "../api/routes";\nexport const all = [readFileSync, refreshPackage, routes, process.argv];\nexport type F = FetchLike;\n`,
  },
  {
    name: "office-addins rules do not apply to src/core",
    filePath: "src/core/allowed.ts",
    code: SYNC_IN_LOOP,
  },
];

let results: LintMessage[][];

beforeAll(() => {
  const cases: LintCase[] = [...violations, ...allowed].map(({ filePath, code }) => ({ filePath, code }));
  const run = spawnSync(process.execPath, ["-e", LINT_ALL], {
    cwd: REPO,
    input: JSON.stringify(cases),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`linting the cases failed (${run.status ?? run.signal}): ${run.stderr}`);
  results = JSON.parse(run.stdout) as LintMessage[][];
}, 60_000);

describe("layer rules in eslint.config.mjs", () => {
  it.each(violations.map((violation, index) => [violation.name, violation, index] as const))(
    "flags: %s",
    (_name, violation, index) => {
      const messages = results[index] ?? [];
      expect(messages).toEqual([
        expect.objectContaining({
          ruleId: violation.ruleId,
          severity: violation.severity ?? 2,
          message: expect.stringContaining(violation.mentions),
        }),
      ]);
    },
  );

  it.each(allowed.map((ok, index) => [ok.name, ok, violations.length + index] as const))(
    "allows: %s",
    (_name, _ok, index) => {
      expect(results[index]).toEqual([]);
    },
  );
});
