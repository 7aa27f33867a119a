/**
 * The formatting check of `npm run lint` (Prettier with the repository's .prettierrc.json), run on
 * planted files: code that is not formatted must fail it and name the file, the same code formatted
 * must pass, so the test fails both when the check stops working and when it stops accepting our
 * style. Prettier runs in a child process, as `npm run lint` runs it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const REPO = path.resolve(__dirname, "../../..");
const PRETTIER = path.join(REPO, "node_modules", "prettier", "bin", "prettier.cjs");
const CONFIG = path.join(REPO, ".prettierrc.json");

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "format-check-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function check(name: string, text: string) {
  const file = path.join(root, name);
  writeFileSync(file, text);
  const run = spawnSync(process.execPath, [PRETTIER, "--check", "--config", CONFIG, file], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the formatting check", () => {
  it("fails code that is not formatted and names its file", () => {
    const { status, output } = check("rows.ts", `export const rows = ( table:{rows:number[]} )=>table.rows.length\n`);
    expect(status).not.toBe(0);
    expect(output).toMatch(/rows\.ts/);
  }, 60_000);

  it("fails a line longer than the print width that it can wrap", () => {
    const long = `export const headers = [${Array.from({ length: 14 }, (_, index) => `"column number ${index}"`).join(", ")}];\n`;
    expect(long.length).toBeGreaterThan(120);
    expect(check("headers.ts", long).status).not.toBe(0);
  }, 60_000);

  it("passes the same code formatted", () => {
    const { status, output } = check(
      "formatted.ts",
      `export const rows = (table: { rows: number[] }) => table.rows.length;\n`,
    );
    expect(output).not.toMatch(/\[warn\]/);
    expect(status).toBe(0);
  }, 60_000);

  it("is part of npm run lint", () => {
    const scripts = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")).scripts as Record<string, string>;
    expect(readFileSync(path.join(REPO, "scripts", "lint.mjs"), "utf8")).toMatch(/"lint:format"/);
    expect(scripts["lint:format"]).toMatch(/prettier --check/);
  });
});
