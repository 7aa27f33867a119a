/**
 * The add-in's type check (tsconfig.addin.json, part of npm run lint) knows what Office's web views
 * run and nothing of Node: planted files are type-checked with its settings, so the test fails when
 * Node's types creep back in (a dependency's `/// <reference types="node" />` included) or the
 * library moves past what the oldest web view the manifest admits runs (Safari 14.1).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const REPO = path.resolve(__dirname, "../../..");

/** The compiler's errors for `code`, checked alone with the add-in's settings. */
function addinErrors(code: string): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "addin-tsconfig-"));
  try {
    writeFileSync(path.join(dir, "planted.ts"), code);
    // The planted file sits outside the repository: it finds the add-in's dependencies through paths.
    const paths = {
      "@microsoft/connected-workbooks": [path.join(REPO, "node_modules/@microsoft/connected-workbooks")],
    };
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        extends: path.join(REPO, "tsconfig.addin.json"),
        compilerOptions: { paths },
        include: ["planted.ts"],
      }),
    );
    const result = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", dir], {
      encoding: "utf8",
    });
    return result.stdout.split("\n").filter((line) => line.includes("error TS"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const TIMEOUT_MS = 120_000;

test(
  "accepts code that uses the DOM, Office and what Safari 14.1 runs",
  () => {
    const code = [
      `export const title: string = document.title;`,
      `export const ready: Promise<{ host: Office.HostType | null }> = Office.onReady();`,
      `export const all = Promise.any([Promise.resolve("a")]).then((text) => text.replaceAll("a", "b"));`,
      `export const last = ["a", "b"][1];`,
      "",
    ].join("\n");
    expect(addinErrors(code)).toEqual([]);
  },
  TIMEOUT_MS,
);

test(
  "refuses Node's globals and what came after ES2021 (Array#at, Object.hasOwn)",
  () => {
    // The add-in imports connected-workbooks, whose declarations reference Node's types.
    const lines = [
      `import type * as Workbooks from "@microsoft/connected-workbooks"; export type Manager = typeof Workbooks; export const cwd = process.cwd();`,
      `export const bytes = Buffer.from("x");`,
      `export const last = ["a", "b"].at(-1);`,
      `export const own = Object.hasOwn({}, "a");`,
    ];
    const errors = addinErrors(`${lines.join("\n")}\n`);
    expect(lines.map((_line, index) => errors.some((error) => error.includes(`planted.ts(${index + 1},`)))).toEqual(
      lines.map(() => true),
    );
  },
  TIMEOUT_MS,
);
