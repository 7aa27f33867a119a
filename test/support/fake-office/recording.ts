/**
 * How a batch reaches the workbook: like Excel, the object model queues what a batch does and
 * applies it at `context.sync()`, in order, after checking the request's size. Every write is
 * recorded in `state.writes`, every sync in `state.syncs`.
 */
import { richApiError } from "./excel-errors";
import { checkAnswerSize, checkRequestSize, jsonBytes, REQUEST_LIMIT_BYTES, utf8Bytes } from "./limits";
import type { FakeOfficeState, FakeSync, FakeWrite } from "./types";

/** What one Excel.run has queued since its last sync, in order; a read answers with the bytes it returns. */
export type Batch = { bytes: number; apply: () => void | number }[];

export interface Recorder {
  /** Records a write made outside a batch (settings, startup behaviour). */
  record(kind: string, target: string, value: unknown): void;
  /** Records a write a batch applied. */
  commit(write: FakeWrite): void;
  /** Queues a write whose value counts in the request; recorded as is unless `apply` says otherwise. */
  queue(batch: Batch, kind: string, target: string | (() => string), value: unknown, apply?: (copy: any) => void): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Queues a method call with small arguments, applied in order at the sync. */
  call(batch: Batch, args: unknown, apply: () => void | number): void;
}

export function createRecorder(state: FakeOfficeState): Recorder {
  const commit = (write: FakeWrite) => {
    state.writes.push(write);
  };
  return {
    record: (kind, target, value) => {
      // Copied as JSON so that later changes to the caller's arrays cannot rewrite history.
      state.writes.push({ kind, target, value: JSON.parse(JSON.stringify(value ?? null)) });
    },
    commit,
    queue: (batch, kind, target, value, apply) => {
      // Serialised when queued, so that later changes to the caller's arrays cannot rewrite
      // history; the JSON is also what the request would carry.
      const json = JSON.stringify(value ?? null);
      batch.push({
        bytes: utf8Bytes(json) + utf8Bytes(kind) + (typeof target === "string" ? utf8Bytes(target) : 40),
        apply: () => {
          const copy = JSON.parse(json);
          if (apply) apply(copy);
          else commit({ kind, target: typeof target === "string" ? target : target(), value: copy });
        },
      });
    },
    call: (batch, args, apply) => {
      batch.push({ bytes: 40 + jsonBytes(args), apply });
    },
  };
}

/** One `context.sync()`: refused whole over 5 MB; otherwise applied in order until an operation fails. */
export async function syncBatch(state: FakeOfficeState, batch: Batch): Promise<void> {
  const operations = batch.splice(0);
  const bytes = operations.reduce((sum, operation) => sum + operation.bytes, 0);
  const record: FakeSync = { bytes, refused: bytes > REQUEST_LIMIT_BYTES };
  state.syncs.push(record);
  checkRequestSize(bytes);
  let answered = 0;
  for (const operation of operations) {
    let answer: void | number;
    try {
      answer = operation.apply();
    } catch (error) {
      // Excel stops a batch at the operation that fails; what came before it stays done.
      throw (error as { name?: string }).name === "RichApi.Error"
        ? error
        : richApiError("InvalidArgument", (error as Error).message);
    }
    if (typeof answer === "number") answered += answer;
  }
  record.bytes += answered;
  if (answered > REQUEST_LIMIT_BYTES) record.refused = true;
  checkAnswerSize(answered);
}
