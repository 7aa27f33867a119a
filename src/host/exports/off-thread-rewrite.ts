import path from "node:path";
import { Worker } from "node:worker_threads";
import type { HeaderStyle } from "../../core/arguments/options";
import type { QuerySheetRow } from "../../core/exports/query-sheet";
import { ExcelExportError } from "../../core/exports/xlsx-export";
import { UpstreamFailure } from "./fetch-export";

export interface RewriteJob {
  bytes: Uint8Array;
  style: HeaderStyle;
  queryRows: readonly QuerySheetRow[];
}

export type RewriteOutcome = { kind: "done"; bytes: Uint8Array } | { kind: "failed"; reason: "load" | "read" };

/**
 * The worker's heap: a 6.7 MB file of 100,000 rows took about 950 MB to rewrite (exceljs holds
 * every cell as an object), so this allows about twice that; a larger file fails alone.
 */
export const REWRITE_HEAP_MB = 2048;

/**
 * The worker beside the code at `moduleFile`: the bundle's file, or, when the server runs from
 * the sources (tests, npm start), the sources' through tsx's require hook (a worker's execArgv
 * cannot take tsx's loader on Node 20).
 */
export function rewriteWorkerOf(moduleFile: string): { script: string; eval: boolean } {
  const dir = path.dirname(moduleFile);
  if (path.extname(moduleFile) !== ".ts") return { script: path.join(dir, "xlsx-rewrite-worker.js"), eval: false };
  const source = JSON.stringify(path.join(dir, "xlsx-rewrite-worker.ts"));
  return {
    script: `const load = require("node:module").createRequire(${source}); load("tsx/cjs/api").register(); load(${source});`,
    eval: true,
  };
}

/** Too large for the worker's heap: the code of an export past --export-memory, said with what to do. */
export function tooLargeToPrepare(): UpstreamFailure {
  return new UpstreamFailure(
    502,
    "export_too_large",
    "This Excel file is too large for the add-in's server to prepare: export CSV instead, or less data (a shorter period or fewer groups).",
  );
}

/**
 * rewriteStatsXlsx in a worker thread of its own, with a heap limit: the server goes on
 * answering while a large file is rewritten, and a file too large for the limit costs its own
 * export, never the server (an out-of-memory in the main thread would end it).
 */
export function rewriteOffThread(job: RewriteJob, options: { heapMb?: number } = {}): Promise<Uint8Array> {
  const worker = rewriteWorkerOf(__filename);
  return new Promise((resolve, reject) => {
    const thread = new Worker(worker.script, {
      eval: worker.eval,
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? REWRITE_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void thread.terminate();
    };
    thread.once("message", (outcome: RewriteOutcome) =>
      settle(() =>
        outcome.kind === "done" ? resolve(outcome.bytes) : reject(new ExcelExportError(outcome.reason, undefined)),
      ),
    );
    thread.once("error", (error: NodeJS.ErrnoException) =>
      settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooLargeToPrepare() : error)),
    );
    thread.once("exit", (code) =>
      settle(() => reject(new Error(`the Excel rewrite's worker ended with code ${code} before it answered`))),
    );
  });
}
