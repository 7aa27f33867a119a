/**
 * Runs every `bench/*.bench.ts` module in turn (or only those whose names contain one of the
 * command-line arguments). Each module exports `run(): Promise<void>` and prints its own lines;
 * one module at a time, so that they do not compete for the CPU.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

interface BenchModule {
  run(): Promise<void>;
}

const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = readdirSync(here)
    .filter((name) => name.endsWith(".bench.ts"))
    .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
    .sort();
  if (files.length === 0) throw new Error(`no benchmark matches ${filters.join(", ") || "bench/*.bench.ts"}`);
  let failed = 0;
  for (const file of files) {
    console.log(`\n## ${basename(file, ".bench.ts")}`);
    try {
      const module = (await import(pathToFileURL(join(here, file)).href)) as Partial<BenchModule>;
      if (typeof module.run !== "function") throw new Error(`${file} does not export run()`);
      await module.run();
    } catch (error) {
      failed += 1;
      console.error(`${file} failed:`, error);
    }
  }
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
