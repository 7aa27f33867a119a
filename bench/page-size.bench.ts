/**
 * The JavaScript the add-in page loads: every script taskpane.html loads from a production build
 * (read from the built page, so new chunks count as soon as they exist), minified and gzipped,
 * against the target of at most 250 KB minified in total (about 355 KB when each entry carried
 * its own copy of zod and of the shared code; 338.7 KB before the pane's tabs other than Connect
 * and its rarer actions were loaded on demand, 238 KB after). Office.js is not counted. The build
 * prints the same total (scripts/webpack/page-size.js measures both). The chunks loaded on demand
 * (src/taskpane/shell/tab-parts.ts, tabs/query/action-parts.ts, exceljs) are listed after, not counted.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { measurePage, pageSizeSummary } from "../scripts/webpack/page-size";

const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, "..");
const PAGE = "taskpane.html";

function row(name: string, minified: string, gzipped: string): string {
  return `${name.padEnd(30)} ${minified.padStart(12)} ${gzipped.padStart(12)}`;
}

function bytes(count: number): string {
  return count.toLocaleString("en-US");
}

export async function run(): Promise<void> {
  // Always a production build of its own: dist/ may be a development build or out of date.
  const directory = mkdtempSync(join(tmpdir(), "reporting-page-size-"));
  try {
    await promisify(execFile)(
      join(ROOT, "node_modules", ".bin", "webpack"),
      ["--mode", "production", "--output-path", directory],
      {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = measurePage(readFileSync(join(directory, PAGE), "utf8"), (file) => {
      const path = join(directory, file);
      return existsSync(path) ? readFileSync(path) : undefined;
    });

    console.log(`scripts ${PAGE} loads from a production build, in page order (bytes; gzip -9):`);
    console.log(row("", "minified", "gzipped"));
    for (const script of report.scripts) console.log(row(script.file, bytes(script.bytes), bytes(script.gzipBytes)));
    console.log(row("total", bytes(report.total.bytes), bytes(report.total.gzipBytes)));
    console.log(
      `not counted: ${report.officeJs.join(", ") || "(no Office.js tag)"} — Office.js, Microsoft's, copied from ` +
        "@microsoft/office-js or taken from its CDN, plus the host files it loads itself",
    );
    console.log(pageSizeSummary(report));
    const onPage = new Set(report.scripts.map((script) => script.file));
    const onDemand = readdirSync(directory).filter((file) => file.endsWith(".js") && !onPage.has(file));
    console.log("loaded on demand, not counted (bytes, minified):");
    for (const file of onDemand.sort()) console.log(row(file, bytes(statSync(join(directory, file)).size), ""));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
