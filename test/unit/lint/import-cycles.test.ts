/**
 * The cycle check of `npm run lint` (.dependency-cruiser.cjs), run on small planted trees: a
 * cycle must fail it, through a type-only import too, and the same modules without the cycle
 * must pass, so the test fails both when the check stops working and when it catches too much.
 * dependency-cruiser is ESM and slow to start: one child process per tree, as `npm run lint` runs it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const REPO = path.resolve(__dirname, "../../..");
const DEPCRUISE = path.join(REPO, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function plant(name: string, files: Record<string, string>): string {
  const directory = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(directory, file)), { recursive: true });
    writeFileSync(path.join(directory, file), text);
  }
  return directory;
}

function cruise(directory: string) {
  const run = spawnSync(
    process.execPath,
    [DEPCRUISE, directory, "--config", path.join(REPO, ".dependency-cruiser.cjs")],
    { cwd: REPO, encoding: "utf8", timeout: 60_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the import cycle check", () => {
  it("fails a cycle between two modules and names both", () => {
    const { status, output } = cruise(
      plant("cycle", {
        "core/rows.ts": `import { columns } from "./columns";\nexport const rows = () => columns.length;\n`,
        "core/columns.ts": `import { rows } from "./rows";\nexport const columns = [rows];\n`,
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-circular/);
    expect(output).toMatch(/rows\.ts/);
    expect(output).toMatch(/columns\.ts/);
  }, 60_000);

  it("fails a cycle that runs through a type-only import and a third module", () => {
    const { status, output } = cruise(
      plant("type-cycle", {
        "refresh.ts": `import { columnsOf } from "./columns";\nexport interface Data { rows: number }\nexport const refresh = columnsOf;\n`,
        "columns.ts": `import { legacy } from "./legacy";\nexport const columnsOf = () => legacy;\n`,
        "legacy.ts": `import type { Data } from "./refresh";\nexport const legacy: Data = { rows: 1 };\n`,
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-circular/);
    expect(output).toMatch(/legacy\.ts/);
  }, 60_000);

  it("passes the same modules once the shared piece has a module of its own", () => {
    const { status, output } = cruise(
      plant("no-cycle", {
        "data.ts": `export interface Data { rows: number }\n`,
        "refresh.ts": `import { columnsOf } from "./columns";\nexport const refresh = columnsOf;\n`,
        "columns.ts": `import { legacy } from "./legacy";\nexport const columnsOf = () => legacy;\n`,
        "legacy.ts": `import type { Data } from "./data";\nexport const legacy: Data = { rows: 1 };\n`,
      }),
    );
    expect(output).not.toMatch(/no-circular/);
    expect(status).toBe(0);
  }, 60_000);
});
