/**
 * The worker thread that rewrites the service's Excel file for a Mac export
 * (src/host/exports/off-thread-rewrite.ts): exceljs reads the whole file into memory, which
 * takes seconds and hundreds of megabytes for 100,000 rows. Here that blocks no request of the
 * server and, past the worker's heap limit, ends the worker rather than the server.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ExcelExportError, rewriteStatsXlsx } from "../../core/exports/xlsx-export";
import type { RewriteJob, RewriteOutcome } from "./off-thread-rewrite";

const job = workerData as RewriteJob;

function answer(outcome: RewriteOutcome, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(outcome, transfer);
}

rewriteStatsXlsx(job.bytes, job.style, job.queryRows).then(
  (bytes) => answer({ kind: "done", bytes }, [bytes.buffer as ArrayBuffer]),
  (error: unknown) =>
    answer({
      kind: "failed",
      reason: error instanceof ExcelExportError && error.code === "excel_writer_unavailable" ? "load" : "read",
    }),
);
